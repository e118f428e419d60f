import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * What LaunchKit understood, shown before generating (the wizard's last
 * step, prefilled on the server) and edited later on the kit's overview:
 * the founder's price reaches the kit, with JavaScript and without.
 */

function campIdea() {
  const tag = `zq${crypto.randomBytes(4).toString("hex")}`;
  return `Summer pottery camp ${tag} for kids aged 8-12 in Lisbon at €295 a week, run by two ceramicists`;
}

const priceRow = (page: Page, n: number) => page.getByRole("group", { name: `Price ${n}`, exact: true });

async function kitIdOf(idea: string, timeout = 20_000) {
  await expect.poll(() => query("select id from launch_kits where business_idea = ?", idea).length, { timeout }).toBe(1);
  return query<{ id: string }>("select id from launch_kits where business_idea = ?", idea)[0]!.id;
}

const landingVersion = (kitId: string) => query<{ version: number }>("select version from kit_assets where kit_id = ? and kind = 'landing' and status = 'ready'", kitId)[0]?.version ?? 0;

/** The overview once the kit is generated (no-JS pages refresh themselves while it runs). */
async function completedOverview(page: Page, kitId: string) {
  await page.goto(`/dashboard/kits/${kitId}`);
  await expect(page.getByText("completed", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "What we understood" })).toBeVisible();
}

test.describe("what was understood", () => {
  test("the last step is prefilled from the idea, an edited price reaches the kit", async ({ page }) => {
    const noJs = isNoJs(test.info().project.name);
    await signUp(page);
    const idea = campIdea();
    await page.goto("/wizard");
    if (!noJs) await hydrated(page);
    await page.getByLabel("Business idea").fill(idea);
    await page.getByLabel("Target audience").fill("Parents in Lisbon");
    await page.getByLabel("Geography (optional)").fill("Lisbon");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Tone").selectOption("friendly");
    await page.getByLabel("Primary goal").selectOption("book calls");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What we understood" })).toBeVisible();
    // Prefilled by the server's reading of the idea.
    await expect(page.getByLabel("What you sell and how")).toHaveValue("class-or-event");
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("295");
    await expect(priceRow(page, 1).getByLabel("Currency")).toHaveValue("EUR");
    await expect(priceRow(page, 1).getByLabel("How often")).toHaveValue("week");
    await expect(page.getByLabel("Place (optional)")).toHaveValue("Lisbon");
    await expect(page.getByLabel("Ages or sizes (optional)")).toHaveValue("8-12");
    // axe runs in the page: with JavaScript only.
    if (!noJs) await expectAxeCleanAndNoSidewaysScroll(page, "the wizard's last step");

    await page.getByLabel("Brand vibe").selectOption("playful");
    // A bad price is named on the step, and nothing is created.
    await priceRow(page, 1).getByLabel("Amount").fill("cheap");
    await page.getByRole("button", { name: "Generate prompt" }).click();
    await expect(page.getByText("Write the price as a number, like 29 or 12.50")).toBeVisible();
    expect(query("select id from launch_kits where business_idea = ?", idea)).toHaveLength(0);

    await priceRow(page, 1).getByLabel("Amount").fill("350");
    // The price is its own field, never also quoted among the facts (an edited price would leave the old one on the page).
    await expect(page.getByLabel("Fact 2")).toHaveValue("run by two ceramicists");
    for (let i = 1; i <= 5; i++) await expect(page.getByLabel(`Fact ${i}`, { exact: true })).not.toHaveValue(/295/);
    await page.getByLabel("Fact 2").fill("Kilns on site");
    // Back to step 2 and forward again: the edits stay (the answers they were read from did not change).
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("350");
    await expect(page.getByLabel("Fact 2")).toHaveValue("Kilns on site");
    await page.getByRole("button", { name: "Generate prompt" }).click();
    const kitId = await kitIdOf(idea);
    const stored = JSON.parse(query<{ facts: string }>("select facts from kit_facts where kit_id = ?", kitId)[0]!.facts);
    expect(stored.prices).toEqual([{ text: "€350 a week", amount: "350", currency: "EUR", period: "week", per: null, label: null }]);

    // The kit is written from the edit: the overview shows what it stores.
    await completedOverview(page, kitId);
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("350");
    await expect(page.getByLabel("Fact 2")).toHaveValue("Kilns on site");
    // And the landing page says the founder's price, never the one first read.
    await expect.poll(() => landingVersion(kitId), { timeout: 30_000 }).toBeGreaterThan(0);
    const preview = await page.request.get(`/dashboard/kits/${kitId}/website/preview`);
    const html = await preview.text();
    expect(html).toContain("€350 a week");
    expect(html).not.toContain("€295");
  });

  test("the understanding is edited later on the overview, and the kit is written again", async ({ page }) => {
    const noJs = isNoJs(test.info().project.name);
    await signUp(page);
    const idea = campIdea();
    // A client that posts only the wizard's own fields: the kit goes by the automatic reading.
    await page.goto("/wizard?step=3&" + new URLSearchParams({ idea, audience: "Parents in Lisbon", geography: "Lisbon", tone: "friendly", goal: "book calls", vibe: "playful" }));
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("295");
    if (!noJs) await hydrated(page);
    await page.getByRole("button", { name: "Generate prompt" }).click();
    const kitId = await kitIdOf(idea);
    await completedOverview(page, kitId);
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("295");
    await expect.poll(() => landingVersion(kitId), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = landingVersion(kitId);

    // Bad input: the message, and nothing saved.
    await priceRow(page, 1).getByLabel("Currency").fill("euros");
    await page.getByRole("button", { name: "Save and rewrite" }).click();
    await expect(page.getByText("Write the currency as three letters, like USD, EUR or GBP")).toBeVisible();
    expect(query<{ facts: string }>("select facts from kit_facts where kit_id = ?", kitId)[0]?.facts ?? "").not.toContain("euros");

    await priceRow(page, 1).getByLabel("Currency").fill("EUR");
    await priceRow(page, 1).getByLabel("Amount").fill("275");
    await page.getByRole("button", { name: "Save and rewrite" }).click();
    await expect(page.getByText(/^Saved\. Your landing page, social posts, ads, research(?:, pitch deck and launch day| and pitch deck) are being written again/)).toBeVisible();
    await expect(priceRow(page, 1).getByLabel("Amount")).toHaveValue("275");
    const stored = JSON.parse(query<{ facts: string }>("select facts from kit_facts where kit_id = ?", kitId)[0]!.facts);
    expect(stored.prices[0]).toMatchObject({ amount: "275", currency: "EUR", text: "€275 a week" });
    // The landing page is written again from it.
    await expect.poll(() => landingVersion(kitId), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await (await page.request.get(`/dashboard/kits/${kitId}/website/preview`)).text()).toContain("€275 a week");
  });
});
