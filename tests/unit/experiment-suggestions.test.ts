import { describe, expect, test } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { builtinBrandAnswer } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { understandingOf } from "~/kit/assets/launch-copy";
import type { Brand } from "~/kit/brand/brand";
import { fixPalette } from "~/kit/brand/palette";
import { builtinVariantSuggestions } from "~/features/analytics/experiments/builtin";
import { EXPERIMENT_FIELDS, FIELD_LIMITS, startExperimentSchema, suggestionsSchema, type ExperimentField } from "~/features/analytics/experiments/schema";
import { cleanSuggestions } from "~/features/analytics/experiments/suggest.server";

const KITS: GenerationInput[] = [
  {
    business_idea: "A monthly single-origin coffee subscription box for remote teams",
    target_audience: "Remote-first startups",
    geographic_market: "Not specified",
    tone_of_voice: "friendly",
    competitors: "Not specified",
    primary_goal: "waitlist",
    brand_vibe: "cozy",
  },
  {
    business_idea: "Mobile dog grooming van for busy pet owners",
    target_audience: "Busy professionals",
    geographic_market: "Leeds, UK",
    tone_of_voice: "friendly",
    competitors: "Local salons",
    primary_goal: "book calls",
    brand_vibe: "playful",
  },
  {
    business_idea: "Handmade ceramic planters shipped across Europe",
    target_audience: "Apartment gardeners",
    geographic_market: "Europe",
    tone_of_voice: "premium",
    competitors: "Not specified",
    primary_goal: "pre-orders",
    brand_vibe: "minimalist",
  },
];

function brandFor(input: GenerationInput): Brand {
  const content = builtinBrandAnswer(input);
  const fixed = fixPalette(content.palette);
  return { ...content, palette: fixed.palette, paletteAdjustments: fixed.adjustments } as Brand;
}

function currentText(input: GenerationInput, brand: Brand, field: ExperimentField) {
  const copy = builtinLandingCopy(input, brand);
  return field === "headline" ? copy.hero.headline : field === "subheadline" ? copy.hero.subheadline : copy.hero.button;
}

describe("offline variant suggestions", () => {
  for (const input of KITS) {
    const brand = brandFor(input);
    for (const field of EXPERIMENT_FIELDS) {
      test(`${brand.name} (${input.primary_goal}), ${field}: 2–3 different texts within the limit, each with what it tests`, () => {
        const current = currentText(input, brand, field);
        const s = builtinVariantSuggestions(input, brand, field, current);
        expect(suggestionsSchema(field).safeParse(s).success).toBe(true);
        expect(s.variants.length).toBeGreaterThanOrEqual(2);
        const texts = s.variants.map((v) => v.text.toLowerCase());
        expect(new Set(texts).size).toBe(texts.length);
        expect(texts).not.toContain(current.toLowerCase());
        for (const v of s.variants) {
          expect(v.text.length).toBeLessThanOrEqual(FIELD_LIMITS[field]);
          expect(v.reason).toMatch(/tests/i);
          // Nothing invented: no figures, prices or promises of free.
          expect(v.text).not.toMatch(/\d|\$|€|£|\bfree\b/i);
        }
        // The same kit, field and text suggest the same (deterministic).
        expect(builtinVariantSuggestions(input, brand, field, current)).toEqual(s);
      });
    }

    test(`${brand.name}: headlines are about this business (its product word or its name)`, () => {
      const word = understandingOf(input, brand).productWord.toLowerCase().split(" ")[0]!;
      const s = builtinVariantSuggestions(input, brand, "headline", currentText(input, brand, "headline"));
      const about = s.variants.filter((v) => v.text.toLowerCase().includes(word) || v.text.includes(brand.name) || v.text === brand.tagline);
      expect(about.length).toBeGreaterThanOrEqual(2);
    });
  }

  test("different businesses get different suggestions", () => {
    const [a, b] = KITS.map((input) => {
      const brand = brandFor(input);
      return builtinVariantSuggestions(input, brand, "headline", currentText(input, brand, "headline")).variants.map((v) => v.text);
    });
    expect(a!.filter((t) => b!.includes(t))).toEqual([]);
  });

  test("suggesting against a text that equals a candidate skips it", () => {
    const input = KITS[0]!;
    const brand = brandFor(input);
    const first = builtinVariantSuggestions(input, brand, "cta", "Join the waitlist").variants[0]!.text;
    const again = builtinVariantSuggestions(input, brand, "cta", first);
    expect(again.variants.map((v) => v.text)).not.toContain(first);
  });
});

describe("the clean-up of a model's suggestions", () => {
  const input = KITS[1]!;
  const brand = brandFor(input);
  const ctx = { understanding: understandingOf(input, brand), input, brandName: brand.name };

  test("articles fixed, style words dropped, limits kept, repeats of the current text removed", () => {
    const cleaned = cleanSuggestions(
      {
        variants: [
          { text: "a easy grooming visit at your door", reason: "tests a plainer promise." },
          { text: "Book a call", reason: "Same as now." },
          { text: "Playful grooming that comes to you", reason: "Tests a playful tone." },
          { text: "x".repeat(10) + " " + "word ".repeat(20), reason: "Long." },
        ],
      },
      "cta",
      "Book a call",
      ctx,
    );
    const texts = cleaned.variants.map((v) => v.text);
    expect(texts[0]).toBe("An easy grooming visit at your door");
    expect(texts).not.toContain("Book a call");
    // The wizard's vibe word ("playful") is a style word: not pasted into what visitors read.
    expect(texts.some((t) => /playful/i.test(t))).toBe(false);
    // The reason is a note for the founder: it may name the style.
    expect(cleaned.variants.find((v) => /comes to you/.test(v.text))!.reason).toMatch(/playful/i);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(FIELD_LIMITS.cta);
    expect(cleaned.variants[0]!.reason).toBe("Tests a plainer promise.");
  });
});

describe("the start form", () => {
  const schema = startExperimentSchema("headline", "Grooming that comes to your door");

  test("empty slots are dropped; the current text, repeats and overlong texts are refused", () => {
    const ok = schema.safeParse({ field: "headline", variants: [{ text: "Dog grooming in your driveway", reason: "" }, { text: "", reason: "" }, { text: " Calm grooming for anxious dogs ", reason: "Tests calm." }] });
    expect(ok.success && ok.data.variants).toEqual([
      { text: "Dog grooming in your driveway", reason: "Written by you." },
      { text: "Calm grooming for anxious dogs", reason: "Tests calm." },
    ]);
    const same = schema.safeParse({ field: "headline", variants: [{ text: "grooming that comes to your  door" }] });
    expect(same.success).toBe(false);
    expect(same.error!.issues[0]!.message).toMatch(/current text/);
    const twice = schema.safeParse({ field: "headline", variants: [{ text: "A" }, { text: "a" }] });
    expect(twice.error!.issues[0]!.message).toMatch(/same thing/);
    const long = schema.safeParse({ field: "headline", variants: [{ text: "x".repeat(71) }] });
    expect(long.error!.issues[0]!.message).toBe("The variant: at most 70 characters.");
    const none = schema.safeParse({ field: "headline", variants: [{ text: " " }] });
    expect(none.error!.issues[0]!.message).toMatch(/at least one variant/);
    const badField = startExperimentSchema("cta", "Go").safeParse({ field: "footer", variants: [{ text: "Hi" }] });
    expect(badField.success).toBe(false);
  });
});
