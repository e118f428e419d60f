#!/usr/bin/env node
// npm run test:docker: builds the Docker image and proves it works end to end.
//
// Builds the image (podman, or docker when a Docker engine answers; set
// CONTAINER_ENGINE=docker|podman to choose), checks its configuration and that
// the runtime image holds no compiler and no dev dependencies, runs it on a
// fresh volume on a loopback port, waits for the health check, signs up a user
// and generates a kit with the built-in generator over HTTP, takes an online
// backup inside the running container, restarts the container and checks the
// user and kit are still there, sends SIGTERM during a generation with a live
// event stream open and checks a clean exit (0, within 10 s) and the start-up
// recovery, restores the backup the way the README says, and checks the logs.
// Prints a summary table with the time of each step. Container and volume are
// removed at the end, also on failure or Ctrl-C; the image is kept (tag
// launchkit:test-docker, or IMAGE=...), so a second run reuses cached layers.
//
// Not part of `npm test`: it takes minutes (the first build compiles
// better-sqlite3 and installs every dependency).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMAGE = process.env.IMAGE || "launchkit:test-docker";
const RUN_ID = `${Date.now().toString(36)}-${crypto.randomBytes(3).toString("hex")}`;
const NAME = `launchkit-test-${RUN_ID}`;
const VOLUME = `launchkit-test-data-${RUN_ID}`;
const TOTAL_TIMEOUT_MS = 45 * 60_000;
const BUILD_TIMEOUT_MS = 30 * 60_000;
const SHUTDOWN_LIMIT_MS = 10_000;
const ENGINE_ENV = {
  ...process.env,
  // podman: keep HEALTHCHECK (docker image format); no systemd here to schedule health checks.
  BUILDAH_FORMAT: "docker",
  DISABLE_HC_SYSTEMD: "true",
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-test-docker-"));
const started = Date.now();

// ---------------------------------------------------------------- helpers

class Failure extends Error {}
function check(condition, message) {
  if (!condition) throw new Failure(message);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a command with a timeout; resolves with its exit code and output (never rejects on a non-zero exit). */
function run(cmd, args, { timeout = 60_000, onLine } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: ENGINE_ENV, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let partial = "";
    const lines = (chunk) => {
      if (!onLine) return;
      partial += chunk;
      const parts = partial.split("\n");
      partial = parts.pop();
      for (const l of parts) onLine(l);
    };
    child.stdout.on("data", (d) => {
      stdout += d;
      lines(String(d));
    });
    child.stderr.on("data", (d) => {
      stderr += d;
      lines(String(d));
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Failure(`timed out after ${timeout / 1000}s: ${cmd} ${args.join(" ")}`));
    }, timeout);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

let engine = "";
let isPodman = false;

/** Runs the container engine; throws with its output when it fails (unless allowFail). */
async function eng(args, opts = {}) {
  const r = await run(engine, args, opts);
  if (r.code !== 0 && !opts.allowFail) {
    throw new Failure(`${engine} ${args.join(" ")} exited ${r.code}: ${(r.stderr || r.stdout).trim().slice(-800)}`);
  }
  return r;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

let origin = "";
/** fetch against the container, with a timeout, no redirects followed, Origin on POSTs. */
async function http(pathname, { method = "GET", form, cookie, headers = {}, timeout = 15_000 } = {}) {
  const h = { ...headers };
  if (cookie) h.Cookie = cookie;
  let body;
  if (form) {
    body = new URLSearchParams(form);
    h["Content-Type"] = "application/x-www-form-urlencoded";
    h.Origin ??= origin;
  }
  const res = await fetch(origin + pathname, {
    method,
    body,
    headers: h,
    redirect: "manual",
    signal: AbortSignal.timeout(timeout),
  });
  const text = method === "HEAD" ? "" : await res.text();
  return { status: res.status, headers: res.headers, text, location: res.headers.get("location") };
}

function sessionCookie(res) {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("launchkit_session="));
  return set ? { pair: set.split(";")[0], full: set } : null;
}

/** The status badge of a kit page (draft, generating, completed, exported). */
function badge(html) {
  return /<span data-tone="\w+"[^>]*>([a-z]+)<\/span>/.exec(html)?.[1] ?? null;
}

async function waitFor(what, fn, { timeout = 60_000, interval = 500 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(interval);
  }
  throw new Failure(`${what}: not within ${timeout / 1000}s${last ? ` (last error: ${last.message})` : ""}`);
}

async function waitHealthy() {
  await waitFor("GET /healthz answers 200", async () => (await http("/healthz", { timeout: 3000 })).status === 200, {
    timeout: 90_000,
  });
  if (isPodman) {
    // No systemd here, so podman does not schedule the HEALTHCHECK: run it by hand.
    const r = await waitFor(
      "the image's HEALTHCHECK passes",
      async () => {
        const h = await eng(["healthcheck", "run", NAME], { allowFail: true, timeout: 30_000 });
        return h.code === 0 ? h : null;
      },
      { timeout: 60_000, interval: 2000 },
    );
    return `healthcheck run: ${r.stdout.trim() || "exit 0"}`;
  }
  const status = await waitFor(
    "docker reports the container healthy",
    async () => {
      const s = (await eng(["inspect", "--format", "{{.State.Health.Status}}", NAME])).stdout.trim();
      if (s === "unhealthy") throw new Failure("container is unhealthy");
      return s === "healthy" ? s : null;
    },
    { timeout: 120_000, interval: 2000 },
  );
  return `health status: ${status}`;
}

async function containerState() {
  const out = (await eng(["inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", NAME])).stdout.trim();
  const [status, code] = out.split(/\s+/);
  return { status, exitCode: Number(code) };
}

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

// ---------------------------------------------------------------- steps

const results = [];
async function step(name, fn) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  try {
    const detail = (await fn()) ?? "";
    results.push({ name, ok: true, ms: Date.now() - t0, detail });
    process.stdout.write(`  ok (${((Date.now() - t0) / 1000).toFixed(1)}s) ${detail}\n`);
  } catch (error) {
    results.push({ name, ok: false, ms: Date.now() - t0, detail: error.message });
    process.stdout.write(`  FAILED: ${error.message}\n`);
    throw error;
  }
}

const email = `docker-${RUN_ID}@example.test`;
const password = `Dock3r-${crypto.randomBytes(6).toString("hex")}`;
const idea1 = `Dockerized bakery ${RUN_ID} for night owls`;
const idea2 = `Interrupted idea ${RUN_ID} for testing`;
const wizard = (idea) => ({
  idea,
  audience: "Night owls who want fresh bread",
  geography: "Lisbon",
  tone: "friendly",
  competitors: "Corner bakeries",
  goal: "waitlist",
  vibe: "cozy",
  intent: "generate",
  step: "2",
});
let cookie = "";
let kit1 = "";
let kit2 = "";
let hostBackup = "";
let port = 0;

async function main() {
  await step("container engine", async () => {
    const forced = process.env.CONTAINER_ENGINE;
    if (forced) engine = forced;
    else if (spawnSync("docker", ["info"], { stdio: "ignore", timeout: 15_000, env: ENGINE_ENV }).status === 0) engine = "docker";
    else if (spawnSync("podman", ["--version"], { stdio: "ignore", timeout: 15_000 }).status === 0) engine = "podman";
    else throw new Failure("neither a Docker engine (docker info) nor podman is available");
    const v = await run(engine, ["--version"], { timeout: 15_000 });
    check(v.code === 0, `${engine} --version failed: ${v.stderr}`);
    isPodman = /podman/i.test(v.stdout);
    return v.stdout.trim();
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
    origin = `http://127.0.0.1:${port}`;
    await eng(["volume", "create", VOLUME]);
    await eng([
      "run", "-d", "--name", NAME,
      "-p", `127.0.0.1:${port}:3000`,
      "-v", `${VOLUME}:/data`,
      "-e", `APP_URL=${origin}`,
      "-e", `ADMIN_EMAILS=${email}`,
      "-e", "TRUST_PROXY=true",
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

  await step("sign up over HTTP", async () => {
    const res = await http("/signup", {
      method: "POST",
      form: { name: "Docker Tester", email, password, confirmPassword: password, acceptTerms: "on" },
    });
    check(res.status === 302 || res.status === 303, `POST /signup answered ${res.status}`);
    check(res.location?.endsWith("/dashboard"), `POST /signup redirected to ${res.location}`);
    const c = sessionCookie(res);
    check(c, "POST /signup set no session cookie");
    check(!/;\s*secure/i.test(c.full), "the session cookie is Secure over plain http");
    cookie = c.pair;
    const dash = await http("/dashboard", { cookie });
    check(dash.status === 200, `GET /dashboard answered ${dash.status}`);
    // ADMIN_EMAILS applies at sign-up.
    const admin = await http("/admin", { cookie });
    check(admin.status === 200, `GET /admin as an ADMIN_EMAILS user answered ${admin.status}`);
    // The generated session secret lives on the volume, readable by node only.
    const secret = (await eng(["exec", NAME, "stat", "-c", "%U %a", "/data/session-secret"], { allowFail: true })).stdout.trim();
    check(secret === "node 600", `/data/session-secret: ${secret || "missing"} (expected node 600)`);
    return `${email}: 302 to /dashboard, cookie set, admin role, /data/session-secret (node 600)`;
  });

  await step("generate a kit (built-in generator)", async () => {
    const res = await http("/wizard", { method: "POST", form: wizard(idea1), cookie });
    check(res.status === 303, `POST /wizard answered ${res.status}`);
    const m = /^(?:https?:\/\/[^/]+)?\/dashboard\/kits\/([\w-]+)$/.exec(res.location ?? "");
    check(m, `POST /wizard redirected to ${res.location}`);
    kit1 = m[1];
    const t0 = Date.now();
    const page = await waitFor(
      "kit status 'completed'",
      async () => {
        const p = await http(`/dashboard/kits/${kit1}`, { cookie });
        check(p.status === 200, `kit page answered ${p.status}`);
        return badge(p.text) === "completed" ? p : null;
      },
      { timeout: 60_000, interval: 500 },
    );
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
    const res = await http("/wizard", { method: "POST", form: wizard(idea2), cookie });
    check(res.status === 303, `POST /wizard answered ${res.status}`);
    kit2 = /\/dashboard\/kits\/([\w-]+)$/.exec(res.location ?? "")?.[1];
    check(kit2, `POST /wizard redirected to ${res.location}`);
    // A live event stream stays open: shutdown must close it, not wait for it.
    const controller = new AbortController();
    const sse = await fetch(`${origin}/kits/${kit2}/events`, { headers: { Cookie: cookie }, signal: controller.signal });
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
    return `exit 0 in ${ms} ms with a generation running and an event stream open`;
  });

  await step("start again: interrupted generation recovered", async () => {
    const health = await startContainer();
    const page = await http(`/dashboard/kits/${kit2}`, { cookie });
    check(page.status === 200, `kit page answered ${page.status}`);
    check(badge(page.text) === "draft", `interrupted kit status: ${badge(page.text)} (expected draft)`);
    check(/interrupted because the server restarted/.test(page.text), "the kit page does not say the generation was interrupted");
    const first = await http(`/dashboard/kits/${kit1}`, { cookie });
    check(badge(first.text) === "completed", `first kit status: ${badge(first.text)}`);
    const logs = await eng(["logs", NAME]);
    check(/Recovered interrupted work: .*[1-9]\d* job\(s\) already in the queue/.test(logs.stdout + logs.stderr), "no recovery line in the logs");
    return `${health}; kit ${kit2} back to draft with the interruption message`;
  });

  await step("restore the backup (README procedure)", async () => {
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
  const rows = results.map((r, i) => [String(i + 1), r.name, r.ok ? "ok" : "FAIL", `${(r.ms / 1000).toFixed(1)}s`, r.detail.split("\n")[0]]);
  const head = ["#", "step", "result", "time", "detail"];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (c === 4 ? 0 : r[c].length))));
  const fmt = (r) => r.map((cell, c) => (c === 4 ? cell : c === 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join("  ");
  console.log(`\n== npm run test:docker: ${ok ? "PASSED" : "FAILED"} ==`);
  console.log(fmt(head));
  for (const r of rows) console.log(fmt(r));
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
