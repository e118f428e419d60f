import { assetErrorMessage } from "~/ai/errors";
import { answerLines, generationInput } from "~/kit/input";
import { getProvider } from "~/ai/index.server";
import type { LaunchKit } from "~/platform/db/schema";
import { understandingOf } from "~/kit/assets/launch-copy";
import { fit } from "~/kit/assets/landing/builtin";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { cleanText, type CleanupContext } from "~/kit/copy/cleanup";
import { businessLines } from "~/kit/understanding";
import { logError } from "~/platform/log.server";
import { builtinVariantSuggestions } from "./builtin";
import { FIELD_LABELS, FIELD_LIMITS, REASON_MAX, suggestionsSchema, type ExperimentField, type Suggestions } from "./schema";

/**
 * "Suggest variants": 2–3 alternatives to the hero's headline, subheadline
 * or button, each with what it tests, from the configured provider (the
 * model, through getProvider(): its calls are limited and retried like every
 * step's) or, offline, from the builtin writer. Every text then goes through
 * the same clean-up as the landing copy (app/kit/copy/) and is kept within
 * the field's limit.
 */

const WHAT: Record<ExperimentField, string> = {
  headline: "the hero headline (the page's first line, in large type)",
  subheadline: "the hero subheadline (the sentence under the headline)",
  cta: "the label of the main call-to-action button",
};

function systemMessage(field: ExperimentField) {
  return [
    "You are a conversion copywriter planning an A/B test on the landing page of an early-stage business.",
    `Write 2 or 3 alternatives to ${WHAT[field]}, each at most ${FIELD_LIMITS[field]} characters, each testing one clear idea (a different promise, audience, tone, length or level of commitment).`,
    `For each, give the reason: what it tests, in one sentence of at most ${REASON_MAX} characters.`,
    "Write in the brand's voice, for the target audience. Never invent facts: no numbers, prices, awards, customer counts, free offers or guarantees the founder did not give. Never repeat the current text.",
  ].join(" ");
}

function userMessage(kit: LaunchKit, brand: Brand, field: ExperimentField, current: string) {
  const input = generationInput(kit);
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice"]),
    ...businessLines(input, brand),
    `Primary goal: ${input.primary_goal}.`,
    `Brand: ${brandBrief(brand)}`,
    `Positioning: ${brand.positioning}`,
    "",
    `The current ${FIELD_LABELS[field].toLowerCase()}: "${current}"`,
  ].join("\n");
}

const same = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The clean-up every landing text gets, then the field's limit; repeats of the current text and of each other dropped. */
export function cleanSuggestions(raw: Suggestions, field: ExperimentField, current: string, ctx: CleanupContext): Suggestions {
  const kept: Suggestions["variants"] = [];
  for (const v of raw.variants) {
    const text = fit(cleanText(v.text, ctx), FIELD_LIMITS[field]);
    const reason = fit(cleanText(v.reason, ctx, { style: false }), REASON_MAX);
    if (!text || same(text, current) || kept.some((k) => same(k.text, text))) continue;
    kept.push({ text, reason });
  }
  return { variants: kept.slice(0, 3) };
}

export type SuggestResult = { ok: true; variants: Suggestions["variants"]; source: "model" | "builtin" } | { ok: false; message: string };

export async function suggestVariants(kit: LaunchKit, brand: Brand, field: ExperimentField, current: string, signal?: AbortSignal): Promise<SuggestResult> {
  const input = generationInput(kit);
  const ctx: CleanupContext = { understanding: understandingOf(input, brand), input, brandName: brand.name };
  const builtin = () => builtinVariantSuggestions(input, brand, field, current);
  const provider = getProvider();
  const schema = suggestionsSchema(field);
  let raw: Suggestions;
  try {
    raw = await provider.structured(
      {
        name: "landing_variants",
        schema,
        system: systemMessage(field),
        user: userMessage(kit, brand, field, current),
        builtin,
        // Too long twice: cut at a word, like the landing copy's repair.
        repair: (value) => {
          const list = (value as { variants?: unknown })?.variants;
          if (!Array.isArray(list)) return null;
          const variants = list
            .filter((v): v is { text: string; reason?: unknown } => !!v && typeof (v as { text?: unknown }).text === "string")
            .map((v) => ({ text: fit(v.text, FIELD_LIMITS[field]), reason: fit(typeof v.reason === "string" && v.reason.trim() ? v.reason : "A different wording to test.", REASON_MAX) }))
            .slice(0, 3);
          return schema.safeParse({ variants }).success ? { variants } : null;
        },
        maxTokens: 800,
        temperature: 0.9,
      },
      signal,
    );
  } catch (error) {
    logError("variant suggestions failed", error, { kitId: kit.id, field });
    return { ok: false, message: assetErrorMessage(error, provider.textModel, "Suggestions couldn't be written just now. Please try again, or write your own variants below.") };
  }
  const cleaned = cleanSuggestions(raw, field, current, ctx);
  // A model that repeated the current text (or itself) leaves fewer than two: the offline ones fill in.
  if (cleaned.variants.length < 2) {
    const extra = cleanSuggestions(builtin(), field, current, ctx).variants.filter((v) => !cleaned.variants.some((k) => same(k.text, v.text)));
    cleaned.variants.push(...extra.slice(0, 2 - cleaned.variants.length));
  }
  return { ok: true, variants: cleaned.variants, source: provider.offline ? "builtin" : "model" };
}
