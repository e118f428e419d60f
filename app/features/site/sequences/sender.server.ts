import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { unconfirmedMessage } from "~/features/auth/index.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { getConfig } from "~/platform/config.server";
import { changes, dialect, first, getDb, transaction } from "~/platform/db/client.server";
import { emailBroadcasts, emailEnrolments, emailSends, emailSequences, emailSteps, launchKits, leads, users, type EmailSend } from "~/platform/db/schema";
import { kitBrand } from "~/kit/content.server";
import { fontStack } from "~/kit/brand/fonts";
import { logError } from "~/platform/log.server";
import { linkOrigin } from "~/platform/http/site-origin.server";
import { listHeaders, messageIdFor, unsubscribeUrl } from "./headers";
import { dkimOptions, fromAddress, ratePerMinute, senderDomain } from "./mail-config.server";
import { DEFAULT_LOOK, renderEmail, type EmailLook, type EmailParts } from "./render";
import { nextStep, RETRY_WINDOW_MS, retryDelayMs, HOUR_MS } from "./schedule";
import { loadMailKey } from "./mail-key.server";
import { bouncedAnywhere, confirmationToken, mayReceive, suppress, unaskedMailAllowed, unsubscribeToken } from "./sequences.server";
import { waitlistBlock, waitlistEmail } from "~/features/site/waitlist/email.server";

/**
 * The sequence sender (docs/decisions/028-email-sequences.md). Each pass:
 * 1. schedules: leads whose next_at has come (index email_enrolments_due_idx)
 *    get their next step queued as a send, unique per lead and step;
 * 2. starts broadcasts whose time has come (one send per subscribed lead,
 *    and with double opt-in on, only those who confirmed);
 * 3. delivers: claims due sends (index email_sends_due_idx) with a lease,
 *    as the job queue does, and sends them through a pooled transport; a
 *    send is marked sent only after the SMTP server accepted it, and only
 *    then does its lead move on. 4xx and connection failures retry with
 *    backoff for 3 days; a 5xx for the recipient suppresses the address.
 * Every instance runs one (not with JOB_WORKERS=0), at MAIL_RATE_PER_MINUTE.
 */

export const SENDER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
/** A claimed send is another instance's to take after this long (a crash, a kill -9). */
export const LEASE_MS = 5 * 60 * 1000;
/** Held (sequence off, no address, no Pro, founder unconfirmed): looked at again after this long. */
const HOLD_MS = HOUR_MS;
const SCHEDULE_BATCH = 500;

// ---- transport ------------------------------------------------------------------------------

let transport: { key: string; t: Transporter } | null = null;

/** A pooled SMTP transport for SMTP_URL (DKIM-signing when configured); without SMTP_URL, .eml files. */
function getTransport(): Transporter {
  const url = getConfig().mail.smtpUrl ?? "";
  const dkim = dkimOptions();
  const key = `${url}|${dkim?.domainName ?? ""}|${dkim?.keySelector ?? ""}`;
  if (transport?.key === key) return transport.t;
  transport?.t.close();
  const t = url
    ? // Options from the URL, then ours: nodemailer ignores every other option given beside a `url`.
      nodemailer.createTransport({ ...parseConnectionUrl(url), pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, ...(dkim ? { dkim } : {}) } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...(dkim ? { dkim } : {}) } as never);
  transport = { key, t };
  return t;
}

/** Closes the pooled connections (tests; shutdown). */
export function closeSequenceTransport() {
  transport?.t.close();
  transport = null;
}

type Outgoing = { to: string; subject: string; html: string; text: string; messageId: string; replyTo?: string; fromName: string; unsubscribe: string | null };

