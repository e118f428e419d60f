import { z } from "zod";
import { PALETTE_ROLES, type Palette } from "~/kit/brand/brand";

/**
 * A logo mark as stored in the logo asset: sanitised SVG shape elements (the
 * inner markup of an <svg>, no text, no scripts, no references) and its
 * viewBox. Colours are not stored as hex: every fill and stroke is "none" or a
 * palette role written "@primary", "@secondary", "@accent", "@background" or
 * "@text", so the mark follows every brand edit. `markSvg` puts the colours in.
 */
export const MarkSchema = z.object({
  /** "minX minY width height" */
  viewBox: z.string().regex(/^-?\d+(\.\d+)? -?\d+(\.\d+)? \d+(\.\d+)? \d+(\.\d+)?$/),
  body: z.string().min(1).max(60_000),
  source: z.enum(["ai", "builtin"]),
  /** A short human label: "Coffee in a circle", "Monogram with paw"... */
  label: z.string().max(60),
  /** The icon of the motif set (@tabler/icons) the mark is built on, when it is built on one. */
  motif: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(64)
    .optional(),
});
export type Mark = z.infer<typeof MarkSchema>;

export const ROLE_TOKEN = /@(primary|secondary|accent|background|text)\b/g;

export type MarkColors = Record<(typeof PALETTE_ROLES)[number], string>;

/** The mark's body with role tokens replaced by colours. */
export function paintMark(body: string, colors: MarkColors | Palette): string {
  return body.replace(ROLE_TOKEN, (_, role: keyof MarkColors) => colors[role]);
}
