import { and, count, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { landingPages, launchKits, leads, users, type LandingPage } from "~/db/schema";
import { firstFreeSlug, slugify, SlugSchema } from "./slug";

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

export function landingPageOf(kitId: string): LandingPage | undefined {
  return getDb().select().from(landingPages).where(eq(landingPages.kitId, kitId)).get();
}

export function pageBySlug(slug: string): LandingPage | undefined {
  return getDb().select().from(landingPages).where(eq(landingPages.slug, slug)).get();
}

/** The page at this address when the public may see it: published and not taken down. */
export function livePageBySlug(slug: string): LandingPage | undefined {
  const page = pageBySlug(slug);
  return page && page.published && !page.takenDownAt ? page : undefined;
}

/** Published pages the founder let search engines index (for the sitemap): live ones only, oldest first. */
export function indexablePages(limit = 10_000): Array<{ slug: string; updatedAt: Date }> {
  return getDb()
    .select({ slug: landingPages.slug, updatedAt: landingPages.updatedAt })
    .from(landingPages)
    .where(and(eq(landingPages.published, true), eq(landingPages.indexable, true), isNull(landingPages.takenDownAt)))
    .orderBy(landingPages.publishedAt)
    .limit(limit)
    .all();
}

function slugTaken(slug: string, exceptKitId?: string) {
  const row = getDb()
    .select({ kitId: landingPages.kitId })
    .from(landingPages)
    .where(exceptKitId ? and(eq(landingPages.slug, slug), ne(landingPages.kitId, exceptKitId)) : eq(landingPages.slug, slug))
    .get();
  return !!row;
}

/** The address offered before a first publish: the business name as a slug, made unique. */
export function suggestedSlug(kitId: string, name: string): string {
  return landingPageOf(kitId)?.slug ?? firstFreeSlug(slugify(name), (s) => slugTaken(s, kitId));
}

export const SLUG_TAKEN_MESSAGE = "That address is already taken. Please choose another one.";
export const TAKEN_DOWN_MESSAGE = "This page was taken down by LaunchKit and can't be published again.";

export type PageResult = { ok: true; page: LandingPage } | { ok: false; message: string; field?: "slug" };

function isUniqueViolation(error: unknown) {
  return error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT");
}

/**
 * Gives the kit's page this address (creating the row on first use). The
 * slug is validated again here (reserved words, format); a slug another
 * page holds is refused with a clear message, also when two founders race
 * for it (the unique index decides).
 */
export function setSlug(kitId: string, rawSlug: string): PageResult {
  const parsed = SlugSchema.safeParse(rawSlug);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, field: "slug" };
  const slug = parsed.data;
  if (slugTaken(slug, kitId)) return { ok: false, message: SLUG_TAKEN_MESSAGE, field: "slug" };
  const before = landingPageOf(kitId);
  try {
    getDb()
      .insert(landingPages)
      .values({ kitId, slug })
      .onConflictDoUpdate({ target: landingPages.kitId, set: { slug, updatedAt: new Date() } })
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: SLUG_TAKEN_MESSAGE, field: "slug" };
    throw error;
  }
  if (before && before.slug !== slug) changed(kitId, before.slug, slug);
  return { ok: true, page: landingPageOf(kitId)! };
}

/** Publishes the kit's page at `slug` (or its current address). A page taken down by an admin stays down. */
export function publishPage(kitId: string, rawSlug: string): PageResult {
  const before = landingPageOf(kitId);
  if (before?.takenDownAt) return { ok: false, message: TAKEN_DOWN_MESSAGE };
  const claimed = setSlug(kitId, rawSlug);
  if (!claimed.ok) return claimed;
  getDb()
    .update(landingPages)
    .set({ published: true, publishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(landingPages.kitId, kitId), sql`${landingPages.takenDownAt} is null`))
    .run();
  changed(kitId, before?.slug, claimed.page.slug);
  return { ok: true, page: landingPageOf(kitId)! };
}

/** Takes the page offline at once: its address answers 404 from the next request. */
export function unpublishPage(kitId: string) {
  const page = landingPageOf(kitId);
  if (!page) return;
  getDb().update(landingPages).set({ published: false, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId)).run();
  changed(kitId, page.slug);
}

export type PageSettings = { indexable: boolean; notifyLeads: boolean; downloadUrl: string | null };