async function transmit(mail: Outgoing) {
  const t = getTransport();
  const fromName = mail.fromName.replace(/["\r\n<>]/g, "").trim() || "LaunchKit";
  const info = await t.sendMail({
    from: { name: fromName, address: fromAddress() },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject.replace(/[\r\n]+/g, " "),
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.unsubscribe ? listHeaders(mail.unsubscribe) : {},
  });
  if (!getConfig().mail.smtpUrl) {
    const dir = path.join(getConfig().dataDir, "outbox");
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-seq-${crypto.randomBytes(3).toString("hex")}.eml`);
    fs.writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
  }
}

/** An SMTP failure that is final for this recipient: a 5xx to RCPT TO or to the message. */
export function isPermanentForRecipient(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && (e.code === "EENVELOPE" || e.code === "EMESSAGE");
}

// ---- who may send, and how it looks --------------------------------------------------------

/** Why a page may not e-mail its leads now, or null. Pro (plan rules and admin override) and a confirmed founder. */
export async function sendingBlocked(userId: string): Promise<string | null> {
  const user = await first(getDb().select({ emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)));
  if (!user) return "No account.";
  const unconfirmed = unconfirmedMessage(user);
  if (unconfirmed) return unconfirmed;
  return sequencesAllowed((await entitlementsFor(userId)).effectivePlan) ? null : "E-mail sequences and broadcasts are part of Pro.";
}

export const sequencesAllowed = (plan: string) => plan === "pro";

export async function lookOf(kitId: string): Promise<EmailLook> {
  const brand = await kitBrand(kitId);
  if (!brand) return DEFAULT_LOOK;
  return { name: brand.name, primary: brand.palette.primary, background: "#FFFFFF", text: brand.palette.text, headingFont: fontStack(brand.fonts.heading), bodyFont: fontStack(brand.fonts.body) };
}

// ---- 1. schedule -------------------------------------------------------------------------------

const leaseFree = (now: Date) => or(isNull(emailSends.leaseUntil), lt(emailSends.leaseUntil, now));

/** Leads whose next look has come: through email_enrolments_due_idx (status, next_at), however many are enrolled. */
export function dueEnrolments(now: Date) {
  return getDb()
    .select()
    .from(emailEnrolments)
    .where(and(eq(emailEnrolments.status, "active"), lte(emailEnrolments.nextAt, now)))
    .orderBy(asc(emailEnrolments.nextAt))
    .limit(SCHEDULE_BATCH);
}

/** Sends due and not held by a live lease: through email_sends_due_idx (status, next_attempt_at). */
export function dueSends(now: Date, limit: number) {
  return getDb()
    .select({ id: emailSends.id })
    .from(emailSends)
    .where(and(eq(emailSends.status, "pending"), lte(emailSends.nextAttemptAt, now), leaseFree(now)))
    .orderBy(asc(emailSends.nextAttemptAt))
    .limit(limit);
}

/** Queues each due lead's next step (or pushes next_at to when it is due). Returns how many sends were queued. */
export async function scheduleDue(now: Date): Promise<number> {
  const due = await dueEnrolments(now);
  if (due.length === 0) return 0;
  const kitIds = [...new Set(due.map((d) => d.kitId))];
  const sequences = new Map((await getDb().select().from(emailSequences).where(inArray(emailSequences.kitId, kitIds))).map((s) => [s.kitId, s]));
  const steps = await getDb().select().from(emailSteps).where(inArray(emailSteps.kitId, kitIds));
  let queued = 0;
  for (const e of due) {
    const seq = sequences.get(e.kitId);
    // Not confirmed under double opt-in: nothing until they confirm (confirmLead looks again) or it is turned off.
    const next = seq?.enabled && mayReceive(e, seq.doubleOptIn) ? nextStep(steps.filter((s) => s.kitId === e.kitId), e) : null;
    // Only the look that saw this next_at moves it (another instance may have moved it already).
    const same = and(eq(emailEnrolments.leadId, e.leadId), eq(emailEnrolments.nextAt, e.nextAt!), eq(emailEnrolments.status, "active"));
    if (!next) {
      await getDb().update(emailEnrolments).set({ nextAt: null }).where(same);
    } else if (next.dueAt > now) {
      await getDb().update(emailEnrolments).set({ nextAt: next.dueAt }).where(same);
    } else {
      await transaction(async (tx) => {
        const moved = await tx.update(emailEnrolments).set({ nextAt: null }).where(same);
        if (changes(moved) !== 1) return;
        const key = `step:${next.step.id}`;
        // A send cancelled while the sequence was off goes again; a pending or sent one stays as it is.
        await tx
          .insert(emailSends)
          .values({ id: crypto.randomUUID(), leadId: e.leadId, kitId: e.kitId, key, stepId: next.step.id, messageId: messageIdFor(e.leadId, key, senderDomain()), nextAttemptAt: now })
          .onConflictDoUpdate({ target: [emailSends.leadId, emailSends.key], set: { status: "pending", nextAttemptAt: now, attempts: 0, firstAttemptAt: null, lastError: null }, setWhere: sql`${emailSends.status} = 'cancelled'` });
        queued++;
      });
    }
  }
  return queued;
}

// ---- 2. broadcasts ---------------------------------------------------------------------------

export async function startDueBroadcasts(now: Date): Promise<number> {
  const due = await getDb().select().from(emailBroadcasts).where(and(eq(emailBroadcasts.status, "scheduled"), lte(emailBroadcasts.sendAt, now))).limit(10);
  let started = 0;
  for (const b of due) {
    await transaction(async (tx) => {
      const claimed = await tx.update(emailBroadcasts).set({ status: "sent" }).where(and(eq(emailBroadcasts.id, b.id), eq(emailBroadcasts.status, "scheduled")));
      if (changes(claimed) !== 1) return;
      const seq = await first(tx.select({ doubleOptIn: emailSequences.doubleOptIn }).from(emailSequences).where(eq(emailSequences.kitId, b.kitId)));
      const recipients = await tx
        .select({ leadId: emailEnrolments.leadId })
        .from(emailEnrolments)
        .where(and(eq(emailEnrolments.kitId, b.kitId), eq(emailEnrolments.status, "active"), seq?.doubleOptIn ? isNotNull(emailEnrolments.confirmedAt) : undefined));
      const key = `broadcast:${b.id}`;
      for (let i = 0; i < recipients.length; i += 500) {
        await tx
          .insert(emailSends)
          .values(recipients.slice(i, i + 500).map((r) => ({ id: crypto.randomUUID(), leadId: r.leadId, kitId: b.kitId, key, broadcastId: b.id, messageId: messageIdFor(r.leadId, key, senderDomain()), nextAttemptAt: now })))
          .onConflictDoNothing();
      }
      await tx.update(emailBroadcasts).set({ recipients: recipients.length }).where(eq(emailBroadcasts.id, b.id));
      started++;
    });
  }
  return started;
}

// ---- 3. deliver ---------------------------------------------------------------------------------


/** Claims up to `limit` due sends for this sender: a conditional update each, so two instances never hold the same one. */
export async function claimSends(now: Date, limit: number, senderId = SENDER_ID): Promise<EmailSend[]> {
  const candidates = await dueSends(now, limit);
  const claimed: EmailSend[] = [];
  for (const c of candidates) {
    const [row] = await getDb()
      .update(emailSends)
      .set({ lockedBy: senderId, leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${emailSends.attempts} + 1` })
      .where(and(eq(emailSends.id, c.id), eq(emailSends.status, "pending"), leaseFree(now)))
      .returning();
    if (row) claimed.push(row);
  }
  return claimed;
}

