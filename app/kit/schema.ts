import { z } from "zod";
import { stripControlCharacters, toOneLine } from "~/platform/text/text";
import { GOALS, TONES, VIBES } from "./options";

/** Answers are one line (an <input>) unless `multiLine` (the idea's <textarea>). */
const required = (label: string, max: number, multiLine = false) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(multiLine ? stripControlCharacters : toOneLine)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z.string().overwrite(toOneLine).trim().max(max, `${label} must be at most ${max} characters`).optional();

/** A select: missing is "required"; a value that is not one of the options is named as such. */
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? `${label} is required` : `Choose a valid ${label.toLowerCase()}`),
  });

/** Step 1: tell us about your idea. */
export const IdeaStepSchema = z.object({
  idea: required("Business idea", 2000, true),
  audience: required("Target audience", 500),
  geography: optional("Geography", 200),
});

/** Step 2: brand and positioning. */
export const BrandStepSchema = z.object({
  tone: choice("Tone", TONES),
  competitors: optional("Competitors", 500),
  goal: choice("Primary goal", GOALS),
});

/** Step 3: visual preferences. */
export const VisualStepSchema = z.object({
  vibe: choice("Brand vibe", VIBES),
});

export const WizardSchema = IdeaStepSchema.extend(BrandStepSchema.shape).extend(VisualStepSchema.shape);
export type WizardInput = z.infer<typeof WizardSchema>;

export const STEP_SCHEMAS = [IdeaStepSchema, BrandStepSchema, VisualStepSchema] as const;

/** Editing a kit's prompt: an empty prompt is refused. */
export const PromptEditSchema = z.object({
  prompt: z
    .string()
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, "The prompt can't be empty.")
    .max(20_000, "The prompt must be at most 20,000 characters"),
});
