import type { Page } from "@playwright/test";
import { expect, hydrated, isNoJs, signUp, test } from "./fixtures";
import { kitWithLanding } from "./wizard-helpers";

/**
 * A kit whose idea gives no price: the page shows none (no "Quote on
 * request"), the workspace asks for it ("Add your price"), and the price the
 * founder adds there appears on the page. With JavaScript on and off.
 */

async function createKit(page: Page, idea = (tag: string) => `Mobile dog grooming ${tag} van`, geography = "Austin, Texas") {
  return (await kitWithLanding(page, { audience: "Busy pet owners", geography, goal: "book calls" }, idea)).id;
}

test("a page without a price shows none, and the price added under 'Add your price' appears on it", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUp(page);
  const id = await createKit(page);
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!isNoJs(info.project.name)) await hydrated(page);

  const preview = page.frameLocator("[data-testid=landing-preview]");
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(preview.locator("#prices")).toHaveCount(0);
  await expect(preview.getByText("Quote on request")).toHaveCount(0);

  const ask = page.getByTestId("add-your-price");
  await expect(ask).toBeVisible();
  await ask.getByLabel("Add your price").fill("Full groom: $65");
  await page.getByRole("button", { name: "Save these sections" }).click();
  await expect(page.getByText("Saved. The preview and the published page show it now.")).toBeVisible();
  await expect(preview.locator("#prices")).toContainText("$65");
  await expect(preview.locator("#prices")).toContainText("Full groom");
  // The price is there now: the form edits it as the page's prices, no longer asks for one.
  await expect(page.getByTestId("add-your-price")).toHaveCount(0);
});

test("a camp's page leaves its dates, group size and what to bring off until the founder adds them under 'Dates and details'", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUp(page);
  const id = await createKit(page, (tag) => `Summer pottery camp ${tag} for kids aged 8-12 in Lisbon at €295 a week`, "Lisbon, Portugal");
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!isNoJs(info.project.name)) await hydrated(page);

  const preview = page.frameLocator("[data-testid=landing-preview]");
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(preview.locator("body")).not.toContainText("group size");

  const ask = page.getByTestId("add-your-dates");
  await expect(ask).toBeVisible();
  await ask.getByLabel("Dates and details, one a line").fill("Week 1: 6–10 July\nGroups of 8\nBring an apron");
  await page.getByRole("button", { name: "Save these sections" }).click();
  await expect(page.getByText("Saved. The preview and the published page show it now.")).toBeVisible();
  await expect(preview.locator("body")).toContainText("Week 1: 6–10 July");
  await expect(preview.locator("body")).toContainText("Bring an apron");
});
