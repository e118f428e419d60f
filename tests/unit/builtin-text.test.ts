import { describe, expect, it } from "vitest";
import { builtinConcept, builtinPrompt } from "~/generation/providers/builtin.server";
import { GOALS } from "~/kits/options";

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
