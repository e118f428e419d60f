import JSZip from "jszip";
import PptxGenJS from "pptxgenjs";
import { WATERMARK_TEXT } from "~/kit/plans/plans";
import type { Brand } from "~/kit/brand/brand";
import { FONTS } from "~/kit/brand/fonts";
import { logoSvg, renderPng, type LogoInput } from "~/kit/assets/logo/render.server";
import { svgSize } from "~/platform/pdf/svg.server";
import { coverMarkSvg } from "./cover.server";
import { fitCover, fitDeck } from "./fit.server";
import { BULLET_GAP, BULLET_INDENT, cardInk, cardInner, coverFrame, coverInk, deckColors, deckFrame, deckLogoTheme, headInk, LINE, ruleFill, SIZES } from "./geometry";
import type { DeckContent } from "./schema";

/**
 * The pitch deck as PowerPoint (16:9), the cover first (name, tagline,
 * mark), then the five slides in the deck's layout: real text boxes the founder can edit,
 * the brand's colours, its fonts named (the theme's heading and body fonts,
 * with the right serif/sans family so a machine without them substitutes a
 * look-alike), the logo as a sharp PNG, speaker notes on every slide. Pure:
 * the same input gives the same bytes (dates come from `options.date`).
 */

export type DeckRenderOptions = { watermark?: boolean; date?: Date };

const hex = (c: string) => c.replace("#", "").toUpperCase();
/** A fixed date for files rendered without one, so output never depends on the clock. */
export const EPOCH = new Date("2026-01-01T00:00:00Z");

function logoPngFor(brand: Brand, logo: LogoInput, box: { w: number; h: number }) {
  const svg = logoSvg(brand, logo, "horizontal", deckLogoTheme(brand.palette));
  const size = svgSize(svg);
  const aspect = size.w / size.h;
  const h = box.h;
  const w = Math.min(box.w, h * aspect);
  // 300 dpi at the size it is placed: sharp on screen and in print.
  const png = renderPng(svg, Math.ceil(w * 300 * 2));
  return { data: `image/png;base64,${png.toString("base64")}`, w, h: w / aspect };
}

function watermarkText(slide: PptxGenJS.Slide, font: string, color: string) {
  slide.addText(WATERMARK_TEXT, {
    x: 0.5,
    y: 2.2,
    w: 9,
    h: 1.2,
    fontFace: font,
    fontSize: SIZES.watermark,
    bold: true,
    color: hex(color),
    transparency: 82,
    align: "center",
    valign: "middle",
    rotate: -18,
    objectName: "Watermark",
  });
}

