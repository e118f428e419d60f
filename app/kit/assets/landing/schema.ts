import { z } from "zod";
import { LANDING_LAYOUTS } from "~/kit/layouts";
import { stripControlCharacters, toOneLine } from "~/platform/text/text";
import { CategorySectionsSchema } from "./category";

/**
 * The landing page asset: structured copy (written by the provider or the
 * builtin generator, then edited by the founder), the order of its sections
 * and whether its social proof is real yet. Client-safe: the workspace editor
 * validates with the same schemas.
 */

export const LANDING_LIMITS = {
  headline: 70,
  subheadline: 160,
  button: 40,
  heading: 80,
  title: 60,
  body: 220,
  quote: 240,
  name: 60,
  detail: 80,
  question: 120,
  answer: 500,
} as const;

/** The sections below the hero, which the founder can reorder; all but the sign-up form can be hidden. */
export const SECTION_IDS = ["benefits", "how", "proof", "faq", "cta"] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export const SECTION_LABELS: Record<SectionId, string> = {
  benefits: "Benefits",
  how: "How it works",
  proof: "Social proof",
  faq: "FAQ",
  cta: "Sign-up form (final call to action)",
};

export const FAQ_MIN = 4;
export const FAQ_MAX = 6;

const line = (max: number) => z.string().trim().min(1).max(max);

/** What the provider writes: the copy of every section, with the issue's limits. */
export const LandingCopySchema = z.object({
  hero: z.object({
    headline: line(LANDING_LIMITS.headline),
    subheadline: line(LANDING_LIMITS.subheadline),
    button: line(LANDING_LIMITS.button),
  }),
  benefits: z.object({
    heading: line(LANDING_LIMITS.heading),
    items: z.array(z.object({ title: line(LANDING_LIMITS.title), body: line(LANDING_LIMITS.body) })).length(3),
  }),
  how: z.object({
    heading: line(LANDING_LIMITS.heading),
    steps: z.array(z.object({ title: line(LANDING_LIMITS.title), body: line(LANDING_LIMITS.body) })).length(3),
  }),
  /** Placeholders, never testimonials: what kind of quote to collect, and from whom. */
  proof: z.object({
    heading: line(LANDING_LIMITS.heading),
    items: z
      .array(z.object({ quote: line(LANDING_LIMITS.quote), name: line(LANDING_LIMITS.name), detail: line(LANDING_LIMITS.detail) }))
      .length(3),
  }),
  faq: z.object({
    heading: line(LANDING_LIMITS.heading),
    items: z
      .array(z.object({ question: line(LANDING_LIMITS.question), answer: line(LANDING_LIMITS.answer) }))
      .min(FAQ_MIN)
      .max(FAQ_MAX),
  }),
  cta: z.object({
    headline: line(LANDING_LIMITS.heading),
    body: line(LANDING_LIMITS.body),
    button: line(LANDING_LIMITS.button),
  }),
});
export type LandingCopy = z.infer<typeof LandingCopySchema>;

/** Shown sections in order: no duplicates, and the sign-up form is always there. */
export const SectionsSchema = z
  .array(z.enum(SECTION_IDS))
  .min(1)
  .refine((s) => new Set(s).size === s.length, "A section can appear only once.")
  .refine((s) => s.includes("cta"), "The sign-up form can't be hidden.");

/** The stored asset. */
export const LandingContentSchema = LandingCopySchema.extend({
  sections: SectionsSchema.default([...SECTION_IDS]),
  /**
   * False until the founder says the quotes are real: until then every quote
   * is rendered with a visible "Placeholder" label.
   */
  proofIsReal: z.boolean().default(false),
  /** The page's layout, chosen by the step from the vibe and the category; kits stored before it keep the split hero. */
  layout: z.enum(LANDING_LAYOUTS).default("split"),
  /** The category's own sections (service area, prices, install...), from the step's templates. */
  category: CategorySectionsSchema.default({}),
  /** Whether the final call to action is the sign-up form; developer tools link to the install and the repository instead. */
  emailForm: z.boolean().default(true),
});
export type LandingContent = z.infer<typeof LandingContentSchema>;

// ---- the primary goal's call to action ----------------------------------------

/** What the sign-up form asks for, by the kit's primary goal. */
export type CtaKind = "email" | "call" | "download" | "reserve";

