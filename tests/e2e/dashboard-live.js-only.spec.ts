import type { Page } from "@playwright/test";
import { expect, fakeOpenAI, hydrated, query, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/** A new founder whose kit is generating slowly enough to be watched; returns its idea. */
async function startGenerating(page: Page) {
  const { tag, idea } = uniqueIdea();
  await fakeOpenAI("queue", { kind: "chat", script: { match: tag, chunkDelayMs: 150, chunkSize: 10 } });
  await signUp(page);
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Live watchers", tone: "playful", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return idea;
}

test("a generating kit on the dashboard updates live and turns completed without a reload", async ({ page }) => {
  const idea = await startGenerating(page);
  await page.goto("/dashboard");
  await hydrated(page);
  const card = page.getByTestId("kit-card").filter({ hasText: "Mobile dog grooming" });
  await expect(card.getByText("generating")).toBeVisible();
  const bar = card.getByRole("progressbar");
  const first = Number(await bar.getAttribute("aria-valuenow"));
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(first);
  let reloaded = false;
  page.on("framenavigated", () => (reloaded = true));
  await expect(card.getByText("completed")).toBeVisible({ timeout: 20_000 });
  expect(reloaded).toBe(false);
  expect(query("select status from launch_kits where business_idea = ?", idea)).toEqual([{ status: "completed" }]);
});

test("a progress stream answered 502 (a proxy while an instance stops) is opened again and the card still turns completed", async ({ page }) => {
  await startGenerating(page);
  // The first stream gets what haproxy or nginx answer when the instance behind them is gone:
  // EventSource gives up on a 502 for good, so only the page's own reconnect brings progress back.
  let refused = 0;
  let passed = 0;
  await page.route("**/kits/*/events", async (route) => {
    if (refused === 0) {
      refused++;
      return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
    }
    passed++;
    return route.fallback();
  });
  await page.goto("/dashboard");
  await hydrated(page);
  const card = page.getByTestId("kit-card").filter({ hasText: "Mobile dog grooming" });
  await expect(card.getByText("generating")).toBeVisible();
  let reloaded = false;
  page.on("framenavigated", () => (reloaded = true));
  await expect(card.getByText("completed")).toBeVisible({ timeout: 25_000 });
  expect(reloaded).toBe(false);
  expect(refused).toBe(1);
  expect(passed).toBeGreaterThanOrEqual(1);
});
