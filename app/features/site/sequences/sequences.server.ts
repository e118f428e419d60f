import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, like, lt, or, sql } from "drizzle-orm";
import { getSessionSecret } from "~/platform/secret.server";
import { changes, first, getDb, lockInTransaction, transaction } from "~/platform/db/client.server";
import { emailBroadcasts, emailEnrolments, emailSends, emailSequences, emailSteps, emailSuppressions, leads, type EmailDelayUnit, type EmailStep } from "~/platform/db/schema";
import { mailboxOf } from "~/features/site/waitlist/mailbox";
import { waitlistConfirmed } from "~/features/site/waitlist/waitlist.server";
import { messageIdFor } from "./headers";
import { senderDomain } from "./mail-config.server";
import { loadMailKey, mailKey } from "./mail-key.server";
import { logError } from "~/platform/log.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { DAY_MS, HOUR_MS, nextStep, orderKeyAfter, ORDER_GAP } from "./schedule";

/**
 * A page's e-mail sequence and its leads' places in it (see
 * docs/decisions/028-email-sequences.md): settings, steps, enrolment at
 * sign-up, double opt-in, unsubscribe and suppression, broadcasts. The
 * sender (sender.server.ts) does the sending.
 */

export type StepInput = { subject: string; preview: string; body: string; delayValue: number; delayUnit: EmailDelayUnit };

export async function sequenceOf(kitId: string) {
  return first(getDb().select().from(emailSequences).where(eq(emailSequences.kitId, kitId)));
}

export async function stepsOf(kitId: string): Promise<EmailStep[]> {
  return getDb().select().from(emailSteps).where(eq(emailSteps.kitId, kitId)).orderBy(asc(emailSteps.orderKey));
}

/** Makes the sequence row and its steps once (the welcome e-mails written by `writeWelcome`). */
export async function ensureSequence(kitId: string, write: () => Promise<StepInput[]>) {
  if (await sequenceOf(kitId)) return;
  const steps = await write();
  await transaction(async (tx) => {
    const inserted = await tx.insert(emailSequences).values({ kitId }).onConflictDoNothing();
    if (changes(inserted) !== 1) return;
    await tx.insert(emailSteps).values(steps.map((s, i) => ({ id: crypto.randomUUID(), kitId, orderKey: (i + 1) * ORDER_GAP, ...s })));
    // Leads from before the sequence existed are subscribed but past the welcome e-mails: broadcasts reach them, with
    // double opt-in on only once they confirm (confirmed_at stays empty here; the section can ask them).
    const earlier = await tx.select({ id: leads.id }).from(leads).where(eq(leads.kitId, kitId));
    for (let i = 0; i < earlier.length; i += 500) {
      await tx
        .insert(emailEnrolments)
        .values(earlier.slice(i, i + 500).map((l) => ({ leadId: l.id, kitId, status: "active" as const, unsubscribeToken: newToken(), lastOrderKey: steps.length * ORDER_GAP, startedAt: new Date() })))
        .onConflictDoNothing();
    }
  });
}

/**
 * Leads waiting on nothing look again now: after an edit of the steps, the
 * scheduler recomputes each one's next e-mail and when (an edit applies to
 * e-mails not yet sent; an appended e-mail reaches leads who had them all).
 */
async function rescheduleActive(kitId: string, now: Date) {
  await getDb()
    .update(emailEnrolments)
    .set({ nextAt: now })
    .where(and(eq(emailEnrolments.kitId, kitId), eq(emailEnrolments.status, "active")));
}

export async function updateSettings(kitId: string, values: { enabled?: boolean; doubleOptIn?: boolean; postalAddress?: string; replyTo?: string }, now = new Date()) {
  await getDb().update(emailSequences).set({ ...values, updatedAt: now }).where(eq(emailSequences.kitId, kitId));
  // Double opt-in off: leads held back for not having confirmed get their next e-mail again.
  if (values.enabled || values.doubleOptIn === false) await rescheduleActive(kitId, now);
}

export async function updateStep(kitId: string, stepId: string, input: StepInput, now = new Date()): Promise<boolean> {
  const result = await getDb().update(emailSteps).set({ ...input, updatedAt: now }).where(and(eq(emailSteps.kitId, kitId), eq(emailSteps.id, stepId)));
  if (changes(result) !== 1) return false;
  await rescheduleActive(kitId, now);
  return true;
}

