import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { emailBroadcasts, emailEnrolments, emailSends, emailSteps, leads, users, type EnrolmentStatus } from "~/platform/db/schema";
import { closeSequenceTransport } from "~/features/site/sequences/sender.server";
import { sequenceOf, stepsOf, updateSettings } from "~/features/site/sequences/sequences.server";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { createRequestContext } from "~/platform/http/request-context";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call, type Answer } from "../support/route-call";

/**
 * The Sequences section (/dashboard/kits/:id/email) through its route
 * module: the welcome sequence written offline for the business, each form
 * validated (a 4xx with a message, nothing written), Pro only (Free sees the
 * upgrade note and gets 403), another user's kit a 404, a test e-mail in
 * the SMTP sink.
 */

let owner: Awaited<ReturnType<typeof founder>>;
let free: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let freeKitId = "";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

async function section(cookie: string, id: string, fields?: Record<string, string>, search = ""): Promise<Answer> {
  const route = await import("~/routes/dashboard/workspace/email");
  const url = `${ORIGIN}/dashboard/kits/${id}/email${search}`;
  const args = (request: Request) => routeArgs(request, { id }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers: { Cookie: cookie } }))));
  const init = { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } };
  return call(() => route.action(args(new Request(url, init))));
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-seq-ui-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = sink.url;
  process.env.APP_URL = "https://launchkit.test";
  resetConfigForTests();
  closeSequenceTransport();
  owner = await founder("emailer");
  free = await founder("freebie");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id, "pre-orders", "Small-batch coffee subscription box for remote teams in Austin")).id;
  freeKitId = (await kitFor(free.user.id, "waitlist")).id;
}, 120_000);

afterAll(async () => {
  closeSequenceTransport();
  await sink.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetConfigForTests();
  clearFakeOpenAIEnv();
});

