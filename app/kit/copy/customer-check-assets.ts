import type { z } from "zod";
import { fitToSchema } from "~/ai/fit-schema";
import type { GenerationInput } from "~/kit/input";
import { understandingOf } from "~/kit/assets/launch-copy";
import { checkCustomerCopy, kitCheckContext, type CustomerCheckContext } from "./customer-check";

/**
 * The customer-copy check over a kit asset's content, as the step runner stores it (both providers):
 * the texts a customer reads on the page, in the posts and bios, and in the ads. The deck (for
 * investors) and the research (for the founder) are not customer copy. A field the check would empty
 * (it was nothing but a writer's note or a claim) is emptied only when the schema still holds without
 * it; otherwise the field stays as it was and the rest is still checked.
 */

const CUSTOMER_KINDS = new Set(["landing", "social", "ads"]);
/** Keys whose strings customers read (names, details, visuals and hashtags are not sentences). */
const TEXT_KEYS = new Set(["headline", "subheadline", "button", "heading", "title", "body", "quote", "question", "answer", "text", "primaryText", "description", "descriptions", "headlines", "items"]);

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function walk(value: unknown, ctx: CustomerCheckContext, keepEmptied: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, ctx, keepEmptied));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const one = (s: string) => {
      const checked = checkCustomerCopy(s, ctx, "page").text;
      return checked || (keepEmptied ? s : "");
    };
    if (TEXT_KEYS.has(k) && typeof v === "string") out[k] = one(v);
    else if (TEXT_KEYS.has(k) && Array.isArray(v) && v.every((x) => typeof x === "string")) out[k] = (v as string[]).map(one);
    else out[k] = walk(v, ctx, keepEmptied);
  }
  return out;
}

/** The asset's content with its customer copy checked; the content itself for other kinds. */
export function checkStepCopy(kind: string, content: unknown, schema: z.ZodType, input: GenerationInput, brand: unknown): unknown {
  if (!CUSTOMER_KINDS.has(kind) || !isRecord(content)) return content;
  const b = isRecord(brand) ? (brand as { name?: string; voice?: { dos: string[]; donts: string[] } }) : null;
  const ctx = kitCheckContext(input, b && typeof b.name === "string" ? { name: b.name, voice: b.voice } : null, understandingOf(input, brand));
  for (const keepEmptied of [false, true]) {
    const checked = walk(content, ctx, keepEmptied);
    if (schema.safeParse(checked).success) return checked;
    const fitted = fitToSchema(schema, checked);
    if (schema.safeParse(fitted).success) return fitted;
  }
  return content;
}
