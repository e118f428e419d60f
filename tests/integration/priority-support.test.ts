import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMessages } from "~/features/admin/admin.server";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { contactMessages, contactReplies, users } from "~/platform/db/schema";
import { drainOutbox } from "~/platform/mail/mailer.server";
import { stopOutbox } from "~/platform/mail/sender.server";
import { PRO_RESPONSE_TARGET } from "~/features/support/priority";
import { setRole } from "~/features/users/users.server";
import { createRequestContext } from "~/platform/http/request-context";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";
import { founder, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * Priority support (decisions 031 and 037) through the route modules: the
 * contact form marks a signed-in Pro founder's message Pro (from the
 * session and the effective plan, never from the form), the inbox lists open
 * Pro first, and an admin's reply goes out through the outbox to a real
 * SMTP sink, threaded, and is kept with the message. The reply goes to the
 * sender's confirmed account address only (never an address typed into the
 * form: no mail to a third party), with a Reply-To that reaches the team.
 */

const MAIL_FROM = "LaunchKit Support <support@launchkit.test>";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let pro: Awaited<ReturnType<typeof founder>>;
let free: Awaited<ReturnType<typeof founder>>;
let admin: Awaited<ReturnType<typeof founder>>;
let ip = 0;

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-support-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = MAIL_FROM;
  resetConfigForTests();
  pro = await founder("pro");
  free = await founder("free");
  admin = await founder("admin");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, pro.user.id));
  await setRole(admin.user.id, "admin");
});

afterAll(async () => {
  await stopOutbox();
  await sink.close();
  delete process.env.MAIL_FROM;
  delete process.env.SMTP_URL;
  resetConfigForTests();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

function post(url: string, fields: Record<string, string>, cookie?: string) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function contact(fields: Record<string, string>, cookie?: string) {
  const route = await import("~/routes/marketing/contact");
  return call(() => route.action(routeArgs(post(`${ORIGIN}/contact`, fields, cookie), {}, createRequestContext(`10.31.0.${++ip}`))));
}

async function inbox(cookie: string, fields?: Record<string, string>) {
  const route = await import("~/routes/admin/messages");
  const url = `${ORIGIN}/admin/messages`;
  if (!fields) return call(() => route.loader(routeArgs(new Request(url, { headers: { Cookie: cookie } }))));
  return call(() => route.action(routeArgs(post(url, fields, cookie))));
}

/** The message sent with this address typed in (its text ends with it: a signed-in sender's row holds the account's address), or stored with it. */
async function rowOf(email: string) {
  return (await getDb().select().from(contactMessages).where(or(eq(contactMessages.email, email), like(contactMessages.message, `%(${email})`))))[0]!;
}

function mails() {
  return fs
    .readdirSync(mailDir)
    .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string });
}

/** A header's value, unfolded. */
function header(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? null;
}

const message = (email: string, extra: Record<string, string> = {}) => ({ name: "Ada Founder", email, topic: "Technical support", message: `My deck <b>won't</b> export.\nCan you help?\n(${email})`, ...extra });

describe("contact messages: who is Pro", () => {
  it("marks a signed-in Pro founder's message Pro, a Free founder's and a visitor's not; the admin is not Pro without a Pro plan", async () => {
    expect((await contact(message("pro-sender@support.test"), pro.cookie)).data).toMatchObject({ sent: true, pro: true });
    expect((await contact(message("free-sender@support.test"), free.cookie)).data).toMatchObject({ sent: true, pro: false });
    expect((await contact(message("visitor@support.test"))).data).toMatchObject({ sent: true, pro: false });
    expect((await contact(message("admin-sender@support.test"), admin.cookie)).data).toMatchObject({ sent: true, pro: false });
    expect(await rowOf("pro-sender@support.test")).toMatchObject({ pro: true, userId: pro.user.id });
    expect(await rowOf("free-sender@support.test")).toMatchObject({ pro: false, userId: free.user.id });
    expect(await rowOf("visitor@support.test")).toMatchObject({ pro: false, userId: null });
    expect(await rowOf("admin-sender@support.test")).toMatchObject({ pro: false, userId: admin.user.id });
  });

  it("ignores a forged pro=true (and user_id) form field", async () => {
    await contact(message("forger@support.test", { pro: "true", userId: pro.user.id, user_id: pro.user.id }), free.cookie);
    await contact(message("forging-visitor@support.test", { pro: "true", userId: pro.user.id }));
    expect(await rowOf("forger@support.test")).toMatchObject({ pro: false, userId: free.user.id });
    expect(await rowOf("forging-visitor@support.test")).toMatchObject({ pro: false, userId: null });
  });

  it("a Pro plan that has ended is not Pro", async () => {
    const lapsed = await founder("lapsed");
    await getDb()
      .update(users)
      .set({ plan: "pro", planStatus: "canceled", planEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, lapsed.user.id));
    await contact(message("lapsed@support.test"), lapsed.cookie);
    expect(await rowOf("lapsed@support.test")).toMatchObject({ pro: false, userId: lapsed.user.id });
  });
});

