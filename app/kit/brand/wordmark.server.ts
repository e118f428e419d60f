import type { Font, Glyph } from "fontkit";
import { headingWeight, type FontId } from "./fonts";
import { tryLoadFont } from "./fonts.server";

/**
 * The wordmark: the business name set in the brand's heading font and turned
 * into outlines, so the logo files need no font to display and look the same
 * in every viewer and in resvg. Coordinates are SVG user units with the
 * baseline at y = 0 (y grows downwards, so letters sit at negative y) and the
 * first glyph's origin at x = 0.
 */
export type Wordmark = {
  /** SVG path data of the whole name, one path. Empty for an empty name. */
  d: string;
  /** Advance width of the set line (origin to the last glyph's advance). */
  width: number;
  /** The heading font's ascent and descent below the baseline, both positive. */
  ascent: number;
  descent: number;
  capHeight: number;
  fontSize: number;
  /** The ink's bounding box (accents, descenders, overshoot); null when nothing was drawn. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number } | null;
};

export type WordmarkOptions = {
  /** Font size in user units (default 100). */
  fontSize?: number;
  /** Extra space after each glyph, in em (negative tightens); default 0. */
  letterSpacing?: number;
  /** Default: the family's heading weight (700, or its only weight). */
  weight?: number;
};

/**
 * The fonts tried for each character, in order: the brand font's latin file,
 * its latin-ext file, then Inter (a wide coverage sans) in both. Characters
 * none of them has (emoji, CJK...) are left out rather than drawn as boxes.
 */
function fontChain(fontId: FontId, weight: number): Font[] {
  const chain = [
    tryLoadFont(fontId, weight, "latin"),
    tryLoadFont(fontId, weight, "latin-ext"),
    tryLoadFont("inter", weight, "latin"),
    tryLoadFont("inter", weight, "latin-ext"),
  ];
  return [...new Set(chain.filter((f): f is Font => f !== null))];
}

/**
 * Splits the name into runs of consecutive characters that one font of the
 * chain can draw, after dropping the characters none can (so "🚀 Rocket" does
 * not start with a blank) and folding whitespace to single spaces: a logo is
 * one line. NFC first, so "e" + combining diaeresis uses the font's precomposed ë.
 */
function runs(text: string, chain: Font[]): { font: Font; text: string }[] {
  const drawable = Array.from(text.normalize("NFC"))
    .map((ch) => (/\s/u.test(ch) ? " " : ch))
    .filter((ch) => chain.some((f) => f.hasGlyphForCodePoint(ch.codePointAt(0)!)))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  const out: { font: Font; text: string }[] = [];
  for (const ch of drawable) {
    const font = chain.find((f) => f.hasGlyphForCodePoint(ch.codePointAt(0)!))!;
    const last = out[out.length - 1];
    if (last && last.font === font) last.text += ch;
    else out.push({ font, text: ch });
  }
  return out;
}

// Two decimals of a 100-unit font size is far below a pixel at any export size,
// and fixed rounding keeps the output byte-identical for the same input.
const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

function appendGlyph(parts: string[], glyph: Glyph, scale: number, x: number, y: number) {
  const px = (gx: number) => num(x + gx * scale);
  const py = (gy: number) => num(y - gy * scale);
  for (const { command, args } of glyph.path.commands) {
    const a = args;
    if (command === "moveTo") parts.push(`M${px(a[0]!)} ${py(a[1]!)}`);
    else if (command === "lineTo") parts.push(`L${px(a[0]!)} ${py(a[1]!)}`);
    else if (command === "quadraticCurveTo") parts.push(`Q${px(a[0]!)} ${py(a[1]!)} ${px(a[2]!)} ${py(a[3]!)}`);
    else if (command === "bezierCurveTo")
      parts.push(`C${px(a[0]!)} ${py(a[1]!)} ${px(a[2]!)} ${py(a[3]!)} ${px(a[4]!)} ${py(a[5]!)}`);
    else if (command === "closePath") parts.push("Z");
  }
}

// Every logo file of a brand sets the same name: remember the last few.
const cache = new Map<string, Wordmark>();
const CACHE_SIZE = 64;

/** Sets `text` in the heading font and returns it as one outlined path (frozen: shared between callers). Never throws on any text. */
export function wordmark(text: string, fontId: FontId, opts: WordmarkOptions = {}): Readonly<Wordmark> {
  const key = JSON.stringify([text, fontId, opts.fontSize, opts.letterSpacing, opts.weight]);
  let result = cache.get(key);
  if (!result) {
    result = Object.freeze(setWordmark(text, fontId, opts));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
  }
  return result;
}

function setWordmark(text: string, fontId: FontId, opts: WordmarkOptions): Wordmark {
  const fontSize = opts.fontSize ?? 100;
  const weight = opts.weight ?? headingWeight(fontId);
  const spacing = (opts.letterSpacing ?? 0) * fontSize;
  const chain = fontChain(fontId, weight);
  const main = chain[0];
  const mainScale = main ? fontSize / main.unitsPerEm : 0;
  const result: Wordmark = {
    d: "",
    width: 0,
    ascent: Number(num(main ? main.ascent * mainScale : fontSize * 0.9)),
    descent: Number(num(main ? Math.abs(main.descent) * mainScale : fontSize * 0.25)),
    capHeight: Number(num(main && main.capHeight > 0 ? main.capHeight * mainScale : fontSize * 0.7)),
    fontSize,
    bounds: null,
  };

  const parts: string[] = [];
  let x = 0;
  let glyphCount = 0;
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const run of runs(text, chain)) {
    const scale = fontSize / run.font.unitsPerEm;
    // A run is committed only once fully set: a shaping or outline bug in one
    // font must not lose the whole name, nor leave half a run behind.
    const runParts: string[] = [];
    const runBox = { ...box };
    let runX = x;
    let runCount = 0;
    try {
      const laid = run.font.layout(run.text, { kern: true, liga: true });
      laid.glyphs.forEach((glyph, i) => {
        const pos = laid.positions[i]!;
        if (glyph.id !== 0) {
          const gx = runX + pos.xOffset * scale;
          const gy = -pos.yOffset * scale;
          appendGlyph(runParts, glyph, scale, gx, gy);
          const b = glyph.bbox;
          if (Number.isFinite(b.minX) && b.maxX > b.minX) {
            runBox.minX = Math.min(runBox.minX, gx + b.minX * scale);
            runBox.maxX = Math.max(runBox.maxX, gx + b.maxX * scale);
            runBox.minY = Math.min(runBox.minY, gy - b.maxY * scale);
            runBox.maxY = Math.max(runBox.maxY, gy - b.minY * scale);
          }
        }
        runX += pos.xAdvance * scale + spacing;
        runCount++;
      });
    } catch {
      continue;
    }
    parts.push(...runParts);
    Object.assign(box, runBox);
    x = runX;
    glyphCount += runCount;
  }
  if (glyphCount === 0) return result;
  result.d = parts.join("");
  result.width = Number(num(x - spacing));
  if (Number.isFinite(box.minX)) result.bounds = { minX: Number(num(box.minX)), minY: Number(num(box.minY)), maxX: Number(num(box.maxX)), maxY: Number(num(box.maxY)) };
  return result;
}
