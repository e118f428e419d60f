// npm run bench: measures LaunchKit on this machine and prints one table.
// Everything runs on loopback against the production build, with a fake
// OpenAI server for generation. Figures, not assertions.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { startFakeOpenAI } from "../../tests/support/fake-openai.mjs";
import { measureCsv } from "./csv-memory.mjs";
import { PASSWORD, freePort, seed, signIn, startServer, stopServer, tempDir } from "./support.mjs";

const rows = [];
const row = (area, metric, value, note = "") => {
  rows.push({ area, metric, value, note });
  console.log(`  ${area} | ${metric}: ${value}${note ? ` (${note})` : ""}`);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 1) => Number(n).toFixed(d);

async function load(url, headers = {}) {
  const r = await autocannon({ url, connections: 50, duration: 5, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** node's own http + fs serving the same bytes: the baseline. */
async function staticServer(file) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

async function assetBytes(origin, pathname, cookie) {
  const html = await (await fetch(`${origin}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from\s*"([^"]+\.js)"|src="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1] ?? m[2] ?? m[3]);
  let js = 0;
  let css = 0;
  for (const u of urls) {
    if (!u.startsWith("/")) continue;
    const buf = Buffer.from(await (await fetch(`${origin}${u}`)).arrayBuffer());
    const gz = zlib.gzipSync(buf, { level: 6 }).length;
    if (u.endsWith(".css")) css += gz;
    else js += gz;
  }
  return { js, css, files: urls.size };
}

async function pages() {
  console.log("\n[1/5] Pages under load (50 connections, 5 s each)");
  const dbPath = path.join(tempDir(), "pages.db");
  await stopServer(await startServer(dbPath));
  const [userId] = seed(dbPath, { kits: 50, users: 1 });
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(dbPath);
  const email = db.prepare("select email from users where id = ?").pluck().get(userId);
  db.close();
  const dir = tempDir();
  const measure = async (server, label, pathname, headers) => {
    const app = await load(`${server.origin}${pathname}`, headers);
    const html = await (await fetch(`${server.origin}${pathname}`, { headers })).text();
    const file = path.join(dir, "page.html");
    fs.writeFileSync(file, html);
    const baseline = await staticServer(file);
    const stat = await load(baseline.url);
    await baseline.close();
    row("pages", `${label} req/s`, fmt(app.rps, 0), `static ${fmt(stat.rps, 0)}, ratio ${fmt(app.rps / stat.rps, 2)}${app.errors ? `, ${app.errors} errors` : ""}`);
    row("pages", `${label} p99 ms`, fmt(app.p99, 0), `static ${fmt(stat.p99, 0)}`);
  };
  // Before/after the anonymous page cache, side by side.
  for (const [seconds, tag] of [["0", "cache off"], ["60", "cache on"]]) {
    const server = await startServer(dbPath, { PAGE_CACHE_SECONDS: seconds });
    await measure(server, `/ anonymous, ${tag}`, "/", {});
    await measure(server, `/pricing anonymous, ${tag}`, "/pricing", {});
    await stopServer(server);
  }
  const server = await startServer(dbPath);
  const cookie = await signIn(server.origin, email);
  await measure(server, "/dashboard (50 kits)", "/dashboard", { Cookie: cookie });
  console.log("\n[2/5] First-visit JS and CSS (gzip)");
  for (const [label, pathname, c] of [["/", "/", null], ["/dashboard", "/dashboard", cookie]]) {
    const b = await assetBytes(server.origin, pathname, c);
    row("bytes", `${label} JS gzip KB`, fmt(b.js / 1024), `${b.files} files`);
    row("bytes", `${label} CSS gzip KB`, fmt(b.css / 1024));
  }
  await stopServer(server);
}

async function signupCookie(origin, email) {
  const res = await fetch(`${origin}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: new URLSearchParams({ name: "Bench", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }),
  });
  return res.headers.get("set-cookie").split(";")[0];
}

/** Submits a kit (no-JS form post) and follows its SSE stream; returns timings in ms. */
async function generateOnce(origin, cookie, idea) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/wizard`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
    body: new URLSearchParams({ idea, audience: "Bench users", tone: "bold", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" }),
  });
  const id = res.headers.get("location")?.split("/").pop();
  if (!id) throw new Error(`generate failed: ${res.status}`);
  const events = await fetch(`${origin}/kits/${id}/events`, { headers: { Cookie: cookie } });
  let firstEvent = null;
  let promptEvents = 0;
  let done = null;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of events.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const type = block.match(/^event: (.+)$/m)?.[1];
      if (!type) continue;
      firstEvent ??= performance.now() - t0;
      if (type === "prompt") promptEvents++;
      if (type === "complete" || type === "failed") done = type;
    }
    if (done) break;
  }
  return { id, firstEvent, total: performance.now() - t0, promptEvents, done };
}

async function generation() {
  console.log("\n[3/5] Generation pipeline (fake OpenAI on loopback)");
  const fake = await startFakeOpenAI();
  const loopFile = path.join(tempDir(), "loop.json");
  const dbPath = path.join(tempDir(), "gen.db");
  const server = await startServer(
    dbPath,
    { OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: fake.baseURL, AI_PROVIDER: "openai", AI_MAX_RETRIES: "0", BENCH_LOOP_FILE: loopFile, TRUST_PROXY: "true" },
    ["--import", "./scripts/bench/loop-monitor.mjs"],
  );
  const cookie = await signupCookie(server.origin, "gen-bench@bench.test");
  const first = [];
  const overhead = [];
  for (let i = 0; i < 20; i++) {
    const tag = `benchtag${i}x`;
    fake.reset();
    const r = await generateOnce(server.origin, cookie, `Zero latency ${tag} kit`);
    const provider = fake.requests.reduce((s, q) => s + (q.durationMs ?? 0), 0);
    first.push(r.firstEvent);
    overhead.push(r.total - provider);
  }
  row("generation", "submit → first SSE event, median ms", fmt(median(first)), "20 runs");
  row("generation", "pipeline overhead (total − provider), median ms", fmt(median(overhead)), "zero-latency fake");

  // 50 at once, each with a ~2 s provider (prompt streamed over ~1.7 s, concept and image 0.3 s).
  fake.reset();
  fake.setDefault("chat", { delayMs: 300, chunkDelayMs: 60, chunkSize: 20 });
  fake.setDefault("images", { delayMs: 300 });
  const cookies = [];
  for (let i = 0; i < 50; i++) cookies.push(await signupCookie(server.origin, `conc${i}@bench.test`));
  server.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  const results = await Promise.all(cookies.map((c, i) => generateOnce(server.origin, c, `Concurrent kit number ${i}`)));
  const wall = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300));
  const loop = JSON.parse(fs.readFileSync(loopFile, "utf8"));
  const completed = results.filter((r) => r.done === "complete" && r.promptEvents > 0).length;
  row("generation", "50 concurrent (~2 s provider): completed with events", `${completed}/50`, `wall ${fmt(wall / 1000, 2)} s`);
  row("generation", "max event-loop delay during the 50, ms", fmt(loop.maxMs), `p99 ${fmt(loop.p99Ms)} ms`);
  await stopServer(server);
  await fake.close();
}

async function timeRequests(url, headers, n = 20) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url, { headers })).text();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function bigTable() {
  console.log("\n[4/5] 100,000 kits");
  const dbPath = path.join(tempDir(), "big.db");
  await stopServer(await startServer(dbPath));
  seed(dbPath, { kits: 99_000, users: 100, admin: "admin@bench.test" });
  const [heavyUser] = seed(dbPath, { kits: 1_000, users: 1 });
  const db = (await import("better-sqlite3")).default(dbPath);
  const heavyEmail = db.prepare("select email from users where id = ?").pluck().get(heavyUser);
  db.close();
  const server = await startServer(dbPath);
  const admin = await signIn(server.origin, "admin@bench.test");
  const user = await signIn(server.origin, heavyEmail);
  row("100k kits", "admin first page, median ms", fmt(await timeRequests(`${server.origin}/admin`, { Cookie: admin })));
  row("100k kits", "admin ?status=exported page 50, median ms", fmt(await timeRequests(`${server.origin}/admin?status=exported&page=50`, { Cookie: admin })));
  row("100k kits", "dashboard of a user with 1,000 kits, median ms", fmt(await timeRequests(`${server.origin}/dashboard`, { Cookie: user })));
  await stopServer(server);
}

async function csv() {
  console.log("\n[5/5] CSV export");
  const small = await measureCsv(10_000);
  const big = await measureCsv(100_000);
  row("csv", "10k rows/s", fmt(small.rowsPerSecond, 0), `peak RSS ${fmt(small.peak)} MiB`);
  row("csv", "100k rows/s", fmt(big.rowsPerSecond, 0), `peak RSS ${fmt(big.peak)} MiB`);
  row("csv", "peak RSS 100k / 10k", fmt(big.peak / small.peak, 2), "goal ≤ 1.20");
}

const only = process.argv[2];
const sections = { pages, generation, bigTable, csv };
for (const [name, fn] of Object.entries(sections)) if (!only || only === name) await fn();

const w = [Math.max(...rows.map((r) => r.area.length)), Math.max(...rows.map((r) => r.metric.length)), Math.max(...rows.map((r) => String(r.value).length))];
console.log("\nLaunchKit benchmark (this machine, loopback)\n");
console.log(`${"area".padEnd(w[0])} | ${"metric".padEnd(w[1])} | ${"value".padStart(w[2])} | notes`);
console.log(`${"-".repeat(w[0])}-|-${"-".repeat(w[1])}-|-${"-".repeat(w[2])}-|------`);
for (const r of rows) console.log(`${r.area.padEnd(w[0])} | ${r.metric.padEnd(w[1])} | ${String(r.value).padStart(w[2])} | ${r.note}`);
process.exit(0);
