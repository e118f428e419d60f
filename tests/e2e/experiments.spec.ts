import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * A/B experiments in a browser, with JavaScript on and off: a Pro
 * founder asks for suggestions, starts an experiment on the headline;
 * visitors from different loopback addresses each see one version, again on
 * every reload, and some sign up; the founder sees the numbers per version,
 * applies a variant, and the page shows it to everyone; the experiment stays
 * in the history. Another user gets 404 on all of it. Screenshots of the
 * panel at 1280 and 375 px go to EXPERIMENT_SHOTS_DIR when set.
 */

const SHOTS = process.env.EXPERIMENT_SHOTS_DIR;

/** A visitor with no cookie at a loopback address of its own (the server trusts X-Forwarded-For, like behind a proxy). */
async function visitorAt(browser: Browser, noJs: boolean, address: string) {
  const context = await browser.newContext({ javaScriptEnabled: !noJs, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": address } });
  return context.newPage();
}

async function seen(page: Page) {
  const headline = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const input = page.locator('form input[type=hidden][name="variant"]');
  const variant = (await input.count()) ? await input.getAttribute("value") : null;
  return { headline, variant };
}

async function shoot(page: Page, name: string, project: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    fs.writeFileSync(`${SHOTS}/${name}-${project}-${width}.png`, await page.screenshot({ fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("run an experiment on the headline: visitors see one version each, sign-ups count for it, apply the winner", async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `ab-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const original = JSON.parse(query<{ content: string }>("select content from kit_assets where kit_id = ? and kind = 'landing'", id)[0]!.content).hero.headline as string;
  const base = `/dashboard/kits/${id}/experiments`;

  // The panel: what can be tested, with the current texts.
  await page.goto(base);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("heading", { name: "Experiments", level: 2 })).toBeVisible();
  await expect(page.getByLabel(/^Headline/)).toBeChecked();
  await expect(page.getByTestId("experiment-form")).toContainText(`Now: “${original}”`);

  // Suggestions for the headline, then a variant of our own in the third slot.
  await page.getByRole("button", { name: "Suggest variants" }).click();
  await expect(page.getByLabel("Variant B")).toHaveValue("Dog grooming in your driveway");
  await expect(page.getByLabel("Variant C")).toHaveValue("A calm groom without the salon trip");
  // The suggestion that repeated the current headline was dropped.
  await expect(page.getByLabel("Variant D")).toHaveValue("");
  // A variant equal to the current text is refused, with the form kept.
  await page.getByLabel("Variant D").fill(original);
  await page.getByRole("button", { name: "Start experiment" }).click();
  await expect(page.getByText("This is the current text: write something different to test.")).toBeVisible();
  await expect(page.getByLabel("Variant B")).toHaveValue("Dog grooming in your driveway");
  await page.getByLabel("Variant C").fill("");
  await page.getByLabel("Variant D").fill("");
  await page.getByRole("button", { name: "Start experiment" }).click();
  await expect(page.getByText("Experiment started.")).toBeVisible();
  const running = page.getByTestId("experiment-running");
  await expect(running.getByTestId("experiment-versions")).toContainText("Dog grooming in your driveway");

  // Visitors at different loopback addresses: one version each, the same on every reload.
  const shown = new Map<string, { headline: string; variant: string | null }>();
  const visitors: Page[] = [];
  for (let i = 2; shown.size < 10 || new Set([...shown.values()].map((s) => s.variant)).size < 2; i++) {
    expect(i, "both versions among 40 visitors").toBeLessThan(42);
    const address = `127.0.${noJs ? 1 : 2}.${i}`;
    const guest = await visitorAt(browser, noJs, address);
    visitors.push(guest);
    expect((await guest.goto(`/p/${slug}`))!.status()).toBe(200);
    const first = await seen(guest);
    expect(["a", "b"]).toContain(first.variant);
    expect(first.headline).toBe(first.variant === "b" ? "Dog grooming in your driveway" : original);
    await guest.reload();
    expect(await seen(guest)).toEqual(first);
    shown.set(address, first);
  }

  // Three of them sign up; each lead carries the version its visitor saw.
  const signups = [...shown.keys()].slice(0, 3);
  for (const [n, address] of signups.entries()) {
    const guest = visitors[[...shown.keys()].indexOf(address)]!;
    await guest.getByLabel("E-mail address").fill(`lead${n}-${tag}@example.com`);
    await guest.locator("#signup form button[type=submit]").click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  }
  for (const [n, address] of signups.entries()) {
    expect(query<{ variant: string }>("select variant from leads where kit_id = ? and email = ?", id, `lead${n}-${tag}@example.com`)).toEqual([{ variant: shown.get(address)!.variant }]);
  }
  await Promise.all(visitors.map((v) => v.context().close()));

  // The numbers per version, once the counts are written (every few seconds).
  const perArm = (key: string) => [...shown.values()].filter((s) => s.variant === key).length;
  const leadsOf = (key: string) => signups.filter((a) => shown.get(a)!.variant === key).length;
  await expect
    .poll(async () => {
      await page.goto(base);
      return page.getByTestId("experiment-results").locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.children].slice(0, 3).map((c) => c.textContent!.trim())));
    }, { timeout: 30_000 })
    .toEqual([
      ["Original", String(perArm("a")), String(leadsOf("a"))],
      ["Variant B", String(perArm("b")), String(leadsOf("b"))],
    ]);
  await expect(page.getByTestId("experiment-verdict")).toContainText("Too early to call: no winner is named before every version has 100 visitors");
  await expect(page.getByTestId("experiment-traffic")).toContainText("only large differences can be detected");
  if (!noJs) {
    await hydrated(page);
    await expectAxeCleanAndNoSidewaysScroll(page, "experiments panel, running");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAxeCleanAndNoSidewaysScroll(page, "experiments panel at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await shoot(page, "experiments-running", info.project.name);

  // The Analytics section shows it at a glance, and leads to it.
  await page.goto(`/dashboard/kits/${id}/analytics`);
  const glance = page.getByTestId("experiments-summary");
  await expect(glance).toContainText("Testing the headline: 1 variant against the original.");
  await expect(glance.getByTestId("experiment-results").locator("tbody tr")).toHaveCount(2);
  await shoot(page, "analytics-glance", info.project.name);
  await glance.getByRole("link", { name: "Open the experiment →" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));

  // Apply the variant: the copy changes as if edited, every visitor sees it, the experiment stays readable.
  await page.getByRole("button", { name: "Apply Variant B" }).click();
  await expect(page.getByText("Variant B applied: it is now your page's text for everyone")).toBeVisible();
  await expect(page.getByTestId("experiment-running")).toHaveCount(0);
  const history = page.getByTestId("experiment-history");
  await expect(history).toContainText("Headline");
  await expect(history).toContainText("Variant B applied");
  await expect(history.getByTestId("experiment-versions")).toContainText(original);
  expect(JSON.parse(query<{ content: string }>("select content from kit_assets where kit_id = ? and kind = 'landing'", id)[0]!.content).hero.headline).toBe("Dog grooming in your driveway");
  for (const address of [...shown.keys()].slice(0, 4)) {
    const guest = await visitorAt(browser, noJs, address);
    await guest.goto(`/p/${slug}`);
    expect(await seen(guest)).toEqual({ headline: "Dog grooming in your driveway", variant: null });
    await guest.context().close();
  }
  await shoot(page, "experiments-history", info.project.name);

  // Another user: 404 on the panel and on every action.
  const strangerContext = await browser.newContext({ javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": `127.0.9.${noJs ? 1 : 2}` } });
  const stranger = await strangerContext.newPage();
  const strangerEmail = await signUp(stranger);
  grantPlan(strangerEmail, "pro");
  expect((await stranger.goto(base))!.status()).toBe(404);
  const experimentId = query<{ id: string }>("select id from experiments where kit_id = ?", id)[0]!.id;
  const forms: Array<Record<string, string>> = [{ intent: "suggest", field: "headline" }, { intent: "start", field: "cta", "variants[0].text": "Mine" }, { intent: "stop", experimentId, apply: "a" }];
  for (const form of forms) {
    expect((await stranger.request.post(base, { form, maxRedirects: 0 })).status()).toBe(404);
  }
  await strangerContext.close();
  expect(query<{ n: number }>("select count(*) as n from experiments where kit_id = ?", id)[0]!.n).toBe(1);
});

test("experiments are a Pro feature: a Free founder sees the upgrade note and the actions are refused", async ({ page }, info) => {
  test.setTimeout(90_000);
  const email = await signUp(page);
  confirmAddress(email);
  const tag = crypto.randomBytes(4).toString("hex");
  const { id } = await publishedKit(page.request, tag, `ab-free-${tag}`);
  await page.goto(`/dashboard/kits/${id}/experiments`);
  if (!isNoJs(info.project.name)) await hydrated(page);
  await expect(page.getByTestId("experiments-upgrade")).toContainText("A/B experiments come with Pro");
  await expect(page.getByRole("button", { name: "Start experiment" })).toHaveCount(0);
  const refused = await page.request.post(`/dashboard/kits/${id}/experiments`, { form: { intent: "start", field: "headline", "variants[0].text": "Hi" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
});
