import type { GenerationInput } from "~/kit/input";
import { answersSeed } from "~/kit/assets/brand/builtin";
import type { Brand, Palette } from "~/kit/brand/brand";
import { contrastRatio } from "~/kit/brand/palette";
import { builtinMarks } from "./builtin-marks";
import type { Mark } from "./mark";
import { GENERIC_MOTIFS, isMotif, motifsFor } from "./motifs.server";

/** The marks LaunchKit draws itself, and the motifs a model may choose from (used by the logo step and the concept art). */

/** How many candidate motifs the model chooses from. */
const CANDIDATES = 20;

/**
 * The motifs a brand's marks may use, best first: the understanding of the
 * idea and the words of the idea matched against the icons' tags
 * (motifs.server.ts), padded with generic motifs so a model always has a
 * choice.
 */
export function motifCandidates(input: GenerationInput, brand?: Pick<Brand, "understanding">): string[] {
  return [...new Set([...motifsFor(input, brand), ...GENERIC_MOTIFS])].filter(isMotif).slice(0, CANDIDATES);
}

/** The role drawn on the primary colour: whichever of background and text stands out more on it. */
export function knockFor(palette: Palette): "@background" | "@text" {
  return contrastRatio(palette.primary, palette.background) >= contrastRatio(palette.primary, palette.text) ? "@background" : "@text";
}

/** LaunchKit's own three marks for the brand; the first is the one the concept art shows (`salt` "" for the first generation). */
export function offlineMarks(input: GenerationInput, brand: Pick<Brand, "name" | "palette" | "understanding">, salt = ""): [Mark, Mark, Mark] {
  return builtinMarks(answersSeed(input, `marks${salt}`), input.brand_vibe, {
    name: brand.name,
    motifs: motifsFor(input, brand),
    knock: knockFor(brand.palette),
  });
}
