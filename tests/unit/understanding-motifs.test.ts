import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { motifsFor } from "~/kit/assets/logo/motifs.server";
import { motifText, understandIdea } from "~/kit/understanding";

function input(business_idea: string): GenerationInput {
  return {
    business_idea,
    target_audience: "Not specified",
    geographic_market: "Not specified",
    tone_of_voice: "Warm",
    competitors: "Not specified",
    primary_goal: "Collect emails",
    brand_vibe: "Minimal",
  };
}

/** Icons that draw a verb of these ideas (running, shipping, searching, walking) or how it is brought (a bike). */
const VERB_ICONS = /^(run|run-sprint|treadmill|walk|footsteps|ship|truck-delivery|search|zoom|bike|motorbike)$/;

describe("motifs come from the nouns of what is sold", () => {
  const cases: Array<[string, RegExp]> = [
    ["A summer pottery camp for kids aged 8–12 in Lisbon (Arroios) at €295 a week, run by two ceramicists.", /^(bowl|cup)$/],
    ["Plastic-free laundry detergent delivered by bike in Amsterdam", /^(wash-machine|bottle|shirt)$/],
    ["A bakery run by two sisters in Porto that ships cakes", /^(bread|cake|baguette|cookie)$/],
    ["An open-source Go CLI that finds cost leaks in Terraform plans, runs in CI (GitHub Actions).", /^(terminal-2|terminal|code|cloud|git-branch)$/],
    ["Handmade soap, made by hand in Porto", /^(droplet|bottle|bath|soap|spray)/],
  ];
  for (const [idea, first] of cases) {
    it(`draws ${JSON.stringify(idea.slice(0, 40))} from its nouns`, () => {
      const u = understandIdea(input(idea));
      expect(u.motifs[0]).toMatch(first);
      const marks = motifsFor(input(idea));
      expect(marks[0]).toMatch(first);
      // Never the verbs ("run by", "finds", "runs in", "ships") nor the bike it comes by.
      expect(u.motifs.filter((m) => VERB_ICONS.test(m))).toEqual([]);
      expect(marks.slice(0, 8).filter((m) => VERB_ICONS.test(m))).toEqual([]);
    });
  }

  it("leaves the founders' description of themselves and the verbs out of the words a mark may draw", () => {
    const text = motifText(input("A summer pottery camp for kids, run by two ceramicists, that ships clay kits"));
    expect(text).toMatch(/pottery camp/);
    expect(text).toMatch(/clay kits/);
    expect(text).not.toMatch(/\brun\b|ceramicists|\bships\b|\bkids\b/);
  });

  it("keeps the noun a gerund names when it is what is sold", () => {
    expect(understandIdea(input("Dog walking in Zurich, CHF 35 per walk")).motifs[0]).toBe("dog");
  });

  it("draws what is sold, not who it is for: a bookkeeper for dental practices gets no tooth", () => {
    const m = motifsFor(input("Bookkeeping and tax filing for independent dental practices in Ohio at a $650/month retainer."));
    expect(m.slice(0, 3)).not.toContain("dental");
    expect(m.slice(0, 3).some((n) => ["receipt", "calculator", "file-invoice", "report-money"].includes(n))).toBe(true);
  });
});
