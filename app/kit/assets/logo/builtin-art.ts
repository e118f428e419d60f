import crypto from "node:crypto";
import type { GenerationInput } from "~/kit/input";
import { fixPalette } from "~/kit/brand/palette";
import { builtinBrand } from "../brand/builtin";
import { colourName, conceptArtFor, motifPhrase, type ConceptArt } from "./concept-art.server";
import { paintMark } from "./mark";

/**
 * The logo concept art offline (the builtin provider's picture): the motif
 * and design of the brand's first mark (concept-art.server.ts), drawn large
 * on the brand's background with a soft disc of the secondary colour and a
 * few accent dots, all in the palette. Without the concept art (a caller
 * that has no brand yet), the builtin brand of the answers stands in.
 */
export function conceptArtOf(input: GenerationInput, art?: ConceptArt): ConceptArt {
  if (art) return art;
  const brand = builtinBrand(input);
  return conceptArtFor(input, { name: brand.name, palette: fixPalette(brand.palette).palette });
}

/** Words for the concept text: the symbol, its design, and the palette. */
export function logoStyleFor(input: GenerationInput, art?: ConceptArt) {
  const a = conceptArtOf(input, art);
  const p = a.palette;
  return {
    shapeDescription: `line-drawn ${motifPhrase(a.motif)} icon ${a.design}`,
    paletteName: `${colourName(p.primary)} and ${colourName(p.secondary)} on ${colourName(p.background)}, with ${colourName(p.accent)} accents`,
  };
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/** A 1024×1024 text-free SVG of the concept art; the seed (a hash of the idea) places the accents. */
export function drawLogoSvg(input: GenerationInput, seed: Uint8Array, art?: ConceptArt): string {
  const a = conceptArtOf(input, art);
  const p = a.palette;
  const r = (i: number, min: number, max: number) => min + (seed[i % seed.length]! / 255) * (max - min);
  // The soft disc sits behind the mark, nudged to one side; three accent dots balance it on the other.
  const side = seed[0]! % 2 === 0 ? 1 : -1;
  const disc = { cx: 512 + side * r(1, 60, 110), cy: 512 - r(2, 50, 100), r: r(3, 330, 370) };
  const dots = [
    { cx: 512 - side * 330, cy: 512 + r(4, 230, 290), r: 22 },
    { cx: 512 - side * r(5, 250, 290), cy: 512 + 350, r: 13 },
    { cx: 512 + side * 350, cy: 512 - r(6, 320, 360), r: 16 },
  ];
  const size = 560;
  const [vx, vy, vw, vh] = a.mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  const s = size / Math.max(vw, vh);
  const tx = 512 - (vx + vw / 2) * s;
  const ty = 512 - (vy + vh / 2) * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024">
<rect width="1024" height="1024" rx="180" fill="${p.background}"/>
<circle cx="${num(disc.cx)}" cy="${num(disc.cy)}" r="${num(disc.r)}" fill="${p.secondary}" fill-opacity="0.18"/>
${dots.map((d) => `<circle cx="${num(d.cx)}" cy="${num(d.cy)}" r="${d.r}" fill="${p.accent}"/>`).join("\n")}
<g transform="translate(${num(tx)} ${num(ty)}) scale(${num(s)})">${paintMark(a.mark.body, p)}</g>
</svg>`;
}

/** The offline picture as the bytes we store: the SVG, its accents placed by a hash of the idea. */
export function builtinLogoImage(input: GenerationInput, art?: ConceptArt): { data: Buffer; contentType: string } {
  const seed = crypto.createHash("sha256").update(input.business_idea).digest();
  return { data: Buffer.from(drawLogoSvg(input, seed, art)), contentType: "image/svg+xml" };
}
