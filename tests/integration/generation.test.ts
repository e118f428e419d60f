import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { kitAssets, logoImages } from "~/platform/db/schema";
import { LOGO_ERRORS, PROMPT_ERRORS } from "~/ai/errors";
import { subscribe, type KitEvent } from "~/kit/runner/events.server";
import { recoverInterruptedGenerations, settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { paintMark } from "~/kit/assets/logo/mark";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
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

const useOpenAI = (imageModel = "gpt-image-2") => useFakeOpenAI(fake.baseURL, { AI_IMAGE_MODEL: imageModel });

async function generate(overrides: Partial<typeof input> = {}) {
  const kit = await createKit(userId, { ...input, ...overrides });
  const events: KitEvent[] = [];
  await startGeneration(kit);
  const unsubscribe = subscribe(kit.id, (e) => events.push(e));
  await settleGenerations();
  unsubscribe();
  return { kit: (await getKit(kit.id))!, events };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Gen", email: "gen@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_IMAGE_MODEL");
});
beforeEach(() => {
  fake.reset();
  useOpenAI();
});

describe("openai provider: the exact requests", () => {
  it("asks for the brand as JSON, streams the prompt with it, asks for a JSON concept, generates a gpt-image logo as base64, then vector marks", async () => {
    const { kit } = await generate();
    const named = (name: string) => fake.requests.find((r) => r.body?.response_format?.json_schema?.name === name);
    const brandReq = named("brand");
    const marksReq = named("logo_marks");
    const promptReq = fake.requests.find((r) => r.body?.stream === true);
    const conceptReq = fake.requests.find((r) => r.path === "/v1/chat/completions" && !r.body?.response_format && !r.body?.stream);
    const imageReq = fake.requests.find((r) => r.path === "/v1/images/generations");
    // The brand comes first; everything else reads it, so starts after it ended.
    expect(fake.requests[0]).toBe(brandReq);
    for (const r of fake.requests.slice(1)) expect(r.startedAt).toBeGreaterThanOrEqual(brandReq!.endedAt!);
    expect([promptReq, conceptReq, imageReq, marksReq].every(Boolean)).toBe(true);
    // The image draws the concept: it is asked for after the concept's answer.
    expect(imageReq!.startedAt).toBeGreaterThanOrEqual(conceptReq!.endedAt!);
    expect(promptReq!.headers.authorization).toBe("Bearer sk-test-key");

    // The brand: Structured Outputs with the brand's JSON schema (fonts limited to the catalogue).
    expect(brandReq!.body.response_format.type).toBe("json_schema");
    expect(brandReq!.body.response_format.json_schema.name).toBe("brand");
    const brandSchema = brandReq!.body.response_format.json_schema.schema;
    expect(brandSchema.properties.fonts.properties.heading.enum).toContain("fraunces");
    expect(brandSchema.properties.nameIdeas.minItems).toBe(5);
    // The prompt and the logo use the brand (name, colours, fonts).
    expect(promptReq!.body.messages[1].content).toContain('"Groomwell"');
    expect(promptReq!.body.messages[1].content).toContain("Fraunces");
    expect(marksReq!.body.response_format.json_schema.name).toBe("logo_marks");
    expect(marksReq!.body.messages[1].content).toContain("Groomwell");

    expect(promptReq!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_tokens: 4000, stream: true });
    expect(promptReq!.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    expect(promptReq!.body.messages[0].content).toMatch(/1 to 3 paragraphs.*500 words/s);
    const userMessage = promptReq!.body.messages[1].content as string;
    for (const text of [input.idea, input.audience, "Not specified", "friendly", "book calls", "cozy"]) {
      expect(userMessage).toContain(text);
    }

    expect(conceptReq!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_tokens: 2000 });
    expect(conceptReq!.body.stream).toBeUndefined();
    expect(conceptReq!.body.messages).toHaveLength(1);
    expect(conceptReq!.body.messages[0].role).toBe("user");
    expect(conceptReq!.body.messages[0].content).toContain("reasoning_steps");
    expect(conceptReq!.body.messages[0].content).toContain("final_logo_concept");

    expect(imageReq!.body).toEqual({ model: "gpt-image-2", prompt: expect.any(String), n: 1, size: "1024x1024" });
    expect(imageReq!.body.prompt).toMatch(/Text-free/);
    // The concept and the image show the motif of the first mark, in the brand's colours.
    expect(conceptReq!.body.messages[0].content).toMatch(/logo mark is already chosen.*line-drawn (dog|paw)/s);
    expect(imageReq!.body.prompt).toMatch(/line-drawn (dog|paw)/);
    expect(imageReq!.body.prompt).toContain(FAKE_BRAND.palette.primary);
    expect(marksReq!.body.messages[1].content).toMatch(/Candidate motifs, best first: (dog|paw), /);
    expect(imageReq!.body.prompt).toMatch(/light and dark backgrounds/);

    expect(kit.status).toBe("completed");
    expect(kit.generationProgress).toBe(100);
    expect(kit.generatedPrompt).toBe(kit.generatedPrompt!.trim());
    expect(kit.generatedLogoUrl).toMatch(new RegExp(`^/kits/${kit.id}/logo\\?v=\\d+$`));
    expect(kit.logoPrompt).toBe(imageReq!.body.prompt);
    const meta = kit.generationMetadata as Record<string, any>;
    expect(meta.model).toBe("gpt-4o-mini");
    expect(meta.provider).toBe("openai");
    expect(meta.input_data).toEqual({
      business_idea: input.idea,
      target_audience: input.audience,
      geographic_market: "Not specified",
      tone_of_voice: "friendly",
      competitors: "Not specified",
      primary_goal: "book calls",
      brand_vibe: "cozy",
    });
    expect(Object.keys(meta.logo_reasoning)).toEqual([
      "business_idea", "target_audience", "geographic_market", "tone_of_voice", "competitors", "primary_goal", "brand_vibe",
    ]);
    expect(meta.logo_concept).toMatch(/monogram/);
    expect(meta.business_name).toBe("Groomwell");
    expect(new Date(meta.generated_at).toISOString()).toBe(meta.generated_at);
    const logo = (await first(getDb().select().from(logoImages).where(eq(logoImages.kitId, kit.id))))!;
    expect(logo.contentType).toBe("image/png");
    expect(logo.data.length).toBeGreaterThan(50);
  });

  it("sends dall-e-3's exact parameters and downloads the image from its url at once", async () => {
    useOpenAI("dall-e-3");
    const { kit } = await generate();
    const imageReq = fake.requests.find((r) => r.path === "/v1/images/generations")!;
    expect(imageReq.body).toEqual({
      model: "dall-e-3",
      prompt: expect.any(String),
      n: 1,
      size: "1024x1024",
      quality: "standard",
      style: "vivid",
    });
    expect(kit.status).toBe("completed");
    const logo = (await first(getDb().select().from(logoImages).where(eq(logoImages.kitId, kit.id))))!;
    expect(logo.contentType).toBe("image/png");
  });
});

