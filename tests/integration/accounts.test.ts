import { describe, expect, it } from "vitest";
import { checkResetToken, consumeResetToken, createResetToken, RESET_TOKEN_TTL_MS } from "~/features/auth/password-reset.server";
import { createSigninThrottle } from "~/features/auth/throttle.server";
import { eq } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { passwordResetTokens, sessions, users } from "~/platform/db/schema";
import { createUser, EmailTakenError, verifyLogin } from "~/features/users/users.server";
import { routeArgs } from "../support/route-args";

describe("users", () => {
  it("stores e-mail lower-cased, hashes the password and never returns the hash", async () => {
    const user = await createUser({ name: "Ada", email: "Ada@Example.COM", password: "Secret123" });
    expect(user.email).toBe("ada@example.com");
    expect(Object.keys(user)).not.toContain("passwordHash");
    const row = (await first(getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))))!;
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("Secret123");
    expect(await verifyLogin("ADA@example.com", "Secret123")).toMatchObject({ id: user.id });
    expect(await verifyLogin("ada@example.com", "wrong-pass")).toBeNull();
    expect(await verifyLogin("nobody@example.com", "Secret123")).toBeNull();
  });

  it("refuses a second account for the same e-mail", async () => {
    await createUser({ name: "A", email: "dup@example.com", password: "Secret123" });
    await expect(createUser({ name: "B", email: "DUP@example.com", password: "Secret123" })).rejects.toBeInstanceOf(EmailTakenError);
  });
});

describe("password reset tokens", () => {
  it("are stored hashed, single use, and expire after one hour", async () => {
    const user = await createUser({ name: "T", email: "token@example.com", password: "Secret123" });
    const t0 = new Date("2026-01-01T00:00:00Z");
    const token = await createResetToken(user.id, t0);
    const stored = (await first(getDb().select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))))?.tokenHash;
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(token);

    expect(await checkResetToken(token, new Date(t0.getTime() + RESET_TOKEN_TTL_MS - 1000))).toEqual({ ok: true, userId: user.id });
    expect(await checkResetToken(token, new Date(t0.getTime() + RESET_TOKEN_TTL_MS))).toEqual({ ok: false, reason: "expired" });
    expect(await checkResetToken("forged-token")).toEqual({ ok: false, reason: "invalid" });

    expect((await consumeResetToken(token, new Date(t0.getTime() + 60_000))).ok).toBe(true);
    expect(await consumeResetToken(token, new Date(t0.getTime() + 61_000))).toEqual({ ok: false, reason: "used" });
  });

  it("a reset ends every other link of that account, and only of that account", async () => {
    const user = await createUser({ name: "Two links", email: "two-links@example.com", password: "Secret123" });
    const other = await createUser({ name: "Other", email: "other-links@example.com", password: "Secret123" });
    const older = await createResetToken(user.id);
    const newer = await createResetToken(user.id);
    const othersLink = await createResetToken(other.id);
    expect((await consumeResetToken(newer)).ok).toBe(true);
    expect(await checkResetToken(older)).toEqual({ ok: false, reason: "used" });
    expect(await consumeResetToken(older)).toEqual({ ok: false, reason: "used" });
    expect(await checkResetToken(othersLink)).toEqual({ ok: true, userId: other.id });
  });
});

describe("mail without SMTP", () => {
  it("lands in the outbox, readable by the app's user only (it may hold a live reset link)", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { drainOutbox, sendMail } = await import("~/platform/mail/mailer.server");
    const { outboxFile } = await sendMail({ to: "reader@example.com", subject: "Reset", text: "https://x/reset-password?token=t", html: "<p>t</p>" });
    await drainOutbox();
    expect(fs.readFileSync(outboxFile!, "utf8")).toContain("reader@example.com");
    expect(fs.statSync(outboxFile!).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(outboxFile!)).mode & 0o777).toBe(0o700);
  });
});

