import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, PASSWORD, query, randomIp, test, adminReady } from "./fixtures";

/** The signed-in and account pages, checked like the public ones (a11y.spec.ts): axe and no sideways scroll. */

async function newPage(browser: Browser, noJs: boolean, width: number, ip: string, storageState?: SignedIn["storageState"]) {
  // axe runs inside the page, so JavaScript stays on; "without JavaScript" is the
  // same server-rendered markup with the app's own scripts blocked.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": ip }, storageState });
  if (noJs) await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
  return context.newPage();
}

async function check(page: Page, path: string, noJs: boolean) {
  await page.goto(path);
  if (!noJs) await hydrated(page);
  await expectAxeCleanAndNoSidewaysScroll(page, path);
}

type SignedIn = { storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>; kitId: string };

/**
 * The project's second admin (ADMIN_EMAILS) signed in, with a finished kit:
 * made once per worker with plain requests, since these tests check pages, not
 * the sign-up, the sign-in or the wizard (auth.spec.ts and the wizard specs
 * go through those forms with JavaScript on and off).
 */
const appTest = test.extend<object, { adminWithKit: SignedIn }>({
  adminWithKit: [
    async ({ playwright }, use, workerInfo) => {
      const email = `admin2-${workerInfo.project.name}@e2e.test`;
      const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
      // Whichever test signs the shared admin up first makes it; later ones sign in.
      const signup = await request.post("/signup", { form: { name: "Axe Admin", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
      if (signup.status() === 409) expect((await request.post("/signin", { form: { email, password: PASSWORD }, maxRedirects: 0 })).status()).toBe(302);
      else expect(signup.status()).toBe(302);
      await adminReady(request, email);
      const res = await request.post("/wizard", {
        form: { idea: `Accessible kit ${Date.now()}`, audience: "Screen reader users", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
      });
      const kitId = new URL(res.url()).pathname.split("/").pop()!;
      await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", kitId)[0]?.status, { timeout: 20_000 }).toBe("completed");
      await use({ storageState: await request.storageState(), kitId });
      await request.dispose();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

/** One page in its own context (closed afterwards), checked the way this project's mode asks. */
async function onPage(browser: Browser, clientIp: string, width: number, info: TestInfo, run: (page: Page, noJs: boolean) => Promise<void>, signedIn?: SignedIn) {
  const noJs = isNoJs(info.project.name);
  const page = await newPage(browser, noJs, width, clientIp, signedIn?.storageState);
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

    appTest("the dashboard, a kit and the admin pages", async ({ browser, clientIp, adminWithKit }, info) => {
      test.setTimeout(90_000);
      await onPage(browser, clientIp, width, info, async (page, noJs) => {
        const id = adminWithKit.kitId;
        // The inbox shows a handled message too (it is styled differently).
        const tag = `axe${Date.now()}${width}`;
        expect((await page.request.post("/contact", { form: { name: "Axe Visitor", email: `${tag}@example.com`, topic: "General question", message: `Hello ${tag}` } })).status()).toBeLessThan(400);
        const messageId = query<{ id: string }>("select id from contact_messages where message = ?", `Hello ${tag}`)[0]!.id;
        expect((await page.request.post("/admin/messages", { form: { id: messageId, handled: "true" } })).status()).toBe(200);
        for (const path of ["/dashboard", `/dashboard/kits/${id}`, "/admin", "/admin/messages", "/admin/users", "/admin/pages"]) await check(page, path, noJs);
      }, adminWithKit);
    });

    appTest("the plan and payment pages", async ({ browser, clientIp, adminWithKit }, info) => {
      test.setTimeout(90_000);
      await onPage(browser, clientIp, width, info, async (page, noJs) => {
        const id = adminWithKit.kitId;
        for (const path of ["/account", "/checkout?plan=pro", "/upgrade?need=download", `/dashboard/kits/${id}/website/domain`]) await check(page, path, noJs);
      }, adminWithKit);
    });
  });
}
