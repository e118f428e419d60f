import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { decodeMail } from "../support/smtp-sink.mjs";
import { adminReady, expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, mailsTo, PASSWORD, query, signUp, test } from "./fixtures";

/**
 * The competitor watch in a browser, with JavaScript on and off:
 * a Pro founder adds a competitor's page served by a server started here on
 * 127.0.0.1 (the e2e stack sets WATCH_ALLOW_LOOPBACK=1), the page changes,
 * "Check now" shows the change with its quotes; the admin's "run the weekly
 * competitor watch now" sends the digest, read from the SMTP sink; a free
 * founder sees what Pro adds and cannot add (403); another user gets 404.
 * Screenshots at 1280 and 375 px go to COMPETITOR_SHOTS_DIR when set.
 */

const SHOTS = process.env.COMPETITOR_SHOTS_DIR;

const pricing = (starter: string, extra = "") =>
  `<!doctype html><html><head><title>Acme pricing</title></head><body><main><article><h1>Acme pricing</h1>` +
  `<p>Acme helps dog groomers fill their calendar with repeat bookings, reminders and deposits, all from one simple dashboard built for mobile vans.</p>` +
  `<h2>Starter plan</h2><p>Starter costs ${starter} per month and includes up to 3 vans, online booking and text reminders for every appointment.</p>` +
  `<h2>Team plan</h2><p>Team costs $29 per month and includes unlimited vans, deposits at booking and a shared calendar for your whole crew.</p>${extra}` +
  `<p>Every plan comes with a 14-day free trial and friendly support from people who used to run grooming vans themselves.</p></article></main></body></html>`;

