import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetSessionSecretForTests, getSessionSecret } from "~/platform/secret.server";
import { resetConfigForTests } from "~/platform/config.server";
import { dialect, getDb, pgPool, sqliteClient } from "~/platform/db/client.server";
import { appSettings, emailEnrolments, emailSends, emailSuppressions, leads, rateLimitHits, users } from "~/platform/db/schema";
import { messageIdFor } from "~/features/site/sequences/headers";
import { forgetMailKey, loadMailKey, MAIL_KEY_SETTING } from "~/features/site/sequences/mail-key.server";
import { claimSends, closeSequenceTransport, deliver, dueEnrolments, dueSends, LEASE_MS, runSenderPass, scheduleDue } from "~/features/site/sequences/sender.server";
import {
  addStep,
  askToConfirm,
  CONFIRMATIONS_PER_ADDRESS,
  confirmationToken,
  createBroadcast,
  enrolLead,
  enrolmentByToken,
  ensureSequence,
  leadList,
  requestResubscribe,
  stepsOf,
  suppress,
  unsubscribeToken,
  updateSettings,
  updateStep,
} from "~/features/site/sequences/sequences.server";
import { DAY_MS, HOUR_MS } from "~/features/site/sequences/schedule";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { createRequestContext } from "~/platform/http/request-context";
import { clearFakeOpenAIEnv, useBuiltinProvider } from "../support/ai-env";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * E-mail sequences on SQLite and PostgreSQL with a real SMTP server: a sequence
 * delivers each step once, in order, at its time (the sender's clock is
 * moved by the test); a 5xx suppresses; the SMTP server down for a while
 * delays mail and loses none (and 3 days of it gives up); an instance that
 * dies mid-batch (its lease abandoned) leaves no step skipped and none sent
 * twice but the one documented case (accepted, not recorded: same
 * Message-ID); double opt-in; one-click unsubscribe; broadcasts; 10,000
 * enrolled leads scanned through an index.
 */

type Mail = { to: string[]; raw: string; subject: string; messageId: string; text: string };

const ADDRESS = "12 Harbour Road, Bristol BS1 5TY, UK";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let pageId = "";
let ip = 0;

function readSink(): Mail[] {
  return fs
    .readdirSync(mailDir)
    .sort((a, b) => parseInt(a) - parseInt(b) || parseInt(a.split("-")[1]!) - parseInt(b.split("-")[1]!))
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string })
    .map((m) => {
      const raw = decodeMail(m.raw);
      const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "); // unfolded
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
      return { to: m.to, raw, subject: header("Subject"), messageId: header("Message-ID"), text: raw };
    });
}
const mailTo = (email: string) => readSink().filter((m) => m.to.includes(email));

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetConfigForTests();
  closeSequenceTransport();
}

