import { z } from "zod";
import { BrandNameSchema, HexColorSchema, TaglineSchema } from "./brand";
import { FONT_IDS } from "./fonts";

const color = (label: string) =>
  z.string({ error: `${label} colour is required` }).pipe(HexColorSchema.refine(() => true, `${label}: use a hex colour like #4F46E5.`));

const font = (label: string) => z.enum(FONT_IDS, { error: `Choose a ${label} font from the list.` });

/** The brand edit form (brand section): one schema for the browser and the action. */
export const BrandEditSchema = z.object({
  name: BrandNameSchema,
  tagline: TaglineSchema,
  primary: color("Primary"),
  secondary: color("Secondary"),
  accent: color("Accent"),
  background: color("Background"),
  text: color("Text"),
  heading: font("heading"),
  body: font("body"),
});
export type BrandEdit = z.infer<typeof BrandEditSchema>;
