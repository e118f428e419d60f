import { businessLines } from "~/kit/understanding";
import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { builtinAds } from "./builtin";
import { repairAds } from "./repair";
import { AD_LIMITS, AdsContentSchema, META_CTA_LABELS, type AdsContent } from "./schema";

const SYSTEM = [
  "You are a performance marketer writing the first ad tests for a business that is about to launch, in its brand's voice.",
  "Write 3 ad variants. Each tests one different angle (for example: the pain, the outcome, being early, an objection);",
  "say the angle in a few words and, in one sentence, what the test tells the founder.",
  "Each variant has a Google responsive search ad and a Meta (Facebook/Instagram) feed ad saying the same thing.",
  "Limits (hard: an answer over a limit is rejected):",
  `- google.headlines: exactly 5, all different, each at most ${AD_LIMITS.googleHeadline.limit} characters, no "!" and no emoji.`,
  `- google.descriptions: exactly 2, each at most ${AD_LIMITS.googleDescription.limit} characters, no emoji.`,
  `- meta.primaryText at most ${AD_LIMITS.metaPrimaryText.limit} characters, meta.headline at most ${AD_LIMITS.metaHeadline.limit}, meta.description at most ${AD_LIMITS.metaDescription.limit}.`,
  `- meta.cta: one of ${META_CTA_LABELS.join(", ")}.`,
  "In Google Ads, Chinese, Japanese and Korean characters count as 2.",
  "Never invent facts: no prices, discounts, free trials, ratings, customer numbers, awards or testimonials the founder did not give you.",
].join("\n");

export async function generateAds(input: GenerationInput, brand: Brand, provider: AIProvider, signal?: AbortSignal, salt = ""): Promise<AdsContent> {
  return provider.structured(
    {
      name: "ads",
      schema: AdsContentSchema,
      system: SYSTEM,
      user: [
        ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "competitors", "tone_of_voice"]),
        ...businessLines(input, brand),
        `Primary goal (what the ad asks for): ${input.primary_goal}`,
        `Brand: ${brandBrief(brand)}`,
        `Positioning: ${brand.positioning}`,
        salt ? `This is a new attempt (${salt}): test different angles or wordings than before.` : "",
      ].join("\n"),
      builtin: () => builtinAds(input, brand, salt),
      repair: (raw) => repairAds(raw) as AdsContent | null,
      maxTokens: 3000,
    },
    signal,
  );
}
