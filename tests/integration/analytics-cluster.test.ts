import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { analyticsHourly } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { freePort } from "../../scripts/bench/support.mjs";
import { founder, kitFor, workspace } from "../support/landing-routes";

/**
 * Two LaunchKit instances (two server processes on this test's database,
 * SQLite file or PostgreSQL) count visits to the same published page; each
 * is stopped right after its last answer, before its flush interval came:
 * the stored views are exactly the requests both answered, and a visitor
 * who went to both instances is one visitor.
 *
 * The servers are Vite dev servers (no production build needed), so two
 * things differ from production: their page cache is off (the cache's hit
 * path is counted in e2e and in `npm run bench`), and they are stopped with
 * SIGINT, which server.js handles exactly like SIGTERM (`stop()`), because
 * under the dev server Vite answers SIGTERM itself by exiting at once. The
 * production build's SIGTERM is the one `npm run bench` sends before it
 * compares the stored views with the requests it made.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const children: ChildProcess[] = [];

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => {
  setProviderForTests(undefined);
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

async function instance() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js", "--dev"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    // TRUST_PROXY: each simulated visitor sends its own X-Forwarded-For. JOB_WORKERS=0: these instances only serve.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", AI_PROVIDER: "builtin", OPENAI_API_KEY: "", TRUST_PROXY: "true", JOB_WORKERS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600 || child.exitCode !== null) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { origin, child, exited, output: () => out };
}

it("two instances stopped gracefully (SIGINT, handled as SIGTERM) store exactly the views both answered", { timeout: 240_000 }, async () => {
  const { user, cookie } = await founder("cluster");
  const kit = await kitFor(user.id);
  const slug = `cluster-${Date.now()}`;
  expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  const pageId = (await landingPageOf(kit.id))!.pageId!;

  // One after the other: a dev server writes the route types on start-up, two at once collide.
  const a = await instance();
  const b = await instance();
  // The dev server compiles the page's modules on its first request (not counted: a bot's).
  for (const s of [a, b]) expect((await fetch(`${s.origin}/p/${slug}`, { headers: { "User-Agent": "curl/8.5.0" } })).status).toBe(200);

  const visit = async (origin: string, ip: string, query = "") => {
    const res = await fetch(`${origin}/p/${slug}${query}`, { headers: { "User-Agent": CHROME, "X-Forwarded-For": ip } });
    await res.arrayBuffer();
    return res.status;
  };
  let answered = 0;
  const run = async (origin: string, ips: string[], n: number) => {
    for (let i = 0; i < n; i++) if ((await visit(origin, ips[i % ips.length]!, i % 5 === 0 ? "?utm_source=newsletter" : "")) === 200) answered++;
  };
  // Instance a sees visitors 1–3, instance b visitors 3–5: visitor 3 goes to both.
  await Promise.all([
    run(a.origin, ["198.51.100.1", "198.51.100.2", "198.51.100.3"], 60),
    run(b.origin, ["198.51.100.3", "198.51.100.4", "198.51.100.5"], 45),
  ]);
  expect(answered).toBe(105);

  // Stopped at once: what they gathered since their last flush is written by the shutdown.
  a.child.kill("SIGINT");
  b.child.kill("SIGINT");
  expect(await a.exited).toBe(0);
  expect(await b.exited).toBe(0);
  expect(a.output()).toContain("Shut down cleanly");

  const [row] = await getDb()
    .select({ views: sql<number>`sum(${analyticsHourly.views})`, visitors: sql<number>`sum(${analyticsHourly.visitors})` })
    .from(analyticsHourly)
    .where(eq(analyticsHourly.pageId, pageId));
  expect({ views: Number(row!.views), visitors: Number(row!.visitors) }).toEqual({ views: 105, visitors: 5 });
  const [newsletter] = await getDb()
    .select({ views: sql<number>`sum(${analyticsHourly.views})`, visitors: sql<number>`sum(${analyticsHourly.visitors})` })
    .from(analyticsHourly)
    .where(sql`${analyticsHourly.pageId} = ${pageId} and ${analyticsHourly.source} = 'newsletter'`);
  // Every view counts under its visitor's first source of the day: visitor 1 came from the newsletter on a (its 20 views);
  // visitor 3 came from it on b but directly on a, and is the newsletter's (all 35 views) only if b wrote them first.
  expect([
    { views: 20, visitors: 1 },
    { views: 55, visitors: 2 },
  ]).toContainEqual({ views: Number(newsletter!.views), visitors: Number(newsletter!.visitors) });
});
