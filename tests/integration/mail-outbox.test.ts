import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getConfig, resetConfigForTests } from "~/platform/config.server";
import { dialect, getDb } from "~/platform/db/client.server";
import { outbox } from "~/platform/db/schema";
import { drainOutbox, sendMail } from "~/platform/mail/mailer.server";
import { claimMessage } from "~/platform/mail/outbox.server";
import { classify, GIVE_UP_AFTER_MS, retryDelay, stopOutbox } from "~/platform/mail/sender.server";
import { startSmtpSink } from "../support/smtp-sink.mjs";

/**
 * The durable outbox (docs/decisions/024-mail-outbox.md), against real SMTP
 * servers on loopback: the sink, a closed port, and servers that refuse.
 */

const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-outbox-mail-"));
const closers: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const f of fs.readdirSync(mailDir)) fs.rmSync(path.join(mailDir, f));
  delete process.env.SMTP_URL;
  resetConfigForTests();
  vi.restoreAllMocks();
});
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }));
beforeEach(async () => {
  await getDb().delete(outbox);
});

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetConfigForTests();
}

async function sink() {
  const s = await startSmtpSink({ dir: mailDir });
  closers.push(s.close);
  return s;
}

/** A port with nothing listening: connections are refused. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An SMTP server that answers every recipient with `code` (a 5xx refusal or a 4xx "try later"). */
async function refusingServer(code: number, text: string) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const error = Object.assign(new Error(text), { responseCode: code });
      callback(error);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
  return `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
}

function received() {
  return fs
    .readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string })
    .map((m) => ({ to: m.to, raw: m.raw, messageId: /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1] }));
}

async function rowOf(messageId: string) {
  const [row] = await getDb().select().from(outbox).where(eq(outbox.messageId, messageId));
  return row!;
}

/** The backoff has passed: the message is due now. */
async function dueNow(messageId: string) {
  await getDb().update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.messageId, messageId));
}

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: `Your link: https://launch.example/reset?token=${to}`, html: `<p>${to}</p>` });