async function competitorSite() {
  const state = { body: pricing("$9") };
  const server = http.createServer((req, res) => {
    if (req.url === "/pricing") res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(state.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pricing`, close: () => new Promise((r) => server.close(r)) };
}

async function newKit(request: APIRequestContext, idea: string) {
  // Named competitors: the research snapshot lists them, and the section suggests them (not the research's kinds of alternatives).
  const res = await request.post("/wizard", { form: { idea, audience: "Busy pet owners", competitors: "Sudsy Vans, Salon Express", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" }, maxRedirects: 0 });
  const id = res.headers().location?.split("/").pop();
  expect(id, `the wizard answered ${res.status()}`).toBeTruthy();
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 60_000 }).toBe("completed");
  return id!;
}

/** This project's second admin (ADMIN_EMAILS), signed in in a page of its own. */
async function adminPage(browser: Browser, noJs: boolean, project: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: !noJs });
  const page = await context.newPage();
  const email = `admin2-${project}@e2e.test`;
  if (query("select id from users where email = ?", email).length === 0) await signUp(page, { email }).catch(() => undefined);
  if (!page.url().includes("/dashboard")) {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard/);
  await adminReady(page, email);
  return page;
}

const digests = (email: string) =>
  mailsTo(email)
    .map((m) => decodeMail(m.raw))
    .filter((raw) => /^Subject: Competitor watch: /m.test(raw));

test("a Pro founder watches a competitor's page, sees its change quoted and gets the weekly digest; free founders and strangers cannot", async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  const noJs = isNoJs(info.project.name);
  const site = await competitorSite();
  try {
    const founderEmail = await signUp(page);
    grantPlan(founderEmail, "pro");
    const id = await newKit(page.request, "Mobile dog grooming van for busy pet owners");
    const base = `/dashboard/kits/${id}/competitors`;

    await page.goto(base);
    if (!noJs) await hydrated(page);
    await expect(page.getByRole("link", { name: "Competitors", exact: true })).toHaveAttribute("aria-current", "page");
    const suggestions = page.getByTestId("competitor-suggestions");
    await expect(suggestions.getByRole("button", { name: "+ Sudsy Vans" })).toBeVisible();
    await expect(suggestions.getByRole("button", { name: "+ Salon Express" })).toBeVisible();
    await expect(suggestions).not.toContainText("(category)");

    // Bad input: a clear message, nothing added.
    const add = page.getByTestId("add-competitor-form");
    await add.getByLabel("Competitor's name").fill("Acme");
    await add.getByLabel(/Page to watch/).fill("http://10.0.0.7/pricing");
    await add.getByRole("button", { name: "Watch this competitor" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /private|reserved|not allowed|can't|cannot/i })).toBeVisible();

    await page.getByTestId("add-competitor-form").getByLabel("Competitor's name").fill("Acme");
    await page.getByTestId("add-competitor-form").getByLabel(/Page to watch/).fill(site.url);
    await page.getByTestId("add-competitor-form").getByLabel("Page name").fill("pricing");
    await page.getByTestId("add-competitor-form").getByRole("button", { name: "Watch this competitor" }).click();
    await expect(page.getByText("Competitor added.")).toBeVisible();
    const acme = page.getByTestId("competitor").filter({ hasText: site.url });
    await expect(acme.getByTestId("competitor-page")).toHaveAttribute("data-state", "ok");
    await expect(acme.getByText("Watching")).toBeVisible();
    await expect(acme.getByText("No change found yet.")).toBeVisible();

    // The competitor raises a price and adds a plan; "Check now" finds it.
    site.state.body = pricing("$12", "<h2>Enterprise plan</h2><p>Enterprise costs $99 per month and adds route planning for fleets of ten vans or more.</p>");
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByText("Checked: 1 page changed")).toBeVisible();
    const change = page.getByTestId("competitor-change").first();
    await expect(change).toContainText("pricing");
    await expect(change.locator('li[data-kind="added"]').filter({ hasText: "$12 per month" })).toBeVisible();
    await expect(change.locator('li[data-kind="removed"]').filter({ hasText: "$9 per month" })).toBeVisible();
    // Every changed line is listed, and counted: the price line changed and the Enterprise plan's lines came.
    await expect(change.locator("li[data-kind]")).toHaveCount(4);
    await expect(change.getByTestId("change-lines")).toHaveText("All 4 changed lines:");
    await expect(change.locator('li[data-kind="added"]').filter({ hasText: "Enterprise plan" })).toBeVisible();
    // Once an hour.
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "less than an hour ago" })).toBeVisible();

    await page.goto(base);
    if (!noJs) {
      // axe runs in the page: with JavaScript on only.
      await hydrated(page);
      await expectAxeCleanAndNoSidewaysScroll(page, base);
      await page.setViewportSize({ width: 375, height: 800 });
      await expectAxeCleanAndNoSidewaysScroll(page, `${base} at 375 px`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    if (SHOTS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        fs.writeFileSync(`${SHOTS}/competitors-${info.project.name}-${width}.png`, await page.screenshot({ fullPage: true }));
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // The weekly run, from /admin: the digest arrives in the SMTP sink.
    const admin = await adminPage(browser, noJs, info.project.name);
    await admin.goto("/admin");
    await admin.getByRole("button", { name: "Run the weekly competitor watch now" }).click();
    await expect(admin.getByText(/Competitor watch: \d+ pages? checked/)).toBeVisible({ timeout: 60_000 });
    let digest = "";
    await expect.poll(() => (digest = digests(founderEmail)[0] ?? ""), { timeout: 30_000, message: "the digest e-mail" }).not.toBe("");
    expect(digest).toContain("Competitor watch: 1 change this week");
    expect(digest).toContain("$12 per month");
    expect(digest).toMatch(new RegExp(`http://127\\.0\\.0\\.1:\\d+/dashboard/kits/${id}/competitors`));
    // Nothing changed since: the next run sends nothing.
    await admin.goto("/admin");
    await admin.getByRole("button", { name: "Run the weekly competitor watch now" }).click();
    await expect(admin.getByText(/0 digests queued/)).toBeVisible({ timeout: 60_000 });
    expect(digests(founderEmail)).toHaveLength(1);
    await admin.context().close();

    // A free founder: what Pro adds, the upgrade link; a POST is refused.
    const freeContext = await browser.newContext({ javaScriptEnabled: !noJs });
    const free = await freeContext.newPage();
    await signUp(free);
    const freeKit = await newKit(free.request, "Cat sitting for weekend travellers");
    await free.goto(`/dashboard/kits/${freeKit}/competitors`);
    const upsell = free.getByTestId("competitors-upgrade");
    await expect(upsell).toContainText("Watch your competitors with Pro");
    await expect(upsell.getByRole("link", { name: /Pro/ })).toHaveAttribute("href", "/upgrade");
    await expect(free.getByTestId("add-competitor-form")).toHaveCount(0);
    const refused = await free.request.post(`/dashboard/kits/${freeKit}/competitors`, { form: { intent: "add-competitor", name: "Acme", url: site.url }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(query("select count(*) as n from competitors where kit_id = ?", freeKit)[0]).toEqual({ n: 0 });

    // Another user: 404 on the section and its forms.
    expect((await free.request.get(base)).status()).toBe(404);
    expect((await free.request.post(base, { form: { intent: "check-now" }, maxRedirects: 0 })).status()).toBe(404);
    const competitorId = query<{ id: string }>("select id from competitors where kit_id = ?", id)[0]!.id;
    expect((await free.request.post(base, { form: { intent: "remove-competitor", competitorId }, maxRedirects: 0 })).status()).toBe(404);
    expect(query("select count(*) as n from competitors where kit_id = ?", id)[0]).toEqual({ n: 1 });
    await freeContext.close();
  } finally {
    await site.close();
  }
});
