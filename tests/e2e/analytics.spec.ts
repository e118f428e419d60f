import fs from "node:fs";
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, grantPlan, hydrated, isNoJs, query, seriousViolations, sidewaysOverflow, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/**
 * Counting and seeing it, with JavaScript on and off: a founder
 * publishes a page; three visitors from different (loopback) addresses
 * come, two by links with UTM fields, one twice (the second time from the
 * page cache), and one signs up. The founder's own visit is not counted.
 * The founder sees the numbers, the daily chart and its table, the sources,
 * campaigns and launch links (utm_campaign and utm_content), the funnel, the
 * CSV and the dashboard card's last 7 days; another user gets a 404 for the
 * section and its CSV. At 1280 and 375 px no number of any table is past
 * the viewport or behind a sideways scroll; the section is screenshotted at
 * both (ANALYTICS_SHOTS_DIR keeps the files).
 */

const SHOTS = process.env.ANALYTICS_SHOTS_DIR;
// Browsers as visitors have them (Playwright's own says HeadlessChrome: a bot, not counted).
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const LONG_CONTENT = "maker-comment-on-the-launch-day-thread-with-a-very-long-name-2026";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function createKit(page: Page) {
  const { tag, idea } = uniqueIdea();
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals, new parents", geography: "Austin, Texas", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 })
    .toBe("ready");
  return { id, tag };
}

/** A visitor in a browser of their own: their own address (loopback, through the trusted proxy header), a real browser's user agent. */
async function visitorAt(browser: Browser, noJs: boolean, ip: string, userAgent = DESKTOP) {
  const context = await browser.newContext({ javaScriptEnabled: !noJs, userAgent, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  return context.newPage();
}

/** The cells of the Analytics tables a reader cannot see without scrolling sideways: past the viewport, or inside a box narrower than its content. */
function hiddenTableCells(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const table of document.querySelectorAll<HTMLElement>('table[data-testid^="analytics-"]')) {
      for (const cell of table.querySelectorAll<HTMLElement>("tbody td, tbody th")) {
        const r = cell.getBoundingClientRect();
        const name = `${table.dataset.testid}: ${cell.textContent}`;
        if (r.right > window.innerWidth + 0.5 || r.left < -0.5) out.push(`${name} (past the edge)`);
        for (let el = cell.parentElement; el && el !== document.body; el = el.parentElement) {
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
            out.push(`${name} (in a box that scrolls sideways)`);
            break;
          }
        }
      }
    }
    return out;
  });
}

const counted = (pageId: string) =>
  query<{ views: number | null; visitors: number | null; leads: number | null }>(
    "select sum(views) as views, sum(visitors) as visitors, sum(leads) as leads from analytics_hourly where page_id = ?",
    pageId,
  )[0]!;

