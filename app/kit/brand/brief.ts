import type { Brand } from "./brand";
import { FONTS } from "./fonts";

/** The brand in one sentence, for the prompts of the steps that follow it (website prompt, logo). */
export function brandBrief(brand: Brand) {
  const p = brand.palette;
  return (
    `the business is called "${brand.name}" (tagline: "${brand.tagline}"). ` +
    `Colours: primary ${p.primary}, secondary ${p.secondary}, accent ${p.accent}, background ${p.background}, text ${p.text}. ` +
    `Headings in ${FONTS[brand.fonts.heading].family}, body text in ${FONTS[brand.fonts.body].family}.`
  );
}
