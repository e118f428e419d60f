import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { changes, getDb } from "~/platform/db/client.server";
import { analyticsAddresses, analyticsSalts, analyticsVisitors } from "~/platform/db/schema";
import { utcDay } from "~/platform/jobs/schedule.server";
import { RETENTION_HOURS } from "./shared";

/**
 * The daily salts of visitor hashes. A day's salt is made by whichever
 * instance needs it first (the insert that wins is the day's salt for
 * everyone), kept for today and yesterday (a visit just before midnight and
 * a sign-up just after still match), and deleted, with the list of the day's
 * visitors and their addresses' counts, RETENTION_HOURS after the day began: from then on nobody, us
 * included, can tell whether two visits were the same person's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day before `day` ("2026-11-25" → "2026-11-24"). */
export function previousDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
}

/** The oldest day still kept at `now`: days before it are deleted. */
export function oldestKeptDay(now: Date): string {
  return utcDay(new Date(now.getTime() - (RETENTION_HOURS - 24) * 60 * 60 * 1000));
}

const known = new Map<string, string>();

/** The salt of `day`, made (once, across instances) when it has none yet. */
export async function saltFor(day: string): Promise<string> {
  const cached = known.get(day);
  if (cached) return cached;
  await getDb()
    .insert(analyticsSalts)
    .values({ day, salt: crypto.randomBytes(16).toString("hex") })
    .onConflictDoNothing();
  const salt = await existingSalt(day);
  if (!salt) throw new Error(`no analytics salt for ${day}`);
  return salt;
}

/** The salt of `day` when one exists (never made here): for looking up yesterday's visitors. */
export async function existingSalt(day: string): Promise<string | null> {
  const cached = known.get(day);
  if (cached) return cached;
  const [row] = await getDb().select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) return null;
  remember(day, row.salt);
  return row.salt;
}

/** In memory: this day and the day before, nothing older. */
function remember(day: string, salt: string) {
  known.set(day, salt);
  for (const d of known.keys()) if (d < previousDay(day)) known.delete(d);
}

/** The salt of `day` if this instance has it in memory (the hot path's synchronous look). */
export function saltInMemory(day: string): string | undefined {
  return known.get(day);
}

/**
 * The daily run: makes today's salt, then deletes the salts, visitor lists
 * and address counts of every day before `oldestKeptDay` (48 hours after they began).
 * Idempotent; scheduled once per UTC day across instances (below).
 */
export async function rotateSalts(now = new Date()): Promise<{ deletedSalts: number; deletedVisitors: number }> {
  await saltFor(utcDay(now));
  const oldest = oldestKeptDay(now);
  const salts = await getDb().delete(analyticsSalts).where(lt(analyticsSalts.day, oldest));
  const visitors = await getDb().delete(analyticsVisitors).where(lt(analyticsVisitors.day, oldest));
  await getDb().delete(analyticsAddresses).where(lt(analyticsAddresses.day, oldest));
  for (const d of known.keys()) if (d < oldest) known.delete(d);
  return { deletedSalts: changes(salts), deletedVisitors: changes(visitors) };
}

/** For tests: forget the salts held in memory (another instance's view). */
export function forgetSalts() {
  known.clear();
}
