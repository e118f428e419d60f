// PostgreSQL only (the postgres project): what several instances sharing one
// database rely on, tried with real connections to the test server.
import { execFile } from "node:child_process";
import type { IncomingMessage } from "node:http";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { eq, is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import pg from "pg";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dialect, getDb, migratePostgres, pgPool } from "~/platform/db/client.server";
import { jobs } from "~/platform/db/schema";
import { startEventRelay, subscribe, type KitEvent } from "~/kit/runner/events.server";
import { MAX_CONCURRENT_PER_USER, startGeneration } from "~/kit/runner/commands.server";
import { claim, complete, enqueue, jobId, kitConcurrency, pauseWorkers, WORKER_ID } from "~/platform/jobs/queue.server";
import { createCallLimiter } from "~/ai/limits.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { createTestDatabase } from "../support/test-database";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { configurePageCache, invalidatePrefix, pageCacheSize, pageCacheTicket, registerCacheablePages, storePage } from "~/platform/render/page-cache.server";

const adminUrl = inject("postgresAdminUrl");
const input: WizardInput = { idea: "Mobile dog grooming for busy owners", audience: "Busy dog owners", tone: "friendly", goal: "waitlist", vibe: "playful" } as WizardInput;

async function freshDatabase() {
  return (await createTestDatabase(adminUrl, "launchkit_extra")).url;
}

let userId: string;
beforeAll(async () => {
  // No workers in this file: jobs stay where the tests put them.
  await pauseWorkers();
  userId = (await createUser({ name: "Pg", email: "pg@example.com", password: "Secret123" })).id;
});

describe("PostgreSQL", () => {
  it("runs on PostgreSQL in this project", () => {
    expect(dialect()).toBe("postgres");
  });

  it("has the same tables and columns as the SQLite schema", async () => {
    const sqlite = new Database(":memory:");
    migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
    const sqliteColumns = (sqlite
      .prepare("select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '__drizzle%' order by 1, 2")
      .all() as Array<{ t: string; c: string }>).map((r) => `${r.t}.${r.c}`);
    sqlite.close();
    const pgColumns = (
      await pgPool().query("select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' order by 1, 2")
    ).rows.map((r) => `${r.t}.${r.c}`);
    expect(pgColumns).toEqual(sqliteColumns);
    expect(pgColumns.length).toBeGreaterThan(80);
    // npm run db:copy moves every one of them (a table added later and not listed there would be left behind).
    const listed = fs.readFileSync("scripts/db-copy.mjs", "utf8").match(/const TABLES = \[([^\]]*)\]/)![1]!.match(/"[a-z_]+"/g)!.map((t) => t.slice(1, -1));
    expect([...listed].sort()).toEqual([...new Set(sqliteColumns.map((c) => c.split(".")[0]!))].sort());
  });

  it("three instances migrating at once: exactly one applies each migration", async () => {
    const url = await freshDatabase();
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: url, max: 2 }));
    await Promise.all(pools.map((p) => migratePostgres(p)));
    const applied = (await pools[0]!.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n;
    expect(applied).toBe(fs.readdirSync("drizzle/pg").filter((f) => f.endsWith(".sql")).length);
    const tables = (await pools[0]!.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0].n;
    // Every table of the schema, once (reserved_slugs, app_settings and scheduled_runs came with migration 0001).
    expect(tables).toBe(Object.values(await import("~/platform/db/schema.pg")).filter((v) => is(v, PgTable)).length);
    await Promise.all(pools.map((p) => p.end()));
  });
});

