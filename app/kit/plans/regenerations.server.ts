import { and, eq, sql } from "drizzle-orm";
import { changes, first, getDb, prepared } from "~/platform/db/client.server";
import { regenerationUsage, type LaunchKit } from "~/platform/db/schema";
import { regenerateAsset } from "~/kit/runner/commands.server";
import { getAsset } from "~/kit/assets/assets.server";
import { entitlementsFor } from "./entitlements.server";
import { PRO_EXTRA_REGENERATIONS, REGENERATIONS_INCLUDED } from "./plans";

/**
 * The monthly regeneration allowance, enforced here and only here: every
 * "Regenerate" of the workspace goes through `regenerate()` instead of
 * calling the runner's regenerateAsset() itself. A month is a calendar month
 * in UTC ("2026-11"); usage lives in regeneration_usage.
 */

export function monthOf(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The first day of the next month (UTC), when the allowance starts again. */
export function nextReset(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export async function regenerationsUsed(userId: string, month: string = monthOf()): Promise<number> {
  const used = prepared("regenerations_used", () =>
    getDb()
      .select({ count: regenerationUsage.count })
      .from(regenerationUsage)
      .where(and(eq(regenerationUsage.userId, sql.placeholder("userId")), eq(regenerationUsage.month, sql.placeholder("month")))),
  );
  const row = await first(used.execute({ userId, month }));
  return row?.count ?? 0;
}

export type RegenerationAllowance = { used: number; limit: number; left: number; resetsOn: Date; proExtra: number; isPro: boolean };

export async function regenerationAllowance(userId: string, now: Date = new Date(), knownLimit?: number): Promise<RegenerationAllowance> {
  // A caller that has just read the plan passes its limit: the account is not read twice.
  const limit = knownLimit ?? (await entitlementsFor(userId, now)).monthlyRegenerations;
  const used = await regenerationsUsed(userId, monthOf(now));
  return { used, limit, left: Math.max(0, limit - used), resetsOn: nextReset(now), proExtra: PRO_EXTRA_REGENERATIONS, isPro: limit > REGENERATIONS_INCLUDED };
}

/** Takes one regeneration of the month if any is left (one statement: two requests at once cannot both take the last). */
async function claim(userId: string, month: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const result = await getDb()
    .insert(regenerationUsage)
    .values({ userId, month, count: 1 })
    .onConflictDoUpdate({
      target: [regenerationUsage.userId, regenerationUsage.month],
      set: { count: sql`${regenerationUsage.count} + 1` },
      setWhere: sql`${regenerationUsage.count} < ${limit}`,
    });
  return changes(result) > 0;
}

async function giveBack(userId: string, month: string) {
  await getDb()
    .update(regenerationUsage)
    .set({ count: sql`case when ${regenerationUsage.count} > 0 then ${regenerationUsage.count} - 1 else 0 end` })
    .where(and(eq(regenerationUsage.userId, userId), eq(regenerationUsage.month, month)));
}

export type Refused = { message: string; status: number };

const monthName = (d: Date) => d.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Regenerates one asset of a user's kit, counting it against the month's
 * allowance. Not counted: the first generation of an asset (or a retry of one
 * that never succeeded) and a click while it is already being regenerated.
 * Returns why it was refused, or null when it started (or was already running).
 */
export async function regenerate(
  userId: string,
  kit: LaunchKit,
  kind: string,
  now: Date = new Date(),
  /** How to start it (default: the whole asset); the social section rewrites one post this way. */
  start: () => Promise<string | null> = () => regenerateAsset(kit, kind),
): Promise<Refused | null> {
  const row = await getAsset(kit.id, kind);
  const counts = !!row && row.version > 0 && row.status !== "queued" && row.status !== "generating";
  if (!counts) {
    const refused = await start();
    return refused ? { message: refused, status: 409 } : null;
  }
  const month = monthOf(now);
  const { monthlyRegenerations: limit } = await entitlementsFor(userId, now);
  if (!(await claim(userId, month, limit))) {
    const more = limit > REGENERATIONS_INCLUDED ? "" : ` Pro adds ${PRO_EXTRA_REGENERATIONS} more every month.`;
    return {
      message: `You have used all ${limit} regenerations of this month; they start again on ${monthName(nextReset(now))}.${more}`,
      status: 403,
    };
  }
  const refused = await start();
  if (refused) {
    await giveBack(userId, month);
    return { message: refused, status: 409 };
  }
  return null;
}
