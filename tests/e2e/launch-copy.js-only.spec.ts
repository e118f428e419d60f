import { expect, hydrated, signUp, test } from "./fixtures";
import { assetContent, createLaunchKit } from "./launch-helpers";

/** Copy buttons (JavaScript only): the clipboard gets the exact text, the button says so, and so does a live region. */
test("copy buttons put the bio or the whole post on the clipboard and say 'Copied'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page);
  const { id } = await createLaunchKit(page);
  await page.goto(`/dashboard/kits/${id}/social`);
  await hydrated(page);
  const social = assetContent(id, "social");

  const bio = page.getByTestId("bio-x");
  const button = bio.getByRole("button", { name: "Copy X bio" });
  await button.click();
  await expect(button).toHaveText("Copied");
  await expect(bio.locator("[aria-live=polite]")).toHaveText("X bio copied to the clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(social.bios.x.text);
  // The state goes back after a moment.
  await expect(button).toHaveText("Copy");

  await page.locator("#post-2").getByRole("button", { name: /^Copy .* post 3$/ }).click();
  const post = social.posts[2];
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${post.text}\n\n${post.hashtags.map((t: string) => `#${t}`).join(" ")}`);

  await page.goto(`/dashboard/kits/${id}/ads`);
  await hydrated(page);
  const ads = assetContent(id, "ads");
  await page.getByTestId("ad-variant").first().getByRole("button", { name: "Copy Headline 1" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ads.variants[0].google.headlines[0]);
});

test("the live count follows the post while it is edited", async ({ page }) => {
  await signUp(page);
  const { id } = await createLaunchKit(page);
  await page.goto(`/dashboard/kits/${id}/social`);
  await hydrated(page);
  const post = page.locator("#post-0");
  await post.getByText("Edit post 1").click();
  await post.getByLabel(/^Hashtags/).fill("");
  await post.getByLabel(/^Post text/).fill("🚀🚀 Launch");
  await expect(post.getByText("Now 11 / 280 as X counts it")).toBeVisible();
});
