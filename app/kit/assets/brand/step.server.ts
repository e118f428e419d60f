import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { FONT_IDS, FONTS, fontPairsFor } from "~/kit/brand/fonts";
import { fixPalette } from "~/kit/brand/palette";
import { understandIdea, understandingContext, type Understanding } from "~/kit/understanding";
import { applyFounderFacts, type FounderFacts } from "~/kit/understanding/form";
import { CATEGORY_IDS, ModelUnderstandingSchema, refineUnderstanding } from "~/kit/understanding/refine";
import { toModelUnderstanding } from "~/kit/understanding/schema";
import { builtinBrandAnswer } from "./builtin";
import { BrandAnswerSchema, type BrandAnswer } from "./schema";

const SYSTEM = [
  "You are a brand strategist and identity designer for early-stage founders.",
  "From the business answers, create a brand: a chosen business name and 5 name ideas (each with a one-line reason),",
  "a tagline (at most 80 characters) and 3 alternatives, a one-sentence positioning statement,",
  "a voice (3 do's, 3 don'ts, 2 sample sentences written in the chosen tone),",
  "a palette of 5 hex colours with roles (primary: buttons and key marks; secondary; accent; background: page background; text: body text),",
  "and a font pair (heading, body) chosen ONLY from the allowed font ids.",
  "Names must be pronounceable, not an existing famous brand, at most 40 characters.",
  "Also return `understanding`: what the business is, as you read the answers. category: the one id of the list in the message that fits best;",
  "productWord: the word (or two) of the idea that names what is sold ('coffee', 'dog grooming'); product: a short noun phrase of it ('coffee subscription box');",
  "customers: who buys, in a few words; place: the town or region served when the answers name one, else null;",
  "payment: how it is paid for (subscription, one-off, free, open-source, local-service, booking, marketplace or freemium);",
  "keywords and hashtags: made only of words of the answers, no style words (tone, vibe).",
].join(" ");

function userMessage(input: GenerationInput, salt: string, reading: Understanding) {
  const pairs = fontPairsFor(input.brand_vibe)
    .map((p) => `${p.heading}/${p.body}`)
    .join(", ");
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice", "competitors", "primary_goal", "brand_vibe"]),
    "",
    // What LaunchKit read in the idea: names and taglines about what is sold, not the idea's other words.
    "What the business is, as understood from the answers:",
    understandingContext(reading),
    "Name and tagline should be about what is sold; use the product word, never style words (tone, vibe) as words of the business.",
    "Correct this reading in `understanding` where the answers say otherwise.",
    `Category ids: ${CATEGORY_IDS.join(", ")}.`,
    "",
    `Allowed font ids: ${FONT_IDS.map((id) => `${id} (${FONTS[id].family})`).join(", ")}.`,
    `Pairs that suit this vibe: ${pairs}.`,
    salt ? `This is a new attempt (${salt}): propose a different name and palette than before.` : "",
  ].join("\n");
}

/**
 * The brand step's work: the provider proposes a brand, the server makes the
 * palette pass WCAG AA (computed, never trusted) and records what it changed.
 * `salt` varies a regeneration (the builtin provider is seeded by it).
 * `founder`: the facts the founder confirmed or edited (stored on the kit):
 * the model is told them and they win over its refinement of the reading.
 */
export async function generateBrand(input: GenerationInput, provider: AIProvider, signal?: AbortSignal, salt = "", founder: FounderFacts | null = null): Promise<Brand> {
  const withFounder = (u: Understanding) => (founder ? applyFounderFacts(u, founder) : u);
  const { understanding, ...content } = await provider.structured(
    {
      name: "brand",
      schema: BrandAnswerSchema,
      system: SYSTEM,
      user: userMessage(input, salt, withFounder(understandIdea(input))),
      builtin: () => builtinBrandAnswer(input, salt),
      repair: (raw) => repairUnderstanding(raw, input),
      maxTokens: 2400,
    },
    signal,
  );
  const fixed = fixPalette(content.palette);
  return { ...content, palette: fixed.palette, paletteAdjustments: fixed.adjustments, understanding: withFounder(refineUnderstanding(input, understanding)) };
}

/**
 * A brand whose only fault is its understanding (missing, or a category
 * that is not one of the list) keeps the brand: the understanding's valid
 * fields stay, the others come from the offline reading.
 */
export function repairUnderstanding(raw: unknown, input: GenerationInput): BrandAnswer | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const offline = toModelUnderstanding(understandIdea(input));
  const given = (raw as { understanding?: unknown }).understanding;
  const fields = given && typeof given === "object" && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  const shape = ModelUnderstandingSchema.shape;
  const understanding = Object.fromEntries(
    (Object.keys(shape) as Array<keyof typeof shape>).map((key) => {
      const parsed = shape[key].safeParse(fields[key]);
      return [key, parsed.success ? parsed.data : offline[key]];
    }),
  );
  return { ...(raw as BrandAnswer), understanding: understanding as BrandAnswer["understanding"] };
}