describe("the job queue across instances", () => {
  it("a job whose instance died is claimed again after its lease, with the attempt counted", async () => {
    const kit = await createKit(userId, input);
    await getDb().insert(jobs).values({ id: jobId(kit.id, "brand"), kitId: kit.id, step: "brand", orderKey: "0", attempts: 1, lockedBy: "dead-host:1:x", leaseUntil: new Date(Date.now() - 1000) });
    const job = await claim();
    expect(job).toMatchObject({ id: jobId(kit.id, "brand"), lockedBy: WORKER_ID, attempts: 2 });
    expect(job!.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 25_000);
    await complete(job!.id);
  });

  it("a live lease is never claimed; a kit's independent steps are claimed at once, in the plan's order", async () => {
    const a = await createKit(userId, input);
    const b = await createKit(userId, input);
    await getDb().insert(jobs).values({ id: jobId(a.id, "brand"), kitId: a.id, step: "brand", orderKey: "0", attempts: 1, lockedBy: "other-host:2:y", leaseUntil: new Date(Date.now() + 30_000) });
    await enqueue(a.id, [{ step: "social" }]);
    await enqueue(b.id, [{ step: "research" }, { step: "deck" }, { step: "social" }, { step: "calendar" }, { step: "ads" }]);
    // Claims from "instances" at once: a's social waits for its running brand, b's deck for its
    // research and b's calendar for its social; b's three independent steps go at once.
    const claimed = (await Promise.all(Array.from({ length: 6 }, () => claim()))).filter(Boolean);
    expect(claimed.map((j) => j!.id).sort()).toEqual([jobId(b.id, "ads"), jobId(b.id, "research"), jobId(b.id, "social")].sort());
    expect(await claim()).toBeNull();
    await complete(jobId(b.id, "research"));
    expect((await claim())!.id).toBe(jobId(b.id, "deck"));
    await complete(jobId(b.id, "social"));
    expect((await claim())!.id).toBe(jobId(b.id, "calendar"));
    await getDb().delete(jobs);
  });

  it("runs at most KIT_CONCURRENCY jobs of one kit across instances, and never the same step twice at once", async () => {
    const kit = await createKit(userId, input);
    const steps = Array.from({ length: kitConcurrency() + 3 }, (_, i) => ({ step: `part${i}` }));
    await enqueue(kit.id, steps);
    const claimed = (await Promise.all(steps.map(() => claim()))).filter(Boolean);
    expect(claimed).toHaveLength(kitConcurrency());
    // A founder's second Regenerate of a running step waits for the first.
    await enqueue(kit.id, [{ step: claimed[0]!.step, salt: "again", priority: 1 }]);
    await complete(claimed[1]!.id);
    const next = await claim();
    expect(next!.step).not.toBe(claimed[0]!.step);
    await getDb().delete(jobs);
  });

  it("holds the per-user limit of concurrent generations when requests race", async () => {
    const user = (await createUser({ name: "Racer", email: "racer@example.com", password: "Secret123" })).id;
    const kits = await Promise.all(Array.from({ length: 6 }, () => createKit(user, input)));
    const results = await Promise.all(kits.map((k) => startGeneration(k, { limit: true })));
    expect(results.filter((r) => r === null)).toHaveLength(MAX_CONCURRENT_PER_USER);
    expect(results.filter((r) => r !== null)).toHaveLength(6 - MAX_CONCURRENT_PER_USER);
    const generating = (await Promise.all(kits.map((k) => getKit(k.id)))).filter((k) => k!.status === "generating");
    expect(generating).toHaveLength(MAX_CONCURRENT_PER_USER);
    await getDb().delete(jobs);
  });
});

describe("AI calls across instances", () => {
  it("holds AI_CONCURRENCY_CLUSTER for all instances together, and frees a slot when its call ends or fails", async () => {
    // Two "instances", each allowed 3 calls, sharing 2 slots in the database.
    const limits = { concurrency: 3, clusterConcurrency: 2, retryWindowMs: 0 };
    const one = createCallLimiter(limits, process.env.DATABASE_URL);
    const two = createCallLimiter(limits, process.env.DATABASE_URL);
    let inFlight = 0;
    let peak = 0;
    const call = (fail = false) => async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 120));
      inFlight--;
      if (fail) throw new Error("provider down");
      return "ok";
    };
    const results = await Promise.allSettled([
      ...[0, 1, 2].map((i) => one.run(call(i === 0))),
      ...[0, 1, 2].map(() => two.run(call())),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(peak).toBe(2);
    await Promise.all([one.close(), two.close()]);
  });
});

