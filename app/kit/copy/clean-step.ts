import type { z } from "zod";
import { fitToSchema } from "~/ai/fit-schema";
import type { GenerationInput } from "~/kit/input";
import { understandingOf } from "~/kit/assets/launch-copy";
import { cleanAssetContent, hasWords } from "./clean-assets";

/**
 * The clean-up pass as the step runner applies it, once, to the content of
 * every asset kind, whichever provider wrote it, with the understanding the
 * brand stores (for the brand itself, the one it carries: the model's,
 * checked against the answers by the brand step); a brand made before
 * brands stored one is read from the answers. A clean-up
 * that makes a text longer than its schema allows ("a" → "an") is cut like a
 * model's text; one that still does not fit leaves the content as it was.
 */
export function cleanStepContent(kind: string, content: unknown, schema: z.ZodType, input: GenerationInput, brand: unknown): unknown {
  if (!hasWords(kind)) return content;
  const own = kind === "brand" ? content : brand;
  const brandName = own && typeof own === "object" && typeof (own as { name?: unknown }).name === "string" ? (own as { name: string }).name : undefined;
  // The brand's copy is cleaned with the understanding it is about to store; later kinds with the stored one.
  const understanding = understandingOf(input, own);
  const cleaned = cleanAssetContent(kind, content, { understanding, input, brandName });
  if (schema.safeParse(cleaned).success) return cleaned;
  const fitted = fitToSchema(schema, cleaned);
  return schema.safeParse(fitted).success ? fitted : content;
}
