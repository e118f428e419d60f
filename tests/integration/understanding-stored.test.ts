import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { startAssetWork, startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { generationInput } from "~/kit/input";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { markGenerating, saveAssetContent } from "~/kit/assets/assets.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { categorySections } from "~/kit/assets/landing/category";
import { createKit, getKit, updateKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { understandIdea } from "~/kit/understanding";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_BRAND } from "../support/fake-structured.mjs";

/**
 * The understanding in the brand step's structured output: the
 * model returns it beside the brand, the step checks it against the
 * answers, the brand asset stores it, and every later step reads the stored
 * one instead of reading the idea again. Kits whose brand has none (made
 * before it was stored) still get their other assets, from the answers.
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;

/** An idea the offline reading places as a beauty salon ("day spa"); a model knows Fido is a dog. */
const SPA: WizardInput = { idea: "Fido's day spa", audience: "Dog owners", geography: "", competitors: "", goal: "book calls", tone: "friendly", vibe: "cozy" };

const MODEL_READING = {
  category: "pet-services",
  product: "day spa for dogs",
  productWord: "dog spa",
  customers: "dog owners",
  place: null,
  payment: "booking",
  keywords: ["dog spa", "day spa", "synergy"],
  hashtags: ["DogSpa", "SpaSingle"],
};

const userMessageOf = (name: string) => {
  const request = fake.requests.find((r) => r.body?.response_format?.json_schema?.name === name);
  return String(request?.body?.messages?.find((m: { role: string }) => m.role === "user")?.content ?? "");
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Reader", email: "understanding-stored@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
  setProviderForTests(undefined);
});
beforeEach(() => {
  fake.reset();
  setProviderForTests(undefined);
  useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
});

