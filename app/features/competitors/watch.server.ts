import { and, asc, eq, isNull } from "drizzle-orm";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { changes, first, getDb, transaction } from "~/platform/db/client.server";
import { competitorChanges, competitorPages, competitors, launchKits, users, type CompetitorPageState } from "~/platform/db/schema";
import { getKit } from "~/kit/kits.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { isoWeek } from "~/platform/jobs/schedule.server";
import { logError } from "~/platform/log.server";
import { detectChanges } from "./changes";
import { sendDigests, type DigestOutcome } from "./digest.server";
import { mainText } from "./extract.server";
import { fetchPage, type FetchOutcome } from "~/platform/fetch/safe-fetch.server";
import { summarizeChange } from "./summarize.server";

/**
 * Checking watched pages (decision 029): fetch (the safe fetcher)
 * → main text → what changed since the last copy, noise filtered → "what
 * changed and why it matters" → stored. A page that cannot be read keeps
 * its last copy and says why (state and last_error); one that shows no text
 * without a browser is flagged needs_browser. The weekly schedule checks
 * every page of every kit whose owner is Pro (or an admin), then sends the
 * digests; pages of other owners are skipped, not deleted.
 */

export type FetchOptions = { timeoutMs?: number; maxBytes?: number };
export type PageCheck = { pageId: string; state: CompetitorPageState | "gone"; changeId: string | null; message: string | null };

/** Pro features: the effective plan Pro, or an admin. */
export async function canWatch(user: { id: string; role?: string | null }): Promise<boolean> {
  if (user.role === "admin") return true;
  return (await entitlementsFor(user.id)).effectivePlan === "pro";
}

const STATE_OF: Record<Extract<FetchOutcome, { ok: false }>["reason"], CompetitorPageState> = {
  invalid: "blocked",
  blocked: "blocked",
  robots: "blocked",
  too_large: "failed",
  timeout: "failed",
  http: "failed",
  network: "failed",
  not_html: "failed",
};

export const NEEDS_BROWSER_MESSAGE = "This page shows no text without a browser running its scripts, so it can't be read without a browser.";

/**
 * Reads one page now and stores what it found: the first readable copy is
 * the baseline (no change); later copies are compared with the last one.
 * The page's row is updated only if nobody checked it in the meantime (the
 * condition on last_checked_at), in the transaction that stores the change,
 * so two checks at once store one change, and a page deleted mid-way (its
 * kit deleted) stores nothing.
 */
export async function checkPage(pageId: string, { now = new Date(), signal, fetch: fetchOptions = {} }: { now?: Date; signal?: AbortSignal; fetch?: FetchOptions } = {}): Promise<PageCheck> {
  const page = await first(getDb().select().from(competitorPages).where(eq(competitorPages.id, pageId)));
  if (!page) return { pageId, state: "gone", changeId: null, message: null };
  const competitor = await first(getDb().select({ name: competitors.name }).from(competitors).where(eq(competitors.id, page.competitorId)));
  const kit = await getKit(page.kitId);
  if (!competitor || !kit) return { pageId, state: "gone", changeId: null, message: null };
  const unchanged = page.lastCheckedAt ? eq(competitorPages.lastCheckedAt, page.lastCheckedAt) : isNull(competitorPages.lastCheckedAt);
  const store = async (set: Partial<typeof competitorPages.$inferInsert>, change?: typeof competitorChanges.$inferInsert): Promise<boolean> =>
    transaction(async (tx) => {
      const updated = await tx
        .update(competitorPages)
        .set({ ...set, lastCheckedAt: now })
        .where(and(eq(competitorPages.id, pageId), unchanged));
      if (changes(updated) !== 1) return false;
      if (change) await tx.insert(competitorChanges).values(change);
      return true;
    });

  const fetched = await fetchPage(page.url, { signal, ...fetchOptions });
  if (!fetched.ok) {
    const state = STATE_OF[fetched.reason] ?? "failed";
    await store({ state, lastError: fetched.message });
    return { pageId, state, changeId: null, message: fetched.message };
  }
  const read = mainText(fetched.body, fetched.url);
  if (read.needsBrowser || !read.text.trim()) {
    await store({ state: "needs_browser", lastError: NEEDS_BROWSER_MESSAGE });
    return { pageId, state: "needs_browser", changeId: null, message: NEEDS_BROWSER_MESSAGE };
  }
  if (page.lastText === null) {
    // The baseline: every line of it is "seen", nothing is news.
    const { seenLines } = detectChanges("", read.text, page.seenLines ?? []);
    const stored = await store({ state: "ok", lastError: null, lastText: read.text, seenLines });
    return { pageId, state: stored ? "ok" : "gone", changeId: null, message: null };
  }
  const found = detectChanges(page.lastText, read.text, page.seenLines ?? []);
  let change: typeof competitorChanges.$inferInsert | undefined;
  if (found.added.length || found.removed.length) {
    const written = await summarizeChange(kit, { competitor: competitor.name, page: page.label || new URL(page.url).pathname, added: found.added, removed: found.removed, context: found.context }, signal);
    if (written) {
      change = {
        id: crypto.randomUUID(),
        kitId: page.kitId,
        competitorId: page.competitorId,
        pageId,
        period: isoWeek(now),
        summary: written.summary,
        quotes: written.quotes,
        importance: written.importance,
        createdAt: now,
      };
    }
  }
  const stored = await store({ state: "ok", lastError: null, lastText: read.text, seenLines: found.seenLines, ...(change ? { lastChangedAt: now } : {}) }, change);
  return { pageId, state: stored ? "ok" : "gone", changeId: stored && change ? change.id : null, message: null };
}