describe("the mail outbox", () => {
  it("stores the message, then delivers it once with the Message-ID fixed in its row, and keeps no body after", async () => {
    const s = await sink();
    useSmtp(s.url);
    const { messageId, outboxFile } = await sendMail(mail("ada@outbox.test"));
    expect(outboxFile).toBeUndefined();
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@launchkit\.local>$/);
    await drainOutbox();
    const got = received();
    expect(got).toHaveLength(1);
    expect(got[0]!.to).toEqual(["ada@outbox.test"]);
    expect(got[0]!.messageId).toBe(messageId);
    expect(got[0]!.raw).toContain("Subject: Hello ada@outbox.test");
    const row = await rowOf(messageId);
    expect(row).toMatchObject({ status: "sent", attempts: 1, text: "", html: "", lockedBy: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a message while the SMTP server is unreachable and sends it, once, as soon as another gets through", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`);
    const { messageId } = await sendMail(mail("bob@outbox.test"));
    await drainOutbox();
    let row = await rowOf(messageId);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row.lockedBy).toBeNull();
    // The next attempt waits about 5 s (the first backoff), measured from the database's clock.
    const wait = row.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(6_000);
    expect(warn.mock.calls.flat().join("\n")).toContain(`Mail ${messageId} not delivered (attempt 1`);
    // Not due yet: a drain leaves it alone.
    await drainOutbox();
    expect((await rowOf(messageId)).attempts).toBe(1);

    // The server is back: a new message goes out, and takes the one waiting out its backoff with it.
    const s = await sink();
    useSmtp(s.url);
    // (One a server answered "try later" keeps its own backoff: its trouble was not the connection.)
    await getDb()
      .insert(outbox)
      .values({ id: "busy", messageId: "<busy@launchkit.local>", fromAddress: "a@b.c", toAddress: "busy@outbox.test", subject: "s", text: "t", html: "h", attempts: 1, lastError: "451 4.2.1 Mailbox busy", nextAttemptAt: new Date(Date.now() + 3_600_000) });
    const next = await sendMail(mail("carol@outbox.test"));
    await drainOutbox();
    expect(await rowOf("<busy@launchkit.local>")).toMatchObject({ status: "pending", attempts: 1 });
    row = await rowOf(messageId);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(received().map((m) => m.messageId).sort()).toEqual([messageId, next.messageId].sort());
  });

  it("tries again after a 4xx answer, and gives up at once on a 5xx with the reason logged and kept", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    useSmtp(await refusingServer(451, "Mailbox busy, try later"));
    const later = await sendMail(mail("later@outbox.test"));
    await drainOutbox();
    expect(await rowOf(later.messageId)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await rowOf(later.messageId)).lastError).toMatch(/^451 .*Mailbox busy/);

    useSmtp(await refusingServer(550, "No such user here"));
    const never = await sendMail(mail("nobody@outbox.test"));
    await dueNow(later.messageId);
    await drainOutbox();
    const refused = await rowOf(never.messageId);
    expect(refused).toMatchObject({ status: "failed", attempts: 1, text: "", html: "" });
    expect(refused.lastError).toMatch(/^550 .*No such user here/);
    // The 4xx one met the 550 server too on its second attempt: given up as well.
    expect(await rowOf(later.messageId)).toMatchObject({ status: "failed", attempts: 2 });
    const logged = errors.mock.calls.flat().join("\n");
    expect(logged).toContain("mail given up: the server refused it");
    expect(logged).toContain(never.messageId);
    expect(logged).toContain("No such user here");
    // Given up means never tried again.
    await drainOutbox();
    expect((await rowOf(never.messageId)).attempts).toBe(1);
  });

  it("gives up a message still undelivered after 3 days", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`);
    // Queued 3 days ago and tried ever since.
    const messageId = "<old@launchkit.local>";
    await getDb()
      .insert(outbox)
      .values({ id: "old", messageId, fromAddress: "a@b.c", toAddress: "old@outbox.test", subject: "s", text: "t", html: "h", attempts: 40, createdAt: new Date(Date.now() - GIVE_UP_AFTER_MS - 60_000) });
    await drainOutbox();
    const row = await rowOf(messageId);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/^undelivered for 3 days: .*(ECONNREFUSED|ECONNECTION)/);
    expect(errors.mock.calls.flat().join("\n")).toContain("mail given up after 3 days");
  });

  it("sends a message again, with the same Message-ID, when the instance that sent it died before recording it", async () => {
    const s = await sink();
    useSmtp(s.url);
    const { messageId } = await sendMail(mail("twice@outbox.test"));
    const body = (await rowOf(messageId)).text;
    await drainOutbox();
    // As if the SMTP server had accepted it and the sender's process died before the row said so:
    // still pending, held by a lease that has run out.
    await getDb()
      .update(outbox)
      .set({ status: "pending", text: body, html: "<p>again</p>", lockedBy: "dead-instance:1:abc", leaseUntil: new Date(Date.now() - 1000), sentAt: null })
      .where(eq(outbox.messageId, messageId));
    await drainOutbox();
    const got = received();
    expect(got.map((m) => m.messageId)).toEqual([messageId, messageId]);
    expect(await rowOf(messageId)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a claim leases one message; one held by a live lease is not claimed by another sender", async () => {
    await stopOutbox(); // this process's own sender stays out of the way
    for (const id of ["held", "next"]) {
      await getDb().insert(outbox).values({ id, messageId: `<${id}@launchkit.local>`, fromAddress: "a@b.c", toAddress: "x@y.z", subject: "s", text: "t", html: "h" });
    }
    expect((await claimMessage("instance-a"))?.id).toBe("held");
    expect((await getDb().select({ id: outbox.id, by: outbox.lockedBy }).from(outbox).orderBy(outbox.id)).map((r) => `${r.id}:${r.by}`)).toEqual(["held:instance-a", "next:null"]);
    expect((await claimMessage("instance-b"))?.id).toBe("next");
    expect(await claimMessage("instance-c")).toBeNull();
  });

  it("several senders claiming at once take each message once", async () => {
    await stopOutbox();
    const ids = Array.from({ length: 6 }, (_, i) => `m${i}`);
    await getDb()
      .insert(outbox)
      .values(ids.map((id) => ({ id, messageId: `<${id}@launchkit.local>`, fromAddress: "a@b.c", toAddress: "x@y.z", subject: "s", text: "t", html: "h" })));
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimMessage(`instance-${i}`)));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    if (dialect() === "postgres") expect(claimed.length).toBeGreaterThan(0);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Every message claimed exactly once in the end.
    for (;;) {
      const next = await claimMessage("late");
      if (!next) break;
      claimed.push(next.id);
    }
    expect(claimed.sort()).toEqual(ids);
    const [once] = await getDb().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(outbox).where(eq(outbox.attempts, 1));
    expect(once!.n).toBe(6);
  });

  it("without SMTP_URL writes the message to <data dir>/outbox/, readable by the app's user only; a second delivery rewrites the same file", async () => {
    const { messageId, outboxFile } = await sendMail(mail("file@outbox.test"));
    expect(path.dirname(outboxFile!)).toBe(path.join(getConfig().dataDir, "outbox"));
    await drainOutbox();
    const eml = fs.readFileSync(outboxFile!, "utf8");
    expect(eml).toContain("To: file@outbox.test");
    expect(eml).toContain(`Message-ID: ${messageId}`);
    expect(fs.statSync(outboxFile!).mode & 0o777).toBe(0o600);
    const files = fs.readdirSync(path.dirname(outboxFile!)).length;
    await getDb().update(outbox).set({ status: "pending", text: "again", lockedBy: null, leaseUntil: null }).where(eq(outbox.messageId, messageId));
    await drainOutbox();
    expect(fs.readdirSync(path.dirname(outboxFile!))).toHaveLength(files);
    expect(fs.readFileSync(outboxFile!, "utf8")).toContain(`Message-ID: ${messageId}`);
  });
});

describe("retries", () => {
  it("wait 5 s, then twice as long each time, at most 15 minutes (give or take a tenth)", () => {
    for (const [attempt, base] of [[1, 5_000], [2, 10_000], [3, 20_000], [4, 40_000], [8, 640_000], [9, 900_000], [30, 900_000]] as const) {
      const delay = retryDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(base * 0.9);
      expect(delay).toBeLessThanOrEqual(base * 1.1);
    }
  });

  it("5xx answers are final; 4xx answers and connection errors are not", () => {
    expect(classify(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550, response: "550 5.1.1 No such user" }))).toEqual({ sent: false, permanent: true, replied: true, reason: "550 5.1.1 No such user" });
    expect(classify(Object.assign(new Error("Greylisted"), { responseCode: 451, response: "451 4.7.1 Try again later" }))).toMatchObject({ permanent: false, replied: true });
    expect(classify(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" }))).toMatchObject({ permanent: false, replied: false, reason: "ESOCKET connect ECONNREFUSED 127.0.0.1:25" });
  });
});
