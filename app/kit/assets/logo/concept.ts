import { GenerationError, LOGO_ERRORS } from "~/ai/errors";
import { INPUT_FIELDS, type GenerationInput } from "~/kit/input";
import { goalPhrase, sentenceCase } from "../prompt/builtin";
import { logoStyleFor } from "./builtin-art";
import { conceptArtPrompt, type ConceptArt } from "./concept-art.server";

/** The logo concept analysis: the reasoning on each answer, then the concept in a sentence or two. */
export type LogoConcept = {
  reasoning_steps: Record<string, string>;
  final_logo_concept: string;
};

/**
 * The logo concept analysis (spec section 7, second call): JSON with
 * reasoning_steps and final_logo_concept. `art`: the symbol and colours of the
 * brand's mark, which the concept describes so the art matches the mark.
 */
export function conceptMessage(input: GenerationInput, art?: ConceptArt) {
  return [
    "You are a brand identity designer. Analyse the inputs below, one by one, and decide on a logo concept.",
    "",
    `business_idea: ${input.business_idea}`,
    `target_audience: ${input.target_audience}`,
    `geographic_market: ${input.geographic_market}`,
    `tone_of_voice: ${input.tone_of_voice}`,
    `competitors: ${input.competitors}`,
    `primary_goal: ${input.primary_goal}`,
    `brand_vibe: ${input.brand_vibe}`,
    ...(art ? ["", `The brand's logo mark is already chosen, and the concept must be of it. ${conceptArtPrompt(art)}`] : []),
    "",
    "Reply with JSON only, in exactly this shape:",
    '{"reasoning_steps": {"business_idea": "...", "target_audience": "...", "geographic_market": "...", ' +
      '"tone_of_voice": "...", "competitors": "...", "primary_goal": "...", "brand_vibe": "..."}, ' +
      '"final_logo_concept": "one or two sentences describing the icon"}',
  ].join("\n");
}

/** The image instructions (spec section 7, third call). */
export function imagePrompt(concept: string, input: GenerationInput) {
  return (
    `A minimalist logo icon for "${input.business_idea.slice(0, 200)}". Concept: ${concept} ` +
    `Brand vibe: ${input.brand_vibe}; tone: ${input.tone_of_voice}. ` +
    "Text-free: no letters, words or numbers. A simple, scalable vector-style mark with clean shapes and a " +
    "limited palette, centred on a plain background, that works on both light and dark backgrounds."
  );
}


/**
 * Parses the concept reply defensively: models wrap JSON in code fences or
 * prose. Every input field gets a reasoning text (empty when the model skipped it).
 */
export function parseConcept(raw: string | null | undefined): LogoConcept {
  const text = raw?.trim();
  if (!text) throw new GenerationError(LOGO_ERRORS.emptyConcept);
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  }
  if (!parsed || typeof parsed !== "object") throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  const obj = parsed as Record<string, unknown>;
  const concept = typeof obj.final_logo_concept === "string" ? obj.final_logo_concept.trim() : "";
  if (!concept) throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  const steps = obj.reasoning_steps && typeof obj.reasoning_steps === "object" ? (obj.reasoning_steps as Record<string, unknown>) : {};
  const reasoning_steps: Record<string, string> = {};
  for (const field of INPUT_FIELDS) {
    const value = steps[field];
    reasoning_steps[field] = typeof value === "string" ? value.trim() : value == null ? "" : JSON.stringify(value);
  }
  return { reasoning_steps, final_logo_concept: concept.slice(0, 2000) };
}

/** The concept offline (the builtin provider's answer), of the concept art when given. */
export function builtinConcept(input: GenerationInput, art?: ConceptArt): LogoConcept {
  const style = logoStyleFor(input, art);
  const steps = {
    business_idea: `The idea, "${input.business_idea.slice(0, 120)}", needs a mark that reads as one simple symbol.`,
    target_audience: `For ${input.target_audience.slice(0, 120)}, the icon must be recognisable at app-icon size.`,
    geographic_market:
      input.geographic_market === "Not specified"
        ? "No market was named, so the mark avoids regional symbols."
        : `For ${input.geographic_market.slice(0, 80)}, the mark avoids symbols that travel poorly.`,
    tone_of_voice: `A ${input.tone_of_voice} tone sets the accent colour and the weight of the strokes.`,
    competitors:
      input.competitors === "Not specified"
        ? "Without named competitors, the mark aims for distinctiveness in general."
        : `Against ${input.competitors.slice(0, 120)}, one clear symbol of what the business does, in its own colours, is easy to tell apart.`,
    primary_goal: `${sentenceCase(goalPhrase(input.primary_goal))}, the mark should feel trustworthy at first glance.`,
    brand_vibe: `The ${input.brand_vibe} vibe gives the shape and the weight of the line: a ${style.shapeDescription}.`,
  };
  return {
    reasoning_steps: steps,
    final_logo_concept: `A text-free ${style.shapeDescription} in ${style.paletteName}, centred with generous padding so it works on light and dark backgrounds.`,
  };
}