describe("the error catalogue", () => {
  it.each([
    ["invalid_api_key", PROMPT_ERRORS.apiKey],
    ["insufficient_quota", PROMPT_ERRORS.quota],
    ["rate_limit", PROMPT_ERRORS.rateLimit],
    ["server_error", PROMPT_ERRORS.other],
  ] as const)("prompt stage: %s → %s", async (error, message) => {
    fake.queue("chat", { error });
    const { kit, events } = await generate();
    expect(kit.status).toBe("draft");
    expect(kit.generationProgress).toBeNull();
    expect((kit.generationMetadata as any).error.message).toBe(message);
    // The background assets started with the brand go on (their events may follow).
    expect(events.filter((e) => e.type !== "asset").at(-1)).toEqual({ type: "error", message });
  });

  it("prompt stage: an empty reply", async () => {
    fake.queue("chat", { empty: true });
    const { kit } = await generate();
    expect((kit.generationMetadata as any).error.message).toBe(PROMPT_ERRORS.empty);
  });

  it("names the setting to change when a model does not exist", async () => {
    fake.queue("chat", { error: "model_not_found" });
    let { kit } = await generate();
    expect((kit.generationMetadata as any).error.message).toMatch(/"gpt-4o-mini".*Set AI_TEXT_MODEL/);
    fake.queue("images", { error: "model_not_found" });
    ({ kit } = await generate());
    expect((kit.generationMetadata as any).error.message).toMatch(/"gpt-image-2".*Set AI_IMAGE_MODEL/);
  });

  it.each([
    ["billing_hard_limit_reached", LOGO_ERRORS.billing],
    ["insufficient_quota", LOGO_ERRORS.quota],
    ["content_policy_violation", LOGO_ERRORS.contentPolicy],
    ["server_error", LOGO_ERRORS.other],
  ] as const)("logo stage: %s → %s", async (error, message) => {
    fake.queue("images", { error });
    const { kit } = await generate();
    expect(kit.status).toBe("draft");
    expect((kit.generationMetadata as any).error.message).toBe(message);
    // The prompt that was generated before the logo failed is kept.
    expect(kit.generatedPrompt).toContain("Build a warm");
  });

  it.each([
    [{ empty: true }, LOGO_ERRORS.emptyConcept],
    [{ content: "Sure! Here is a great concept: a dog." }, LOGO_ERRORS.unparseableConcept],
    [{ content: '{"reasoning_steps": {}, "final_logo_concept": ' }, LOGO_ERRORS.unparseableConcept],
  ])("concept: %o → %s", async (script, message) => {
    fake.queue("chat", { ...script, concept: true });
    const { kit } = await generate();
    expect((kit.generationMetadata as any).error.message).toBe(message);
  });

  it("parses a concept wrapped in a code fence", async () => {
    fake.queue("chat", { concept: true, content: '```json\n{"reasoning_steps": {"business_idea": "x"}, "final_logo_concept": "A paw in a circle"}\n```' });
    const { kit } = await generate();
    expect(kit.status).toBe("completed");
    expect((kit.generationMetadata as any).logo_concept).toBe("A paw in a circle");
  });

  it("no image in the reply", async () => {
    fake.queue("images", { noImage: true });
    const { kit } = await generate();
    expect((kit.generationMetadata as any).error.message).toBe(LOGO_ERRORS.noImage);
  });
});

