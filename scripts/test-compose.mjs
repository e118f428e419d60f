#!/usr/bin/env node
// npm run test:compose: proves docker-compose.yml with podman-compose.
//
// Brings the compose file up under a project name of its own (the app image
// is built from this checkout), on two free loopback ports, then:
//   - checks PostgreSQL's and both app instances' health (GET /healthz and
//     the compose health checks) and that the migrations ran once;
//   - signs up and starts a kit through app1, and sees it complete through
//     app2 with the same session;
//   - starts another kit, stops (SIGTERM) the instance running one of its
//     steps (SHUTDOWN_GRACE_MS=1: the step is handed back, not finished),
//     and sees the kit complete through the other one: every asset
//     ready and generated once, one logo, no job left; the stopped instance
//     starts again and is healthy;
//   - brings it all down and removes everything it made: containers, their
//     volumes, the network, and the app image it built (test-specific names).
// Prints a table of the steps and their timings; cleans up on failure and
// Ctrl-C too. When postgres:15 is neither present nor pullable (no container
// registry), a stand-in is built from Debian's PostgreSQL 15
// (scripts/lib/postgres-standin) and put in its place with an override file;
// it is kept for the next run (launchkit-compose-test-postgres:15).
//
// Not part of `npm test` (.ci/run runs it after). Needs podman and
// podman-compose (Debian packages) and DNS for compose service names (the CNI
// dnsname plugin, golang-github-containernetworking-plugin-dnsname, or
// netavark's aardvark-dns: the first step checks);
// ../shared/tools/container-base.sh makes the node base image on a machine
// without a registry. Run it after any change to the Dockerfile or the
// compose file.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { appClient, checkAssetsOnce, kitBadge, signUp, startKit, waitForKitStatus } from "./lib/app-http.mjs";
import { ENGINE_ENV, composeDnsProblem, containerState, run, runChecked, waitContainerHealthy } from "./lib/engine.mjs";
import { freePort } from "./lib/postgres.mjs";
import { Failure, check, createSteps, waitFor } from "./lib/steps.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUN_ID = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
const PROJECT = `launchkit-compose-test-${RUN_ID}`;
const POSTGRES_IMAGE = "postgres:15"; // as docker-compose.yml names it
// Kept between runs, like test:docker's image: building it (apt-get install
// postgresql-15) is a minute of every run; podman's cache rebuilds it when
// scripts/lib/postgres-standin changes.
const STANDIN_IMAGE = "localhost/launchkit-compose-test-postgres:15";
const APP_IMAGE = `localhost/${PROJECT}:latest`;
const TOTAL_TIMEOUT_MS = 45 * 60_000;
const SHUTDOWN_LIMIT_MS = 10_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-test-compose-"));
const started = Date.now();
const { results, step, table } = createSteps();

const composeFiles = [path.join(ROOT, "docker-compose.yml")];
const composeEnv = {
  ...ENGINE_ENV,
  SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  POSTGRES_PASSWORD: crypto.randomBytes(16).toString("hex"),
  LAUNCHKIT_IMAGE: APP_IMAGE,
  // On SIGTERM an instance hands its running steps back at once: the built-in
  // generator finishes any step within the default 5 s grace, and the stopped
  // instance would complete the kit itself, leaving the other nothing to take over.
  SHUTDOWN_GRACE_MS: "1",
  // The built-in generator finishes a kit in about 3 s, less than it takes to
  // see a step running and stop its instance: each of its calls waits 1.5 s
  // here, so the stopped instance is in the middle of a step.
  BUILTIN_DELAY_MS: "1500",
  APP1_PORT: "",
  APP2_PORT: "",
};
// Optional settings the compose file passes through from the environment:
// none of this shell's (an OpenAI key, SMTP) reaches the test's instances.
for (const name of ["APP_URL", "ADMIN_EMAILS", "OPENAI_API_KEY", "SMTP_URL", "MAIL_FROM", "TRUST_PROXY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO"]) {
  delete composeEnv[name];
}
const builtImages = new Set();

// ---------------------------------------------------------------- helpers

const podman = (args, opts = {}) => runChecked("podman", args, opts);

