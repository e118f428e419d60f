import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, isNoJs, signUp, test } from "./fixtures";
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
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
        expect(serious, path).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} is wider than the viewport`).toBeLessThanOrEqual(0);
      }
    } finally {
      await context.close();
    }
  });
}
