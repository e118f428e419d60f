// Brands, logos and decks for the renderer tests: built from the fake
// provider's brand and LaunchKit's own builtin generators, no database.
import { builtinDeck } from "~/kit/assets/deck/builtin";
import type { DeckContent } from "~/kit/assets/deck/schema";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import type { LogoInput } from "~/kit/assets/logo/render.server";
import { BrandSchema, type Brand, type BrandContent } from "~/kit/brand/brand";
import { fixPalette } from "~/kit/brand/palette";
import type { GenerationInput } from "~/kit/input";
import { FAKE_BRAND } from "./fake-structured.mjs";

export const INPUT: GenerationInput = {
  business_idea: "Mobile dog grooming van for busy pet owners",
  target_audience: "Busy professionals, new parents",
  geographic_market: "Leeds, UK",
  tone_of_voice: "friendly",
  competitors: "Local salons",
  primary_goal: "book calls",
  brand_vibe: "cozy",
};

export function makeBrand(overrides: Partial<BrandContent> = {}): Brand {
  const content = { ...(FAKE_BRAND as BrandContent), ...overrides };
  const fixed = fixPalette(content.palette);
  return BrandSchema.parse({ ...content, palette: fixed.palette, paletteAdjustments: fixed.adjustments });
}

export function makeLogo(seed = "fixture"): LogoInput {
  return { marks: builtinMarks(seed, "cozy"), selected: 0 };
}

export function makeDeck(brand: Brand = makeBrand(), extra: Partial<DeckContent["market"]> = {}): DeckContent {
  const model = builtinDeck(INPUT, brand);
  return { ...model, market: { ...model.market, basis: "estimate", sources: [], ...extra }, writtenFor: brand.name };
}
