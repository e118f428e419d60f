import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmationToken } from "~/features/auth/email-confirmation.server";
import { createSession } from "~/features/auth/session.server";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { appSettings, rateLimitHits, reservedSlugs, users } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { deleteKitForUser } from "~/kit/kits.server";
import { createUser, verifyLogin } from "~/features/users/users.server";
import { createRequestContext } from "~/platform/http/request-context";
import { confirmSiteOrigin, forgetTrustedOrigin } from "~/platform/http/site-origin.server";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { kitFor, workspace } from "../support/landing-routes";
import { createConfirmedUser } from "../support/users";

/**
 * No e-mailed link comes from a client's Host;
 * the admin role, publishing and payments wait for a confirmed address; lead
 * forms post to a page's stable id and a released address stays its owner's.
 * Mail goes through a real SMTP server (the sink) and is read back from it.
 */

const mailDir = fs.mkdtempSync(path.join(process.env.DATABASE_PATH ? path.dirname(process.env.DATABASE_PATH) : "/tmp", "mail-"));
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = sink.url;
  process.env.ADMIN_EMAILS = "boss@trusted.test";
  resetConfigForTests();
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
});
afterAll(async () => {
  setProviderForTests(undefined);
  delete process.env.SMTP_URL;
  delete process.env.ADMIN_EMAILS;
  delete process.env.APP_URL;
  delete process.env.EMAIL_CONFIRMATION;
  resetConfigForTests();
  await sink.close();
});
beforeEach(async () => {
  await getDb().delete(rateLimitHits);
  await getDb().delete(appSettings);
  forgetTrustedOrigin();
});

function mailsTo(address: string): string[] {
  return fs
    .readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(address))
    .map((m) => decodeMail(m.raw));
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
});

async function forgotPassword(origin: string, email: string) {
  const route = await import("~/routes/auth/forgot-password");
  return call(() => route.action(routeArgs(new Request(`${origin}/forgot-password`, form({ email })), {}, createRequestContext(`10.9.0.${++ip}`))));
}
let ip = 0;

