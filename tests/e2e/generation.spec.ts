import { expect, fakeOpenAI, hydrated, isNoJs, PASSWORD, query, signUp, test, uniqueEmail, randomIp } from "./fixtures";
import { fillStep1, uniqueIdea } from "./wizard-helpers";

test.describe("wizard and generation", () => {
  test("an anonymous visitor is asked to sign in and comes back with the answers kept", async ({ page, browser }) => {
    const email = uniqueEmail();
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    await signUp(await other.newPage(), { email });
    await other.close();

    const { idea } = uniqueIdea();
    await page.goto("/wizard");
    await fillStep1(page, idea);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Tone").selectOption("bold");
    await page.getByLabel("Primary goal").selectOption("pre-orders");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Brand vibe").selectOption("neon tech");
    await page.getByRole("button", { name: "Generate prompt" }).click();
    await expect(page.getByTestId("wizard-error")).toContainText("Please sign in to generate a prompt");
    // The refusal is shown where the visitor is, with the answers of step 3 in place.
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByLabel("Brand vibe")).toHaveValue("neon tech");
    expect(query("select id from launch_kits where business_idea = ?", idea)).toHaveLength(0);

    await page.getByTestId("wizard-error").getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/wizard\?/);
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByLabel("Brand vibe")).toHaveValue("neon tech");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Business idea")).toHaveValue(idea);
  });

  test("a failed generation shows the catalogue message and Retry completes it", async ({ page }) => {
    const { tag, idea } = uniqueIdea();
    await fakeOpenAI("queue", { kind: "chat", script: { match: tag, error: "insufficient_quota" } });
    await signUp(page);
    await page.goto("/wizard?step=3&" + new URLSearchParams({ idea, audience: "Founders", tone: "bold", goal: "waitlist", vibe: "playful" }));
    if (!isNoJs(test.info().project.name)) await hydrated(page);
    await page.getByRole("button", { name: "Generate prompt" }).click();
    const message = "OpenAI API quota exceeded. Please check your billing.";
    if (isNoJs(test.info().project.name)) {
      await expect(page).toHaveURL(/\/dashboard\/kits\//);
      await expect(page.getByRole("alert")).toContainText(message, { timeout: 20_000 });
    } else {
      await expect(page.getByTestId("wizard-error")).toContainText(message);
      await expect(page.getByTestId("progress-percent")).toHaveText("0%");
      const id = query<{ id: string }>("select id from launch_kits where business_idea = ?", idea)[0]!.id;
      await page.goto(`/dashboard/kits/${id}`);
      await expect(page.getByRole("alert")).toContainText(message);
    }
    expect(query("select status, generation_progress from launch_kits where business_idea = ?", idea)).toEqual([
      { status: "draft", generation_progress: null },
    ]);
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("completed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("kit-prompt")).toContainText("Build a warm");
  });
});
