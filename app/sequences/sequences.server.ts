import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { getSessionSecret } from "~/auth/secret.server";
import { changes, first, getDb, transaction } from "~/db/client.server";
import { emailBroadcasts, emailEnrolments, emailSends, emailSequences, emailSteps, emailSuppressions, leads, type EmailDelayUnit, type EmailStep } from "~/db/schema";
import { messageIdFor } from "./headers";
import { senderDomain } from "./mail-config.server";
import { onShutdown, onStartup } from "~/lifecycle.server";
import { logError } from "~/utils/log.server";
import { nextStep, orderKeyAfter, ORDER_GAP } from "./schedule";

/**
 * A page's e-mail sequence and its leads' places in it (issue 30,
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
    // Leads from before the sequence existed are subscribed (broadcasts reach them) but past the welcome e-mails.
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

export async function updateSettings(kitId: string, values: { enabled?: boolean; doubleOptIn?: boolean; postalAddress?: string }, now = new Date()) {
  await getDb().update(emailSequences).set({ ...values, updatedAt: now }).where(eq(emailSequences.kitId, kitId));
  if (values.enabled) await rescheduleActive(kitId, now);
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

/** The signed part of a confirmation link: HMAC of the lead id, so nobody confirms an address they do not read. */
export function confirmationSignature(leadId: string) {
  return crypto.createHmac("sha256", getSessionSecret()).update(`email-confirm:${leadId}`).digest("base64url").slice(0, 32);
}
export function confirmationToken(leadId: string) {
  return `${leadId}.${confirmationSignature(leadId)}`;
}

async function isSuppressed(kitId: string, email: string) {
  return (await first(getDb().select({ e: emailSuppressions.email }).from(emailSuppressions).where(and(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.email, email))))) !== undefined;
}

async function queueConfirmation(tx: ReturnType<typeof getDb>, kitId: string, leadId: string, now: Date) {
  const key = `confirm:${now.getTime()}`;
  await tx
    .insert(emailSends)
    .values({ id: crypto.randomUUID(), leadId, kitId, key, messageId: messageIdFor(leadId, key, senderDomain()), nextAttemptAt: now })
    .onConflictDoNothing();
}

/**
 * A sign-up on the published page (called by the lead post, new or not):
 * the lead joins the page's sequence. With double opt-in they are sent a
 * confirmation link first (again when they sign up again unconfirmed, or
 * suppressed: confirming lifts the suppression); without it, a suppressed
 * address is left alone.
 */
export async function enrolLead(kitId: string, email: string, now = new Date()): Promise<void> {
  const sequence = await sequenceOf(kitId);
  if (!sequence) return;
  const lead = await first(getDb().select({ id: leads.id }).from(leads).where(and(eq(leads.kitId, kitId), eq(leads.email, email.trim().toLowerCase()))));
  if (!lead) return;
  const suppressed = await isSuppressed(kitId, email.trim().toLowerCase());
  await transaction(async (tx) => {
    const existing = await first(tx.select().from(emailEnrolments).where(eq(emailEnrolments.leadId, lead.id)));
    if (!existing) {
      const confirmFirst = sequence.doubleOptIn || suppressed;
      if (suppressed && !sequence.doubleOptIn) return;
      await tx.insert(emailEnrolments).values({
        leadId: lead.id,
        kitId,
        status: confirmFirst ? "unconfirmed" : "active",
        unsubscribeToken: newToken(),
        startedAt: confirmFirst ? null : now,
        nextAt: confirmFirst ? null : now,
        createdAt: now,
      });
      if (confirmFirst) await queueConfirmation(tx, kitId, lead.id, now);
      return;
    }
    if (!sequence.doubleOptIn) return;
    if (existing.status === "unconfirmed" || existing.status === "unsubscribed" || existing.status === "bounced") {
      await tx.update(emailEnrolments).set({ status: existing.status === "unconfirmed" ? "unconfirmed" : existing.status, updatedAt: now }).where(eq(emailEnrolments.leadId, lead.id));
      await queueConfirmation(tx, kitId, lead.id, now);
    }
  });
}

