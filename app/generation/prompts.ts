import { conceptArtPrompt, type ConceptArt } from "~/kits/assets/logo/concept-art.server";
import type { GenerationInput } from "./input";

/** Instructions for the website-builder prompt (spec section 7, first call). */
export const PROMPT_SYSTEM_MESSAGE =
  "You are an expert conversion copywriter and web designer. You write prompts for AI website builders " +
  "(such as Lovable, Bolt or v0) that produce a complete, polished landing page on the first try. " +
  "Reply with the prompt only: a single prompt of 1 to 3 paragraphs and at most about 500 words, no headings, " +
  "no lists, no preamble. It must reference every input the founder gave.";

export function promptUserMessage(input: GenerationInput, brief?: string) {
  return [
    "Write one website-builder prompt for this business:",
    `- Business idea: ${input.business_idea}`,
    `- Target audience: ${input.target_audience}`,
    `- Geographic market: ${input.geographic_market}`,
    `- Tone of voice: ${input.tone_of_voice}`,
    `- Competitors: ${input.competitors}`,
    `- Primary goal of the page: ${input.primary_goal}`,
    `- Brand vibe: ${input.brand_vibe}`,
    "",
    "Describe the page structure, the copy angle, the visual style (colours, typography, imagery) and the " +
    "primary call to action, so that the builder serves the goal for this audience and stands apart from the competitors.",
    ...(brief ? ["", `Use this brand exactly (name, tagline, colours and fonts): ${brief}`] : []),
  ].join("\n");
}

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
