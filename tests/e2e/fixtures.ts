import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { decodeMail } from "../support/smtp-sink.mjs";

export { expect };

const dir = () => process.env.E2E_DIR!;

/** A random client IP, sent as X-Forwarded-For (the e2e server trusts the proxy header),
 *  so per-IP rate limits count each test on its own. */
export function randomIp() {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

export function uniqueEmail(prefix = "founder") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

export const PASSWORD = "Launch2025!";

/** Read-only access to the e2e server's database, for asserting stored rows. */
export function query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dir(), "launchkit.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Sets an account's plan straight in the e2e server's database (what an
 * admin's override in /admin/users does): for tests of downloads, the ZIP and
 * other paid features. The payment flow itself is tested in plans.spec.ts.
 */
export function grantPlan(email: string, plan: "free" | "starter" | "pro") {
  const db = new Database(path.join(dir(), "launchkit.db"), { fileMustExist: true });
  try {
    db.prepare("update users set plan = ?, plan_status = ?, plan_ends_at = null where email = ?").run(plan, plan === "pro" ? "active" : null, email.toLowerCase());
  } finally {
    db.close();
  }
}

/** Reads or scripts the fake Stripe of the e2e stack (tests/support/fake-stripe.mjs, /__control/*). */
export async function fakeStripe(action: "state" | "refund" | "end-subscription" | "redeliver", body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT}/__control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return res.json();
}

/** Messages the SMTP sink received for an address, oldest first. */
export function mailsTo(address: string): Array<{ to: string[]; raw: string }> {
  const mailDir = path.join(dir(), "mail");
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")))
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** The confirmation link e-mailed to an address (the newest), as a path on the site. */
export async function confirmationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const raw = mailsTo(address).map((m) => decodeMail(m.raw)).reverse().find((r) => r.includes("/confirm-email?token="));
      link = raw?.match(/https?:\/\/[^/\s"]+(\/confirm-email\?token=[^\s"<]+)/)?.[1];
      return !!link;
    }, { message: `a confirmation e-mail to ${address}` })
    .toBe(true);
  return link!.replace(/&amp;/g, "&");
}

/** Confirms an address through its e-mailed link: the link's page, then its form's POST (as a browser without JS sends it). */
export async function confirmEmail(client: Page | APIRequestContext, address: string) {
  const link = await confirmationLink(address);
  const token = new URL(link, "http://x").searchParams.get("token")!;
  const request = "request" in client ? client.request : client;
  const res = await request.post("/confirm-email", { form: { token }, maxRedirects: 0 });
  expect(res.status(), `confirming answered ${res.status()}`).toBe(303);
}

/**
 * The project's shared admin account is made by whichever test signs it up
 * first, and ADMIN_EMAILS makes it admin once its address is confirmed: a
 * test that signs in to it confirms it through the e-mailed link when nobody
 * has yet (confirming twice changes nothing), then waits for the role.
 */
export async function adminReady(client: Page | APIRequestContext, email: string) {
  const row = () => query<{ role: string; confirmed: number | null }>("select role, email_confirmed_at as confirmed from users where email = ?", email.toLowerCase())[0];
  if (row() && row()!.confirmed === null) await confirmEmail(client, email);
  await expect.poll(() => row()?.role, { timeout: 20_000 }).toBe("admin");
}

/** Scripts the fake OpenAI server of the e2e stack. */
export async function fakeOpenAI(action: "queue" | "default" | "reset" | "requests", body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_FAKE_OPENAI_PORT}/__control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return res.json();
}

/**
 * A new signed-in founder for a test whose subject is not the sign-up form:
 * the form's fields posted as a browser without JavaScript posts them (the
 * form itself is tested in auth.spec.ts), then the dashboard opened.
 */
export async function signUp(page: Page, opts: { name?: string; email?: string; password?: string; confirm?: boolean } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const res = await page.request.post("/signup", {
    form: { name: opts.name ?? "Ada Founder", email, password, confirmPassword: password, acceptTerms: "on" },
    // Its own address: sign-ups are limited per IP, and setExtraHTTPHeaders may not reach page.request.
    headers: { "X-Forwarded-For": randomIp() },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-up answered ${res.status()}: ${(await res.text()).slice(0, 200)}`).toBe(302);
  // Publishing, custom domains, payments and the admin role need a confirmed address: open the e-mailed link as its owner would.
  if (opts.confirm !== false) await confirmEmail(page, email);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard/);
  return email;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => use(randomIp()),
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });
    await use(context);
  },
});

export const isNoJs = (projectName: string) => projectName === "no-js";

/**
 * The page's serious and critical axe violations (WCAG 2.0/2.1 A and AA, and
 * best practice), as short records for a readable failure. axe runs inside the
 * page, so the page's context needs JavaScript. `exclude` leaves out a
 * selector, e.g. a sandboxed frame no script (axe's included) may enter.
 */
export async function seriousViolations(page: Page, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** How many pixels the page is wider than its viewport: above 0, it scrolls sideways. */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The check every page gets: no serious or critical axe violation, and no sideways scroll. `label` names the page in a failure. */
export async function expectAxeCleanAndNoSidewaysScroll(page: Page, label: string, opts: { exclude?: string } = {}) {
  expect(await seriousViolations(page, opts.exclude), label).toEqual([]);
  expect(await sidewaysOverflow(page), `${label} is wider than the viewport`).toBeLessThanOrEqual(0);
}

/**
 * Waits until React has hydrated the page (JS project only). Pages from the
 * page cache start React on the visitor's first move
 * (app/platform/render/defer-bootstrap.server.ts): the pointer moves first, as a
 * visitor's would.
 */
export async function hydrated(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}
