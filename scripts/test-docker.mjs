#!/usr/bin/env node
// npm run test:docker: builds the Docker image and proves it works end to end.
//
// Builds the image (podman, or docker when a Docker engine answers; set
// CONTAINER_ENGINE=docker|podman to choose), checks its configuration and that
// the runtime image holds no compiler and no dev dependencies, runs it on a
// fresh volume on a loopback port, waits for the health check, signs up a user
// (confirming the e-mail with the logged link gives the ADMIN_EMAILS role) and
// generates a kit with the built-in generator over HTTP, takes an online
// backup inside the running container, restarts the container and checks the
// user and kit are still there, sends SIGTERM during a generation with a live
// event stream open and checks a clean exit (0, within 10 s), then that the
// interrupted kit resumes on the next start and completes with each asset
// generated once, restores the backup the way docs/self-hosting.md says, and checks the
// logs. HTTP helpers: scripts/lib/app-http.mjs; steps: scripts/lib/steps.mjs.
// Prints a summary table with the time of each step. Container and volume are
// removed at the end, also on failure or Ctrl-C; the image is kept (tag
// launchkit:test-docker, or IMAGE=...), so a second run reuses cached layers.
//
// Not part of `npm test`: it takes minutes (the first build compiles
// better-sqlite3 and installs every dependency).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  appClient,
  checkAssetsOnce,
  confirmEmail,
  confirmationToken,
  kitBadge as badge,
  sessionCookie,
  signUp,
  startKit,
  waitForKitStatus,
} from "./lib/app-http.mjs";
import { ENGINE_ENV, chooseEngine, containerState as stateOf, run, runChecked, waitContainerHealthy } from "./lib/engine.mjs";
import { freePort } from "./lib/postgres.mjs";
import { Failure, check, createSteps, sleep, waitFor } from "./lib/steps.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMAGE = process.env.IMAGE || "launchkit:test-docker";
const RUN_ID = `${Date.now().toString(36)}-${crypto.randomBytes(3).toString("hex")}`;
const NAME = `launchkit-test-${RUN_ID}`;
const VOLUME = `launchkit-test-data-${RUN_ID}`;
const TOTAL_TIMEOUT_MS = 45 * 60_000;
const BUILD_TIMEOUT_MS = 30 * 60_000;
const SHUTDOWN_LIMIT_MS = 10_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-test-docker-"));
const started = Date.now();

// ---------------------------------------------------------------- helpers

let engine = "";
let isPodman = false;

/** Runs the container engine; throws with its output when it fails (unless allowFail). */
const eng = (args, opts = {}) => runChecked(engine, args, opts);

let client = appClient("");
/** A request to the container (see scripts/lib/app-http.mjs). */
const http = (pathname, opts) => client.request(pathname, opts);

async function waitHealthy() {
  await waitFor("GET /healthz answers 200", async () => (await http("/healthz", { timeout: 3000 })).status === 200, {
    timeout: 90_000,
  });
  return waitContainerHealthy(engine, isPodman, NAME);
}

const containerState = () => stateOf(engine, NAME);

/** `stop` (SIGTERM, then SIGKILL after 10 s) and check a clean exit. */
async function stopCleanly() {
  const t0 = Date.now();
  await eng(["stop", "-t", "10", NAME], { timeout: 40_000 });
  const ms = Date.now() - t0;
  const state = await containerState();
  check(state.exitCode === 0, `container exited ${state.exitCode} on stop (expected 0)`);
  check(ms < SHUTDOWN_LIMIT_MS, `stop took ${ms} ms (limit ${SHUTDOWN_LIMIT_MS})`);
  return ms;
}

async function startContainer() {
  await eng(["start", NAME], { timeout: 60_000 });
  return waitHealthy();
}

/**
 * A kit's status, assets, logos and queued jobs, read with the image's
 * better-sqlite3 (read-only): in the running container, or, when it is
 * stopped, in a throw-away one on the same volume.
 */