export type Outcome = "sent" | "retry" | "bounced" | "failed" | "cancelled" | "held";

const mine = (send: EmailSend, senderId: string) => and(eq(emailSends.id, send.id), eq(emailSends.lockedBy, senderId));

async function finish(send: EmailSend, senderId: string, values: Partial<EmailSend>) {
  return getDb().update(emailSends).set({ lockedBy: null, leaseUntil: null, ...values }).where(mine(send, senderId));
}

/** Delivers one claimed send and records the outcome. */
export async function deliver(send: EmailSend, now: Date, senderId = SENDER_ID): Promise<Outcome> {
  const row = await first(
    getDb()
      .select({ email: leads.email, e: emailEnrolments, seq: emailSequences, userId: launchKits.userId })
      .from(leads)
      .innerJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
      .innerJoin(launchKits, eq(launchKits.id, leads.kitId))
      .innerJoin(users, eq(users.id, launchKits.userId))
      .leftJoin(emailSequences, eq(emailSequences.kitId, leads.kitId))
      .where(eq(leads.id, send.leadId)),
  );
  const cancel = async () => (await finish(send, senderId, { status: "cancelled" }), "cancelled" as const);
  if (!row || !row.seq) return cancel();
  // Hard-bounced on another page of the install since this was queued: this page stops mailing it too. A
  // confirmation still goes: only the person's own request from an e-mail they had queues one for such an address
  // (requestResubscribe; sign-ups and "ask to confirm" skip it), and following it lifts the bounce.
  if (send.key.split(":")[0] !== "confirm" && row.e.status !== "bounced" && (await bouncedAnywhere(row.email))) {
    await cancel();
    await suppress(send.kitId, send.leadId, row.email, "bounced", "This address bounced on another page of this LaunchKit.", now);
    return "cancelled";
  }
  await loadMailKey();
  const kind = send.key.split(":")[0];
  let parts: EmailParts | null = null;
  if (kind === "step") {
    const step = await first(getDb().select().from(emailSteps).where(eq(emailSteps.id, send.stepId!)));
    if (!step || !mayReceive(row.e, row.seq.doubleOptIn)) {
      // The step was removed (its lead looks again for the next one), or the lead left.
      await cancel();
      if (row.e.status === "active") await getDb().update(emailEnrolments).set({ nextAt: now }).where(eq(emailEnrolments.leadId, send.leadId));
      return "cancelled";
    }
    parts = step;
  } else if (kind === "broadcast") {
    const b = await first(getDb().select().from(emailBroadcasts).where(eq(emailBroadcasts.id, send.broadcastId!)));
    if (!b || b.status === "cancelled" || !mayReceive(row.e, row.seq.doubleOptIn)) return cancel();
    parts = b;
  } else if (kind === "confirm") {
    if (row.e.status === "active" && row.e.confirmedAt) return cancel();
  } else if (kind === "waitlist-reward" || kind === "waitlist-invite") {
    // The waitlist's own e-mails (app/features/site/waitlist): only to a lead who confirmed and is still subscribed.
    if (!mayReceive(row.e, true)) return cancel();
  } else return cancel();

  const origin = await linkOrigin();
  const blocked =
    (await sendingBlocked(row.userId)) ?? (!row.seq.postalAddress.trim() ? "No postal address." : null) ?? (!origin ? "LaunchKit does not know its public address (APP_URL)." : null) ?? (kind === "step" && !row.seq.enabled ? "The sequence is off." : null);
  if (blocked) {
    if (kind === "step") {
      // The lead waits where they are: the step is queued again when the scheduler looks in an hour (the
      // sequence off: when it is turned back on).
      await cancel();
      await getDb()
        .update(emailEnrolments)
        .set({ nextAt: new Date(now.getTime() + HOLD_MS) })
        .where(and(eq(emailEnrolments.leadId, send.leadId), eq(emailEnrolments.status, "active")));
      return "held";
    }
    await finish(send, senderId, { nextAttemptAt: new Date(now.getTime() + HOLD_MS), attempts: Math.max(0, send.attempts - 1), lastError: blocked });
    return "held";
  }
  // The first e-mail of a sign-up nobody confirmed (single opt-in): anyone can type an address into every page of
  // the install, so it counts against the address's daily cap as a confirmation does (counted on its first attempt
  // only, once nothing else holds it). Over the cap it waits, looked at again in an hour, until the address is under.
  if (kind === "step" && send.attempts <= 1 && !row.e.confirmedAt && row.e.sentCount === 0 && row.e.lastOrderKey === 0 && !(await unaskedMailAllowed(row.email))) {
    await cancel();
    await getDb()
      .update(emailEnrolments)
      .set({ nextAt: new Date(now.getTime() + HOLD_MS) })
      .where(and(eq(emailEnrolments.leadId, send.leadId), eq(emailEnrolments.status, "active")));
    return "held";
  }
  const look = await lookOf(send.kitId);
  if (kind === "waitlist-reward" || kind === "waitlist-invite") {
    parts = await waitlistEmail(send.leadId, send.key, origin!, look.name);
    if (!parts) return cancel();
  } else if (kind === "step" && parts) {
    // A lead in a referral waitlist's line reads their place and personal link in each e-mail.
    const block = await waitlistBlock(send.leadId, origin!, look.name);
    if (block) parts = { ...parts, body: `${parts.body}\n\n${block}` };
  }
  // A token of this e-mail's own, signed with the time: its one-click works for UNSUBSCRIBE_LINK_TTL_MS.
  const unsubscribe = unsubscribeUrl(origin!, unsubscribeToken(send.leadId, now));
  const content: EmailParts =
    parts ??
    ({
      subject: `Please confirm: ${look.name} e-mails`,
      preview: "One click and you are on the list.",
      body: `You (or someone using your address) signed up on the ${look.name} page.\n\nConfirm that you want our e-mails (the link works for 7 days): [Yes, send me e-mails](${origin}/e/confirm/${confirmationToken(send.leadId, now)})\n\nIf it was not you, ignore this e-mail: you will get nothing else.`,
    } satisfies EmailParts);
  const { html, text } = renderEmail(content, look, {
    postalAddress: row.seq.postalAddress,
    unsubscribeUrl: kind === "confirm" ? null : unsubscribe,
    reason: kind === "confirm" ? "You get this one e-mail because this address was entered on our sign-up form." : undefined,
  });
  try {
    await transmit({ to: row.email, subject: content.subject, html, text, messageId: send.messageId, replyTo: row.seq.replyTo || undefined, fromName: look.name, unsubscribe: kind === "confirm" ? null : unsubscribe });
  } catch (error) {
    const message = String((error as { response?: string; message?: string }).response ?? (error as Error).message).slice(0, 300);
    if (isPermanentForRecipient(error)) {
      await finish(send, senderId, { status: "bounced", lastError: message });
      await suppress(send.kitId, send.leadId, row.email, "bounced", message, now);
      return "bounced";
    }
    const firstAttemptAt = send.firstAttemptAt ?? now;
    if (now.getTime() - firstAttemptAt.getTime() >= RETRY_WINDOW_MS) {
      await finish(send, senderId, { status: "failed", firstAttemptAt, lastError: message });
      if (kind === "step") await getDb().update(emailEnrolments).set({ status: "failed", nextAt: null, note: `Gave up after 3 days: ${message}`, updatedAt: now }).where(eq(emailEnrolments.leadId, send.leadId));
      return "failed";
    }
    await finish(send, senderId, { firstAttemptAt, nextAttemptAt: new Date(now.getTime() + retryDelayMs(send.attempts)), lastError: message });
    return "retry";
  }
  // Accepted: recorded, and only then does the lead move on (a crash before this resends this one e-mail, same Message-ID).
  await transaction(async (tx) => {
    const recorded = await tx
      .update(emailSends)
      .set({ status: "sent", sentAt: now, lockedBy: null, leaseUntil: null, lastError: null })
      .where(and(eq(emailSends.id, send.id), eq(emailSends.status, "pending")));
    // Already recorded by another instance that resent it after this one's lease ran out: counted once.
    if (changes(recorded) !== 1) return;
    if (kind === "step") {
      const step = await first(tx.select({ orderKey: emailSteps.orderKey }).from(emailSteps).where(eq(emailSteps.id, send.stepId!)));
      await tx
        .update(emailEnrolments)
        .set({
          lastOrderKey: dialect() === "postgres" ? sql`greatest(${emailEnrolments.lastOrderKey}, ${step?.orderKey ?? 0})` : sql`max(${emailEnrolments.lastOrderKey}, ${step?.orderKey ?? 0})`,
          lastSentAt: now,
          sentCount: sql`${emailEnrolments.sentCount} + 1`,
          nextAt: now,
          updatedAt: now,
        })
        .where(eq(emailEnrolments.leadId, send.leadId));
    } else if (kind === "broadcast") {
      await tx.update(emailEnrolments).set({ sentCount: sql`${emailEnrolments.sentCount} + 1` }).where(eq(emailEnrolments.leadId, send.leadId));
    }
  });
  return "sent";
}