/** podman-compose on this project; output also goes to compose.log. */
async function compose(args, { timeout = 5 * 60_000, allowFail = false, echo } = {}) {
  const full = ["-p", PROJECT, ...composeFiles.flatMap((f) => ["-f", f]), ...args];
  const log = fs.createWriteStream(path.join(tmp, "compose.log"), { flags: "a" });
  log.write(`\n$ podman-compose ${full.join(" ")}\n`);
  const r = await run("podman-compose", full, {
    timeout,
    env: composeEnv,
    cwd: ROOT,
    onLine: (l) => {
      log.write(l + "\n");
      if (echo?.test(l)) process.stdout.write(`  ${l.slice(0, 120)}\n`);
    },
  });
  log.end();
  if (r.code !== 0 && !allowFail) {
    const tail = (r.stdout + r.stderr).trim().split("\n").slice(-30).join("\n");
    throw new Failure(`podman-compose ${args.join(" ")} exited ${r.code}:\n${tail}\n(log: ${path.join(tmp, "compose.log")})`);
  }
  return r;
}

const container = (service) => `${PROJECT}_${service}_1`;
const label = `io.podman.compose.project=${PROJECT}`;

/** psql in the postgres container (local socket), one value per line. */
async function sql(query, ...params) {
  const vars = params.flatMap((p, i) => ["-v", `p${i + 1}=${p}`]);
  const r = await podman(["exec", "-i", container("postgres"), "psql", "-U", "launchkit", "-d", "launchkit", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", ...vars, "-f", "-"], {
    timeout: 30_000,
    input: query,
  });
  return r.stdout.trim() === "" ? [] : r.stdout.trim().split("\n").map((l) => l.split("\t"));
}

/** The kit's jobs: { step, lockedBy } ("" when waiting). */
async function jobsOf(kitId) {
  return (await sql("select step, coalesce(locked_by, '') from jobs where kit_id = :'p1'", kitId)).map(([s, lockedBy]) => ({ step: s, lockedBy }));
}

/** The kit's status, assets { kind, status, version }, logo count and jobs. */
async function kitState(kitId) {
  const status = (await sql("select status from launch_kits where id = :'p1'", kitId))[0]?.[0];
  const assets = (await sql("select kind, status, version from kit_assets where kit_id = :'p1' order by kind", kitId)).map(([kind, s, version]) => ({ kind, status: s, version: Number(version) }));
  const logos = Number((await sql("select count(*) from logo_images where kit_id = :'p1'", kitId))[0][0]);
  return { status, assets, logos, jobs: await jobsOf(kitId) };
}

const apps = {};
let stoppedApp = "";

// ---------------------------------------------------------------- steps

const password = `Compose-${crypto.randomBytes(6).toString("hex")}`;

