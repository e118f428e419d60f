import { z } from "zod";
import { LANDING_LIMITS } from "~/kit/assets/landing/schema";
import { toOneLine, stripControlCharacters } from "~/platform/text/text";

/**
 * A/B experiments on a published landing page: what can be tested,
 * the limits, and the forms of the experiments panel (client-safe: the
 * browser validates with the same schemas). The original is arm "a"; the
 * variants are "b", "c", "d".
 */

export const EXPERIMENT_FIELDS = ["headline", "subheadline", "cta"] as const;
export type ExperimentField = (typeof EXPERIMENT_FIELDS)[number];

export const FIELD_LABELS: Record<ExperimentField, string> = {
  headline: "Headline",
  subheadline: "Subheadline",
  cta: "Call-to-action button",
};

/** The same limits as the landing copy (app/kit/assets/landing/schema.ts). */
export const FIELD_LIMITS: Record<ExperimentField, number> = {
  headline: LANDING_LIMITS.headline,
  subheadline: LANDING_LIMITS.subheadline,
  cta: LANDING_LIMITS.button,
};

export const CONTROL_KEY = "a";
export const VARIANT_KEYS = ["b", "c", "d"] as const;
export const MIN_VARIANTS = 1;
export const MAX_VARIANTS = 3;
export const REASON_MAX = 160;

export type ExperimentVariant = { key: string; text: string; reason: string };
export type ExperimentStatus = "running" | "stopped";

/** Arm labels as the founder reads them. */
export function armLabel(key: string): string {
  return key === CONTROL_KEY ? "Original" : `Variant ${key.toUpperCase()}`;
}

// ---- the model's answer ----------------------------------------------------------------

/** What "Suggest variants" asks the model for: 2–3 alternatives within the field's limit, each with what it tests. */
export function suggestionsSchema(field: ExperimentField) {
  return z.object({
    variants: z
      .array(
        z.object({
          text: z.string().trim().min(1).max(FIELD_LIMITS[field]),
          reason: z.string().trim().min(1).max(REASON_MAX),
        }),
      )
      .min(2)
      .max(3),
  });
}
export type Suggestions = { variants: Array<{ text: string; reason: string }> };

// ---- the panel's forms --------------------------------------------------------------------

const fieldSchema = z.enum(EXPERIMENT_FIELDS, { error: "Choose what to test: the headline, the subheadline or the button." });

/** Step 1: which text to test (a GET form: the suggestions come back in the URL, nothing is stored yet). */
export const ChooseFieldSchema = z.object({ field: fieldSchema });

const variantText = (label: string, max: number) =>
  z
    .string()
    .overwrite(toOneLine)
    .trim()
    .max(max, `${label}: at most ${max} characters.`)
    .optional();

const reasonText = z.string().overwrite(stripControlCharacters).overwrite(toOneLine).trim().max(REASON_MAX).optional();

/**
 * Step 2: the variants to run. Up to MAX_VARIANTS slots (texts and reasons):
 * empty slots are dropped, at least one text must remain, every text differs
 * from the current one and from the others, and fits the field's limit.
 */
export function startExperimentSchema(field: ExperimentField, control: string) {
  const max = FIELD_LIMITS[field];
  return z
    .object({
      field: fieldSchema,
      variants: z
        .array(z.object({ text: variantText("The variant", max), reason: reasonText }).optional())
        .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants.`),
    })
    .transform((value, ctx) => {
      const seen = new Set([normalise(control)]);
      const kept: Array<{ text: string; reason: string }> = [];
      value.variants.forEach((v, i) => {
        const text = v?.text ?? "";
        if (!text) return;
        if (seen.has(normalise(text))) {
          ctx.addIssue({ code: "custom", path: ["variants", i, "text"], message: normalise(text) === normalise(control) ? "This is the current text: write something different to test." : "Two variants say the same thing." });
          return;
        }
        seen.add(normalise(text));
        kept.push({ text, reason: v?.reason || "Written by you." });
      });
      if (kept.length < MIN_VARIANTS) ctx.addIssue({ code: "custom", path: ["variants"], message: "Write at least one variant to test against the current text." });
      return { field: value.field, variants: kept };
    });
}

const normalise = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Stop, or stop and apply an arm ("a" keeps the original). */
export const StopExperimentSchema = z.object({
  experimentId: z.string({ error: "Which experiment?" }).trim().min(1, "Which experiment?").max(64),
  apply: z
    .string()
    .regex(/^[a-d]$/, "Choose the version to keep.")
    .optional(),
});