export type PassResult = { queued: number; broadcasts: number; outcomes: Outcome[] };

/** One pass: schedule, start broadcasts, deliver up to `limit` (with `pace` awaited between sends). */
export async function runSenderPass({ now = new Date(), limit = 50, senderId = SENDER_ID, pace }: { now?: Date; limit?: number; senderId?: string; pace?: () => Promise<void> } = {}): Promise<PassResult> {
  const queued = await scheduleDue(now);
  const broadcasts = await startDueBroadcasts(now);
  const outcomes: Outcome[] = [];
  const claimed = await claimSends(now, limit, senderId);
  let transmitted = false;
  for (const send of claimed) {
    // The rate counts what reached the SMTP server: held and cancelled sends wait for nothing.
    if (transmitted && pace) await pace();
    try {
      const outcome = await deliver(send, pace && outcomes.length > 0 ? new Date() : now, senderId);
      outcomes.push(outcome);
      transmitted = outcome !== "held" && outcome !== "cancelled";
    } catch (error) {
      logError("sequence e-mail not delivered (it goes again when its lease runs out)", error);
    }
  }
  return { queued, broadcasts, outcomes };
}

// ---- the loop --------------------------------------------------------------------------------

const loop = { stopped: true, timer: null as NodeJS.Timeout | null, running: null as Promise<unknown> | null };
const TICK_MS = 5_000;

