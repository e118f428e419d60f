import { expect, hydrated, isNoJs, test } from "./fixtures";

/**
 * The pages the page cache keeps carry only the rules their own HTML uses
 * (app/platform/render/css-subset.server.ts). They must look exactly as they do with the
 * whole stylesheet, with JavaScript on and off, on a phone and a desktop; once
 * React starts, the whole sheet is switched on for what it renders next.
 */
test.describe("the inline part of the stylesheet", () => {
  // Every page the page cache keeps (server/app.ts ANONYMOUS_PAGES), and a /samples category.
  const pages = ["/", "/process", "/samples", "/samples?category=ecommerce", "/pricing", "/templates", "/blog", "/about", "/contact", "/privacy", "/terms", "/cookies", "/signin", "/signup", "/forgot-password"];
  for (const path of pages) {
    test(`${path} looks the same as with the whole stylesheet`, async ({ page }) => {
      const served = await page.request.get(path);
      const html = await served.text();
      const href = html.match(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" disabled=""\/>/)![1]!;
      const whole = await (await page.request.get(href)).text();
      const part = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
      expect(part.length).toBeLessThan(whole.length);
      const withWhole = html.replace(`<style>${part}</style>`, () => `<style>${whole}</style>`);

      // Each version is loaded once and pictured at both widths (the viewport resized in place,
      // the same way for both), rather than loaded again for every width.
      const widths = [375, 1280];
      const pictures = async () => {
        const shots: Buffer[] = [];
        for (const width of widths) {
          // The whole page on the screen at once: a full-page picture of a short viewport leaves out
          // what content-visibility skips until it is near the viewport (app/app.css, below-fold).
          await page.setViewportSize({ width, height: 12_000 });
          const height = await page.evaluate(() => Math.ceil(document.querySelector("footer")?.getBoundingClientRect().bottom ?? 900));
          await page.setViewportSize({ width, height: Math.max(height, 900) });
          shots.push(await page.screenshot());
        }
        return shots;
      };
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      // Images stay out of both pictures: a lazy one may or may not have arrived when the screenshot is taken.
      await page.route("**/*", (route) => (route.request().resourceType() === "image" ? route.abort() : route.fallback()));
      await page.goto(path);
      const asServed = await pictures();
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      await page.route((url) => url.pathname + url.search === path, (route) =>
        route.request().resourceType() === "document" ? route.fulfill({ body: withWhole, contentType: "text/html; charset=utf-8" }) : route.fallback(),
      );
      await page.goto(path);
      const reference = await pictures();
      widths.forEach((width, i) => expect(asServed[i]!.equals(reference[i]!), `${path} at ${width} px`).toBe(true));
    });
  }

  test("React starting switches the whole stylesheet on", async ({ page }) => {
    await page.goto("/");
    const link = page.locator('link[rel="stylesheet"]');
    await expect(link).toHaveAttribute("disabled", "");
    if (isNoJs(test.info().project.name)) return;
    // A class of the kit workspace: not in the home page's part of the sheet.
    const probe = () =>
      page.evaluate(() => {
        const el = document.createElement("div");
        el.className = "min-w-max";
        document.body.append(el);
        const value = getComputedStyle(el).minWidth;
        el.remove();
        return value;
      });
    expect(await probe()).not.toBe("max-content");
    await hydrated(page);
    await expect(link).not.toHaveAttribute("disabled", /.*/);
    // Loaded and applied: what React renders next is styled.
    await expect.poll(probe).toBe("max-content");
  });
});
