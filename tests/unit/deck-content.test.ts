import { describe, expect, it } from "vitest";
import { builtinDeck } from "~/kit/assets/deck/builtin";
import { researchSources } from "~/kit/assets/deck/research";
import { DeckModelSchema, SlideEditSchema } from "~/kit/assets/deck/schema";
import { GOALS, TONES, VIBES } from "~/kit/options";
import { INPUT, makeBrand } from "../support/kit-fixtures";

describe("the offline pitch deck", () => {
  it("is valid for every tone, goal and vibe, deterministic, and varies with a regeneration's salt", () => {
    const brand = makeBrand();
    for (const tone of TONES)
      for (const goal of GOALS)
        for (const vibe of VIBES) {
          const input = { ...INPUT, tone_of_voice: tone, primary_goal: goal, brand_vibe: vibe };
          expect(DeckModelSchema.safeParse(builtinDeck(input, brand)).success).toBe(true);
        }
    expect(builtinDeck(INPUT, brand)).toEqual(builtinDeck(INPUT, brand));
    const variants = new Set(["", "v2", "v3", "v4", "v5"].map((salt) => JSON.stringify(builtinDeck(INPUT, brand, salt))));
    expect(variants.size).toBeGreaterThan(1);
  });

  it("stays within the limits with very long answers", () => {
    const long = { ...INPUT, business_idea: "A ".repeat(300) + "platform", target_audience: "x".repeat(200), competitors: "y".repeat(300), geographic_market: "z".repeat(120) };
    expect(DeckModelSchema.safeParse(builtinDeck(long, makeBrand())).success).toBe(true);
  });

  it("presents no market figure as fact: the size is arithmetic with ranges labelled as an estimate, never bracket blanks (issue 28)", () => {
    const deck = builtinDeck(INPUT, makeBrand());
    expect(deck.market.howMany).toMatch(/^Estimate to check: .*\d+–\d+/);
    expect(deck.market.notes).toMatch(/estimate/i);
    expect(deck.businessModel.callout).toMatch(/\(estimate\)$/);
    expect(JSON.stringify(deck)).not.toMatch(/\[[a-z][^\]]*\]/i);
  });
});

describe("the slide editor's form", () => {
  const base = { slide: "problem", title: "A headline", callout: "Short", notes: "Say this." };
  it("takes bullets one a line, dropping list markers and blank lines", () => {
    const r = SlideEditSchema.safeParse({ ...base, bullets: "- one\n\n• two\r\n  three  " });
    expect(r.success && r.data.bullets).toEqual(["one", "two", "three"]);
  });
  it("refuses too few, too many or too long bullets with a message on the field", () => {
    for (const bullets of ["only one", "1\n2\n3\n4\n5", `ok\n${"x".repeat(151)}`]) {
      const r = SlideEditSchema.safeParse({ ...base, bullets });
      expect(r.success).toBe(false);
      expect(r.error!.issues.every((i) => i.path.join(".") === "bullets")).toBe(true);
    }
  });
  it("asks the market slide for who and how many, the others for a callout", () => {
    expect(SlideEditSchema.safeParse({ ...base, slide: "market", callout: undefined, bullets: "a\nb" }).error!.issues.map((i) => i.path[0])).toEqual(["who", "howMany"]);
    expect(SlideEditSchema.safeParse({ ...base, callout: "", bullets: "a\nb" }).success).toBe(false);
    expect(SlideEditSchema.safeParse({ ...base, slide: "cover", bullets: "a\nb" }).success).toBe(false);
  });
});

describe("sources from the research snapshot", () => {
  it("takes the URLs its market claims cite first, titled from its list of pages, then other linked pages", () => {
    const research = {
      webAccess: true,
      marketClaims: [{ claim: "1.2m dog-owning households", sources: ["https://stats.example.org/pets", "https://stats.example.org/pets/"] }],
      competitors: [{ name: "Salon", website: "https://salon.example.com", sources: ["https://news.example.com/a"] }],
      sources: [
        { url: "https://stats.example.org/pets", title: "Pet population 2025" },
        { url: "https://news.example.com/a", title: "Salon raises prices" },
      ],
    };
    expect(researchSources(research)).toEqual([
      { title: "Pet population 2025", url: "https://stats.example.org/pets" },
      { title: "Salon raises prices", url: "https://news.example.com/a" },
    ]);
  });
  it("finds nothing in an offline snapshot or junk", () => {
    expect(researchSources({ webAccess: false, marketClaims: [], sources: [] })).toEqual([]);
    expect(researchSources(null)).toEqual([]);
    expect(researchSources({ sources: [{ url: "javascript:alert(1)", title: "x" }] })).toEqual([]);
  });
});
