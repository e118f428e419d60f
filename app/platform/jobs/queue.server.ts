import crypto from "node:crypto";
import os from "node:os";
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { changes, dialect, first, getDb, lockInTransaction, pgPool, transaction } from "~/platform/db/client.server";
import { jobs } from "~/platform/db/schema";
import { setting } from "~/platform/config.server";
import { logError } from "~/platform/log.server";

/**
 * The durable job queue: a `jobs` table in the app's own database (SQLite or
 * PostgreSQL), see docs/decisions/016-postgresql-and-many-instances.md for why not pg-boss.
 *
 * - A job is one generation step of one kit (`<kitId>:<step>`); queueing it
 *   again while it waits is the same job.
 * - A worker claims the first waiting job (priority, then order) that may
 *   start: nothing it waits for (setStepOrder: its dependencies, "the deck
 *   after the research") is queued or running for its kit, the same step of
 *   its kit is not running, and its kit runs fewer than KIT_CONCURRENCY jobs.
 *   So a kit runs as a graph: independent steps side by side. The worker
 *   writes its name and a lease of LEASE_MS. While the step runs
 *   the lease is renewed every HEARTBEAT_MS; when the instance dies, the
 *   lease runs out and any instance claims the job again (the steps are
 *   idempotent: ready assets are never redone).
 * - Claims take turns (an advisory lock on PostgreSQL, one process on
 *   SQLite), so two instances never claim the same job, and the per-kit
 *   limit and the order hold across instances.
 * - The job row is deleted when its step is done, and with its kit.
 */

export const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/** How often an idle worker looks for work it was not told about (an expired lease). */
const pollMs = () => setting("JOB_POLL_MS");
const CLAIM_LOCK = 7_262_020;
/** Jobs of one kit running at once (on all instances together). */
export const kitConcurrency = () => setting("KIT_CONCURRENCY");
const NOTIFY_CHANNEL = "launchkit_jobs";

export type Job = typeof jobs.$inferSelect;
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

/** This process's name on the jobs it runs. */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;

export function jobId(kitId: string, step: string) {
  return `${kitId}:${step}`;
}

/**
 * Job priority levels, in one place (the claim orders by priority, then
 * queueing order). A Pro owner's steps go ahead of Free and Starter owners'
 * waiting steps; a founder's Regenerate goes ahead of background work, a Pro
 * founder's ahead of everyone's. So that nobody waits forever behind a
 * stream of Pro work, a job waiting longer than AGING_MS claims as if it
 * were at least PRO (then queueing order decides): see claim().
 */
export const PRIORITY = { background: 0, pro: 1, founder: 2 } as const;
/** After this long in the queue a job ranks with Pro work (decision 031). */
export const agingMs = () => setting("JOB_AGING_MS");

/** The priority of a kit's steps: its owner's plan (effective Pro) and whether the founder waits for them (Regenerate). */
export function jobPriority({ pro, founder }: { pro: boolean; founder: boolean }) {
  return (founder ? PRIORITY.founder : PRIORITY.background) + (pro ? PRIORITY.pro : 0);
}


let batch = 0;
function orderKey(i: number) {
  batch = (batch + 1) % 1000;
  return `${Date.now().toString().padStart(15, "0")}:${String(batch).padStart(3, "0")}:${String(i).padStart(3, "0")}`;
}

/**
 * Queues steps of a kit. A step already waiting takes the new salt and
 * priority (a founder's Regenerate moves it ahead); a running one is left
 * alone.
 */
export async function enqueue(kitId: string, steps: Array<{ step: string; salt?: string; priority?: number }>) {
  if (steps.length === 0) return;
  const db = getDb();
  for (const [i, s] of steps.entries()) {
    const key = orderKey(i);
    const upsert = (id: string) =>
      db
        .insert(jobs)
        .values({ id, kitId, step: s.step, salt: s.salt ?? "", priority: s.priority ?? 0, orderKey: key })
        .onConflictDoUpdate({
          target: jobs.id,
          set: { salt: s.salt ?? "", priority: s.priority ?? 0, ...((s.priority ?? 0) >= PRIORITY.founder ? { orderKey: key } : {}) },
          setWhere: isNull(jobs.lockedBy),
        })
        .returning({ id: jobs.id });
    const queued = await upsert(jobId(kitId, s.step));
    // The same step is running right now: this request (a founder's Regenerate) runs after it, as a job of its own.
    if (queued.length === 0) await upsert(`${jobId(kitId, s.step)}#${s.salt || key}`);
  }
  await announceWork();
}

/** Is this step of the kit waiting or running? */
export async function hasJob(kitId: string, step: string) {
  return (await first(getDb().select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId(kitId, step))))) !== undefined;
}

/** The kit's jobs (waiting or running). */
export async function jobsOfKit(kitId: string) {
  return getDb().select().from(jobs).where(eq(jobs.kitId, kitId)).orderBy(desc(jobs.priority), asc(jobs.orderKey));
}

