import crypto from "node:crypto";
import { and, count, desc, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { changes, dialect, first, getDb, isUniqueViolation, prepared } from "~/platform/db/client.server";
import { landingPages, launchKits, leads, reservedSlugs, users, type LandingPage } from "~/platform/db/schema";
import { ctaKind } from "./schema";
import { firstFreeSlugAsync, slugify, SlugSchema } from "./slug";

/**
 * The published-page rows (landing_pages): the public address and state of a
 * kit's landing page. The page's content is the `landing` asset; publishing
 * never copies it, so an edit shows on the live page at once (the page cache
 * is told, see public.server.ts). A row exists once the founder has published
 * or chosen an address.
 */

type Listener = (change: { kitId: string; slugs: string[] }) => void;
const listeners = new Set<Listener>();

/** The public page of a kit changed (published, unpublished, moved, taken down): its cached copies must go. */
export function onPageChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(kitId: string, ...slugs: Array<string | null | undefined>) {
  const list = [...new Set(slugs.filter((s): s is string => !!s))];
  for (const l of listeners) l({ kitId, slugs: list });
}

export async function landingPageOf(kitId: string): Promise<LandingPage | undefined> {
  // Prepared once: the workspace's sections and the page's own routes read it on every request.
  return first(prepared("landing_page_of_kit", () => getDb().select().from(landingPages).where(eq(landingPages.kitId, sql.placeholder("kitId")))).execute({ kitId }));
}

/** The page with this stable id (what lead forms post to), whatever its address now. */
export async function pageById(pageId: string): Promise<LandingPage | undefined> {
  return first(getDb().select().from(landingPages).where(eq(landingPages.pageId, pageId)));
}

export async function pageBySlug(slug: string): Promise<LandingPage | undefined> {
  return first(getDb().select().from(landingPages).where(eq(landingPages.slug, slug)));
}

/** The page at this address when the public may see it: published and not taken down. */
export async function livePageBySlug(slug: string): Promise<LandingPage | undefined> {
  const page = await pageBySlug(slug);
  return page && page.published && !page.takenDownAt ? page : undefined;
}

/** Published pages the founder let search engines index (for the sitemap): live ones only, oldest first. */
export async function indexablePages(limit = 10_000): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return getDb()
    .select({ slug: landingPages.slug, updatedAt: landingPages.updatedAt })
    .from(landingPages)
    .where(and(eq(landingPages.published, true), eq(landingPages.indexable, true), isNull(landingPages.takenDownAt)))
    .orderBy(landingPages.publishedAt)
    .limit(limit);
}

/** How long a slug given up stays its last owner's: links, downloaded pages and visitors still use it. */
export const SLUG_RESERVED_MS = 365 * 24 * 60 * 60 * 1000;

async function ownerOf(kitId: string): Promise<string | undefined> {
  return (await first(getDb().select({ userId: launchKits.userId }).from(launchKits).where(eq(launchKits.id, kitId))))?.userId;
}

/** Keeps `slug` for `userId` (a page moved away from it, or its kit is being deleted). */
async function reserveSlug(slug: string, userId: string, now = new Date()) {
  const releasedUntil = new Date(now.getTime() + SLUG_RESERVED_MS);
  await getDb()
    .insert(reservedSlugs)
    .values({ slug, userId, releasedUntil })
    .onConflictDoUpdate({ target: reservedSlugs.slug, set: { userId, releasedUntil } });
}

/** Before a kit is deleted: its page's address stays its owner's (the page row goes with the kit). */
export async function reserveSlugOfKit(kitId: string) {
  const page = await landingPageOf(kitId);
  const userId = page && (await ownerOf(kitId));
  if (page && userId) await reserveSlug(page.slug, userId);
}

/** A slug another account gave up recently: not free for this kit's owner. */
async function reservedForOther(slug: string, kitId: string): Promise<boolean> {
  const row = await first(getDb().select().from(reservedSlugs).where(eq(reservedSlugs.slug, slug)));
  if (!row || row.releasedUntil.getTime() <= Date.now()) return false;
  return row.userId !== (await ownerOf(kitId));
}

async function slugTaken(slug: string, exceptKitId?: string) {
  if (exceptKitId && (await reservedForOther(slug, exceptKitId))) return true;
  const row = await first(
    getDb()
      .select({ kitId: landingPages.kitId })
      .from(landingPages)
      .where(exceptKitId ? and(eq(landingPages.slug, slug), ne(landingPages.kitId, exceptKitId)) : eq(landingPages.slug, slug))
      .limit(1),
  );
  return !!row;
}

/** The address offered before a first publish: the business name as a slug, made unique. */
export async function suggestedSlug(kitId: string, name: string): Promise<string> {
  return (await landingPageOf(kitId))?.slug ?? firstFreeSlugAsync(slugify(name), (s) => slugTaken(s, kitId));
}

