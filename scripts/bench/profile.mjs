// CPU profile of one page under load: `node scripts/bench/profile.mjs [/dashboard]`.
// Seeds a user with 50 kits, starts the production server with --cpu-prof,
// loads the page (signed in for /dashboard and /dashboard/*) with 50
// connections for BENCH_SECONDS, stops the server and prints where the time
// went: self time by function and by package, and total time under a few
// frames that answer "queries, serialisation or rendering?".
//
// `/dashboard/kits/:kit` (any path with `:kit`) first generates a whole kit
// with the builtin provider for that user and puts its id there (the kit
// workspace of a finished kit). `--render-cache=off` (or RENDER_CACHE_MB=0)
// profiles the miss path: every request rendered by React.
// BUILD_DIR=<dir> profiles another build (for example an older commit's).
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { generateOnce, seed, signIn, startServer, stopServer, tempDir, waitForKitIdle } from "./support.mjs";

let pathname = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "/dashboard";
const cacheOff = process.argv.includes("--render-cache=off") || process.env.RENDER_CACHE_MB === "0";
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dbPath = path.join(tempDir(), "profile.db");
await stopServer(await startServer(dbPath));
const [userId] = seed(dbPath, { kits: 50, users: 1 });
const db = new Database(dbPath);
const email = db.prepare("select email from users where id = ?").pluck().get(userId);
db.close();
const profDir = tempDir("launchkit-prof-");
const env = cacheOff ? { RENDER_CACHE_MB: "0" } : {};
if (pathname.includes(":kit")) {
  // A finished kit of this user, generated once before the profiled run.
  const setup = await startServer(dbPath, env);
  const kit = await generateOnce(setup.origin, await signIn(setup.origin, email), "A bakery that delivers sourdough by bike");
  if (kit.done !== "complete") throw new Error(`kit generation: ${kit.done}`);
  await waitForKitIdle(dbPath, kit.id);
  await stopServer(setup);
  pathname = pathname.replace(":kit", kit.id);
}
const server = await startServer(dbPath, env, ["--cpu-prof", `--cpu-prof-dir=${profDir}`]);
const headers = pathname.startsWith("/dashboard") ? { Cookie: await signIn(server.origin, email) } : {};
for (let i = 0; i < 100; i++) await (await fetch(`${server.origin}${pathname}`, { headers })).arrayBuffer();
const child = spawn(process.execPath, ["scripts/bench/load.mjs", JSON.stringify({ url: `${server.origin}${pathname}`, headers, duration: seconds })], { stdio: ["ignore", "pipe", "inherit"] });
let out = "";
child.stdout.on("data", (d) => (out += d));
await new Promise((r) => child.on("exit", r));
await stopServer(server);
const result = JSON.parse(out);
const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8"));

// Self time per node from the samples.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
let total = 0;
for (const v of self.values()) total += v;
const idle = [...self].filter(([id]) => ["(idle)", "(program)"].includes(byId.get(id).callFrame.functionName)).reduce((s, [, v]) => s + v, 0);
const busy = total - idle;
const where = (cf) => {
  const url = cf.url || "";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith("node:")) return "node";
  if (url.includes("/build/server/")) return "app (server build)";
  return url ? path.basename(url) : cf.functionName || "(native)";
};
const sum = (keyOf) => {
  const m = new Map();
  for (const [id, v] of self) {
    const n = byId.get(id);
    if (["(idle)", "(program)"].includes(n.callFrame.functionName)) continue;
    const k = keyOf(n.callFrame);
    m.set(k, (m.get(k) ?? 0) + v);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
};
const pct = (v) => `${((100 * v) / busy).toFixed(1)}%`;
console.log(`\n${pathname}${cacheOff ? " (render cache off)" : ""}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms; CPU busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled`);
console.log(`CPU per request: ${(busy / 1e3 / (result.rps * seconds)).toFixed(2)} ms`);
console.log("\nSelf time by package:");
for (const [k, v] of sum(where).slice(0, 12)) console.log(`  ${pct(v).padStart(6)}  ${k}`);
console.log("\nSelf time by function:");
for (const [k, v] of sum((cf) => `${cf.functionName || "(anonymous)"} ${where(cf)}:${cf.lineNumber + 1}`).slice(0, 25)) console.log(`  ${pct(v).padStart(6)}  ${k}`);

// Inclusive time under frames whose names say what the work is.
const inclusive = (test) => {
  let t = 0;
  for (const [id, v] of self) {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      if (test(byId.get(cur).callFrame)) {
        t += v;
        break;
      }
    }
  }
  return t;
};
const frames = {
  "React rendering (renderToString and below)": (cf) => /^(renderToString|renderToPipeableStream|performWork|renderNodeDestructive|retryTask)$/.test(cf.functionName),
  "loader data serialisation (turbo-stream encode)": (cf) => /^(encode|stringify|flatten)$/.test(cf.functionName) && /turbo|react-router/.test(cf.url),
  "SQLite (better-sqlite3 calls)": (cf) => /better-sqlite3/.test(cf.url) || /^(all|get|run|prepare)$/.test(cf.functionName) && cf.url === "",
  "session lookup (getSession)": (cf) => cf.functionName === "getSession",
  "cookie signature (crypto)": (cf) => /unsign|sign|createHmac|timingSafeEqual/.test(cf.functionName),
  "garbage collection": (cf) => cf.functionName === "(garbage collector)",
};
console.log("\nTotal time under:");
for (const [label, test] of Object.entries(frames)) console.log(`  ${pct(inclusive(test)).padStart(6)}  ${label}`);
console.log(`\nprofile: ${path.join(profDir, file)} (open in Chrome DevTools > Performance)`);
process.exit(0);
