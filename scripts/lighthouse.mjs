// npm run lighthouse: Lighthouse (its default mobile settings: simulated
// slow 4G and a 4× slower CPU) on the production build, with the system
// Chromium, and one table of scores. Not part of `npm test`.
//
//   npm run lighthouse                      # /, /pricing, /signin and a published landing page it makes
//   npm run lighthouse -- --no-landing      # /, /pricing, /signin only
//   npm run lighthouse -- /p/some-slug /about
//   npm run lighthouse -- /about --landing  # those and a published landing page it makes
//   LIGHTHOUSE_RUNS=3 npm run lighthouse    # the median run of three per page
//
// Each page is loaded once before it is measured, as a visitor who is not
// the first would find it (the page cache filled).
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { confirmInDatabase } from "./bench/analytics.mjs";
import { generateOnce, publishLandingPage, signupCookie, startServer, stopServer, tempDir } from "./bench/support.mjs";

const pages = process.argv.slice(2).filter((a) => a.startsWith("/"));
// The published page is measured unless pages were named or --no-landing is given (or the server is not ours to make a kit on).
const landing = process.argv.includes("--landing") || (pages.length === 0 && !process.argv.includes("--no-landing") && !process.env.LIGHTHOUSE_ORIGIN);
if (pages.length === 0) pages.push("/", "/pricing", "/signin");
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const dbPath = path.join(tempDir("launchkit-lighthouse-"), "lighthouse.db");
const server = process.env.LIGHTHOUSE_ORIGIN ? { origin: process.env.LIGHTHOUSE_ORIGIN } : await startServer(dbPath);
// A kit generated with the builtin provider, its landing page published, measured too.
if (landing) {
  const email = `lighthouse-${Date.now()}@bench.test`;
  const cookie = await signupCookie(server.origin, email);
  // Publishing needs a confirmed address: confirmed in the database, as its confirmation link would (a server of ours only).
  if (server.child) confirmInDatabase(dbPath, email);
  const kit = await generateOnce(server.origin, cookie, "A bakery that delivers sourdough by bike");
  if (kit.done !== "complete") throw new Error(`landing page kit: ${kit.done}`);
  const slug = await publishLandingPage(server.origin, cookie, kit.id, "lighthouse-landing");
  // As a founder who wants the page found: "let search engines index it" ticked.
  const settings = await fetch(`${server.origin}/dashboard/kits/${kit.id}/website`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, Cookie: cookie },
    body: new URLSearchParams({ intent: "save-settings", indexable: "on" }),
  });
  if (settings.status !== 303) throw new Error(`landing page settings: ${settings.status}`);
  pages.push(`/p/${slug}`);
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const rows = [];
try {
  for (const pathname of pages) {
    const url = `${server.origin}${pathname}`;
    await (await fetch(url)).arrayBuffer();
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      results.push(lhr);
      // LIGHTHOUSE_SAVE=dir keeps every report, to read what a long task was.
      if (process.env.LIGHTHOUSE_SAVE) {
        fs.mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        const name = `${pathname.replace(/[^a-z0-9]+/gi, "_")}-${i + 1}.json`;
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
      }
    }
    // A run whose trace failed ("Please run Lighthouse again") has no score: the median is of the others.
    let scored = results.filter((r) => typeof r.categories.performance.score === "number");
    for (const r of results) if (!scored.includes(r)) console.error(`${pathname}: a run had no performance score: ${r.runtimeError?.message ?? r.runWarnings?.join("; ") ?? "no reason given"}`);
    // A lone failed trace is Lighthouse's (its trace engine), not the page's: one more try.
    if (scored.length === 0) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      scored = typeof lhr.categories.performance.score === "number" ? [lhr] : [];
    }
    if (scored.length === 0) throw new Error(`${pathname}: no run produced a performance score`);
    scored.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = scored[Math.floor(scored.length / 2)];
    const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
    const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
    // Everything that cost a point, or that Lighthouse flags as an opportunity.
    const flagged = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && !["manual", "notApplicable", "informative"].includes(a.scoreDisplayMode))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}${a.explanation ? ` [${a.explanation}]` : ""}`);
    rows.push({
      page: pathname,
      perf: score("performance"),
      a11y: score("accessibility"),
      bp: score("best-practices"),
      seo: score("seo"),
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      flagged,
      version: lhr.lighthouseVersion,
    });
  }
} finally {
  await chrome.kill();
  if (server.child) await stopServer(server);
}

console.log(`\nLighthouse ${rows[0]?.version} (mobile defaults, ${runs === 1 ? "one run" : `median of ${runs} runs`} per page; goal 100/100/100/100, FCP ≤ 1.0 s, TBT ≤ 150 ms)\n`);
const head = ["page", "perf", "a11y", "best pr.", "SEO", "FCP s", "LCP s", "TBT ms", "CLS"];
const table = rows.map((r) => [r.page, r.perf, r.a11y, r.bp, r.seo, (r.fcp / 1000).toFixed(2), (r.lcp / 1000).toFixed(2), r.tbt.toFixed(0), r.cls.toFixed(3)].map(String));
const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ");
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
for (const t of table) console.log(line(t));
for (const r of rows) if (r.flagged.length) console.log(`\n${r.page} flagged: ${r.flagged.join("; ")}`);
process.exit(0);