export const SLUG_TAKEN_MESSAGE = "That address is already taken. Please choose another one.";
export const TAKEN_DOWN_MESSAGE = "This page was taken down by LaunchKit and can't be published again.";

export const DOWNLOAD_LINK_MESSAGE = "Add your download link under Settings before you publish: the thank-you page gives it to everyone who signs up.";

export type PageResult = { ok: true; page: LandingPage } | { ok: false; message: string; field?: "slug"; needs?: "download-link" };

/** A web address a visitor can follow (what the settings form accepts): a page may only promise a download with one. */
export function hasDownloadLink(page: Pick<LandingPage, "downloadUrl"> | undefined | null): boolean {
  try {
    return !!page?.downloadUrl && /^https?:$/.test(new URL(page.downloadUrl).protocol);
  } catch {
    return false;
  }
}

async function goalOf(kitId: string): Promise<string | undefined> {
  return (await first(getDb().select({ goal: launchKits.primaryGoal }).from(launchKits).where(eq(launchKits.id, kitId))))?.goal;
}

/**
 * Gives the kit's page this address (creating the row on first use). The
 * slug is validated again here (reserved words, format); a slug another
 * page holds is refused with a clear message, also when two founders race
 * for it (the unique index decides).
 */
export async function setSlug(kitId: string, rawSlug: string): Promise<PageResult> {
  const parsed = SlugSchema.safeParse(rawSlug);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, field: "slug" };
  const slug = parsed.data;
  if (await slugTaken(slug, kitId)) return { ok: false, message: SLUG_TAKEN_MESSAGE, field: "slug" };
  const before = await landingPageOf(kitId);
  try {
    await getDb()
      .insert(landingPages)
      .values({ kitId, slug, pageId: newPageId() })
      .onConflictDoUpdate({ target: landingPages.kitId, set: { slug, updatedAt: new Date() } });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: SLUG_TAKEN_MESSAGE, field: "slug" };
    throw error;
  }
  if (before && before.slug !== slug) {
    const userId = await ownerOf(kitId);
    if (userId) await reserveSlug(before.slug, userId);
    changed(kitId, before.slug, slug);
  }
  return { ok: true, page: (await landingPageOf(kitId))! };
}

const newPageId = () => crypto.randomBytes(12).toString("base64url");

/**
 * The kit's page row, created with its suggested address and a stable id when
 * it has none (called when the landing page is written, and before a download
 * of a kit made before ids existed): a downloaded copy's form must post to an
 * id that is this page's for good.
 */
export async function ensurePage(kitId: string, name: string): Promise<LandingPage | undefined> {
  const page = await landingPageOf(kitId);
  if (page) return page;
  for (let i = 0; i < 3; i++) {
    const claimed = await setSlug(kitId, await suggestedSlug(kitId, name));
    if (claimed.ok) return claimed.page;
  }
  return landingPageOf(kitId);
}

/**
 * Publishes the kit's page at `slug` (or its current address). A page taken
 * down by an admin stays down; a downloads page waits for its download link
 * (its thank-you page would promise a download it can't give).
 */
export async function publishPage(kitId: string, rawSlug: string): Promise<PageResult> {
  const before = await landingPageOf(kitId);
  if (before?.takenDownAt) return { ok: false, message: TAKEN_DOWN_MESSAGE };
  if (ctaKind((await goalOf(kitId)) ?? "") === "download" && !hasDownloadLink(before)) return { ok: false, message: DOWNLOAD_LINK_MESSAGE, needs: "download-link" };
  const claimed = await setSlug(kitId, rawSlug);
  if (!claimed.ok) return claimed;
  await getDb()
    .update(landingPages)
    .set({ published: true, publishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(landingPages.kitId, kitId), isNull(landingPages.takenDownAt)));
  changed(kitId, before?.slug, claimed.page.slug);
  return { ok: true, page: (await landingPageOf(kitId))! };
}

/** Takes the page offline at once: its address answers 404 from the next request. */
export async function unpublishPage(kitId: string) {
  const page = await landingPageOf(kitId);
  if (!page) return;
  await getDb().update(landingPages).set({ published: false, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId));
  changed(kitId, page.slug);
}

export type PageSettings = { indexable: boolean; notifyLeads: boolean; downloadUrl: string | null; pressRole?: string | null };

export async function updatePageSettings(kitId: string, name: string, settings: PageSettings): Promise<LandingPage | null> {
  // A page needs its row (its address) first; another founder may take that address in the meantime.
  if (!(await landingPageOf(kitId)) && !(await setSlug(kitId, await suggestedSlug(kitId, name))).ok) return null;
  await getDb()
    .update(landingPages)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(landingPages.kitId, kitId));
  const page = (await landingPageOf(kitId))!;
  changed(kitId, page.slug);
  return page;
}

// ---- admin --------------------------------------------------------------------