/** Checks the pages one after another (the fetcher keeps one request per host at a time anyway). */
export async function checkPages(pageIds: string[], opts: { now?: Date; signal?: AbortSignal; fetch?: FetchOptions } = {}): Promise<PageCheck[]> {
  const results: PageCheck[] = [];
  for (const id of pageIds) {
    if (opts.signal?.aborted) break;
    try {
      results.push(await checkPage(id, opts));
    } catch (error) {
      if (opts.signal?.aborted) break;
      logError("competitor page check failed", error, { pageId: id });
      results.push({ pageId: id, state: "failed", changeId: null, message: "The check failed unexpectedly; it runs again next week." });
    }
  }
  return results;
}

/** "Check now": at most once an hour per kit, on every instance together. */
export const CHECK_NOW_WINDOW_MS = 60 * 60 * 1000;
/** A page added is read at once (its baseline) up to 20 times an hour per kit; past that it waits for the next check. */
export const firstReadLimiter = new RateLimiter({ name: "competitor-first-read", limit: 20, windowMs: CHECK_NOW_WINDOW_MS });
export const checkNowLimiter = new RateLimiter({ name: "competitor-check-now", limit: 1, windowMs: CHECK_NOW_WINDOW_MS });
export const CHECK_NOW_LIMITED = "You checked these pages less than an hour ago: the next check is possible an hour after the last one (and the weekly check runs on its own).";

export async function checkKitNow(kitId: string, opts: { signal?: AbortSignal; fetch?: FetchOptions } = {}): Promise<{ ok: true; results: PageCheck[] } | { ok: false; message: string }> {
  const pages = await getDb().select({ id: competitorPages.id }).from(competitorPages).where(eq(competitorPages.kitId, kitId)).orderBy(asc(competitorPages.createdAt));
  if (!pages.length) return { ok: false, message: "Add a page to watch first." };
  if (!(await checkNowLimiter.hit(kitId))) return { ok: false, message: CHECK_NOW_LIMITED };
  return { ok: true, results: await checkPages(pages.map((p) => p.id), opts) };
}

export type WeeklyOutcome = { period: string; pages: number; skipped: number; changes: number; digests: DigestOutcome };

/**
 * The weekly run: every page of every kit whose owner may watch (Pro or
 * admin) is checked; the others are counted as skipped and kept. Then each
 * founder with changes not yet e-mailed gets one digest.
 */
export async function runWeeklyWatch({ now = new Date(), signal, fetch: fetchOptions }: { now?: Date; signal?: AbortSignal; fetch?: FetchOptions } = {}): Promise<WeeklyOutcome> {
  const rows = await getDb()
    .select({ id: competitorPages.id, userId: launchKits.userId, role: users.role })
    .from(competitorPages)
    .innerJoin(launchKits, eq(launchKits.id, competitorPages.kitId))
    .innerJoin(users, eq(users.id, launchKits.userId))
    .orderBy(asc(competitorPages.createdAt));
  const allowed = new Map<string, boolean>();
  const due: string[] = [];
  for (const r of rows) {
    if (!allowed.has(r.userId)) allowed.set(r.userId, await canWatch({ id: r.userId, role: r.role }));
    if (allowed.get(r.userId)) due.push(r.id);
  }
  const results = await checkPages(due, { now, signal, fetch: fetchOptions });
  // Stopped mid-way (shutdown): the week's claim is dropped, so the next look runs it again (pages read twice find nothing new).
  if (signal?.aborted) throw new Error("The competitor watch was stopped before it finished.");
  const digests = await sendDigests({ now });
  return { period: isoWeek(now), pages: results.length, skipped: rows.length - due.length, changes: results.filter((r) => r.changeId).length, digests };
}