describe("the inbox", () => {
  it("lists open Pro first, then open others, then handled; newest first in each; with the wait and the target", async () => {
    const db = getDb();
    await db.delete(contactMessages);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    const rows = [
      { id: "m-free-new", pro: false, handled: false, createdAt: at(1) },
      { id: "m-pro-old", pro: true, handled: false, createdAt: at(30 * 24) },
      { id: "m-pro-new", pro: true, handled: false, createdAt: at(3) },
      { id: "m-handled-pro", pro: true, handled: true, createdAt: at(5) },
      { id: "m-free-old", pro: false, handled: false, createdAt: at(72) },
      { id: "m-handled-free", pro: false, handled: true, createdAt: at(2) },
    ];
    for (const r of rows) await db.insert(contactMessages).values({ ...r, name: "N", email: `${r.id}@support.test`, topic: "General question", message: "Hi" });
    const listed = (await inbox(admin.cookie)).data!.messages as Awaited<ReturnType<typeof listMessages>>;
    expect(listed.map((m) => m.id)).toEqual(["m-pro-new", "m-pro-old", "m-free-new", "m-free-old", "m-handled-free", "m-handled-pro"]);
    const byId = Object.fromEntries(listed.map((m) => [m.id, m]));
    expect(byId["m-pro-new"]!.wait).toEqual({ state: "waiting", waited: "3 h", target: PRO_RESPONSE_TARGET.replace(/^a /, ""), overdue: false });
    expect(byId["m-pro-old"]!.wait).toMatchObject({ state: "waiting", waited: "30 d", overdue: true });
    expect(byId["m-free-old"]!.wait).toMatchObject({ state: "waiting", waited: "3 d", target: "reply within 24-48 hours", overdue: true });
    expect(byId["m-handled-free"]!.wait).toMatchObject({ state: "closed", overdue: false });
  });

  it("refuses a non-admin: 403 on the inbox and on a reply, nothing sent", async () => {
    const id = (await rowOf("m-pro-new@support.test")).id;
    expect((await inbox(free.cookie)).status).toBe(403);
    expect((await inbox(pro.cookie, { intent: "reply", id, body: "I am not an admin" })).status).toBe(403);
    expect(await getDb().select().from(contactReplies).where(eq(contactReplies.messageId, id))).toHaveLength(0);
  });
});

