import type { LaunchKit } from "~/platform/db/schema";

/** The generation input of spec section 3, mapped from a kit's business fields. */
export type GenerationInput = {
  business_idea: string;
  target_audience: string;
  geographic_market: string;
  tone_of_voice: string;
  competitors: string;
  primary_goal: string;
  brand_vibe: string;
};

export const INPUT_FIELDS = [
  "business_idea",
  "target_audience",
  "geographic_market",
  "tone_of_voice",
  "competitors",
  "primary_goal",
  "brand_vibe",
] as const satisfies ReadonlyArray<keyof GenerationInput>;

export function generationInput(kit: Pick<LaunchKit, "businessIdea" | "targetAudience" | "geography" | "tone" | "competitors" | "primaryGoal" | "brandVibe">): GenerationInput {
  return {
    business_idea: kit.businessIdea,
    target_audience: kit.targetAudience,
    geographic_market: kit.geography?.trim() || "Not specified",
    tone_of_voice: kit.tone,
    competitors: kit.competitors?.trim() || "Not specified",
    primary_goal: kit.primaryGoal,
    brand_vibe: kit.brandVibe,
  };
}

/** How the steps' prompts name each answer of the wizard. */
const ANSWER_LABELS: Record<keyof GenerationInput, string> = {
  business_idea: "Business idea",
  target_audience: "Target audience",
  geographic_market: "Geographic market",
  tone_of_voice: "Tone of voice",
  competitors: "Competitors",
  primary_goal: "Primary goal",
  brand_vibe: "Brand vibe",
};

/** The founder's answers a step's prompt uses, one "Label: answer" line each, in the order asked for. */
export function answerLines(input: GenerationInput, fields: ReadonlyArray<keyof GenerationInput>): string[] {
  return fields.map((field) => `${ANSWER_LABELS[field]}: ${input[field]}`);
}
