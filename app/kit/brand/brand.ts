import { z } from "zod";
import { toOneLine } from "~/platform/text/text";
import { UnderstandingSchema } from "~/kit/understanding/schema";
import { FONT_IDS } from "./fonts";

/**
 * The brand spec: one structured description of a business's brand that
 * drives every asset of its kit. The provider proposes it (BrandContentSchema);
 * the server fixes the palette for contrast before storing it (BrandSchema).
 */

export const PALETTE_ROLES = ["primary", "secondary", "accent", "background", "text"] as const;
export type PaletteRole = (typeof PALETTE_ROLES)[number];

export const HexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Use a hex colour like #4F46E5.")
  .transform((s) => s.toUpperCase());

export const PaletteSchema = z.object({
  primary: HexColorSchema,
  secondary: HexColorSchema,
  accent: HexColorSchema,
  background: HexColorSchema,
  text: HexColorSchema,
});
export type Palette = z.infer<typeof PaletteSchema>;

// One line each: a model's line break (or a stored one from before) is a space, in every file and page.
const line = (max: number) => z.string().overwrite(toOneLine).trim().min(1).max(max);

export const BrandNameSchema = z
  .string()
  .overwrite(toOneLine)
  .trim()
  .min(1, "Enter a business name.")
  .max(40, "Keep the name under 40 characters.");
export const TaglineSchema = z.string().overwrite(toOneLine).trim().min(1, "Enter a tagline.").max(80, "Keep the tagline under 80 characters.");

export const FontPairSchema = z.object({ heading: z.enum(FONT_IDS), body: z.enum(FONT_IDS) });

/** What a provider writes for the brand step. */
export const BrandContentSchema = z.object({
  name: BrandNameSchema,
  nameIdeas: z.array(z.object({ name: BrandNameSchema, reason: line(160) })).length(5),
  tagline: TaglineSchema,
  taglineAlternatives: z.array(TaglineSchema).length(3),
  positioning: line(300),
  voice: z.object({
    dos: z.array(line(140)).length(3),
    donts: z.array(line(140)).length(3),
    samples: z.array(line(240)).length(2),
  }),
  palette: PaletteSchema,
  fonts: FontPairSchema,
});
export type BrandContent = z.infer<typeof BrandContentSchema>;

export const PaletteAdjustmentSchema = z.object({
  role: z.enum(PALETTE_ROLES),
  from: HexColorSchema,
  to: HexColorSchema,
  reason: z.string(),
});
export type PaletteAdjustment = z.infer<typeof PaletteAdjustmentSchema>;

/**
 * The stored brand: the content with a palette that passes WCAG AA, and what
 * was changed; and what LaunchKit understood of the idea (the model's answer
 * checked against the founder's, or the offline reading), which every later
 * step reads instead of reading the idea again. Kits made before it was
 * stored have none (and an unreadable one counts as none): their steps read
 * the answers as before.
 */
export const BrandSchema = BrandContentSchema.extend({
  paletteAdjustments: z.array(PaletteAdjustmentSchema).default([]),
  understanding: UnderstandingSchema.optional().catch(undefined),
});
export type Brand = z.infer<typeof BrandSchema>;