/**
 * The form's kind by the goal and, for pre-orders, by what is sold: a class,
 * camp or event is booked for a date and a number of places, not pre-ordered
 * as goods (the business model of the brand's understanding).
 */
export function ctaKind(goal: string, model?: string | null): CtaKind {
  if (goal === "book calls") return "call";
  if (goal === "downloads") return "download";
  if (goal === "pre-orders" && model === "class-or-event") return "reserve";
  return "email";
}

// ---- the founder's edits (plain forms, shared by the browser and the server) ----

/** A field of the editor: one-line (an <input>) unless `multiLine` (a <textarea>, which keeps its line breaks). */
const edited = (label: string, max: number, multiLine = false) =>
  z
    .string({ error: `${label} can't be empty.` })
    .overwrite(multiLine ? stripControlCharacters : toOneLine)
    .trim()
    .min(1, `${label} can't be empty.`)
    .max(max, `${label}: at most ${max} characters.`);

const optionalText = (max: number, multiLine = false) =>
  z.string().overwrite(multiLine ? stripControlCharacters : toOneLine).trim().max(max).optional();

/** The FAQ editor shows FAQ_MAX slots: empty ones are dropped, a half-filled one is an error. */
const FaqItemsEditSchema = z
  .array(z.object({ question: optionalText(LANDING_LIMITS.question), answer: optionalText(LANDING_LIMITS.answer, true) }).optional())
  .max(FAQ_MAX)
  .transform((items, ctx) => {
    const kept: { question: string; answer: string }[] = [];
    items.forEach((item, i) => {
      const q = item?.question ?? "";
      const a = item?.answer ?? "";
      if (!q && !a) return;
      if (!q) ctx.addIssue({ code: "custom", path: [i, "question"], message: "Add the question, or clear its answer too." });
      else if (!a) ctx.addIssue({ code: "custom", path: [i, "answer"], message: "Add the answer, or clear its question too." });
      else kept.push({ question: q, answer: a });
    });
    if (kept.length < FAQ_MIN) ctx.addIssue({ code: "custom", message: `Keep at least ${FAQ_MIN} questions.` });
    return kept;
  });

export const LandingCopyEditSchema = z.object({
  hero: z.object({
    headline: edited("The headline", LANDING_LIMITS.headline),
    subheadline: edited("The subheadline", LANDING_LIMITS.subheadline, true),
    button: edited("The button", LANDING_LIMITS.button),
  }),
  benefits: z.object({
    heading: edited("The heading", LANDING_LIMITS.heading),
    items: z.array(z.object({ title: edited("The title", LANDING_LIMITS.title), body: edited("The text", LANDING_LIMITS.body, true) })).length(3),
  }),
  how: z.object({
    heading: edited("The heading", LANDING_LIMITS.heading),
    steps: z.array(z.object({ title: edited("The title", LANDING_LIMITS.title), body: edited("The text", LANDING_LIMITS.body, true) })).length(3),
  }),
  proof: z.object({
    heading: edited("The heading", LANDING_LIMITS.heading),
    items: z
      .array(
        z.object({
          quote: edited("The quote", LANDING_LIMITS.quote, true),
          name: edited("The name", LANDING_LIMITS.name),
          detail: edited("The detail", LANDING_LIMITS.detail),
        }),
      )
      .length(3),
    /** A checkbox: "on" when ticked, absent when not. */
    real: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  }),
  faq: z.object({
    heading: edited("The heading", LANDING_LIMITS.heading),
    items: FaqItemsEditSchema,
  }),
  cta: z.object({
    headline: edited("The headline", LANDING_LIMITS.heading),
    body: edited("The text", LANDING_LIMITS.body, true),
    button: edited("The button", LANDING_LIMITS.button),
  }),
});
export type LandingCopyEdit = z.infer<typeof LandingCopyEditSchema>;

const position = z.coerce
  .number({ error: "Choose a position." })
  .int()
  .min(1, "Choose a position.")
  .max(SECTION_IDS.length, "Choose a position.");
const shown = z.preprocess((v) => v === "on" || v === true, z.boolean());

/**
 * The section order form: a position (1–5) and a "show" checkbox per section.
 * Equal positions keep the sections' current order; the sign-up form is always shown.
 */
