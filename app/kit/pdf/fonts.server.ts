import type { Font } from "fontkit";
import type { Brand } from "~/kit/brand/brand";
import { headingWeight, type FontId } from "~/kit/brand/fonts";
import { fontBytes, tryLoadFont, type FontSubset } from "~/kit/brand/fonts.server";

/**
 * The brand's fonts in a PDFKit document: the WOFF files of the catalogue are
 * embedded as they are (PDFKit's fontkit reads WOFF and embeds a subset of
 * the glyphs used), so the PDFs look the same on every machine. Text is drawn
 * in runs: each character in the first font of the chain that has it (the
 * brand font's latin file, its latin-ext file, then Inter), so names with
 * letters outside Latin-1 are not drawn as empty boxes.
 */

type PdfDoc = PDFKit.PDFDocument;

export type FontRole = "heading" | "body" | "bodyBold";

type ChainEntry = { name: string; font: Font };

export type PdfFonts = { chains: Record<FontRole, ChainEntry[]> };

function chainFor(doc: PdfDoc, role: FontRole, id: FontId, weight: number): ChainEntry[] {
  const candidates: Array<[FontId, FontSubset]> = [
    [id, "latin"],
    [id, "latin-ext"],
    ["inter", "latin"],
    ["inter", "latin-ext"],
  ];
  const chain: ChainEntry[] = [];
  for (const [fid, subset] of candidates) {
    const font = tryLoadFont(fid, weight, subset);
    if (!font) continue;
    const name = `${role}-${fid}-${subset}`;
    doc.registerFont(name, fontBytes(fid, weight, subset));
    chain.push({ name, font });
  }
  return chain;
}

export function registerBrandFonts(doc: PdfDoc, brand: Brand): PdfFonts {
  return {
    chains: {
      heading: chainFor(doc, "heading", brand.fonts.heading, headingWeight(brand.fonts.heading)),
      body: chainFor(doc, "body", brand.fonts.body, 400),
      bodyBold: chainFor(doc, "bodyBold", brand.fonts.body, headingWeight(brand.fonts.body)),
    },
  };
}

/** Consecutive characters that one font of the chain draws. Characters no font has are dropped. */
export function fontRuns(text: string, chain: ChainEntry[]): Array<{ name: string; text: string }> {
  const runs: Array<{ name: string; text: string }> = [];
  for (const ch of Array.from(text.normalize("NFC"))) {
    const cp = ch.codePointAt(0)!;
    const entry = /\s/.test(ch) ? (runs.at(-1) ? { name: runs.at(-1)!.name } : chain[0]) : chain.find((c) => c.font.hasGlyphForCodePoint(cp));
    if (!entry) continue;
    const last = runs.at(-1);
    if (last && last.name === entry.name) last.text += ch;
    else runs.push({ name: entry.name, text: ch });
  }
  return runs;
}

export type TextOptions = PDFKit.Mixins.TextOptions & {
  /** Line height as a multiple of the size (exact, like the PPTX and CSS). */
  lineHeight?: number;
  color?: string;
  opacity?: number;
};

/** Selects a role's main font at a size (for measuring). */
export function selectFont(doc: PdfDoc, fonts: PdfFonts, role: FontRole, size: number) {
  return doc.font(fonts.chains[role][0]!.name).fontSize(size);
}

/** Draws text in the role's font chain at (x, y) (or at the cursor when x is undefined). */
export function drawText(doc: PdfDoc, fonts: PdfFonts, role: FontRole, size: number, text: string, x: number | undefined, y: number | undefined, options: TextOptions = {}) {
  const { lineHeight, color, opacity, ...rest } = options;
  const chain = fonts.chains[role];
  selectFont(doc, fonts, role, size);
  const natural = doc.currentLineHeight(true);
  const lineGap = lineHeight !== undefined ? lineHeight * size - natural : rest.lineGap;
  if (color) doc.fillColor(color, opacity ?? 1);
  const runs = fontRuns(text, chain);
  if (runs.length === 0) return;
  runs.forEach((run, i) => {
    doc.font(run.name).fontSize(size);
    const continued = i < runs.length - 1;
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, lineGap, continued });
    else doc.text(run.text, { ...rest, lineGap, continued });
  });
}

/** Height of the text when drawn with drawText in its main font. */
export function textHeight(doc: PdfDoc, fonts: PdfFonts, role: FontRole, size: number, text: string, options: TextOptions = {}) {
  const { lineHeight, ...rest } = options;
  selectFont(doc, fonts, role, size);
  const lineGap = lineHeight !== undefined ? lineHeight * size - doc.currentLineHeight(true) : rest.lineGap;
  return doc.heightOfString(text, { ...rest, lineGap });
}
