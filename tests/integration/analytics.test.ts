import type { IncomingMessage } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Collector } from "~/features/analytics/collector.server";
import { analyticsCollector, countCachedPage, viewTag } from "~/features/analytics/count.server";
import { pixelSignature } from "~/kit/assets/landing/pixel-signature.server";
import { pageReport, weekOfPublishedKits } from "~/features/analytics/report.server";
import { utcDay } from "~/platform/jobs/schedule.server";
import { adminSetPlan } from "~/kit/plans/account.server";
import { resetConfigForTests } from "~/platform/config.server";
import { execute, getDb } from "~/platform/db/client.server";
import { analyticsHourly, analyticsVisitors, leads } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingFileHtml } from "~/kit/assets/landing/files.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { getKit } from "~/kit/kits.server";
import { setRole } from "~/features/users/users.server";
import { createRequestContext } from "~/platform/http/request-context";
import { confirmSiteOrigin, forgetTrustedOrigin } from "~/platform/http/site-origin.server";
import { countedTotals as totals } from "../support/analytics-totals";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * Counting visits to published pages and their leads (app/features/analytics), on
 * SQLite and PostgreSQL: two collectors (two instances) writing the same
 * rows sum exactly, the page's loader and the page cache's hit path count
 * what is a visit and nothing else, a lead takes its visitor's source, the
 * downloaded copy counts through its image, and the
 * section and its CSV belong to the owner. Two real server processes and
 * their SIGTERM: analytics-cluster.test.ts.
 */

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));
afterEach(() => {
  delete process.env.ANALYTICS;
  resetConfigForTests();
});

const hit = (pageId: string, ip: string, at = Date.now(), extra: Partial<Parameters<Collector["record"]>[0]> = {}) => ({
  pageId,
  origin: "page" as const,
  variant: "",
  ip,
  userAgent: CHROME,
  from: { source: "", medium: "", campaign: "", content: "" },
  device: "desktop" as const,
  at,
  ...extra,
});

describe("two instances", () => {
  it("counting the same page sum exactly: views add up, a visitor seen by both counts once", async () => {
    const a = new Collector();
    const b = new Collector();
    const page = `two-${Date.now()}`;
    const at = Date.now();
    for (let i = 0; i < 30; i++) a.record(hit(page, `198.51.100.${i % 3}`, at)); // visitors .0 .1 .2
    for (let i = 0; i < 20; i++) b.record(hit(page, `198.51.100.${2 + (i % 2)}`, at)); // visitors .2 (also on a) and .3
    // The day's salt is read on the first hit; the flush places hits that came before it.
    await Promise.all([a.flush(), b.flush()]);
    expect(await totals(page)).toEqual({ views: 50, visitors: 4, leads: 0 });
    // More of the same, written at the same time again: the upserts add.
    for (let i = 0; i < 7; i++) a.record(hit(page, "198.51.100.0", at));
    for (let i = 0; i < 5; i++) b.record(hit(page, "198.51.100.9", at));
    await Promise.all([a.flush(), b.flush()]);
    expect(await totals(page)).toEqual({ views: 62, visitors: 5, leads: 0 });
    expect(a.pending()).toEqual({ views: 0, leads: 0, visitors: 0, waiting: 0 });
  });

  it("many instances flushing many rows at once still sum exactly (no lost update, no deadlock)", async () => {
    const page = `many-${Date.now()}`;
    const collectors = Array.from({ length: 4 }, () => new Collector());
    const at = Date.now();
    collectors.forEach((c, n) => {
      for (let i = 0; i < 250; i++) {
        c.record(hit(page, `203.0.113.${i % 50}`, at, { from: { source: `site${i % 7}.test`, medium: "", campaign: "", content: "" }, device: i % 2 ? "mobile" : "desktop", userAgent: `${CHROME} ${n}` }));
      }
    });
    await Promise.all(collectors.map((c) => c.flush()));
    // 4 × 250 views; 50 addresses × 4 user agents = 200 visitors.
    expect(await totals(page)).toEqual({ views: 1000, visitors: 200, leads: 0 });
  });

  it("keeps the counts of a failed write for the next flush", async () => {
    const c = new Collector();
    const page = `retry-${Date.now()}`;
    c.record(hit(page, "192.0.2.1"));
    await c.flush();
    c.record(hit(page, "192.0.2.2"));
    c.record(hit(page, "192.0.2.2"));
    // The table is renamed away for a moment: the write fails, the counts stay in memory.
    await execute(sql`alter table analytics_hourly rename to analytics_hourly_away`);
    try {
      await expect(c.flush()).rejects.toThrow();
      expect(c.pending()).toMatchObject({ views: 2, visitors: 1 });
    } finally {
      await execute(sql`alter table analytics_hourly_away rename to analytics_hourly`);
    }
    await c.flush();
    expect(await totals(page)).toEqual({ views: 3, visitors: 2, leads: 0 });
  });
});

