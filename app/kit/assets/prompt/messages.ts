import type { GenerationInput } from "~/kit/input";

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