describe("the E-mail section", () => {
  it("writes the welcome sequence for the business, offline, on first visit", async () => {
    const page = await section(owner.cookie, kitId);
    expect(page.status).toBe(200);
    const steps = await stepsOf(kitId);
    expect(steps.map((s) => [s.delayValue, s.delayUnit])).toEqual([
      [0, "hours"],
      [2, "days"],
      [3, "days"],
    ]);
    const text = steps.map((s) => `${s.subject} ${s.body}`).join(" ").toLowerCase();
    expect(text).toContain("coffee");
    // The place, and the reader as "you" (the audience is not spoken of in the third person).
    expect(text).toContain("austin");
    expect(text).toMatch(/\byou\b/);
    expect(text).not.toContain("for busy professionals");
    expect(steps[0]!.body).toMatch(/before the first small-batch coffee subscription box ships/i); // the pre-orders goal
    // Written once: a second visit keeps the founder's edits.
    await section(owner.cookie, kitId);
    expect(await stepsOf(kitId)).toHaveLength(3);
  });

  it("refuses bad input with a message and a 4xx, writing nothing", async () => {
    const [first] = await stepsOf(kitId);
    const bad = await section(owner.cookie, kitId, { intent: "save-step", stepId: first!.id, subject: "  ", body: "x", delayValue: "-1", delayUnit: "weeks" });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { errors: Record<string, string[]> }).errors;
    expect(errors.subject).toEqual(["Enter a subject."]);
    expect(errors.delayValue).toEqual(["The delay cannot be negative."]);
    expect(errors.delayUnit).toEqual(["Choose hours or days."]);
    expect((await stepsOf(kitId))[0]).toEqual(first);
    const on = await section(owner.cookie, kitId, { intent: "settings", enabled: "on", postalAddress: "" });
    expect(on.status).toBe(400);
    expect((on.data as { errors: Record<string, string[]> }).errors.postalAddress![0]).toMatch(/postal address/);
    expect((await sequenceOf(kitId))!.enabled).toBe(false);
    expect((await section(owner.cookie, kitId, { intent: "save-step", stepId: "nope", subject: "a", body: "b", delayValue: "1", delayUnit: "days" })).status).toBe(404);
    expect((await section(owner.cookie, kitId, { intent: "explode" })).status).toBe(400);
    const later = await section(owner.cookie, kitId, { intent: "broadcast", subject: "Hi", body: "B", when: "later", sendAt: "2001-01-01T00:00" });
    expect(later.status).toBe(400);
    expect(await getDb().select().from(emailBroadcasts).where(eq(emailBroadcasts.kitId, kitId))).toEqual([]);
  });

  it("saves settings, edits, adds and removes e-mails, and sends the founder a test", async () => {
    expect((await section(owner.cookie, kitId, { intent: "settings", enabled: "on", doubleOptIn: "on", postalAddress: "1 Bean Street\nAustin TX" })).status).toBe(303);
    expect(await sequenceOf(kitId)).toMatchObject({ enabled: true, doubleOptIn: true, postalAddress: "1 Bean Street\nAustin TX" });
    const [first] = await stepsOf(kitId);
    expect((await section(owner.cookie, kitId, { intent: "save-step", stepId: first!.id, subject: "Welcome, coffee people", preview: "Hi", body: "Thanks **a lot**.", delayValue: "1", delayUnit: "hours" })).status).toBe(303);
    expect((await stepsOf(kitId))[0]).toMatchObject({ subject: "Welcome, coffee people", delayValue: 1, delayUnit: "hours" });
    expect((await section(owner.cookie, kitId, { intent: "add-step", after: first!.id, subject: "Second thoughts", body: "More", delayValue: "6", delayUnit: "hours" })).status).toBe(303);
    const steps = await stepsOf(kitId);
    expect(steps.map((s) => s.subject)[1]).toBe("Second thoughts");
    expect((await section(owner.cookie, kitId, { intent: "remove-step", stepId: steps[1]!.id })).status).toBe(303);
    expect(await getDb().select().from(emailSteps).where(eq(emailSteps.id, steps[1]!.id))).toEqual([]);
    expect((await section(owner.cookie, kitId, { intent: "test", stepId: first!.id })).status).toBe(303);
    const mails = fs.readdirSync(mailDir).map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string });
    const test = mails.find((m) => m.to.includes(owner.user.email))!;
    expect(decodeMail(test.raw)).toMatch(/Subject: \[Test\] Welcome, coffee people/);
    expect(decodeMail(test.raw)).toContain("1 Bean Street, Austin TX");
    expect(decodeMail(test.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect((await section(owner.cookie, kitId, { intent: "broadcast", subject: "We launched!", body: "Live.", when: "now" })).status).toBe(303);
    expect(await getDb().select().from(emailBroadcasts).where(eq(emailBroadcasts.kitId, kitId))).toHaveLength(1);
  });

  it("is Pro: a Free founder sees the upgrade note and gets 403; another user's kit is a 404", async () => {
    const page = await section(free.cookie, freeKitId);
    expect((page.data as { pro: boolean }).pro).toBe(false);
    expect(await sequenceOf(freeKitId)).toBeUndefined();
    expect((await section(free.cookie, freeKitId, { intent: "settings", enabled: "on", postalAddress: "x" })).status).toBe(403);
    expect((await section(free.cookie, kitId)).status).toBe(404);
    expect((await section(free.cookie, kitId, { intent: "broadcast", subject: "Spam", body: "x", when: "now" })).status).toBe(404);
    expect(await getDb().select().from(emailBroadcasts).where(eq(emailBroadcasts.kitId, kitId))).toHaveLength(1);
  });
});