function tick() {
  loop.timer = null;
  if (loop.stopped) return;
  const rate = ratePerMinute();
  const gap = 60_000 / rate;
  loop.running = runSenderPass({ limit: Math.max(1, Math.min(50, Math.ceil(rate / 4))), pace: () => new Promise((r) => setTimeout(r, gap)) })
    .catch((error) => logError("sequence sender pass failed", error))
    .finally(() => {
      loop.running = null;
      if (!loop.stopped) loop.timer = setTimeout(tick, TICK_MS).unref();
    });
}

export function startSequenceSender() {
  if (!loop.stopped) return;
  loop.stopped = false;
  loop.timer = setTimeout(tick, TICK_MS).unref();
}

export async function stopSequenceSender(graceMs = 2_000) {
  loop.stopped = true;
  if (loop.timer) clearTimeout(loop.timer);
  if (loop.running) await Promise.race([loop.running, new Promise((r) => setTimeout(r, graceMs).unref())]);
  closeSequenceTransport();
}


/** A test e-mail of one step to the founder (the unsubscribe link is shown but leads nowhere). */
export async function sendTestEmail(kitId: string, to: string, parts: EmailParts, postalAddress: string, origin: string, replyTo = "") {
  const look = await lookOf(kitId);
  const unsubscribe = unsubscribeUrl(origin, "test-only-no-lead-token");
  const { html, text } = renderEmail({ ...parts, subject: `[Test] ${parts.subject}` }, look, { postalAddress, unsubscribeUrl: unsubscribe, reason: "This is a test of your sequence: only you get it." });
  await transmit({ to, subject: `[Test] ${parts.subject}`, html, text, messageId: `<test.${crypto.randomUUID()}@${senderDomain()}>`, replyTo: replyTo || undefined, fromName: look.name, unsubscribe });
}
