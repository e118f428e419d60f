import crypto from "node:crypto";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { first, getDb } from "~/platform/db/client.server";
import { launchKits, strategyReviews, users, type LaunchKit } from "~/platform/db/schema";
import { kitBrand } from "~/kit/content.server";
import { utcMonth } from "~/platform/jobs/schedule.server";
import { logError } from "~/platform/log.server";
import { kitFacts } from "./facts.server";
import { figuresFrom, readBody, readFigures, type ReviewBody, type ReviewFigures } from "./review";
import { writeReviewText } from "./review-writer.server";

/**
 * Pro's monthly strategy review of a kit: the figures of a month
 * (kitFacts, every number read from the database) and the written part
 * around them (review-writer.server.ts), stored in strategy_reviews, one a
 * kit and period (unique). On the 1st of each UTC month the schedule writes
 * last month's review for every kit with a brand of every Pro (or admin)
 * account, once across instances, catching up after downtime; the founder
 * can also write "this month so far" from the section, which replaces the
 * month's earlier one. docs/decisions/030-monthly-review-and-pieces.md.
 */

export type StoredReview = { id: string; kitId: string; period: string; figures: ReviewFigures; body: ReviewBody; createdAt: Date };

/** Pro features: the effective plan, or an admin's account. */
export async function reviewsAllowed(user: { id: string; role: string }): Promise<boolean> {
  if (user.role === "admin") return true;
  return (await entitlementsFor(user.id)).effectivePlan === "pro";
}

/** A UTC calendar month "2026-11" as [from, to). */
export function monthWindow(period: string): { from: Date; to: Date } {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

/** The month before the one `now` is in: "2026-10" on any day of November 2026. */
export function previousMonth(now: Date): string {
  return utcMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

export const isPeriod = (s: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

async function existing(kitId: string, period: string) {
  return first(getDb().select({ id: strategyReviews.id, figures: strategyReviews.figures }).from(strategyReviews).where(and(eq(strategyReviews.kitId, kitId), eq(strategyReviews.period, period))));
}

/**
 * Reads the facts of [from, to), writes the words and stores the review of
 * (kit, period). `replace`: an earlier review of the period is replaced (the
 * founder's "write it now"); otherwise only a partial one is (the month's
 * full review replaces a "so far" one) and a full one is kept as it is.
 * Returns false when a full review was there already.
 */
export async function writeReview(kit: LaunchKit, window: { period: string; from: Date; to: Date; partial: boolean }, { replace = false, signal }: { replace?: boolean; signal?: AbortSignal } = {}): Promise<boolean> {
  const before = await existing(kit.id, window.period);
  if (before && !replace && !readFigures(before.figures)?.partial) return false;
  const brand = await kitBrand(kit.id);
  if (!brand) return false;
  const facts = await kitFacts(kit.id, window.from, window.to);
  const figures = figuresFrom(facts, window.period, window.partial);
  const body = await writeReviewText(kit, brand, figures, signal);
  const now = new Date();
  const db = getDb();
  if (before) {
    await db.update(strategyReviews).set({ figures, body, createdAt: now }).where(eq(strategyReviews.id, before.id));
    return true;
  }
  // Two writers at once: the unique (kit_id, period) keeps one; a founder's rewrite replaces.
  const insert = db.insert(strategyReviews).values({ id: crypto.randomUUID(), kitId: kit.id, period: window.period, figures, body, createdAt: now });
  await (replace ? insert.onConflictDoUpdate({ target: [strategyReviews.kitId, strategyReviews.period], set: { figures, body, createdAt: now } }) : insert.onConflictDoNothing());
  return true;
}

/** "This month so far", on demand (the section's POST): replaces the month's earlier review. */
export async function writeReviewNow(kit: LaunchKit, now = new Date()): Promise<string> {
  const period = utcMonth(now);
  const { from } = monthWindow(period);
  const to = new Date(Math.max(now.getTime(), from.getTime() + 1));
  await writeReview(kit, { period, from, to, partial: true }, { replace: true });
  return period;
}

/** The kits the monthly review is written for: every kit of a Pro (or admin) account; kits without a brand are skipped when written. */
async function reviewableKits(): Promise<LaunchKit[]> {
  const candidates = await getDb().select({ id: users.id, role: users.role }).from(users).where(or(eq(users.plan, "pro"), eq(users.role, "admin")));
  const allowed: string[] = [];
  for (const u of candidates) if (await reviewsAllowed(u)) allowed.push(u.id);
  if (allowed.length === 0) return [];
  return getDb().select().from(launchKits).where(inArray(launchKits.userId, allowed)).orderBy(launchKits.createdAt);
}

/** The schedule's work: last month's review for every reviewable kit (one failing kit does not stop the others). */
export async function writeMonthlyReviews(now = new Date(), signal?: AbortSignal): Promise<{ written: number; failed: number }> {
  const period = previousMonth(now);
  const { from, to } = monthWindow(period);
  let written = 0;
  let failed = 0;
  for (const kit of await reviewableKits()) {
    if (signal?.aborted) break;
    try {
      if (await writeReview(kit, { period, from, to, partial: false }, { signal })) written++;
    } catch (error) {
      if (signal?.aborted) throw error;
      failed++;
      logError("monthly strategy review failed", error, { kitId: kit.id, period });
    }
  }
  if (signal?.aborted) throw new Error("stopped");
  return { written, failed };
}


function stored(row: typeof strategyReviews.$inferSelect): StoredReview | null {
  const figures = readFigures(row.figures);
  const body = readBody(row.body);
  return figures && body ? { id: row.id, kitId: row.kitId, period: row.period, figures, body, createdAt: row.createdAt } : null;
}

/** The kit's reviews, newest period first. */
export async function reviewsOfKit(kitId: string): Promise<StoredReview[]> {
  const rows = await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, kitId)).orderBy(desc(strategyReviews.period));
  return rows.map(stored).filter((r): r is StoredReview => r !== null);
}

export async function reviewOfKit(kitId: string, period: string): Promise<StoredReview | null> {
  if (!isPeriod(period)) return null;
  const row = await first(getDb().select().from(strategyReviews).where(and(eq(strategyReviews.kitId, kitId), eq(strategyReviews.period, period))));
  return row ? stored(row) : null;
}
