import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { launchKits } from "~/platform/db/schema";
import { INVALID_JSON_MESSAGE } from "~/ai/errors";
import { subscribe, type KitEvent } from "~/kit/runner/events.server";
import { claim, handBack, jobsOfKit, pauseWorkers, resumeWorkers } from "~/platform/jobs/queue.server";
import { recoverInterruptedGenerations, settleGenerations } from "~/kit/runner/job.server";
import { regenerateAsset, startAssetWork, startGeneration, stopGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { assetsOfKit, getAsset, markGenerating, queueAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { contrastRatio, buttonTextColor } from "~/kit/brand/palette";
import { createKit, getKit, updateKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_BRAND } from "../support/fake-structured.mjs";

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;

const input: WizardInput = {
  idea: "Mobile dog grooming van for busy pet owners",
  audience: "Busy professionals, new parents",
  geography: "",
  tone: "friendly",
  competitors: "",
  goal: "book calls",
  vibe: "cozy",
};

const useOpenAI = () => useFakeOpenAI(fake.baseURL);
const useBuiltin = () => useBuiltinProvider();

const CORE = ["brand", "logo", "prompt"];
/** The core assets' rows (background assets of later kinds are checked in their own tests). */
const rows = async (kitId: string) => (await assetsOfKit(kitId)).filter((r) => CORE.includes(r.kind)).map((r) => ({ kind: r.kind, status: r.status, version: r.version })).sort((a, b) => a.kind.localeCompare(b.kind));
const structuredRequests = (name: string) => fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === name || (r.body?.response_format && JSON.stringify(r.body.messages).includes(`(content: ${name})`)));

async function generate() {
  const kit = await createKit(userId, input);
  const events: KitEvent[] = [];
  const unsubscribe = subscribe(kit.id, (e) => events.push(e));
  await startGeneration(kit);
  await settleGenerations();
  unsubscribe();
  return { kit: (await getKit(kit.id))!, events };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Engine", email: "engine@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv();
});
beforeEach(() => {
  fake.reset();
  useOpenAI();
});

