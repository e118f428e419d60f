import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * The monthly strategy review in a browser, with JavaScript on and off
 * as a Pro founder uses it: known visits and leads are stored for the founder's published
 * page; a Pro founder writes "this month so far" with the section's plain
 * form, sees the figures (each equal to a fresh SQL count) and three
 * priorities, and downloads the PDF, whose text carries the same figures
 * (rendered to PNG when REVIEW_SHOTS_DIR is set, with screenshots of the
 * section at 1280 and 375 px). Back on Free, the founder sees what Pro adds
 * with an /upgrade link and the POST is refused 403; another user gets 404
 * on the page, the PDF and the POST.
 */

const SHOTS = process.env.REVIEW_SHOTS_DIR;
const HOUR = 3_600_000;

const count = (n: number) => n.toLocaleString("en-US");
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Visits and leads of the current UTC month, stored as the counter and the lead form would. */
function seed(kitId: string, pageId: string, tag: string) {
  const now = Date.now();
  const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
  const hour = Math.max(monthStart, Math.floor((now - HOUR) / HOUR) * HOUR);
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"), { fileMustExist: true });
  try {
    const insert = db.prepare("insert into analytics_hourly (page_id, hour, origin, variant, source, medium, campaign, device, views, visitors, leads) values (?, ?, 'page', '', ?, '', '', 'desktop', ?, ?, ?)");
    insert.run(pageId, hour, "news.ycombinator.com", 1510, 1234, 7);
    insert.run(pageId, hour, "", 260, 210, 2);
    const lead = db.prepare("insert into leads (id, kit_id, email, created_at) values (?, ?, ?, ?)");
    for (let i = 0; i < 9; i++) lead.run(`${tag}-lead-${i}`, kitId, `lead${i}-${tag}@example.com`, Math.max(monthStart, now - 30 * 60_000));
  } finally {
    db.close();
  }
}

/** The month so far straight from SQL, as the review must show it. */
function sqlFigures(kitId: string, pageId: string) {
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const [t] = query<{ v: number; p: number }>("select coalesce(sum(visitors), 0) as v, coalesce(sum(views), 0) as p from analytics_hourly where page_id = ? and hour >= ?", pageId, monthStart);
  const [l] = query<{ c: number }>("select count(*) as c from leads where kit_id = ? and created_at >= ?", kitId, monthStart);
  return { visitors: t!.v, pageviews: t!.p, leads: l!.c };
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "review-e2e-"));
  try {
    fs.writeFileSync(path.join(dir, "r.pdf"), bytes);
    return execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a Pro founder writes the month's strategy review, sees its figures and priorities and downloads the PDF; Free sees the upgrade; another user gets 404", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page);
  grantPlan(founderEmail, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const { id, pageId } = await publishedKit(page.request, tag, `review-${tag}`);
  seed(id, pageId, tag);
  const base = `/dashboard/kits/${id}/review`;

  await page.goto(base);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("link", { name: "Strategy review", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: /Write the review of .* so far/ }).click();
  await expect(page.getByText("Review written: every number in it is read from your page’s records.")).toBeVisible({ timeout: 30_000 });
  const period = new Date().toISOString().slice(0, 7);
  await expect(page).toHaveURL(new RegExp(`/review\\?period=${period}&saved=1`));

  // Each figure is the database's, read afresh.
  const sql = sqlFigures(id, pageId);
  expect(sql.visitors).toBeGreaterThanOrEqual(1234 + 210);
  const figure = (name: string) => page.locator(`[data-figure="${name}"] [data-value]`);
  await expect(figure("visitors")).toHaveText(count(sql.visitors));
  await expect(figure("pageviews")).toHaveText(count(sql.pageviews));
  await expect(figure("leads")).toHaveText(count(sql.leads));
  await expect(figure("conversion")).toHaveText(percent(sql.leads / sql.visitors));
  await expect(page.getByTestId("review-sources")).toContainText("news.ycombinator.com");
  // Three priorities, each with its figures written from the database.
  const priorities = page.getByTestId("review-priorities").locator(":scope > li");
  await expect(priorities).toHaveCount(3);
  // Whichever topics the writer chose (the model in this stack, the built-in rules offline), their numbers are the database's.
  const written = (await page.getByTestId("review-priorities").innerText()).replace(/\s+/g, " ");
  const numbers = written.match(/\d[\d,]*(?:\.\d+)?%?/g)!.filter((n) => !/^[123]$/.test(n));
  expect(numbers.length).toBeGreaterThan(0);
  const known = new Set([count(sql.visitors), count(sql.pageviews), count(sql.leads), percent(sql.leads / sql.visitors), "1,234", "210", "0"]);
  for (const n of numbers) expect(known, `${n} in "${written}"`).toContain(n);
  await expect(page.getByTestId("review-plan")).toContainText("First 30 days");
  const stored = query<{ n: number }>("select count(*) as n from strategy_reviews where kit_id = ? and period = ?", id, period);
  expect(stored[0]!.n).toBe(1);

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      fs.writeFileSync(`${SHOTS}/review-${info.project.name}-${width}.png`, await page.screenshot({ fullPage: true }));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  if (!noJs) await expectAxeCleanAndNoSidewaysScroll(page, "the strategy review");

  // The PDF: a download, with the same figures in its text.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("review-pdf").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`strategy-review-${period}\\.pdf$`));
  const file = await download.path();
  const bytes = fs.readFileSync(file!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfText(bytes);
  for (const shown of [count(sql.visitors), count(sql.pageviews), count(sql.leads), percent(sql.leads / sql.visitors)]) expect(text).toContain(shown);
  if (SHOTS) {
    const out = path.join(SHOTS, `review-${info.project.name}`);
    fs.writeFileSync(`${out}.pdf`, bytes);
    execFileSync("pdftoppm", ["-png", "-r", "60", `${out}.pdf`, out]);
  }

  // Writing it again replaces it: still one review for the month.
  await page.goto(base);
  await page.getByRole("button", { name: /Write the review of .* so far/ }).click();
  await expect(page.getByText(/Review written/)).toBeVisible({ timeout: 30_000 });
  expect(query<{ n: number }>("select count(*) as n from strategy_reviews where kit_id = ? and period = ?", id, period)[0]!.n).toBe(1);

  // Another user: 404 on the page, the PDF and the POST.
  const stranger = await browser.newContext({ javaScriptEnabled: !noJs });
  const strangerPage = await stranger.newPage();
  await signUp(strangerPage);
  expect((await strangerPage.request.get(base)).status()).toBe(404);
  expect((await strangerPage.request.get(`${base}/${period}.pdf`)).status()).toBe(404);
  expect((await strangerPage.request.post(base, { form: { intent: "write" }, maxRedirects: 0 })).status()).toBe(404);
  await stranger.close();

  // Back on Free: what Pro adds, with an /upgrade link; the POST is refused.
  grantPlan(founderEmail, "free");
  await page.goto(base);
  await expect(page.getByTestId("review-upgrade")).toBeVisible();
  await expect(page.getByTestId("review-upgrade").getByRole("link", { name: /Upgrade to Pro/ })).toHaveAttribute("href", "/upgrade");
  await expect(page.getByRole("button", { name: /Write the review/ })).toHaveCount(0);
  expect((await page.request.post(base, { form: { intent: "write" }, maxRedirects: 0 })).status()).toBe(403);
  if (SHOTS) fs.writeFileSync(`${SHOTS}/review-free-${info.project.name}-1280.png`, await page.screenshot({ fullPage: true }));
});