async function main() {
  await step("podman and podman-compose", async () => {
    const v = await run("podman-compose", ["version"], { timeout: 30_000 }).catch(() => null);
    check(v && v.code === 0, "podman-compose is not installed (Debian package podman-compose)");
    const podmanVersion = (await podman(["--version"])).stdout.trim();
    const backend = (await podman(["info", "--format", "{{.Host.NetworkBackend}}"])).stdout.trim();
    const dns = composeDnsProblem(backend);
    check(dns === null, dns);
    // podman-compose 1.0 lets a .env beside the compose file override the
    // environment it substitutes into the file, the test's values included.
    const dotenv = path.join(ROOT, ".env");
    if (fs.existsSync(dotenv)) {
      const keys = fs.readFileSync(dotenv, "utf8").split("\n").map((l) => /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=/.exec(l)?.[1]).filter(Boolean);
      const clash = keys.filter((k) => ["POSTGRES_PASSWORD", "SESSION_SECRET", "TRUST_PROXY", "LAUNCHKIT_IMAGE", "APP1_PORT", "APP2_PORT"].includes(k));
      check(clash.length === 0, `${dotenv} sets ${clash.join(", ")}, which would override this test's values: move it aside while the test runs`);
    }
    // 1.0.3 prints "podman-composer version  1.0.3" among other lines.
    const composeVersion = /podman-composer? version:?\s+(\S+)/.exec(v.stdout)?.[1] ?? "?";
    return `${podmanVersion}; podman-compose ${composeVersion}; ${backend} networks, service names resolve (${backend === "cni" ? "dnsname plugin" : "aardvark-dns"})`;
  });

  await step("postgres:15 image", async () => {
    if ((await run("podman", ["image", "exists", POSTGRES_IMAGE])).code === 0) return `${POSTGRES_IMAGE} (present)`;
    const pull = await run("podman", ["pull", "-q", POSTGRES_IMAGE], { timeout: 10 * 60_000 });
    if (pull.code === 0) return `${POSTGRES_IMAGE} (pulled)`;
    // No registry: a stand-in in its place, for this run only. (The pull's
    // error is in compose.log, not in the table.)
    fs.appendFileSync(path.join(tmp, "compose.log"), `$ podman pull ${POSTGRES_IMAGE}\n${pull.stderr}\n`);
    const kept = (await run("podman", ["image", "exists", STANDIN_IMAGE])).code === 0;
    await podman(["build", "-q", "-t", STANDIN_IMAGE, "-f", "Containerfile", "."], { timeout: 15 * 60_000, cwd: path.join(ROOT, "scripts/lib/postgres-standin") });
    const override = path.join(tmp, "postgres-standin.yml");
    fs.writeFileSync(override, `services:\n  postgres:\n    image: ${STANDIN_IMAGE}\n`);
    composeFiles.push(override);
    return `${POSTGRES_IMAGE} absent and not pullable here; stand-in ${STANDIN_IMAGE.replace(/^localhost\//, "")} ${kept ? "from the last run (podman's cache checked it against its Containerfile)" : "built"} (Debian's PostgreSQL 15; kept for the next run)`;
  });

  await step("compose up --build", async () => {
    composeEnv.APP1_PORT = String(await freePort());
    composeEnv.APP2_PORT = String(await freePort());
    builtImages.add(APP_IMAGE);
    await compose(["up", "-d", "--build"], { timeout: 30 * 60_000, echo: /^(\[\d+\/\d+\] )?STEP \d+\/\d+: FROM/ });
    const ps = await podman(["ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}} {{.Status}}"]);
    const names = ps.stdout.trim().split("\n").filter(Boolean);
    for (const s of ["postgres", "app1", "app2"]) check(names.some((n) => n.startsWith(`${container(s)} `)), `no container ${container(s)}:\n${ps.stdout}`);
    apps.app1 = appClient(`http://127.0.0.1:${composeEnv.APP1_PORT}`);
    apps.app2 = appClient(`http://127.0.0.1:${composeEnv.APP2_PORT}`);
    const size = Number((await podman(["image", "inspect", "--format", "{{.Size}}", APP_IMAGE])).stdout.trim());
    const builds = (fs.readFileSync(path.join(tmp, "compose.log"), "utf8").match(/^podman build /gm) ?? []).length;
    check(builds === 1, `the app image was built ${builds} times (expected once, by app1)`);
    return `project ${PROJECT}: postgres, app1 on ${apps.app1.origin}, app2 on ${apps.app2.origin}; one app image (${(size / 1e6).toFixed(0)} MB) built by app1, run by both`;
  });

  await step("health: PostgreSQL and both app instances", async () => {
    const t0 = Date.now();
    for (const s of ["app1", "app2"]) {
      await waitFor(`GET /healthz on ${s}`, async () => (await apps[s].request("/healthz", { timeout: 3000 })).status === 200, { timeout: 120_000 });
    }
    const up = ((Date.now() - t0) / 1000).toFixed(1);
    // The compose file's health checks (podman without systemd runs them on demand).
    for (const s of ["postgres", "app1", "app2"]) await waitContainerHealthy("podman", true, container(s));
    const restarts = [];
    for (const s of ["app1", "app2"]) {
      const n = Number((await podman(["inspect", "--format", "{{.RestartCount}}", container(s)])).stdout.trim());
      if (n) restarts.push(`${s} restarted ${n}x while PostgreSQL started`);
    }
    const migrations = Number((await sql("select count(*) from drizzle.__drizzle_migrations"))[0][0]);
    const files = fs.readdirSync(path.join(ROOT, "drizzle/pg")).filter((f) => f.endsWith(".sql")).length;
    check(migrations === files, `${migrations} migrations recorded, expected ${files} (each applied once)`);
    for (const s of ["app1", "app2"]) {
      const logs = await podman(["logs", container(s)]);
      check(/LaunchKit listening on .*\(builtin generator\)/.test(logs.stdout + logs.stderr), `no 'LaunchKit listening ... (builtin generator)' line in ${s}'s logs`);
    }
    return `/healthz 200 on both after ${up}s; compose health checks pass (postgres, app1, app2); ${migrations} migrations applied once${restarts.length ? `; ${restarts.join(", ")}` : ""}`;
  });

  let cookie = "";
  await step("sign up through app1, the kit seen through app2", async () => {
    const email = `compose-${RUN_ID}@example.test`;
    const { cookie: c } = await signUp(apps.app1, { name: "Compose Tester", email, password });
    cookie = c.pair;
    const dash = await apps.app2.request("/dashboard", { cookie });
    check(dash.status === 200 && dash.text.includes("Compose Tester"), `GET /dashboard on app2 with app1's session answered ${dash.status}`);
    const idea = `Compose bakery ${RUN_ID} for night owls`;
    const kitId = await startKit(apps.app1, cookie, idea);
    const t0 = Date.now();
    const page = await waitForKitStatus(apps.app2, cookie, kitId, "completed");
    check(page.text.includes(idea), "app2's kit page does not show the idea");
    const state = await waitFor(`kit ${kitId}: no job left`, async () => {
      const s = await kitState(kitId);
      return s.jobs.length === 0 && s.assets.every((a) => a.status !== "queued" && a.status !== "generating") ? s : null;
    });
    const once = checkAssetsOnce(kitId, state.assets, state.logos);
    const logo = await apps.app2.request(`/kits/${kitId}/logo`, { cookie });
    check(logo.status === 200, `logo on app2 answered ${logo.status}`);
    return `signed up on app1, session valid on app2; kit completed ${((Date.now() - t0) / 1000).toFixed(1)}s after the wizard, seen on app2: ${once}`;
  });

  await step("stop an instance mid-generation: the kit completes on the other", async () => {
    // Whichever instance takes a step of the new kit is the one stopped.
    const hostnames = {};
    for (const s of ["app1", "app2"]) hostnames[s] = (await podman(["inspect", "--format", "{{.Config.Hostname}}", container(s)])).stdout.trim();
    const kitId = await startKit(apps.app1, cookie, `Compose interrupted idea ${RUN_ID}`);
    const { victim, held } = await waitFor(
      "an instance running a step of the kit",
      async () => {
        const running = (await jobsOf(kitId)).filter((j) => j.lockedBy);
        const host = running[0]?.lockedBy.split(":")[0];
        const victim = Object.keys(hostnames).find((k) => hostnames[k] === host);
        return victim ? { victim, held: running.filter((j) => j.lockedBy.startsWith(`${host}:`)).map((j) => j.step) } : null;
      },
      { timeout: 30_000, interval: 50 },
    );
    stoppedApp = victim;
    const other = victim === "app1" ? "app2" : "app1";
    const t0 = Date.now();
    await podman(["stop", "-t", "15", container(victim)], { timeout: 60_000 });
    const ms = Date.now() - t0;
    const left = await kitState(kitId);
    const unfinished = left.assets.filter((a) => a.status !== "ready").length;
    check(left.jobs.length > 0 || unfinished > 0, `${victim} finished the kit before it exited: nothing was left for ${victim === "app1" ? "app2" : "app1"}`);
    const state = await containerState("podman", container(victim));
    check(state.exitCode === 0, `${victim} exited ${state.exitCode} on SIGTERM (expected 0)`);
    check(ms < SHUTDOWN_LIMIT_MS, `${victim} took ${ms} ms to stop (limit ${SHUTDOWN_LIMIT_MS})`);
    const logs = await podman(["logs", container(victim)]);
    check(/SIGTERM received/.test(logs.stdout + logs.stderr) && /Shut down cleanly/.test(logs.stdout + logs.stderr), `no 'SIGTERM received' / 'Shut down cleanly' in ${victim}'s logs`);
    check((await apps[victim].request("/healthz", { timeout: 3000 }).catch(() => null)) === null, `${victim} still answers after it stopped`);
    const t1 = Date.now();
    await waitForKitStatus(apps[other], cookie, kitId, "completed");
    const done = await waitFor(`kit ${kitId}: no job left`, async () => {
      const s = await kitState(kitId);
      return s.jobs.length === 0 && s.assets.every((a) => a.status !== "queued" && a.status !== "generating") ? s : null;
    });
    const once = checkAssetsOnce(kitId, done.assets, done.logos);
    const page = await apps[other].request(`/dashboard/kits/${kitId}`, { cookie });
    check(kitBadge(page.text) === "completed", `kit page on ${other}: ${kitBadge(page.text)}`);
    return `${victim} ran ${held.join(", ")}; SIGTERM: exit 0 in ${ms} ms, its steps handed back (${unfinished} of ${left.assets.length} assets unfinished, ${left.jobs.length} job(s) queued); completed through ${other} ${((Date.now() - t1) / 1000).toFixed(1)}s later: ${once}, no job left`;
  });

  await step("the stopped instance starts again", async () => {
    const stopped = stoppedApp;
    await podman(["start", container(stopped)], { timeout: 60_000 });
    await waitFor(`GET /healthz on ${stopped}`, async () => (await apps[stopped].request("/healthz", { timeout: 3000 })).status === 200, { timeout: 90_000 });
    await waitContainerHealthy("podman", true, container(stopped));
    return `${stopped}: /healthz 200, compose health check passes`;
  });

  await step("compose down: everything removed", async () => {
    const t0 = Date.now();
    const volumes = await projectVolumes();
    await compose(["down", "-v"], { timeout: 2 * 60_000 });
    const down = ((Date.now() - t0) / 1000).toFixed(1);
    const leftovers = await removeLeftovers(volumes);
    check(leftovers.length === 0, `left behind: ${leftovers.join(", ")}`);
    cleaned = true;
    const anonymous = [...volumes].filter((v) => !v.startsWith(PROJECT)).length;
    return `compose down -v ${down}s, then the rest; containers, volume ${PROJECT}_postgres-data and ${anonymous} anonymous /data volume(s), network ${PROJECT}_default and ${builtImages.size} image tag(s) (${[...builtImages].map((i) => i.replace(/^localhost\//, "")).join(", ")}) removed`;
  });
}

