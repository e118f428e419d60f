import type { Font } from "fontkit";
import type { Brand } from "~/kit/brand/brand";
import { FONTS, headingWeight, type FontId } from "~/kit/brand/fonts";
import { loadFont, tryLoadFont } from "~/kit/brand/fonts.server";
import { FALLBACK_WIDTHS } from "./fallback-metrics";
import { BOXES, BULLET_GAP, BULLET_INDENT, cardInner, COVER_KICKER, coverFrame, deckFrame, LINE, SIZES, slideTexts, type CoverText, type SlideText } from "./geometry";
import type { DeckContent } from "./schema";

/**
 * Font sizes that make each slide's text fit its box, measured with the
 * brand's real fonts (fontkit), so PPTX, PDF and HTML use the same sizes and
 * nothing overflows. Widths are measured once per word at 1 pt and scaled.
 */

export type FontRef = { id: FontId; weight: number };

type Measurer = { word(w: string): number; space: number };

const measurers = new Map<string, Measurer>();

function measurer({ id, weight }: FontRef): Measurer {
  const key = `${id}/${weight}`;
  let m = measurers.get(key);
  if (m) return m;
  const fonts = [loadFont(id, weight, "latin"), tryLoadFont(id, weight, "latin-ext"), tryLoadFont("inter", weight, "latin-ext")].filter(
    (f): f is Font => f !== null,
  );
  const primary = fonts[0]!;
  const cache = new Map<string, number>();
  const widthOf = (text: string) => {
    let total = 0;
    // Runs of characters one font can draw; unknown characters count as 0.6 em.
    for (const ch of Array.from(text)) {
      const cp = ch.codePointAt(0)!;
      const font = fonts.find((f) => f.hasGlyphForCodePoint(cp));
      total += font ? font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm : 0.6;
    }
    // Kerning of the primary font when it draws the whole word.
    if (Array.from(text).every((ch) => primary.hasGlyphForCodePoint(ch.codePointAt(0)!))) {
      return primary.layout(text).advanceWidth / primary.unitsPerEm;
    }
    return total;
  };
  m = {
    word(w) {
      let v = cache.get(w);
      if (v === undefined) {
        v = widthOf(w);
        if (cache.size < 5000) cache.set(w, v);
      }
      return v;
    },
    space: widthOf(" "),
  };
  measurers.set(key, m);
  return m;
}

/**
 * A word's width at 1 pt in the widest font a viewer may draw it with when
 * the brand's font is missing (fallback-metrics.ts): bold for bold text, and
 * for display families without a bold, which the deck still sets in bold.
 * Characters no fallback has count as a full em.
 */
function fallbackWidth(word: string, font: FontRef): number {
  const bold = font.weight >= 600 || !FONTS[font.id].weights.includes(700);
  const table = FALLBACK_WIDTHS[bold ? "bold" : "regular"];
  let total = 0;
  for (const ch of Array.from(word)) {
    const cp = ch.codePointAt(0)!;
    const range = table.find((r) => cp >= r.start && cp < r.start + r.widths.length);
    total += (range?.widths[cp - range.start] || 1000) / 1000;
  }
  return total;
}

/** The widest word of `text` at 1 pt, in the brand's font or in the widest fallback, whichever is wider. */
export function longestWord(text: string, font: FontRef): number {
  return Math.max(0, ...text.split(/\s+/).filter(Boolean).map((w) => Math.max(textWidth(w, font, 1), fallbackWidth(w, font))));
}

/** Below its range a text may shrink this far (in points) so that its longest word still fits a line. */
const WORD_FLOOR = 8;

/** The largest half-point size, at most `max`, at which a word `longest` wide (at 1 pt) fits `width` points. */
function wordSize(longest: number, width: number, max: number): number {
  return Math.max(WORD_FLOOR, Math.min(max, Math.floor((width / Math.max(longest, 1e-6)) * 2) / 2));
}

/** Width of a line of text in points. */
export function textWidth(text: string, font: FontRef, size: number): number {
  const m = measurer(font);
  const words = text.split(" ");
  return words.reduce((sum, w, i) => sum + m.word(w) + (i > 0 ? m.space : 0), 0) * size;
}

/** Greedy word wrap at `width` points; a word longer than a line is broken by characters. */
export function wrapText(text: string, font: FontRef, size: number, width: number): string[] {
  const m = measurer(font);
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  for (const paragraph of text.split("\n")) {
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const w = m.word(word) * size;
      if (w > width) {
        // Break an overlong word into pieces that fit.
        if (line) lines.push(line);
        let piece = "";
        for (const ch of Array.from(word)) {
          if (piece && m.word(piece + ch) * size > width) {
            lines.push(piece);
            piece = "";
          }
          piece += ch;
        }
        line = piece;
        lineWidth = m.word(piece) * size;
        continue;
      }
      const extra = line ? m.space * size + w : w;
      if (line && lineWidth + extra > width) {
        lines.push(line);
        line = word;
        lineWidth = w;
      } else {
        line = line ? `${line} ${word}` : word;
        lineWidth += extra;
      }
    }
    if (line) lines.push(line);
    line = "";
    lineWidth = 0;
  }
  return lines;
}

const PT = 72;
/**
 * Fitting wraps at a slightly narrower width than the box: PDFKit,
 * PowerPoint and browsers break lines by their own rules, and the slack keeps
 * their wraps within the lines counted here.
 */
const SLACK = 0.95;

