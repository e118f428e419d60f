import { z } from "zod";
import { EMAIL_DELAY_UNITS } from "~/platform/db/schema.sqlite"; // client-safe: ~/platform/db/schema picks the dialect from the server's configuration

/** The Sequences section's forms (one schema per form, shared by the view's fields and the action). */

const oneLine = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `Enter ${label}.`).max(max, `Keep ${label} under ${max} characters.`));

export const StepSchema = z.object({
  subject: oneLine("a subject", 120),
  preview: z
    .string()
    .optional()
    .transform((s) => (s ?? "").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(150, "Keep the preview line under 150 characters.")),
  body: z
    .string({ error: "Write the e-mail." })
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "Write the e-mail.").max(8000, "Keep the e-mail under 8,000 characters.")),
  delayValue: z.coerce.number({ error: "Enter the delay as a number." }).int("Enter a whole number.").min(0, "The delay cannot be negative.").max(365, "At most 365."),
  delayUnit: z.enum(EMAIL_DELAY_UNITS, { error: "Choose hours or days." }),
});

export const SettingsSchema = z.object({
  enabled: z.literal("on").optional(),
  doubleOptIn: z.literal("on").optional(),
  postalAddress: z
    .string()
    .optional()
    .transform((s) => (s ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(300, "Keep the address under 300 characters.")),
  // Empty: no Reply-To, so no address reaches the leads unless the founder chose it.
  replyTo: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .pipe(
      z
        .string()
        .max(254, "Keep the address under 254 characters.")
        .refine((s) => s === "" || z.email().safeParse(s).success, "Enter an e-mail address such as hello@yourbusiness.com, or leave it empty."),
    ),
});

export const BroadcastSchema = z.object({
  subject: oneLine("a subject", 120),
  preview: StepSchema.shape.preview,
  body: StepSchema.shape.body,
  when: z.enum(["now", "later"], { error: "Choose now or a time." }),
  sendAt: z.string().optional(),
});

/** "2026-12-01T09:30" (a datetime-local field, read as UTC) → Date, or null. */
export function parseSendAt(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(`${value}:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export type FieldErrors = Record<string, string[]>;
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) (out[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return out;
}