/**
 * The database's clock, and a lease's end from it: leases are written and
 * compared by the database, so instances on machines whose clocks differ
 * still agree on when a lease has run out.
 */
function dbNow() {
  return dialect() === "postgres" ? sql`clock_timestamp()` : sql`cast(unixepoch('subsec') * 1000 as integer)`;
}
function leaseEnd() {
  return dialect() === "postgres" ? sql`clock_timestamp() + make_interval(secs => ${LEASE_MS / 1000})` : sql`(cast(unixepoch('subsec') * 1000 as integer) + ${LEASE_MS})`;
}

/** [step, other]: a job of `step` waits while a job of `other` of its kit is queued or running. */
let stepOrderPairs: Array<[string, string]> = [];

/** The step graph's order (set once by the step runner from the kit plan). */
export function setStepOrder(pairs: Array<[string, string]>) {
  stepOrderPairs = pairs;
}

/** A job's rank for the claim: its priority, raised to PRIORITY.pro once it has waited AGING_MS (order keys start with the queueing time). */
function claimRank() {
  const agedBefore = (Date.now() - agingMs()).toString().padStart(15, "0");
  return sql`case when ${jobs.priority} < ${PRIORITY.pro} and ${jobs.orderKey} < ${agedBefore} then ${PRIORITY.pro} else ${jobs.priority} end`;
}

/** Claims the next job this worker may run, or null. */
export async function claim(): Promise<Job | null> {
  return transaction(async (tx) => {
    await lockInTransaction(tx, CLAIM_LOCK);
    const free = or(isNull(jobs.leaseUntil), sql`${jobs.leaseUntil} < ${dbNow()}`);
    // The kit's running jobs (live leases): at most KIT_CONCURRENCY, and never the same step twice at once.
    const kitFull = sql`(select count(*) from jobs as running where running.kit_id = jobs.kit_id and running.id <> jobs.id and running.lease_until >= ${dbNow()}) >= ${kitConcurrency()}`;
    const sameStepRunning = sql`exists (select 1 from jobs as running where running.kit_id = jobs.kit_id and running.id <> jobs.id and running.step = jobs.step and running.lease_until >= ${dbNow()})`;
    const conditions = [free, sql`not ${kitFull}`, sql`not ${sameStepRunning}`];
    if (stepOrderPairs.length > 0) {
      const pairs = sql.join(
        stepOrderPairs.map(([step, other]) => sql`(${step}, ${other})`),
        sql`, `,
      );
      // Something it waits for is still queued or running for its kit.
      conditions.push(sql`not exists (select 1 from jobs as earlier where earlier.kit_id = jobs.kit_id and earlier.id <> jobs.id and (jobs.step, earlier.step) in (values ${pairs}))`);
    }
    const next = await first(
      tx
        .select()
        .from(jobs)
        .where(and(...conditions))
        .orderBy(desc(claimRank()), asc(jobs.orderKey))
        .limit(1),
    );
    if (!next) return null;
    const [claimed] = await tx
      .update(jobs)
      .set({ lockedBy: WORKER_ID, leaseUntil: leaseEnd(), attempts: sql`${jobs.attempts} + 1` })
      .where(eq(jobs.id, next.id))
      .returning();
    return claimed ?? null;
  });
}

/** Renews the lease; false when the job is gone or another worker holds it (stop working on it). */
export async function renew(id: string) {
  const result = await getDb()
    .update(jobs)
    .set({ leaseUntil: leaseEnd() })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, WORKER_ID)));
  return changes(result) > 0;
}

/** The step is done: the job leaves the queue (unless another worker took it over). */
export async function complete(id: string) {
  await getDb().delete(jobs).where(and(eq(jobs.id, id), eq(jobs.lockedBy, WORKER_ID)));
}

/** Hands a job back unfinished (shutting down): waiting again, the claim not counted. */
export async function handBack(id: string) {
  await getDb()
    .update(jobs)
    .set({ lockedBy: null, leaseUntil: null, attempts: sql`case when ${jobs.attempts} > 0 then ${jobs.attempts} - 1 else 0 end` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, WORKER_ID)));
}

/** SQLite: one process, so a lock left in the table is a previous run's: its jobs wait again at once. */
export async function releaseStaleLocks() {
  if (dialect() !== "sqlite") return 0;
  const result = await getDb().update(jobs).set({ lockedBy: null, leaseUntil: null }).where(sql`${jobs.lockedBy} is not null`);
  return changes(result);
}

// ---- Workers -------------------------------------------------------------------

type Running = { job: Job; controller: AbortController; done: Promise<void> };

const state = {
  handler: null as JobHandler | null,
  concurrency: setting("JOB_CONCURRENCY"),
  started: false,
  stopping: false,
  /** JOB_WORKERS=0: this process serves requests and queues jobs but runs none (tests use pauseWorkers()). */
  disabled: !setting("JOB_WORKERS"),
  running: new Map<string, Running>(),
  wake: null as (() => void) | null,
  loop: null as Promise<void> | null,
  listener: null as { release(): void } | null,
};

