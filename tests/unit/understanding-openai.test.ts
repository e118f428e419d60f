import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { getProvider, setProviderForTests } from "~/ai/index.server";
import { generateBrand } from "~/kit/assets/brand/step.server";
import { understandIdea } from "~/kit/understanding";
import { UnderstandingSchema } from "~/kit/understanding/schema";
import { clearFakeOpenAIEnv, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_BRAND } from "../support/fake-structured.mjs";

/**
 * The openai provider's brand step may refine what the business is called and
 * its category, but the founder's facts read from the answers (prices, ages,
 * place, service area, facts, ecosystem) are kept whatever the model answers:
 * the fake OpenAI server answers with a reading that drops or replaces them.
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;

function input(business_idea: string, target_audience: string, geographic_market: string): GenerationInput {
  return { business_idea, target_audience, geographic_market, tone_of_voice: "Warm", competitors: "Not specified", primary_goal: "Collect emails", brand_vibe: "Minimal" };
}

const CLI = input(
  "An open-source Go CLI that finds cost leaks in Terraform plans, free with a $29/org cloud tier, runs in CI (GitHub Actions).",
  "Platform engineers",
  "Not specified",
);
const CAMP = input("A summer pottery camp for kids aged 8–12 in Lisbon (Arroios) at €295 a week, run by two ceramicists.", "Parents in Lisbon", "Lisbon");

const brandRequestText = () => {
  const request = fake.requests.find((r) => r.body?.response_format?.json_schema?.name === "brand");
  return String(request?.body?.messages?.find((m: { role: string }) => m.role === "user")?.content ?? "");
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
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

describe("the model's reading never drops or replaces the founder's facts", () => {
  it("keeps no place for a developer tool whose model answer reads 'CI GitHub Actions' as one, and keeps its price and ecosystem", async () => {
    fake.queue("chat", {
      structured: true,
      match: "(content: brand)",
      content: JSON.stringify({
        ...FAKE_BRAND,
        understanding: { category: "developer-tool", product: "Terraform cost CLI", productWord: "Terraform cost", customers: "platform engineers", place: "CI GitHub Actions", payment: "freemium", keywords: ["Terraform cost"], hashtags: ["Terraform"] },
      }),
    });
    const brand = await generateBrand(CLI, getProvider());
    const offline = understandIdea(CLI);
    const u = brand.understanding!;
    // Words the answers give are refined...
    expect(u.productWord).toMatch(/^terraform cost$/i);
    // ...the facts are the founder's.
    expect(u.place).toBeNull();
    expect(u.prices).toEqual(offline.prices);
    expect(u.prices).toEqual([{ text: "$29/org", amount: "29", currency: "USD", period: null, per: "org", label: "cloud tier" }]);
    expect(u.ecosystem).toEqual({ language: "Go", install: null, repository: null });
    expect(u.facts).toEqual(offline.facts);
    expect(u.model).toBe("developer-tool");
    expect(UnderstandingSchema.parse(u)).toEqual(u);

    // The prompt the model got says the facts and the rule against inventing.
    const prompt = brandRequestText();
    expect(prompt).toContain('"$29/org" (USD 29, per org, cloud tier)');
    expect(prompt).toContain("Ecosystem: Go; install: none given");
    expect(prompt).toContain("Never invent a price");
    expect(prompt).not.toMatch(/where: (CI|Terraform)/);
  });

  it("keeps the founder's town, area, ages and price when the model answers none or another town", async () => {
    for (const place of [null, "Porto", "Arroios"]) {
      fake.reset();
      fake.queue("chat", {
        structured: true,
        match: "(content: brand)",
        content: JSON.stringify({
          ...FAKE_BRAND,
          understanding: { category: "kids-family", product: "pottery camp", productWord: "pottery", customers: "parents", place, payment: "booking", keywords: ["pottery camp"], hashtags: ["PotteryCamp"] },
        }),
      });
      const u = (await generateBrand(CAMP, getProvider())).understanding!;
      expect(u.place, String(place)).toBe("Lisbon");
      expect(u.serviceArea).toBe("Arroios");
      expect(u.ages).toBe("8–12");
      expect(u.prices).toEqual([{ text: "€295 a week", amount: "295", currency: "EUR", period: "week", per: null, label: null }]);
      expect(u.model).toBe("class-or-event");
      expect(u.facts).toContain("run by two ceramicists");
    }
    expect(brandRequestText()).toContain("Ages or sizes: 8–12.");
    expect(brandRequestText()).toContain("Area served: Arroios (Lisbon).");
  });
});
