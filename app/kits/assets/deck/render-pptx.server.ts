import JSZip from "jszip";
import PptxGenJS from "pptxgenjs";
import { WATERMARK_TEXT } from "~/billing/plans";
import type { Brand } from "~/kits/brand/brand";
import { FONTS } from "~/kits/brand/fonts";
import { logoSvg, renderPng, type LogoInput } from "~/kits/assets/logo/render.server";
import { svgSize } from "~/kits/pdf/svg.server";
import { fitDeck, MARKET_CARD } from "./fit.server";
import { BOXES, BULLET_GAP, BULLET_INDENT, deckColors, deckLogoTheme, LINE, SIZES } from "./geometry";
import type { DeckContent } from "./schema";

/**
 * The pitch deck as PowerPoint (16:9): real text boxes the founder can edit,
 * the brand's colours, its fonts named (the theme's heading and body fonts,
 * with the right serif/sans family so a machine without them substitutes a
 * look-alike), the logo as a sharp PNG, speaker notes on every slide. Pure:
 * the same input gives the same bytes (dates come from `options.date`).
 */

export type DeckRenderOptions = { watermark?: boolean; date?: Date };

const hex = (c: string) => c.replace("#", "").toUpperCase();
/** A fixed date for files rendered without one, so output never depends on the clock. */
export const EPOCH = new Date("2026-01-01T00:00:00Z");

function logoPngFor(brand: Brand, logo: LogoInput) {
  const svg = logoSvg(brand, logo, "horizontal", deckLogoTheme(brand.palette));
  const size = svgSize(svg);
  const aspect = size.w / size.h;
  const h = BOXES.logo.h;
  const w = Math.min(BOXES.logo.w, h * aspect);
  // 300 dpi at the size it is placed: sharp on screen and in print.
  const png = renderPng(svg, Math.ceil(w * 300 * 2));
  return { data: `image/png;base64,${png.toString("base64")}`, w, h: w / aspect };
}

export async function renderDeckPptx(brand: Brand, content: DeckContent, logo: LogoInput | null, options: DeckRenderOptions = {}): Promise<Buffer> {
  const colors = deckColors(brand.palette);
  const heading = FONTS[brand.fonts.heading].family;
  const body = FONTS[brand.fonts.body].family;
  const slides = fitDeck(brand, content);
  const logoImage = logo ? logoPngFor(brand, logo) : null;

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
      { line: { x: BOXES.footerLine.x, y: BOXES.footerLine.y, w: BOXES.footerLine.w, h: 0, line: { color: hex(colors.line), width: 0.75 } } },
      { rect: { ...BOXES.rule, fill: { color: hex(colors.accent) }, line: { type: "none" } } },
      // On the master: one copy of the logo for the whole deck.
      ...(logoImage
        ? [{ image: { data: logoImage.data, x: BOXES.logo.x, y: BOXES.logo.y + (BOXES.logo.h - logoImage.h) / 2, w: logoImage.w, h: logoImage.h, altText: `${brand.name} logo` } }]
        : []),
      {
        placeholder: {
          options: { name: "title", type: "title", ...BOXES.title, fontFace: heading, color: hex(colors.text), align: "left", valign: "top", margin: 0 },
          text: "",
        },
      },
    ],
  });

  for (const s of slides) {
    const slide = pptx.addSlide({ masterName: "LAUNCHKIT_DECK" });
    slide.addText(s.kicker, { ...BOXES.kicker, fontFace: body, fontSize: SIZES.kicker, bold: true, color: hex(colors.strong), charSpacing: 1.5, margin: 0, valign: "top", objectName: "Kicker" });
    slide.addText(s.title, {
      placeholder: "title",
      ...BOXES.title,
      fontFace: heading,
      fontSize: s.sizes.title,
      bold: FONTS[brand.fonts.heading].weights.includes(700),
      color: hex(colors.text),
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

    const card = BOXES.card;
    const inset = BOXES.cardInset;
    slide.addShape("roundRect", { ...card, fill: { color: hex(colors.card) }, line: { type: "none" }, rectRadius: 0.18, objectName: "Card" });
    if (s.market) {
      const x = card.x + inset;
      const w = card.w - inset * 2;
      let y = card.y + inset;
      slide.addText(s.market.badge, { x, y, w, h: MARKET_CARD.badge, fontFace: body, fontSize: SIZES.badge, bold: true, color: hex(colors.onCard), charSpacing: 1.5, margin: 0, valign: "top" });
      y += MARKET_CARD.badge;
      slide.addText(s.market.howMany, { x, y, w, h: MARKET_CARD.howMany, fontFace: heading, fontSize: s.sizes.callout, bold: true, color: hex(colors.onCard), lineSpacing: s.sizes.callout * LINE.heading, margin: 0, valign: "bottom", fit: "shrink", objectName: "How many" });
      y += MARKET_CARD.howMany + MARKET_CARD.gap / 2;
      slide.addShape("line", { x, y, w, h: 0, line: { color: hex(colors.onCard), width: 0.75, transparency: 50 } });
      y += MARKET_CARD.gap / 2;
      slide.addText(s.market.who, { x, y, w, h: MARKET_CARD.who, fontFace: body, fontSize: s.sizes.who, color: hex(colors.onCard), lineSpacing: s.sizes.who * LINE.body, margin: 0, valign: "top", objectName: "Who" });
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
        x: card.x + inset,
        y: card.y + inset,
        w: card.w - inset * 2,
        h: card.h - inset * 2,
        fontFace: heading,
        fontSize: s.sizes.callout,
        bold: true,
        color: hex(colors.onCard),
        lineSpacing: s.sizes.callout * LINE.heading,
        margin: 0,
        valign: "middle",
        fit: "shrink",
        objectName: "Callout",
      });
    }

    slide.addText(`${s.number} / ${slides.length}`, { ...BOXES.pageNumber, fontFace: body, fontSize: SIZES.pageNumber, color: hex(colors.muted), align: "right", margin: 0, valign: "middle" });
    if (options.watermark) {
      slide.addText(WATERMARK_TEXT, {
        x: 0.5,
        y: 2.2,
        w: 9,
        h: 1.2,
        fontFace: body,
        fontSize: SIZES.watermark,
        bold: true,
        color: hex(colors.text),
        transparency: 82,
        align: "center",
        valign: "middle",
        rotate: -18,
        objectName: "Watermark",
      });
    }
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
