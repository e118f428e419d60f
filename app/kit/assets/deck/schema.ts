import { z } from "zod";
import { DECK_LAYOUTS } from "~/kit/layouts";

/**
 * The pitch deck's content: five slides (problem, solution, market, business
 * model, the ask and next steps), each with a headline, 2–4 bullets, a short
 * callout and speaker notes. The model writes DeckModelSchema; the step adds
 * what must not come from the model: the market's sources (only from the
 * research asset) and whether the market figures are researched or an
 * estimate. Client-safe.
 */

export const SLIDE_KEYS = ["problem", "solution", "market", "businessModel", "ask"] as const;
export type SlideKey = (typeof SLIDE_KEYS)[number];

export const SLIDE_LABELS: Record<SlideKey, string> = {
  problem: "Problem",
  solution: "Solution",
  market: "Market",
  businessModel: "Business model",
  ask: "The ask",
};

export const LIMITS = { title: 70, bullet: 150, bullets: { min: 2, max: 4 }, callout: 60, notes: 1200, who: 140, howMany: 140 } as const;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${what}.`)
    .max(max, `Keep the ${what} under ${max} characters.`);

export const SlideSchema = z.object({
  title: text(LIMITS.title, "headline"),
  bullets: z
    .array(text(LIMITS.bullet, "bullet"))
    .min(LIMITS.bullets.min)
    .max(LIMITS.bullets.max),
  /** A few words shown large beside the bullets. */
  callout: text(LIMITS.callout, "callout"),
  notes: text(LIMITS.notes, "speaker notes"),
});
export type Slide = z.infer<typeof SlideSchema>;

/** The market slide's card shows who and how many instead of a callout. */
export const MarketSlideSchema = SlideSchema.omit({ callout: true }).extend({
  /** Who the customers are. */
  who: text(LIMITS.who, "customer description"),
  /** How many there are, or how to count them. */
  howMany: text(LIMITS.howMany, "market size"),
});
export type MarketSlide = z.infer<typeof MarketSlideSchema>;

/** What a provider writes. */
export const DeckModelSchema = z.object({
  problem: SlideSchema,
  solution: SlideSchema,
  market: MarketSlideSchema,
  businessModel: SlideSchema,
  ask: SlideSchema,
});
export type DeckModel = z.infer<typeof DeckModelSchema>;

export const SourceSchema = z.object({
  title: z.string().trim().min(1).max(200),
  url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/i),
});
export type Source = z.infer<typeof SourceSchema>;

/** The stored deck. */
export const DeckContentSchema = DeckModelSchema.extend({
  market: MarketSlideSchema.extend({
    /** "research": figures come from the kit's research snapshot, whose sources are listed; "estimate": LaunchKit's assumption, labelled as such. */
    basis: z.enum(["research", "estimate"]),
    sources: z.array(SourceSchema).max(6),
  }),
  /**
   * The business name the text was written with: renderers put the brand's
   * current name in its place, so a rename follows without the AI.
   */
  writtenFor: z.string().max(40),
  /** The slides' layout, set by the step from the vibe and the category; absent in decks stored before it: "classic". */
  layout: z.enum(DECK_LAYOUTS).optional(),
});
export type DeckContent = z.infer<typeof DeckContentSchema>;

/** Bullet lines as the editor's textarea sends them: one a line, list markers and blank lines dropped. */
export function bulletLines(s: string): string[] {
  return s
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-•*]\s*/, "").trim())
    .filter(Boolean);
}

/** The bullets field of the slide editor: one bullet a line (every message on the field itself). */
const BulletLinesSchema = z
  .string()
  .superRefine((s, ctx) => {
    const lines = bulletLines(s);
    if (lines.length < LIMITS.bullets.min || lines.length > LIMITS.bullets.max) {
      ctx.addIssue({ code: "custom", message: `Write ${LIMITS.bullets.min} to ${LIMITS.bullets.max} bullets, one a line.` });
    }
    const long = lines.findIndex((l) => l.length > LIMITS.bullet);
    if (long >= 0) ctx.addIssue({ code: "custom", message: `Keep each bullet under ${LIMITS.bullet} characters (bullet ${long + 1} has ${lines[long]!.length}).` });
  })
  .transform(bulletLines);

/** One slide's edit form (a plain form per slide in the deck section). */
export const SlideEditSchema = z
  .object({
    slide: z.enum(SLIDE_KEYS, { message: "Choose one of the five slides." }),
    title: text(LIMITS.title, "headline"),
    bullets: BulletLinesSchema,
    callout: z.string().trim().max(LIMITS.callout, `Keep the callout under ${LIMITS.callout} characters.`).optional(),
    notes: text(LIMITS.notes, "speaker notes"),
    who: z.string().trim().max(LIMITS.who, `Keep the customer description under ${LIMITS.who} characters.`).optional(),
    howMany: z.string().trim().max(LIMITS.howMany, `Keep the market size under ${LIMITS.howMany} characters.`).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.slide !== "market") {
      if (!v.callout) ctx.addIssue({ code: "custom", path: ["callout"], message: "Write the callout." });
      return;
    }
    if (!v.who) ctx.addIssue({ code: "custom", path: ["who"], message: "Write who the customers are." });
    if (!v.howMany) ctx.addIssue({ code: "custom", path: ["howMany"], message: "Write how many there are, or how you will count them." });
  });
export type SlideEdit = z.infer<typeof SlideEditSchema>;
