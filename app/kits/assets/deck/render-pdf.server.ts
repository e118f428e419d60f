import PDFDocument from "pdfkit";
import { WATERMARK_TEXT } from "~/billing/plans";
import type { Brand } from "~/kits/brand/brand";
import { logoSvg, type LogoInput } from "~/kits/assets/logo/render.server";
import { drawText, registerBrandFonts, textHeight, type PdfFonts } from "~/kits/pdf/fonts.server";
import { collectPdf } from "~/kits/pdf/output.server";
import { drawSvg, svgSize } from "~/kits/pdf/svg.server";
import { fitDeck, MARKET_CARD, type FittedSlide } from "./fit.server";
import { BOXES, BULLET_GAP, BULLET_INDENT, deckColors, deckLogoTheme, LINE, SLIDE, SIZES, type DeckColors } from "./geometry";
import { EPOCH, type DeckRenderOptions } from "./render-pptx.server";
import type { DeckContent } from "./schema";

/**
 * The pitch deck as PDF: one 16:9 page per slide, the same layout as the
 * PPTX (geometry.ts), the brand's fonts embedded, the logo drawn as vector
 * paths and the sources as links. The speaker notes stay in the PPTX: the
 * PDF is what the audience gets. Pure and deterministic.
 */

const PT = 72;
const p = (inches: number) => inches * PT;

function bulletList(doc: PDFKit.PDFDocument, fonts: PdfFonts, s: FittedSlide, colors: DeckColors) {
  const size = s.sizes.bullets;
  let y = p(BOXES.bullets.y);
  const x = p(BOXES.bullets.x);
  const w = p(BOXES.bullets.w - BULLET_INDENT);
  for (const item of s.bullets) {
    // The bullet sits on the first line's x-height, like PowerPoint's.
    doc.save().circle(x + size * 0.22, y + size * LINE.body * 0.56, size * 0.13).fill(colors.text).restore();
    drawText(doc, fonts, "body", size, item, x + p(BULLET_INDENT), y, { width: w, lineHeight: LINE.body, color: colors.text });
    y += textHeight(doc, fonts, "body", size, item, { width: w, lineHeight: LINE.body }) + size * BULLET_GAP;
  }
}

function card(doc: PDFKit.PDFDocument, fonts: PdfFonts, s: FittedSlide, colors: DeckColors) {
  const c = BOXES.card;
  doc.save().roundedRect(p(c.x), p(c.y), p(c.w), p(c.h), p(0.18)).fill(colors.card).restore();
  const x = p(c.x + BOXES.cardInset);
  const w = p(c.w - BOXES.cardInset * 2);
  if (s.market) {
    let y = p(c.y + BOXES.cardInset);
    drawText(doc, fonts, "bodyBold", SIZES.badge, s.market.badge, x, y, { width: w, characterSpacing: 1.5, color: colors.onCard });
    y += p(MARKET_CARD.badge);
    const hm = textHeight(doc, fonts, "heading", s.sizes.callout, s.market.howMany, { width: w, lineHeight: LINE.heading });
    drawText(doc, fonts, "heading", s.sizes.callout, s.market.howMany, x, y + Math.max(0, p(MARKET_CARD.howMany) - hm), { width: w, lineHeight: LINE.heading, color: colors.onCard });
    y += p(MARKET_CARD.howMany + MARKET_CARD.gap / 2);
    doc.save().moveTo(x, y).lineTo(x + w, y).lineWidth(0.75).strokeOpacity(0.5).stroke(colors.onCard).restore();
    y += p(MARKET_CARD.gap / 2);
    drawText(doc, fonts, "body", s.sizes.who, s.market.who, x, y, { width: w, lineHeight: LINE.body, color: colors.onCard });
    return;
  }
  const inner = p(c.h - BOXES.cardInset * 2);
  const h = textHeight(doc, fonts, "heading", s.sizes.callout, s.callout, { width: w, lineHeight: LINE.heading });
  drawText(doc, fonts, "heading", s.sizes.callout, s.callout, x, p(c.y + BOXES.cardInset) + Math.max(0, (inner - h) / 2), { width: w, lineHeight: LINE.heading, color: colors.onCard });
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

  for (const s of slides) {
    doc.addPage();
    doc.rect(0, 0, p(SLIDE.w), p(SLIDE.h)).fill(colors.background);
    doc.rect(p(BOXES.rule.x), p(BOXES.rule.y), p(BOXES.rule.w), p(BOXES.rule.h)).fill(colors.accent);
    drawText(doc, fonts, "bodyBold", SIZES.kicker, s.kicker, p(BOXES.kicker.x), p(BOXES.kicker.y), { width: p(BOXES.kicker.w), characterSpacing: 1.5, color: colors.strong, lineBreak: false });
    drawText(doc, fonts, "heading", s.sizes.title, s.title, p(BOXES.title.x), p(BOXES.title.y), { width: p(BOXES.title.w), lineHeight: LINE.heading, color: colors.text });
    bulletList(doc, fonts, s, colors);
    card(doc, fonts, s, colors);
    footnote(doc, fonts, s, colors);
    const line = BOXES.footerLine;
    doc.save().moveTo(p(line.x), p(line.y)).lineTo(p(line.x + line.w), p(line.y)).lineWidth(0.75).stroke(colors.line).restore();
    if (logoFile) {
      const size = svgSize(logoFile);
      const w = Math.min(p(BOXES.logo.w), (p(BOXES.logo.h) * size.w) / size.h);
      const h = (w * size.h) / size.w;
      drawSvg(doc, logoFile, p(BOXES.logo.x), p(BOXES.logo.y) + (p(BOXES.logo.h) - h) / 2, { width: w });
    }
    drawText(doc, fonts, "body", SIZES.pageNumber, `${s.number} / ${slides.length}`, p(BOXES.pageNumber.x), p(BOXES.pageNumber.y) + p(BOXES.pageNumber.h) / 2 - SIZES.pageNumber * 0.6, {
      width: p(BOXES.pageNumber.w),
      align: "right",
      color: colors.muted,
      lineBreak: false,
    });
    if (options.watermark) watermark(doc, fonts, colors.text, p(SLIDE.w), p(SLIDE.h));
  }
  return collectPdf(doc);
}
