import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { FONTS, type FontId } from "./fonts";

/**
 * The catalogue's font files, read from the @fontsource packages. They are
 * resolved like modules (through each package's `exports`, which lists
 * `./files/*.woff`) from this module's URL: in vitest that is the source file,
 * in the production build it is build/server/index.js; both find the app's
 * node_modules (a dependency, so it is in the Docker image too). No font CDN.
 */

// Named so bundlers do not mistake it for CommonJS `require` and try to inline the file.
const resolvePackageFile = createRequire(import.meta.url).resolve;

/** The unicode-range subsets we read: latin first, latin-ext for the rest of Europe's letters. */
export type FontSubset = "latin" | "latin-ext";

/** The nearest weight the package ships (DM Serif Display only has 400). */
function shippedWeight(id: FontId, weight: number): number {
  const weights = FONTS[id].weights;
  return weights.reduce((best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best), weights[0]!);
}

/** WOFF for everything that parses or embeds fonts; WOFF2 (about a quarter smaller) for browsers fetching them. */
export type FontFormat = "woff" | "woff2";

/** Absolute path of a font file, e.g. …/@fontsource/inter/files/inter-latin-700-normal.woff. */
export function fontPath(id: FontId, weight: number, subset: FontSubset = "latin", format: FontFormat = "woff"): string {
  return resolvePackageFile(`@fontsource/${id}/files/${id}-${subset}-${shippedWeight(id, weight)}-normal.${format}`);
}

const bytesCache = new Map<string, Buffer>();

/** The WOFF file's bytes (cached: a font file is read once per process). Throws if the package is missing. */
export function fontBytes(id: FontId, weight: number, subset: FontSubset = "latin", format: FontFormat = "woff"): Buffer {
  const key = `${id}/${subset}/${shippedWeight(id, weight)}.${format}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = readFileSync(fontPath(id, weight, subset, format));
    bytesCache.set(key, bytes);
  }
  return bytes;
}

const fontCache = new Map<string, fontkit.Font>();

/** A parsed fontkit Font, cached: parsing is the slow part (tens of ms), layout after that is fast. */
export function loadFont(id: FontId, weight: number, subset: FontSubset = "latin"): fontkit.Font {
  const key = `${id}/${subset}/${shippedWeight(id, weight)}`;
  let font = fontCache.get(key);
  if (!font) {
    const parsed = fontkit.create(fontBytes(id, weight, subset));
    // A .woff holds one font; a collection would mean a broken package.
    if (!("layout" in parsed)) throw new Error(`${key} is a font collection, expected one font`);
    font = parsed;
    fontCache.set(key, font);
  }
  return font;
}

/** Like loadFont, but null when the file is absent (a latin-ext file a family may not ship). */
export function tryLoadFont(id: FontId, weight: number, subset: FontSubset): fontkit.Font | null {
  try {
    return loadFont(id, weight, subset);
  } catch {
    return null;
  }
}