export async function renderDeckPptx(brand: Brand, content: DeckContent, logo: LogoInput | null, options: DeckRenderOptions = {}): Promise<Buffer> {
  const colors = deckColors(brand.palette);
  const heading = FONTS[brand.fonts.heading].family;
  const body = FONTS[brand.fonts.body].family;
  const slides = fitDeck(brand, content);
  const f = deckFrame(content.layout);
  const head = headInk(f, colors);
  const logoImage = logo ? logoPngFor(brand, logo, f.logo) : null;

  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_16x9";
  pptx.author = brand.name;
  pptx.company = brand.name;
  pptx.title = `${brand.name}: pitch deck`;
  pptx.subject = brand.tagline;
  pptx.theme = { headFontFace: heading, bodyFontFace: body };
  pptx.defineSlideMaster({
    title: "LAUNCHKIT_DECK",
    background: { color: hex(colors.background) },
    objects: [
      ...(f.panel ? [{ rect: { ...f.panel, fill: { color: hex(colors.card) }, line: { type: "none" as const } } }] : []),
      { line: { x: f.footerLine.x, y: f.footerLine.y, w: f.footerLine.w, h: 0, line: { color: hex(colors.line), width: 0.75 } } },
      { rect: { ...f.rule, fill: { color: hex(ruleFill(f, colors)) }, line: { type: "none" } } },
      // On the master: one copy of the logo for the whole deck.
      ...(logoImage
        ? [{ image: { data: logoImage.data, x: f.logo.x, y: f.logo.y + (f.logo.h - logoImage.h) / 2, w: logoImage.w, h: logoImage.h, altText: `${brand.name} logo` } }]
        : []),
      {
        placeholder: {
          options: { name: "title", type: "title", ...f.title, fontFace: heading, color: hex(head.title), align: "left", valign: "top", margin: 0 },
          text: "",
        },
      },
    ],
  });
  const cover = coverFrame(content.layout);
  const coverText = fitCover(brand, content);
  const coverColors = coverInk(cover, colors);
  const align = cover.align === "center" ? ("center" as const) : ("left" as const);
  pptx.defineSlideMaster({
    title: "LAUNCHKIT_COVER",
    background: { color: hex(cover.fill === "primary" ? colors.card : colors.background) },
    objects: [
      {
        placeholder: {
          options: { name: "title", type: "title", ...cover.name, fontFace: heading, color: hex(coverColors.name), align, valign: "bottom", margin: 0 },
          text: "",
        },
      },
    ],
  });

  // The cover: the name (the slide's title), the tagline and the mark.
  {
    const slide = pptx.addSlide({ masterName: "LAUNCHKIT_COVER" });
    if (cover.card) slide.addShape("roundRect", { ...cover.card, fill: { color: hex(colors.card) }, line: { type: "none" }, rectRadius: 0.18, objectName: "Card" });
    const mark = coverMarkSvg(brand, logo, cover.markOn);
    if (mark) {
      const size = svgSize(mark);
      const scale = Math.min(cover.mark.w / size.w, cover.mark.h / size.h);
      const w = size.w * scale;
      const h = size.h * scale;
      const png = renderPng(mark, Math.ceil(w * 300));
      slide.addImage({ data: `image/png;base64,${png.toString("base64")}`, x: cover.mark.x + (cover.mark.w - w) / 2, y: cover.mark.y + (cover.mark.h - h) / 2, w, h, altText: `${brand.name} mark` });
    }
    if (cover.rule) slide.addShape("rect", { ...cover.rule, fill: { color: hex(coverColors.rule) }, line: { type: "none" }, objectName: "Rule" });
    slide.addText(coverText.kicker, { ...cover.kicker, fontFace: body, fontSize: SIZES.kicker, bold: true, color: hex(coverColors.kicker), charSpacing: 1.5, margin: 0, valign: "top", align, objectName: "Kicker" });
    slide.addText(coverText.name, {
      placeholder: "title",
      ...cover.name,
      fontFace: heading,
      fontSize: coverText.sizes.name,
      bold: FONTS[brand.fonts.heading].weights.includes(700),
      color: hex(coverColors.name),
      lineSpacing: coverText.sizes.name * LINE.heading,
      margin: 0,
      align,
      valign: "bottom",
      fit: "shrink",
    });
    slide.addText(coverText.tagline, { ...cover.tagline, fontFace: body, fontSize: coverText.sizes.tagline, color: hex(coverColors.tagline), lineSpacing: coverText.sizes.tagline * LINE.body, margin: 0, align, valign: "top", fit: "shrink", objectName: "Tagline" });
    if (options.watermark) watermarkText(slide, body, cover.fill === "primary" ? colors.onCard : colors.text);
    slide.addNotes(coverText.notes);
  }

  for (const s of slides) {
    const slide = pptx.addSlide({ masterName: "LAUNCHKIT_DECK" });
    slide.addText(s.kicker, { ...f.kicker, fontFace: body, fontSize: SIZES.kicker, bold: true, color: hex(head.kicker), charSpacing: 1.5, margin: 0, valign: "top", objectName: "Kicker" });
    slide.addText(s.title, {
      placeholder: "title",
      ...f.title,
      fontFace: heading,
      fontSize: s.sizes.title,
      bold: FONTS[brand.fonts.heading].weights.includes(700),
      color: hex(head.title),
      lineSpacing: s.sizes.title * LINE.heading,
      margin: 0,
      align: "left",
      valign: "top",
      // The sizes fit the brand's fonts; a viewer without them shrinks a wider substitute to the box.
      fit: "shrink",
    });
    slide.addText(
      s.bullets.map((b) => ({
        text: b,
        options: { bullet: { indent: BULLET_INDENT * 72 }, paraSpaceAfter: s.sizes.bullets * BULLET_GAP, breakLine: true },
      })),
      { ...s.boxes.bullets, fontFace: body, fontSize: s.sizes.bullets, color: hex(colors.text), lineSpacing: s.sizes.bullets * LINE.body, margin: 0, valign: "top", fit: "shrink", objectName: "Bullets" },
    );

    const card = f.card;
    const inner = cardInner(f);
    const ink = cardInk(f, colors);
    if (f.cardStyle === "fill") slide.addShape("roundRect", { ...card, fill: { color: hex(colors.card) }, line: { type: "none" }, rectRadius: 0.18, objectName: "Card" });
    if (f.cardStyle === "quote") slide.addShape("rect", { x: card.x, y: card.y, w: 0.06, h: card.h, fill: { color: hex(colors.accent) }, line: { type: "none" }, objectName: "Quote bar" });
    if (s.market) {
      const m = f.market;
      const { x, w } = inner;
      let y = inner.y;
      slide.addText(s.market.badge, { x, y, w, h: m.badge, fontFace: body, fontSize: SIZES.badge, bold: true, color: hex(ink.strong), charSpacing: 1.5, margin: 0, valign: "top" });
      y += m.badge;
      slide.addText(s.market.howMany, { x, y, w, h: m.howMany, fontFace: heading, fontSize: s.sizes.callout, bold: true, color: hex(ink.strong), lineSpacing: s.sizes.callout * LINE.heading, margin: 0, valign: "bottom", fit: "shrink", objectName: "How many" });
      y += m.howMany + m.gap / 2;
      slide.addShape("line", { x, y, w, h: 0, line: { color: hex(ink.text), width: 0.75, transparency: 50 } });
      y += m.gap / 2;
      slide.addText(s.market.who, { x, y, w, h: m.who, fontFace: body, fontSize: s.sizes.who, color: hex(ink.text), lineSpacing: s.sizes.who * LINE.body, margin: 0, valign: "top", objectName: "Who" });
      slide.addText(
        [
          { text: s.market.footnote.split(/(?=\[\d\])/)[0]!, options: {} },
          ...s.market.sources.map((src, i) => ({ text: `[${i + 1}] ${src.title}  `, options: { hyperlink: { url: src.url } } })),
          ...(/and \d+ more in the notes$/.test(s.market.footnote) ? [{ text: s.market.footnote.match(/and \d+ more in the notes$/)![0], options: {} }] : []),
        ],
        { ...s.boxes.footnote, fontFace: body, fontSize: SIZES.footnote, color: hex(colors.muted), lineSpacing: SIZES.footnote * LINE.body, margin: 0, valign: "bottom", objectName: "Sources" },
      );
    } else {
      slide.addText(s.callout, {
        ...inner,
        fontFace: heading,
        fontSize: s.sizes.callout,
        bold: true,
        color: hex(ink.strong),
        lineSpacing: s.sizes.callout * LINE.heading,
        margin: 0,
        // Centred in the card; on the panel and as a pull quote, from the top.
        valign: f.cardStyle === "fill" ? "middle" : "top",
        fit: "shrink",
        objectName: "Callout",
      });
    }

    // The cover is page 1.
    slide.addText(`${s.number + 1} / ${slides.length + 1}`, { ...f.pageNumber, fontFace: body, fontSize: SIZES.pageNumber, color: hex(colors.muted), align: "right", margin: 0, valign: "middle" });
    if (options.watermark) watermarkText(slide, body, colors.text);
    slide.addNotes(s.notes);
  }

  const raw = (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
  return normalizePptx(raw, { serif: new Set([heading, body].filter((f) => Object.values(FONTS).some((x) => x.family === f && x.category === "serif"))), date: options.date ?? EPOCH });
}

/**
 * Two fixes PptxGenJS has no option for: the dates (it stamps the clock
 * time into the document and the ZIP, which would make every download
 * different) and the font family class of serif fonts (it marks every font
 * as a sans, so PowerPoint would substitute a sans for a missing serif).
 */
async function normalizePptx(raw: Buffer, { serif, date }: { serif: Set<string>; date: Date }): Promise<Buffer> {
  const zip = await JSZip.loadAsync(raw);
  const stamp = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  const out = new JSZip();
  for (const name of Object.keys(zip.files).sort()) {
    const entry = zip.files[name]!;
    if (entry.dir) continue;
    let data: string | Uint8Array;
    if (name.endsWith(".xml") || name.endsWith(".rels")) {
      let xml = await entry.async("string");
      if (name === "docProps/core.xml") xml = xml.replace(/(<dcterms:(?:created|modified)[^>]*>)[^<]*(<\/dcterms:)/g, `$1${stamp}$2`);
      for (const family of serif) xml = xml.split(`typeface="${family}" pitchFamily="34"`).join(`typeface="${family}" pitchFamily="18"`);
      data = xml;
    } else {
      data = await entry.async("uint8array");
    }
    out.file(name, data, { date, createFolders: false });
  }
  return out.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 6 }, platform: "DOS" });
}