/** Adds an e-mail after `afterId` (null: at the end). Leads already past that place never get it. */
export async function addStep(kitId: string, afterId: string | null, input: StepInput, now = new Date()) {
  const steps = await stepsOf(kitId);
  const after = afterId === null ? (steps.at(-1)?.orderKey ?? 0) : steps.find((s) => s.id === afterId)?.orderKey;
  if (after === undefined) return null;
  const id = crypto.randomUUID();
  await getDb().insert(emailSteps).values({ id, kitId, orderKey: after === 0 ? ORDER_GAP : orderKeyAfter(steps, after), ...input });
  await rescheduleActive(kitId, now);
  return id;
}

/** Removes an e-mail; a queued send of it is cancelled when its turn comes (the step is gone). */
export async function removeStep(kitId: string, stepId: string, now = new Date()): Promise<boolean> {
  const result = await getDb().delete(emailSteps).where(and(eq(emailSteps.kitId, kitId), eq(emailSteps.id, stepId)));
  if (changes(result) !== 1) return false;
  await rescheduleActive(kitId, now);
  return true;
}

// ---- leads ---------------------------------------------------------------------------------

const newToken = () => crypto.randomBytes(24).toString("base64url");

/** A confirmation link works this long after its e-mail was sent; signing up again then sends a new one. */
export const CONFIRM_LINK_TTL_MS = 7 * DAY_MS;
/** A sign-up repeated within this long sends nothing new: the link already sent still works. */
export const CONFIRM_REPEAT_MS = 24 * HOUR_MS;
/** Confirmation e-mails one address gets per 24 hours from the whole install, whichever pages it is typed into. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
/** An unsubscribe link (one-click included) works this long after its e-mail was sent; every e-mail carries a new one. */
export const UNSUBSCRIBE_LINK_TTL_MS = 180 * DAY_MS;

// Signed with the mail link key (mail-key.server.ts), not the session secret: rotating that must not break the
// links in e-mails already delivered. Links signed with the session secret before the mail key existed are still
// read (while that secret is unchanged) until they expire.
const sign = (purpose: string, leadId: string, issued: number, key = mailKey()) =>
  crypto.createHmac("sha256", key).update(`${purpose}:${leadId}:${issued}`).digest("base64url").slice(0, 32);
const sameSignature = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `<lead>.<issued, base 36>.<HMAC>`: nobody confirms an address they do not read, and not after the link expired. */
export function confirmationToken(leadId: string, issued = new Date()) {
  const t = issued.getTime();
  return `${leadId}.${t.toString(36)}.${sign("email-confirm", leadId, t)}`;
}

/** The same shape for the unsubscribe link of one e-mail. */
export function unsubscribeToken(leadId: string, issued = new Date()) {
  const t = issued.getTime();
  return `${leadId}.${t.toString(36)}.${sign("email-unsubscribe", leadId, t)}`;
}

type SignedToken = { leadId: string; issued: number | null };

/**
 * A signed token's lead and issue time, or null when it is not one of ours.
 * Confirmation links sent before they carried a time (`<lead>.<HMAC of the
 * lead>`) are recognised with `issued: null`: they have expired.
 */
function readSigned(purpose: "email-confirm" | "email-unsubscribe", token: string): SignedToken | null {
  const parts = token.split(".");
  if (parts.length === 3) {
    const [leadId, t, signature] = parts as [string, string, string];
    const issued = /^[0-9a-z]{1,12}$/.test(t) ? parseInt(t, 36) : NaN;
    if (!leadId || !Number.isSafeInteger(issued)) return null;
    const ours = sameSignature(signature, sign(purpose, leadId, issued)) || sameSignature(signature, sign(purpose, leadId, issued, getSessionSecret()));
    return ours ? { leadId, issued } : null;
  }
  if (parts.length === 2 && purpose === "email-confirm") {
    const [leadId, signature] = parts as [string, string];
    const legacy = crypto.createHmac("sha256", getSessionSecret()).update(`email-confirm:${leadId}`).digest("base64url").slice(0, 32);
    return leadId && sameSignature(signature, legacy) ? { leadId, issued: null } : null;
  }
  return null;
}