test("visits and a sign-up are counted, and the founder sees them; another user gets a 404", async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  grantPlan(email, "pro");
  const { id, tag } = await createKit(page);
  const slug = `lk29-${tag}-${noJs ? "nojs" : "js"}`;

  await page.goto(`/dashboard/kits/${id}/website`);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();
  const pageId = query<{ page_id: string }>("select page_id from landing_pages where kit_id = ?", id)[0]!.page_id;

  // Three visitors from three loopback addresses.
  const net = `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`;
  const first = await visitorAt(browser, noJs, `${net}.1`);
  const second = await visitorAt(browser, noJs, `${net}.2`, PHONE);
  const third = await visitorAt(browser, noJs, `${net}.3`);
  let thirdViews = 1;
  try {
    expect((await first.goto(`/p/${slug}?utm_source=newsletter&utm_medium=email&utm_campaign=launch&utm_content=hero-button`))!.status()).toBe(200);
    // A launch link with a long utm_content, the kind that stretches a table on a phone.
    expect((await second.goto(`/p/${slug}?utm_source=twitter&utm_content=${LONG_CONTENT}`))!.status()).toBe(200);
    expect((await third.goto(`/p/${slug}`))!.status()).toBe(200);
    // The third comes back (until the page cache answers: it stores a page just after sending it), and every visit is counted.
    await expect
      .poll(async () => {
        thirdViews++;
        return (await third.request.get(`/p/${slug}`)).headers()["x-page-cache"];
      })
      .toBe("hit");

    // The first signs up on the page.
    await first.locator("#signup").getByLabel("E-mail address").fill(`lead-${tag}@example.com`);
    await first.locator("#signup").getByRole("button").click();
    await expect(first).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  } finally {
    for (const p of [first, second, third]) await p.context().close();
  }
  // The founder looks at their own page (signed in): not a visit.
  await page.goto(`/p/${slug}`);

  // Counts are written every few seconds.
  const views = 2 + thirdViews;
  await expect.poll(() => counted(pageId), { timeout: 20_000 }).toEqual({ views, visitors: 3, leads: 1 });
  expect(query("select source, variant from leads where kit_id = ?", id)).toEqual([{ source: "newsletter", variant: null }]);

  // The section.
  await page.goto(`/dashboard/kits/${id}/analytics`);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Analytics" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("analytics-visitors")).toHaveText("3");
  await expect(page.getByTestId("analytics-views")).toHaveText(String(views));
  await expect(page.getByTestId("analytics-leads")).toHaveText("1");
  await expect(page.getByTestId("analytics-conversion")).toHaveText("33.3%");
  // The wide drawing at 1280 px (the compact one is for phones).
  const chart = page.locator('[data-testid="analytics-chart"][data-size="wide"]');
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect[fill='#93c5fd']")).toHaveCount(1);
  const today = new Date().toISOString().slice(0, 10);
  const row = page.getByTestId("analytics-daily-table").locator(`tr[data-day="${today}"]`);
  await expect(row.locator("td")).toHaveText(["3", String(views), "1", "33.3%"]);
  await expect(page.getByTestId("analytics-daily-table").locator("tbody tr")).toHaveCount(7);
  const sources = page.getByTestId("analytics-sources");
  await expect(sources.locator("tbody tr", { hasText: "newsletter" }).locator("td")).toHaveText(["1", "1", "1", "100.0%"]);
  await expect(sources.locator("tbody tr", { hasText: "twitter" }).locator("td")).toHaveText(["1", "1", "0", "0.0%"]);
  await expect(sources.locator("tbody tr", { hasText: "Direct / none" }).locator("td")).toHaveText(["1", String(thirdViews), "0", "0.0%"]);
  await expect(page.getByTestId("analytics-campaigns")).toContainText("launch · newsletter · email");
  // Launch links by utm_campaign and utm_content, and the funnel down to the lead (no double opt-in: nobody was asked to confirm).
  await expect(page.getByTestId("analytics-links").locator("tbody tr", { hasText: "launch · hero-button" }).locator("td")).toHaveText(["1", "1", "1", "100.0%"]);
  await expect(page.getByTestId("analytics-links").locator("tbody tr", { hasText: LONG_CONTENT }).locator("th")).toHaveText(`(no campaign) · ${LONG_CONTENT}`);
  await expect(page.getByTestId("funnel-views")).toHaveText(String(views));
  await expect(page.getByTestId("funnel-visitors")).toHaveText("3");
  await expect(page.getByTestId("funnel-leads")).toHaveText("1");
  await expect(page.getByTestId("funnel-confirmed")).toHaveText("0");
  await expect(page.getByTestId("funnel-kept")).toHaveText("0");
  await expect(page.getByTestId("analytics-funnel")).toContainText("no lead in this range signed up 30+ days ago yet");
  await expect(page.getByTestId("analytics-devices").locator("tbody tr", { hasText: "Mobile" }).locator("td").first()).toHaveText("1");

  // 30 days: a link, with or without JavaScript.
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(/\?days=30$/);
  await expect(page.getByTestId("analytics-daily-table").locator("tbody tr")).toHaveCount(30);
  await expect(page.getByTestId("analytics-visitors")).toHaveText("3");

  const csv = await page.request.get(`/dashboard/kits/${id}/analytics.csv?days=7`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("date,visitors,views,leads,conversion_rate");
  expect(lines.at(-1)).toBe(`${today},3,${views},1,0.3333`);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/kits/${id}/analytics`);
    expect(await sidewaysOverflow(page), `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    // Every number of every table on screen: none past the viewport's edge or behind a box that scrolls sideways.
    expect(await hiddenTableCells(page), `table cells out of sight at ${width}px`).toEqual([]);
    const newsletter = page.getByTestId("analytics-sources").locator("tbody tr", { hasText: "newsletter" });
    for (const column of [2, 3]) {
      const box = (await newsletter.locator("td").nth(column).boundingBox())!;
      expect(box.x + box.width, `the sources' ${column === 2 ? "Leads" : "Conv."} at ${width}px`).toBeLessThanOrEqual(width);
    }
    if (width === 375) await expect(newsletter.locator("td").nth(3)).toHaveCSS("display", "flex");
    // axe runs in the page: the JS project checks it (the no-JS one renders the same markup).
    if (!noJs) expect(await seriousViolations(page), `axe at ${width}px`).toEqual([]);
    const shot = await page.screenshot({ fullPage: true });
    await info.attach(`analytics-${width}.png`, { body: shot, contentType: "image/png" });
    if (SHOTS) fs.writeFileSync(`${SHOTS}/analytics-${info.project.name}-${width}.png`, shot);
  }

  // The dashboard card: the last 7 days.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard");
  await expect(page.locator(`[data-kit-id="${id}"]`).getByTestId("kit-week")).toHaveText("Last 7 days: 3 visitors · 1 lead");

  // Another user: no such kit, no such CSV.
  const strangerContext = await browser.newContext({ javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": `${net}.9` } });
  const stranger = await strangerContext.newPage();
  try {
    await signUp(stranger);
    expect((await stranger.goto(`/dashboard/kits/${id}/analytics`))!.status()).toBe(404);
    expect((await stranger.request.get(`/dashboard/kits/${id}/analytics.csv`)).status()).toBe(404);
  } finally {
    await strangerContext.close();
  }
});

test("free plans see their totals and the way to the rest", async ({ page }, info) => {
  test.setTimeout(90_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id } = await createKit(page);
  await page.goto(`/dashboard/kits/${id}/analytics`);
  if (!noJs) await hydrated(page);
  await expect(page.getByTestId("analytics-visitors")).toHaveText("0");
  await expect(page.getByTestId("analytics-leads")).toHaveText("0");
  await expect(page.getByTestId("analytics-views")).toHaveCount(0);
  await expect(page.getByTestId("analytics-upgrade")).toBeVisible();
  await expect(page.getByText("Your landing page is not published")).toBeVisible();
  const csv = await page.request.get(`/dashboard/kits/${id}/analytics.csv`, { maxRedirects: 0 });
  expect(csv.status()).toBe(303);
  expect(csv.headers().location).toContain("/upgrade?need=analytics");
});
