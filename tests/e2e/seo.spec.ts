import crypto from "node:crypto";
import fs from "node:fs";
import { checkedJsonLd } from "../unit/seo-shapes";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, signUp, test } from "./fixtures";
import { visitor } from "./wizard-helpers";

/**
 * SEO on published pages in a browser, JavaScript on and off: a
 * Pro founder's too-long title gets the message; their title and
 * description save, with the counts and the search-result snippet; the
 * published page's <title>, meta description and JSON-LD (schema.org
 * Organization and FAQPage, valid) say the same, a hostile FAQ question
 * stays inside the JSON and the page logs no CSP violation. A free founder
 * sees what Pro adds with an upgrade link and their POST is 403; another
 * user's is 404. Screenshots at 1280 and 375 px go to SEO_SHOTS_DIR when set.
 */

const SHOTS = process.env.SEO_SHOTS_DIR;
const TITLE = "Neon dog grooming for busy founders";
const DESCRIPTION = "A calm grooming van at your curb. Book in a minute, and your dog comes home clean and relaxed.";
const HOSTILE = "Safe? </script><script>alert(1)</script>";

test("a Pro founder writes the page's search title and description; the published page's head and JSON-LD follow", async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `seo-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const base = `/dashboard/kits/${id}/website`;

  await page.goto(base);
  if (!noJs) await hydrated(page);
  const panel = page.locator("#seo").locator("xpath=ancestor::section[1]");
  const title = page.getByLabel("Title in search results");
  const description = page.getByLabel("Description in search results");
  // Empty: the defaults made from the page, shown as placeholders and in the snippet.
  const defaultTitle = await title.getAttribute("placeholder");
  expect(defaultTitle).toMatch(/ — /);
  await expect(page.getByTestId("seo-snippet-title")).toHaveText(defaultTitle!);
  await expect(page.getByTestId("seo-title-count")).toContainText("0 / 60 characters");
  await expect(page.getByTestId("seo-snippet-url")).toContainText(`› p › ${slug}`);

  // Too long: the message (the browser's check with JavaScript, the server's 400 without).
  await title.fill("T".repeat(61));
  if (!noJs) await expect(page.getByTestId("seo-title-count")).toContainText("61 / 60 characters");
  await page.getByRole("button", { name: "Save title and description" }).click();
  await expect(page.getByText(/Keep the title to 60 characters or fewer/)).toBeVisible();

  await page.getByLabel("Title in search results").fill(TITLE);
  await page.getByLabel("Description in search results").fill(DESCRIPTION);
  await page.getByRole("button", { name: "Save title and description" }).click();
  await expect(page.getByText("Search title and description saved.")).toBeVisible();
  await expect(title).toHaveValue(TITLE);
  await expect(description).toHaveValue(DESCRIPTION);
  await expect(page.getByTestId("seo-title-count")).toContainText(`${TITLE.length} / 60 characters`);
  await expect(page.getByTestId("seo-description-count")).toContainText(`${DESCRIPTION.length} / 160 characters`);
  await expect(page.getByTestId("seo-snippet-title")).toHaveText(TITLE);
  await expect(page.getByTestId("seo-snippet-description")).toHaveText(DESCRIPTION);

  if (!noJs) {
    // axe runs in the page: the JS project checks the section with the editor (the sandboxed preview frame is checked on its own elsewhere).
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAxeCleanAndNoSidewaysScroll(page, `the website section with the SEO editor at ${width}px`, { exclude: "[data-testid=landing-preview]" });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    // A viewport tall enough that the panel shows without scrolling under the sticky header.
    await page.goto(base);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 3200 });
      fs.writeFileSync(`${SHOTS}/seo-editor-${info.project.name}-${width}.png`, await panel.screenshot());
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // A hostile FAQ question, through the copy editor.
  await page.locator("summary", { has: page.getByText("FAQ", { exact: true }) }).click();
  await page.getByLabel("Question 1", { exact: true }).fill(HOSTILE);
  await page.getByRole("button", { name: "Save copy" }).click();
  await expect(page.getByText("Copy saved.")).toBeVisible();

  // The published page, as a visitor gets it.
  const guest = await visitor(browser, noJs);
  const problems: string[] = [];
  guest.on("console", (m) => (m.type() === "error" || /Content.Security.Policy/i.test(m.text())) && problems.push(m.text()));
  guest.on("pageerror", (e) => problems.push(e.message));
  guest.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  const response = await guest.goto(`/p/${slug}`);
  const html = await response!.text();
  await expect(guest).toHaveTitle(TITLE);
  await expect(guest.locator('meta[name="description"]')).toHaveAttribute("content", DESCRIPTION);
  // Only the two data blocks are script elements: the hostile question did not close one.
  await expect(guest.locator("script")).toHaveCount(2);
  const ld = checkedJsonLd(html);
  expect(ld.organization).toMatchObject({ "@type": "Organization", url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/p/${slug}$`)), description: DESCRIPTION });
  expect(ld.faq!.mainEntity[0]!.name).toBe(HOSTILE);
  // What the browser parsed is the same JSON.
  const parsed = await guest.locator('script[type="application/ld+json"]').allTextContents();
  expect(parsed.map((t) => JSON.parse(t))).toEqual([ld.organization, ld.faq]);
  await expect(guest.getByText(HOSTILE).first()).toBeAttached();
  expect(problems, "console errors, CSP violations or dialogs on the published page").toEqual([]);
  await guest.context().close();

  // Another user: 404 on the section's POST.
  const stranger = await browser.newContext({ javaScriptEnabled: !noJs });
  const other = await stranger.newPage();
  await signUp(other);
  const foreign = await other.request.post(base, { form: { intent: "save-seo", seoTitle: "Hijacked" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(404);
  await stranger.close();
});

test("a free founder sees what Pro adds, with the upgrade link; their POST is 403", async ({ page }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  const tag = crypto.randomBytes(4).toString("hex");
  const { id } = await publishedKit(page.request, tag, `seo-free-${tag}`);
  const base = `/dashboard/kits/${id}/website`;
  await page.goto(base);
  if (!noJs) await hydrated(page);
  const upsell = page.getByTestId("seo-upgrade");
  await expect(upsell).toContainText("Write your own search title and description with Pro");
  await expect(upsell.getByRole("link", { name: "See what Pro adds" })).toHaveAttribute("href", "/upgrade");
  await expect(page.getByLabel("Title in search results")).toHaveCount(0);
  await expect(page.getByTestId("seo-snippet")).toBeVisible();
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 3200 });
      fs.writeFileSync(`${SHOTS}/seo-upgrade-${info.project.name}-${width}.png`, await page.locator("#seo").locator("xpath=ancestor::section[1]").screenshot());
    }
  }
  const refused = await page.request.post(base, { form: { intent: "save-seo", seoTitle: "Mine" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
});