// ---------------------------------------------------------------- cleanup, summary

const list = async (args) => (await run("podman", args, { timeout: 60_000 })).stdout.trim().split("\n").filter(Boolean);

/**
 * Every volume the project's containers mount: its named volume and the
 * anonymous ones the image's VOLUME /data gives each app container (compose
 * down -v, in podman-compose 1.0, removes only the named one).
 */
async function projectVolumes() {
  const volumes = new Set();
  for (const id of await list(["ps", "-aq", "--filter", `label=${label}`])) {
    const r = await run("podman", ["inspect", "--format", "{{range .Mounts}}{{if eq .Type \"volume\"}}{{.Name}} {{end}}{{end}}", id]);
    for (const name of r.stdout.trim().split(/\s+/).filter(Boolean)) volumes.add(name);
  }
  return volumes;
}

/**
 * Removes what compose down leaves (podman-compose 1.0 keeps the network and
 * the anonymous volumes) and the images built here; returns what is still there.
 */
async function removeLeftovers(volumes) {
  for (const id of await list(["ps", "-aq", "--filter", `label=${label}`])) await run("podman", ["rm", "-f", "-v", "-t", "0", id], { timeout: 60_000 });
  for (const v of await list(["volume", "ls", "-q", "--filter", `label=${label}`])) volumes.add(v);
  for (const v of volumes) await run("podman", ["volume", "rm", "-f", v], { timeout: 60_000 });
  for (const n of await list(["network", "ls", "-q", "--filter", `label=${label}`])) await run("podman", ["network", "rm", "-f", n], { timeout: 60_000 });
  // Only the images this run built, by their test-specific names: a layer
  // shared with another image (launchkit:test-docker) stays with it.
  for (const image of builtImages) if ((await run("podman", ["image", "exists", image])).code === 0) await run("podman", ["rmi", image], { timeout: 120_000 });
  return [
    ...(await list(["ps", "-a", "--format", "{{.Names}}", "--filter", `label=${label}`])).map((n) => `container ${n}`),
    ...[...volumes].filter((v) => spawnSync("podman", ["volume", "exists", v]).status === 0).map((v) => `volume ${v}`),
    ...(await list(["network", "ls", "--format", "{{.Name}}", "--filter", `label=${label}`])).map((n) => `network ${n}`),
    ...[...builtImages].filter((i) => spawnSync("podman", ["image", "exists", i]).status === 0).map((i) => `image ${i}`),
  ];
}

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  const volumes = await projectVolumes().catch(() => new Set());
  await compose(["down", "-v"], { timeout: 2 * 60_000, allowFail: true }).catch(() => null);
  await removeLeftovers(volumes).catch((error) => console.error(`cleanup: ${error.message}`));
}

