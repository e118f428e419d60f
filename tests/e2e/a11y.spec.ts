import type { Browser, Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/marketing/site";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, seriousViolations, test } from "./fixtures";

const PATHS = [...PUBLIC_PAGES.map((p) => p.path), "/samples?category=podcast", "/no-such-page"];
const WIDTHS = [1280, 375];

/**
 * axe runs inside the page, which needs JavaScript. For the no-js project we
 * check the same server-rendered markup with the app's scripts blocked, so the
 * page never hydrates: exactly what a visitor without JavaScript gets.
 */
async function openPage(browser: Browser, page: Page, noJs: boolean, width: number) {
  if (!noJs) {
    await page.setViewportSize({ width, height: 900 });
    return page;
  }
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 } });
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
  return context.newPage();
}

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width}px`, () => {
    for (const path of PATHS) {
      test(`${path} has no serious or critical axe violations and no sideways scroll`, async ({ browser, page }, info) => {
        const noJs = isNoJs(info.project.name);
        const target = await openPage(browser, page, noJs, width);
        try {
          await target.goto(path);
          if (!noJs) await hydrated(target);
          else await expect(target.locator("html[data-hydrated=true]")).toHaveCount(0);
          await expectAxeCleanAndNoSidewaysScroll(target, path);
        } finally {
          if (noJs) await target.context().close();
        }
      });
    }
  });
}

test("open overlays have no serious or critical axe violations", async ({ browser, page }, info) => {
  const noJs = isNoJs(info.project.name);
  const target = await openPage(browser, page, noJs, 375);
  try {
    await target.goto("/");
    if (!noJs) await hydrated(target);
    await target.getByRole("navigation", { name: "Main" }).getByLabel("Menu").click();
    await expect(target.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" })).toBeVisible();
    expect(await seriousViolations(target)).toEqual([]);

    await target.getByRole("link", { name: "Watch 60-second demo" }).click();
    await expect(target.locator("dialog#demo")).toBeVisible();
    expect(await seriousViolations(target)).toEqual([]);
  } finally {
    if (noJs) await target.context().close();
  }
});
