import { expect, fakeOpenAI, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

test("without JavaScript the dashboard refreshes itself while a kit is generating", async ({ page }) => {
  const { tag, idea } = uniqueIdea();
  await fakeOpenAI("queue", { kind: "chat", script: { match: tag, chunkDelayMs: 150, chunkSize: 10 } });
  await signUp(page);
  await page.request.post("/wizard", {
    form: { idea, audience: "Refreshers", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  await page.goto("/dashboard");
  const card = page.getByTestId("kit-card").filter({ hasText: "Mobile dog grooming" });
  await expect(card.getByText("generating")).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
  // No reload from the test: the page's own meta refresh brings the final state.
  await expect(card.getByText("completed")).toBeVisible({ timeout: 25_000 });
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
});