/**
 * Suppressed for this page: it unsubscribed or bounced here, or it hard-bounced
 * on any page of the install (every page sends from the same address, so a
 * dead mailbox is dead for all of them; an unsubscribe stays the page's own).
 */
export async function isSuppressed(kitId: string, email: string) {
  const row = await first(
    getDb()
      .select({ e: emailSuppressions.email })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.email, email), or(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.reason, "bounced")))),
  );
  return row !== undefined;
}

/** An address that hard-bounced on some page of the install: sent nothing from any page. */
export async function bouncedAnywhere(email: string) {
  return (await first(getDb().select({ e: emailSuppressions.email }).from(emailSuppressions).where(and(eq(emailSuppressions.email, email), eq(emailSuppressions.reason, "bounced"))))) !== undefined;
}

/**
 * Counted in rate_limit_hits under an HMAC of the mailbox (mailboxOf: Gmail's dots and +tags are one inbox), so
 * every instance counts the same, address variants share one count, and no address can be read back from it (an
 * unkeyed hash of an address is reversed with a list of addresses).
 */
const confirmationsPerAddress = new RateLimiter({ name: "lead-confirmations", limit: CONFIRMATIONS_PER_ADDRESS, windowMs: DAY_MS });
const addressKey = async (email: string) => crypto.createHmac("sha256", await loadMailKey()).update(`mailbox:${mailboxOf(email)}`).digest("base64url").slice(0, 32);

/**
 * One more e-mail that nobody who reads the inbox asked for (a confirmation, or the first e-mail of a sign-up
 * under single opt-in), if the address's mailbox had fewer than CONFIRMATIONS_PER_ADDRESS of them from the whole
 * install in the last 24 hours. Counts it when true.
 */
export async function unaskedMailAllowed(email: string): Promise<boolean> {
  return confirmationsPerAddress.hit(await addressKey(email));
}

/**
 * Queues one confirmation e-mail unless one is pending for this lead, one was
 * queued in the last 24 hours, or the address had its day's share from the
 * whole install. True when one was queued. Callers never tell the visitor
 * which: every sign-up gets the same answer.
 */
