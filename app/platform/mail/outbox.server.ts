import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { changes, dialect, first, getDb, type Db } from "~/platform/db/client.server";
import { outbox } from "~/platform/db/schema";

/**
 * The outbox table's queries (docs/decisions/024-mail-outbox.md). A message
 * is `pending` until delivered (`sent`) or given up (`failed`). A sender
 * claims one with a lease, like the job queue claims a step: the claim is
 * one statement (PostgreSQL skips rows another instance is claiming), and
 * leases are written and compared by the database's clock. Each write after
 * the claim only applies while this sender still holds the lease.
 */

export type OutboxRow = typeof outbox.$inferSelect;

/** How long a claim lasts: longer than one SMTP attempt can take (10 s to connect, 10 s greeting, 20 s idle). */
export const LEASE_MS = 120_000;

function dbNow(): SQL {
  return dialect() === "postgres" ? sql`clock_timestamp()` : sql`cast(unixepoch('subsec') * 1000 as integer)`;
}
/** The database's clock plus `ms`. */
function dbLater(ms: number): SQL {
  const whole = Math.max(0, Math.round(ms));
  return dialect() === "postgres" ? sql`clock_timestamp() + make_interval(secs => ${whole / 1000})` : sql`(cast(unixepoch('subsec') * 1000 as integer) + ${whole})`;
}

/** Pending, due, and not held by a live lease. */
function due() {
  return and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, dbNow()), or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, dbNow())));
}

/** The domain of an address such as `LaunchKit <no-reply@example.com>`, for Message-IDs. */
function domainOf(from: string) {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : "launchkit.local";
}

/**
 * Writes a message to the outbox; its Message-ID is fixed now, once. `db`:
 * a transaction of the caller's, so the message exists exactly when the
 * caller's rows do (the sender cannot see it before they commit).
 */
export async function addToOutbox(message: { from: string; to: string; subject: string; text: string; html: string }, db: Db = getDb()) {
  const id = crypto.randomUUID();
  const messageId = `<${id}@${domainOf(message.from)}>`;
  const [row] = await db
    .insert(outbox)
    .values({ id, messageId, fromAddress: message.from, toAddress: message.to, subject: message.subject, text: message.text, html: message.html })
    .returning();
  return row!;
}

/** Threading headers of a message, set when it is sent (nodemailer checks and folds them). */
export type OutboxHeaders = { inReplyTo?: string; references?: string[]; replyTo?: string };
type HeaderSource = (row: OutboxRow) => Promise<OutboxHeaders | null>;
const headerSources: HeaderSource[] = [];

/**
 * The outbox table has no headers column: a module whose messages need
 * headers (the admin's replies: In-Reply-To, References) registers a
 * function that reads them from its own rows, written in the same
 * transaction as the message (see addToOutbox's `db`). Messages of other
 * modules get none, as before.
 */
export function registerOutboxHeaders(source: HeaderSource) {
  if (!headerSources.includes(source)) headerSources.push(source);
}

const oneLine = (v: string) => v.replace(/[\r\n]+/g, " ").trim();

/** The registered headers of a message (line breaks removed: no header injection). */
export async function outboxHeadersOf(row: OutboxRow): Promise<OutboxHeaders> {
  const headers: OutboxHeaders = {};
  for (const source of headerSources) {
    const found = await source(row);
    if (!found) continue;
    if (found.inReplyTo) headers.inReplyTo = oneLine(found.inReplyTo);
    if (found.references?.length) headers.references = found.references.map(oneLine);
    if (found.replyTo) headers.replyTo = oneLine(found.replyTo);
  }
  return headers;
}

/** Claims the next due message for `worker`, or null. */
export async function claimMessage(worker: string): Promise<OutboxRow | null> {
  const db = getDb();
  let next = db.select({ id: outbox.id }).from(outbox).where(due()).orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt)).limit(1);
  if (dialect() === "postgres") {
    // Two instances claiming at once: the second skips the row the first is taking instead of waiting for it.
    next = (next as unknown as { for(strength: "update", config: { skipLocked: boolean }): typeof next }).for("update", { skipLocked: true });
  }
  const [row] = await db
    .update(outbox)
    .set({ lockedBy: worker, leaseUntil: dbLater(LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
    // `= (subquery)`: evaluated once. (`in (subquery)` may be run again per row on PostgreSQL and claim every due row.)
    .where(and(eq(outbox.id, sql`(${next})`), due()))
    .returning();
  return row ?? null;
}

const held = (id: string, worker: string) => and(eq(outbox.id, id), eq(outbox.lockedBy, worker), eq(outbox.status, "pending"));

/** Delivered: the bodies go (they may hold live links), the record stays a while. False when the lease was lost. */
export async function markSent(id: string, worker: string) {
  const result = await getDb()
    .update(outbox)
    .set({ status: "sent", sentAt: dbNow(), text: "", html: "", lockedBy: null, leaseUntil: null, lastError: null })
    .where(held(id, worker));
  return changes(result) > 0;
}

/** Not delivered this time: due again in `delayMs`. */
export async function retryLater(id: string, worker: string, reason: string, delayMs: number) {
  const result = await getDb()
    .update(outbox)
    .set({ nextAttemptAt: dbLater(delayMs), lockedBy: null, leaseUntil: null, lastError: reason.slice(0, 1000) })
    .where(held(id, worker));
  return changes(result) > 0;
}

/** Never to be delivered (a permanent refusal, or too old). */
export async function giveUp(id: string, worker: string, reason: string) {
  const result = await getDb()
    .update(outbox)
    .set({ status: "failed", text: "", html: "", lockedBy: null, leaseUntil: null, lastError: reason.slice(0, 1000) })
    .where(held(id, worker));
  return changes(result) > 0;
}

/**
 * The server took a message after failing to connect: the messages waiting
 * out a backoff for the same reason are due now, not minutes later. (Those
 * a server answered 4xx wait on: their trouble is their own.)
 */
export async function releaseBackoffs() {
  const result = await getDb()
    .update(outbox)
    .set({ nextAttemptAt: dbNow() })
    .where(and(eq(outbox.status, "pending"), sql`${outbox.lastError} is not null and ${outbox.lastError} not like '4%'`, gt(outbox.nextAttemptAt, dbNow())));
  return changes(result);
}

/** When the next pending message falls due (its retry time, or the end of the lease holding it); null when none waits. */
export async function nextDueAt(): Promise<Date | null> {
  const at = sql`case when ${outbox.leaseUntil} is not null and ${outbox.leaseUntil} > ${outbox.nextAttemptAt} then ${outbox.leaseUntil} else ${outbox.nextAttemptAt} end`;
  const row = await first(
    getDb()
      .select({ at: sql`min(${at})`.mapWith(outbox.nextAttemptAt) })
      .from(outbox)
      .where(eq(outbox.status, "pending")),
  );
  return row?.at ?? null;
}

/** Is a message due now (not counting the ones leased)? */
export async function anyDue() {
  return (await first(getDb().select({ id: outbox.id }).from(outbox).where(due()).limit(1))) !== undefined;
}

/** Messages not yet delivered nor given up. */
export async function pendingCount() {
  const row = await first(getDb().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(outbox).where(eq(outbox.status, "pending")));
  return row?.n ?? 0;
}

/** Records of sent and failed messages older than `ms` go. */
export async function pruneOutbox(ms: number) {
  const result = await getDb()
    .delete(outbox)
    .where(and(inArray(outbox.status, ["sent", "failed"]), lt(outbox.createdAt, new Date(Date.now() - ms))));
  return changes(result);
}
