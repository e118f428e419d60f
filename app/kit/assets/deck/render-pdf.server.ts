import PDFDocument from "pdfkit";
import { WATERMARK_TEXT } from "~/kit/plans/plans";
import type { Brand } from "~/kit/brand/brand";
import { logoSvg, type LogoInput } from "~/kit/assets/logo/render.server";
import { drawText, registerBrandFonts, textHeight, type PdfFonts } from "~/kit/pdf/fonts.server";
import { collectPdf } from "~/platform/pdf/output.server";
import { drawSvg, svgSize } from "~/platform/pdf/svg.server";
import { coverMarkSvg } from "./cover.server";
import { fitCover, fitDeck, type FittedSlide } from "./fit.server";
import {
  BULLET_GAP,
  BULLET_INDENT,
  cardInk,
  cardInner,
  coverFrame,
  coverInk,
  deckColors,
  deckFrame,
  deckLogoTheme,
  headInk,
  LINE,
  ruleFill,
  SLIDE,
  SIZES,
  type DeckColors,
  type DeckFrame,
} from "./geometry";
import { EPOCH, type DeckRenderOptions } from "./render-pptx.server";
import type { DeckContent } from "./schema";

/**
 * The pitch deck as PDF: one 16:9 page per slide, the cover first, the same
 * layout as the PPTX (geometry.ts), the brand's fonts embedded, the logo drawn as vector
 * paths and the sources as links. The speaker notes stay in the PPTX: the
 * PDF is what the audience gets. Pure and deterministic.
 */

const PT = 72;
const p = (inches: number) => inches * PT;

function bulletList(doc: PDFKit.PDFDocument, fonts: PdfFonts, s: FittedSlide, colors: DeckColors) {
  const size = s.sizes.bullets;
  const box = s.boxes.bullets;
  let y = p(box.y);
  const x = p(box.x);
  const w = p(box.w - BULLET_INDENT);
  for (const item of s.bullets) {
    // The bullet sits on the first line's x-height, like PowerPoint's.
    doc.save().circle(x + size * 0.22, y + size * LINE.body * 0.56, size * 0.13).fill(colors.text).restore();
    drawText(doc, fonts, "body", size, item, x + p(BULLET_INDENT), y, { width: w, lineHeight: LINE.body, color: colors.text });
    y += textHeight(doc, fonts, "body", size, item, { width: w, lineHeight: LINE.body }) + size * BULLET_GAP;
  }
}

function card(doc: PDFKit.PDFDocument, fonts: PdfFonts, s: FittedSlide, colors: DeckColors, f: DeckFrame) {
  const c = f.card;
  if (f.cardStyle === "fill") doc.save().roundedRect(p(c.x), p(c.y), p(c.w), p(c.h), p(0.18)).fill(colors.card).restore();
  if (f.cardStyle === "quote") doc.save().rect(p(c.x), p(c.y), p(0.06), p(c.h)).fill(colors.accent).restore();
  const ink = cardInk(f, colors);
  const inner = cardInner(f);
  const x = p(inner.x);
  const w = p(inner.w);
  if (s.market) {
    const m = f.market;
    let y = p(inner.y);
    drawText(doc, fonts, "bodyBold", SIZES.badge, s.market.badge, x, y, { width: w, characterSpacing: 1.5, color: ink.strong });
    y += p(m.badge);
    const hm = textHeight(doc, fonts, "heading", s.sizes.callout, s.market.howMany, { width: w, lineHeight: LINE.heading });
    drawText(doc, fonts, "heading", s.sizes.callout, s.market.howMany, x, y + Math.max(0, p(m.howMany) - hm), { width: w, lineHeight: LINE.heading, color: ink.strong });
    y += p(m.howMany + m.gap / 2);
    doc.save().moveTo(x, y).lineTo(x + w, y).lineWidth(0.75).strokeOpacity(0.5).stroke(ink.text).restore();
    y += p(m.gap / 2);
    drawText(doc, fonts, "body", s.sizes.who, s.market.who, x, y, { width: w, lineHeight: LINE.body, color: ink.text });
    return;
  }
  const h = textHeight(doc, fonts, "heading", s.sizes.callout, s.callout, { width: w, lineHeight: LINE.heading });
  // Centred in the card; on the panel and as a pull quote, from the top.
  const top = f.cardStyle === "fill" ? p(inner.y) + Math.max(0, (p(inner.h) - h) / 2) : p(inner.y);
  drawText(doc, fonts, "heading", s.sizes.callout, s.callout, x, top, { width: w, lineHeight: LINE.heading, color: ink.strong });
}

function footnote(doc: PDFKit.PDFDocument, fonts: PdfFonts, s: FittedSlide, colors: DeckColors) {
  if (!s.market) return;
  const box = s.boxes.footnote;
  const text = s.market.footnote;
  const h = textHeight(doc, fonts, "body", SIZES.footnote, text, { width: p(box.w), lineHeight: LINE.body });
  const y = p(box.y + box.h) - h;
  drawText(doc, fonts, "body", SIZES.footnote, text, p(box.x), y, { width: p(box.w), lineHeight: LINE.body, color: colors.muted });
  // Each source is a link: the area of its line (PDF links are rectangles).
  s.market.sources.forEach((src, i) => {
    const lineH = SIZES.footnote * LINE.body;
    const row = Math.min(i, Math.max(0, Math.round(h / lineH) - 1));
    doc.link(p(box.x), y + row * lineH, p(box.w), lineH, src.url);
  });
}