async function signUp(email: string) {
  const route = await import("~/routes/public/page-lead");
  const init = { method: "POST", body: new URLSearchParams({ email }), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  const answer = await call(() => route.action(routeArgs(new Request(`${ORIGIN}/f/${pageId}`, init), { pageId }, createRequestContext(`10.9.${Math.floor(++ip / 200)}.${ip % 200}`))));
  expect(answer.status).toBe(303);
  return (await getDb().select().from(leads).where(and(eq(leads.kitId, kitId), eq(leads.email, email))))[0]!;
}

const enrolment = async (leadId: string) => (await getDb().select().from(emailEnrolments).where(eq(emailEnrolments.leadId, leadId)))[0]!;
const at = (base: number, ms: number) => new Date(base + ms);
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@leads.test`;

/** Runs passes until nothing is due at `now` (a pass delivers at most 50). */
async function drain(now: Date, senderId?: string) {
  for (let i = 0; i < 20; i++) {
    const r = await runSenderPass({ now, senderId });
    if (r.queued === 0 && r.broadcasts === 0 && r.outcomes.length === 0) return;
  }
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-seq-mail-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.APP_URL = "https://launchkit.test";
  useSmtp(sink.url);
  owner = await founder("sequencer");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id, "waitlist")).id;
  expect((await workspace(owner.cookie, kitId, { intent: "publish", slug: `seq-${Date.now().toString(36)}` })).status).toBe(303);
  const { landingPageOf } = await import("~/kit/assets/landing/pages.server");
  pageId = (await landingPageOf(kitId))!.pageId!;
  await ensureSequence(kitId, () => writeWelcome(kitId));
  await updateSettings(kitId, { enabled: true, postalAddress: ADDRESS });
}, 120_000);

beforeEach(async () => {
  await getDb().delete(rateLimitHits);
});

afterAll(async () => {
  closeSequenceTransport();
  await sink.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetConfigForTests();
  clearFakeOpenAIEnv();
});

describe("a sequence", () => {
  it("delivers each step once, in order, at its time, with the headers and the footer", async () => {
    const steps = await stepsOf(kitId);
    expect(steps.map((s) => `${s.delayValue} ${s.delayUnit}`)).toEqual(["0 hours", "2 days", "3 days"]);
    const email = uniqueEmail("ada");
    const lead = await signUp(email);
    const t0 = (await enrolment(lead.id)).startedAt!.getTime();
    await drain(at(t0, 1000));
    expect(mailTo(email).map((m) => m.subject)).toEqual([steps[0]!.subject]);
    await drain(at(t0, DAY_MS));
    await drain(at(t0, 2 * DAY_MS - 60_000));
    expect(mailTo(email)).toHaveLength(1);
    await drain(at(t0, 2 * DAY_MS + 2000));
    expect(mailTo(email)).toHaveLength(2);
    await drain(at(t0, 5 * DAY_MS - 60_000));
    expect(mailTo(email)).toHaveLength(2);
    await drain(at(t0, 5 * DAY_MS + 3000));
    await drain(at(t0, 40 * DAY_MS));
    const got = mailTo(email);
    expect(got.map((m) => m.subject)).toEqual(steps.map((s) => s.subject));
    expect(got.map((m) => m.messageId)).toEqual(steps.map((s) => messageIdFor(lead.id, `step:${s.id}`, "launchkit.local")));
    // Each e-mail carries its own signed unsubscribe token (they rotate), and no Reply-To the founder did not choose.
    const tokens = new Set<string>();
    for (const m of got) {
      const token = new RegExp(`^List-Unsubscribe: <https://launchkit\\.test/e/u/(${lead.id}\\.[0-9a-z]+\\.[\\w-]{32})>\\r?$`, "m").exec(m.raw)?.[1];
      expect(token).toBeTruthy();
      tokens.add(token!);
      expect(await enrolmentByToken(token!)).toMatchObject({ leadId: lead.id, status: "active" });
      expect(m.raw).not.toMatch(/^Reply-To:/im);
      expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(m.text).toContain(ADDRESS);
      expect(m.raw).toMatch(/Content-Type: text\/plain/);
      expect(m.raw).toMatch(/Content-Type: text\/html/);
    }
    expect(tokens.size).toBe(3);
    expect((await enrolment(lead.id)).sentCount).toBe(3);
  });

  it("sends an e-mail added at the end to a lead who had them all; one inserted before their place never", async () => {
    const email = uniqueEmail("bob");
    const lead = await signUp(email);
    const t0 = (await enrolment(lead.id)).startedAt!.getTime();
    await drain(at(t0, 1000));
    await drain(at(t0, 2 * DAY_MS + 2000));
    const steps = await stepsOf(kitId);
    // Inserted after step 1: Bob is past it.
    await addStep(kitId, steps[0]!.id, { subject: "Inserted early", preview: "", body: "Early", delayValue: 1, delayUnit: "hours" }, at(t0, 2 * DAY_MS + 3000));
    // Edited before Bob reaches it: he gets the new text and delay.
    await updateStep(kitId, steps[2]!.id, { subject: "Edited third", preview: "", body: "New words", delayValue: 1, delayUnit: "days" }, at(t0, 2 * DAY_MS + 4000));
    await drain(at(t0, 3 * DAY_MS + 3000));
    expect(mailTo(email).map((m) => m.subject)).toEqual([steps[0]!.subject, steps[1]!.subject, "Edited third"]);
    const last = await addStep(kitId, null, { subject: "Appended", preview: "", body: "More", delayValue: 2, delayUnit: "hours" }, at(t0, 3 * DAY_MS + 4000));
    await drain(at(t0, 3 * DAY_MS + 2 * HOUR_MS + 3000));
    await drain(at(t0, 3 * DAY_MS + 3 * HOUR_MS + 3000));
    expect(mailTo(email).map((m) => m.subject)).toEqual([steps[0]!.subject, steps[1]!.subject, "Edited third", "Appended"]);
    // Leave the sequence as the other tests expect it.
    const { removeStep } = await import("~/features/site/sequences/sequences.server");
    await removeStep(kitId, last!);
    await removeStep(kitId, (await stepsOf(kitId)).find((s) => s.subject === "Inserted early")!.id);
  });
});