function summary(ok) {
  console.log(`\n== npm run test:compose: ${ok ? "PASSED" : "FAILED"} ==`);
  console.log(table());
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)}s; project ${PROJECT}; containers, volume, network and built images removed`);
  if (!ok) console.log(`work files kept in ${tmp}`);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    console.error(`\n${signal}: removing project ${PROJECT}...`);
    results.push({ name: `interrupted (${signal})`, ok: false, ms: 0, detail: "" });
    await cleanup();
    summary(false);
    process.exit(130);
  });
}
const overall = setTimeout(async () => {
  console.error(`\nGave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes.`);
  results.push({ name: "overall timeout", ok: false, ms: TOTAL_TIMEOUT_MS, detail: "" });
  await cleanup();
  summary(false);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
overall.unref();

let ok = false;
try {
  await main();
  ok = true;
} catch (error) {
  if (!(error instanceof Failure)) console.error(error);
  for (const s of ["postgres", "app1", "app2"]) {
    const logs = await run("podman", ["logs", "--tail", "25", container(s)], { timeout: 20_000 }).catch(() => null);
    if (logs?.code === 0) console.log(`\nLast log lines of ${s}:\n${(logs.stdout + logs.stderr).trim()}`);
  }
} finally {
  await cleanup();
}
summary(ok);
if (ok) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