/** A published page of a new founder's kit: its id, slug and the founder's session. */
async function publishedPage(slug: string) {
  const { user, cookie } = await founder("analytics");
  const kit = await kitFor(user.id);
  expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  const page = (await landingPageOf(kit.id))!;
  return { user, cookie, kit, slug, pageId: page.pageId! };
}

async function visit(slug: string, ip: string, headers: Record<string, string> = {}, query = "", method = "GET") {
  const route = await import("~/routes/public/page");
  const request = new Request(`${ORIGIN}/p/${slug}${query}`, { method, headers: { "User-Agent": CHROME, ...headers } });
  const answer = await call(() => route.loader(routeArgs(request, { slug }, createRequestContext(ip))));
  // The view is counted beside the response (never delaying it): let it land.
  await new Promise((r) => setTimeout(r, 20));
  return answer;
}

describe("the published page's loader", () => {
  it("counts visits with their source and device, and not the owner, admins, HEAD, prefetches or bots", async () => {
    const p = await publishedPage(`counted-${Date.now()}`);
    const other = await founder("visitor");
    const admin = await founder("admin");
    await setRole(admin.user.id, "admin");

    const page = await visit(p.slug, "203.0.113.1", {}, "?utm_source=Newsletter&utm_medium=email&utm_campaign=launch");
    expect(page.status).toBe(200);
    // The page carries its view tag for the page cache (taken off by the request handler before it is sent).
    expect(page.headers.get("X-Page-Cache-Tag")).toBe(viewTag(p.pageId));
    await visit(p.slug, "203.0.113.1", { Referer: `${ORIGIN}/p/${p.slug}` }); // the same visitor again, from the page itself
    await visit(p.slug, "203.0.113.2", { Referer: "https://www.google.com/", "User-Agent": IPHONE });
    await visit(p.slug, "203.0.113.3", { Cookie: other.cookie }); // signed in, but not the owner: a visitor

    // Not visits:
    await visit(p.slug, "203.0.113.4", { Cookie: p.cookie }); // the owner
    await visit(p.slug, "203.0.113.5", { Cookie: admin.cookie }); // an admin
    await visit(p.slug, "203.0.113.6", {}, "", "HEAD");
    await visit(p.slug, "203.0.113.7", { "Sec-Purpose": "prefetch;prerender" });
    await visit(p.slug, "203.0.113.8", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

    await analyticsCollector().flush();
    expect(await totals(p.pageId)).toEqual({ views: 4, visitors: 3, leads: 0 });
    const report = await pageReport(p.pageId, 7);
    expect(report.totals).toEqual({ views: 4, visitors: 3, leads: 0 });
    // The first visitor's second view came from the page itself: it counts under their first source of the day. Ranked by visitors, then views.
    expect(report.sources.map((s) => [s.label, s.visitors, s.views])).toEqual([
      ["newsletter", 1, 2],
      ["Direct / none", 1, 1],
      ["google.com", 1, 1],
    ]);
    expect(report.campaigns.map((c) => c.label)).toEqual(["launch · newsletter · email"]);
    expect(Object.fromEntries(report.devices.map((d) => [d.label, d.views]))).toEqual({ desktop: 3, mobile: 1 });
    expect(report.daily.at(-1)).toMatchObject({ day: utcDay(new Date()), visitors: 3, views: 4 });
    expect(report.daily).toHaveLength(7);
  });

  it("counts nothing with ANALYTICS=off", async () => {
    const p = await publishedPage(`off-${Date.now()}`);
    process.env.ANALYTICS = "off";
    resetConfigForTests();
    expect((await visit(p.slug, "203.0.113.20")).status).toBe(200);
    await analyticsCollector().flush();
    expect(await totals(p.pageId)).toEqual({ views: 0, visitors: 0, leads: 0 });
  });
});

describe("the page cache's hit path", () => {
  const cached = (url: string, headers: Record<string, string>, method = "GET", remote = "192.0.2.50") =>
    ({ method, url, headers: { "user-agent": CHROME, host: "launchkit.test", ...headers }, socket: { remoteAddress: remote } }) as unknown as IncomingMessage;

  it("counts a cached page's GETs (304s included) with the referrer's host, not HEAD or bots", async () => {
    const pageId = `cache-${Date.now()}`;
    const tag = viewTag(pageId);
    countCachedPage(cached("/p/acme", { referer: "https://news.ycombinator.com/item?id=1" }), tag);
    countCachedPage(cached("/p/acme", { "if-none-match": 'W/"x"' }), tag); // the same visitor revalidating
    countCachedPage(cached("/p/acme", { referer: "http://launchkit.test/p/acme" }, "GET", "192.0.2.51"), tag);
    countCachedPage(cached("/p/acme", {}, "HEAD"), tag);
    countCachedPage(cached("/p/acme", { "user-agent": "curl/8.5.0" }), tag);
    countCachedPage(cached("/p/acme", {}), "not a view tag");
    await analyticsCollector().flush();
    expect(await totals(pageId)).toEqual({ views: 3, visitors: 2, leads: 0 });
    const sources = (await pageReport(pageId, 7)).sources.map((s) => [s.label, s.views]);
    // The revalidation sent no referrer: it is still the Hacker News visitor's view.
    expect(sources).toEqual([["news.ycombinator.com", 2], ["Direct / none", 1]]);
    // The same visitors again, after a flush (their hits' rows remembered before it are gone): views add, visitors do not.
    for (let i = 0; i < 5; i++) countCachedPage(cached("/p/acme", { referer: "https://news.ycombinator.com/item?id=1" }), tag);
    await analyticsCollector().flush();
    countCachedPage(cached("/p/acme", { referer: "https://news.ycombinator.com/item?id=1" }), tag);
    countCachedPage(cached("/p/acme", {}, "GET", "192.0.2.52"), tag);
    await analyticsCollector().flush();
    expect(await totals(pageId)).toEqual({ views: 10, visitors: 3, leads: 0 });
  });
});

async function postLeadFrom(pageId: string, ip: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const route = await import("~/routes/public/page-lead");
  const request = new Request(`${ORIGIN}/f/${pageId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": CHROME, ...headers },
  });
  return call(() => route.action(routeArgs(request, { pageId }, createRequestContext(ip))));
}

const leadRow = async (kitId: string, email: string) => (await getDb().select().from(leads).where(and(eq(leads.kitId, kitId), eq(leads.email, email))))[0];

describe("leads", () => {
  it("are conversions of their visitor: the lead row and the hourly row get the visitor's source, never the form's variant", async () => {
    const p = await publishedPage(`leads-${Date.now()}`);
    await visit(p.slug, "198.51.100.77", {}, "?utm_source=producthunt&utm_campaign=launch");
    // Posted before the visit was written (the same instance knows it) ...
    const first = await postLeadFrom(p.pageId, "198.51.100.77", { email: "ada@example.com", variant: "b" }, { Referer: `${ORIGIN}/p/${p.slug}?utm_source=producthunt&utm_campaign=launch` });
    expect(first.status).toBe(303);
    // No experiment runs on this page: a posted variant is not believed.
    expect(await leadRow(p.kit.id, "ada@example.com")).toMatchObject({ source: "producthunt", variant: null });
    await analyticsCollector().flush();
    // ... and after (looked up in analytics_visitors): another visitor, no variant field.
    await visit(p.slug, "198.51.100.78", { Referer: "https://twitter.com/someone/status/1" });
    await analyticsCollector().flush();
    expect((await getDb().select().from(analyticsVisitors).where(eq(analyticsVisitors.pageId, p.pageId))).map((v) => v.source).sort()).toEqual(["producthunt", "twitter.com"]);
    await postLeadFrom(p.pageId, "198.51.100.78", { email: "bob@example.com" }, { Referer: `${ORIGIN}/p/${p.slug}` });
    expect(await leadRow(p.kit.id, "bob@example.com")).toMatchObject({ source: "twitter.com", variant: null });
    // A second sign-up with the same address is no new lead: not counted again.
    await postLeadFrom(p.pageId, "198.51.100.78", { email: "bob@example.com" }, { Referer: `${ORIGIN}/p/${p.slug}` });
    // A variant field is ignored whatever it says.
    await postLeadFrom(p.pageId, "198.51.100.79", { email: "eve@example.com", variant: "<script>" }, { Referer: `${ORIGIN}/p/${p.slug}?utm_source=Mastodon` });
    expect(await leadRow(p.kit.id, "eve@example.com")).toMatchObject({ source: "mastodon", variant: null });
    await analyticsCollector().flush();

    expect(await totals(p.pageId)).toEqual({ views: 2, visitors: 2, leads: 3 });
    expect(await totals(p.pageId, and(eq(analyticsHourly.source, "producthunt"), eq(analyticsHourly.variant, "")))).toMatchObject({ leads: 1 });
    expect(await totals(p.pageId, eq(analyticsHourly.source, "twitter.com"))).toEqual({ views: 1, visitors: 1, leads: 1 });
    const report = await pageReport(p.pageId, 7);
    expect(report.sources.find((s) => s.label === "producthunt")).toMatchObject({ visitors: 1, leads: 1 });
    expect(report.campaigns.map((c) => [c.label, c.leads])).toEqual([["launch · producthunt", 1]]);
  });

  it("from a downloaded copy hosted elsewhere are counted as the downloaded copy's", async () => {
    const p = await publishedPage(`copy-${Date.now()}`);
    await postLeadFrom(p.pageId, "198.51.100.90", { email: "copy@example.com" }, { Referer: "https://founder-site.example/", Origin: "https://founder-site.example" });
    await analyticsCollector().flush();
    expect(await totals(p.pageId, eq(analyticsHourly.origin, "download"))).toEqual({ views: 0, visitors: 0, leads: 1 });
    expect(await leadRow(p.kit.id, "copy@example.com")).toMatchObject({ source: "" });
  });
});

describe("the downloaded copy", () => {
  async function pixel(file: string, ip: string, ua = CHROME, signature = "") {
    const route = await import("~/routes/public/pixel");
    const request = new Request(`${ORIGIN}/a/${file}${signature ? `?s=${signature}` : ""}`, { headers: { "User-Agent": ua, Referer: "https://founder-site.example/" } });
    return call(() => route.loader(routeArgs(request, { file }, createRequestContext(ip))));
  }

  it("counts through its 1×1 image, labelled as the downloaded copy's, without a source", async () => {
    const p = await publishedPage(`pixel-${Date.now()}`);
    const answer = await pixel(`${p.pageId}.gif`, "203.0.113.60", CHROME, pixelSignature(p.pageId));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/gif");
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    expect(answer.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    await pixel(`${p.pageId}.gif`, "203.0.113.61", CHROME, pixelSignature(p.pageId));
    await pixel(`${p.pageId}.gif`, "203.0.113.62", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", pixelSignature(p.pageId));
    expect((await pixel("nope-nope-nope.gif", "203.0.113.60")).status).toBe(404);
    expect((await pixel(`${p.pageId}.png`, "203.0.113.60")).status).toBe(404);
    await analyticsCollector().flush();
    expect(await totals(p.pageId, eq(analyticsHourly.origin, "download"))).toEqual({ views: 2, visitors: 2, leads: 0 });
    const report = await pageReport(p.pageId, 7);
    expect(report.origins.map((o) => [o.label, o.views])).toEqual([["Downloaded copy", 2]]);
    expect(report.sources).toEqual([]);
  });

  it("asks for the image at LaunchKit's trusted address only, never one taken from a request", async () => {
    const p = await publishedPage(`file-${Date.now()}`);
    const kit = (await getKit(p.kit.id))!;
    const img = (html: string | null) => html?.match(/<img src="([^"]+)" alt="" width="1" height="1">/)?.[1] ?? null;
    forgetTrustedOrigin();
    // No APP_URL, no confirmed address: an address from a request is not trusted, unless it is loopback.
    expect(img(await landingFileHtml(kit, { origin: "https://forged.example", watermark: false }))).toBeNull();
    expect(img(await landingFileHtml(kit, { origin: "http://127.0.0.1:3000", watermark: false }))).toBe(`http://127.0.0.1:3000/a/${p.pageId}.gif?s=${pixelSignature(p.pageId)}`);
    await confirmSiteOrigin("https://launchkit.example.com");
    try {
      expect(img(await landingFileHtml(kit, { origin: "https://forged.example", watermark: false }))).toBe(`https://launchkit.example.com/a/${p.pageId}.gif?s=${pixelSignature(p.pageId)}`);
      process.env.ANALYTICS = "off";
      resetConfigForTests();
      expect(img(await landingFileHtml(kit, { origin: "https://forged.example", watermark: false }))).toBeNull();
    } finally {
      const { appSettings } = await import("~/platform/db/schema");
      await getDb().delete(appSettings);
      forgetTrustedOrigin();
    }
  });
});