describe("failures", () => {
  it("a 5xx for the recipient suppresses the address for good", async () => {
    const rejecting = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("gone.")) return callback(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 }));
        callback();
      },
      onData(stream, _s, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => rejecting.listen(0, "127.0.0.1", resolve));
    useSmtp(`smtp://127.0.0.1:${(rejecting.server.address() as { port: number }).port}`);
    try {
      const email = uniqueEmail("gone");
      const lead = await signUp(email);
      const r = await runSenderPass({ now: at(Date.now(), 1000) });
      expect(r.outcomes).toContain("bounced");
      expect((await enrolment(lead.id)).status).toBe("bounced");
      expect(await getDb().select().from(emailSuppressions).where(and(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.email, email)))).toHaveLength(1);
      await drain(at(Date.now(), 10 * DAY_MS));
      const sends = await getDb().select().from(emailSends).where(eq(emailSends.leadId, lead.id));
      expect(sends.map((s) => s.status)).toEqual(["bounced"]);
      // Signing up again without double opt-in e-mails nobody.
      await getDb().delete(leads).where(eq(leads.id, lead.id));
      const again = await signUp(email);
      expect(await getDb().select().from(emailEnrolments).where(eq(emailEnrolments.leadId, again.id))).toEqual([]);
      expect((await leadList(kitId)).find((l) => l.id === again.id)).toMatchObject({ status: "suppressed", sentCount: 0, nextAt: null });
    } finally {
      useSmtp(sink.url);
      await new Promise<void>((resolve) => rejecting.close(() => resolve()));
    }
  });

  it("the SMTP server down for a while delays mail and loses none; down for 3 days gives up and says so", async () => {
    useSmtp("smtp://127.0.0.1:9"); // nothing listens: connection refused
    const email = uniqueEmail("patient");
    const lead = await signUp(email);
    const t0 = (await enrolment(lead.id)).startedAt!.getTime();
    expect((await runSenderPass({ now: at(t0, 1000) })).outcomes).toEqual(["retry"]);
    expect((await runSenderPass({ now: at(t0, 30_000) })).outcomes).toEqual([]); // not due yet: backing off
    expect((await runSenderPass({ now: at(t0, 62_000) })).outcomes).toEqual(["retry"]);
    const [send] = await getDb().select().from(emailSends).where(eq(emailSends.leadId, lead.id));
    expect(send).toMatchObject({ status: "pending", attempts: 2 });
    expect(send!.lastError).toMatch(/ECONNREFUSED|connect/i);
    useSmtp(sink.url);
    await drain(at(t0, 10 * 60_000));
    expect(mailTo(email)).toHaveLength(1);

    useSmtp("smtp://127.0.0.1:9");
    const late = uniqueEmail("never");
    const other = await signUp(late);
    const t1 = (await enrolment(other.id)).startedAt!.getTime();
    for (let h = 0; h <= 73; h += 1) await runSenderPass({ now: at(t1, h * HOUR_MS + 1000) });
    useSmtp(sink.url);
    const e = await enrolment(other.id);
    expect(e.status).toBe("failed");
    expect(e.note).toMatch(/Gave up after 3 days/);
    expect((await leadList(kitId)).find((l) => l.id === other.id)).toMatchObject({ status: "failed" });
    expect(mailTo(late)).toEqual([]);
  });

  it("an instance that dies mid-batch: every step reaches every lead, none twice but the accepted-not-recorded one (same Message-ID)", async () => {
    const emails = Array.from({ length: 6 }, (_, i) => uniqueEmail(`crash${i}`));
    const leadRows: Array<typeof leads.$inferSelect> = [];
    for (const email of emails) leadRows.push(await signUp(email));
    const t0 = Math.max(...(await Promise.all(leadRows.map(async (l) => (await enrolment(l.id)).startedAt!.getTime()))));
    const now = at(t0, 1000);
    // Instance A queues and claims the batch, delivers two, a third is accepted but A dies before recording it, three never go.
    await runSenderPass({ now, limit: 0, senderId: "A" });
    const claimed = (await claimSends(now, 50, "A")).filter((s) => leadRows.some((l) => l.id === s.leadId));
    expect(claimed).toHaveLength(6);
    expect(await deliver(claimed[0]!, now, "A")).toBe("sent");
    expect(await deliver(claimed[1]!, now, "A")).toBe("sent");
    expect(await deliver(claimed[2]!, now, "A")).toBe("sent");
    // The crash window: the SMTP server accepted claimed[2], its record never happened.
    await getDb().update(emailSends).set({ status: "pending", sentAt: null, lockedBy: "A", leaseUntil: new Date(now.getTime() + LEASE_MS) }).where(eq(emailSends.id, claimed[2]!.id));
    await getDb().update(emailEnrolments).set({ lastOrderKey: 0, lastSentAt: null, sentCount: 0, nextAt: null }).where(eq(emailEnrolments.leadId, claimed[2]!.leadId));
    // B, while A's lease lives, touches none of them; after it runs out, sends the rest.
    expect((await runSenderPass({ now: at(t0, 60_000), senderId: "B" })).outcomes.filter((o) => o === "sent")).toHaveLength(0);
    await drain(at(t0, 1000 + LEASE_MS + 1000), "B");
    await drain(at(t0, 2 * DAY_MS + LEASE_MS + 60_000), "B");
    await drain(at(t0, 5 * DAY_MS + LEASE_MS + 120_000), "B");
    const steps = await stepsOf(kitId);
    for (const [i, lead] of leadRows.entries()) {
      const got = mailTo(emails[i]!);
      const expected = steps.map((s) => messageIdFor(lead.id, `step:${s.id}`, "launchkit.local"));
      if (lead.id === claimed[2]!.leadId) {
        // The one documented case: step 1 twice, with the same Message-ID; no other step twice.
        expect(got.map((m) => m.messageId)).toEqual([expected[0], expected[0], expected[1], expected[2]]);
      } else {
        expect(got.map((m) => m.messageId)).toEqual(expected);
      }
    }
  });

  it("two instances at once never send the same step", async () => {
    const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`race${i}`));
    for (const email of emails) await signUp(email);
    const now = at(Date.now(), 2000);
    await Promise.all([runSenderPass({ now, senderId: "X" }), runSenderPass({ now, senderId: "Y" }), runSenderPass({ now, senderId: "Z" })]);
    await drain(now);
    for (const email of emails) expect(mailTo(email)).toHaveLength(1);
  });
});

