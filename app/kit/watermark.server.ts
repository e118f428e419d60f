import { AA_TEXT, contrastRatio } from "~/kit/brand/palette";
import { wordmark } from "~/kit/brand/wordmark.server";

/**
 * The free preview's watermark on logo drawings (the SVGs, and the PNG and
 * icon files rasterised from them): rows of the word PREVIEW across the
 * canvas, in outlined Inter (the files need no font, and resvg loads none).
 *
 * It is part of the drawing, not a layer on top that one deletion removes:
 * 1. the whole drawing is masked by the word: its outline is cut through the
 *    mark and the name, and its letters knock out part of what lies under
 *    them (a stencil; the drawing still shows through);
 * 2. the word is drawn again in the cuts, outlined in a colour legible on the
 *    surface the logo is designed for (4.5:1 at least) and tinted inside.
 * Either carrier alone shows the word, so deleting any one element or
 * attribute of the file still leaves a watermarked logo (the tests render
 * every such variant). The word is fitted to the canvas: its letters and cuts
 * stay inside the viewBox on every lockup (the old band was clipped to "ew"
 * and "Ma"), and it repeats across wide canvases. Deterministic: the same
 * inputs give the same bytes.
 */

export const WATERMARK_WORD = "PREVIEW";
const SEPARATOR = " · ";
const DARK = "#0F172A";
const LIGHT = "#FFFFFF";
const BLACK = "#000000";
/** Opacity of the tint inside the letters: the drawing shows through, the outline carries the word. */
export const WATERMARK_FILL_OPACITY = 0.5;
/** How much of the drawing the letters knock out (the outline is cut through completely). */
const KNOCK = 0.45;
// In em of the word's font size: half the width of the cut along the letters' outline, and of the line drawn in it.
const CUT = 0.035;
const LINE = 0.016;
// The word's cap height, as a share of the canvas height (before it is fitted to the width).
const CAP_SHARE = 0.2;
// Margin kept free on each side, as a share of the canvas side.
const MARGIN = 0.04;
const MAX_COPIES = 5;

const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

/**
 * The word's ink on `surface`: near-black or white, whichever contrasts more;
 * pure black on the mid greys where near-black falls short of 4.5:1 (black or
 * white always reaches it).
 */
export function watermarkInk(surface: string): string {
  if (contrastRatio(LIGHT, surface) > contrastRatio(BLACK, surface)) return LIGHT;
  return contrastRatio(DARK, surface) >= AA_TEXT ? DARK : BLACK;
}

export type WatermarkLayout = {
  /** One line per row: PREVIEW, or copies of it separated by middle dots. */
  rows: string[];
  fontSize: number;
  /** The outlined rows as one path, in canvas units. */
  d: string;
  /** The ink box of every row, cut-out included, in canvas units. */
  box: { minX: number; minY: number; maxX: number; maxY: number };
};

/** Absolute path data (wordmark's M, L, Q, C and Z) moved by (dx, dy). */
function shiftPath(d: string, dx: number, dy: number): string {
  return d.replace(/([MLQC])([^MLQCZ]+)/g, (_, command: string, args: string) => {
    const values = args.trim().split(/\s+/).map(Number);
    return command + values.map((v, i) => num(v + (i % 2 === 0 ? dx : dy))).join(" ");
  });
}

/**
 * Where the word goes on a `width` × `height` canvas: rows centred on
 * `rows` (heights in canvas units; default one row across the middle), in
 * each as many copies as fit across at a cap height of CAP_SHARE of the
 * height, or one copy shrunk to the width; centred across; always inside the
 * margins, cut-out included (a row too near an edge is moved in), and rows
 * never overlap.
 */
