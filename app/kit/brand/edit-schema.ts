import { z } from "zod";
import { hasLineBreaksOrControls } from "~/platform/text/text";
import { BrandNameSchema, HexColorSchema, TaglineSchema } from "./brand";
import { FONT_IDS } from "./fonts";

const color = (label: string) =>
  z.string({ error: `${label} colour is required` }).pipe(HexColorSchema.refine(() => true, `${label}: use a hex colour like #4F46E5.`));

/**
 * The founder's name and tagline are refused, not cleaned, when they hold a
 * line break, a line or paragraph separator or another control character: the
 * form says so, and what they see saved is what they typed.
 */
const oneLine = <T extends z.ZodType<string, string>>(label: string, schema: T) =>
  z
    .string({ error: `Enter a ${label}.` })
    .refine((s) => !hasLineBreaksOrControls(s), `Keep the ${label} on one line, without line breaks or control characters.`)
    .pipe(schema);

const font = (label: string) => z.enum(FONT_IDS, { error: `Choose a ${label} font from the list.` });

/** The brand edit form (brand section): one schema for the browser and the action. */
export const BrandEditSchema = z.object({
  name: oneLine("name", BrandNameSchema),
  tagline: oneLine("tagline", TaglineSchema),
  primary: color("Primary"),
  secondary: color("Secondary"),
  accent: color("Accent"),
  background: color("Background"),
  text: color("Text"),
  heading: font("heading"),
  body: font("body"),
});
export type BrandEdit = z.infer<typeof BrandEditSchema>;