describe("a kit runs brand → prompt → logo", () => {
  it("writes one row per asset, publishes asset events in plan order, and keeps the spec's progress", async () => {
    const { kit, events } = await generate();
    expect(kit.status).toBe("completed");
    expect(await rows(kit.id)).toEqual([
      { kind: "brand", status: "ready", version: 1 },
      { kind: "logo", status: "ready", version: 1 },
      { kind: "prompt", status: "ready", version: 1 },
    ]);
    const assetEvents = events.filter((e) => e.type === "asset" && CORE.includes(e.kind)).map((e) => e.type === "asset" && `${e.kind}:${e.status}`);
    // The brand first; then the prompt and the logo side by side (each starts before it ends).
    expect(assetEvents.slice(0, 2)).toEqual(["brand:generating", "brand:ready"]);
    expect([...assetEvents].sort()).toEqual(["brand:generating", "brand:ready", "logo:generating", "logo:ready", "prompt:generating", "prompt:ready"]);
    for (const kind of ["prompt", "logo"]) expect(assetEvents.indexOf(`${kind}:generating`)).toBeLessThan(assetEvents.indexOf(`${kind}:ready`));
    const progress = events.filter((e) => e.type === "progress").map((e) => e.type === "progress" && e.progress);
    expect(progress).toEqual([10, 30, 50, 85, 90, 95, 98, 100]);
    expect(events.filter((e) => e.type !== "asset").at(-1)).toEqual({ type: "complete" });
  });

  it("computes the palette instead of trusting it: the model's failing primary is adjusted and the change recorded", async () => {
    const { kit } = await generate();
    const brand = (await kitBrand(kit.id))!;
    expect(brand.name).toBe(FAKE_BRAND.name);
    expect(contrastRatio(FAKE_BRAND.palette.text, FAKE_BRAND.palette.background)).toBeLessThan(4.5);
    expect(brand.palette.text).not.toBe(FAKE_BRAND.palette.text);
    expect(contrastRatio(buttonTextColor(brand.palette), brand.palette.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(brand.palette.text, brand.palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(brand.paletteAdjustments).toEqual([expect.objectContaining({ role: "text", from: FAKE_BRAND.palette.text, to: brand.palette.text })]);
  });

  it("sanitises the model's marks: the one with a script is unusable and a LaunchKit mark stands in, said in a note", async () => {
    const { kit } = await generate();
    const logo = (await readyContent(kit.id, "logo", LogoContentSchema))!;
    expect(logo.marks).toHaveLength(3);
    expect(logo.marks.map((m) => m.source)).toEqual(["ai", "ai", expect.any(String)]);
    for (const m of logo.marks) expect(m.body).not.toMatch(/script|onclick|href|evil/i);
    expect(logo.marks[0]!.body).toContain("@primary");
  });
});

describe("structured content from the model", () => {
  it("invalid JSON twice fails the brand with the catalogue's message, and the kit goes back to draft", async () => {
    fake.queue("chat", { structured: true, content: "Sure! Here is your brand: Groomwell", times: 2 });
    const { kit } = await generate();
    expect(kit.status).toBe("draft");
    expect((kit.generationMetadata as { error: { message: string } }).error.message).toBe(INVALID_JSON_MESSAGE);
    expect(await getAsset(kit.id, "brand")).toMatchObject({ status: "failed", error: INVALID_JSON_MESSAGE, version: 0 });
    expect(structuredRequests("brand")).toHaveLength(2);
    // The second request tells the model what was wrong.
    expect(JSON.stringify(structuredRequests("brand")[1]!.body.messages)).toContain("not valid JSON");
    // No prompt was asked for: a failed step fails its kit's flow, nothing after it runs.
    expect(fake.requests.filter((r) => r.body?.stream)).toHaveLength(0);
  });

  it("one invalid answer then a valid one succeeds; an answer that breaks the schema is sent back with the issues", async () => {
    fake.queue("chat", { structured: true, content: JSON.stringify({ ...FAKE_BRAND, nameIdeas: [] }) });
    const { kit } = await generate();
    expect(kit.status).toBe("completed");
    const retry = structuredRequests("brand")[1]!;
    expect(JSON.stringify(retry.body.messages)).toMatch(/nameIdeas/);
  });

  it("falls back to JSON mode on servers without Structured Outputs", async () => {
    fake.queue("chat", { structured: true, refuseJsonSchema: true });
    const { kit } = await generate();
    expect(kit.status).toBe("completed");
    const modes = fake.requests.filter((r) => r.body?.response_format).map((r) => r.body.response_format.type);
    expect(modes.slice(0, 2)).toEqual(["json_schema", "json_object"]);
  });
});

describe("regenerating one asset", () => {
  it("a new version replaces the old one only when it succeeds", async () => {
    useBuiltin();
    const { kit } = await generate();
    const first = (await kitBrand(kit.id))!;
    expect(await regenerateAsset((await getKit(kit.id))!, "brand")).toBeNull();
    await settleGenerations();
    expect(await getAsset(kit.id, "brand")).toMatchObject({ status: "ready", version: 2 });
    const second = (await kitBrand(kit.id))!;
    expect(second.name).not.toBe(first.name);

    // A failing regeneration keeps version 2 and says why.
    useOpenAI();
    fake.queue("chat", { structured: true, error: "server_error", times: 2 });
    expect(await regenerateAsset((await getKit(kit.id))!, "brand")).toBeNull();
    await settleGenerations();
    expect(await getAsset(kit.id, "brand")).toMatchObject({ status: "failed", version: 2 });
    expect((await getAsset(kit.id, "brand"))!.error).toMatch(/Please try again/);
    expect(await kitBrand(kit.id)).toEqual(second);
  });

  it("goes ahead of the kit's remaining background assets: the founder is waiting for it", async () => {
    useBuiltin();
    const { kit } = await generate();
    // Background work waiting (workers paused, as when every slot is busy), then the founder's Regenerate.
    await pauseWorkers();
    try {
      await startAssetWork((await getKit(kit.id))!, ["landing", "ads", "research", "deck"].map((kind) => ({ kind, salt: "again" })));
      expect(await regenerateAsset((await getKit(kit.id))!, "social")).toBeNull();
      expect((await jobsOfKit(kit.id)).map((j) => j.step)).toEqual(["social", "landing", "ads", "research", "deck"]);
      const first = await claim();
      expect(first!.step).toBe("social");
      await handBack(first!.id);
    } finally {
      resumeWorkers();
    }
    await settleGenerations();
    expect(await getAsset(kit.id, "social")).toMatchObject({ status: "ready", version: 2 });
  });

  it("is refused while the kit is generating, and for kinds that can't be regenerated", async () => {
    const kit = await createKit(userId, input);
    await updateKit(kit.id, { status: "generating" });
    expect(await regenerateAsset((await getKit(kit.id))!, "brand")).toMatch(/still being generated/);
    expect(await regenerateAsset((await getKit(kit.id))!, "prompt")).toMatch(/can't be regenerated/);
    await updateKit(kit.id, { status: "draft" });
  });

  it("gives a kit made before brands a brand and a vector logo without touching its prompt", async () => {
    useBuiltin();
    const kit = await createKit(userId, input);
    await updateKit(kit.id, { status: "completed", generatedPrompt: "An edited prompt", generationProgress: 100 });
    expect(await regenerateAsset((await getKit(kit.id))!, "brand")).toBeNull();
    expect(await regenerateAsset((await getKit(kit.id))!, "logo")).toBeNull();
    await settleGenerations();
    expect(await rows(kit.id)).toEqual([
      { kind: "brand", status: "ready", version: 1 },
      { kind: "logo", status: "ready", version: 1 },
    ]);
    expect((await getKit(kit.id))!.generatedPrompt).toBe("An edited prompt");
  });
});

describe("the resume rule", () => {
  it("after a restart, a ready brand is not generated again and the kit finishes", async () => {
    const kit = await createKit(userId, input);
    // What a crash right after the brand step leaves behind.
    await updateKit(kit.id, { status: "generating", generationProgress: 10 });
    await markGenerating(kit.id, "brand");
    await saveAssetContent(kit.id, "brand", { ...FAKE_BRAND, palette: { ...FAKE_BRAND.palette, primary: "#3B4CC0" }, paletteAdjustments: [] });
    await markGenerating(kit.id, "prompt");
    fake.reset();
    expect(await recoverInterruptedGenerations()).toMatchObject({ resumed: 1 });
    await settleGenerations();
    expect((await getKit(kit.id))!.status).toBe("completed");
    expect(structuredRequests("brand")).toHaveLength(0);
    expect((await getAsset(kit.id, "brand"))!.version).toBe(1);
    expect(await getAsset(kit.id, "prompt")).toMatchObject({ status: "ready", version: 1 });
  });

  it("a step run twice leaves one row; queued background assets of a finished kit run again at start-up", async () => {
    useBuiltin();
    const { kit } = await generate();
    await queueAsset(kit.id, "logo");
    await queueAsset(kit.id, "logo");
    expect((await assetsOfKit(kit.id)).filter((r) => r.kind === "logo")).toHaveLength(1);
    expect(await recoverInterruptedGenerations()).toMatchObject({ resumed: 0, assetKits: 1 });
    await settleGenerations();
    expect(await getAsset(kit.id, "logo")).toMatchObject({ status: "ready", version: 2 });
  });

  it("deleting a kit stops its steps: no row is written after the delete", async () => {
    fake.setDefault("chat", { delayMs: 300 });
    const kit = await createKit(userId, input);
    await startGeneration(kit);
    await new Promise((r) => setTimeout(r, 50));
    await stopGeneration(kit.id, "deleted");
    await getDb().delete(launchKits).where(eq(launchKits.id, kit.id));
    await settleGenerations();
    expect(await assetsOfKit(kit.id)).toHaveLength(0);
    fake.setDefault("chat", {});
  });
});
