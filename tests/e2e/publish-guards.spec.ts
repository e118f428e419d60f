import type { Page } from "@playwright/test";
import { expect, hydrated, isNoJs, query, signUp, test } from "./fixtures";
import { uniqueIdea, visitor } from "./wizard-helpers";

/**
 * Nothing embarrassing published, with JavaScript on and off:
 * placeholder testimonials show in the workspace preview only until the
 * founder ticks that they are real, and a downloads page is not published
 * without its download link (its thank-you page then gives the link).
 */

const LINK = "https://files.example.com/field-guide.pdf";

async function downloadsKit(page: Page) {
  const { tag, idea } = uniqueIdea();
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals", geography: "", tone: "friendly", competitors: "", goal: "downloads", vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 })
    .toBe("ready");
  return { id, tag };
}


test("placeholder quotes stay in the preview and a downloads page waits for its link", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id, tag } = await downloadsKit(page);
  const slug = `guard-${tag}-${noJs ? "nojs" : "js"}`;
  const section = `/dashboard/kits/${id}/website`;

  await page.goto(section);
  if (!noJs) await hydrated(page);
  // The founder's preview shows the placeholders, labelled.
  const preview = page.frameLocator("[data-testid=landing-preview]");
  await expect(preview.getByRole("heading", { name: "What owners say" })).toBeVisible();
  await expect(preview.getByText("Placeholder", { exact: true })).toHaveCount(3);
  await expect(page.getByTestId("download-link-note")).toContainText("before you publish");
  await expect(page.getByText("Required to publish")).toBeVisible();

  // Publishing without the download link is refused, with the reason.
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Add your download link under Settings before you publish").first()).toBeVisible();
  await expect(page.getByText("Your page is live.")).toHaveCount(0);
  expect(query<{ published: number }>("select published from landing_pages where kit_id = ?", id)[0]?.published ?? 0).toBe(0);

  // With the link saved, it publishes.
  await page.getByLabel("Download link").fill(LINK);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();

  const guest = await visitor(browser, noJs);
  try {
    // The published page: no placeholder, no quote, no empty section.
    expect((await guest.goto(`/p/${slug}`))!.status()).toBe(200);
    await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(guest.getByText("Placeholder", { exact: true })).toHaveCount(0);
    await expect(guest.getByText(/^Placeholder:/)).toHaveCount(0);
    await expect(guest.getByRole("heading", { name: "What owners say" })).toHaveCount(0);

    // Signed up: the thank-you page gives the link it promises.
    await guest.getByLabel("E-mail address").fill(`reader-${tag}@example.com`);
    await guest.locator("#signup").getByRole("button").click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks\\?pass=`));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Your download is ready");
    await expect(guest.getByRole("link", { name: "Download now" })).toHaveAttribute("href", LINK);

    // The founder replaces a quote and ticks that they are real: now the page shows them.
    await page.goto(section);
    if (!noJs) await hydrated(page);
    const proof = page.locator("details", { has: page.getByText("Social proof", { exact: true }) });
    await proof.locator("summary").click();
    await page.getByLabel("Quote 1", { exact: true }).fill("The guide saved my first week. I read it twice.");
    await page.getByLabel("These are real quotes from real customers, shared with their permission").check();
    await page.getByRole("button", { name: "Save copy" }).click();
    await expect(page.getByText("Copy saved.")).toBeVisible();
    await guest.goto(`/p/${slug}`);
    await expect(guest.getByRole("heading", { name: "What owners say" })).toBeVisible();
    await expect(guest.getByText("The guide saved my first week. I read it twice.")).toBeVisible();
    await expect(guest.getByText("Placeholder", { exact: true })).toHaveCount(0);
  } finally {
    await guest.context().close();
  }
});
