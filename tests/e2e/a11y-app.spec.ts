import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, PASSWORD, query, test, adminReady } from "./fixtures";

/** The signed-in and account pages, checked like the public ones (a11y.spec.ts): axe and no sideways scroll. */

async function newPage(browser: Browser, noJs: boolean, width: number, ip: string) {
  // axe runs inside the page, so JavaScript stays on; "without JavaScript" is the
  // same server-rendered markup with the app's own scripts blocked.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  if (noJs) await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
  return context.newPage();
}

async function check(page: Page, path: string, noJs: boolean) {
  await page.goto(path);
  if (!noJs) await hydrated(page);
  await expectAxeCleanAndNoSidewaysScroll(page, path);
}

/** Signs in as this project's second admin (ADMIN_EMAILS), signing up first if nobody has yet. */
async function signIn(page: Page, email: string) {
  if (query("select id from users where email = ?", email).length === 0) {
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Axe Admin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this email already exists.").or(page.getByRole("heading", { name: /^Hi, / }))).toBeVisible();
  }
  if (!/\/dashboard/.test(page.url())) {
    // Already there, or signed up a moment ago by a test running alongside.
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Signs in as the project's second admin and makes a finished kit; returns its id. */
async function signInWithKit(page: Page, projectName: string) {
  await signIn(page, `admin2-${projectName}@e2e.test`);
  await adminReady(page, `admin2-${projectName}@e2e.test`);
  const res = await page.request.post("/wizard", {
    form: { idea: `Accessible kit ${Date.now()}`, audience: "Screen reader users", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
  });
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  return id;
}

/** One page in its own context (closed afterwards), checked the way this project's mode asks. */
async function onPage(browser: Browser, clientIp: string, width: number, info: TestInfo, run: (page: Page, noJs: boolean) => Promise<void>) {
  const noJs = isNoJs(info.project.name);
  const page = await newPage(browser, noJs, width, clientIp);
  try {
    await run(page, noJs);
  } finally {
    await page.context().close();
  }
}

// Three tests per width rather than one long walk: each has its own time budget on a slow machine.
for (const width of [1280, 375]) {
  test.describe(`at ${width}px: no serious axe violations, no sideways scroll`, () => {
    test("the account forms and the wizard", async ({ browser, clientIp }, info) => {
      await onPage(browser, clientIp, width, info, async (page, noJs) => {
        for (const path of ["/signin", "/signup", "/forgot-password", "/wizard"]) await check(page, path, noJs);
      });
    });

    test("the dashboard, a kit and the admin pages", async ({ browser, clientIp }, info) => {
      test.setTimeout(90_000);
      await onPage(browser, clientIp, width, info, async (page, noJs) => {
        const id = await signInWithKit(page, info.project.name);
        // The inbox shows a handled message too (it is styled differently).
        const tag = `axe${Date.now()}${width}`;
        expect((await page.request.post("/contact", { form: { name: "Axe Visitor", email: `${tag}@example.com`, topic: "General question", message: `Hello ${tag}` } })).status()).toBeLessThan(400);
        const messageId = query<{ id: string }>("select id from contact_messages where message = ?", `Hello ${tag}`)[0]!.id;
        expect((await page.request.post("/admin/messages", { form: { id: messageId, handled: "true" } })).status()).toBe(200);
        for (const path of ["/dashboard", `/dashboard/kits/${id}`, "/admin", "/admin/messages", "/admin/users", "/admin/pages"]) await check(page, path, noJs);
      });
    });

    test("the plan and payment pages", async ({ browser, clientIp }, info) => {
      test.setTimeout(90_000);
      await onPage(browser, clientIp, width, info, async (page, noJs) => {
        const id = await signInWithKit(page, info.project.name);
        for (const path of ["/account", "/checkout?plan=pro", "/upgrade?need=download", `/dashboard/kits/${id}/website/domain`]) await check(page, path, noJs);
      });
    });
  });
}
