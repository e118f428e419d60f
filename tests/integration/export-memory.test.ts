import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { logoImages, users } from "~/platform/db/schema";
import { queueAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { createKit, updateKit } from "~/kit/kits.server";
import { createUser } from "~/features/users/users.server";
import { freePort, PASSWORD, signIn } from "../../scripts/bench/support.mjs";
import { makeBrand, makeDeck, makeLogo } from "../support/kit-fixtures";

/**
 * The ZIP is streamed: exporting a big kit (100 social posts, a 2 MB logo
 * image) again and again, several at once, must not grow the server's memory.
 * The server is LaunchKit itself in a child process (the Vite dev server, so
 * no production build is needed), on this test's database; its resident
 * memory is read from /proc.
 */

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGTERM");
});

const MiB = 1024 * 1024;

const report = path.join(path.dirname(process.env.DATABASE_PATH!), "memory.json");

/** The server's memory after a full collection (tests/support/gc-on-signal.mjs writes it). */
async function settled(pid: number): Promise<{ rss: number; heapUsed: number; external: number; arrayBuffers: number }> {
  fs.rmSync(report, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(report); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(fs.readFileSync(report, "utf8"));
}

function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))![1]) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

async function seedBigKit(userId: string) {
  const kit = await createKit(userId, { idea: "Mobile dog grooming van for busy pet owners", audience: "Busy owners", geography: "", tone: "friendly", competitors: "", goal: "book calls", vibe: "cozy" });
  const brand = makeBrand();
  for (const [kind, content] of [
    ["brand", brand],
    ["logo", makeLogo()],
    ["deck", makeDeck(brand)],
    // The social kind's real schema belongs to its own module; this is just a big row.
    ["social", { posts: Array.from({ length: 100 }, (_, i) => ({ platform: ["x", "linkedin", "instagram"][i % 3], day: i, text: `Post ${i}: ${"Grooming that comes to your door. ".repeat(8)}`, hashtags: ["#dogs", "#grooming"] })) }],
  ] as const) {
    await queueAsset(kit.id, kind);
    await saveAssetContent(kit.id, kind, content);
  }
  // A 2 MB concept-art image that does not compress.
  const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), crypto.randomBytes(2 * MiB)]);
  await getDb().insert(logoImages).values({ kitId: kit.id, contentType: "image/png", data: png });
  await updateKit(kit.id, { status: "completed", generationProgress: 100, generatedPrompt: "Build a landing page. ".repeat(40) });
  return kit.id;
}

it("exports of a kit with 100 posts and a 2 MB logo keep the server's memory flat", { timeout: 300_000 }, async () => {
  const email = "memory@example.com";
  const user = await createUser({ name: "Memory", email, password: PASSWORD });
  const kitId = await seedBigKit(user.id);
  // The ZIP is part of the paid plans.
  await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, user.id));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--expose-gc", "--import", "./tests/support/gc-on-signal.mjs", "server.js", "--dev"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    // Two malloc arenas: resident memory then follows what is in use, not what zlib's and the driver's threads once held.
    env: { ...process.env, MALLOC_ARENA_MAX: "2", PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: process.env.DATABASE_PATH, AI_PROVIDER: "builtin", OPENAI_API_KEY: "", MEMORY_REPORT: report },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const cookie = String(await signIn(origin, email));
  const exportOnce = async () => {
    const res = await fetch(`${origin}/dashboard/kits/${kitId}/kit.zip`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
    return bytes;
  };

  // Warm up: the dev server compiles the routes, fonts and renderers load once.
  for (let i = 0; i < 2; i++) await exportOnce();
  const before = { ...(await settled(child.pid!)), peak: memory(child.pid!).peak };
  // Four times as many, three of them at once.
  let size = 0;
  await Promise.all(Array.from({ length: 3 }, exportOnce));
  for (let i = 0; i < 5; i++) size = await exportOnce();
  const after = { ...(await settled(child.pid!)), peak: memory(child.pid!).peak };
  const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
  console.log(
    `export memory over 8 more exports (ZIP ${mib(size)}): JS heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)}, ` +
      `buffers ${mib(before.arrayBuffers)} → ${mib(after.arrayBuffers)}, RSS ${mib(before.rss)} → ${mib(after.rss)}, peak RSS ${mib(before.peak)} → ${mib(after.peak)}`,
  );
  expect(size).toBeGreaterThan(2 * MiB);
  // Flat: eight more exports leave nothing behind. One archive kept per export would be 20 MiB of buffers.
  expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * MiB);
  expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(4 * MiB);
  // Resident memory also holds the allocator's and V8's spare pages, hence a looser bound; three exports at once barely move the peak.
  // On PostgreSQL the driver reads the 2 MB logo as a 4 MB hex string and decodes it on every export: more
  // spare pages, while the heap and buffer bounds above (the leak detectors) stay the same. The server runs
  // with MALLOC_ARENA_MAX=2: with glibc's default arenas per thread, freed pages stayed resident
  // (+52 and +59 MiB seen on PostgreSQL, the heap shrinking meanwhile); with two, 0–32 MiB.
  expect(after.rss - before.rss).toBeLessThan((process.env.DATABASE_URL ? 64 : 40) * MiB);
  expect(after.peak - before.peak).toBeLessThan(64 * MiB);
});