async function kitRows(kitId, { stopped = false } = {}) {
  const script = `const db = require("better-sqlite3")("/data/launchkit.db", { readonly: true });
const id = process.argv[1];
console.log(JSON.stringify({
  status: db.prepare("select status from launch_kits where id = ?").get(id)?.status,
  assets: db.prepare("select kind, status, version from kit_assets where kit_id = ? order by kind").all(id),
  logos: db.prepare("select count(*) as n from logo_images where kit_id = ?").get(id).n,
  jobs: db.prepare("select count(*) as n from jobs where kit_id = ?").get(id).n,
}));`;
  const where = stopped ? ["run", "--rm", "-v", `${VOLUME}:/data`, IMAGE] : ["exec", "-w", "/app", NAME];
  const r = await eng([...where, "node", "-e", script, kitId], { timeout: 60_000 });
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

// ---------------------------------------------------------------- steps

const { results, step, table } = createSteps();

const email = `docker-${RUN_ID}@example.test`;
const password = `Dock3r-${crypto.randomBytes(6).toString("hex")}`;
const idea1 = `Dockerized bakery ${RUN_ID} for night owls`;
const idea2 = `Interrupted idea ${RUN_ID} for testing`;
let cookie = "";
let kit1 = "";
let kit2 = "";
let hostBackup = "";
let port = 0;

async function main() {
  await step("container engine", async () => {
    const chosen = await chooseEngine();
    ({ engine, isPodman } = chosen);
    return chosen.version;
  });

  await step("build image", async () => {
    const log = path.join(tmp, "build.log");
    const out = fs.createWriteStream(log);
    const args = ["build", "-t", IMAGE, "-f", "Dockerfile"];
    if (isPodman) args.push("--format", "docker");
    args.push(ROOT);
    const r = await run(engine, args, {
      timeout: BUILD_TIMEOUT_MS,
      onLine: (l) => {
        out.write(l + "\n");
        if (/^(\[\d+\/\d+\] )?STEP \d+\/\d+: FROM|^Step \d+\/\d+ : FROM|^#\d+ \[/.test(l)) process.stdout.write(`  ${l.slice(0, 120)}\n`);
      },
    });
    out.end();
    if (r.code !== 0) {
      const tail = (r.stdout + r.stderr).trim().split("\n").slice(-40).join("\n");
      throw new Failure(`build exited ${r.code}; last lines:\n${tail}\n(full log: ${log})`);
    }
    return IMAGE;
  });

  let imageSize = "";
  await step("image configuration", async () => {
    const config = JSON.parse((await eng(["image", "inspect", "--format", "{{json .Config}}", IMAGE])).stdout);
    const hcField = isPodman ? "{{json .HealthCheck}}" : "{{json .Config.Healthcheck}}";
    const hc = JSON.parse((await eng(["image", "inspect", "--format", hcField, IMAGE])).stdout || "null");
    const env = config.Env ?? [];
    check(config.User === "node", `USER is ${JSON.stringify(config.User)}, expected node`);
    check(env.includes("NODE_ENV=production"), "NODE_ENV=production is not set");
    check(env.includes("DATABASE_PATH=/data/launchkit.db"), "DATABASE_PATH=/data/launchkit.db is not set");
    check(config.ExposedPorts && "3000/tcp" in config.ExposedPorts, "port 3000 is not exposed");
    check(config.Volumes && "/data" in config.Volumes, "/data is not a volume");
    check(hc && JSON.stringify(hc.Test ?? []).includes("/healthz"), `no HEALTHCHECK calling /healthz (${JSON.stringify(hc)})`);
    const bytes = Number((await eng(["image", "inspect", "--format", "{{.Size}}", IMAGE])).stdout.trim());
    imageSize = `${(bytes / 1e6).toFixed(0)} MB`;
    return `user node, /data volume, port 3000, HEALTHCHECK /healthz; size ${imageSize}`;
  });

  await step("runtime image: no compiler, no dev dependencies", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const devOnly = [
      ...Object.keys(pkg.devDependencies ?? {}),
      "vite", "typescript", "esbuild", "rollup", "tsx", "tailwindcss", "@tailwindcss/vite",
      "@tailwindcss/node", "lightningcss", "@react-router/dev", "vitest", "@playwright/test",
      "drizzle-kit", "node-gyp",
    ];
    const script = [
      "cd /app",
      'echo "files: $(ls -A | tr "\\n" " ")"',
      'for c in gcc g++ cc c++ clang make python3; do command -v "$c" >/dev/null 2>&1 && echo "compiler: $c"; done',
      `for p in ${[...new Set(devOnly)].join(" ")}; do [ -e "node_modules/$p" ] && echo "dev: $p"; done`,
      'echo "modules: $(ls node_modules | wc -l) $(du -sh node_modules | cut -f1)"',
      "node -e \"require('better-sqlite3')(':memory:').prepare('select 1').get(); console.log('sqlite: ok')\"",
      "exit 0",
    ].join("\n");
    const r = await eng(["run", "--rm", "--entrypoint", "sh", IMAGE, "-c", script], { timeout: 60_000 });
    const lines = r.stdout.trim().split("\n");
    const compilers = lines.filter((l) => l.startsWith("compiler:"));
    const dev = lines.filter((l) => l.startsWith("dev:"));
    check(compilers.length === 0, `runtime image has ${compilers.join(", ")}`);
    check(dev.length === 0, `runtime image has dev dependencies: ${dev.join(", ")}`);
    check(lines.includes("sqlite: ok"), "better-sqlite3 does not load in the runtime image");
    const files = lines.find((l) => l.startsWith("files:"))?.slice(7).trim().split(/\s+/).sort() ?? [];
    const expected = ["build", "drizzle", "node_modules", "package.json", "scripts", "server.js"];
    check(JSON.stringify(files) === JSON.stringify(expected), `/app holds ${files.join(" ")}, expected ${expected.join(" ")}`);
    return `/app: ${files.join(" ")}; ${lines.find((l) => l.startsWith("modules:"))}`;
  });

  await step("run on a fresh volume (loopback port)", async () => {
    port = await freePort();
    client = appClient(`http://127.0.0.1:${port}`);
    const origin = client.origin;
    await eng(["volume", "create", VOLUME]);
    await eng([
      "run", "-d", "--name", NAME,
      "-p", `127.0.0.1:${port}:3000`,
      "-v", `${VOLUME}:/data`,
      "-e", `APP_URL=${origin}`,
      "-e", `ADMIN_EMAILS=${email}`,
      "-e", "TRUST_PROXY=true",
      // Running steps are handed back at once on SIGTERM: the built-in
      // generator finishes any step within the default 5 s grace, which
      // would leave nothing for the recovery step to resume.
      "-e", "SHUTDOWN_GRACE_MS=1",
      // The built-in generator finishes a kit in about 3 s: each of its
      // calls waits 1.5 s here, so SIGTERM lands in the middle of a step.
      "-e", "BUILTIN_DELAY_MS=1500",
      IMAGE,
    ], { timeout: 60_000 });
    return `${NAME} on ${origin}, volume ${VOLUME}`;
  });

  await step("health check", async () => {
    const detail = await waitHealthy();
    const logs = await eng(["logs", NAME]);
    check(/LaunchKit listening on .*\(builtin generator\)/.test(logs.stdout + logs.stderr), "no 'LaunchKit listening' line in the logs");
    const files = (await eng(["exec", NAME, "sh", "-c", "stat -c '%n %U %a' /data/*"])).stdout.trim();
    check(/\/data\/launchkit\.db node /.test(files), `no database owned by node in /data:\n${files}`);
    return `${detail}; migrated database in /data, owned by node`;
  });

  await step("sign up over HTTP, confirm the e-mail", async () => {
    const { cookie: c } = await signUp(client, { name: "Docker Tester", email, password });
    check(!/;\s*secure/i.test(c.full), "the session cookie is Secure over plain http");
    cookie = c.pair;
    const dash = await http("/dashboard", { cookie });
    check(dash.status === 200, `GET /dashboard answered ${dash.status}`);
    // ADMIN_EMAILS gives the admin role once the address is confirmed, not before.
    const before = await http("/admin", { cookie });
    check(before.status === 403, `GET /admin before the e-mail is confirmed answered ${before.status} (expected 403)`);
    // Without SMTP_URL the confirmation link is logged (and written to /data/outbox).
    const token = await waitFor("the confirmation link in the logs", async () => {
      const logs = await eng(["logs", NAME]);
      return confirmationToken(logs.stdout + logs.stderr, email);
    }, { timeout: 10_000 });
    await confirmEmail(client, token);
    const admin = await http("/admin", { cookie });
    check(admin.status === 200, `GET /admin as a confirmed ADMIN_EMAILS user answered ${admin.status}`);
    // The generated session secret lives on the volume, readable by node only.
    const secret = (await eng(["exec", NAME, "stat", "-c", "%U %a", "/data/session-secret"], { allowFail: true })).stdout.trim();
    check(secret === "node 600", `/data/session-secret: ${secret || "missing"} (expected node 600)`);
    return `${email}: 302 to /dashboard, cookie set; admin role once confirmed (logged link); /data/session-secret (node 600)`;
  });

  await step("generate a kit (built-in generator)", async () => {
    kit1 = await startKit(client, cookie, idea1);
    const t0 = Date.now();
    const page = await waitForKitStatus(client, cookie, kit1, "completed");
    check(page.text.includes(idea1), "the kit page does not show the idea");
    const logo = await http(`/kits/${kit1}/logo`, { cookie });
    check(logo.status === 200 && /^image\//.test(logo.headers.get("content-type") ?? ""), `logo answered ${logo.status} ${logo.headers.get("content-type")}`);
    return `kit ${kit1} completed in ~${((Date.now() - t0) / 1000).toFixed(1)}s; logo ${logo.headers.get("content-type")}`;
  });

  await step("online backup inside the running container", async () => {
    // Requests keep coming while the backup runs.
    let served = 0;
    let busy = true;
    const load = (async () => {
      while (busy && served < 200) {
        const r = await http("/dashboard", { cookie });
        if (r.status === 200) served++;
      }
    })();
    const r = await eng(["exec", NAME, "npm", "run", "backup", "--", "/data/backup-test.db"], { timeout: 120_000 }).finally(() => {
      busy = false;
    });
    await load;
    check(/integrity ok/.test(r.stdout), `backup output:\n${r.stdout}\n${r.stderr}`);
    check(/users\s+1\n/.test(r.stdout) && /launch_kits\s+1\n/.test(r.stdout) && /logo_images\s+1\n/.test(r.stdout), `unexpected counts:\n${r.stdout}`);
    hostBackup = path.join(tmp, "launchkit-backup.db");
    await eng(["cp", `${NAME}:/data/backup-test.db`, hostBackup]);
    await eng(["exec", NAME, "rm", "-f", "/data/backup-test.db"]);
    const size = fs.statSync(hostBackup).size;
    let opened = "";
    try {
      const { default: Database } = await import("better-sqlite3");
      const db = new Database(hostBackup, { readonly: true, fileMustExist: true });
      try {
        check(db.pragma("quick_check", { simple: true }) === "ok", "the backup fails quick_check");
        const user = db.prepare("select email from users").pluck().all();
        const kits = db.prepare("select id, status from launch_kits").all();
        check(user.length === 1 && user[0] === email, `backup users: ${user.join(", ")}`);
        check(kits.length === 1 && kits[0].id === kit1 && kits[0].status === "completed", `backup kits: ${JSON.stringify(kits)}`);
        opened = "; opened on the host: 1 user, 1 completed kit";
      } finally {
        db.close();
      }
    } catch (error) {
      if (error instanceof Failure) throw error;
      opened = `; not opened on the host (${error.message.split("\n")[0]})`;
    }
    return `${(size / 1024).toFixed(0)} KB while serving ${served} requests${opened}`;
  });

  await step("restart: data survives", async () => {
    const ms = await stopCleanly();
    const health = await startContainer();
    const dash = await http("/dashboard", { cookie });
    check(dash.status === 200, `GET /dashboard with the old session answered ${dash.status}`);
    check(dash.text.includes(kit1), "the dashboard no longer lists the kit");
    const page = await http(`/dashboard/kits/${kit1}`, { cookie });
    check(badge(page.text) === "completed", `kit status after restart: ${badge(page.text)}`);
    const signin = await http("/signin", { method: "POST", form: { email, password } });
    check(signin.status === 302 || signin.status === 303, `POST /signin answered ${signin.status}`);
    check(sessionCookie(signin), "POST /signin set no session cookie");
    const logo = await http(`/kits/${kit1}/logo`, { cookie });
    check(logo.status === 200, `logo after restart answered ${logo.status}`);
    return `stopped (exit 0) in ${ms} ms; ${health}; session, sign-in, kit and logo intact`;
  });

  await step("https behind a proxy: Secure cookie", async () => {
    const httpsOrigin = `https://127.0.0.1:${port}`;
    const res = await http("/signin", {
      method: "POST",
      form: { email, password },
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7", Origin: httpsOrigin },
    });
    check(res.status === 302 || res.status === 303, `POST /signin via the proxy answered ${res.status}`);
    const c = sessionCookie(res);
    check(c && /;\s*secure/i.test(c.full), `session cookie not Secure with X-Forwarded-Proto: https (${c?.full})`);
    check(res.headers.get("strict-transport-security"), "no Strict-Transport-Security header over https");
    return "X-Forwarded-Proto: https (TRUST_PROXY=true) gives a Secure cookie and HSTS";
  });

  await step("SIGTERM during a generation", async () => {
    kit2 = await startKit(client, cookie, idea2);
    // A live event stream stays open: shutdown must close it, not wait for it.
    const controller = new AbortController();
    const sse = await fetch(`${client.origin}/kits/${kit2}/events`, { headers: { Cookie: cookie }, signal: controller.signal });
    check(sse.status === 200, `event stream answered ${sse.status}`);
    const reader = sse.body.getReader();
    let received = "";
    while (!received.includes("event: snapshot")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    check(!/"done":true/.test(received), "the generation finished before SIGTERM could be sent");
    let streamEnded = false;
    const drain = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // connection closed
      }
      streamEnded = true;
    })();
    const t0 = Date.now();
    await eng(["kill", "--signal", "SIGTERM", NAME]);
    await eng(["wait", NAME], { timeout: 30_000 });
    const ms = Date.now() - t0;
    await Promise.race([drain, sleep(2000)]);
    controller.abort();
    const state = await containerState();
    check(state.exitCode === 0, `exit code after SIGTERM: ${state.exitCode}`);
    check(ms < SHUTDOWN_LIMIT_MS, `exit took ${ms} ms after SIGTERM (limit ${SHUTDOWN_LIMIT_MS})`);
    check(streamEnded, "the event stream was still open after the container exited");
    const logs = await eng(["logs", NAME]);
    const all = logs.stdout + logs.stderr;
    check(/SIGTERM received/.test(all) && /Shut down cleanly/.test(all), "no 'SIGTERM received' / 'Shut down cleanly' in the logs");
    // What the shutdown left for the next start (read from the volume).
    const left = await kitRows(kit2, { stopped: true });
    const ready = left.assets.filter((a) => a.status === "ready").length;
    check(left.jobs > 0, `nothing left to resume: kit ${left.status}, ${left.jobs} job(s) queued`);
    return `exit 0 in ${ms} ms with a generation running and an event stream open; left: kit ${left.status}, ${ready} of ${left.assets.length} assets ready, ${left.jobs} job(s) queued`;
  });

  await step("start again: interrupted generation resumed and completed", async () => {
    // docs/self-hosting.md promises: an interrupted generation resumes at start-up
    // from its first unfinished step and completes; ready assets are never
    // generated twice.
    const health = await startContainer();
    const logs = await eng(["logs", NAME]);
    const recovered = /Recovered interrupted work: .*[1-9]\d* job\(s\) already in the queue.*/.exec(logs.stdout + logs.stderr)?.[0];
    check(recovered, "no 'Recovered interrupted work: ... job(s) already in the queue' line in the logs");
    const t0 = Date.now();
    await waitForKitStatus(client, cookie, kit2, "completed");
    const rows = await waitFor(`kit ${kit2}: no job left and every asset settled`, async () => {
      const r = await kitRows(kit2);
      return r.jobs === 0 && r.assets.every((a) => a.status !== "queued" && a.status !== "generating") ? r : null;
    }, { timeout: 60_000, interval: 1000 });
    const once = checkAssetsOnce(kit2, rows.assets, rows.logos);
    const logo = await http(`/kits/${kit2}/logo`, { cookie });
    check(logo.status === 200, `logo of the resumed kit answered ${logo.status}`);
    const first = await http(`/dashboard/kits/${kit1}`, { cookie });
    check(badge(first.text) === "completed", `first kit status: ${badge(first.text)}`);
    return `${health}; "${recovered.replace(/^.*?: /, "").replace(/\.$/, "")}"; kit ${kit2} completed ${((Date.now() - t0) / 1000).toFixed(1)}s after start: ${once}`;
  });

  await step("restore the backup (docs/self-hosting.md procedure)", async () => {
    await stopCleanly();
    fs.chmodSync(tmp, 0o755);
    await eng([
      "run", "--rm", "--user", "root",
      "-v", `${VOLUME}:/data`,
      "-v", `${hostBackup}:/restore.db:ro`,
      IMAGE,
      "sh", "-c", "install -o node -g node -m 600 /restore.db /data/launchkit.db && rm -f /data/launchkit.db-wal /data/launchkit.db-shm",
    ], { timeout: 60_000 });
    const health = await startContainer();
    const gone = await http(`/dashboard/kits/${kit2}`, { cookie });
    check(gone.status === 404, `kit made after the backup answered ${gone.status} (expected 404)`);
    const kept = await http(`/dashboard/kits/${kit1}`, { cookie });
    check(kept.status === 200 && badge(kept.text) === "completed", `backed-up kit answered ${kept.status} ${badge(kept.text)}`);
    const signin = await http("/signin", { method: "POST", form: { email, password } });
    check(signin.status === 302 || signin.status === 303, `POST /signin after restore answered ${signin.status}`);
    return `${health}; state as of the backup (kit 1 present, kit 2 absent)`;
  });

  await step("logs: one line per request, no secrets", async () => {
    const logs = await eng(["logs", NAME]);
    const all = `${logs.stdout}\n${logs.stderr}`;
    const lines = all.split("\n").filter(Boolean);
    const requestLines = lines.filter((l) => /^(GET|POST|HEAD|PUT|PATCH|DELETE) \/\S* \d{3} \d+\.\dms$/.test(l));
    check(requestLines.some((l) => l.startsWith("POST /signup 302 ")), "no 'POST /signup 302 ...ms' line");
    check(requestLines.some((l) => l.startsWith("POST /wizard 303 ")), "no 'POST /wizard 303 ...ms' line");
    check(requestLines.some((l) => l.startsWith("GET /healthz 200 ")), "no 'GET /healthz 200 ...ms' line");
    const secretValue = cookie.split("=")[1];
    check(!all.includes(password), "the password appears in the logs");
    check(!all.includes(secretValue), "a session id appears in the logs");
    check(!/launchkit_session=/.test(all), "a session cookie appears in the logs");
    const errors = lines.filter((l) => l.startsWith("{"));
    for (const l of errors) {
      let parsed;
      try {
        parsed = JSON.parse(l);
      } catch {
        throw new Failure(`an error line is not JSON: ${l}`);
      }
      check(parsed.level === "error" && parsed.message, `an error line lacks level/message: ${l}`);
    }
    const sample = requestLines.find((l) => l.startsWith("POST /wizard")) ?? requestLines[0];
    return `${requestLines.length} request lines (e.g. "${sample}"), ${errors.length} JSON error lines`;
  });

  await step("final SIGTERM (docker stop): clean exit", async () => {
    const ms = await stopCleanly();
    return `exit 0 in ${ms} ms`;
  });

  return imageSize;
}

