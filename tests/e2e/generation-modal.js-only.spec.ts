import { expect, fakeOpenAI, hydrated, query, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

test.describe("wizard modal (JavaScript)", () => {
  test("generates a kit with live progress, streamed prompt and logo, then lands on the dashboard", async ({ page }) => {
    const { tag, idea } = uniqueIdea();
    // Slow the stream down so the prompt is visibly written before completion.
    await fakeOpenAI("queue", { kind: "chat", script: { match: tag, chunkDelayMs: 120, chunkSize: 12 } });
    await signUp(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Try free" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create your launch kit" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Step 1 of 3")).toBeVisible();

    const next = dialog.getByRole("button", { name: "Next" });
    await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Business idea").fill(idea);
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Target audience").fill("Busy professionals, new parents");
    await expect(next).toBeEnabled();
    await next.click();

    await expect(dialog.getByText("Step 2 of 3")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Brand and positioning" })).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(dialog.getByLabel("Tone")).toHaveValue("");
    await expect(dialog.getByLabel("Tone").locator("option").first()).toHaveText("Select tone");
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByLabel("Business idea")).toHaveValue(idea);
    await next.click();
    await dialog.getByLabel("Tone").selectOption("friendly");
    await dialog.getByLabel("Competitors (optional)").fill("Rover");
    await dialog.getByLabel("Primary goal").selectOption("book calls");
    await next.click();

    await expect(dialog.getByText("Step 3 of 3")).toBeVisible();
    const generate = dialog.getByRole("button", { name: "Generate prompt" });
    await expect(generate).toBeDisabled();
    await dialog.getByLabel("Brand vibe").selectOption("cozy");
    await generate.click();

    // The prompt appears while the kit is still generating.
    const prompt = dialog.getByTestId("generated-prompt");
    await expect(prompt).toBeVisible();
    const percent = Number((await dialog.getByTestId("progress-percent").textContent())?.replace("%", ""));
    expect(percent).toBeGreaterThanOrEqual(10);
    expect(percent).toBeLessThan(100);
    await expect(dialog.getByRole("img", { name: "Generated logo" })).toHaveCount(0);
    await expect(dialog.getByTestId("status-text")).not.toHaveText("");

    await expect(dialog.getByRole("img", { name: "Generated logo" })).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText("Build a warm, conversion-focused landing page");
    await expect(dialog.getByTestId("progress-percent")).toHaveText("100%");
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    const card = page.getByTestId("kit-card").first();
    await expect(card).toContainText("Mobile dog grooming");
    await expect(card).toContainText("completed");

    const rows = query<{ status: string; generation_progress: number; geography: string | null }>(
      "select status, generation_progress, geography from launch_kits where business_idea = ?",
      idea,
    );
    expect(rows).toEqual([{ status: "completed", generation_progress: 100, geography: null }]);
  });


  test("opened from the dashboard, the modal closes when generation lands back on the dashboard", async ({ page }) => {
    const { idea } = uniqueIdea();
    await signUp(page);
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "New launch kit" }).click();
    const dialog = page.getByRole("dialog", { name: "Create your launch kit" });
    await dialog.getByLabel("Business idea").fill(idea);
    await dialog.getByLabel("Target audience").fill("Dashboard openers");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Tone").selectOption("minimalist");
    await dialog.getByLabel("Primary goal").selectOption("collect emails");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Brand vibe").selectOption("minimalist");
    await dialog.getByRole("button", { name: "Generate prompt" }).click();
    await expect(dialog.getByRole("img", { name: "Generated logo" })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    await expect(page.getByTestId("kit-card").filter({ hasText: "Mobile dog grooming" })).toContainText("completed");
  });
});

test("selecting text and releasing the mouse over the backdrop keeps the wizard open with its answers", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Try free" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create your launch kit" });
  const idea = dialog.getByLabel("Business idea");
  await idea.fill("A mobile bike repair service for commuters");
  const box = (await idea.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(5, 5, { steps: 5 });
  await page.mouse.up();
  await expect(dialog).toBeVisible();
  await expect(idea).toHaveValue("A mobile bike repair service for commuters");
  // A real click on the backdrop still closes it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});