/** A confirmation link followed: the lead is active from now (a suppression is lifted: they asked again). */
export async function confirmLead(token: string, now = new Date()): Promise<{ kitId: string } | null> {
  const [leadId, signature] = token.split(".");
  if (!leadId || !signature) return null;
  const expected = confirmationSignature(leadId);
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  return transaction(async (tx) => {
    const row = await first(tx.select({ e: emailEnrolments, email: leads.email }).from(emailEnrolments).innerJoin(leads, eq(leads.id, emailEnrolments.leadId)).where(eq(emailEnrolments.leadId, leadId)));
    if (!row) return null;
    if (row.e.status !== "active") {
      await tx.delete(emailSuppressions).where(and(eq(emailSuppressions.kitId, row.e.kitId), eq(emailSuppressions.email, row.email)));
      await tx
        .update(emailEnrolments)
        .set({ status: "active", confirmedAt: now, startedAt: row.e.startedAt ?? now, nextAt: now, note: null, updatedAt: now })
        .where(eq(emailEnrolments.leadId, leadId));
    }
    return { kitId: row.e.kitId };
  });
}

export async function enrolmentByToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  return first(
    getDb()
      .select({ leadId: emailEnrolments.leadId, kitId: emailEnrolments.kitId, status: emailEnrolments.status, email: leads.email })
      .from(emailEnrolments)
      .innerJoin(leads, eq(leads.id, emailEnrolments.leadId))
      .where(eq(emailEnrolments.unsubscribeToken, token)),
  );
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

/** The unsubscribe link or the one-click POST: true when the token is known (a second click is fine). */
export async function unsubscribe(token: string, now = new Date()): Promise<boolean> {
  const row = await enrolmentByToken(token);
  if (!row) return false;
  if (row.status !== "unsubscribed") await suppress(row.kitId, row.leadId, row.email, "unsubscribed", "Unsubscribed", now);
  return true;
}

// ---- what the founder sees ----------------------------------------------------------------------

export type LeadRow = {
  id: string;
  email: string;
  status: string | null;
  sentCount: number;
  nextSubject: string | null;
  nextAt: Date | null;
  note: string | null;
};

/** The lead list: each lead's status, e-mails sent and the next one (subject and when). */
export async function leadList(kitId: string, limit = 200): Promise<LeadRow[]> {
  const rows = await getDb()
    .select({ id: leads.id, email: leads.email, e: emailEnrolments })
    .from(leads)
    .leftJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
    .where(eq(leads.kitId, kitId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  const steps = await stepsOf(kitId);
  const sequence = await sequenceOf(kitId);
  // A suppressed address that signed up again without double opt-in is not enrolled: say why.
  const suppressed = new Set((await getDb().select({ email: emailSuppressions.email }).from(emailSuppressions).where(eq(emailSuppressions.kitId, kitId))).map((r) => r.email));
  return rows.map((r) => {
    const e = r.e;
    const next = e && e.status === "active" && sequence?.enabled ? nextStep(steps, e) : null;
    return { id: r.id, email: r.email, status: e?.status ?? (suppressed.has(r.email) ? "suppressed" : null), sentCount: e?.sentCount ?? 0, nextSubject: next?.step.subject ?? null, nextAt: next?.dueAt ?? null, note: e?.note ?? null };
  });
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

// The sender runs on every instance that runs background work (not JOB_WORKERS=0). Registered here, in the
// module the lead post loads at start-up; imported when started, as the sender imports this module.
onStartup("sequence-sender", async () => {
  if (process.env.JOB_WORKERS !== "0") (await import("./sender.server")).startSequenceSender();
});
onShutdown("sequence-sender", async () => (await import("./sender.server")).stopSequenceSender());
