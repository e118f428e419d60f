import { expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, signUp, test } from "./fixtures";
import { createLaunchKit } from "./launch-helpers";

/** The social, calendar, ads and research sections: no serious axe violation and no sideways scroll, on a laptop and a phone. */
for (const width of [1280, 375]) {
  test(`launch sections at ${width}px: axe and no sideways scroll`, async ({ browser, clientIp }, info) => {
    test.setTimeout(90_000);
    const noJs = isNoJs(info.project.name);
    // axe runs inside the page, so JavaScript stays on; without JavaScript the app's own scripts are blocked.
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    if (noJs) await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    try {
      await signUp(page);
      const { id } = await createLaunchKit(page);
      for (const section of ["social", "calendar", "ads", "research"]) {
        const path = `/dashboard/kits/${id}/${section}`;
        await page.goto(path);
        if (!noJs) await hydrated(page);
        await expectAxeCleanAndNoSidewaysScroll(page, path);
      }
    } finally {
      await context.close();
    }
  });
}
