// `npm run test:cluster`: LaunchKit as several instances on PostgreSQL, with
// real parts only: PostgreSQL from Debian's package in a temporary directory,
// three instances of the production build on 127.0.0.11, .12 and .13, haproxy
// from Debian in front (round-robin, no sticky sessions) and the fake OpenAI
// server answering every call after 2 seconds. Through the proxy it:
//   1. signs up and signs in (each request may land on another instance);
//   2. starts 20 generations while SSE streams are held through the proxy;
//   3. SIGKILLs the instance running the most jobs mid-generation; every kit
//      must still complete on the others, with exactly one of each asset;
//   4. checks that the 6th failed sign-in for one e-mail is refused whichever
//      instance gets it, then sends SIGTERM to an instance running a step: it
//      must hand the step back and exit 0 within 10 s, and the kit complete;
//   5. runs the fault steps (FAULT_STEPS below), each with 20 new kits
//      generating: PostgreSQL restarted mid-generation; the SMTP server
//      unreachable for a minute while e-mails fall due;
//   6. prints requests/s for /dashboard (50 kits) through 1 and 3 instances,
//      and how long the orphaned jobs took to resume.
// Mail goes through the outbox to a real SMTP server (tests/support/smtp-sink.mjs)
// behind a TCP gate the SMTP fault closes. Exits 1 on any lost, stuck or
// duplicated kit, asset or e-mail; always cleans up.
// Needs a production build (`npm run build`) and Debian's postgresql + haproxy.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startFakeOpenAI } from "../tests/support/fake-openai.mjs";
import { startSmtpSink } from "../tests/support/smtp-sink.mjs";
import { databaseUrl, freePort, startPostgres } from "./lib/postgres.mjs";

const HOSTS = ["127.0.0.11", "127.0.0.12", "127.0.0.13"];
const KITS = 20;
const USERS = 7; // at most 3 generating per user
const LATENCY_MS = 2000;
const PASSWORD = "Cluster-password-1";
const SESSION_SECRET = crypto.randomBytes(32).toString("hex");
/** How often each instance looks for due scheduled work here (5 minutes in production). */
const SCHEDULE_TICK_MS = 2000;

const cleanups = [];
const children = new Set();
/** Every instance started, for the logs printed when the run fails. */
const startedInstances = [];
let failed = false;

function log(...args) {
  console.log(`[cluster ${new Date().toISOString().slice(11, 23)}]`, ...args);
}
function fail(message) {
  failed = true;
  console.error(`FAIL: ${message}`);
}
function check(condition, message) {
  if (!condition) fail(message);
  return condition;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function cleanup() {
  for (const child of children) child.kill("SIGKILL");
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error("cleanup:", error.message);
    }
  }
}
// A crash anywhere still stops every process this script started.
process.on("uncaughtException", async (error) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

function haproxyBin() {
  for (const p of [process.env.HAPROXY_BIN, "/usr/sbin/haproxy", "/usr/local/sbin/haproxy"]) if (p && fs.existsSync(p)) return p;
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("haproxy not found: install Debian's haproxy package.");
  }
}

// ---- Processes -----------------------------------------------------------------

function startInstance(host, port, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-cluster-app-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, ...env, HOST: host, PORT: String(port), DATABASE_PATH: path.join(dataDir, "unused.db"), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  const instance = { host, port, child, pid: child.pid, output: "" };
  startedInstances.push(instance);
  // Request lines aside (one per request), what the instance said: kept for the report of a failed run.
  const keep = (d) => (instance.output = (instance.output + String(d).replace(/^(GET|POST|HEAD) \S+ \d{3} [\d.]+ms\n/gm, "")).slice(-20_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return instance;
}

async function waitHealthy(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return await res.text();
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} not healthy within ${ms} ms`);
}

async function startHaproxy(servers, ports) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-haproxy-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const conf = [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  timeout tunnel 120s",
    "  option forwardfor",
    "  option http-server-close",
    "  retries 2",
    "  option redispatch",
    // Round-robin over all three instances, no stickiness.
    `frontend all`,
    `  bind 127.0.0.1:${ports.all}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk GET /healthz",
    ...servers.map((s, i) => `  server app${i + 1} ${s.host}:${s.port} check inter 1s fall 2 rise 1`),
    // The same proxy in front of one instance, for the 1-versus-3 figure.
    `frontend one`,
    `  bind 127.0.0.1:${ports.one}`,
    "  default_backend single",
    "backend single",
    `  server app1 ${servers[0].host}:${servers[0].port}`,
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "haproxy.cfg"), conf);
  const child = spawn(haproxyBin(), ["-db", "-f", path.join(dir, "haproxy.cfg")], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stderr.on("data", (d) => (output += d));
  child.stdout.on("data", (d) => (output += d));
  cleanups.push(() => child.kill("SIGKILL"));
  await waitHealthy(`http://127.0.0.1:${ports.all}/healthz`, 20_000).catch((e) => {
    throw new Error(`${e.message}\n${output}`);
  });
  return child;
}

/**
 * A TCP gate in front of the SMTP sink, on a port of its own: `close()` stops
 * listening and cuts every connection (the SMTP server is unreachable,
 * connections are refused), `open()` listens again on the same port.
 */
async function startTcpGate(targetPort) {
  const port = await freePort();
  const sockets = new Set();
  let server = null;
  const gate = {
    port,
    open: () =>
      new Promise((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(targetPort, "127.0.0.1");
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s));
            s.on("error", () => {
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream);
          upstream.pipe(client);
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
  await gate.open();
  return gate;
}

/** Every message the SMTP sink received: recipient, subject, Message-ID. */
function mailsReceived(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const { to, raw } = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
      const header = (name) => new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "mi").exec(raw)?.[1].replace(/\r?\n[ \t]+/g, " ").trim();
      return { to: to[0], subject: header("Subject") ?? "", messageId: header("Message-ID") ?? "" };
    });
}

// ---- HTTP through the proxy ------------------------------------------------------

const agent = new http.Agent({ keepAlive: false });