async function queueConfirmation(tx: ReturnType<typeof getDb>, kitId: string, leadId: string, email: string, now: Date): Promise<boolean> {
  // Two sign-ups of the same lead at once (two instances) take turns, so both cannot see "none yet".
  await lockInTransaction(tx, `lead-confirm:${leadId}`);
  const recent = await first(
    tx
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(and(eq(emailSends.leadId, leadId), like(emailSends.key, "confirm:%"), or(eq(emailSends.status, "pending"), gt(emailSends.createdAt, new Date(now.getTime() - CONFIRM_REPEAT_MS))))),
  );
  if (recent) return false;
  if (!(await unaskedMailAllowed(email))) return false;
  const key = `confirm:${now.getTime()}`;
  await tx
    .insert(emailSends)
    .values({ id: crypto.randomUUID(), leadId, kitId, key, messageId: messageIdFor(leadId, key, senderDomain()), nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing();
  return true;
}

/** With double opt-in on, only a lead who confirmed gets e-mails (one enrolled before it was on has not). */
export const mayReceive = (e: { status: string; confirmedAt: Date | null }, doubleOptIn: boolean) => e.status === "active" && (!doubleOptIn || e.confirmedAt !== null);

/**
 * A sign-up on the published page (called by the lead post, new or not):
 * the lead joins the page's sequence. With double opt-in they are sent a
 * confirmation link first, and at most once a day when they sign up again
 * unconfirmed (queueConfirmation's limits). A suppressed address (it
 * unsubscribed or bounced) is sent nothing because of a post on the page,
 * whoever typed it: it comes back only through the unsubscribe page of an
 * e-mail it had (requestResubscribe).
 */
export async function enrolLead(kitId: string, email: string, now = new Date()): Promise<void> {
  await loadMailKey();
  const sequence = await sequenceOf(kitId);
  if (!sequence) return;
  const address = email.trim().toLowerCase();
  const lead = await first(getDb().select({ id: leads.id }).from(leads).where(and(eq(leads.kitId, kitId), eq(leads.email, address))));
  if (!lead) return;
  if (await isSuppressed(kitId, address)) return;
  await transaction(async (tx) => {
    const existing = await first(tx.select().from(emailEnrolments).where(eq(emailEnrolments.leadId, lead.id)));
    if (!existing) {
      const confirmFirst = sequence.doubleOptIn;
      await tx
        .insert(emailEnrolments)
        .values({
          leadId: lead.id,
          kitId,
          status: confirmFirst ? "unconfirmed" : "active",
          unsubscribeToken: newToken(),
          startedAt: confirmFirst ? null : now,
          nextAt: confirmFirst ? null : now,
          createdAt: now,
        })
        .onConflictDoNothing();
      if (confirmFirst) await queueConfirmation(tx, kitId, lead.id, address, now);
      return;
    }
    if (!sequence.doubleOptIn) return;
    if (existing.status === "unconfirmed" || (existing.status === "active" && !existing.confirmedAt)) await queueConfirmation(tx, kitId, lead.id, address, now);
  });
}

/**
 * "Ask existing leads to confirm": one confirmation e-mail to each lead of the
 * page who has not confirmed (enrolled before double opt-in was on, or never
 * followed their link), within queueConfirmation's limits. Suppressed leads
 * are not asked. Returns how many were asked now and how many wait.
 */
export async function askToConfirm(kitId: string, now = new Date()): Promise<{ asked: number; waiting: number }> {
  const rows = await getDb()
    .select({ leadId: emailEnrolments.leadId, email: leads.email })
    .from(emailEnrolments)
    .innerJoin(leads, eq(leads.id, emailEnrolments.leadId))
    .where(and(eq(emailEnrolments.kitId, kitId), or(eq(emailEnrolments.status, "unconfirmed"), and(eq(emailEnrolments.status, "active"), isNull(emailEnrolments.confirmedAt)))));
  let asked = 0;
  for (const r of rows) if (!(await bouncedAnywhere(r.email)) && await transaction((tx) => queueConfirmation(tx, kitId, r.leadId, r.email, now))) asked++;
  return { asked, waiting: rows.length };
}

/** What a confirmation link is before anything is looked up (its GET page): ours and in time, expired, or not ours. */
export async function confirmationTokenState(token: string, now = new Date()): Promise<"valid" | "expired" | "invalid"> {
  await loadMailKey();
  const signed = readSigned("email-confirm", token);
  if (!signed) return "invalid";
  return signed.issued === null || now.getTime() - signed.issued > CONFIRM_LINK_TTL_MS ? "expired" : "valid";
}

export type ConfirmOutcome = { kitId: string; leadId: string } | "expired" | "unsubscribed-since" | null;

/**
 * A confirmation link followed: the lead is confirmed from now (a
 * suppression is lifted: they asked again, from a link only their inbox
 * has). A link older than CONFIRM_LINK_TTL_MS has expired; one sent before
 * the address was suppressed does not undo the unsubscribe.
 */
export async function confirmLead(token: string, now = new Date()): Promise<ConfirmOutcome> {
  await loadMailKey();
  const signed = readSigned("email-confirm", token);
  if (!signed) return null;
  if (signed.issued === null || now.getTime() - signed.issued > CONFIRM_LINK_TTL_MS) return "expired";
  const { leadId, issued } = signed;
  return transaction(async (tx): Promise<ConfirmOutcome> => {
    const row = await first(tx.select({ e: emailEnrolments, email: leads.email }).from(emailEnrolments).innerJoin(leads, eq(leads.id, emailEnrolments.leadId)).where(eq(emailEnrolments.leadId, leadId)));
    if (!row) return null;
    const suppression = await first(tx.select().from(emailSuppressions).where(and(eq(emailSuppressions.kitId, row.e.kitId), eq(emailSuppressions.email, row.email))));
    if (suppression && suppression.createdAt.getTime() > issued) return "unsubscribed-since";
    if (row.e.status !== "active" || !row.e.confirmedAt) {
      await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.kitId, row.e.kitId), eq(emailSuppressions.email, row.email)));
      // The inbox just received our e-mail: a hard bounce elsewhere in the install no longer holds for it.
      await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.email, row.email), eq(emailSuppressions.reason, "bounced")));
      await tx
        .update(emailEnrolments)
        .set({ status: "active", confirmedAt: now, startedAt: row.e.startedAt ?? now, nextAt: now, note: null, updatedAt: now })
        .where(eq(emailEnrolments.leadId, leadId));
    }
    // On a referral waitlist: the lead takes its place, and its referral is judged, in the same transaction.
    await waitlistConfirmed(tx, leadId, now);
    return { kitId: row.e.kitId, leadId };
  });
}

