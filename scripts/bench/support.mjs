// Shared helpers of the benchmark scripts: temporary databases, seeding,
// starting the production server, signing in over HTTP.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const PASSWORD = "Bench-Pass-2026";

export function tempDir(prefix = "launchkit-bench-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The same scrypt format as app/features/users/password.server.ts. */
export function hashPassword(password) {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Starts `node server.js` on a free port with its own database; resolves once /healthz answers. */
export async function startServer(dbPath, extraEnv = {}, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: dbPath, OPENAI_API_KEY: "", AI_PROVIDER: "builtin", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, child, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start");
}

export async function stopServer(server) {
  await new Promise((resolve) => {
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });
}

/** Seeds users and kits straight into the database (after the server created the schema). */
export function seed(dbPath, { kits, users = 1, admin = null, kitsUserIndex = 0 }) {
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  const ids = [];
  const insertUser = db.prepare("insert into users (id, email, name, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)");
  const hash = hashPassword(PASSWORD);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < users; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      insertUser.run(id, `user${i}-${id.slice(0, 6)}@bench.test`, `Bench User ${i}`, hash, "user", now, now);
    }
    if (admin) insertUser.run(crypto.randomUUID(), admin, "Bench Admin", hash, "admin", now, now);
  })();
  const insertKit = db.prepare(`insert into launch_kits (id, user_id, status, business_idea, target_audience, geography, tone, competitors,
    primary_goal, brand_vibe, generation_progress, generated_prompt, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const statuses = ["draft", "completed", "exported", "completed"];
  const prompt = "Build a responsive landing page with a bold hero, three benefits, testimonials and a clear call to action. ".repeat(6);
  db.transaction(() => {
    for (let i = 0; i < kits; i++) {
      const t = now - i * 60_000;
      insertKit.run(crypto.randomUUID(), ids[kitsUserIndex % ids.length], statuses[i % 4], `Seeded business idea number ${i}, a "quoted" one, with commas`,
        "Founders, makers", i % 3 ? "Berlin" : null, "bold", i % 5 ? "Rival Inc" : null, "waitlist", "playful", 100, prompt, t, t);
    }
  })();
  db.close();
  return ids;
}

/** Signs in over HTTP like a browser without JavaScript; returns the Cookie header. */
export async function signIn(origin, email) {
  const res = await fetch(`${origin}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password: PASSWORD }),
  });
  const cookie = res.headers.get("set-cookie");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(";")[0];
}

/** Peak resident memory (VmHWM) of a process, in MiB (Linux). */
export function peakRssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024;
}

/** Publishes a kit's landing page as soon as its copy is written (a background asset); returns the slug. */
export async function publishLandingPage(origin, cookie, kitId, slug = "bench-landing") {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${origin}/dashboard/kits/${kitId}/website`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
      body: new URLSearchParams({ intent: "publish", slug }),
    });
    if (res.status === 303) return slug;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the landing page never became publishable");
}

export async function signupCookie(origin, email) {
  const res = await fetch(`${origin}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: new URLSearchParams({ name: "Bench", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }),
  });
  return res.headers.get("set-cookie").split(";")[0];
}

/** Posts the wizard's last step (no JS) and returns the new kit's id. */
export async function postWizard(origin, cookie, answers) {
  const res = await fetch(`${origin}/wizard`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
    body: new URLSearchParams({ ...answers, intent: "generate", step: "2" }),
  });
  const id = res.headers.get("location")?.split("/").pop();
  if (!id) throw new Error(`generate failed: ${res.status}`);
  return id;
}

/** Submits a kit (no-JS form post) and follows its SSE stream; returns timings in ms. */
export async function generateOnce(origin, cookie, idea) {
  const t0 = performance.now();
  const id = await postWizard(origin, cookie, { idea, audience: "Bench users", tone: "bold", goal: "waitlist", vibe: "playful" });
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

/**
 * Waits until nothing of a kit is left to run: no job queued for it and no
 * asset queued or generating (the background assets finish after the
 * "complete" event). A page measured earlier would share the CPU with them.
 */
export async function waitForKitIdle(dbPath, kitId, timeoutMs = 120_000) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const jobs = db.prepare("select count(*) from jobs where kit_id = ?").pluck();
    const pending = db.prepare("select count(*) from kit_assets where kit_id = ? and status in ('queued', 'generating')").pluck();
    for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
      if (jobs.get(kitId) === 0 && pending.get(kitId) === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`kit ${kitId} still generating after ${timeoutMs} ms`);
  } finally {
    db.close();
  }
}