function request(base, pathname, { method = "GET", cookie, form, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const req = http.request(
      new URL(pathname, base),
      {
        method,
        agent,
        headers: {
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: base } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

function cookieOf(res) {
  const set = res.headers["set-cookie"];
  return set?.[0]?.split(";")[0];
}

/**
 * An EventSource-like reader of /kits/<id>/events: reconnects after a lost
 * connection (an instance killed), as the app's pages do, and records every
 * event. `first` sends the first connection straight to one instance; every
 * reconnect goes through `base` (the proxy).
 */
function holdStream(base, kitId, cookie, { first } = {}) {
  const stream = { kitId, events: [], connections: 0, done: false, assets: new Map(), complete: false, hinted: false, trace: [] };
  let stopped = false;
  const connect = () => {
    if (stopped || stream.done) return;
    stream.connections++;
    const req = http.get(new URL(`/kits/${kitId}/events`, stream.connections === 1 && first ? first : base), { agent, headers: { Cookie: cookie, Accept: "text/event-stream" } }, (res) => {
      stream.trace.push(`${stream.connections}:${res.statusCode}`);
      if (res.statusCode !== 200) {
        res.resume();
        return setTimeout(connect, 500);
      }
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^: this instance is shutting down/m.test(block)) stream.hinted = true;
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!type || !data) continue;
          const payload = JSON.parse(data);
          stream.events.push({ type, payload, connection: stream.connections });
          if (type === "snapshot") {
            for (const [kind, a] of Object.entries(payload.assets)) stream.assets.set(kind, a);
            if (payload.done && !payload.error) stream.complete = true;
          }
          if (type === "asset") stream.assets.set(payload.kind, payload);
          if (type === "complete") stream.complete = true;
        }
      });
      res.on("end", () => {
        stream.trace.push(`end(${stream.events.length} events${stream.hinted ? ", hinted" : ""})`);
        const pending = [...stream.assets.values()].some((a) => a.status === "queued" || a.status === "generating");
        if (stream.complete && !pending) stream.done = true;
        else setTimeout(connect, 500);
      });
      res.on("error", (e) => {
        stream.trace.push(`error(${e.message})`);
        setTimeout(connect, 500);
      });
    });
    req.on("error", (e) => {
      stream.trace.push(`req-error(${e.message})`);
      setTimeout(connect, 500);
    });
  };
  connect();
  stream.stop = () => (stopped = true);
  return stream;
}

async function measure(base, cookie, seconds = 5, concurrency = 16) {
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let count = 0;
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await new Promise((resolve) => {
          const req = http.get(new URL("/dashboard", base), { agent: keepAlive, headers: { Cookie: cookie } }, (res) => {
            res.resume();
            res.on("end", () => {
              if (res.statusCode === 200) count++;
              else errors++;
              resolve();
            });
          });
          req.on("error", () => {
            errors++;
            resolve();
          });
        });
      }
    }),
  );
  keepAlive.destroy();
  return { rps: count / seconds, errors };
}

// ---- Kits and mail, shared by the steps ---------------------------------------------

const WIZARD = { audience: "Busy dog owners", tone: "friendly", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" };
const CONFIRM_SUBJECT = "Confirm your e-mail address for LaunchKit";
const RESET_SUBJECT = "Reset your LaunchKit password";

/** KITS generations through the proxy, spread over the founders, each with an SSE stream held through the proxy. */
async function startKits(ctx, label) {
  const kits = [];
  for (let k = 0; k < KITS; k++) {
    const user = ctx.users[k % USERS];
    const res = await request(ctx.base, "/wizard", { method: "POST", cookie: user.cookie, form: { idea: `${label} kit ${k}: mobile dog grooming for busy owners`, ...WIZARD } });
    const kitId = /\/dashboard\/kits\/([\w-]+)/.exec(res.headers.location ?? "")?.[1];
    if (!check(res.status === 303 && kitId, `${label} kit ${k}: wizard answered ${res.status} ${res.text.slice(0, 200)}`)) continue;
    kits.push({ id: kitId, user, stream: holdStream(ctx.base, kitId, ctx.users[k % USERS].cookie) });
  }
  return kits;
}

/** A query of the test's own that may meet PostgreSQL restarting: null then. */
async function tryQuery(ctx, text, params) {
  try {
    return (await ctx.db.query(text, params)).rows;
  } catch {
    return null;
  }
}

/** Waits until the kits are completed, their jobs gone and their streams ended; true when all did within `ms`. */
async function waitKitsDone(ctx, kits, ms) {
  const ids = kits.map((k) => k.id);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const busy = await tryQuery(ctx, "select (select count(*)::int from launch_kits where id = any($1) and status <> 'completed') + (select count(*)::int from jobs where kit_id = any($1)) as n", [ids]);
    if (busy && busy[0].n === 0 && kits.every((k) => k.stream.done)) return true;
    await sleep(250);
  }
  return false;
}

/**
 * Each kit completed with exactly one of each asset, each generated once
 * (version 1), one logo image; its stream saw it all, and a stream that
 * stayed connected got each asset's own "ready" event. Stops the streams.
 */
async function checkKits(ctx, kits, label) {
  for (const kit of kits) {
    const row = (await ctx.db.query("select status from launch_kits where id = $1", [kit.id])).rows[0];
    check(row?.status === "completed", `${label}: kit ${kit.id} is ${row?.status ?? "lost"}`);
    const assets = (await ctx.db.query("select kind, status, version from kit_assets where kit_id = $1 order by kind", [kit.id])).rows;
    check(assets.length === ctx.kinds.length, `${label}: kit ${kit.id} has ${assets.length} assets, expected ${ctx.kinds.length}`);
    for (const a of assets) {
      check(a.status === "ready", `${label}: kit ${kit.id} ${a.kind} is ${a.status}`);
      check(a.version === 1, `${label}: kit ${kit.id} ${a.kind} was generated ${a.version} times`);
    }
    const logo = (await ctx.db.query("select count(*)::int as n from logo_images where kit_id = $1", [kit.id])).rows[0].n;
    check(logo === 1, `${label}: kit ${kit.id} has ${logo} logo images`);
    const stream = kit.stream;
    check(stream.complete, `${label}: the stream of kit ${kit.id} never saw the kit complete (${stream.trace.join(" ")})`);
    for (const a of assets) {
      const seen = stream.assets.get(a.kind);
      check(seen?.status === "ready" && seen.version === a.version, `${label}: the stream of kit ${kit.id} ended with ${a.kind} ${seen?.status ?? "unseen"}`);
    }
    if (stream.connections === 1) {
      for (const a of assets) {
        check(stream.events.some((e) => e.type === "asset" && e.payload.kind === a.kind && e.payload.status === "ready"), `${label}: kit ${kit.id}: no "${a.kind} ready" event on an unbroken stream`);
      }
    }
    stream.stop();
  }
  return { reconnected: kits.filter((k) => k.stream.connections > 1).length };
}