export function watermarkLayout(width: number, height: number, rows: readonly number[] = [height / 2]): WatermarkLayout {
  const centres = rows.length > 0 ? [...rows].sort((a, b) => a - b) : [height / 2];
  const closest = centres.slice(1).reduce((min, y, i) => Math.min(min, y - centres[i]!), Infinity);
  const room = { w: width * (1 - 2 * MARGIN), h: Math.min(height * (1 - 2 * MARGIN), closest / 1.25) };
  const measure = (text: string) => {
    const w = wordmark(text, "inter", { fontSize: 100, weight: 700 });
    const b = w.bounds ?? { minX: 0, minY: -70, maxX: 100, maxY: 0 };
    // Per unit of font size, with the cut-out's reach on every side.
    return { w: (b.maxX - b.minX) / 100 + 2 * CUT, h: (b.maxY - b.minY) / 100 + 2 * CUT, cap: w.capHeight / 100 };
  };
  const one = measure(WATERMARK_WORD);
  let fontSize = Math.min((CAP_SHARE * height) / centres.length / one.cap, room.h / one.h);
  let text = WATERMARK_WORD;
  if (one.w * fontSize > room.w) {
    fontSize = room.w / one.w;
  } else {
    for (let copies = MAX_COPIES; copies > 1; copies--) {
      const candidate = Array.from({ length: copies }, () => WATERMARK_WORD).join(SEPARATOR);
      if (measure(candidate).w * fontSize <= room.w) {
        text = candidate;
        break;
      }
    }
  }
  // Two decimals, like every number in the files; rounded down so the fit still holds.
  fontSize = Math.floor(fontSize * 100) / 100;
  const set = wordmark(text, "inter", { fontSize, weight: 700 });
  const b = set.bounds ?? { minX: 0, minY: -fontSize * 0.7, maxX: fontSize, maxY: 0 };
  const reach = CUT * fontSize;
  const x = Math.round((width / 2 - (b.minX + b.maxX) / 2) * 100) / 100;
  // Each row's baseline: its ink centred on the row, moved in from the edges when it would cross a margin.
  const [top, bottom] = [height * MARGIN - (b.minY - reach), height * (1 - MARGIN) - (b.maxY + reach)];
  const ys = centres.map((c) => Math.round(Math.min(bottom, Math.max(top, c - (b.minY + b.maxY) / 2)) * 100) / 100);
  return {
    rows: ys.map(() => text),
    fontSize,
    d: set.d ? ys.map((y) => shiftPath(set.d, x, y)).join("") : "",
    box: { minX: x + b.minX - reach, minY: ys[0]! + b.minY - reach, maxX: x + b.maxX + reach, maxY: ys[ys.length - 1]! + b.maxY + reach },
  };
}

/**
 * `drawing` (the inner markup of a `width` × `height` SVG) with the
 * watermark merged in: the stencil mask around all of it and the word in the
 * cut-outs. `id` names the mask and must be unique in the document the SVG
 * may be inlined into; `surface` is the colour the logo is designed to sit
 * on (it picks the word's colour).
 */
export function watermarkDrawing(drawing: string, width: number, height: number, opts: { id: string; surface: string; rows?: readonly number[] }): string {
  const layout = watermarkLayout(width, height, opts.rows);
  if (!layout.d) return drawing;
  const ink = watermarkInk(opts.surface);
  const fs = layout.fontSize;
  return (
    `<mask id="${opts.id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${num(width)}" height="${num(height)}">` +
    `<rect width="${num(width)}" height="${num(height)}" fill="#FFFFFF"/>` +
    `<path d="${layout.d}" fill="#000000" fill-opacity="${KNOCK}" stroke="#000000" stroke-width="${num(2 * CUT * fs)}" stroke-linejoin="round"/>` +
    `</mask>` +
    `<g mask="url(#${opts.id})">${drawing}</g>` +
    `<path data-watermark="preview" d="${layout.d}" fill="${ink}" fill-opacity="${WATERMARK_FILL_OPACITY}" stroke="${ink}" stroke-width="${num(2 * LINE * fs)}" stroke-linejoin="round"/>`
  );
}