describe("events between instances (LISTEN/NOTIFY)", () => {
  it("an event published here reaches the other instances, and theirs reach this one's streams", async () => {
    await startEventRelay();
    const kit = await createKit(userId, input);
    const other = new pg.Client(adminUrl.replace(/\/postgres$/, `/${new URL(process.env.DATABASE_URL!).pathname.slice(1)}`));
    await other.connect();
    const heard: string[] = [];
    other.on("notification", (m) => heard.push(m.payload!));
    await other.query("listen launchkit_events");

    const received: KitEvent[] = [];
    const unsubscribe = subscribe(kit.id, (e) => received.push(e));
    // "Another instance" publishes: a progress event and a long prompt-final sent as a reference to the row.
    await getDb().update((await import("~/platform/db/schema")).launchKits).set({ generatedPrompt: "P".repeat(9000) }).where(eq((await import("~/platform/db/schema")).launchKits.id, kit.id));
    await other.query("select pg_notify('launchkit_events', $1)", [JSON.stringify({ t: "event", k: kit.id, d: { type: "progress", progress: 30, statusText: "Writing", status: "generating" }, o: "other" })]);
    await other.query("select pg_notify('launchkit_events', $1)", [JSON.stringify({ t: "event", k: kit.id, d: { type: "prompt-final", prompt: null }, o: "other" })]);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
    expect(received[0]).toEqual({ type: "progress", progress: 30, statusText: "Writing", status: "generating" });
    expect(received[1]).toEqual({ type: "prompt-final", prompt: "P".repeat(9000) });

    // This instance publishes: the other one hears it, in order.
    const { publish } = await import("~/kit/runner/events.server");
    publish(kit.id, { type: "prompt", delta: "Hello" });
    publish(kit.id, { type: "prompt", delta: " world" });
    const deltasHeard = () => heard.map((p) => JSON.parse(p)).filter((e) => e.k === kit.id && e.d.type === "prompt").map((e) => e.d.delta);
    await expect.poll(() => deltasHeard().length, { timeout: 5000 }).toBe(2);
    const deltas = deltasHeard();
    expect(deltas).toEqual(["Hello", " world"]);
    unsubscribe();
    await other.end();
  });
});

describe("page-cache invalidations between instances", () => {
  it("a page edited on another instance leaves this one's cache, and this one's edits reach the others", async () => {
    await startEventRelay();
    configurePageCache({ ttlSeconds: 60, trustProxy: false });
    registerCacheablePages("/p/relay-test");
    const req = { method: "GET", url: "/p/relay-test", headers: {} } as unknown as IncomingMessage;
    await storePage(pageCacheTicket(req)!, { status: 200, headers: new Headers({ "Content-Type": "text/html" }), body: Buffer.from("<p>published</p>") });
    expect(pageCacheSize()).toBe(1);

    const other = new pg.Client(process.env.DATABASE_URL);
    await other.connect();
    const heard: Array<{ t: string; d: unknown; o: string }> = [];
    other.on("notification", (m) => heard.push(JSON.parse(m.payload!)));
    await other.query("listen launchkit_events");
    // The other instance unpublished the page.
    await other.query("select pg_notify('launchkit_events', $1)", [JSON.stringify({ t: "cache", k: "", d: { op: "page", path: "/p/relay-test" }, o: "other" })]);
    await expect.poll(() => pageCacheSize(), { timeout: 5000 }).toBe(0);
    // This instance drops a prefix: the other instances hear it.
    invalidatePrefix("/p/");
    await expect.poll(() => heard.filter((e) => e.t === "cache" && e.o !== "other").map((e) => e.d), { timeout: 5000 }).toEqual([{ op: "prefix", path: "/p/" }]);
    await other.end();
  });
});

describe("rate limits across instances", () => {
  it("two instances' limiters count the same hits", async () => {
    const a = new RateLimiter({ name: "pg-test", limit: 5, windowMs: 60_000 });
    const b = new RateLimiter({ name: "pg-test", limit: 5, windowMs: 60_000 });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await (i % 2 ? b : a).hit("someone@example.com"));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(await b.isLimited("someone@example.com")).toBe(true);
    // Racing hits never let more than the limit through.
    const c = new RateLimiter({ name: "pg-race", limit: 3, windowMs: 60_000 });
    const d = new RateLimiter({ name: "pg-race", limit: 3, windowMs: 60_000 });
    const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? c : d).hit("x")));
    expect(raced.filter(Boolean)).toHaveLength(3);
  });
});