/** Counts an e-mail the run expects the SMTP server to receive (once more for this recipient and subject). */
function expectMail(ctx, to, subject) {
  const key = `${to.toLowerCase()}|${subject}`;
  ctx.expectedMail.set(key, (ctx.expectedMail.get(key) ?? 0) + 1);
}

/** Expected e-mails not (yet) received, and any received more often than expected or with a Message-ID seen twice. */
function mailTally(ctx) {
  const received = mailsReceived(ctx.mailDir);
  const counts = new Map();
  for (const m of received) {
    const key = `${m.to.toLowerCase()}|${m.subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const missing = [];
  const extra = [];
  for (const [key, n] of ctx.expectedMail) {
    const got = counts.get(key) ?? 0;
    if (got < n) missing.push(`${key} (${got} of ${n})`);
    if (got > n) extra.push(`${key} (${got}, expected ${n})`);
  }
  for (const [key, got] of counts) if (!ctx.expectedMail.has(key)) extra.push(`${key} (${got}, not expected)`);
  const ids = new Map();
  for (const m of received) ids.set(m.messageId, (ids.get(m.messageId) ?? 0) + 1);
  const twice = [...ids].filter(([id, n]) => !id || n > 1).map(([id, n]) => `${id || "no Message-ID"} ×${n}`);
  return { received: received.length, missing, extra, twice };
}

async function waitMail(ctx, ms) {
  const until = Date.now() + ms;
  let tally = mailTally(ctx);
  while (tally.missing.length > 0 && Date.now() < until) {
    await sleep(250);
    tally = mailTally(ctx);
  }
  return tally;
}

function checkMail(ctx, label, tally) {
  check(tally.missing.length === 0, `${label}: e-mails never received: ${tally.missing.join(", ")}`);
  check(tally.extra.length === 0, `${label}: e-mails received more than once or unexpected: ${tally.extra.join(", ")}`);
  check(tally.twice.length === 0, `${label}: Message-IDs received twice: ${tally.twice.join(", ")}`);
}

/** Asks for a password reset (an e-mail falls due) from its own client address, at `base` (the proxy or one instance). */
async function askReset(ctx, base, email) {
  const res = await request(base, "/forgot-password", { method: "POST", form: { email }, headers: { "X-Forwarded-For": nextClientIp(ctx) } });
  check(res.status === 200, `forgot-password for ${email} answered ${res.status}`);
  expectMail(ctx, email, RESET_SUBJECT);
}

/** Signs up a new founder (a confirmation e-mail falls due) from its own client address. */
async function signUpFounder(ctx, label) {
  const email = `${label}-${crypto.randomBytes(3).toString("hex")}@example.com`;
  const res = await request(ctx.base, "/signup", {
    method: "POST",
    form: { name: `Founder ${label}`, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" },
    headers: { "X-Forwarded-For": nextClientIp(ctx) },
  });
  check(res.status === 302, `sign-up of ${email} answered ${res.status}`);
  expectMail(ctx, email, CONFIRM_SUBJECT);
}

/** Client addresses of their own (TRUST_PROXY: the first X-Forwarded-For), so the per-address limits of sign-ups and resets never bite. */
function nextClientIp(ctx) {
  const n = ++ctx.clientIps;
  return `10.32.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** An instance's /healthz status (0: no answer). */
async function healthStatus(instance) {
  try {
    const res = await fetch(`http://${instance.host}:${instance.port}/healthz`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Polls an instance's /healthz until it answers `status`; the last status seen and when. */
async function waitHealthStatus(instance, status, ms) {
  const until = Date.now() + ms;
  let last = 0;
  while (Date.now() < until) {
    last = await healthStatus(instance);
    if (last === status) return { status: last, at: Date.now() };
    await sleep(100);
  }
  return { status: last, at: Date.now() };
}

// ---- Fault steps ---------------------------------------------------------
//
// Each step starts KITS new kits through the proxy and does its harm while they
// generate. The three instances are up when a step starts and must be the same
// processes when it ends: a fault the app cannot ride out without a restart fails
// the run. Add a step by adding it here; it runs in turn, with its own kits.

const PG_DOWN_MS = 8_000;
const SMTP_DOWN_MS = 60_000;

const FAULT_STEPS = [
  { name: "PostgreSQL restarted mid-generation", run: postgresRestartStep },
  { name: "SMTP server unreachable for a minute", run: smtpOutageStep },
  { name: "the AI answering 429 with Retry-After to half the calls for 20 s", run: aiStormStep },
  { name: "the weekly and monthly schedules, once across three instances", run: schedulesStep },
];

/** The schedules' period keys, as app/platform/jobs/schedule.server.ts makes them (ISO week, UTC month). */
function isoWeek(date) {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const week = Math.ceil(((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}
const utcMonth = (date) => date.toISOString().slice(0, 7);
const lastMonth = (date) => utcMonth(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)));

/** Waits until the schedule's run of `period` is done (done_at set), then a few more looks of every instance. */
async function waitRunDone(ctx, name, period, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const row = (await tryQuery(ctx, "select done_at from scheduled_runs where name = $1 and period = $2", [name, period]))?.[0];
    if (row?.done_at) {
      await sleep(3 * SCHEDULE_TICK_MS);
      return true;
    }
    await sleep(250);
  }
  return false;
}

/**
 * The weekly competitor watch and the monthly strategy review run
 * once per period across the three instances, each looking every
 * SCHEDULE_TICK_MS. A Pro founder watches a page of a local competitor
 * server; deleting a period's scheduled_runs row makes it due again (as if
 * every instance had been down when it fell due): the next looks of all three
 * run it once. Counted at the source: the competitor server's requests, the
 * model calls of the review writer, and the digest e-mails in the SMTP sink.
 */
async function schedulesStep(ctx) {
  const founder = ctx.users[0];
  const userId = (await ctx.db.query("select id from users where email = $1", [founder.email])).rows[0].id;
  await ctx.db.query("update users set plan = 'pro', plan_status = 'active', plan_ends_at = null where id = $1", [userId]);
  const branded = (await ctx.db.query("select distinct k.id from launch_kits k join kit_assets a on a.kit_id = k.id and a.kind = 'brand' and a.status = 'ready' where k.user_id = $1", [userId])).rows.map((r) => r.id);
  check(branded.length > 0, `schedules: the Pro founder has no kit with a brand`);
  let price = 29;
  const hits = new Map();
  const site = http.createServer((req, res) => {
    hits.set(req.url, (hits.get(req.url) ?? 0) + 1);
    if (req.url !== "/pricing") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("not here");
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>Rival · Pricing</title></head><body><main><h1>Rival pricing</h1><h2>Pro</h2><p>Rival Pro costs $${price} a month, billed monthly.</p>` +
        `<ul><li>Unlimited projects</li><li>Email support</li>${price > 29 ? "<li>Team workspaces</li>" : ""}</ul><p>Every plan includes a 14-day trial and no setup fee.</p></main></body></html>`,
    );
  });
  await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${site.address().port}/pricing`;
    const competitorId = crypto.randomUUID();
    await ctx.db.query("insert into competitors (id, kit_id, name) values ($1, $2, 'Rival')", [competitorId, branded[0]]);
    await ctx.db.query("insert into competitor_pages (id, competitor_id, kit_id, url, label) values ($1, $2, $3, $4, 'pricing')", [crypto.randomUUID(), competitorId, branded[0], url]);
    const now = new Date();
    const week = isoWeek(now);
    const reviewCalls = () => ctx.fake.requests.filter((r) => JSON.stringify(r.body ?? "").includes("strategy_review")).length;

    // 1. This week's watch made due again: it reads the new page once (its baseline), sends nothing.
    await ctx.db.query("delete from scheduled_runs where name = 'competitor-watch' and period = $1", [week]);
    check(await waitRunDone(ctx, "competitor-watch", week), `schedules: the weekly watch of ${week} never finished`);
    check(hits.get("/pricing") === 1, `schedules: the watched page was fetched ${hits.get("/pricing") ?? 0} times by the baseline run (expected once)`);
    const baseline = (await ctx.db.query("select state, last_text from competitor_pages where competitor_id = $1", [competitorId])).rows[0];
    check(baseline?.state === "ok" && /\$29/.test(baseline.last_text ?? ""), `schedules: the baseline read left the page ${baseline?.state} (${(baseline?.last_text ?? "").slice(0, 80)})`);

    // 2. The competitor raises its price; the week is due again (a missed week): one fetch, one change, one digest.
    price = 39;
    expectMail(ctx, founder.email, "Competitor watch: 1 change this week");
    await ctx.db.query("delete from scheduled_runs where name = 'competitor-watch' and period = $1", [week]);
    check(await waitRunDone(ctx, "competitor-watch", week), `schedules: the second weekly watch of ${week} never finished`);
    check(hits.get("/pricing") === 2, `schedules: the watched page was fetched ${hits.get("/pricing")} times after two runs (expected twice: once a run)`);
    const changes = (await ctx.db.query("select summary, digested_at from competitor_changes where competitor_id = $1", [competitorId])).rows;
    check(changes.length === 1 && changes[0].digested_at !== null && changes[0].summary.length > 0, `schedules: ${changes.length} change(s) stored for the price rise (expected one, digested)`);
    checkMail(ctx, "weekly digest", await waitMail(ctx, 30_000));

    // 3. This month's review run made due again: last month's review of every branded kit, one model call each.
    const callsBefore = reviewCalls();
    await ctx.db.query("delete from scheduled_runs where name = 'strategy-review' and period = $1", [utcMonth(now)]);
    check(await waitRunDone(ctx, "strategy-review", utcMonth(now), 120_000), `schedules: the monthly review run of ${utcMonth(now)} never finished`);
    const calls = reviewCalls() - callsBefore;
    const reviews = (await ctx.db.query("select count(*)::int as n from strategy_reviews where period = $1 and kit_id = any($2)", [lastMonth(now), branded])).rows[0].n;
    check(calls === branded.length, `schedules: the review writer asked the model ${calls} times for ${branded.length} kits (expected once a kit)`);
    check(reviews === branded.length, `schedules: ${reviews} reviews of ${lastMonth(now)} stored for ${branded.length} kits`);
    const runs = (await ctx.db.query("select name, period, count(*)::int as n from scheduled_runs where name in ('competitor-watch', 'strategy-review') group by name, period")).rows;
    check(runs.every((r) => r.n === 1), `schedules: scheduled_runs rows ${JSON.stringify(runs)}`);
    log(`schedules: the weekly watch ran twice for ${week} after its row was deleted (page fetched ${hits.get("/pricing")} times in all, 1 digest) and the monthly review once (${calls} model calls for ${branded.length} kits), across 3 instances looking every ${SCHEDULE_TICK_MS / 1000} s`);
    ctx.figures.push(`schedules: weekly watch and monthly review once per period across 3 instances (${hits.get("/pricing")} fetches for 2 runs, ${calls} review calls for ${branded.length} kits)`);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
}

const STORM_MS = 20_000;
const STORM_RETRY_AFTER_S = 2;

/**
 * The fake AI answers every second call of every instance with 429 and
 * Retry-After for STORM_MS while the kits generate: the instances wait as
 * asked (AI_MAX_RETRIES=0 here, so only the step runner's AI limits retry)
 * and every kit completes, each asset once.
 */
async function aiStormStep(ctx) {
  const errorsBefore = ctx.fake.stormErrors;
  ctx.fake.startStorm({ every: 2, retryAfter: STORM_RETRY_AFTER_S, durationMs: STORM_MS });
  const stormAt = Date.now();
  log(`fake AI: 429 with Retry-After: ${STORM_RETRY_AFTER_S} to every second call for ${STORM_MS / 1000} s`);
  const kits = await startKits(ctx, "Storm");
  const done = await waitKitsDone(ctx, kits, STORM_MS + 120_000);
  const took = Date.now() - stormAt;
  check(done, `429 storm: not every kit, job and stream finished within ${(STORM_MS + 120_000) / 1000} s`);
  await checkKits(ctx, kits, "429 storm");
  const refused = ctx.fake.stormErrors - errorsBefore;
  check(refused >= KITS, `429 storm: only ${refused} calls were answered 429 (the storm missed the kits)`);
  ctx.figures.push(`429 storm: ${refused} calls answered 429 in ${STORM_MS / 1000} s; every kit done ${(took / 1000).toFixed(1)} s after it began`);
  log(`${kits.length} kits × ${ctx.kinds.length} assets all ready once, ${(took / 1000).toFixed(1)} s after the storm began; ${refused} calls answered 429 and waited out`);
}

/**
 * PostgreSQL stopped (fast shutdown) while the kits' steps run, started again
 * PG_DOWN_MS later. /healthz answers 503 on every instance meanwhile and 200
 * after; every kit completes with each asset generated once; the streams
 * resume; each instance's mail still goes out.
 */
async function postgresRestartStep(ctx) {
  const kits = await startKits(ctx, "Restart");
  const ids = kits.map((k) => k.id);
  let ready = 0;
  let running = 0;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    ready = (await ctx.db.query("select count(*)::int as n from kit_assets where status = 'ready' and kit_id = any($1)", [ids])).rows[0].n;
    running = (await ctx.db.query("select count(*)::int as n from jobs where locked_by is not null and lease_until > now() and kit_id = any($1)", [ids])).rows[0].n;
    if (ready >= KITS && running >= 5) break;
    await sleep(200);
  }
  if (ready < KITS || running < 5) throw new Error(`restart: never mid-generation (${ready} assets ready, ${running} steps running)`);

  const downAt = Date.now();
  await ctx.postgres.shutdown();
  log(`PostgreSQL stopped (fast shutdown) while ${running} steps ran (${ready} of these kits' assets ready)`);
  const down = await Promise.all(ctx.instances.map((i) => waitHealthStatus(i, 503, 5_000)));
  check(down.every((d) => d.status === 503), `/healthz while PostgreSQL is down: ${down.map((d) => d.status).join(", ")} (expected 503 from each instance)`);
  await sleep(Math.max(0, downAt + PG_DOWN_MS - Date.now()));
  await ctx.postgres.start();
  const upAt = Date.now();
  const up = await Promise.all(ctx.instances.map((i) => waitHealthStatus(i, 200, 30_000)));
  check(up.every((u) => u.status === 200), `/healthz after PostgreSQL came back: ${up.map((u) => u.status).join(", ")} (expected 200 from each instance)`);
  const healthyAfter = Math.max(...up.map((u) => u.at)) - upAt;
  log(`PostgreSQL started again after ${((upAt - downAt) / 1000).toFixed(1)} s down; /healthz 503 from all three meanwhile, 200 from all three ${(healthyAfter / 1000).toFixed(1)} s after the start`);

  // Every instance's mail sender lived through its failed claims: each says it runs, and a reset asked of each one directly goes out.
  const senders = await Promise.all(ctx.instances.map(async (i) => (await fetch(`http://${i.host}:${i.port}/healthz`)).text()));
  check(senders.every((body) => /^mail: sender running/m.test(body)), `after the restart, /healthz says: ${senders.map((b) => b.split("\n").find((l) => l.startsWith("mail:"))).join(" | ")}`);
  const mailAsked = Date.now();
  for (const [n, instance] of ctx.instances.entries()) await askReset(ctx, `http://${instance.host}:${instance.port}`, ctx.users[n].email);
  const tally = await waitMail(ctx, 20_000);
  const mailTook = Date.now() - mailAsked;
  checkMail(ctx, "restart", tally);

  const done = await waitKitsDone(ctx, kits, 120_000);
  check(done, `restart: not every kit, job and stream finished within 120 s of the restart (${kits.filter((k) => !k.stream.done).length} streams open)`);
  const finishedAfter = Date.now() - upAt;
  const { reconnected } = await checkKits(ctx, kits, "restart");
  ctx.figures.push(`PostgreSQL restart: down ${((upAt - downAt) / 1000).toFixed(1)} s, /healthz 200 again ${(healthyAfter / 1000).toFixed(1)} s after the start, every kit done ${(finishedAfter / 1000).toFixed(1)} s after it, a reset asked of each instance delivered within ${(mailTook / 1000).toFixed(1)} s`);
  log(`${kits.length} kits × ${ctx.kinds.length} assets done ${(finishedAfter / 1000).toFixed(1)} s after the restart: all ready once; ${reconnected} stream(s) reconnected; a reset e-mail asked of each instance delivered once`);
}

/**
 * The SMTP server unreachable (connections refused) for SMTP_DOWN_MS while
 * e-mails fall due (sign-ups' confirmations, password resets): nothing is
 * lost, every one goes out after it returns, each exactly once.
 */
async function smtpOutageStep(ctx) {
  const kits = await startKits(ctx, "Mail");
  const before = mailsReceived(ctx.mailDir).length;
  await ctx.smtpGate.close();
  const downAt = Date.now();
  log("SMTP server unreachable (its port refuses connections)");
  const dueBefore = ctx.expectedMail.size;
  for (let n = 0; n < 3; n++) await signUpFounder(ctx, `mail${n}`);
  for (const user of ctx.users) await askReset(ctx, ctx.base, user.email);
  // More half-way through, so the messages are at different points of their backoff when the server returns.
  await sleep(Math.max(0, downAt + SMTP_DOWN_MS / 2 - Date.now()));
  for (let n = 3; n < 6; n++) await signUpFounder(ctx, `mail${n}`);
  await sleep(Math.max(0, downAt + SMTP_DOWN_MS - Date.now()));

  const arrived = mailsReceived(ctx.mailDir).length - before;
  check(arrived === 0, `${arrived} e-mail(s) received while the SMTP server was unreachable`);
  const waiting = (await ctx.db.query("select count(*)::int as n, coalesce(min(attempts), 0)::int as least, coalesce(max(attempts), 0)::int as most from outbox where status = 'pending'")).rows[0];
  const due = [...ctx.expectedMail.values()].reduce((a, b) => a + b, 0) - before;
  check(waiting.n === due && waiting.least >= 1, `while the SMTP server was unreachable: ${waiting.n} e-mails waiting (expected ${due}), attempts ${waiting.least}–${waiting.most}`);
  await ctx.smtpGate.open();
  const upAt = Date.now();
  log(`SMTP server back after ${((upAt - downAt) / 1000).toFixed(0)} s; ${waiting.n} e-mails waiting, tried ${waiting.least}–${waiting.most} times each meanwhile`);

  const tally = await waitMail(ctx, 120_000);
  const deliveredAfter = Date.now() - upAt;
  checkMail(ctx, "SMTP outage", tally);
  // Received means sent; the sender writes so a moment after the server's answer.
  let left = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(200)) {
    left = (await ctx.db.query("select status, count(*)::int as n from outbox group by status order by status")).rows;
    if (left.every((r) => r.status === "sent")) break;
  }
  check(left.every((r) => r.status === "sent"), `outbox after the SMTP outage: ${left.map((r) => `${r.n} ${r.status}`).join(", ")}`);
  log(`all ${due} e-mails due during the outage delivered ${(deliveredAfter / 1000).toFixed(1)} s after the SMTP server came back, each once (${tally.received} received in the run, no Message-ID twice; ${ctx.expectedMail.size - dueBefore} new recipients)`);

  const done = await waitKitsDone(ctx, kits, 120_000);
  check(done, `SMTP outage: not every kit, job and stream finished`);
  await checkKits(ctx, kits, "SMTP outage");
  ctx.figures.push(`SMTP outage: ${SMTP_DOWN_MS / 1000} s, ${due} e-mails due meanwhile, all delivered ${(deliveredAfter / 1000).toFixed(1)} s after it ended, each once`);
}

// ---- The run ---------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) throw new Error("No production build: run `npm run build` first.");
  const started = Date.now();

  const server = await startPostgres();
  cleanups.push(() => server.stop());
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query("create database launchkit");
  await admin.end();
  const DATABASE_URL = databaseUrl(server.url, "launchkit");
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 3 });
  // The restart step ends this pool's idle connections too.
  db.on("error", () => {});
  cleanups.push(() => db.end());
  log(`PostgreSQL ${server.url}`);

  const fake = await startFakeOpenAI();
  cleanups.push(() => fake.close());
  for (const kind of ["chat", "images", "responses"]) fake.setDefault(kind, { delayMs: LATENCY_MS, structured: true });
  log(`fake OpenAI ${fake.origin} (${LATENCY_MS} ms a call)`);

  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-cluster-mail-"));
  cleanups.push(() => fs.rmSync(mailDir, { recursive: true, force: true }));
  const sink = await startSmtpSink({ dir: mailDir });
  cleanups.push(() => sink.close());
  const smtpGate = await startTcpGate(sink.port);
  cleanups.push(() => smtpGate.close());
  log(`SMTP sink on port ${sink.port}, reached through a gate on ${smtpGate.port}`);

  // haproxy's ports, known before the instances start: APP_URL is the proxy's address.
  const ports = { all: await freePort(), one: await freePort() };
  const env = {
    DATABASE_URL,
    SESSION_SECRET,
    OPENAI_API_KEY: "sk-cluster-fake",
    OPENAI_BASE_URL: `${fake.origin}/v1`,
    AI_PROVIDER: "openai",
    AI_MAX_RETRIES: "0",
    TRUST_PROXY: "1",
    // The proxy's address: links in e-mails sent by scheduled work (the competitor digest) need a trusted origin,
    // and a loopback one lets the competitor watch read the step's local competitor server (WATCH_ALLOW_LOOPBACK).
    APP_URL: `http://127.0.0.1:${ports.all}`,
    WATCH_ALLOW_LOOPBACK: "1",
    SCHEDULE_TICK_MS: String(SCHEDULE_TICK_MS),
    SMTP_URL: `smtp://127.0.0.1:${smtpGate.port}`,
    JOB_CONCURRENCY: "10",
    LOG_LEVEL: "warn",
  };
  const appPort = await freePort();
  // All three start at once: exactly one applies the migrations.
  const instances = HOSTS.map((host) => startInstance(host, appPort, env));
  await Promise.all(instances.map((i) => waitHealthy(`http://${i.host}:${i.port}/healthz`)));
  const migrations = (await db.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n;
  check(migrations === fs.readdirSync("drizzle/pg").filter((f) => f.endsWith(".sql")).length, `migrations applied once each (found ${migrations} rows)`);
  log(`3 instances up on ${HOSTS.join(", ")}:${appPort}`);

  await startHaproxy(instances, ports);
  const base = `http://127.0.0.1:${ports.all}`;
  log(`haproxy round-robin on ${base}`);
  const ctx = { base, db, postgres: server, fake, instances, users: [], kinds: [], mailDir, smtpGate, expectedMail: new Map(), clientIps: 0, figures: [] };

  // 1. Sign up and sign in through the proxy; the session holds on every instance.
  const users = ctx.users;
  for (let u = 0; u < USERS; u++) {
    const email = `founder${u}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const signup = await request(base, "/signup", { method: "POST", form: { name: `Founder ${u}`, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" } });
    if (signup.status !== 302) throw new Error(`signup answered ${signup.status}: ${signup.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 600)}`);
    expectMail(ctx, email, CONFIRM_SUBJECT);
    const signin = await request(base, "/signin", { method: "POST", form: { email, password: PASSWORD } });
    if (signin.status !== 302) throw new Error(`signin answered ${signin.status}`);
    const cookie = cookieOf(signin);
    let seen = 0;
    for (let i = 0; i < 6; i++) {
      const res = await request(base, "/dashboard", { cookie });
      if (res.status === 200 && res.text.includes("Founder")) seen++;
    }
    check(seen === 6, `the session held on ${seen} of 6 dashboard requests`);
    users.push({ email, cookie });
  }
  log(`${USERS} founders signed up and signed in; sessions hold across instances`);

  // 2. Twenty generations, each with an SSE stream held through the proxy.
  const kits = await startKits(ctx, "Cluster");
  log(`${kits.length} generations started, streams held`);
  // The no-JS status page (it refreshes itself) answers on every instance.
  {
    const kit = kits[0];
    let refreshing = 0;
    for (let i = 0; i < 3; i++) {
      const res = await request(base, `/dashboard/kits/${kit.id}`, { cookie: kit.user.cookie });
      if (res.status === 200 && /http-equiv="refresh"/.test(res.text)) refreshing++;
    }
    check(refreshing === 3, `the no-JS status page refreshed itself on ${refreshing} of 3 requests`);
  }

  // 3. Kill the instance running the most jobs, mid-generation.
  let victim = null;
  let orphaned = [];
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    // Mid-generation: some steps are done (their assets must not be made again), others run.
    const ready = (await db.query("select count(*)::int as n from kit_assets where status = 'ready'")).rows[0].n;
    if (ready < KITS) {
      await sleep(200);
      continue;
    }
    const rows = (await db.query("select id, locked_by from jobs where locked_by is not null and lease_until > now()")).rows;
    const byPid = new Map();
    for (const r of rows) {
      const pid = Number(r.locked_by.split(":")[1]);
      byPid.set(pid, [...(byPid.get(pid) ?? []), r.id]);
    }
    const [pid, ids] = [...byPid.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (ids && ids.length >= 3) {
      victim = instances.find((i) => i.pid === pid);
      orphaned = ids;
      break;
    }
    await sleep(200);
  }
  if (!victim) throw new Error("no instance ever ran 3 jobs at once");
  victim.child.kill("SIGKILL");
  const killedAt = Date.now();
  const readyAtKill = (await db.query("select count(*)::int as n from kit_assets where status = 'ready'")).rows[0].n;
  log(`SIGKILL ${victim.host} (pid ${victim.pid}) while it ran ${orphaned.length} jobs (${readyAtKill} assets ready so far)`);

  // Orphans: the time until another instance holds each of them (or it is done).
  const resumed = new Map();
  const deadline = killedAt + 60_000;
  let allDone = false;
  while (Date.now() < deadline) {
    const rows = (await db.query("select id, locked_by from jobs")).rows;
    const byId = new Map(rows.map((r) => [r.id, r.locked_by]));
    for (const id of orphaned) {
      if (resumed.has(id)) continue;
      const lockedBy = byId.get(id);
      if (lockedBy === undefined || (lockedBy && Number(lockedBy.split(":")[1]) !== victim.pid)) resumed.set(id, Date.now() - killedAt);
    }
    const kitRows = (await db.query("select id, status from launch_kits")).rows;
    const generating = kitRows.filter((r) => r.status !== "completed").length;
    if (rows.length === 0 && generating === 0 && kits.every((k) => k.stream.done)) {
      allDone = true;
      break;
    }
    await sleep(250);
  }
  const finishedAfter = Date.now() - killedAt;
  check(allDone, `not every kit, job and stream finished within 60 s of the kill`);
  log(`every kit finished ${(finishedAfter / 1000).toFixed(1)} s after the kill`);

  // Exactly one of each asset, each generated once (version 1), every stream saw it all.
  ctx.kinds = (await db.query("select distinct kind from kit_assets")).rows.map((r) => r.kind).sort();
  const kinds = ctx.kinds;
  await checkKits(ctx, kits, "kill");
  const reconnected = kits.filter((k) => k.stream.connections > 1).length;
  log(`${kits.length} kits × ${kinds.length} assets checked: all ready once; ${reconnected} stream(s) reconnected through the proxy after the kill`);
  const jobsLeft = (await db.query("select count(*)::int as n from jobs")).rows[0].n;
  check(jobsLeft === 0, `${jobsLeft} jobs left in the queue`);

  // 4. Sign-in throttling across instances: the 6th failure is refused.
  const target = users[0].email;
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await request(base, "/signin", { method: "POST", form: { email: target, password: "Wrong-password-1" } })).status);
  check(statuses.slice(0, 5).every((s) => s === 401 || s === 400), `failed sign-ins 1-5 answered ${statuses.slice(0, 5).join(",")}`);
  check(statuses[5] === 429, `the 6th failed sign-in answered ${statuses[5]}, not 429`);
  log(`sign-in throttling across instances: ${statuses.join(", ")}`);

  // 4b. Graceful SIGTERM: the instance stops taking jobs, hands back what it
  // runs, closes its streams and exits 0 within 10 s; the kit still completes.
  {
    const user = users[2];
    const res = await request(base, "/wizard", {
      method: "POST",
      cookie: user.cookie,
      form: { idea: "A kit for the graceful shutdown", audience: "Busy dog owners", tone: "friendly", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" },
    });
    const kitId = /\/dashboard\/kits\/([\w-]+)/.exec(res.headers.location ?? "")?.[1];
    if (!kitId) throw new Error(`graceful kit: wizard answered ${res.status}`);
    // One stream through the proxy, wherever it lands, and one opened on the
    // instance that runs the kit's job (the one stopped below), so the test
    // never depends on where round-robin puts a stream.
    const proxied = holdStream(base, kitId, user.cookie);
    let holder = null;
    const until = Date.now() + 30_000;
    while (!holder && Date.now() < until) {
      const row = (await db.query("select locked_by from jobs where kit_id = $1 and locked_by is not null", [kitId])).rows[0];
      const pid = row ? Number(row.locked_by.split(":")[1]) : null;
      holder = instances.find((i) => i.pid === pid && i.child.exitCode === null && i.child.signalCode === null) ?? null;
      if (!holder) await sleep(100);
    }
    if (!holder) throw new Error("no instance took the graceful kit's job");
    const onHolder = holdStream(base, kitId, user.cookie, { first: `http://${holder.host}:${holder.port}` });
    const streams = [proxied, onHolder];
    // The stream is open on the holder (its snapshot arrived) before the signal.
    const opened = Date.now() + 10_000;
    while (Date.now() < opened && !onHolder.events.some((e) => e.connection === 1)) await sleep(50);
    check(onHolder.events.some((e) => e.connection === 1), `graceful kit: no stream opened on ${holder.host} (${onHolder.trace.join(" ")})`);
    const termAt = Date.now();
    const exited = new Promise((resolve) => holder.child.once("exit", (code) => resolve({ code, ms: Date.now() - termAt })));
    holder.child.kill("SIGTERM");
    const { code, ms } = await exited;
    check(code === 0, `SIGTERM: exit code ${code}`);
    check(ms <= 10_000, `SIGTERM: exit after ${ms} ms`);
    const lockedByGone = (await db.query("select count(*)::int as n from jobs where locked_by like $1", [`%:${holder.pid}:%`])).rows[0].n;
    check(lockedByGone === 0, `SIGTERM: ${lockedByGone} job(s) still held by the stopped instance`);
    const done = Date.now() + 60_000;
    while (Date.now() < done && !streams.every((st) => st.done)) await sleep(250);
    const assets = (await db.query("select kind, status, version from kit_assets where kit_id = $1", [kitId])).rows;
    const kit = (await db.query("select status from launch_kits where id = $1", [kitId])).rows[0];
    check(kit?.status === "completed" && assets.length === kinds.length && assets.every((a) => a.status === "ready" && a.version === 1), `graceful kit: ${kit?.status}, ${assets.map((a) => `${a.kind}:${a.status}:${a.version}`).join(" ")}`);
    check(streams.every((st) => st.done), `graceful kit: a stream never finished`);
    // The stream held by the stopped instance was closed with a reconnect hint, and came back through the proxy.
    check(
      onHolder.hinted && onHolder.connections > 1 && onHolder.events.some((e) => e.connection > 1 && e.type === "snapshot"),
      `graceful kit: the stream on ${holder.host} was ${onHolder.hinted ? "" : "not "}hinted and connected ${onHolder.connections} time(s) (${streams.map((st) => st.trace.join(" ")).join(" | ")})`,
    );
    for (const st of streams) st.stop();
    log(`SIGTERM ${holder.host}: exit ${code} after ${(ms / 1000).toFixed(1)} s, its job handed back and the kit completed elsewhere; its stream reconnected after the hint`);
    const back = startInstance(holder.host, holder.port, env);
    instances[instances.indexOf(holder)] = back;
    await waitHealthy(`http://${back.host}:${back.port}/healthz`);
  }

  // The killed instance comes back, so the fault steps and the three-instance figure use three.
  const restarted = startInstance(victim.host, victim.port, env);
  instances[instances.indexOf(victim)] = restarted;
  await waitHealthy(`http://${restarted.host}:${restarted.port}/healthz`);
  await sleep(2500); // haproxy's health check sees it again
  // Every confirmation e-mail of the sign-ups went out once.
  checkMail(ctx, "sign-ups", await waitMail(ctx, 20_000));

  // 5. The fault steps, one after another.
  for (const step of FAULT_STEPS) {
    const stepStarted = Date.now();
    const pids = instances.map((i) => i.pid);
    log(`fault step: ${step.name}`);
    await step.run(ctx);
    const gone = instances.filter((i, n) => i.pid !== pids[n] || i.child.exitCode !== null || i.child.signalCode !== null);
    check(gone.length === 0, `${step.name}: instance(s) ${gone.map((i) => i.host).join(", ")} exited (none may need a restart)`);
    ctx.figures.push(`${step.name}: step took ${((Date.now() - stepStarted) / 1000).toFixed(0)} s`);
  }

  // 6. /dashboard with 50 kits: requests per second through 1 and 3 instances.
  const bench = users[1];
  const benchUser = (await db.query("select id from users where email = $1", [bench.email])).rows[0].id;
  const have = (await db.query("select count(*)::int as n from launch_kits where user_id = $1", [benchUser])).rows[0].n;
  for (let i = have; i < 50; i++) {
    await db.query(
      "insert into launch_kits (id, user_id, status, business_idea, target_audience, tone, primary_goal, brand_vibe, generation_progress) values ($1, $2, 'completed', $3, 'Founders', 'friendly', 'waitlist', 'playful', 100)",
      [crypto.randomUUID(), benchUser, `Benchmark kit ${i}`],
    );
  }
  await measure(base, bench.cookie, 1); // warm-up
  const one = await measure(`http://127.0.0.1:${ports.one}`, bench.cookie);
  const three = await measure(base, bench.cookie);
  check(one.errors === 0 && three.errors === 0, `dashboard errors: ${one.errors} (1 instance), ${three.errors} (3 instances)`);

  const resumeTimes = [...resumed.values()].sort((a, b) => a - b);
  console.log("\nFigures (this machine: %d cores)", os.cpus().length);
  console.log(`  /dashboard (50 kits), 16 connections, 5 s: ${one.rps.toFixed(0)} req/s through 1 instance, ${three.rps.toFixed(0)} req/s through 3 instances (×${(three.rps / one.rps).toFixed(2)})`);
  console.log(
    `  orphaned jobs: ${orphaned.length}; taken over by another instance ${resumeTimes.length ? `after ${(resumeTimes[0] / 1000).toFixed(1)}–${(resumeTimes.at(-1) / 1000).toFixed(1)} s` : "never"} (lease 30 s); every kit done ${(finishedAfter / 1000).toFixed(1)} s after the kill`,
  );
  for (const line of ctx.figures) console.log(`  ${line}`);
  console.log(`  whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  check(resumeTimes.length === orphaned.length, `${orphaned.length - resumeTimes.length} orphaned jobs never resumed`);
}

try {
  await main();
} catch (error) {
  fail(error.stack ?? String(error));
} finally {
  if (failed) {
    for (const i of startedInstances) console.error(`--- ${i.host} (pid ${i.pid}${i.child.exitCode !== null || i.child.signalCode ? `, exited ${i.child.exitCode ?? i.child.signalCode}` : ""}) output (tail) ---\n${i.output.slice(-4000)}`);
  }
  await cleanup();
}
console.log(failed ? "test:cluster FAILED" : "test:cluster passed");
process.exit(failed ? 1 : 0);
