import { expect, query, signUp, test } from "./fixtures";
import { fillStep1, uniqueIdea } from "./wizard-helpers";

test.describe("wizard pages (no JavaScript)", () => {
  test("without JavaScript each step posts to the server and the kit page refreshes until done", async ({ page }) => {
    const { idea } = uniqueIdea();
    await signUp(page);
    await page.goto("/wizard");
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Business idea is required")).toBeVisible();
    await expect(page.getByText("Target audience is required")).toBeVisible();
    await fillStep1(page, idea);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByLabel("Business idea")).toHaveValue(idea);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Tone is required")).toBeVisible();
    await expect(page.getByText("Primary goal is required")).toBeVisible();
    await page.getByLabel("Tone").selectOption("premium");
    await page.getByLabel("Primary goal").selectOption("waitlist");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await page.getByLabel("Brand vibe").selectOption("editorial");
    await page.getByRole("button", { name: "Generate prompt" }).click();

    await expect(page).toHaveURL(/\/dashboard\/kits\/[0-9a-f-]{36}$/);
    // The page refreshes itself (meta refresh) until the kit is completed.
    await expect(page.getByText("completed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("kit-prompt")).toContainText("Build a warm");
    await expect(page.getByRole("img", { name: /Logo for/ })).toBeVisible();
    await expect(page.getByTestId("logo-concept")).not.toBeEmpty();
    await expect(page.getByTestId("generator")).toContainText("gpt-4o-mini");
    const rows = query<{ status: string; tone: string; primary_goal: string; brand_vibe: string }>(
      "select status, tone, primary_goal, brand_vibe from launch_kits where business_idea = ?",
      idea,
    );
    expect(rows).toEqual([{ status: "completed", tone: "premium", primary_goal: "waitlist", brand_vibe: "editorial" }]);
  });

});