describe("leads", () => {
  it("double opt-in: a signed link, nothing else before it; a broadcast reaches only confirmed, subscribed leads", async () => {
    await updateSettings(kitId, { doubleOptIn: true });
    try {
      const pending = uniqueEmail("pending");
      const confirms = uniqueEmail("confirms");
      const leaves = uniqueEmail("leaves");
      const [p, c, l] = [await signUp(pending), await signUp(confirms), await signUp(leaves)];
      await drain(at(Date.now(), 1000));
      for (const email of [pending, confirms, leaves]) {
        const got = mailTo(email);
        expect(got).toHaveLength(1);
        expect(got[0]!.subject).toMatch(/Please confirm/);
        expect(got[0]!.raw).not.toMatch(/^List-Unsubscribe:/m);
      }
      const link = /https:\/\/launchkit\.test(\/e\/confirm\/[\w.-]+)/.exec(mailTo(confirms)[0]!.raw)![1]!;
      expect(link).toMatch(new RegExp(`^/e/confirm/${c.id}\\.[0-9a-z]+\\.[\\w-]{32}$`));
      const confirmRoute = await import("~/routes/public/email-confirm");
      const token = link.split("/").pop()!;
      // A forged signature confirms nothing.
      const forged = await call(() => confirmRoute.action(routeArgs(new Request(`${ORIGIN}/e/confirm/${p.id}.${"x".repeat(32)}`, { method: "POST" }), { token: `${p.id}.${"x".repeat(32)}` })));
      expect(forged.status).toBe(404);
      const ok = await call(() => confirmRoute.action(routeArgs(new Request(`${ORIGIN}${link}`, { method: "POST" }), { token })));
      expect(ok.status).toBe(200);
      const leaveToken = confirmationToken(l.id);
      await call(() => confirmRoute.action(routeArgs(new Request(`${ORIGIN}/e/confirm/${leaveToken}`, { method: "POST" }), { token: leaveToken })));
      await drain(at(Date.now(), 2000));
      expect(mailTo(confirms)).toHaveLength(2);
      expect(mailTo(pending)).toHaveLength(1);
      // One-click unsubscribe: a POST without cookies, RFC 8058's body, answered 200.
      const unsubscribeRoute = await import("~/routes/public/email-unsubscribe");
      const ut = (await enrolment(l.id)).unsubscribeToken;
      const body = new URLSearchParams({ "List-Unsubscribe": "One-Click" });
      const answer = await call(() => unsubscribeRoute.action(routeArgs(new Request(`${ORIGIN}/e/u/${ut}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }), { token: ut })));
      expect(answer.status).toBe(200);
      expect((await enrolment(l.id)).status).toBe("unsubscribed");
      const list = await leadList(kitId);
      expect(list.find((x) => x.id === p.id)).toMatchObject({ status: "unconfirmed", sentCount: 0 });
      expect(list.find((x) => x.id === l.id)).toMatchObject({ status: "unsubscribed" });
      expect(list.find((x) => x.id === c.id)).toMatchObject({ status: "active", sentCount: 1, nextSubject: (await stepsOf(kitId))[1]!.subject });

      const before = readSink().length;
      const id = await createBroadcast(kitId, { subject: "We launched!", preview: "", body: "It is **live**.", sendAt: at(Date.now(), 60_000) });
      await drain(at(Date.now(), 1000));
      expect(readSink().filter((m) => m.subject === "We launched!")).toHaveLength(0);
      await drain(at(Date.now(), 61_000));
      const launched = readSink().slice(before).filter((m) => m.subject === "We launched!");
      expect(launched.map((m) => m.to[0])).toContain(confirms);
      expect(launched.map((m) => m.to[0])).not.toContain(pending);
      expect(launched.map((m) => m.to[0])).not.toContain(leaves);
      // With double opt-in on, a subscribed lead who never confirmed (one from before it was on) gets none.
      const active = await getDb().select().from(emailEnrolments).where(and(eq(emailEnrolments.kitId, kitId), eq(emailEnrolments.status, "active"), isNotNull(emailEnrolments.confirmedAt)));
      expect(launched).toHaveLength(active.length);
      expect(id).toBeTruthy();
    } finally {
      await updateSettings(kitId, { doubleOptIn: false });
    }
  });
});

const confirmsTo = (email: string) => mailTo(email).filter((m) => /^Please confirm/.test(m.subject));
const unsubscribeLink = (m: Mail) => /^List-Unsubscribe: <https:\/\/launchkit\.test\/e\/u\/([^>]+)>/m.exec(m.raw)![1]!;
const confirmLink = (m: Mail) => /https:\/\/launchkit\.test\/e\/confirm\/([\w.-]+)/.exec(m.raw)![1]!;

/** The lead post's answer (where it sends the visitor), for a sign-up from a new address each time. */
async function signUpAnswer(email: string) {
  const route = await import("~/routes/public/page-lead");
  const init = { method: "POST", body: new URLSearchParams({ email }), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  const answer = await call(() => route.action(routeArgs(new Request(`${ORIGIN}/f/${pageId}`, init), { pageId }, createRequestContext(`10.8.${Math.floor(++ip / 200)}.${ip % 200}`))));
  // The thank-you pass carries its own expiry time: the same answer is the same status and page.
  return `${answer.status} ${answer.headers.get("Location")?.replace(/\?pass=.*$/, "")}`;
}

async function postConfirm(token: string) {
  const route = await import("~/routes/public/email-confirm");
  return call(() => route.action(routeArgs(new Request(`${ORIGIN}/e/confirm/${token}`, { method: "POST" }), { token })));
}

/** A POST to the unsubscribe URL as a mail client sends it for RFC 8058 one-click: no cookies, that body. */
async function postUnsubscribe(token: string, fields: Record<string, string> = { "List-Unsubscribe": "One-Click" }) {
  const route = await import("~/routes/public/email-unsubscribe");
  const init = { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  return call(() => route.action(routeArgs(new Request(`${ORIGIN}/e/u/${token}`, init), { token })));
}

/** Another page of the install with a sequence (no landing page needed: its leads are added as the lead post adds them). */
async function otherPage(doubleOptIn: boolean) {
  const { createKit } = await import("~/kit/kits.server");
  const kit = await createKit(owner.user.id, { idea: "Bike repairs at your door", audience: "Commuters", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" });
  await ensureSequence(kit.id, async () => [{ subject: `Welcome to ${kit.id.slice(0, 6)}`, preview: "", body: "Hello.", delayValue: 0, delayUnit: "hours" }]);
  await updateSettings(kit.id, { enabled: true, doubleOptIn, postalAddress: ADDRESS });
  return kit.id;
}
async function addLead(kit: string, email: string) {
  const id = crypto.randomUUID();
  await getDb().insert(leads).values({ id, kitId: kit, email });
  return id;
}

describe("double opt-in is no way to mail-bomb an inbox", () => {
  it("11 sign-ups of one address in a minute send one confirmation and answer the same each time; a day later, one more", async () => {
    await updateSettings(kitId, { doubleOptIn: true });
    try {
      const email = uniqueEmail("bombed");
      const answers: string[] = [];
      for (let i = 0; i < 11; i++) answers.push(await signUpAnswer(email));
      expect(answers[0]).toMatch(/^303 \/p\/.+\/thanks$/);
      expect(new Set(answers).size).toBe(1);
      await drain(at(Date.now(), 1000));
      expect(confirmsTo(email)).toHaveLength(1);
      // Still unconfirmed a day later (the link expires in a week): signing up again sends a fresh one.
      await enrolLead(kitId, email, at(Date.now(), 25 * HOUR_MS));
      await enrolLead(kitId, email, at(Date.now(), 25 * HOUR_MS + 1000));
      await drain(at(Date.now(), 25 * HOUR_MS + 2000));
      expect(confirmsTo(email)).toHaveLength(2);
    } finally {
      await updateSettings(kitId, { doubleOptIn: false });
    }
  });

  it("sends nothing to an unsubscribed or bounced address when someone signs it up again", async () => {
    const quits = uniqueEmail("quits");
    const bounces = uniqueEmail("bounces");
    const q = await signUp(quits);
    const b = await signUp(bounces);
    await drain(at(Date.now(), 1000));
    expect((await postUnsubscribe(unsubscribeLink(mailTo(quits)[0]!))).status).toBe(200);
    await suppress(kitId, b.id, bounces, "bounced", "550 5.1.1 No such user");
    await updateSettings(kitId, { doubleOptIn: true });
    try {
      for (const email of [quits, bounces]) {
        expect(await signUpAnswer(email)).toMatch(/^303 \/p\/.+\/thanks$/);
        await enrolLead(kitId, email, at(Date.now(), 2 * DAY_MS));
      }
      await drain(at(Date.now(), 2 * DAY_MS + 1000));
      expect(confirmsTo(quits)).toEqual([]);
      expect(confirmsTo(bounces)).toEqual([]);
      expect((await enrolment(q.id)).status).toBe("unsubscribed");
      expect((await enrolment(b.id)).status).toBe("bounced");
    } finally {
      await updateSettings(kitId, { doubleOptIn: false });
    }
  });

  it(`caps confirmation e-mails to one address at ${CONFIRMATIONS_PER_ADDRESS} a day across all the install's pages`, async () => {
    const email = uniqueEmail("everywhere");
    const pages = [await otherPage(true), await otherPage(true), await otherPage(true), await otherPage(true), await otherPage(true)];
    for (const page of pages) {
      await addLead(page, email);
      await enrolLead(page, email);
    }
    await drain(at(Date.now(), 1000));
    expect(confirmsTo(email)).toHaveLength(CONFIRMATIONS_PER_ADDRESS);
    // Another address is not held back by this one's cap.
    const other = uniqueEmail("elsewhere");
    await addLead(pages[4]!, other);
    await enrolLead(pages[4]!, other);
    await drain(at(Date.now(), 2000));
    expect(confirmsTo(other)).toHaveLength(1);
  });
});

describe("the per-address cap counts a mailbox, under single opt-in too", () => {
  const variantsOf = (name: string) => [`${name}@gmail.com`, `${name}+1@gmail.com`, `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`, `${name}+news@googlemail.com`, `${name.toUpperCase()}+2@Gmail.com`];
  const mailToAny = (addresses: string[]) => readSink().filter((m) => m.to.some((t) => addresses.includes(t.toLowerCase())));

  it("Gmail's dots and +tags are one inbox: 5 variants on 5 pages get the day's 3 confirmations, and no hash of the address is stored", async () => {
    const name = `victim${crypto.randomBytes(4).toString("hex")}`;
    const variants = variantsOf(name);
    for (const email of variants) {
      const page = await otherPage(true);
      await addLead(page, email.toLowerCase());
      await enrolLead(page, email);
    }
    await drain(at(Date.now(), 1000));
    expect(mailToAny(variants.map((v) => v.toLowerCase())).filter((m) => /^Please confirm/.test(m.subject))).toHaveLength(CONFIRMATIONS_PER_ADDRESS);
    // The stored count is keyed by an HMAC under the install's own key, not a hash anyone can compute from a word list.
    const keys = (await getDb().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const v of [...variants, `${name}@gmail.com`]) {
      const hash = crypto.createHash("sha256").update(v.toLowerCase()).digest("base64url").slice(0, 32);
      expect(keys.some((k) => k.includes(hash))).toBe(false);
    }
  });

  it("one address on 5 single opt-in pages: all 5 enrolled, 3 first e-mails at once, the others wait until the address is under the cap", async () => {
    const email = uniqueEmail("single");
    const pages = [await otherPage(false), await otherPage(false), await otherPage(false), await otherPage(false), await otherPage(false)];
    const ids: string[] = [];
    for (const page of pages) {
      ids.push(await addLead(page, email));
      await enrolLead(page, email);
    }
    for (const id of ids) expect((await enrolment(id)).status).toBe("active");
    await drain(at(Date.now(), 1000));
    expect(mailTo(email)).toHaveLength(CONFIRMATIONS_PER_ADDRESS);
    // Another address is not held back by this one's cap.
    const other = uniqueEmail("single-other");
    await addLead(pages[0]!, other);
    await enrolLead(pages[0]!, other);
    await drain(at(Date.now(), 2000));
    expect(mailTo(other)).toHaveLength(1);
    // A day on (the day's count left the window): the two that waited get their first e-mail, none of them twice.
    await getDb().update(rateLimitHits).set({ at: sql`${rateLimitHits.at} - ${DAY_MS + 1000}` });
    await drain(at(Date.now(), 2 * HOUR_MS));
    expect(mailTo(email)).toHaveLength(5);
    expect(new Set(mailTo(email).map((m) => m.subject)).size).toBe(5);
  });
});

describe("the key that signs lead e-mail links is the install's own", () => {
  it("a delivered e-mail's one-click unsubscribe still works after SESSION_SECRET changes; a link signed with the old secret works while it is unchanged", async () => {
    const email = uniqueEmail("rotated");
    const lead = await signUp(email);
    await drain(at(Date.now(), 1000));
    const delivered = unsubscribeLink(mailTo(email)[0]!);
    // A link from before the mail key existed: signed with the session secret.
    const t = Date.now() - HOUR_MS;
    const before = `${lead.id}.${t.toString(36)}.${crypto.createHmac("sha256", getSessionSecret()).update(`email-unsubscribe:${lead.id}:${t}`).digest("base64url").slice(0, 32)}`;
    expect(await enrolmentByToken(before)).toMatchObject({ leadId: lead.id });
    const previous = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
    resetConfigForTests();
    forgetSessionSecretForTests();
    forgetMailKey();
    try {
      expect(await enrolmentByToken(before)).toBeUndefined();
      const answer = await postUnsubscribe(delivered);
      expect(answer.status).toBe(200);
      expect((await enrolment(lead.id)).status).toBe("unsubscribed");
    } finally {
      if (previous === undefined) delete process.env.SESSION_SECRET;
      else process.env.SESSION_SECRET = previous;
      resetConfigForTests();
      forgetSessionSecretForTests();
    }
  });

  it("is made once and shared: instances loading it at once all get the one stored", async () => {
    forgetMailKey();
    const keys = await Promise.all([loadMailKey(), loadMailKey(), loadMailKey()]);
    const stored = await getDb().select().from(appSettings).where(eq(appSettings.key, MAIL_KEY_SETTING));
    expect(stored).toHaveLength(1);
    expect(new Set(keys)).toEqual(new Set([stored[0]!.value]));
    expect(stored[0]!.value).not.toBe(getSessionSecret());
  });
});

describe("a hard bounce is the install's", () => {
  it("an address that bounced on one page is sent nothing from any page; an unsubscribe stays the page's own", async () => {
    const dead = uniqueEmail("dead");
    const quits = uniqueEmail("quits-one");
    const [a, b, c] = [await otherPage(false), await otherPage(false), await otherPage(false)];
    // Enrolled on page C before the bounce, its e-mail queued.
    const onC = await addLead(c, dead);
    await enrolLead(c, dead);
    expect(await scheduleDue(at(Date.now(), 500))).toBe(1);
    const onA = await addLead(a, dead);
    await enrolLead(a, dead);
    await suppress(a, onA, dead, "bounced", "550 5.1.1 No such user");
    // Signing up on page B afterwards enrols nothing.
    const onB = await addLead(b, dead);
    await enrolLead(b, dead);
    expect(await getDb().select().from(emailEnrolments).where(eq(emailEnrolments.leadId, onB))).toEqual([]);
    expect((await leadList(b)).find((l) => l.id === onB)).toMatchObject({ status: "suppressed" });
    await drain(at(Date.now(), 1000));
    expect(mailTo(dead)).toEqual([]);
    expect((await enrolment(onC)).status).toBe("bounced");
    // The way back is the person's own: from an e-mail page A sent them, a confirmation link; following it lifts the bounce.
    await requestResubscribe({ leadId: onA, kitId: a, status: "bounced", email: dead });
    await drain(at(Date.now(), 1500));
    expect(confirmsTo(dead)).toHaveLength(1);
    expect((await postConfirm(confirmLink(confirmsTo(dead)[0]!))).status).toBe(200);
    await getDb().delete(leads).where(eq(leads.id, onB));
    const again = await addLead(b, dead);
    await enrolLead(b, dead);
    expect((await enrolment(again)).status).toBe("active");
    // An unsubscribe on page A leaves page B's subscription alone.
    const q = await addLead(a, quits);
    await enrolLead(a, quits);
    await suppress(a, q, quits, "unsubscribed", "Unsubscribed");
    await addLead(b, quits);
    await enrolLead(b, quits);
    await drain(at(Date.now(), 2000));
    expect(mailTo(quits)).toHaveLength(1);
  });
});

describe("links in lead e-mails expire", () => {
  it("a confirmation link works for 7 days, then answers 410 saying how to get a new one; one sent before an unsubscribe does not undo it", async () => {
    await updateSettings(kitId, { doubleOptIn: true });
    try {
      const email = uniqueEmail("late");
      const lead = await signUp(email);
      await drain(at(Date.now(), 1000));
      expect(confirmLink(confirmsTo(email)[0]!)).toMatch(new RegExp(`^${lead.id}\\.`));
      const oldToken = confirmationToken(lead.id, at(Date.now(), -8 * DAY_MS));
      const old = await postConfirm(oldToken);
      expect(old.status).toBe(410);
      expect(old.body).toMatch(/expired[\s\S]*sign up again/);
      // Its page says so at once, before the visitor presses anything.
      const confirmRoute = await import("~/routes/public/email-confirm");
      const page = await call(() => confirmRoute.loader(routeArgs(new Request(`${ORIGIN}/e/confirm/${oldToken}`), { token: oldToken })));
      expect(page.status).toBe(410);
      expect(page.body).not.toContain("<form");
      // A link of the old shape (an HMAC of the lead id alone, no time) has expired too.
      const legacy = `${lead.id}.${crypto.createHmac("sha256", getSessionSecret()).update(`email-confirm:${lead.id}`).digest("base64url").slice(0, 32)}`;
      expect((await postConfirm(legacy)).status).toBe(410);
      expect((await postConfirm(`${lead.id}.${"x".repeat(32)}`)).status).toBe(404);
      expect((await enrolment(lead.id)).status).toBe("unconfirmed");
      const sixDays = confirmationToken(lead.id, at(Date.now(), -6 * DAY_MS));
      expect((await postConfirm(sixDays)).status).toBe(200);
      expect((await enrolment(lead.id)).status).toBe("active");
      await drain(at(Date.now(), 2000));
      expect((await postUnsubscribe(unsubscribeLink(mailTo(email).at(-1)!))).status).toBe(200);
      expect((await postConfirm(sixDays)).status).toBe(410);
      expect((await enrolment(lead.id)).status).toBe("unsubscribed");
    } finally {
      await updateSettings(kitId, { doubleOptIn: false });
    }
  });

  it("one-click unsubscribe works without cookies for 180 days after the e-mail, then answers 410; the unsubscribed page offers a new confirmation link", async () => {
    const stays = await signUp(uniqueEmail("stays"));
    const email = uniqueEmail("clicks");
    const lead = await signUp(email);
    await drain(at(Date.now(), 1000));
    // An e-mail from 181 days ago: its link has expired, and the lead stays subscribed.
    const expired = await postUnsubscribe(unsubscribeToken(stays.id, at(Date.now(), -181 * DAY_MS)));
    expect(expired.status).toBe(410);
    expect((await enrolment(stays.id)).status).toBe("active");
    // One from 179 days ago still unsubscribes with one click.
    const answer = await postUnsubscribe(unsubscribeToken(lead.id, at(Date.now(), -179 * DAY_MS)));
    expect(answer.status).toBe(200);
    expect((await enrolment(lead.id)).status).toBe("unsubscribed");
    const page = answer.body;
    expect(page).toContain("Send me a confirmation link");
    expect(page).toContain('name="intent" value="resubscribe"');
    // Changed their mind: the link of the e-mail they had asks for a confirmation; following it brings them back.
    const token = unsubscribeLink(mailTo(email)[0]!);
    expect((await postUnsubscribe(token, { intent: "resubscribe" })).status).toBe(200);
    expect((await postUnsubscribe(token, { intent: "resubscribe" })).status).toBe(200);
    await drain(at(Date.now(), 2000));
    expect(confirmsTo(email)).toHaveLength(1);
    expect((await postConfirm(confirmLink(confirmsTo(email)[0]!))).status).toBe(200);
    expect((await enrolment(lead.id)).status).toBe("active");
    expect(await getDb().select().from(emailSuppressions).where(and(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.email, email)))).toEqual([]);
  });
});

describe("double opt-in and leads from before it", () => {
  it("they get no broadcast and no sequence e-mail until they confirm; asking them sends each one confirmation, once a day", async () => {
    const { createKit } = await import("~/kit/kits.server");
    const kit = (await createKit(owner.user.id, { idea: "Plant sitting for travellers", audience: "Frequent flyers", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" })).id;
    const emails = [uniqueEmail("early1"), uniqueEmail("early2"), uniqueEmail("early3")];
    const ids = [];
    for (const e of emails) ids.push(await addLead(kit, e));
    // The section opened after they signed up: they are enrolled, past the welcome e-mails.
    await ensureSequence(kit, async () => [{ subject: "Welcome, plant lover", preview: "", body: "Hello.", delayValue: 0, delayUnit: "hours" }]);
    await updateSettings(kit, { enabled: true, doubleOptIn: true, postalAddress: ADDRESS });
    await addStep(kit, null, { subject: "A new tip for your plants", preview: "", body: "Water less.", delayValue: 0, delayUnit: "hours" });
    await createBroadcast(kit, { subject: "Plant sitting is live", preview: "", body: "Book now.", sendAt: new Date() });
    await drain(at(Date.now(), 1000));
    for (const e of emails) expect(mailTo(e)).toEqual([]);
    expect(await askToConfirm(kit)).toEqual({ asked: 3, waiting: 3 });
    expect(await askToConfirm(kit)).toEqual({ asked: 0, waiting: 3 });
    await drain(at(Date.now(), 2000));
    for (const e of emails) expect(mailTo(e).map((m) => m.subject)).toEqual([expect.stringMatching(/^Please confirm/)]);
    expect((await postConfirm(confirmLink(confirmsTo(emails[0]!)[0]!))).status).toBe(200);
    expect(await askToConfirm(kit)).toEqual({ asked: 0, waiting: 2 });
    await createBroadcast(kit, { subject: "Second news", preview: "", body: "More.", sendAt: new Date() });
    await drain(at(Date.now(), 3000));
    expect(mailTo(emails[0]!).map((m) => m.subject.replace(/^Please confirm.*/, "Please confirm"))).toEqual(expect.arrayContaining(["Please confirm", "A new tip for your plants", "Second news"]));
    expect(mailTo(emails[0]!)).toHaveLength(3);
    for (const e of emails.slice(1)) expect(mailTo(e)).toHaveLength(1);
    expect((await leadList(kit)).map((l) => l.status).sort()).toEqual(["active", "unconfirmed-earlier", "unconfirmed-earlier"]);
    // Double opt-in off: they are subscribed leads again (the founder's choice) and get the next e-mail.
    await updateSettings(kit, { doubleOptIn: false });
    await drain(at(Date.now(), 4000));
    for (const e of emails.slice(1)) expect(mailTo(e).map((m) => m.subject)).toContain("A new tip for your plants");
    expect(ids).toHaveLength(3);
  });
});

describe("Reply-To", () => {
  it("is none unless the founder set one, then that address", async () => {
    const before = uniqueEmail("noreply");
    await signUp(before);
    await drain(at(Date.now(), 1000));
    expect(mailTo(before)[0]!.raw).not.toMatch(/^Reply-To:/im);
    expect(mailTo(before)[0]!.raw).not.toContain(owner.user.email);
    await updateSettings(kitId, { replyTo: "hello@dog-grooming.test" });
    try {
      const after = uniqueEmail("replyable");
      await signUp(after);
      await drain(at(Date.now(), 2000));
      expect(mailTo(after)[0]!.raw).toMatch(/^Reply-To: hello@dog-grooming\.test\r?$/im);
    } finally {
      await updateSettings(kitId, { replyTo: "" });
    }
  });
});

describe("10,000 enrolled leads", () => {
  it("are scanned through an index (query plan), their 10,000 sent e-mails too", async () => {
    const { user } = await founder("bulk");
    const bulkKit = (await kitFor(user.id, "waitlist")).id;
    const now = new Date();
    for (let i = 0; i < 10_000; i += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => ({ id: `bulk-${bulkKit}-${i + j}`, kitId: bulkKit, email: `l${i + j}@bulk.test` }));
      await getDb().insert(leads).values(rows);
      await getDb()
        .insert(emailEnrolments)
        .values(rows.map((r, j) => ({ leadId: r.id, kitId: bulkKit, status: "active" as const, unsubscribeToken: `tok-${r.id}`, startedAt: now, lastOrderKey: 1024, nextAt: new Date(now.getTime() + ((i + j) % 100 === 0 ? -1000 : DAY_MS)) })));
      // Their history: the first step sent to each (the sends table grows with every e-mail).
      await getDb()
        .insert(emailSends)
        .values(rows.map((r) => ({ id: `send-${r.id}`, leadId: r.id, kitId: bulkKit, key: "step:first", messageId: `<${r.id}@bulk.test>`, status: "sent" as const, nextAttemptAt: now, sentAt: now })));
    }
    const plans: string[] = [];
    for (const query of [dueEnrolments(now), dueSends(now, 50)]) {
      const { sql, params } = query.toSQL();
      if (dialect() === "sqlite") {
        const rows = sqliteClient()
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...params.map((p) => (p instanceof Date ? p.getTime() : p))) as Array<{ detail: string }>;
        plans.push(rows.map((r) => r.detail).join("\n"));
      } else {
        await pgPool().query("analyze email_enrolments; analyze email_sends");
        const rows = (await pgPool().query(`EXPLAIN ${sql}`, params)).rows as Array<{ "QUERY PLAN": string }>;
        plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
      }
    }
    console.log(`query plans (${dialect()}):\n${plans.join("\n---\n")}`);
    expect(plans[0]).toMatch(/email_enrolments_due_idx/);
    expect(plans[1]).toMatch(/email_sends_due_idx/);
    expect(plans.join("\n")).not.toMatch(/SCAN email_enrolments\b(?! USING)|Seq Scan on email_enrolments/);
    const started = Date.now();
    await runSenderPass({ now, limit: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
  }, 120_000);
});

describe("who may send, and DKIM", () => {
  it("holds a lead while the founder has no Pro and sends the same step once Pro is back", async () => {
    const email = uniqueEmail("held");
    const lead = await signUp(email);
    const t0 = (await enrolment(lead.id)).startedAt!.getTime();
    await getDb().update(users).set({ plan: "free", planStatus: null }).where(eq(users.id, owner.user.id));
    try {
      expect((await runSenderPass({ now: at(t0, 1000) })).outcomes).toContain("held");
      expect(mailTo(email)).toEqual([]);
      expect((await enrolment(lead.id)).nextAt).toEqual(at(t0, 1000 + HOUR_MS));
    } finally {
      await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
    }
    await drain(at(t0, 1000 + HOUR_MS));
    expect(mailTo(email).map((m) => m.subject)).toEqual([(await stepsOf(kitId))[0]!.subject]);
  });

  it("signs with DKIM when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set, and the checklist gives the public key", async () => {
    const { privateKey, publicKey } = (await import("node:crypto")).generateKeyPairSync("rsa", { modulusLength: 2048 });
    process.env.DKIM_DOMAIN = "launchkit.local";
    process.env.DKIM_SELECTOR = "lk2026";
    process.env.DKIM_PRIVATE_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n");
    closeSequenceTransport();
    try {
      const email = uniqueEmail("signed");
      await signUp(email);
      await drain(at(Date.now(), 1000));
      const [mail] = mailTo(email);
      expect(mail!.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=launchkit\.local;\s+q=dns\/txt; s=lk2026;/m);
      const { deliverabilityChecklist } = await import("~/features/site/sequences/deliverability.server");
      const dkim = deliverabilityChecklist().items.find((i) => i.name === "DKIM")!;
      expect(dkim.status).toBe("set");
      expect(dkim.record).toEqual({ host: "lk2026._domainkey.launchkit.local", type: "TXT", value: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}` });
    } finally {
      delete process.env.DKIM_DOMAIN;
      delete process.env.DKIM_SELECTOR;
      delete process.env.DKIM_PRIVATE_KEY;
      closeSequenceTransport();
    }
  });
});

describe("the sender loop", () => {
  it("sends at MAIL_RATE_PER_MINUTE", async () => {
    const { startSequenceSender, stopSequenceSender } = await import("~/features/site/sequences/sender.server");
    process.env.MAIL_RATE_PER_MINUTE = "200"; // one every 300 ms
    const emails = Array.from({ length: 4 }, (_, i) => uniqueEmail(`paced${i}`));
    for (const email of emails) await signUp(email);
    startSequenceSender();
    try {
      await expect.poll(() => emails.filter((e) => mailTo(e).length === 1).length, { timeout: 20_000, interval: 100 }).toBe(4);
    } finally {
      await stopSequenceSender();
      delete process.env.MAIL_RATE_PER_MINUTE;
    }
    // The sink names its files by arrival time: consecutive e-mails at least ~300 ms apart.
    const times = fs
      .readdirSync(mailDir)
      .map((f) => ({ at: parseInt(f), to: (JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[] }).to[0] }))
      .filter((m) => emails.includes(m.to!))
      .map((m) => m.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(250);
  }, 30_000);
});