// ---------------------------------------------------------------- cleanup, summary

let cleaned = false;
function cleanupSync() {
  if (cleaned) return;
  cleaned = true;
  if (engine) {
    spawnSync(engine, ["rm", "-f", NAME], { stdio: "ignore", timeout: 60_000, env: ENGINE_ENV });
    spawnSync(engine, ["volume", "rm", "-f", VOLUME], { stdio: "ignore", timeout: 60_000, env: ENGINE_ENV });
  }
  const keepLog = results.some((r) => !r.ok);
  if (!keepLog) fs.rmSync(tmp, { recursive: true, force: true });
}

function summary(ok, imageSize) {
  console.log(`\n== npm run test:docker: ${ok ? "PASSED" : "FAILED"} ==`);
  console.log(table());
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)}s; engine ${engine || "?"}; image ${IMAGE}${imageSize ? ` (${imageSize})` : ""}; container and volume removed`);
  if (!ok) console.log(`work files kept in ${tmp}`);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up ${NAME} and ${VOLUME}...`);
    results.push({ name: `interrupted (${signal})`, ok: false, ms: 0, detail: "" });
    cleanupSync();
    summary(false, "");
    process.exit(130);
  });
}
const overall = setTimeout(() => {
  console.error(`\nGave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes.`);
  results.push({ name: "overall timeout", ok: false, ms: TOTAL_TIMEOUT_MS, detail: "" });
  cleanupSync();
  summary(false, "");
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
overall.unref();

let ok = false;
let imageSize = "";
try {
  imageSize = await main();
  ok = true;
} catch (error) {
  if (!(error instanceof Failure)) console.error(error);
  if (engine && results.some((r) => r.name.startsWith("run on"))) {
    const logs = await run(engine, ["logs", "--tail", "40", NAME], { timeout: 20_000 }).catch(() => null);
    if (logs) console.log(`\nLast container log lines:\n${(logs.stdout + logs.stderr).trim()}`);
  }
} finally {
  cleanupSync();
}
summary(ok, imageSize);
process.exit(ok ? 0 : 1);
