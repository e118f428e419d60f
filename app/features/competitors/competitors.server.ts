import { toOneLine } from "~/platform/text/text";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { first, getDb, isUniqueViolation, lockInTransaction, transaction } from "~/platform/db/client.server";
import { competitorChanges, competitorPages, competitors, type CompetitorPageState, type CompetitorQuote } from "~/platform/db/schema";
import { getAsset } from "~/kit/assets/assets.server";
import { ResearchContentSchema } from "~/kit/assets/research/schema";
import { LABEL_MAX, MAX_COMPETITORS, MAX_PAGES, NAME_MAX } from "./limits";
import { checkCompetitorUrl } from "~/platform/fetch/safe-fetch.server";

/**
 * The competitors a Pro founder watches for one kit (decision
 * 029): at most MAX_COMPETITORS a kit and MAX_PAGES pages each, both held in
 * a transaction that takes the kit's lock first, so two requests at once
 * cannot both take the last place. Reading the pages is app/features/competitors/
 * watch.server.ts; this module only keeps the list.
 */

export { LABEL_MAX, MAX_COMPETITORS, MAX_PAGES, NAME_MAX };

export type Refused = { ok: false; status: 400 | 404 | 409; message: string };
export type Added = { ok: true; id: string };

const lockKey = (kitId: string) => `competitors:${kitId}`;

/** A URL the fetcher accepts (http/https, ports 80/443, no private address written in it), normalised; else the message. */
export const pageUrl = (input: string) => checkCompetitorUrl(input);