describe("progress", () => {
  function progressOf(events: KitEvent[]) {
    return events.filter((e) => e.type === "progress").map((e) => (e as { progress: number }).progress);
  }

  it("follows the spec's sequence: +20 per prompt message up to 80, 85, +5 up to 95, 98, 100", async () => {
    fake.queue("chat", { content: "word ".repeat(400), chunkSize: 50 });
    const kit = await createKit(userId, input);
    const events: KitEvent[] = [];
    // Subscribe before the first event: startGeneration opens the channel synchronously.
    await startGeneration(kit);
    const unsubscribe = subscribe(kit.id, (e) => events.push(e));
    await settleGenerations();
    unsubscribe();
    expect(progressOf(events)).toEqual([30, 50, 70, 80, 85, 90, 95, 98, 100]);
    expect(events.filter((e) => e.type === "prompt").length).toBeGreaterThan(10);
    // The core flow ends with "complete"; background assets' events may follow.
    expect(events.filter((e) => e.type !== "asset").at(-1)).toEqual({ type: "complete" });
    expect((await getKit(kit.id))!.generationProgress).toBe(100);
  });

  it("a short prompt still moves the bar before saving", async () => {
    const { events } = await generate();
    expect(progressOf(events)).toEqual([30, 50, 85, 90, 95, 98, 100]);
  });
});

describe("crash recovery", () => {
  it("resumes kits left generating from their first unfinished step, and touches nothing else", async () => {
    const stuck = await createKit(userId, input);
    await updateKit(stuck.id, { status: "generating", generationProgress: 50 });
    const done = await createKit(userId, input);
    await updateKit(done.id, { status: "completed", generationProgress: 100 });
    const before = (await getKit(done.id))!;

    expect(await recoverInterruptedGenerations()).toEqual({ resumed: 1, reset: 0, assetKits: 0 });
    await settleGenerations();
    const after = (await getKit(stuck.id))!;
    expect(after.status).toBe("completed");
    expect(await getKit(done.id)).toEqual(before);
  });

  it("a kit interrupted three times goes back to draft with the interrupted message and a Retry", async () => {
    const stuck = await createKit(userId, input);
    await updateKit(stuck.id, { status: "generating", generationProgress: 50, generationMetadata: { resumes: 3 } });
    expect(await recoverInterruptedGenerations()).toEqual({ resumed: 0, reset: 1, assetKits: 0 });
    const after = (await getKit(stuck.id))!;
    expect(after.status).toBe("draft");
    expect(after.generationProgress).toBeNull();
    expect((after.generationMetadata as any).error.message).toMatch(/interrupted/);
  });
});

describe("builtin provider", () => {
  it("completes a kit with no environment set, with an input-specific prompt and an SVG logo", async () => {
    useBuiltinProvider("AI_IMAGE_MODEL");
    const { kit, events } = await generate({ geography: "Austin, Texas", competitors: "Rover", vibe: "neon tech", tone: "bold" });
    expect(fake.requests).toHaveLength(0);
    expect(kit.status).toBe("completed");
    for (const text of [input.idea.replace(/^./, (c) => c.toUpperCase()), "Busy professionals, new parents", "Austin, Texas", "Rover", "book calls", "bold", "dark background with electric cyan"]) {
      expect(kit.generatedPrompt).toContain(text);
    }
    expect((kit.generationMetadata as any).model).toBe("builtin");
    expect((kit.generationMetadata as any).provider).toBe("builtin");
    expect(events.filter((e) => e.type === "prompt").length).toBeGreaterThan(3);
    const rows = await getDb()
      .select({ kind: kitAssets.kind, status: kitAssets.status, version: kitAssets.version })
      .from(kitAssets)
      .where(and(eq(kitAssets.kitId, kit.id), inArray(kitAssets.kind, ["brand", "logo", "prompt"])))
      .orderBy(kitAssets.kind);
    expect(rows).toEqual([
      { kind: "brand", status: "ready", version: 1 },
      { kind: "logo", status: "ready", version: 1 },
      { kind: "prompt", status: "ready", version: 1 },
    ]);
    const logo = (await first(getDb().select().from(logoImages).where(eq(logoImages.kitId, kit.id))))!;
    expect(logo.contentType).toBe("image/svg+xml");
    const svg = logo.data.toString();
    // The concept art draws the kit's first mark (a dog or a paw, for this idea) in the brand's palette.
    const brand = (await kitBrand(kit.id))!;
    const marks = (await readyContent(kit.id, "logo", LogoContentSchema))!;
    const motif = marks.marks[0]!.motif!;
    expect(["dog", "paw"]).toContain(motif);
    expect(svg).toContain(paintMark(marks.marks[0]!.body, brand.palette));
    expect(svg).toContain(brand.palette.background);
    expect(svg).not.toMatch(/<text|<script/);
    expect(kit.logoPrompt).toContain(`line-drawn ${motif}`);
    expect(kit.logoPrompt).toContain(brand.palette.primary);
  });
});