/** The first slide: the brand's name, its tagline and its mark, in the deck's layout. */
function cover(doc: PDFKit.PDFDocument, fonts: PdfFonts, brand: Brand, logo: LogoInput | null, colors: DeckColors, layout: DeckContent["layout"]) {
  const c = coverFrame(layout);
  const text = fitCover(brand, { layout });
  const ink = coverInk(c, colors);
  doc.rect(0, 0, p(SLIDE.w), p(SLIDE.h)).fill(c.fill === "primary" ? colors.card : colors.background);
  if (c.card) doc.save().roundedRect(p(c.card.x), p(c.card.y), p(c.card.w), p(c.card.h), p(0.18)).fill(colors.card).restore();
  const mark = coverMarkSvg(brand, logo, c.markOn);
  if (mark) {
    const size = svgSize(mark);
    const scale = Math.min(p(c.mark.w) / size.w, p(c.mark.h) / size.h);
    drawSvg(doc, mark, p(c.mark.x) + (p(c.mark.w) - size.w * scale) / 2, p(c.mark.y) + (p(c.mark.h) - size.h * scale) / 2, { width: size.w * scale });
  }
  if (c.rule) doc.rect(p(c.rule.x), p(c.rule.y), p(c.rule.w), p(c.rule.h)).fill(ink.rule);
  const align = c.align;
  drawText(doc, fonts, "bodyBold", SIZES.kicker, text.kicker, p(c.kicker.x), p(c.kicker.y), { width: p(c.kicker.w), characterSpacing: 1.5, color: ink.kicker, lineBreak: false, align });
  // The name sits on the bottom of its box (close to the tagline), the tagline hangs from the top of its own.
  const nameH = textHeight(doc, fonts, "heading", text.sizes.name, text.name, { width: p(c.name.w), lineHeight: LINE.heading });
  drawText(doc, fonts, "heading", text.sizes.name, text.name, p(c.name.x), p(c.name.y + c.name.h) - nameH, { width: p(c.name.w), lineHeight: LINE.heading, color: ink.name, align });
  drawText(doc, fonts, "body", text.sizes.tagline, text.tagline, p(c.tagline.x), p(c.tagline.y), { width: p(c.tagline.w), lineHeight: LINE.body, color: ink.tagline, align });
}

export function watermark(doc: PDFKit.PDFDocument, fonts: PdfFonts, color: string, width: number, height: number) {
  doc.save();
  doc.rotate(-18, { origin: [width / 2, height / 2] });
  const size = Math.round(width / 18);
  drawText(doc, fonts, "bodyBold", size, WATERMARK_TEXT, 0, height / 2 - size / 2, { width, align: "center", color, opacity: 0.18 });
  doc.restore();
}

export async function renderDeckPdf(brand: Brand, content: DeckContent, logo: LogoInput | null, options: DeckRenderOptions = {}): Promise<Buffer> {
  const colors = deckColors(brand.palette);
  const slides = fitDeck(brand, content);
  const date = options.date ?? EPOCH;
  const doc = new PDFDocument({
    size: [p(SLIDE.w), p(SLIDE.h)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${brand.name}: pitch deck`, Author: brand.name, Subject: brand.tagline, Creator: "LaunchKit", Producer: "LaunchKit", CreationDate: date, ModDate: date },
    lang: "en",
    displayTitle: true,
  });
  const fonts = registerBrandFonts(doc, brand);
  const logoFile = logo ? logoSvg(brand, logo, "horizontal", deckLogoTheme(brand.palette)) : null;

  const f = deckFrame(content.layout);
  const head = headInk(f, colors);
  const total = slides.length + 1;
  const pageNumber = (n: number, color: string) =>
    drawText(doc, fonts, "body", SIZES.pageNumber, `${n} / ${total}`, p(f.pageNumber.x), p(f.pageNumber.y) + p(f.pageNumber.h) / 2 - SIZES.pageNumber * 0.6, {
      width: p(f.pageNumber.w),
      align: "right",
      color,
      lineBreak: false,
    });

  doc.addPage();
  cover(doc, fonts, brand, logo, colors, content.layout);
  if (options.watermark) watermark(doc, fonts, coverFrame(content.layout).fill === "primary" ? colors.onCard : colors.text, p(SLIDE.w), p(SLIDE.h));

  for (const s of slides) {
    doc.addPage();
    doc.rect(0, 0, p(SLIDE.w), p(SLIDE.h)).fill(colors.background);
    if (f.panel) doc.rect(p(f.panel.x), p(f.panel.y), p(f.panel.w), p(f.panel.h)).fill(colors.card);
    doc.rect(p(f.rule.x), p(f.rule.y), p(f.rule.w), p(f.rule.h)).fill(ruleFill(f, colors));
    drawText(doc, fonts, "bodyBold", SIZES.kicker, s.kicker, p(f.kicker.x), p(f.kicker.y), { width: p(f.kicker.w), characterSpacing: 1.5, color: head.kicker, lineBreak: false });
    drawText(doc, fonts, "heading", s.sizes.title, s.title, p(f.title.x), p(f.title.y), { width: p(f.title.w), lineHeight: LINE.heading, color: head.title });
    bulletList(doc, fonts, s, colors);
    card(doc, fonts, s, colors, f);
    footnote(doc, fonts, s, colors);
    const line = f.footerLine;
    doc.save().moveTo(p(line.x), p(line.y)).lineTo(p(line.x + line.w), p(line.y)).lineWidth(0.75).stroke(colors.line).restore();
    if (logoFile) {
      const size = svgSize(logoFile);
      const w = Math.min(p(f.logo.w), (p(f.logo.h) * size.w) / size.h);
      const h = (w * size.h) / size.w;
      drawSvg(doc, logoFile, p(f.logo.x), p(f.logo.y) + (p(f.logo.h) - h) / 2, { width: w });
    }
    pageNumber(s.number + 1, colors.muted);
    if (options.watermark) watermark(doc, fonts, colors.text, p(SLIDE.w), p(SLIDE.h));
  }
  return collectPdf(doc);
}