/** The largest size in [min, max] (half-point steps) at which the text fits the box; the minimum when nothing fits. */
export function fitText(text: string, font: FontRef, box: { w: number; h: number }, range: { min: number; max: number }, lineHeight: number, maxLines = Infinity) {
  // Viewers never break inside a word, in the brand's font or in a wider one they substitute for it (LibreOffice
  // without the brand's fonts): the longest word must fit a line in both. The height is fitted in the brand's
  // font; a wider substitute that needs more lines is shrunk to the box by the viewer (the PPTX asks for it).
  const longest = longestWord(text, font);
  for (let size = range.max; size >= range.min; size -= 0.5) {
    if (longest * size > box.w * PT * SLACK) continue;
    const lines = wrapText(text, font, size, box.w * PT * SLACK);
    if (lines.length <= maxLines && lines.length * size * lineHeight <= box.h * PT) return { size, lines };
  }
  // Nothing in the range fits: the minimum, or smaller still when the longest word needs it.
  const size = wordSize(longest, box.w * PT * SLACK, range.min);
  return { size, lines: wrapText(text, font, size, box.w * PT) };
}

/** One size for all the bullets of a slide: their lines and the gaps between them fit the box. */
export function fitBullets(items: string[], font: FontRef, box: { w: number; h: number }, range: { min: number; max: number }) {
  const width = (box.w - BULLET_INDENT) * PT * SLACK;
  const longest = Math.max(0, ...items.map((i) => longestWord(i, font)));
  for (let size = range.max; size >= range.min; size -= 0.5) {
    if (longest * size > width) continue;
    const lines = items.reduce((n, item) => n + wrapText(item, font, size, width).length, 0);
    const height = lines * size * LINE.body + (items.length - 1) * size * BULLET_GAP;
    if (height <= box.h * PT) return { size };
  }
  return { size: wordSize(longest, width, range.min) };
}

export type DeckFonts = { heading: FontRef; body: FontRef; bodyBold: FontRef };

export function deckFonts(brand: Brand): DeckFonts {
  return {
    heading: { id: brand.fonts.heading, weight: headingWeight(brand.fonts.heading) },
    body: { id: brand.fonts.body, weight: 400 },
    bodyBold: { id: brand.fonts.body, weight: headingWeight(brand.fonts.body) },
  };
}

type Rect = { x: number; y: number; w: number; h: number };
/** The sizes that fit, and the boxes of the bullets and the market's small print (which grows upwards with its sources). */
export type FittedSlide = SlideText & { sizes: { title: number; bullets: number; callout: number; who: number }; boxes: { bullets: Rect; footnote: Rect } };

const CARD_INNER = { w: BOXES.card.w - BOXES.cardInset * 2, h: BOXES.card.h - BOXES.cardInset * 2 };
/** On the classic market card: the badge on top, how many in the middle, who below a rule (deckFrame(layout).market for the others). */
export const MARKET_CARD = deckFrame("classic").market;

/** Every slide's text with the font sizes that fit its layout's boxes, in slide order. */
export function fitDeck(brand: Brand, content: DeckContent): FittedSlide[] {
  const fonts = deckFonts(brand);
  const f = deckFrame(content.layout);
  const inner = cardInner(f);
  return slideTexts(brand, content).map((slide) => {
    const title = fitText(slide.title, fonts.heading, f.title, SIZES.title, LINE.heading, f.titleLines).size;
    // The small print sits on the footer's margin and grows upwards; the bullets end above it.
    const bottom = f.footnote.y + f.footnote.h;
    const lines = slide.market ? wrapText(slide.market.footnote, fonts.body, SIZES.footnote, f.footnote.w * PT * SLACK).length : 0;
    const noteH = Math.max(f.footnote.h, (lines * SIZES.footnote * LINE.body) / PT + 0.04);
    const footnote = { ...f.footnote, y: bottom - noteH, h: noteH };
    const bulletsBox = { ...f.bullets, h: Math.min(f.bullets.h, footnote.y - 0.08 - f.bullets.y) };
    const boxes = { bullets: bulletsBox, footnote };
    const bullets = fitBullets(slide.bullets, fonts.body, bulletsBox, SIZES.bullets).size;
    if (slide.market) {
      const callout = fitText(slide.market.howMany, fonts.heading, { w: inner.w, h: f.market.howMany }, SIZES.howMany, LINE.heading).size;
      const who = fitText(slide.market.who, fonts.body, { w: inner.w, h: f.market.who }, SIZES.who, LINE.body).size;
      return { ...slide, sizes: { title, bullets, callout, who }, boxes };
    }
    const callout = fitText(slide.callout, fonts.heading, inner, SIZES.callout, LINE.heading, 6).size;
    return { ...slide, sizes: { title, bullets, callout, who: SIZES.who.min }, boxes };
  });
}

/** The cover's name and tagline at the sizes that fit its boxes. */
export function fitCover(brand: Brand, content: Pick<DeckContent, "layout">): CoverText {
  const fonts = deckFonts(brand);
  const c = coverFrame(content.layout);
  return {
    name: brand.name,
    tagline: brand.tagline,
    kicker: COVER_KICKER,
    notes: `Introduce yourself and ${brand.name}: ${brand.tagline}`,
    sizes: {
      name: fitText(brand.name, fonts.heading, c.name, SIZES.coverName, LINE.heading, 2).size,
      tagline: fitText(brand.tagline, fonts.body, c.tagline, SIZES.coverTagline, LINE.body, 3).size,
    },
  };
}

export { CARD_INNER };
