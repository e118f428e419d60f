import type { Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/features/marketing/site";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, seriousViolations, test } from "./fixtures";

const PATHS = [...PUBLIC_PAGES.map((p) => p.path), "/samples?category=podcast", "/no-such-page"];
const WIDTHS = [1280, 375];

/**
 * axe runs inside the page, which needs JavaScript. For the no-js project we
 * check the same server-rendered markup with the app's scripts blocked, so the
 * page never hydrates: exactly what a visitor without JavaScript gets. The
 * test's own page is used in both projects (JavaScript on in its context, the
 * app's scripts blocked for no-js) rather than a second context per test.
 */
test.use({ javaScriptEnabled: true });

async function openPage(page: Page, noJs: boolean, width: number) {
  await page.setViewportSize({ width, height: 900 });
  if (noJs) await page.context().route(/\/assets\/.+\.js$/, (route) => route.abort());
  return page;
}

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width}px`, () => {
    for (const path of PATHS) {
      test(`${path} has no serious or critical axe violations and no sideways scroll`, async ({ page }, info) => {
        const noJs = isNoJs(info.project.name);
        const target = await openPage(page, noJs, width);
        await target.goto(path);
        if (!noJs) await hydrated(target);
        else await expect(target.locator("html[data-hydrated=true]")).toHaveCount(0);
        await expectAxeCleanAndNoSidewaysScroll(target, path);
      });
    }
  });
}

test("open overlays have no serious or critical axe violations", async ({ page }, info) => {
  const noJs = isNoJs(info.project.name);
  const target = await openPage(page, noJs, 375);
  await target.goto("/");
  if (!noJs) await hydrated(target);
  await target.getByRole("navigation", { name: "Main" }).getByLabel("Menu").click();
  await expect(target.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" })).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);

  await target.getByRole("link", { name: "Watch 60-second demo" }).click();
  await expect(target.locator("dialog#demo")).toBeVisible();
  expect(await seriousViolations(target)).toEqual([]);
});
