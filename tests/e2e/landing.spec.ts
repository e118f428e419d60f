import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, query, randomIp, seriousViolations, sidewaysOverflow, signUp, test } from "./fixtures";
import { uniqueIdea, visitor } from "./wizard-helpers";

/**
 * The landing page end to end, with JavaScript on and off: edit the copy,
 * publish, open the page in a fresh browser (no session), sign up as a lead,
 * see the lead in the workspace and on the dashboard. The published page is
 * checked with axe and screenshotted at 375 and 1280 px.
 */

const SHOTS = process.env.LANDING_SHOTS_DIR;

async function createKit(page: Page, goal = "book calls") {
  const { tag, idea } = uniqueIdea();
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals, new parents", geography: "Austin, Texas", tone: "friendly", competitors: "", goal, vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 })
    .toBe("ready");
  return { id, tag };
}


test("publish a landing page, sign up on it as a visitor, see the lead in the workspace", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id, tag } = await createKit(page);
  const slug = `lk15-${tag}-${noJs ? "nojs" : "js"}`;

  // The section: a sandboxed preview of the page, and the editors.
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Landing page" })).toHaveAttribute("href", `/dashboard/kits/${id}/website`);
  const preview = page.getByTestId("landing-preview");
  await expect(preview).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("[data-testid=landing-preview]").getByRole("heading", { level: 1 })).toBeVisible();

  // Edit the headline (a plain form: the same with and without JavaScript).
  const headline = `Grooming at your door ${tag}`;
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await page.getByRole("button", { name: "Save copy" }).click();
  await expect(page.getByText("Copy saved.")).toBeVisible();
  await expect(page.frameLocator("[data-testid=landing-preview]").getByRole("heading", { level: 1 })).toHaveText(headline);

  // A reserved address is refused with a clear message; then publish.
  await page.getByLabel("Address").fill("admin");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("That address is reserved. Please choose another one.")).toBeVisible();
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();
  await expect(page.getByTestId("public-url")).toHaveText(new RegExp(`/p/${slug}$`));

  // A visitor in a fresh browser: the page, no cookie needed, axe-clean, no sideways scroll.
  const guest = await visitor(browser, noJs);
  try {
    const response = await guest.goto(`/p/${slug}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["set-cookie"]).toBeUndefined();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(headline);
    await expect(guest.getByRole("banner")).toBeVisible();
    await expect(guest.getByRole("main")).toBeVisible();
    await expect(guest.getByRole("contentinfo")).toBeVisible();
    // Placeholder quotes stay in the workspace preview: the live page leaves them out (publish-guards.spec.ts).
    await expect(guest.getByText("Placeholder", { exact: true })).toHaveCount(0);

    for (const width of [1280, 375, 320, 1440]) {
      await guest.setViewportSize({ width, height: 900 });
      const overflow = await sidewaysOverflow(guest).catch(() => null);
      if (overflow !== null) expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      if (width === 1280 || width === 375) {
        const shot = await guest.screenshot({ fullPage: true });
        await info.attach(`published-page-${width}.png`, { body: shot, contentType: "image/png" });
        if (SHOTS) fs.writeFileSync(`${SHOTS}/published-${info.project.name}-${width}.png`, shot);
      }
    }

    // Sign up as a lead: name, e-mail, phone and a preferred time (the goal is "book calls").
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.getByRole("link", { name: "Book a call" }).first().click();
    await guest.getByLabel("Your name").fill("Grace Visitor");
    await guest.getByLabel("E-mail address").fill(`Lead-${tag}@Example.com`);
    await guest.getByLabel("Phone number").fill("+1 (512) 555-0143");
    await guest.getByLabel("Preferred time for a call").fill("Tuesday after 3 pm");
    await guest.locator("#signup").getByRole("button").click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks\\?pass=[0-9a-z]+\\.[\\w-]{32}$`));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Thank you, we'll be in touch");
    if (SHOTS) fs.writeFileSync(`${SHOTS}/thanks-${info.project.name}-1280.png`, await guest.screenshot({ fullPage: true }));
  } finally {
    await guest.context().close();
  }

  // The published page is axe-clean at both widths (axe runs in the page, so this context has JavaScript;
  // the page itself has none, and its CSP would refuse any).
  const auditor = await visitor(browser, false);
  try {
    for (const width of [1280, 375]) {
      await auditor.setViewportSize({ width, height: 900 });
      await auditor.goto(`/p/${slug}`);
      expect(await seriousViolations(auditor)).toEqual([]);
    }
    await auditor.goto(`/p/${slug}/thanks`);
    expect(await seriousViolations(auditor)).toEqual([]);
  } finally {
    await auditor.context().close();
  }

  // The founder sees the lead, newest first, and its count on the dashboard card.
  await page.goto(`/dashboard/kits/${id}/website`);
  await expect(page.getByRole("heading", { name: "Leads (1)" })).toBeVisible();
  await expect(page.getByTestId("lead-list")).toContainText(`lead-${tag}@example.com`);
  await expect(page.getByTestId("lead-list")).toContainText("Grace Visitor");
  await expect(page.getByTestId("lead-list")).toContainText("prefers Tuesday after 3 pm");
  const csv = await page.request.get(`/dashboard/kits/${id}/website/leads.csv`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`"lead-${tag}@example.com","Grace Visitor","'+1 (512) 555-0143","Tuesday after 3 pm"`);
  await page.goto("/dashboard");
  await expect(page.locator(`[data-kit-id="${id}"]`).getByTestId("kit-lead-count")).toHaveText(/1 lead$/);

  // Unpublish: the page is gone at once.
  await page.goto(`/dashboard/kits/${id}/website`);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Your page is offline")).toBeVisible();
  const gone = await page.request.get(`/p/${slug}`, { headers: { Cookie: "" } });
  expect(gone.status()).toBe(404);
});

test("the landing page section is axe-clean and has no sideways scroll", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id } = await createKit(page, "waitlist");
  for (const width of [1280, 375]) {
    // axe needs JavaScript in the page: the no-js project checks the server-rendered markup with the app's scripts blocked.
    let target = page;
    if (noJs) {
      const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 }, storageState: await page.context().storageState(), extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
      await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
      target = await context.newPage();
    } else {
      await page.setViewportSize({ width, height: 900 });
    }
    try {
      await target.goto(`/dashboard/kits/${id}/website`);
      if (!noJs) await hydrated(target);
      await expect(target.frameLocator("[data-testid=landing-preview]").getByRole("heading", { level: 1 })).toBeVisible();
      // The section's preview frame is sandboxed (no script may run in it, axe's included): the page it shows is checked on its own.
      await expectAxeCleanAndNoSidewaysScroll(target, `the website section at ${width}px`, { exclude: "[data-testid=landing-preview]" });
      if (SHOTS) {
        fs.writeFileSync(`${SHOTS}/section-${info.project.name}-${width}.png`, await target.screenshot({ fullPage: true }));
        await target.getByTestId("landing-preview").scrollIntoViewIfNeeded();
        fs.writeFileSync(`${SHOTS}/section-preview-${info.project.name}-${width}.png`, await target.locator("#landing-preview").locator("xpath=ancestor::section[1]").screenshot());
      }
    } finally {
      if (noJs) await target.context().close();
    }
  }
});