describe("the Analytics section", () => {
  async function section(cookie: string, kitId: string, days = "7") {
    const route = await import("~/routes/dashboard/workspace/analytics");
    const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/analytics?days=${days}`, { headers: { Cookie: cookie } });
    return call(() => route.loader(routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"))));
  }
  async function csv(cookie: string, kitId: string) {
    const route = await import("~/routes/dashboard/workspace/analytics-csv");
    const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/analytics.csv?days=30`, { headers: { Cookie: cookie } });
    return call(() => route.loader(routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"))));
  }

  it("shows every plan its totals, Pro the whole report and CSV, and another user a 404", async () => {
    const p = await publishedPage(`section-${Date.now()}`);
    await visit(p.slug, "192.0.2.80", {}, "?utm_source=newsletter");
    await visit(p.slug, "192.0.2.81");
    await postLeadFrom(p.pageId, "192.0.2.80", { email: "lead@example.com" }, { Referer: `${ORIGIN}/p/${p.slug}?utm_source=newsletter` });
    await analyticsCollector().flush();

    const free = await section(p.cookie, p.kit.id);
    expect(free.status).toBe(200);
    expect(free.data).toMatchObject({ full: false, totals: { visitors: 2, leads: 1 }, report: null, state: "live", days: 7 });
    const refused = await csv(p.cookie, p.kit.id);
    expect(refused.status).toBe(303);
    expect(refused.location).toContain("/upgrade?need=analytics");

    await adminSetPlan(p.user.id, p.user.id, "pro");
    const pro = await section(p.cookie, p.kit.id, "30");
    expect(pro.data).toMatchObject({ full: true, days: 30, report: { totals: { visitors: 2, views: 2, leads: 1 } } });
    const file = await csv(p.cookie, p.kit.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("text/csv");
    const lines = file.body.trim().split("\r\n");
    expect(lines[0]).toBe("date,visitors,views,leads,conversion_rate");
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${utcDay(new Date())},2,2,1,0.5000`);

    const stranger = await founder("stranger");
    expect((await section(stranger.cookie, p.kit.id)).status).toBe(404);
    expect((await csv(stranger.cookie, p.kit.id)).status).toBe(404);

    // The dashboard card's line: one query for every card.
    const week = await weekOfPublishedKits([p.kit.id, stranger.user.id]);
    expect(week.get(p.kit.id)).toEqual({ visitors: 2, leads: 1 });
    expect(week.size).toBe(1);
  });
});

describe("the report's days", () => {
  it("sum each UTC day's hours (the hours on both sides of midnight each in their own day), and nothing before the range", async () => {
    const p = await publishedPage(`days-${Date.now()}`);
    const now = new Date(Date.UTC(2026, 10, 26, 15, 30));
    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour));
    const rows: [Date, string, number][] = [
      [at(26, 0), "mobile", 1], // today, its first hour
      [at(26, 15), "desktop", 2],
      [at(25, 23), "mobile", 4], // yesterday's last hour
      [at(25, 0), "desktop", 8],
      [at(24, 12), "tablet", 16],
      [at(20, 23), "mobile", 32], // the range's first day (7 days: the 20th to the 26th)
      [at(19, 23), "mobile", 64], // the day before the range: not counted
    ];
    await getDb()
      .insert(analyticsHourly)
      .values(rows.map(([hour, device, visitors]) => ({ pageId: p.pageId, hour, origin: "page" as const, variant: "", source: "", medium: "", campaign: "", device, views: visitors * 2, visitors, leads: 0 })));
    const report = await pageReport(p.pageId, 7, now);
    expect(report.daily.map((d) => [d.day, d.visitors, d.views])).toEqual([
      ["2026-11-20", 32, 64],
      ["2026-11-21", 0, 0],
      ["2026-11-22", 0, 0],
      ["2026-11-23", 0, 0],
      ["2026-11-24", 16, 32],
      ["2026-11-25", 12, 24],
      ["2026-11-26", 3, 6],
    ]);
    expect(report.totals).toEqual({ visitors: 63, views: 126, leads: 0 });
    // The same page over two ranges: the placeholders of the prepared statements take each range's start.
    expect((await pageReport(p.pageId, 30, now)).totals.visitors).toBe(127);
    expect(Object.fromEntries(report.devices.map((d) => [d.label, d.visitors]))).toEqual({ mobile: 37, desktop: 10, tablet: 16 });
  });
});