export type EnrolmentByToken = { leadId: string; kitId: string; status: string; email: string };

/**
 * The enrolment an unsubscribe link names, "expired" for a signed link older
 * than UNSUBSCRIBE_LINK_TTL_MS, undefined for anything else. Links in e-mails
 * sent before they were signed carry the enrolment's random token: those
 * keep working, as a delivered e-mail's one-click must.
 */
export async function enrolmentByToken(token: string, now = new Date()): Promise<EnrolmentByToken | "expired" | undefined> {
  const columns = { leadId: emailEnrolments.leadId, kitId: emailEnrolments.kitId, status: emailEnrolments.status, email: leads.email };
  await loadMailKey();
  const signed = readSigned("email-unsubscribe", token);
  if (signed) {
    if (signed.issued === null || now.getTime() - signed.issued > UNSUBSCRIBE_LINK_TTL_MS) return "expired";
    return first(getDb().select(columns).from(emailEnrolments).innerJoin(leads, eq(leads.id, emailEnrolments.leadId)).where(eq(emailEnrolments.leadId, signed.leadId)));
  }
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  return first(getDb().select(columns).from(emailEnrolments).innerJoin(leads, eq(leads.id, emailEnrolments.leadId)).where(eq(emailEnrolments.unsubscribeToken, token)));
}

/** Suppresses an address for a page for good (an unsubscribe or a 5xx) and stops everything queued to it. */
export async function suppress(kitId: string, leadId: string, email: string, reason: "unsubscribed" | "bounced", note: string, now = new Date()) {
  await transaction(async (tx) => {
    await tx.insert(emailSuppressions).values({ kitId, email, reason, createdAt: now }).onConflictDoNothing();
    await tx.update(emailEnrolments).set({ status: reason, nextAt: null, note, updatedAt: now }).where(eq(emailEnrolments.leadId, leadId));
    await tx
      .update(emailSends)
      .set({ status: "cancelled", lockedBy: null, leaseUntil: null })
      .where(and(eq(emailSends.leadId, leadId), eq(emailSends.status, "pending"), or(isNull(emailSends.leaseUntil), lt(emailSends.leaseUntil, now))));
  });
}

/** The unsubscribe link or the one-click POST (a second click is fine). */
export async function unsubscribe(row: EnrolmentByToken, now = new Date()): Promise<void> {
  if (row.status !== "unsubscribed") await suppress(row.kitId, row.leadId, row.email, "unsubscribed", "Unsubscribed", now);
}

/**
 * "Send me a confirmation link" on the unsubscribe page of an e-mail the
 * person had: the only way back for a suppressed address. It is e-mailed a
 * confirmation (within queueConfirmation's limits); following it lifts the
 * suppression. Holding a forwarded e-mail's link gives a stranger no more
 * than that one e-mail to the address's owner.
 */
export async function requestResubscribe(row: EnrolmentByToken, now = new Date()): Promise<void> {
  if (row.status !== "unsubscribed" && row.status !== "bounced") return;
  await transaction((tx) => queueConfirmation(tx, row.kitId, row.leadId, row.email, now));
}

// ---- what the founder sees ----------------------------------------------------------------------

export type LeadRow = {
  id: string;
  email: string;
  /** An enrolment's status; "unconfirmed-earlier": subscribed before double opt-in was on, not confirmed since (gets nothing while it is on); "suppressed": not enrolled, see leadList. */
  status: string | null;
  sentCount: number;
  nextSubject: string | null;
  nextAt: Date | null;
  note: string | null;
};

const statusOf = (e: { status: string; confirmedAt: Date | null }, doubleOptIn: boolean) => (e.status === "active" && doubleOptIn && !e.confirmedAt ? "unconfirmed-earlier" : e.status);

