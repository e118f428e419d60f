import type { GenerationInput } from "~/kit/input";
import type { AIProvider, GeneratedImage } from "~/ai/types";
import { builtinLogoImage } from "./builtin-art";
import { builtinConcept, conceptMessage, imagePrompt, parseConcept, type LogoConcept } from "./concept";
import { conceptArtPrompt, type ConceptArt } from "./concept-art.server";

/**
 * The logo's concept art, in the spec's two calls: the concept analysis
 * (section 7, second call), then its picture (third call). `art`: the motif,
 * design and palette of the brand's first mark, which both must show.
 */

/** The concept analysis; the builtin provider answers with the offline concept as the model's JSON would be. */
export async function logoConcept(input: GenerationInput, provider: AIProvider, signal?: AbortSignal, art?: ConceptArt): Promise<LogoConcept> {
  const reply = await provider.text(
    { user: conceptMessage(input, art), temperature: 0.7, maxTokens: 2000, builtin: () => JSON.stringify(builtinConcept(input, art)) },
    signal,
  );
  return parseConcept(reply);
}

/** The picture of a concept, and the prompt it was drawn from (stored with the kit). */
export async function logoArt(
  concept: LogoConcept,
  input: GenerationInput,
  provider: AIProvider,
  art: ConceptArt,
  signal?: AbortSignal,
): Promise<{ image: GeneratedImage; logoPrompt: string }> {
  const logoPrompt = `${imagePrompt(concept.final_logo_concept, input)} ${conceptArtPrompt(art)}`;
  const image = await provider.image({ prompt: logoPrompt, builtin: () => builtinLogoImage(input, art) }, signal);
  return { image, logoPrompt };
}
