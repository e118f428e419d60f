import type { z } from "zod";
import { fitToSchema } from "~/generation/fit-schema";
import type { GenerationInput } from "~/generation/input";
import { understandingOf } from "~/kits/assets/launch-copy";
import { cleanAssetContent, hasWords } from "./clean-assets";

/**
 * The clean-up pass as the step runner applies it, once, to the content of
 * every asset kind, whichever provider wrote it. The brand's own
 * understanding (a model may have refined it) is checked against the one
 * read offline from the answers; the other kinds use the brand's. A clean-up
 * that makes a text longer than its schema allows ("a" → "an") is cut like a
 * model's text; one that still does not fit leaves the content as it was.
 */
export function cleanStepContent(kind: string, content: unknown, schema: z.ZodType, input: GenerationInput, brand: unknown): unknown {
  if (!hasWords(kind)) return content;
  const own = kind === "brand" ? content : brand;
  const brandName = own && typeof own === "object" && typeof (own as { name?: unknown }).name === "string" ? (own as { name: string }).name : undefined;
  const understanding = understandingOf(input, kind === "brand" ? null : brand);
  const cleaned = cleanAssetContent(kind, content, { understanding, input, brandName });
  if (schema.safeParse(cleaned).success) return cleaned;
  const fitted = fitToSchema(schema, cleaned);
  return schema.safeParse(fitted).success ? fitted : content;
}
