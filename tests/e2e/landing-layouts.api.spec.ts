import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { confirmEmail, expect, PASSWORD, randomIp, seriousViolations, sidewaysOverflow, test } from "./fixtures";

/**
 * Kits that do not all look alike: three kits whose ideas and vibes call for the three
 * landing layouts (a local service, split; a developer tool, grid; a
 * physical product, editorial), published and opened by a visitor: each is
 * axe-clean and never scrolls sideways at 1280 and 375 px, runs no script,
 * and has its category's sections (the service area; the install snippet and
 * no e-mail form; what is in the box).
 */

const KITS = [
  { key: "local", idea: "Mobile dog grooming van for busy pet owners", geography: "Austin, Texas", goal: "book calls", vibe: "cozy", layout: "layout-split", section: "#area" },
  { key: "developer", idea: "An open-source tool that turns Figma files into React code", geography: "", goal: "collect emails", vibe: "neon tech", layout: "layout-grid", section: "#install" },
  { key: "product", idea: "A coffee subscription box for remote teams", geography: "", goal: "pre-orders", vibe: "minimalist", layout: "layout-editorial", section: "#in-the-box" },
] as const;

async function founder(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const c = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const email = `layouts-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await c.post("/signup", { form: { name: "Layout Founder", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await confirmEmail(c, email);
  return c;
}

test("three kinds of business get three layouts, each axe-clean at 1280 and 375 px, with their own sections", async ({ playwright, baseURL, browser }) => {
  test.setTimeout(180_000);
  const owner = await founder(playwright, baseURL!);
  const tag = crypto.randomBytes(4).toString("hex");
  const pages: Array<(typeof KITS)[number] & { slug: string }> = [];
  for (const kit of KITS) {
    const created = await owner.post("/wizard", {
      form: { idea: kit.idea, audience: "Busy professionals", geography: kit.geography, tone: "friendly", goal: kit.goal, vibe: kit.vibe, intent: "generate", step: "2" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
    const id = created.headers().location!.split("/").pop()!;
    await expect.poll(async () => (await owner.get(`/dashboard/kits/${id}/website`)).text(), { timeout: 60_000 }).toContain('data-testid="landing-preview"');
    const slug = `layout-${kit.key}-${tag}`;
    const published = await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "publish", slug }, maxRedirects: 0 });
    expect(published.status()).toBe(303);
    pages.push({ ...kit, slug });
  }

  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const page = await context.newPage();
  try {
    for (const p of pages) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const res = await page.goto(`/p/${p.slug}`);
        expect(res!.status()).toBe(200);
        expect(await page.locator("body").getAttribute("class")).toContain(p.layout);
        await expect(page.locator(p.section)).toBeVisible();
        expect(await seriousViolations(page), `${p.key} at ${width}`).toEqual([]);
        expect(await sidewaysOverflow(page), `${p.key} at ${width} is wider than the viewport`).toBeLessThanOrEqual(0);
      }
      // No script but the JSON-LD data blocks (never run).
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      if (p.key === "developer") {
        await expect(page.locator("#install code")).toContainText(/npm install|npx/);
        expect(await page.locator("form").count()).toBe(0);
      } else {
        expect(await page.locator("form").count()).toBe(1);
      }
    }
  } finally {
    await context.close();
  }
});