export const SectionsEditSchema = z.object({
  position: z.object(Object.fromEntries(SECTION_IDS.map((id) => [id, position])) as Record<SectionId, typeof position>),
  show: z.object(Object.fromEntries(SECTION_IDS.map((id) => [id, shown.optional()])) as Record<SectionId, z.ZodOptional<typeof shown>>),
});
export type SectionsEdit = z.infer<typeof SectionsEditSchema>;

/** The new section list from the order form, ties broken by the current order. */
export function sectionsFromEdit(edit: SectionsEdit, current: readonly SectionId[]): SectionId[] {
  const rank = (id: SectionId) => {
    const i = current.indexOf(id);
    return i === -1 ? SECTION_IDS.indexOf(id) + SECTION_IDS.length : i;
  };
  return [...SECTION_IDS]
    .sort((a, b) => edit.position[a] - edit.position[b] || rank(a) - rank(b))
    .filter((id) => id === "cta" || edit.show[id] === true);
}

/** The copy edit applied to the stored content (the order and anything not in the form stay). */
export function applyCopyEdit(current: LandingContent, edit: LandingCopyEdit): LandingContent {
  const { real, ...proof } = edit.proof;
  return { ...current, ...edit, proof, proofIsReal: real };
}

// ---- a visitor's sign-up (the published page's form, read on the server) -------

export const LEAD_LIMITS = { email: 254, name: 100, phone: 30, time: 60, date: 10, places: 2 } as const;
/** How many places one booking may ask for. */
export const PLACES = { min: 1, max: 50 } as const;
/** How far ahead a booking's date may be. */
export const BOOKING_YEARS_AHEAD = 2;
/** How many digits a phone number has, with its country code: a short local extension to the longest international number. */
export const PHONE_DIGITS = { min: 6, max: 20 } as const;

const leadEmail = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(LEAD_LIMITS.email, `An e-mail address has at most ${LEAD_LIMITS.email} characters.`)
  .pipe(z.email("Please enter a valid e-mail address, like name@example.com."))
  .transform((e) => e.toLowerCase());

/** One line: the name and time go into the founder's e-mail, where a line break would let a visitor write paragraphs of their own. */
const leadText = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .overwrite(toOneLine)
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max} characters.`);

const PHONE_FORMAT = "Please enter a phone number we can call, like +44 20 7946 0958.";

/**
 * A number to ring back, kept as the visitor typed it (the founder dials it):
 * digits, spaces, +, - and parentheses only, with 6 to 20 digits.
 */
const leadPhone = leadText("your phone number", LEAD_LIMITS.phone)
  .regex(/^[0-9+\-() ]+$/, PHONE_FORMAT)
  .refine((p) => {
    const digits = p.replace(/\D/g, "").length;
    return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  }, PHONE_FORMAT);

const none = z.unknown().optional().transform(() => null);

const DATE_MESSAGE = "Please choose a date from today on, like 2027-07-06.";
/** A day from today (UTC) to BOOKING_YEARS_AHEAD years on, as YYYY-MM-DD (what an <input type="date"> posts). */
const leadDate = z
  .string({ error: "Please choose a date." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== d) return false;
    const today = new Date().toISOString().slice(0, 10);
    const last = new Date(`${today}T00:00:00Z`);
    last.setUTCFullYear(last.getUTCFullYear() + BOOKING_YEARS_AHEAD);
    return d >= today && at <= last;
  }, DATE_MESSAGE);

const PLACES_MESSAGE = `Please say how many places, from ${PLACES.min} to ${PLACES.max}.`;
const leadPlaces = z
  .string({ error: PLACES_MESSAGE })
  .trim()
  .regex(/^\d{1,2}$/, PLACES_MESSAGE)
  .transform(Number)
  .refine((n) => n >= PLACES.min && n <= PLACES.max, PLACES_MESSAGE);

/** What the sign-up form of a page asks for, by its call to action: book calls adds a name, a phone number and a time. */
export function leadSchema(kind: CtaKind) {
  return z.object({
    email: leadEmail,
    name: kind === "call" ? leadText("your name", LEAD_LIMITS.name) : none,
    phone: kind === "call" ? leadPhone : none,
    time: kind === "call" ? leadText("a preferred time", LEAD_LIMITS.time) : none,
    date: kind === "reserve" ? leadDate : none,
    places: kind === "reserve" ? leadPlaces : none,
  });
}