/** The lead list, newest first, one page of it: each lead's status, e-mails sent and the next one (subject and when). */
export async function leadList(kitId: string, { limit = 200, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<LeadRow[]> {
  const rows = await getDb()
    .select({ id: leads.id, email: leads.email, e: emailEnrolments })
    .from(leads)
    .leftJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
  const steps = await stepsOf(kitId);
  const sequence = await sequenceOf(kitId);
  const doubleOptIn = sequence?.doubleOptIn ?? false;
  // A suppressed address that signed up again is not enrolled (also one that hard-bounced on another page): say why.
  const emails = rows.filter((r) => !r.e).map((r) => r.email);
  const suppressed = new Set(
    emails.length
      ? (
          await getDb()
            .select({ email: emailSuppressions.email })
            .from(emailSuppressions)
            .where(and(inArray(emailSuppressions.email, emails), or(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.reason, "bounced"))))
        ).map((r) => r.email)
      : [],
  );
  return rows.map((r) => {
    const e = r.e;
    const next = e && mayReceive(e, doubleOptIn) && sequence?.enabled ? nextStep(steps, e) : null;
    return { id: r.id, email: r.email, status: e ? statusOf(e, doubleOptIn) : suppressed.has(r.email) ? "suppressed" : null, sentCount: e?.sentCount ?? 0, nextSubject: next?.step.subject ?? null, nextAt: next?.dueAt ?? null, note: e?.note ?? null };
  });
}

export type LeadTotals = { all: number; byStatus: Record<string, number> };

/** How many leads the page has, and how many in each status of leadList (null: not enrolled). */
export async function leadTotals(kitId: string): Promise<LeadTotals> {
  const doubleOptIn = (await sequenceOf(kitId))?.doubleOptIn ?? false;
  const grouped = await getDb()
    .select({ status: emailEnrolments.status, confirmed: sql<number>`case when ${emailEnrolments.confirmedAt} is null then 0 else 1 end`, n: count() })
    .from(leads)
    .leftJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
    .where(eq(leads.kitId, kitId))
    .groupBy(emailEnrolments.status, sql`case when ${emailEnrolments.confirmedAt} is null then 0 else 1 end`);
  const byStatus: Record<string, number> = {};
  let all = 0;
  for (const g of grouped) {
    const status = g.status ? statusOf({ status: g.status, confirmedAt: Number(g.confirmed) ? new Date(0) : null }, doubleOptIn) : "none";
    byStatus[status] = (byStatus[status] ?? 0) + Number(g.n);
    all += Number(g.n);
  }
  return { all, byStatus };
}

export async function createBroadcast(kitId: string, input: { subject: string; preview: string; body: string; sendAt: Date }) {
  const id = crypto.randomUUID();
  await getDb().insert(emailBroadcasts).values({ id, kitId, ...input });
  return id;
}

export async function cancelBroadcast(kitId: string, id: string) {
  const result = await getDb().update(emailBroadcasts).set({ status: "cancelled" }).where(and(eq(emailBroadcasts.kitId, kitId), eq(emailBroadcasts.id, id), eq(emailBroadcasts.status, "scheduled")));
  return changes(result) === 1;
}

export async function broadcastsOf(kitId: string) {
  const rows = await getDb().select().from(emailBroadcasts).where(eq(emailBroadcasts.kitId, kitId)).orderBy(desc(emailBroadcasts.createdAt)).limit(20);
  if (rows.length === 0) return [];
  const sent = await getDb()
    .select({ id: emailSends.broadcastId, n: count() })
    .from(emailSends)
    .where(and(inArray(emailSends.broadcastId, rows.map((r) => r.id)), eq(emailSends.status, "sent")))
    .groupBy(emailSends.broadcastId);
  const byId = new Map(sent.map((s) => [s.id, Number(s.n)]));
  return rows.map((r) => ({ ...r, delivered: byId.get(r.id) ?? 0 }));
}

/** enrolLead for the sign-up form: a failure is logged, never the visitor's problem (their sign-up is stored). */
export async function enrolLeadSafely(kitId: string, email: string) {
  try {
    await enrolLead(kitId, email);
  } catch (error) {
    logError("could not enrol a lead in the page's e-mail sequence", error);
  }
}
