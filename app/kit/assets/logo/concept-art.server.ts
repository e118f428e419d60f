import { converter } from "culori";
import type { GenerationInput } from "~/kit/input";
import type { Brand, Palette } from "~/kit/brand/brand";
import { watermarkDrawing } from "~/kit/watermark.server";
import { markDesign } from "./builtin-marks";
import type { Mark } from "./mark";
import { motifTags, motifWords } from "./motifs.server";
import { renderPng } from "./render.server";
import { knockFor, offlineMarks } from "./marks.server";

/**
 * What the logo's concept art shows, so it agrees with the marks: the first
 * mark's motif in its design, in the brand's palette. The concept text and
 * the image prompt describe it (both providers), and the offline picture
 * draws it (builtin-art.ts).
 */
export type ConceptArt = {
  /** The icon name of the motif set: "coffee". */
  motif: string;
  /** How the mark is composed, in words: "cut out of a solid circle". */
  design: string;
  /** The first of LaunchKit's marks for the brand: the same motif and design. */
  mark: Mark;
  palette: Palette;
  /** The role the icon's lines take on the primary colour. */
  knock: "@background" | "@text";
};

const DESIGN_WORDS: Record<string, string> = {
  circle: "cut out of a solid circle",
  tile: "cut out of a solid rounded square",
  shield: "cut out of a solid shield",
  hexagon: "cut out of a solid hexagon",
  seal: "cut out of a round scalloped seal",
  ring: "inside a thin ring of the same line weight",
  soft: "on a softly tinted rounded square",
  emblem: "on its own, with a soft tinted disc behind it",
  monogram: "on a small disc beside the brand's initial",
};

export function conceptArtFor(input: GenerationInput, brand: Pick<Brand, "name" | "palette" | "understanding">): ConceptArt {
  const mark = offlineMarks(input, brand)[0];
  return {
    motif: mark.motif ?? "sparkles",
    design: DESIGN_WORDS[markDesign(mark) ?? "circle"] ?? DESIGN_WORDS.circle!,
    mark,
    palette: brand.palette,
    knock: knockFor(brand.palette),
  };
}

/** "coffee (cup, mug, cafe)": the motif in words an image model knows. */
export function motifPhrase(motif: string): string {
  const tags = motifTags(motif, 3);
  return `${motifWords(motif)}${tags.length ? ` (${tags.join(", ")})` : ""}`;
}

/**
 * The sentences the image prompt ends with: the symbol and the colours, so
 * the picture shows the mark's motif in the brand's palette.
 */
export function conceptArtPrompt(art: ConceptArt): string {
  const p = art.palette;
  const lines = art.knock === "@text" ? p.text : p.background;
  return (
    `The symbol is a simple line-drawn ${motifPhrase(art.motif)} icon with rounded line ends, ${art.design}, the same symbol as the brand's logo mark; ` +
    `no other symbol. Use only the brand's colours: ${colourName(p.primary)} (${p.primary}) for the main shape, ` +
    `${colourName(lines)} (${lines}) for the icon's lines, a plain ${colourName(p.background)} (${p.background}) background, ` +
    `and ${colourName(p.secondary)} (${p.secondary}) or ${colourName(p.accent)} (${p.accent}) only for small accents.`
  );
}

const toOklch = converter("oklch");

const HUES: [number, string][] = [
  [15, "pink"],
  [36, "red"],
  [70, "orange"],
  [100, "yellow"],
  [125, "lime"],
  [165, "green"],
  [195, "teal"],
  [225, "cyan"],
  [272, "blue"],
  [290, "indigo"],
  [315, "violet"],
  [345, "magenta"],
  [360, "pink"],
];

/** A plain name for a colour ("deep blue", "pale yellow", "off-white"), for prompts. */
export function colourName(hex: string): string {
  const { l = 0, c = 0, h = 0 } = toOklch(hex) ?? {};
  if (c < 0.035) {
    if (l > 0.9 && c > 0.008 && h > 40 && h < 110) return "cream";
    if (l > 0.95) return "white";
    if (l > 0.88) return "off-white";
    if (l < 0.25) return "near-black";
    return l > 0.7 ? "light grey" : l < 0.45 ? "dark grey" : "grey";
  }
  const hue = HUES.find(([max]) => h < max)?.[1] ?? "pink";
  if (l > 0.9) return hue === "orange" || hue === "yellow" ? "cream" : `pale ${hue}`;
  const tone = l < 0.42 ? "deep " : l > 0.8 ? "light " : c < 0.08 ? "muted " : "";
  return `${tone}${hue}`;
}

/** The side of the free plan's concept-art preview, in pixels (the image models draw square pictures of this size). */
export const CONCEPT_PREVIEW_SIDE = 1024;

/**
 * The free plan's concept art: the stored picture (any of the stored types,
 * the offline SVG included) fitted into a square with the PREVIEW stencil
 * merged in, rasterised to a PNG. The offline picture draws the first mark
 * with the mark's own paths, so serving it as it is would hand out the clean
 * mark; as pixels with the stencil burnt in, no deletion of an element or an
 * attribute can bring it back. `surface` is the colour the picture is drawn on
 * (the brand's background), which picks the word's colour.
 */
export function conceptArtPreviewPng(data: Buffer, contentType: string, surface: string): Buffer {
  const side = CONCEPT_PREVIEW_SIDE;
  const href = `data:${contentType};base64,${data.toString("base64")}`;
  const picture = `<image href="${href}" x="0" y="0" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side}" height="${side}">` +
    watermarkDrawing(picture, side, side, { id: "lk-wm-concept", surface }) +
    `</svg>`;
  return renderPng(svg, side);
}