/** A competitor and (optionally) its first page, in one transaction: nothing is half written. */
export async function addCompetitor(kitId: string, name: string, page?: { url: string; label: string }): Promise<(Added & { pageId: string | null }) | Refused> {
  const cleanName = oneLineName(name);
  if (!cleanName) return { ok: false, status: 400, message: "Enter the competitor's name." };
  if (cleanName.length > NAME_MAX) return { ok: false, status: 400, message: `Keep the name under ${NAME_MAX} characters.` };
  let url: string | null = null;
  if (page) {
    const checked = pageUrl(page.url);
    if (!checked.ok) return { ok: false, status: 400, message: checked.message };
    url = checked.url;
  }
  try {
    return await transaction(async (tx) => {
      await lockInTransaction(tx, lockKey(kitId));
      const [row] = await tx.select({ n: count() }).from(competitors).where(eq(competitors.kitId, kitId));
      if ((row?.n ?? 0) >= MAX_COMPETITORS) return { ok: false, status: 409, message: `You already watch ${MAX_COMPETITORS} competitors: remove one to add another.` } as Refused;
      const existing = await tx.select({ name: competitors.name }).from(competitors).where(eq(competitors.kitId, kitId));
      if (existing.some((c) => sameName(c.name, cleanName))) return { ok: false, status: 409, message: `You already watch ${cleanName}.` } as Refused;
      const id = crypto.randomUUID();
      await tx.insert(competitors).values({ id, kitId, name: cleanName });
      let pageId: string | null = null;
      if (url && page) {
        pageId = crypto.randomUUID();
        await tx.insert(competitorPages).values({ id: pageId, competitorId: id, kitId, url, label: cleanLabel(page.label, url) });
      }
      return { ok: true, id, pageId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: `You already watch ${cleanName}.` };
    throw error;
  }
}

/** Names and labels go into the timeline, the digest, the PDF and prompts: one line, no control, bidi or zero-width characters. */
function oneLineName(value: string) {
  return toOneLine(value).replace(/[\u200b-\u200d\u2060\ufeff]/g, "").trim().replace(/\s+/g, " ");
}

/** Two names of the same competitor: case, compatibility forms and invisible characters aside. */
function sameName(a: string, b: string) {
  const norm = (s: string) => oneLineName(s).normalize("NFKC").toLowerCase();
  return norm(a) === norm(b);
}

/** "home", "pricing"… as typed, else a label read from the URL's path. */
function cleanLabel(label: string, url: string) {
  const typed = oneLineName(label).slice(0, LABEL_MAX);
  if (typed) return typed;
  const path = new URL(url).pathname.replace(/\/+$/, "");
  const last = path.split("/").pop() ?? "";
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape ("%E0%A4") is kept as written.
  }
  return (last ? oneLineName(decoded.replace(/[-_]+/g, " ")).slice(0, LABEL_MAX) : "home") || "home";
}

/** A page of a competitor of this kit (404 when the competitor is not this kit's). */
export async function addPage(kitId: string, competitorId: string, input: { url: string; label: string }): Promise<Added | Refused> {
  const checked = pageUrl(input.url);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  const url = checked.url;
  if (input.label.trim().length > LABEL_MAX) return { ok: false, status: 400, message: `Keep the page's name under ${LABEL_MAX} characters.` };
  try {
    return await transaction(async (tx) => {
      await lockInTransaction(tx, lockKey(kitId));
      const owner = await first(tx.select({ id: competitors.id }).from(competitors).where(and(eq(competitors.id, competitorId), eq(competitors.kitId, kitId))));
      if (!owner) return { ok: false, status: 404, message: "That competitor is not on your list (it may have been removed)." } as Refused;
      const pages = await tx.select({ url: competitorPages.url }).from(competitorPages).where(eq(competitorPages.competitorId, competitorId));
      if (pages.some((p) => p.url === url)) return { ok: false, status: 409, message: "You already watch that page." } as Refused;
      if (pages.length >= MAX_PAGES) return { ok: false, status: 409, message: `You already watch ${MAX_PAGES} pages of this competitor: remove one to add another.` } as Refused;
      const id = crypto.randomUUID();
      await tx.insert(competitorPages).values({ id, competitorId, kitId, url, label: cleanLabel(input.label, url) });
      return { ok: true, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: "You already watch that page." };
    throw error;
  }
}

/** Removes a competitor with its pages and changes; false when it is not this kit's. */
export async function removeCompetitor(kitId: string, competitorId: string): Promise<boolean> {
  const rows = await getDb().delete(competitors).where(and(eq(competitors.id, competitorId), eq(competitors.kitId, kitId))).returning({ id: competitors.id });
  return rows.length > 0;
}

/** Removes one watched page (its changes go with it); false when it is not this kit's. */
export async function removePage(kitId: string, pageId: string): Promise<boolean> {
  const rows = await getDb().delete(competitorPages).where(and(eq(competitorPages.id, pageId), eq(competitorPages.kitId, kitId))).returning({ id: competitorPages.id });
  return rows.length > 0;
}

export type WatchedPage = {
  id: string;
  url: string;
  label: string;
  state: CompetitorPageState;
  lastError: string | null;
  lastCheckedAt: Date | null;
  lastChangedAt: Date | null;
};
export type WatchedChange = { id: string; pageId: string; pageLabel: string; pageUrl: string; summary: string; importance: string; quotes: CompetitorQuote[]; createdAt: Date };
export type WatchedCompetitor = { id: string; name: string; pages: WatchedPage[]; changes: WatchedChange[] };

/** Every competitor of a kit with its pages and its changes (newest first): the section's timeline. */
export async function watchList(kitId: string, changesEach = 20): Promise<WatchedCompetitor[]> {
  const db = getDb();
  const list = await db.select({ id: competitors.id, name: competitors.name }).from(competitors).where(eq(competitors.kitId, kitId)).orderBy(asc(competitors.createdAt), asc(competitors.name));
  const pages = await db
    .select({
      id: competitorPages.id,
      competitorId: competitorPages.competitorId,
      url: competitorPages.url,
      label: competitorPages.label,
      state: competitorPages.state,
      lastError: competitorPages.lastError,
      lastCheckedAt: competitorPages.lastCheckedAt,
      lastChangedAt: competitorPages.lastChangedAt,
    })
    .from(competitorPages)
    .where(eq(competitorPages.kitId, kitId))
    .orderBy(asc(competitorPages.createdAt), asc(competitorPages.url));
  const changes = await db
    .select({
      id: competitorChanges.id,
      competitorId: competitorChanges.competitorId,
      pageId: competitorChanges.pageId,
      summary: competitorChanges.summary,
      importance: competitorChanges.importance,
      quotes: competitorChanges.quotes,
      createdAt: competitorChanges.createdAt,
    })
    .from(competitorChanges)
    .where(eq(competitorChanges.kitId, kitId))
    .orderBy(desc(competitorChanges.createdAt));
  const pageById = new Map(pages.map((p) => [p.id, p]));
  return list.map((c) => ({
    id: c.id,
    name: c.name,
    pages: pages.filter((p) => p.competitorId === c.id).map(({ competitorId: _, ...p }) => p),
    changes: changes
      .filter((ch) => ch.competitorId === c.id)
      .slice(0, changesEach)
      .map(({ competitorId: _, ...ch }) => ({ ...ch, pageLabel: pageById.get(ch.pageId)?.label ?? "", pageUrl: pageById.get(ch.pageId)?.url ?? "" })),
  }));
}

export type Suggestion = { name: string; website: string | null };

/** Competitors of the kit's research snapshot not watched yet (their website when the research had one from the web). */
export async function suggestions(kitId: string, watched: Array<{ name: string }>): Promise<Suggestion[]> {
  const row = await getAsset(kitId, "research");
  if (!row || row.version === 0 || row.content == null) return [];
  const parsed = ResearchContentSchema.safeParse(row.content);
  if (!parsed.success) return [];
  const taken = new Set(watched.map((w) => w.name.toLowerCase()));
  return parsed.data.competitors
    // The built-in research names kinds of alternatives ("Local salons (category)", "Doing it themselves (category)"): no one to watch.
    .filter((c) => !/\(category\)\s*$/i.test(c.name))
    .filter((c) => !taken.has(c.name.trim().toLowerCase()))
    .map((c) => ({ name: c.name.trim().slice(0, NAME_MAX), website: c.website && checkCompetitorUrl(c.website).ok ? c.website : null }));
}

/** The pages of a kit (for its "Check now"). */
export async function pagesOfKit(kitId: string) {
  return getDb().select({ id: competitorPages.id }).from(competitorPages).where(eq(competitorPages.kitId, kitId)).orderBy(asc(competitorPages.createdAt));
}
