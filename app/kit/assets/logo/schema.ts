import { z } from "zod";
import { MarkSchema } from "./mark";

/** The logo asset: up to 3 vector marks and the one the founder picked. The wordmark is rendered from the brand. */
export const LogoContentSchema = z.object({
  marks: z.array(MarkSchema).min(1).max(3),
  selected: z.number().int().min(0).max(2),
  /** Said in the logo section when some of the model's marks were unusable and builtin ones stand in. */
  note: z.string().max(300).optional(),
});
export type LogoContent = z.infer<typeof LogoContentSchema>;

/**
 * What the text model answers for the marks: for each, an icon name of the
 * motif set and a design (checked and composed by the server), or SVG markup
 * that the server sanitises.
 */
export const ModelMarksSchema = z.object({
  marks: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(60),
        motif: z.string().max(80).optional(),
        design: z.string().max(40).optional(),
        svg: z.string().min(20).max(200_000).optional(),
      }),
    )
    .min(1)
    .max(3),
});

/** Picking one of the marks (a plain form in the logo section). */
export const PickMarkSchema = z.object({ mark: z.coerce.number().int().min(0).max(2) });