export function updatePageSettings(kitId: string, name: string, settings: PageSettings): LandingPage | null {
  // A page needs its row (its address) first; another founder may take that address in the meantime.
  if (!landingPageOf(kitId) && !setSlug(kitId, suggestedSlug(kitId, name)).ok) return null;
  getDb()
    .update(landingPages)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(landingPages.kitId, kitId))
    .run();
  const page = landingPageOf(kitId)!;
  changed(kitId, page.slug);
  return page;
}

// ---- admin --------------------------------------------------------------------

/** An admin takes a page down: offline at once, not re-publishable by its founder, who sees the reason. */
export function takeDownPage(kitId: string, reason: string): boolean {
  const page = landingPageOf(kitId);
  if (!page) return false;
  getDb()
    .update(landingPages)
    .set({ published: false, takenDownAt: new Date(), takedownReason: reason, updatedAt: new Date() })
    .where(eq(landingPages.kitId, kitId))
    .run();
  changed(kitId, page.slug);
  return true;
}

/** Lifts a takedown: the founder may publish again (the page stays offline until they do). */
export function restorePage(kitId: string): boolean {
  const page = landingPageOf(kitId);
  if (!page) return false;
  getDb().update(landingPages).set({ takenDownAt: null, takedownReason: null, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId)).run();
  changed(kitId, page.slug);
  return true;
}

export const ADMIN_PAGES_PAGE_SIZE = 50;

/** Published and taken-down pages with their owner and lead count, newest first (admin). */
export function listPublicPages(page: number, pageSize = ADMIN_PAGES_PAGE_SIZE) {
  const db = getDb();
  const where = sql`(${landingPages.published} = 1 or ${isNotNull(landingPages.takenDownAt)})`;
  const rows = db
    .select({
      kitId: landingPages.kitId,
      slug: landingPages.slug,
      published: landingPages.published,
      publishedAt: landingPages.publishedAt,
      takenDownAt: landingPages.takenDownAt,
      takedownReason: landingPages.takedownReason,
      ownerEmail: users.email,
      brandName: sql<string | null>`(select json_extract(content, '$.name') from kit_assets where kit_id = ${landingPages.kitId} and kind = 'brand')`,
      leads: sql<number>`(select count(*) from leads where kit_id = ${landingPages.kitId})`,
    })
    .from(landingPages)
    .innerJoin(launchKits, eq(launchKits.id, landingPages.kitId))
    .innerJoin(users, eq(users.id, launchKits.userId))
    .where(where)
    .orderBy(desc(landingPages.updatedAt), desc(landingPages.kitId))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(landingPages).where(where).get()?.n ?? 0;
  return { rows, total };
}

// ---- leads --------------------------------------------------------------------

export type NewLead = { email: string; name?: string | null; preferredTime?: string | null };

/** Stores a sign-up once per page and e-mail (lower-cased). `created` is false for a repeat. */
export function addLead(kitId: string, lead: NewLead): { created: boolean } {
  const result = getDb()
    .insert(leads)
    .values({ id: crypto.randomUUID(), kitId, email: lead.email.trim().toLowerCase(), name: lead.name || null, preferredTime: lead.preferredTime || null })
    .onConflictDoNothing({ target: [leads.kitId, leads.email] })
    .run();
  return { created: result.changes > 0 };
}

export function leadCount(kitId: string): number {
  return getDb().select({ n: count() }).from(leads).where(eq(leads.kitId, kitId)).get()?.n ?? 0;
}

export const LEADS_PAGE_SIZE = 25;

/** A page of a kit's leads, newest first (uses leads_kit_created_idx). */
export function leadsOfKit(kitId: string, page: number, pageSize = LEADS_PAGE_SIZE) {
  return getDb()
    .select({ id: leads.id, email: leads.email, name: leads.name, preferredTime: leads.preferredTime, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .all();
}

/** Every lead of a kit, newest first, as rows of the CSV. */
export function allLeadsOfKit(kitId: string) {
  return getDb()
    .select({ email: leads.email, name: leads.name, preferredTime: leads.preferredTime, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .all();
}

/** The kit's owner (for the optional e-mail per new lead). */
export function pageOwner(kitId: string) {
  return getDb()
    .select({ email: users.email, name: users.name })
    .from(launchKits)
    .innerJoin(users, eq(users.id, launchKits.userId))
    .where(eq(launchKits.id, kitId))
    .get();
}