describe("npm run db:copy", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-copy-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("copies a SQLite database into an empty PostgreSQL one, rows and logo bytes checked, and refuses a second time", async () => {
    const file = path.join(dir, "launchkit.db");
    const sqlite = new Database(file);
    migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
    const now = Date.now();
    const logo = crypto.randomBytes(5000);
    sqlite.prepare("insert into users (id, email, name, password_hash, created_at, updated_at) values ('u1', 'a@example.com', 'Ada', 'hash', ?, ?)").run(now, now);
    sqlite.prepare("insert into launch_kits (id, user_id, status, business_idea, target_audience, tone, primary_goal, brand_vibe, generation_metadata, created_at, updated_at) values ('k1', 'u1', 'completed', 'Idea', 'Aud', 'bold', 'waitlist', 'playful', ?, ?, ?)").run(JSON.stringify({ logo_reasoning: { b: 1, a: 2 } }), now, now);
    sqlite.prepare("insert into logo_images (kit_id, content_type, data, created_at) values ('k1', 'image/png', ?, ?)").run(logo, now);
    sqlite.prepare("insert into kit_assets (kit_id, kind, status, content, version, created_at, updated_at) values ('k1', 'brand', 'ready', ?, 1, ?, ?)").run(JSON.stringify({ name: "Groomwell" }), now, now);
    sqlite.prepare("insert into landing_pages (kit_id, slug, published, indexable, created_at, updated_at) values ('k1', 'groomwell', 1, 0, ?, ?)").run(now, now);
    sqlite.prepare("insert into leads (id, kit_id, email, created_at) values ('l1', 'k1', 'lead@example.com', ?)").run(now);
    // Tables of later features: the page's e-mail, its referral waitlist, the mail links' key and an agent's token.
    sqlite.prepare("insert into email_sequences (kit_id, enabled, double_opt_in, created_at, updated_at) values ('k1', 1, 1, ?, ?)").run(now, now);
    sqlite.prepare("insert into email_enrolments (lead_id, kit_id, status, unsubscribe_token, confirmed_at, created_at, updated_at) values ('l1', 'k1', 'active', 'tok', ?, ?, ?)").run(now, now, now);
    sqlite.prepare("insert into waitlists (kit_id, enabled, rewards, updated_at) values ('k1', 1, ?, ?)").run(JSON.stringify([{ referrals: 3, reward: "Early access" }]), now);
    sqlite.prepare("insert into app_settings (key, value) values ('copied', 'yes')").run();
    sqlite.prepare("insert into access_tokens (id, user_id, name, token_hash, prefix, created_at) values ('t1', 'u1', 'agent', 'hash', 'lk_pat_ab', ?)").run(now);
    sqlite.close();

    const url = await freshDatabase();
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ["scripts/db-copy.mjs"], { env: { ...process.env, ...env } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const first = await run({ DATABASE_PATH: file, DATABASE_URL: url });
    expect(first.out).toContain("Checked: every table has the same number of rows, and 1 logo(s) are byte for byte the same.");
    expect(first.code).toBe(0);

    const target = new pg.Client(url);
    await target.connect();
    const kit = (await target.query("select * from launch_kits where id = 'k1'")).rows[0];
    expect(kit.created_at.getTime()).toBe(now);
    expect(kit.generation_metadata).toEqual({ logo_reasoning: { b: 1, a: 2 } });
    expect(Object.keys(kit.generation_metadata.logo_reasoning)).toEqual(["b", "a"]);
    expect((await target.query("select data from logo_images where kit_id = 'k1'")).rows[0].data.equals(logo)).toBe(true);
    expect((await target.query("select double_opt_in from email_sequences where kit_id = 'k1'")).rows[0].double_opt_in).toBe(true);
    expect((await target.query("select confirmed_at from email_enrolments where lead_id = 'l1'")).rows[0].confirmed_at.getTime()).toBe(now);
    expect((await target.query("select rewards from waitlists where kit_id = 'k1'")).rows[0].rewards).toEqual([{ referrals: 3, reward: "Early access" }]);
    expect((await target.query("select value from app_settings where key = 'copied'")).rows[0].value).toBe("yes");
    expect((await target.query("select name from access_tokens where id = 't1'")).rows[0].name).toBe("agent");
    expect((await target.query("select published, indexable from landing_pages")).rows[0]).toEqual({ published: true, indexable: false });
    expect((await target.query("select content from kit_assets")).rows[0].content).toEqual({ name: "Groomwell" });
    await target.end();

    const second = await run({ DATABASE_PATH: file, DATABASE_URL: url });
    expect(second.code).toBe(1);
    expect(second.out).toContain("not empty");
    const bad = await run({ DATABASE_PATH: file, DATABASE_URL: "" });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain("DATABASE_URL must be");
  });
});