/** An admin takes a page down: offline at once, not re-publishable by its founder, who sees the reason. */
export async function takeDownPage(kitId: string, reason: string): Promise<boolean> {
  const page = await landingPageOf(kitId);
  if (!page) return false;
  await getDb()
    .update(landingPages)
    .set({ published: false, takenDownAt: new Date(), takedownReason: reason, updatedAt: new Date() })
    .where(eq(landingPages.kitId, kitId));
  changed(kitId, page.slug);
  return true;
}

/** Lifts a takedown: the founder may publish again (the page stays offline until they do). */
export async function restorePage(kitId: string): Promise<boolean> {
  const page = await landingPageOf(kitId);
  if (!page) return false;
  await getDb().update(landingPages).set({ takenDownAt: null, takedownReason: null, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId));
  changed(kitId, page.slug);
  return true;
}

export const ADMIN_PAGES_PAGE_SIZE = 50;

/** Published and taken-down pages with their owner and lead count, newest first (admin). */
export async function listPublicPages(page: number, pageSize = ADMIN_PAGES_PAGE_SIZE) {
  const db = getDb();
  const where = or(eq(landingPages.published, true), isNotNull(landingPages.takenDownAt));
  const brandName =
    dialect() === "postgres"
      ? sql<string | null>`(select content ->> 'name' from kit_assets where kit_id = ${landingPages.kitId} and kind = 'brand')`
      : sql<string | null>`(select json_extract(content, '$.name') from kit_assets where kit_id = ${landingPages.kitId} and kind = 'brand')`;
  const rows = await db
    .select({
      kitId: landingPages.kitId,
      slug: landingPages.slug,
      published: landingPages.published,
      publishedAt: landingPages.publishedAt,
      takenDownAt: landingPages.takenDownAt,
      takedownReason: landingPages.takedownReason,
      ownerEmail: users.email,
      brandName,
      leads: sql<number>`(select count(*) from leads where kit_id = ${landingPages.kitId})`.mapWith(Number),
    })
    .from(landingPages)
    .innerJoin(launchKits, eq(launchKits.id, landingPages.kitId))
    .innerJoin(users, eq(users.id, launchKits.userId))
    .where(where)
    .orderBy(desc(landingPages.updatedAt), desc(landingPages.kitId))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  const total = (await first(db.select({ n: count() }).from(landingPages).where(where)))?.n ?? 0;
  return { rows, total };
}

// ---- leads --------------------------------------------------------------------

export type NewLead = {
  email: string;
  name?: string | null;
  /** A callback's number (book calls). */
  phone?: string | null;
  preferredTime?: string | null;
  /** A class or camp's booking: the day asked for (YYYY-MM-DD) and how many places. */
  bookingDate?: string | null;
  partySize?: number | null;
  /** Where the visitor came from and the experiment variant they saw (app/features/analytics), when known. */
  source?: string | null;
  variant?: string | null;
};

/** Stores a sign-up once per page and e-mail (lower-cased). `created` is false for a repeat. */
export async function addLead(kitId: string, lead: NewLead): Promise<{ created: boolean }> {
  const result = await getDb()
    .insert(leads)
    .values({
      id: crypto.randomUUID(),
      kitId,
      email: lead.email.trim().toLowerCase(),
      name: lead.name || null,
      phone: lead.phone || null,
      preferredTime: lead.preferredTime || null,
      bookingDate: lead.bookingDate || null,
      partySize: lead.partySize ?? null,
      source: lead.source ?? null,
      variant: lead.variant ?? null,
    })
    .onConflictDoNothing({ target: [leads.kitId, leads.email] });
  return { created: changes(result) > 0 };
}

export async function leadCount(kitId: string): Promise<number> {
  return (await first(getDb().select({ n: count() }).from(leads).where(eq(leads.kitId, kitId))))?.n ?? 0;
}

export const LEADS_PAGE_SIZE = 25;

/** A page of a kit's leads, newest first (uses leads_kit_created_idx). */
export async function leadsOfKit(kitId: string, page: number, pageSize = LEADS_PAGE_SIZE) {
  return getDb()
    .select({ id: leads.id, email: leads.email, name: leads.name, phone: leads.phone, preferredTime: leads.preferredTime, bookingDate: leads.bookingDate, partySize: leads.partySize, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
}

/** Every lead of a kit, newest first, as rows of the CSV. */
export async function allLeadsOfKit(kitId: string) {
  return getDb()
    .select({ email: leads.email, name: leads.name, phone: leads.phone, preferredTime: leads.preferredTime, bookingDate: leads.bookingDate, partySize: leads.partySize, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
}

/** The kit's owner (for the optional e-mail per new lead). */
export async function pageOwner(kitId: string) {
  return first(
    getDb()
      .select({ email: users.email, name: users.name })
      .from(launchKits)
      .innerJoin(users, eq(users.id, launchKits.userId))
      .where(eq(launchKits.id, kitId)),
  );
}
