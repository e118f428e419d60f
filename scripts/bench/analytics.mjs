// The published page with counting on, for `npm run bench`:
// the page as browsers ask for it (a browser's user agent, so every request
// is a visit: bots are not counted), beside node's http serving the same
// bytes; then the count check: a server of its own on the same database
// answers exactly BENCH_COUNT_REQUESTS requests, is stopped with SIGTERM
// (which writes what its last flush interval gathered), and the views
// stored for those requests must equal the number the load generator
// completed.
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { startServer, stopServer } from "./support.mjs";

export const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const COUNT_REQUESTS = Number(process.env.BENCH_COUNT_REQUESTS ?? 20_000);

/** Marks an account's e-mail address as confirmed (what its confirmation link does), so it may publish. */
export function confirmInDatabase(dbPath, email) {
  const db = new Database(dbPath);
  try {
    db.prepare("update users set email_confirmed_at = ? where email = ?").run(Date.now(), email);
  } finally {
    db.close();
  }
}

function loadExactly(url, headers, amount, connections = 50) {
  const child = spawn(process.execPath, ["scripts/bench/load.mjs", JSON.stringify({ url, headers, connections, amount })], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  return new Promise((resolve) => child.on("exit", () => resolve(JSON.parse(out))));
}

/**
 * `measure` and `row` are run.mjs's; the server `measure` uses serves
 * `dbPath` with the page published at /p/<slug> (in its page cache after the
 * first request); `uncounted` is `measure`'s result for the same page asked
 * without a user agent (not a visit: nothing is counted).
 */
export async function countedLandingPage({ measure, row, dbPath, slug, uncounted }) {
  const pathname = `/p/${slug}`;
  // A referrer of its own, so these views can be told from the others on the page.
  const counted = await measure(`${pathname} counted (a browser's user agent, counting on)`, pathname, { "User-Agent": CHROME, Referer: "https://bench-load.example/" }, {
    goals: { rps: "goal ≥ 70% of node http", p99: "goal < 20" },
  });
  row("analytics", "counted page: share of node http", `${Math.round((100 * counted.app.rps) / counted.node.rps)}%`, "goal ≥ 70%");
  if (uncounted?.app.cpuPerRequest && counted.app.cpuPerRequest) {
    const [a, b] = [uncounted.app.cpuPerRequest, counted.app.cpuPerRequest];
    row("analytics", "server CPU µs per request: not counted (no user agent) / counted", `${Math.round(a * 1000)} / ${Math.round(b * 1000)}`, `counting adds ${Math.round(((b - a) / a) * 100)}%`);
  }

  const server = await startServer(dbPath);
  const source = "bench-count.example";
  // A visitor of its own (another browser version): a visitor's views all count under the source of their
  // first visit of the day, and the same address and browser came from bench-load.example above.
  const userAgent = CHROME.replace("Chrome/131.", "Chrome/130.");
  const r = await loadExactly(`${server.origin}${pathname}`, { "User-Agent": userAgent, Referer: `https://${source}/` }, COUNT_REQUESTS);
  await stopServer(server);
  const db = new Database(dbPath, { readonly: true });
  const views = db
    .prepare("select coalesce(sum(h.views), 0) from analytics_hourly h join landing_pages p on p.page_id = h.page_id where p.slug = ? and h.source = ?")
    .pluck()
    .get(slug, source);
  db.close();
  const same = views === r.ok && r.ok === r.total;
  row("analytics", "count check: requests completed (2xx) / views stored", `${r.ok} / ${views}`, `${same ? "equal" : "NOT EQUAL"}; ${COUNT_REQUESTS} asked, ${r.total} answered, stopped with SIGTERM right after`);
  if (!same) process.exitCode = 1;
}