/** The function that runs a claimed job (set once by the step runner). */
export function setJobHandler(handler: JobHandler) {
  state.handler = handler;
}

function wakeUp() {
  const wake = state.wake;
  state.wake = null;
  wake?.();
}

/** Tells this process's workers (and on PostgreSQL every instance's) that work is waiting. */
export async function announceWork() {
  if (dialect() === "postgres") await pgPool().query(`notify ${NOTIFY_CHANNEL}`);
  ensureWorkers();
  wakeUp();
}

/** Starts this process's workers if they are not running (idempotent). */
export function ensureWorkers() {
  if (state.started || state.stopping || state.disabled || !state.handler) return;
  state.started = true;
  state.loop = dispatch().catch((error) => logError("job workers stopped", error));
  if (dialect() === "postgres") void listen();
}

async function listen() {
  try {
    const client = await pgPool().connect();
    client.on("notification", () => wakeUp());
    client.on("error", () => {
      // The connection dropped: polling still finds the work; listen again.
      state.listener = null;
      client.release(true);
      if (state.started && !state.stopping) setTimeout(() => void listen(), 1000).unref();
    });
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    state.listener = { release: () => client.release(true) };
  } catch (error) {
    if (state.stopping || !state.started) return;
    // The database is away (restarting): polling finds the work meanwhile; listen again shortly.
    logError("job notifications unavailable (polling until they are back)", error);
    setTimeout(() => void listen(), 2000).unref();
  }
}

async function dispatch() {
  while (!state.stopping) {
    let claimed: Job | null = null;
    if (state.running.size < state.concurrency) {
      try {
        claimed = await claim();
      } catch (error) {
        if (state.stopping) break;
        logError("job claim failed", error);
      }
    }
    if (claimed) {
      run(claimed);
      continue;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs());
      timer.unref?.();
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function run(job: Job) {
  const controller = new AbortController();
  const heartbeat = setInterval(() => {
    renew(job.id)
      .then((held) => {
        if (!held) controller.abort(new Error("job lease lost"));
      })
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  const entry: Running = { job, controller, done: Promise.resolve() };
  state.running.set(job.id, entry);
  entry.done = (async () => {
    try {
      await state.handler!(job, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) logError("job failed", error, { job: job.id });
    } finally {
      clearInterval(heartbeat);
      try {
        if (controller.signal.aborted && state.stopping) await handBack(job.id);
        else await complete(job.id);
      } catch (error) {
        if (!state.stopping) logError("job completion failed", error, { job: job.id });
      }
      state.running.delete(job.id);
      wakeUp();
    }
  })();
}

/** Stops this process's workers and keeps them stopped until resumeWorkers() (tests). */
export async function pauseWorkers() {
  state.disabled = true;
  await stopWorkers();
}

export function resumeWorkers() {
  state.disabled = false;
  ensureWorkers();
}

/** Aborts a job this process runs (its kit is being deleted). */
export function abortLocalJobs(kitId: string, reason: Error) {
  for (const entry of state.running.values()) if (entry.job.kitId === kitId) entry.controller.abort(reason);
}

/** Jobs running in this process. */
export function localJobs() {
  return [...state.running.values()].map((r) => r.job);
}

/**
 * Waits until the queue is empty and this process runs nothing (tests, and
 * the single-process SQLite default settling before a restart).
 */
export async function settleJobs(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  ensureWorkers();
  for (;;) {
    if (state.running.size > 0) {
      await Promise.all([...state.running.values()].map((r) => r.done));
      continue;
    }
    const waiting = await first(getDb().select({ id: jobs.id }).from(jobs).limit(1));
    if (!waiting) return;
    if (Date.now() > until) throw new Error(`jobs still waiting after ${timeoutMs} ms`);
    wakeUp();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Graceful stop: claim nothing more; running steps get `graceMs` to finish,
 * then are aborted and handed back for another instance (or the next start).
 */
export async function stopWorkers(graceMs = 0) {
  state.stopping = true;
  wakeUp();
  const all = () => Promise.all([...state.running.values()].map((r) => r.done));
  if (graceMs > 0) await Promise.race([all(), new Promise((r) => setTimeout(r, graceMs).unref?.())]);
  for (const r of state.running.values()) r.controller.abort(new Error("server shutting down"));
  await all();
  await state.loop;
  state.listener?.release();
  state.listener = null;
  state.started = false;
  state.loop = null;
  state.stopping = false;
}

/** What /healthz reports about the queue. */
export async function queueHealth() {
  const [row] = await getDb()
    .select({
      waiting: sql<number>`count(*) filter (where ${jobs.lockedBy} is null)`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobs.lockedBy} is not null)`.mapWith(Number),
    })
    .from(jobs);
  return { workers: state.started && !state.stopping, running_here: state.running.size, waiting: row?.waiting ?? 0, running: row?.running ?? 0 };
}