describe("leads, asking them to confirm, and the Reply-To", () => {
  it("lists the leads 25 a page under totals by status; a page past the end goes to the last", async () => {
    const statuses: Array<[EnrolmentStatus | null, boolean, number]> = [
      ["active", true, 40],
      ["unconfirmed", false, 6],
      ["unsubscribed", true, 5],
      ["bounced", false, 2],
      ["active", false, 2],
      [null, false, 1],
    ];
    const base = Date.now() - 60 * 60 * 1000;
    let n = 0;
    for (const [status, confirmed, count] of statuses) {
      for (let i = 0; i < count; i++) {
        const id = crypto.randomUUID();
        await getDb().insert(leads).values({ id, kitId, email: `lead${++n}-${status}@coffee.test`, createdAt: new Date(base + n * 1000) });
        if (status) await getDb().insert(emailEnrolments).values({ leadId: id, kitId, status, unsubscribeToken: crypto.randomBytes(24).toString("base64url"), confirmedAt: confirmed ? new Date(base) : null });
      }
    }
    expect((await sequenceOf(kitId))!.doubleOptIn).toBe(true);
    const first = await section(owner.cookie, kitId);
    const data = first.data as { leads: Array<{ email: string; status: string }>; totals: { all: number; byStatus: Record<string, number> }; leadPage: number };
    expect(data.totals).toEqual({ all: 56, byStatus: { active: 40, unconfirmed: 6, unsubscribed: 5, bounced: 2, "unconfirmed-earlier": 2, none: 1 } });
    expect(data.leads).toHaveLength(25);
    expect(data.leads[0]!.email).toBe("lead56-null@coffee.test");
    const third = (await section(owner.cookie, kitId, undefined, "?page=3")).data as typeof data;
    expect(third.leads.map((l) => l.email)).toEqual(Array.from({ length: 6 }, (_, i) => `lead${6 - i}-active@coffee.test`));
    const past = await section(owner.cookie, kitId, undefined, "?page=9");
    expect(past.status).toBe(302);
    expect(past.location).toBe(`/dashboard/kits/${kitId}/email?page=3`);
  });

  it("asks the leads who have not confirmed to confirm, once a day, and only with double opt-in on", async () => {
    const confirmSends = async () => (await getDb().select().from(emailSends).where(and(eq(emailSends.kitId, kitId), like(emailSends.key, "confirm:%")))).length;
    const asked = await section(owner.cookie, kitId, { intent: "ask-confirm" });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(`/dashboard/kits/${kitId}/email?saved=asked&asked=8#email-leads`);
    expect(await confirmSends()).toBe(8);
    const again = await section(owner.cookie, kitId, { intent: "ask-confirm" });
    expect(again.location).toContain("asked=0");
    expect(await confirmSends()).toBe(8);
    expect((await section(free.cookie, kitId, { intent: "ask-confirm" })).status).toBe(404);
    await updateSettings(kitId, { doubleOptIn: false });
    try {
      const off = await section(owner.cookie, kitId, { intent: "ask-confirm" });
      expect(off.status).toBe(400);
      expect((off.data as { message: string }).message).toMatch(/double opt-in/);
    } finally {
      await updateSettings(kitId, { doubleOptIn: true });
    }
  });

  it("keeps a Reply-To only when it is an e-mail address, and the test e-mail carries it", async () => {
    const settings = { intent: "settings", enabled: "on", doubleOptIn: "on", postalAddress: "1 Bean Street\nAustin TX" };
    for (const replyTo of ["not an address", "a@b.test\r\nBcc: x@evil.test", `${"x".repeat(250)}@b.test`]) {
      const bad = await section(owner.cookie, kitId, { ...settings, replyTo });
      expect(bad.status).toBe(400);
      expect((bad.data as { errors: Record<string, string[]> }).errors.replyTo).toHaveLength(1);
      expect((await sequenceOf(kitId))!.replyTo).toBe("");
    }
    expect((await section(owner.cookie, kitId, { ...settings, replyTo: " beans@coffee.test " })).status).toBe(303);
    expect((await sequenceOf(kitId))!.replyTo).toBe("beans@coffee.test");
    const [first] = await stepsOf(kitId);
    const before = new Set(fs.readdirSync(mailDir));
    expect((await section(owner.cookie, kitId, { intent: "test", stepId: first!.id })).status).toBe(303);
    const raw = fs
      .readdirSync(mailDir)
      .filter((f) => !before.has(f))
      .map((f) => decodeMail((JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { raw: string }).raw));
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatch(/^Reply-To: beans@coffee\.test\r?$/m);
    expect((await section(owner.cookie, kitId, { ...settings, replyTo: "" })).status).toBe(303);
    expect((await sequenceOf(kitId))!.replyTo).toBe("");
  });
});

describe("the welcome sequence and the founder's address", () => {
  it("is written by the model through structured(), with the business in the prompt, cleaned up", async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const steps = await writeWelcome(kitId);
      expect(steps.map((s) => s.subject)).toEqual(["Welcome to the pack", "Why a grooming van?", "One question for you"]);
      expect(steps.map((s) => [s.delayValue, s.delayUnit])).toEqual([
        [0, "hours"],
        [2, "days"],
        [3, "days"],
      ]);
      const call = fake.requests.find((r) => JSON.stringify(r.body).includes("welcome_sequence"));
      expect(JSON.stringify(call!.body)).toContain("Small-batch coffee subscription box for remote teams in Austin");
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  });

  it("an unconfirmed founder cannot turn sending on, broadcast or send a test", async () => {
    const [row] = await getDb().select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, owner.user.id));
    await getDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, owner.user.id));
    try {
      const [first] = await stepsOf(kitId);
      for (const fields of <Array<Record<string, string>>>[
        { intent: "settings", enabled: "on", postalAddress: "1 Bean Street" },
        { intent: "broadcast", subject: "Hi", body: "B", when: "now" },
        { intent: "test", stepId: first!.id },
      ]) {
        const answer = await section(owner.cookie, kitId, fields);
        expect(answer.status).toBe(403);
        expect((answer.data as { message: string }).message).toMatch(/confirm/i);
      }
    } finally {
      await getDb().update(users).set({ emailConfirmedAt: row!.at }).where(eq(users.id, owner.user.id));
    }
  });
});