describe("the model's understanding, stored with the brand", () => {
  it("is asked for in the brand's schema, checked, stored, and read by every later step", async () => {
    expect(understandIdea(generationInput({ businessIdea: SPA.idea, targetAudience: SPA.audience, geography: "", tone: "friendly", competitors: "", primaryGoal: "book calls", brandVibe: "cozy" })).category).toBe("beauty-salon");
    fake.queue("chat", { structured: true, match: "(content: brand)", content: JSON.stringify({ ...FAKE_BRAND, understanding: MODEL_READING }) });
    const kit = await createKit(userId, SPA);
    await startGeneration(kit);
    await settleGenerations();

    // The brand step's JSON schema asks for it, with the taxonomy's ids as the only categories.
    const brandRequest = fake.requests.find((r) => r.body?.response_format?.json_schema?.name === "brand")!;
    const understandingSchema = brandRequest.body.response_format.json_schema.schema.properties.understanding;
    expect(brandRequest.body.response_format.json_schema.schema.required).toContain("understanding");
    expect(understandingSchema.properties.category.enum).toEqual(expect.arrayContaining(["pet-services", "beauty-salon", "developer-tool"]));
    expect(understandingSchema.properties.payment.enum).toContain("booking");

    const brand = (await kitBrand(kit.id))!;
    expect(brand.understanding).toMatchObject({ category: "pet-services", categoryLabel: "pet care", productWord: "dog spa", product: "day spa for dogs", payment: "booking", place: null });
    // Checked: a keyword or hashtag that is not a word of the business goes.
    expect(brand.understanding!.keywords.slice(0, 2)).toEqual(["dog spa", "day spa"]);
    expect(brand.understanding!.keywords).not.toContain("synergy");
    expect(brand.understanding!.hashtags[0]).toBe("DogSpa");
    expect(brand.understanding!.hashtags).not.toContain("SpaSingle");
    expect(brand.understanding!.motifs).toEqual(expect.arrayContaining(["dog", "paw"]));

    // Every later step's prompt says what the brand stored, not what the idea reads as offline.
    for (const name of ["landing_copy", "social", "ads", "research", "deck"]) {
      const text = userMessageOf(name);
      expect(text, name).toContain('product word: "dog spa"');
      expect(text, name).toContain("category: pet care");
      expect(text, name).not.toContain("beauty salon");
    }
    // The logo's candidate motifs and the landing page's category sections come from it too.
    expect(userMessageOf("logo_marks")).toMatch(/Candidate motifs, best first: [^\n]*\bpaw\b/);
    const landing = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    const input = generationInput((await getKit(kit.id))!);
    expect(landing.category).toEqual(categorySections(brand.understanding!, input, brand.name).category);
    expect(landing.category).not.toEqual(categorySections(understandIdea(input), input, brand.name).category);
  });

  it("an answer about another business, or a town the answers never name, is not kept", async () => {
    fake.queue("chat", {
      structured: true,
      match: "(content: brand)",
      content: JSON.stringify({ ...FAKE_BRAND, understanding: { ...MODEL_READING, category: "developer-tool", productWord: "React", product: "React components" } }),
    });
    const kit = await createKit(userId, SPA);
    await startGeneration(kit);
    await settleGenerations();
    expect((await kitBrand(kit.id))!.understanding).toEqual(understandIdea(generationInput(kit)));

    fake.reset();
    fake.queue("chat", { structured: true, match: "(content: brand)", content: JSON.stringify({ ...FAKE_BRAND, understanding: { ...MODEL_READING, place: "Austin" } }) });
    const other = await createKit(userId, SPA);
    await startGeneration(other);
    await settleGenerations();
    expect((await kitBrand(other.id))!.understanding).toMatchObject({ category: "pet-services", place: null });
  });

  it("a brand whose only fault is its understanding keeps the brand and reads the idea offline", async () => {
    const broken = { ...FAKE_BRAND, understanding: { ...MODEL_READING, category: "space-tourism", payment: "barter" } };
    fake.queue("chat", { structured: true, match: "(content: brand)", content: JSON.stringify(broken) });
    fake.queue("chat", { structured: true, match: "(content: brand)", content: JSON.stringify(broken) });
    const kit = await createKit(userId, SPA);
    await startGeneration(kit);
    await settleGenerations();
    const brand = (await kitBrand(kit.id))!;
    expect(brand.name).toBe(FAKE_BRAND.name);
    // The valid fields are the model's; the category and payment, which were not, the offline reading's.
    expect(brand.understanding).toMatchObject({ category: "beauty-salon", productWord: "dog spa" });
    expect(brand.understanding!.payment).toBe(understandIdea(generationInput(kit)).payment);
  });
});

describe("the builtin provider", () => {
  it("fills the understanding from understandIdea, and the brand stores it", async () => {
    useBuiltinProvider("AI_WEB_SEARCH");
    setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
    const kit = await createKit(userId, { ...SPA, idea: "Mobile dog grooming van", geography: "Austin, Texas" });
    await startGeneration(kit);
    await settleGenerations();
    expect((await kitBrand(kit.id))!.understanding).toEqual(understandIdea(generationInput(kit)));
  });

  it("a kit whose brand was stored before the understanding still gets its landing page, read from the answers", async () => {
    useBuiltinProvider("AI_WEB_SEARCH");
    setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
    const kit = await createKit(userId, SPA);
    const { understanding: _none, ...before } = FAKE_BRAND;
    await markGenerating(kit.id, "brand");
    await saveAssetContent(kit.id, "brand", { ...before, paletteAdjustments: [] });
    await updateKit(kit.id, { status: "completed", generationProgress: 100 });
    await startAssetWork((await getKit(kit.id))!, [{ kind: "landing", salt: "" }]);
    await settleGenerations();
    const brand = (await kitBrand(kit.id))!;
    expect(brand.understanding).toBeUndefined();
    const landing = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    const input = generationInput(kit);
    expect(landing.category).toEqual(categorySections(understandIdea(input), input, brand.name).category);
  });
});
