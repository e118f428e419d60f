import { and, eq, isNull, lt } from "drizzle-orm";
import { changes, getDb, transaction } from "~/platform/db/client.server";
import { scheduledRuns } from "~/platform/db/schema";
import { setting } from "~/platform/config.server";
import { logError } from "~/platform/log.server";

/**
 * Recurring work done once per period (a UTC day, say) across every
 * instance, through the scheduled_runs table: the instance whose insert of
 * (name, period) succeeds runs it, the others skip. Each instance that runs
 * job workers (not JOB_WORKERS=0) looks every few minutes, so work missed
 * while every instance was down is done soon after the next start. Which
 * work there is, is listed in server/boot.ts.
 */

/** A claimed run that never finished (its instance died mid-way) may be taken over after this long. */
export const STALE_RUN_MS = 3 * 60 * 60 * 1000;
/** How often each instance looks for a period whose run is missing (SCHEDULE_TICK_MS, 5 minutes by default; the cluster test makes it short). */
const tickMs = () => setting("SCHEDULE_TICK_MS");
/** The first look after start-up: soon, but out of the way of start-up itself. */
const FIRST_TICK_MS = 10_000;

export type RunOutcome = "ran" | "skipped";

const runKey = (name: string, period: string) => and(eq(scheduledRuns.name, name), eq(scheduledRuns.period, period));

/**
 * Runs `fn` unless a run of (name, period) was claimed already, by this
 * instance or another: the claim is the insert of the row, in a transaction
 * (a stale unfinished claim is taken over). done_at is set when `fn`
 * resolves; if it throws, the claim is dropped so that a later look runs it
 * again, and the error is passed on.
 */
export async function runOncePerPeriod(name: string, period: string, fn: () => Promise<unknown>, { now = new Date() }: { now?: Date } = {}): Promise<RunOutcome> {
  const claimed = await transaction(async (tx) => {
    const inserted = await tx.insert(scheduledRuns).values({ name, period, createdAt: now }).onConflictDoNothing();
    if (changes(inserted) === 1) return true;
    const takenOver = await tx
      .update(scheduledRuns)
      .set({ createdAt: now })
      .where(and(runKey(name, period), isNull(scheduledRuns.doneAt), lt(scheduledRuns.createdAt, new Date(now.getTime() - STALE_RUN_MS))));
    return changes(takenOver) === 1;
  });
  if (!claimed) return "skipped";
  try {
    await fn();
  } catch (error) {
    await getDb().delete(scheduledRuns).where(and(runKey(name, period), isNull(scheduledRuns.doneAt)));
    throw error;
  }
  await getDb().update(scheduledRuns).set({ doneAt: new Date() }).where(runKey(name, period));
  return "ran";
}

/** A day's period: its UTC date, "2026-11-25". */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** A week's period: its ISO 8601 week in UTC, "2026-W48" (weeks start on Monday; the year is the week's own). */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the week's Thursday decides its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** A month's period: its UTC calendar month, "2026-11". */
export const utcMonth = (date: Date) => date.toISOString().slice(0, 7);

/**
 * Work done once per period: a UTC day, an ISO week (UTC; a week missed while every instance was
 * down is done once at the next look) or a UTC calendar month. `name` keys its runs in
 * scheduled_runs, so it never changes.
 */
export type Schedule = { name: string; every: "day" | "week" | "month"; run: (ctx: { now: Date; signal: AbortSignal }) => Promise<unknown> };

const PERIOD_OF = { day: utcDay, week: isoWeek, month: utcMonth } as const;

/** Runs each of `schedules` whose current period has no run yet. */
export async function runDueSchedules(schedules: readonly Schedule[], { now = new Date(), signal = new AbortController().signal }: { now?: Date; signal?: AbortSignal } = {}) {
  const outcomes: Record<string, RunOutcome> = {};
  for (const schedule of schedules) {
    const { name } = schedule;
    if (signal.aborted) break;
    try {
      outcomes[name] = await runOncePerPeriod(name, PERIOD_OF[schedule.every](now), () => schedule.run({ now, signal }), { now });
    } catch (error) {
      if (!signal.aborted) logError(`scheduled work "${name}" failed (it runs again at the next look)`, error);
    }
  }
  return outcomes;
}

const timer = {
  handle: null as NodeJS.Timeout | null,
  controller: null as AbortController | null,
  running: null as Promise<unknown> | null,
  stopped: true,
  schedules: [] as readonly Schedule[],
};

function tick() {
  timer.handle = null;
  if (timer.stopped) return;
  const controller = (timer.controller = new AbortController());
  timer.running = runDueSchedules(timer.schedules, { signal: controller.signal }).finally(() => {
    timer.running = null;
    if (!timer.stopped) timer.handle = setTimeout(tick, tickMs()).unref();
  });
}

/** Starts this instance's looks for `schedules` (idempotent). */
export function startScheduler(schedules: readonly Schedule[], firstDelayMs = FIRST_TICK_MS) {
  if (!timer.stopped) return;
  timer.stopped = false;
  timer.schedules = schedules;
  timer.handle = setTimeout(tick, firstDelayMs).unref();
}

/** Stops the looks; a run under way is told to stop and given `graceMs` to hand its claim back. */
export async function stopScheduler(graceMs = 1_000) {
  timer.stopped = true;
  if (timer.handle) clearTimeout(timer.handle);
  timer.handle = null;
  timer.controller?.abort();
  if (timer.running) await Promise.race([timer.running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
}