/** The sign-in form's answer (its status) to a POST from the client address `ip`. */
async function signInFrom(email: string, password: string, ip: string) {
  const { action } = await import("~/routes/auth/signin");
  const { createRequestContext } = await import("~/platform/http/request-context");
  const request = new Request("http://localhost/signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const result = (await action(routeArgs(request, {}, createRequestContext(ip)))) as Response | { init: { status?: number } | null };
  return result instanceof Response ? result.status : (result.init?.status ?? 200);
}

describe("sign-in throttle", () => {
  it("holds back one address after 5 failures for an e-mail from it, or 20 from it, for 15 minutes: not the e-mail everywhere", async () => {
    let now = 0;
    const throttle = createSigninThrottle(() => now);
    for (let i = 0; i < 5; i++) {
      expect(await throttle.isBlocked("a@b.co", "1.1.1.1")).toBe(false);
      await throttle.recordFailure("a@b.co", "1.1.1.1");
    }
    expect(await throttle.isBlocked("A@B.CO", "1.1.1.1")).toBe(true);
    // The same e-mail from another address is not locked by the first one's failures.
    expect(await throttle.isBlocked("a@b.co", "9.9.9.9")).toBe(false);
    now += 15 * 60 * 1000 + 1;
    expect(await throttle.isBlocked("a@b.co", "1.1.1.1")).toBe(false);

    for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@b.co`, "2.2.2.2");
    expect(await throttle.isBlocked("fresh@b.co", "2.2.2.2")).toBe(true);
    expect(await throttle.isBlocked("fresh@b.co", "3.3.3.3")).toBe(false);
  });

  it("guessing one account from many addresses holds back new addresses only, never one the account signed in from", async () => {
    let now = 0;
    const throttle = createSigninThrottle(() => now);
    await throttle.recordSuccess("owner@b.co", "10.0.0.1");
    // 50 failures: 5 from each of 10 addresses.
    for (let i = 0; i < 50; i++) await throttle.recordFailure("owner@b.co", `203.0.113.${i % 10}`);
    expect(await throttle.isBlocked("owner@b.co", "198.51.100.7")).toBe(true);
    expect(await throttle.isBlocked("owner@b.co", "10.0.0.1")).toBe(false);
    // The owner's own typos on a known device are the per-address rule's business only.
    for (let i = 0; i < 4; i++) await throttle.recordFailure("owner@b.co", "10.0.0.1");
    expect(await throttle.isBlocked("owner@b.co", "10.0.0.1")).toBe(false);
    // Known for 90 days after the last sign-in.
    now += 89 * 24 * 60 * 60 * 1000;
    await throttle.recordSuccess("owner@b.co", "10.0.0.1");
    now += 89 * 24 * 60 * 60 * 1000;
    for (let i = 0; i < 10; i++) await throttle.recordFailure("owner@b.co", `203.0.113.${i}`);
    expect(await throttle.isBlocked("owner@b.co", "10.0.0.1")).toBe(false);
    now += 2 * 24 * 60 * 60 * 1000;
    for (let i = 0; i < 10; i++) await throttle.recordFailure("owner@b.co", `203.0.114.${i}`);
    expect(await throttle.isBlocked("owner@b.co", "10.0.0.1")).toBe(true);
  });

  it("through the sign-in form: 50 failures from other addresses do not stop the right password from the owner's, one address still gets 429", async () => {
    await createUser({ name: "Owner", email: "owner@throttle.test", password: "Secret123" });
    expect(await signInFrom("owner@throttle.test", "Secret123", "10.0.0.1")).toBe(302);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push(await signInFrom("owner@throttle.test", `Wrong-pass${i}`, `203.0.113.${i % 10}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    expect(await signInFrom("owner@throttle.test", "Secret123", "10.0.0.1")).toBe(302);

    // One address guessing one e-mail: 401 five times, then 429, even with the right password.
    await createUser({ name: "Other", email: "other@throttle.test", password: "Secret123" });
    const other = (password: string) => signInFrom("other@throttle.test", password, "192.0.2.9");
    for (let i = 0; i < 5; i++) expect(await other(`Wrong-pass${i}`)).toBe(401);
    expect(await other("Secret123")).toBe(429);
  });
});

describe("sessions", () => {
  it("find the user for a live session and nobody for an expired or forged one", async () => {
    const { createSession, getUser } = await import("~/features/auth/session.server");
    const user = await createUser({ name: "S", email: "session@example.com", password: "Secret123" });
    const cookie = (await createSession(new Request("http://x/"), user.id, true)).split(";")[0]!;
    expect((await getUser(new Request("http://x/", { headers: { Cookie: cookie } })))?.id).toBe(user.id);

    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect(await getUser(new Request("http://x/", { headers: { Cookie: cookie } }))).toBeNull();
    expect(await getUser(new Request("http://x/", { headers: { Cookie: "launchkit_session=forged" } }))).toBeNull();
  });
});
