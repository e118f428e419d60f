/**
 * The font catalogue: open-licence (SIL OFL) families that LaunchKit ships as
 * files (the @fontsource packages), so the wordmark, the PDFs and the landing
 * page never need a font CDN and work offline. Each brand vibe maps to pairs
 * that suit it. Client-safe: no file access here (see fonts.server.ts).
 */

export const FONT_IDS = [
  "inter",
  "space-grotesk",
  "dm-sans",
  "work-sans",
  "ibm-plex-sans",
  "poppins",
  "nunito",
  "playfair-display",
  "dm-serif-display",
  "fraunces",
  "lora",
  "merriweather",
] as const;
export type FontId = (typeof FONT_IDS)[number];

export type FontInfo = {
  id: FontId;
  family: string;
  category: "sans-serif" | "serif";
  /** A CSS fallback stack used when the file is not loaded (PPTX, plain HTML). */
  fallback: string;
  /** Weights shipped by the package that we use (400 body, 700 headings). */
  weights: readonly number[];
};

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "ui-serif, Georgia, Cambria, 'Times New Roman', Times, serif";

export const FONTS: Record<FontId, FontInfo> = {
  inter: { id: "inter", family: "Inter", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  "space-grotesk": { id: "space-grotesk", family: "Space Grotesk", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  "dm-sans": { id: "dm-sans", family: "DM Sans", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  "work-sans": { id: "work-sans", family: "Work Sans", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  "ibm-plex-sans": { id: "ibm-plex-sans", family: "IBM Plex Sans", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  poppins: { id: "poppins", family: "Poppins", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  nunito: { id: "nunito", family: "Nunito", category: "sans-serif", fallback: SANS, weights: [400, 700] },
  "playfair-display": { id: "playfair-display", family: "Playfair Display", category: "serif", fallback: SERIF, weights: [400, 700] },
  "dm-serif-display": { id: "dm-serif-display", family: "DM Serif Display", category: "serif", fallback: SERIF, weights: [400] },
  fraunces: { id: "fraunces", family: "Fraunces", category: "serif", fallback: SERIF, weights: [400, 700] },
  lora: { id: "lora", family: "Lora", category: "serif", fallback: SERIF, weights: [400, 700] },
  merriweather: { id: "merriweather", family: "Merriweather", category: "serif", fallback: SERIF, weights: [400, 700] },
};

export type FontPair = { heading: FontId; body: FontId };

/** Sensible heading/body pairs per brand vibe (the wizard's six vibes); the first is the default. */
export const VIBE_FONT_PAIRS: Record<string, readonly FontPair[]> = {
  "neon tech": [
    { heading: "space-grotesk", body: "inter" },
    { heading: "ibm-plex-sans", body: "ibm-plex-sans" },
    { heading: "poppins", body: "dm-sans" },
  ],
  minimalist: [
    { heading: "inter", body: "inter" },
    { heading: "dm-sans", body: "dm-sans" },
    { heading: "work-sans", body: "inter" },
  ],
  cozy: [
    { heading: "fraunces", body: "nunito" },
    { heading: "lora", body: "work-sans" },
    { heading: "nunito", body: "nunito" },
  ],
  editorial: [
    { heading: "playfair-display", body: "lora" },
    { heading: "dm-serif-display", body: "dm-sans" },
    { heading: "merriweather", body: "work-sans" },
  ],
  playful: [
    { heading: "poppins", body: "nunito" },
    { heading: "nunito", body: "dm-sans" },
    { heading: "fraunces", body: "poppins" },
  ],
  corporate: [
    { heading: "ibm-plex-sans", body: "inter" },
    { heading: "work-sans", body: "work-sans" },
    { heading: "merriweather", body: "inter" },
  ],
};

export function fontPairsFor(vibe: string): readonly FontPair[] {
  return VIBE_FONT_PAIRS[vibe] ?? VIBE_FONT_PAIRS.minimalist!;
}

/** The CSS font-family value for a catalogue font: the family, then its fallback stack. */
export function fontStack(id: FontId) {
  const f = FONTS[id];
  return `'${f.family}', ${f.fallback}`;
}

/** The heading weight: 700 where the family ships it, else its only weight. */
export function headingWeight(id: FontId) {
  const w = FONTS[id].weights;
  return w.includes(700) ? 700 : w[w.length - 1]!;
}
