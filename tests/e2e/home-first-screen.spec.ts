import { expect, test } from "./fixtures";

/**
 * The home page lays out its first screen only: the sections below it and the
 * footer are skipped by the browser (content-visibility) until they come near
 * the viewport, which kept the page's first load of a slow phone to one
 * screen's layout. Skipped is not hidden: scrolled to, they are laid out and
 * shown as before, with JavaScript on and off.
 */
test.describe("the home page's first screen", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("sections below the first screen are skipped until scrolled to, then shown", async ({ page }) => {
    await page.goto("/");
    // The hero is laid out at once.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const shown = (selector: string) =>
      page.locator(selector).first().evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    const below = ["#how-heading", "#features-heading", "footer a[href='/pricing']"];
    for (const selector of below) expect(await shown(selector), `${selector} skipped on load`).toBe(false);

    for (const selector of below) {
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      await expect.poll(() => shown(selector), `${selector} shown once scrolled to`).toBe(true);
    }
    const how = page.getByRole("heading", { name: "From idea to launch kit in four steps" });
    await how.scrollIntoViewIfNeeded();
    await expect(how).toBeInViewport();
    await expect(page.getByRole("link", { name: "See the full process" })).toBeVisible();
  });

  test("the first screen itself is never skipped", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("main > section").first();
    expect(await hero.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe("visible");
    await expect(page.getByRole("link", { name: "Try free" }).first()).toBeInViewport();
  });
});
