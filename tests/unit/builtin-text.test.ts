import { describe, expect, it } from "vitest";
import { builtinConcept } from "~/kit/assets/logo/concept";
import { builtinPrompt } from "~/kit/assets/prompt/builtin";
import { GOALS } from "~/kit/options";

const input = (primary_goal: string) => ({
  business_idea: "A subscription box of single-origin coffee",
  target_audience: "Remote workers",
  geographic_market: "Not specified",
  tone_of_voice: "friendly",
  competitors: "Not specified",
  primary_goal,
  brand_vibe: "cozy",
});

describe("offline generator wording", () => {
  it.each(GOALS)("reads as English for the goal %s", (goal) => {
    const prompt = builtinPrompt(input(goal));
    const reasoning = builtinConcept(input(goal)).reasoning_steps.primary_goal!;
    for (const text of [prompt, reasoning]) {
      expect(text).not.toMatch(/\bto (pre-orders|waitlist|downloads)\b/i);
    }
    expect(prompt).toMatch(/Keep the primary goal, to [a-z]+ [a-z-]+( [a-z]+)?, as the single call to action/);
    expect(reasoning).toMatch(/^To [a-z]+ [a-z-]+( [a-z]+)?, the mark should feel trustworthy/);
  });
});

describe("builtin brand names", () => {
  it("never doubles a word's ending with its suffix (no 'Familyly'), whatever the salt", async () => {
    const { builtinBrand } = await import("~/kit/assets/brand/builtin");
    const base = { business_idea: "Family meal kits for weekly dinners", target_audience: "Parents", geographic_market: "Not specified", tone_of_voice: "friendly", competitors: "Not specified", primary_goal: "waitlist", brand_vibe: "minimalist" };
    for (let i = 0; i < 60; i++) {
      const coined = builtinBrand(base, `salt-${i}`).nameIdeas.map((n) => n.name);
      for (const name of coined) expect(name, name).not.toMatch(/lyly|ifyify|ioio/i);
    }
  });
});
