import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { assetsOfKit } from "~/kit/assets/assets.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";

// A kit runs as a graph: what needs only the brand starts as soon as the brand is
// ready, side by side; the deck waits for the research. The fake OpenAI server records when
// each request arrived and when its answer ended, so these tests read order and overlap from
// the calls themselves (never from timings of the machine).

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;
// Long enough that two steps claimed together still overlap on a machine busy with other work (250 ms once did not).
const LATENCY = 500;

const input: WizardInput = {
  idea: "Coffee subscription box for remote teams",
  audience: "Remote-first startups",
  geography: "",
  tone: "friendly",
  competitors: "",
  goal: "waitlist",
  vibe: "minimalist",
};

type Recorded = (typeof fake.requests)[number];

/** Which step a request belongs to, from what it asks for. */
function stepOf(r: Recorded): string {
  if (r.path === "/v1/images/generations") return "logo-image";
  if (r.path === "/v1/responses") return "research-search";
  const name = r.body?.response_format?.json_schema?.name as string | undefined;
  if (name) return name;
  if (r.body?.stream) return "prompt";
  return "logo-concept";
}

const byStep = () => {
  const map = new Map<string, Recorded[]>();
  for (const r of fake.requests) map.set(stepOf(r), [...(map.get(stepOf(r)) ?? []), r]);
  return map;
};
const startOf = (rs: Recorded[]) => Math.min(...rs.map((r) => r.startedAt));
const endOf = (rs: Recorded[]) => Math.max(...rs.map((r) => r.endedAt!));

/** The most requests in flight at one moment. */
function peakInFlight(rs: Recorded[]) {
  const edges = rs.flatMap((r) => [
    [r.startedAt, 1],
    [r.endedAt!, -1],
  ]);
  // An answer that ends at the moment another starts is not in flight with it.
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let peak = 0;
  for (const [, d] of edges) peak = Math.max(peak, (now += d!));
  return peak;
}

async function generate() {
  const kit = await createKit(userId, input);
  expect(await startGeneration(kit)).toBeNull();
  await settleGenerations();
  return (await getKit(kit.id))!;
}

async function expectAllReady(kitId: string) {
  const rows = await assetsOfKit(kitId);
  expect(rows.filter((r) => r.status !== "ready").map((r) => `${r.kind}:${r.status}:${r.error}`)).toEqual([]);
  // Each asset once: a first version, never a second run.
  expect(rows.every((r) => r.version === 1)).toBe(true);
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Graph", email: "graph@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_CONCURRENCY", "AI_RETRY_WINDOW_MS");
});
beforeEach(() => {
  fake.reset();
  fake.setLatency({ textMs: LATENCY, imageMs: LATENCY });
  useFakeOpenAI(fake.baseURL, { AI_CONCURRENCY: undefined, AI_RETRY_WINDOW_MS: undefined });
});

describe("a kit runs as a graph", () => {
  it("starts everything that needs only the brand at once, and the deck only after the research", async () => {
    const kit = await generate();
    expect(kit.status).toBe("completed");
    await expectAllReady(kit.id);
    const steps = byStep();
    const brand = steps.get("brand")!;
    for (const r of fake.requests) if (!brand.includes(r)) expect(r.startedAt).toBeGreaterThanOrEqual(endOf(brand));

    // The deck never before the research (its market slide cites the research's sources).
    const research = [...steps.get("research")!, ...(steps.get("research-search") ?? [])];
    expect(startOf(steps.get("deck")!)).toBeGreaterThanOrEqual(endOf(research));

    // Independent assets run at the same time: each pair below overlaps.
    const overlaps = (a: Recorded[], b: Recorded[]) => startOf(a) < endOf(b) && startOf(b) < endOf(a);
    expect(overlaps(steps.get("landing_copy")!, steps.get("social")!)).toBe(true);
    expect(overlaps(steps.get("ads")!, steps.get("landing_copy")!)).toBe(true);
    // The logo is drawn while the prompt streams, not after it.
    expect(overlaps(steps.get("prompt")!, steps.get("logo-concept")!)).toBe(true);
    expect(overlaps(steps.get("prompt")!, steps.get("logo_marks")!)).toBe(true);
    // The image draws the concept, so it follows it.
    expect(startOf(steps.get("logo-image")!)).toBeGreaterThanOrEqual(endOf(steps.get("logo-concept")!));
    expect(peakInFlight(fake.requests)).toBeGreaterThanOrEqual(4);
  });

  it("keeps AI_CONCURRENCY calls at most in flight, and still completes the kit", async () => {
    useFakeOpenAI(fake.baseURL, { AI_CONCURRENCY: "2" });
    const kit = await generate();
    expect(kit.status).toBe("completed");
    await expectAllReady(kit.id);
    expect(fake.requests.length).toBeGreaterThan(8);
    expect(peakInFlight(fake.requests)).toBe(2);
  });
});

describe("the provider's limits", () => {
  it("honours a 429's Retry-After: waits that long, asks again, and the kit completes", async () => {
    fake.queue("chat", { structured: true, match: '"name":"brand"', error: "rate_limit", retryAfter: 1 });
    const kit = await generate();
    expect(kit.status).toBe("completed");
    const brand = byStep().get("brand")!;
    expect(brand.map((r) => r.status)).toEqual([429, 200]);
    // Asked again only once the second it asked for had passed (a little slack for the clock's rounding).
    expect(brand[1]!.startedAt - brand[0]!.endedAt!).toBeGreaterThanOrEqual(990);
  });

  it("honours retry-after-ms on a 503 too", async () => {
    fake.queue("chat", { structured: true, match: '"name":"ads"', error: "overloaded", retryAfterMs: 400 });
    const kit = await generate();
    await expectAllReady(kit.id);
    const ads = byStep().get("ads")!;
    expect(ads.map((r) => r.status)).toEqual([503, 200]);
    expect(ads[1]!.startedAt - ads[0]!.endedAt!).toBeGreaterThanOrEqual(390);
  });

  it("a storm of 429s (half the calls for a while) slows the kit down and fails nothing", async () => {
    fake.startStorm({ every: 2, retryAfter: 1, durationMs: 2500 });
    const kit = await generate();
    expect(kit.status).toBe("completed");
    await expectAllReady(kit.id);
    expect(fake.stormErrors).toBeGreaterThan(2);
  });

  it("gives up when the provider asks to wait longer than AI_RETRY_WINDOW_MS, with the catalogue's message", async () => {
    useFakeOpenAI(fake.baseURL, { AI_RETRY_WINDOW_MS: "500" });
    fake.queue("chat", { structured: true, match: '"name":"brand"', error: "rate_limit", retryAfter: 5 });
    const kit = await generate();
    expect(kit.status).toBe("draft");
    expect((kit.generationMetadata as { error: { message: string } }).error.message).toMatch(/Rate limit|try again/i);
    expect(byStep().get("brand")!.map((r) => r.status)).toEqual([429]);
  });

  it("does not retry an exhausted quota, even with a Retry-After", async () => {
    fake.queue("chat", { structured: true, match: '"name":"brand"', error: "insufficient_quota", retryAfter: 1 });
    const kit = await generate();
    expect(kit.status).toBe("draft");
    expect(byStep().get("brand")!.map((r) => r.status)).toEqual([429]);
  });
});