describe("e-mailed links never follow the request's Host", () => {
  it("a reset asked for with a forged Host and no known address sends nothing (no token is made) and says why in the log", async () => {
    await createUser({ name: "Victim", email: "victim@trusted.test", password: "Secret123" });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await forgotPassword("http://attacker.example", "victim@trusted.test");
    expect(answer.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo("victim@trusted.test")).toEqual([]);
    expect(log.mock.calls.flat().join("\n")).toMatch(/Not sending a password-reset e-mail to victim@trusted\.test: LaunchKit does not know its public address.*Set APP_URL/);
    log.mockRestore();
  });

  it("the address an admin confirmed wins over any Host; a loopback request may use its own address; APP_URL wins over both", async () => {
    await createUser({ name: "Reader", email: "reader@trusted.test", password: "Secret123" });
    await confirmSiteOrigin("https://kits.example.org");
    await forgotPassword("http://attacker.example", "reader@trusted.test");
    await expect.poll(() => mailsTo("reader@trusted.test").length).toBe(1);
    const first = mailsTo("reader@trusted.test")[0]!;
    expect(first).toContain("https://kits.example.org/reset-password?token=");
    expect(first).not.toContain("attacker.example");

    await getDb().delete(appSettings);
    forgetTrustedOrigin();
    await createUser({ name: "Local", email: "local@trusted.test", password: "Secret123" });
    await forgotPassword("http://localhost:3000", "local@trusted.test");
    await expect.poll(() => mailsTo("local@trusted.test").length).toBe(1);
    expect(mailsTo("local@trusted.test")[0]).toContain("http://localhost:3000/reset-password?token=");

    process.env.APP_URL = "https://launch.example.com";
    resetConfigForTests();
    await forgotPassword("http://attacker.example", "local@trusted.test");
    await expect.poll(() => mailsTo("local@trusted.test").length).toBe(2);
    expect(mailsTo("local@trusted.test")[1]).toContain("https://launch.example.com/reset-password?token=");
    delete process.env.APP_URL;
    resetConfigForTests();
  });

  it("a new-lead e-mail sent by an anonymous post with a forged Host links to the trusted address only, and the lead's name stays one line", async () => {
    const founder = await createConfirmedUser({ name: "Notified", email: "notified@trusted.test", password: "Secret123" });
    const cookie = (await createSession(new Request("http://localhost"), founder.id, false)).split(";")[0]!;
    const kit = await kitFor(founder.id);
    await workspace(cookie, kit.id, { intent: "publish", slug: "notified-page" });
    await workspace(cookie, kit.id, { intent: "save-settings", notifyLeads: "on" });
    await confirmSiteOrigin("https://kits.example.org");
    const pageId = (await landingPageOf(kit.id))!.pageId!;
    const lead = await import("~/routes/public/page-lead");
    const answer = await call(() =>
      lead.action(
        routeArgs(
          new Request(`http://attacker.example/f/${pageId}`, form({ email: "eve@example.com", name: "Eve\r\nYour account needs attention.\nSign in at http://attacker.example/login" })),
          { pageId },
          createRequestContext("10.8.0.1"),
        ),
      ),
    );
    expect(answer.status).toBe(303);
    await expect.poll(() => mailsTo("notified@trusted.test").length).toBe(1);
    const mail = mailsTo("notified@trusted.test")[0]!;
    expect(mail).toContain(`https://kits.example.org/dashboard/kits/${kit.id}/website#leads`);
    expect(mail).not.toMatch(/href="http:\/\/attacker\.example/);
    // The name is one line: no paragraph of the attacker's own starts a line of the e-mail.
    expect(mail).not.toMatch(/^Your account needs attention/m);
    expect(mail).not.toMatch(/^Sign in at/m);
  });
});

describe("e-mail confirmation", () => {
  it("sign-up sends a signed link; opening it confirms nothing; its POST confirms and only then grants ADMIN_EMAILS' admin role", async () => {
    await confirmSiteOrigin("https://kits.example.org");
    const signup = await import("~/routes/auth/signup");
    const answer = await call(() =>
      signup.action(
        routeArgs(
          new Request("http://attacker.example/signup", form({ name: "Boss", email: "boss@trusted.test", password: "Secret123", confirmPassword: "Secret123", acceptTerms: "on" })),
          {},
          createRequestContext("10.7.0.1"),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    const user = (await verifyLogin("boss@trusted.test", "Secret123"))!;
    expect(user.role).toBe("user");
    expect(user.emailConfirmedAt).toBeNull();

    await expect.poll(() => mailsTo("boss@trusted.test").length).toBe(1);
    const link = mailsTo("boss@trusted.test")[0]!.match(/https:\/\/kits\.example\.org(\/confirm-email\?token=[^\s"<]+)/)?.[1];
    expect(link).toBeTruthy();
    const route = await import("~/routes/auth/confirm-email");
    const shown = await call(() => route.loader(routeArgs(new Request(`http://localhost${link!.replace(/&amp;/g, "&")}`))));
    expect(shown.status).toBe(200);
    expect((await verifyLogin("boss@trusted.test", "Secret123"))!.emailConfirmedAt).toBeNull();

    const token = new URL(`http://x${link!}`).searchParams.get("token")!;
    const confirmed = await call(() => route.action(routeArgs(new Request("http://localhost/confirm-email", form({ token })))));
    expect(confirmed.status).toBe(303);
    const after = (await verifyLogin("boss@trusted.test", "Secret123"))!;
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);
    expect(after.role).toBe("admin");
  });

  it("refuses forged, expired and stale tokens (the address changed since)", async () => {
    const user = await createUser({ name: "T", email: "tokens@trusted.test", password: "Secret123" });
    const route = await import("~/routes/auth/confirm-email");
    const post = (token: string) => call(() => route.action(routeArgs(new Request("http://localhost/confirm-email", form({ token })))));
    const good = confirmationToken(user);
    expect((await post(good.slice(0, -2) + "xx")).status).toBe(400);
    expect((await post(confirmationToken(user, Date.now() - 8 * 24 * 60 * 60 * 1000))).status).toBe(400);
    await getDb().update(users).set({ email: "changed@trusted.test" }).where(eq(users.id, user.id));
    expect((await post(good)).status).toBe(400);
    expect((await verifyLogin("changed@trusted.test", "Secret123"))!.emailConfirmedAt).toBeNull();
  });

  it("a listed address that is not confirmed does not become admin at sign-in", async () => {
    process.env.ADMIN_EMAILS = "boss@trusted.test,squatter@trusted.test";
    resetConfigForTests();
    await createUser({ name: "Squatter", email: "squatter@trusted.test", password: "Secret123" });
    expect((await verifyLogin("squatter@trusted.test", "Secret123"))!.role).toBe("user");
    process.env.ADMIN_EMAILS = "boss@trusted.test";
    resetConfigForTests();
  });

  it("an unconfirmed founder cannot publish or pay; EMAIL_CONFIRMATION=required refuses sign-in with the spec's message", async () => {
    const user = await createUser({ name: "New", email: "new@trusted.test", password: "Secret123" });
    const cookie = (await createSession(new Request("http://localhost"), user.id, false)).split(";")[0]!;
    const kit = await kitFor(user.id);
    const refused = await workspace(cookie, kit.id, { intent: "publish", slug: "unconfirmed-page" });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("Please confirm your e-mail address first");
    expect((await landingPageOf(kit.id))!.published).toBe(false);

    const checkout = await import("~/routes/billing/checkout");
    const loaded = await call(() => checkout.loader(routeArgs(new Request("http://localhost/checkout?plan=pro", { headers: { Cookie: cookie } }))));
    expect(JSON.stringify(loaded.data)).toContain("Please confirm your e-mail address first");

    process.env.EMAIL_CONFIRMATION = "required";
    resetConfigForTests();
    const signin = await import("~/routes/auth/signin");
    const answer = await call(() =>
      signin.action(routeArgs(new Request("http://localhost/signin", form({ email: "new@trusted.test", password: "Secret123" })), {}, createRequestContext("10.6.0.1"))),
    );
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.data)).toContain("Please check your email and click the confirmation link before signing in.");
    delete process.env.EMAIL_CONFIRMATION;
    resetConfigForTests();
  });
});

describe("lead forms post to a stable page id; a released address stays its owner's", () => {
  it("after the founder moves the page, another founder can't take the old address, and old forms still reach the first founder", async () => {
    const a = await createConfirmedUser({ name: "A", email: "a@slugs.test", password: "Secret123" });
    const b = await createConfirmedUser({ name: "B", email: "b@slugs.test", password: "Secret123" });
    const cookieA = (await createSession(new Request("http://localhost"), a.id, false)).split(";")[0]!;
    const cookieB = (await createSession(new Request("http://localhost"), b.id, false)).split(";")[0]!;
    const kitA = await kitFor(a.id);
    const kitB = await kitFor(b.id);
    expect((await workspace(cookieA, kitA.id, { intent: "publish", slug: "first-home" })).status).toBe(303);
    const pageId = (await landingPageOf(kitA.id))!.pageId!;
    expect((await workspace(cookieA, kitA.id, { intent: "save-slug", slug: "second-home" })).status).toBe(303);

    const taken = await workspace(cookieB, kitB.id, { intent: "publish", slug: "first-home" });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.data)).toContain("That address is already taken");

    // A downloaded copy made before the move posts to the id: the lead is A's.
    const lead = await import("~/routes/public/page-lead");
    const posted = await call(() => lead.action(routeArgs(new Request(`http://localhost/f/${pageId}`, form({ email: "fan@example.com" })), { pageId }, createRequestContext("10.5.0.1"))));
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/p\/second-home\/thanks/);

    // The owner may take the old address back.
    expect((await workspace(cookieA, kitA.id, { intent: "save-slug", slug: "first-home" })).status).toBe(303);
  });

  it("a deleted kit's address stays reserved to its founder", async () => {
    const a = await createConfirmedUser({ name: "C", email: "c@slugs.test", password: "Secret123" });
    const b = await createConfirmedUser({ name: "D", email: "d@slugs.test", password: "Secret123" });
    const cookieA = (await createSession(new Request("http://localhost"), a.id, false)).split(";")[0]!;
    const cookieB = (await createSession(new Request("http://localhost"), b.id, false)).split(";")[0]!;
    const kitA = await kitFor(a.id);
    await workspace(cookieA, kitA.id, { intent: "publish", slug: "gone-page" });
    const pageId = (await landingPageOf(kitA.id))!.pageId!;
    expect(await deleteKitForUser(kitA.id, a.id)).toBe(true);
    expect((await getDb().select().from(reservedSlugs).where(eq(reservedSlugs.slug, "gone-page")))[0]?.userId).toBe(a.id);

    const kitB = await kitFor(b.id);
    expect((await workspace(cookieB, kitB.id, { intent: "publish", slug: "gone-page" })).status).toBe(409);
    const lead = await import("~/routes/public/page-lead");
    const posted = await call(() => lead.action(routeArgs(new Request(`http://localhost/f/${pageId}`, form({ email: "late@example.com" })), { pageId }, createRequestContext("10.5.0.2"))));
    expect(posted.status).toBe(404);
  });
});