describe("replying from the inbox", () => {
  let id = "";

  beforeAll(async () => {
    await contact(message("thread@support.test", { name: "Ada Founder" }), pro.cookie);
    id = (await rowOf("thread@support.test")).id;
  });

  it("refuses an empty or too long reply with a clear 400 and writes nothing; an unknown message is 404", async () => {
    const empty = await inbox(admin.cookie, { intent: "reply", id, body: "   \n " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, message: "Write a reply before sending it." });
    const long = await inbox(admin.cookie, { intent: "reply", id, body: "x".repeat(10_001) });
    expect(long.status).toBe(400);
    expect(String(long.data!.message)).toMatch(/at most 10,000 characters/);
    expect((await inbox(admin.cookie, { intent: "reply", id: "nope", body: "Hello" })).status).toBe(404);
    expect(await getDb().select().from(contactReplies).where(eq(contactReplies.messageId, id))).toHaveLength(0);
    expect((await rowOf("thread@support.test")).repliedAt).toBeNull();
  });

  it("sends the reply by SMTP from MAIL_FROM with the message quoted, keeps it in the thread, marks the message handled", async () => {
    const sent = await inbox(admin.cookie, { intent: "reply", id, body: "Hi Ada,\n\nTry again now: <fixed> & done." });
    expect(sent.status).toBe(200);
    await drainOutbox();
    // The founder typed thread@support.test; the reply goes to their account's confirmed address.
    expect(mails().filter((m) => m.to.includes("thread@support.test"))).toEqual([]);
    const [mail] = mails().filter((m) => m.to.includes(pro.user.email));
    expect(mail).toBeDefined();
    const raw = mail!.raw;
    const [reply] = await getDb().select().from(contactReplies).where(eq(contactReplies.messageId, id));
    expect(reply).toMatchObject({ adminId: admin.user.id, body: "Hi Ada,\n\nTry again now: <fixed> & done." });
    expect(header(raw, "Subject")).toBe("Re: Technical support");
    expect(header(raw, "From")).toBe(MAIL_FROM);
    expect(header(raw, "To")).toBe(pro.user.email);
    // The founder's answer reaches the team: no SUPPORT_EMAIL here, so MAIL_FROM.
    expect(header(raw, "Reply-To")).toBe(MAIL_FROM);
    expect(header(raw, "Message-ID")).toBe(reply!.emailMessageId);
    expect(reply!.emailMessageId).toMatch(/^<[0-9a-f-]+@launchkit\.test>$/);
    expect(header(raw, "In-Reply-To")).toBeNull();
    const body = decodeMail(raw);
    expect(body).toContain("> My deck <b>won't</b> export.");
    expect(body).toContain("> Can you help?");
    expect(body).toContain("wrote:");
    // The HTML part escapes the founder's and the admin's words.
    expect(body).toContain("My deck &lt;b&gt;won&#39;t&lt;/b&gt; export.");
    expect(body).toContain("Try again now: &lt;fixed&gt; &amp; done.");
    expect(body).not.toMatch(/<b>won't<\/b> export\.<br>/);
    const row = await rowOf("thread@support.test");
    expect(row.handled).toBe(true);
    expect(row.repliedAt).toBeInstanceOf(Date);
  });

  it("a second reply is In-Reply-To the first; the thread shows both, oldest first, with the admin's name; reopening works", async () => {
    expect((await inbox(admin.cookie, { intent: "handled", id, handled: "false" })).data).toMatchObject({ ok: true, message: "Marked as open." });
    expect((await rowOf("thread@support.test")).handled).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    expect((await inbox(admin.cookie, { intent: "reply", id, body: "One more thing." })).status).toBe(200);
    await drainOutbox();
    const replies = await getDb().select().from(contactReplies).where(eq(contactReplies.messageId, id)).orderBy(asc(contactReplies.createdAt));
    expect(replies.map((r) => r.body)).toEqual(["Hi Ada,\n\nTry again now: <fixed> & done.", "One more thing."]);
    const second = mails().find((m) => header(m.raw, "Message-ID") === replies[1]!.emailMessageId);
    expect(second).toBeDefined();
    expect(header(second!.raw, "In-Reply-To")).toBe(replies[0]!.emailMessageId);
    expect(header(second!.raw, "References")).toBe(replies[0]!.emailMessageId);
    expect(decodeMail(second!.raw)).toContain("> Can you help?");
    expect((await rowOf("thread@support.test")).handled).toBe(true);

    const listed = (await inbox(admin.cookie)).data!.messages as Awaited<ReturnType<typeof listMessages>>;
    const entry = listed.find((m) => m.id === id)!;
    expect(entry.thread.map((r) => [r.body, r.adminName])).toEqual([
      ["Hi Ada,\n\nTry again now: <fixed> & done.", admin.user.name],
      ["One more thing.", admin.user.name],
    ]);
    expect(entry.wait.state).toBe("replied");
  });

  it("no header injection: line breaks in a stored name and topic never become headers", async () => {
    const db = getDb();
    const sender = await founder("inject");
    await db.insert(contactMessages).values({
      id: "m-inject",
      userId: sender.user.id,
      name: "Eve\r\nBcc: victim@evil.test",
      email: "inject@support.test",
      topic: "Hello\r\nBcc: victim@evil.test\r\nX-Injected: yes",
      message: "Hi",
    });
    expect((await inbox(admin.cookie, { intent: "reply", id: "m-inject", body: "Reply" })).status).toBe(200);
    await drainOutbox();
    const mail = mails().find((m) => m.to.includes(sender.user.email))!;
    expect(mail.to).toEqual([sender.user.email]);
    expect(header(mail.raw, "Bcc")).toBeNull();
    expect(header(mail.raw, "X-Injected")).toBeNull();
    expect(header(mail.raw, "Subject")).toBe("Re: Hello Bcc: victim@evil.test X-Injected: yes");
  });
});

describe("where a reply goes", () => {
  it("a signed-in sender who typed a stranger's address: the message keeps the account's address and the reply reaches only the account, with SUPPORT_EMAIL as Reply-To", async () => {
    process.env.SUPPORT_EMAIL = "LaunchKit help <help@launchkit.test>";
    resetConfigForTests();
    try {
      const stranger = "stranger@third-party.test";
      expect((await contact(message(stranger, { message: "Please forward this to my friend. (exploit)" }), pro.cookie)).data).toMatchObject({ sent: true, pro: true });
      const row = (await getDb().select().from(contactMessages).where(like(contactMessages.message, "%(exploit)")))[0]!;
      expect(row).toMatchObject({ userId: pro.user.id, email: pro.user.email });

      const listed = (await inbox(admin.cookie)).data!.messages as Array<{ id: string; replyTo: string | null; noReply: string | null }>;
      expect(listed.find((m) => m.id === row.id)).toMatchObject({ replyTo: pro.user.email, noReply: null });
      expect((await inbox(admin.cookie)).data!.supportAddress).toBe("LaunchKit help <help@launchkit.test>");

      expect((await inbox(admin.cookie, { intent: "reply", id: row.id, body: "Here you go." })).status).toBe(200);
      await drainOutbox();
      expect(mails().filter((m) => m.to.includes(stranger))).toEqual([]);
      const mail = mails().find((m) => decodeMail(m.raw).includes("Please forward this to my friend."))!;
      expect(mail.to).toEqual([pro.user.email]);
      expect(header(mail.raw, "To")).toBe(pro.user.email);
      expect(header(mail.raw, "From")).toBe(MAIL_FROM);
      expect(header(mail.raw, "Reply-To")).toBe("LaunchKit help <help@launchkit.test>");
    } finally {
      delete process.env.SUPPORT_EMAIL;
      resetConfigForTests();
    }
  });

  it("a visitor's typed address, or an account that never confirmed its address: no e-mail from LaunchKit (409, nothing written); the inbox says why and offers the admin's own mail client", async () => {
    await contact(message("unknown-visitor@third-party.test"));
    const unconfirmed = await founder("unconfirmed");
    await getDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, unconfirmed.user.id));
    await contact(message("typed-by-unconfirmed@third-party.test"), unconfirmed.cookie);
    const visitorRow = await rowOf("unknown-visitor@third-party.test");
    const unconfirmedRow = await rowOf("typed-by-unconfirmed@third-party.test");
    expect(unconfirmedRow).toMatchObject({ userId: unconfirmed.user.id, email: unconfirmed.user.email });

    const before = mails().length;
    for (const [row, why] of [
      [visitorRow, /Sent by a visitor who wasn't signed in: nobody has confirmed that this address is theirs/],
      [unconfirmedRow, /The sender's account hasn't confirmed its address/],
    ] as const) {
      const refused = await inbox(admin.cookie, { intent: "reply", id: row.id, body: "Hello there" });
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({ ok: false });
      expect(String(refused.data!.message)).toMatch(why);
      expect(await getDb().select().from(contactReplies).where(eq(contactReplies.messageId, row.id))).toHaveLength(0);
      expect(await rowOf(row.email)).toMatchObject({ handled: false, repliedAt: null });
      const listed = (await inbox(admin.cookie)).data!.messages as Array<{ id: string; replyTo: string | null; noReply: string | null }>;
      const entry = listed.find((m) => m.id === row.id)!;
      expect(entry.replyTo).toBeNull();
      expect(entry.noReply).toMatch(why);
    }
    await drainOutbox();
    expect(mails().length).toBe(before);
  });

  it("/contact fills in a signed-in founder's name and address; a visitor gets empty fields", async () => {
    const route = await import("~/routes/marketing/contact");
    const load = (cookie?: string) => route.loader(routeArgs(new Request(`${ORIGIN}/contact`, { headers: cookie ? { Cookie: cookie } : {} }), {}, createRequestContext("10.31.9.9")));
    expect(await load(pro.cookie)).toEqual({ pro: true, name: pro.user.name, email: pro.user.email });
    expect(await load(free.cookie)).toEqual({ pro: false, name: free.user.name, email: free.user.email });
    expect(await load()).toEqual({ pro: false, name: null, email: null });
  });
});
