import PDFDocument from "pdfkit";
import { logoSurface, logoSvg, renderPng, type LogoInput, type Lockup, type LogoTheme } from "~/kit/assets/logo/render.server";
import { PALETTE_ROLES, type Brand, type PaletteRole } from "~/kit/brand/brand";
import { FONTS, fontStack } from "~/kit/brand/fonts";
import { AA_GRAPHICS, AA_TEXT, buttonTextColor, cmykApprox, contrastPairs, contrastRatio, formatRatio, hexToRgb, nearestPassingColor, relativeLuminance } from "~/kit/brand/palette";
import { deckLogoTheme } from "~/kit/assets/deck/geometry";
import { EPOCH } from "~/kit/assets/deck/render-pptx.server";
import { watermark } from "~/kit/assets/deck/render-pdf.server";
import { drawText, registerBrandFonts, textHeight, type FontRole, type PdfFonts, type TextOptions } from "~/kit/pdf/fonts.server";
import { collectPdf } from "~/platform/pdf/output.server";
import { drawSvg, parseSvg, svgSize, type DrawSvgOptions } from "~/platform/pdf/svg.server";

/**
 * The brand guidelines: an 8-page PDF (A4 landscape) drawn from the brand and
 * the logo only, so it follows every brand edit with no AI call: the logo and
 * its lockups, clear space and minimum size, misuse, the palette (HEX, RGB,
 * CMYK approximations), the colour pairs that pass WCAG AA, typography with
 * samples, and the voice with the tagline. Fonts embedded, logos as vectors.
 */

export type GuidelinesOptions = { watermark?: boolean; date?: Date };

export const GUIDELINE_PAGES = ["Cover", "Logo", "Clear space and minimum size", "Logo misuse", "Colour", "Colour combinations", "Typography", "Voice and tagline"] as const;

const W = 842;
const H = 595;
const M = 48;
const PAPER = "#FFFFFF";
const INK = "#111827";
const MUTED = "#4B5563";
const RULE = "#E5E7EB";
const DANGER = "#B91C1C";
const OK = "#047857";

/** `watermark`: the free preview (every logo drawn as a watermarked picture, see drawLogo). */
type Page = { doc: PDFKit.PDFDocument; fonts: PdfFonts; brand: Brand; logo: LogoInput; strong: string; watermark: boolean };

const ROLE_USE: Record<PaletteRole, string> = {
  primary: "Buttons, links and the key shapes of the logo.",
  secondary: "Supporting shapes, illustrations and highlights.",
  accent: "Small details: badges, underlines, a touch of emphasis.",
  background: "Page, slide and screen backgrounds.",
  text: "Headings and body text on the background.",
};

function text(pg: Page, role: FontRole, size: number, s: string, x: number, y: number, options: TextOptions = {}) {
  drawText(pg.doc, pg.fonts, role, size, s, x, y, { color: INK, ...options });
}

function height(pg: Page, role: FontRole, size: number, s: string, options: TextOptions = {}) {
  return textHeight(pg.doc, pg.fonts, role, size, s, options);
}

/**
 * Draws a logo `width` points wide at (x, y): vectors on a paid plan. On the
 * free preview, a PNG of the logo with the PREVIEW stencil burnt in, as in
 * the logo files: a PDF keeps each drawing as an object anyone can lift out,
 * and a text watermark over the page as one anyone can delete, so the
 * preview holds no clean drawing of the logo at all. The "don't" examples'
 * changes are made to the SVG first, the stencil's mask left as it is.
 */
function drawLogo(pg: Page, lockup: Lockup, theme: LogoTheme, x: number, y: number, options: DrawSvgOptions & { width: number }) {
  if (!pg.watermark) return drawSvg(pg.doc, logoSvg(pg.brand, pg.logo, lockup, theme), x, y, options);
  let svg = logoSvg(pg.brand, pg.logo, lockup, theme, { watermark: true });
  const size = svgSize(svg);
  const recolor = options.recolor;
  if (recolor) svg = svg.replace(/(<mask[\s\S]*?<\/mask>)|#[0-9a-fA-F]{6}\b/g, (m: string, mask?: string) => mask ?? recolor(m.toUpperCase()));
  if (options.outline) {
    const line = Math.round((size.w / 300) * 100) / 100;
    svg = svg.replace(/(<mask[\s\S]*?<\/mask>)|<(path|rect|circle|ellipse|polygon|polyline|line)\b([^>]*?)(\/?)>/g, (m: string, mask?: string, tag?: string, attrs = "", close = "") => {
      if (mask) return mask;
      const fill = /\sfill="(#[0-9a-fA-F]{6})"/.exec(attrs)?.[1];
      if (!fill) return m;
      return `<${tag}${attrs.replace(/\s(?:fill|stroke|stroke-width)="[^"]*"/g, "")} fill="none" stroke="${fill}" stroke-width="${line}"${close}>`;
    });
  }
  // Four pixels a point: sharp on screen and in a home print, never a vector.
  const png = renderPng(svg, Math.min(2400, Math.ceil(options.width * 4)));
  pg.doc.save();
  if (options.opacity !== undefined) pg.doc.opacity(options.opacity);
  pg.doc.image(png, x, y, { width: options.width });
  pg.doc.restore();
  return { width: options.width, height: (options.width * size.h) / size.w };
}

/** The logo fitted (aspect kept) and centred in a box; returns where it landed. */
function logoIn(pg: Page, lockup: Lockup, theme: LogoTheme, box: { x: number; y: number; w: number; h: number }, options: DrawSvgOptions = {}) {
  const svg = logoSvg(pg.brand, pg.logo, lockup, theme);
  const size = svgSize(svg);
  const w = Math.min(box.w, (box.h * size.w) / size.h);
  const h = (w * size.h) / size.w;
  const x = box.x + (box.w - w) / 2;
  const y = box.y + (box.h - h) / 2;
  drawLogo(pg, lockup, theme, x, y, { ...options, width: w });
  return { x, y, w, h, svg };
}

function pageFrame(pg: Page, index: number, kicker: string, title: string, intro: string) {
  const { doc } = pg;
  doc.addPage();
  doc.rect(0, 0, W, H).fill(PAPER);
  text(pg, "body", 8.5, `${pg.brand.name} · Brand guidelines`, M, 26, { color: MUTED, lineBreak: false, width: 400 });
  text(pg, "body", 8.5, `${index + 1} / ${GUIDELINE_PAGES.length}`, W - M - 100, 26, { color: MUTED, align: "right", width: 100, lineBreak: false });
  doc.save().moveTo(M, 42).lineTo(W - M, 42).lineWidth(0.5).stroke(RULE).restore();
  text(pg, "bodyBold", 8.5, `${String(index + 1).padStart(2, "0")} — ${kicker.toUpperCase()}`, M, 62, { color: pg.strong, characterSpacing: 1.2, lineBreak: false, width: 400 });
  text(pg, "heading", 26, title, M, 78, { width: W - 2 * M, lineHeight: 1.15 });
  if (intro) text(pg, "body", 10.5, intro, M, 116, { width: 560, lineHeight: 1.45, color: MUTED });
}

function cover(pg: Page, date: Date) {
  const { doc, brand } = pg;
  const p = brand.palette;
  doc.addPage();
  doc.rect(0, 0, W, H).fill(p.background);
  const theme = deckLogoTheme(p);
  logoIn(pg, "horizontal", theme, { x: M + 12, y: 150, w: 420, h: 120 });
  const onBg = nearestPassingColor(p.text, p.background, AA_TEXT).hex;
  text(pg, "heading", 24, brand.tagline, M + 12, 300, { width: 560, lineHeight: 1.2, color: onBg });
  text(pg, "bodyBold", 10, "BRAND GUIDELINES", M + 12, 440, { characterSpacing: 1.5, color: onBg, lineBreak: false, width: 300 });
  const day = date.toISOString().slice(0, 10);
  text(pg, "body", 10, `${brand.name} · ${day}`, M + 12, 458, { color: onBg, lineBreak: false, width: 400 });
  const band = (W - 2 * M) / PALETTE_ROLES.length;
  PALETTE_ROLES.forEach((role, i) => {
    doc.rect(M + i * band, H - M - 14, band, 14).fill(p[role]);
  });
  // A hairline where the band meets a background of the same colour.
  doc.save().rect(M, H - M - 14, W - 2 * M, 14).lineWidth(0.5).strokeOpacity(0.25).stroke(onBg).restore();
}

function logoPage(pg: Page) {
  pageFrame(pg, 1, "Logo", "The logo and its lockups", "Use the horizontal logo by default, the stacked one where space is narrow, and the mark alone for icons and avatars. Each comes in a version for light and for dark backgrounds.");
  const lockups: Array<{ lockup: Lockup; label: string }> = [
    { lockup: "horizontal", label: "Horizontal: the default" },
    { lockup: "stacked", label: "Stacked: narrow spaces" },
    { lockup: "mark", label: "Mark: icons and avatars" },
  ];
  const gap = 18;
  const cellW = (W - 2 * M - gap * 2) / 3;
  const top = 178;
  const cellH = 150;
  lockups.forEach(({ lockup, label }, i) => {
    const x = M + i * (cellW + gap);
    for (const [row, theme] of (["light", "dark"] as const).entries()) {
      const y = top + row * (cellH + 36);
      const surface = logoSurface(pg.brand.palette, theme);
      pg.doc.save().roundedRect(x, y, cellW, cellH, 10).fill(surface).restore();
      if (theme === "light") pg.doc.save().roundedRect(x, y, cellW, cellH, 10).lineWidth(0.6).stroke(RULE).restore();
      logoIn(pg, lockup, theme, { x: x + 24, y: y + 22, w: cellW - 48, h: cellH - 44 });
      text(pg, "body", 8.5, `${label} · on ${theme}`, x, y + cellH + 7, { color: MUTED, width: cellW, lineBreak: false });
    }
  });
  const files = "Files: logo/logo.svg and logo-dark.svg (vector, any size), logo-512.png and logo-1024.png, mark.svg, favicon.ico, apple-touch-icon.png.";
  text(pg, "body", 8.5, files, M, H - M - 4, { color: MUTED, width: W - 2 * M, lineBreak: false });
}

/** The mark's box inside a lockup file: the clip rectangle the renderer puts around it. */
function markBox(svg: string) {
  const root = parseSvg(svg);
  const clip = root.children.find((n) => n.name === "clipPath")?.children.find((n) => n.name === "rect");
  return clip ? { h: Number(clip.attrs.height) || 0 } : null;
}

function clearSpacePage(pg: Page) {
  pageFrame(
    pg,
    2,
    "Logo",
    "Clear space and minimum size",
    "Keep an empty margin around the logo at least half as tall as the mark (x). Nothing else, no text, no edge of the page, comes inside it. Below the minimum size the name gets hard to read: use the mark alone.",
  );
  const { doc } = pg;
  // The logo large, with its clear-space zone.
  const area = { x: M + 40, y: 205, w: 400, h: 230 };
  const svg = logoSvg(pg.brand, pg.logo, "horizontal", "light");
  const size = svgSize(svg);
  const mark = markBox(svg);
  // The file's own padding is a quarter of the mark's height (logo/render.server.ts).
  const markH = mark?.h ?? size.h / 2;
  const pad = markH * 0.25;
  const contentW = size.w - 2 * pad;
  const contentH = size.h - 2 * pad;
  const x = markH * 0.5;
  const scale = Math.min((area.w - 40) / (contentW + 2 * x), (area.h - 40) / (contentH + 2 * x));
  const zoneW = (contentW + 2 * x) * scale;
  const zoneH = (contentH + 2 * x) * scale;
  const zx = area.x + (area.w - zoneW) / 2;
  const zy = area.y + (area.h - zoneH) / 2;
  doc.save().rect(zx, zy, zoneW, zoneH).fillOpacity(0.08).fill(pg.strong).restore();
  doc.save().rect(zx, zy, zoneW, zoneH).lineWidth(0.8).dash(4, { space: 3 }).stroke(pg.strong).restore();
  const inner = { x: zx + x * scale, y: zy + x * scale, w: contentW * scale, h: contentH * scale };
  doc.save().rect(inner.x, inner.y, inner.w, inner.h).lineWidth(0.5).dash(2, { space: 2 }).strokeOpacity(0.6).stroke(MUTED).restore();
  drawLogo(pg, "horizontal", "light", inner.x - pad * scale, inner.y - pad * scale, { width: size.w * scale });
  // "x" markers on the left and top margins.
  const xs = x * scale;
  text(pg, "bodyBold", 10, "x", zx + xs / 2 - 3, inner.y + inner.h / 2 - 6, { color: pg.strong, lineBreak: false, width: 20 });
  text(pg, "bodyBold", 10, "x", inner.x + inner.w / 2 - 3, zy + xs / 2 - 7, { color: pg.strong, lineBreak: false, width: 20 });
  text(pg, "body", 9, "x = half the height of the mark", zx, zy + zoneH + 10, { color: MUTED, width: zoneW, align: "center" });

  // Minimum sizes, drawn at their real print size (1 mm = 2.835 pt).
  const mm = 72 / 25.4;
  const right = M + 500;
  text(pg, "bodyBold", 11, "Minimum size", right, 205, { width: 260 });
  const minH = { w: 30 * mm };
  const hs = svgSize(svg);
  drawLogo(pg, "horizontal", "light", right, 235, { width: minH.w });
  text(pg, "body", 9, "Horizontal logo: 30 mm wide in print, 120 px on screen.", right, 235 + (minH.w * hs.h) / hs.w + 8, { color: MUTED, width: 260 });
  drawLogo(pg, "mark", "light", right, 320, { width: 6 * mm });
  text(pg, "body", 9, "Mark alone: 6 mm in print, 24 px on screen (16 px for the favicon).", right, 320 + 6 * mm + 8, { color: MUTED, width: 260 });
  text(
    pg,
    "body",
    9,
    "The logo files already include a small margin (a quarter of the mark's height); the clear space above is measured from the logo itself.",
    right,
    400,
    { color: MUTED, width: 260, lineHeight: 1.4 },
  );
}

function cross(pg: Page, x: number, y: number, r = 9) {
  const { doc } = pg;
  doc.save().circle(x, y, r).fill(DANGER);
  doc.moveTo(x - r * 0.4, y - r * 0.4).lineTo(x + r * 0.4, y + r * 0.4).moveTo(x + r * 0.4, y - r * 0.4).lineTo(x - r * 0.4, y + r * 0.4).lineWidth(1.6).lineCap("round").stroke("#FFFFFF");
  doc.restore();
}

function check(pg: Page, x: number, y: number, r = 9) {
  const { doc } = pg;
  doc.save().circle(x, y, r).fill(OK);
  doc.moveTo(x - r * 0.45, y + r * 0.02).lineTo(x - r * 0.1, y + r * 0.38).lineTo(x + r * 0.48, y - r * 0.32).lineWidth(1.6).lineCap("round").lineJoin("round").stroke("#FFFFFF");
  doc.restore();
}

/** A colour far from the brand's (the hue turned half way round), for the "don't recolour" example. */
function offBrand(hex: string) {
  const { r, g, b } = hexToRgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 24) return hex;
  return `#${[max + min - r, max + min - g, max + min - b].map((v) => v.toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

function misusePage(pg: Page) {
  pageFrame(pg, 3, "Logo", "Logo misuse", "The logo only works when it looks the same everywhere. Use the files as they are: these are the mistakes to avoid.");
  const { doc, brand } = pg;
  const cols = 3;
  const gap = 18;
  const cellW = (W - 2 * M - gap * (cols - 1)) / cols;
  const cellH = 138;
  const examples: Array<{ label: string; draw: (box: { x: number; y: number; w: number; h: number }) => void; surface?: string }> = [
    {
      label: "Don't stretch or squash it.",
      draw: (box) => {
        // The stacked logo pulled wide and flat.
        doc.save();
        doc.translate(box.x + box.w / 2, box.y + box.h / 2).scale(1.7, 0.7);
        logoIn(pg, "stacked", "light", { x: -box.w / 2 / 1.7, y: -box.h / 2 / 0.7, w: box.w / 1.7, h: box.h / 0.7 });
        doc.restore();
      },
    },
    { label: "Don't change its colours.", draw: (box) => logoIn(pg, "horizontal", "light", box, { recolor: offBrand }) },
    {
      label: "Don't rotate or tilt it.",
      draw: (box) => {
        doc.save();
        doc.rotate(-14, { origin: [box.x + box.w / 2, box.y + box.h / 2] });
        logoIn(pg, "horizontal", "light", { x: box.x + 12, y: box.y + 8, w: box.w - 24, h: box.h - 16 });
        doc.restore();
      },
    },
    {
      label: "Don't add shadows, glows or effects.",
      draw: (box) => {
        logoIn(pg, "horizontal", "light", { x: box.x + 2.5, y: box.y + 3, w: box.w, h: box.h }, { recolor: () => "#000000", opacity: 0.28 });
        logoIn(pg, "horizontal", "light", box);
      },
    },
    {
      label: "Don't place it on colours that hide it.",
      surface: brand.palette.primary,
      draw: (box) => logoIn(pg, "horizontal", "light", box),
    },
    { label: "Don't outline or redraw it.", draw: (box) => logoIn(pg, "horizontal", "light", box, { outline: true }) },
  ];
  examples.forEach((ex, i) => {
    const x = M + (i % cols) * (cellW + gap);
    const y = 176 + Math.floor(i / cols) * (cellH + 40);
    const surface = ex.surface ?? logoSurface(brand.palette, "light");
    doc.save().roundedRect(x, y, cellW, cellH, 10).fill(surface).restore();
    doc.save().roundedRect(x, y, cellW, cellH, 10).lineWidth(0.6).stroke(RULE).restore();
    doc.save().roundedRect(x, y, cellW, cellH, 10).clip();
    ex.draw({ x: x + 34, y: y + 30, w: cellW - 68, h: cellH - 60 });
    doc.restore();
    cross(pg, x + cellW - 16, y + 16);
    text(pg, "body", 9.5, ex.label, x, y + cellH + 8, { width: cellW, lineBreak: false });
  });
}

function colourPage(pg: Page) {
  pageFrame(pg, 4, "Colour", "The palette", "Five colours with a job each. Use HEX or RGB on screens; the CMYK values are approximations without a colour profile, so ask your printer to match the HEX.");
  const { doc, brand } = pg;
  const p = brand.palette;
  const gap = 14;
  const w = (W - 2 * M - gap * 4) / 5;
  const top = 172;
  PALETTE_ROLES.forEach((role, i) => {
    const x = M + i * (w + gap);
    const hex = p[role];
    const dark = darkSwatch(hex, p.background);
    if (dark) {
      // A light colour vanishes on white paper: it is shown on a dark swatch, as the text it is, and as a band.
      doc.save().roundedRect(x, top, w, 150, 10).fill(dark).restore();
      text(pg, "heading", 34, "Aa", x + 12, top + 12, { color: hex, lineBreak: false, width: w - 24 });
      doc.save().roundedRect(x + 12, top + 66, w - 24, 36, 6).fill(hex).restore();
    } else {
      doc.save().roundedRect(x, top, w, 150, 10).fill(hex).restore();
    }
    const label = dark ? hex : relativeLuminance(hex) > 0.4 ? "#111111" : "#FFFFFF";
    text(pg, "heading", 15, role.charAt(0).toUpperCase() + role.slice(1), x + 12, top + 118, { color: label, lineBreak: false, width: w - 24 });
    const { r, g, b } = hexToRgb(hex);
    const cmyk = cmykApprox(hex);
    let y = top + 164;
    const rows: Array<[string, string]> = [
      ["HEX", hex],
      ["RGB", `${r}, ${g}, ${b}`],
      ["CMYK", `${cmyk.c}, ${cmyk.m}, ${cmyk.y}, ${cmyk.k}`],
    ];
    for (const [k, v] of rows) {
      text(pg, "bodyBold", 8, k, x, y, { color: MUTED, lineBreak: false, width: 40, characterSpacing: 0.8 });
      text(pg, "body", 10, v, x + 38, y - 1.5, { lineBreak: false, width: w - 38 });
      y += 17;
    }
    text(pg, "body", 9, ROLE_USE[role], x, y + 6, { color: MUTED, width: w, lineHeight: 1.4 });
  });
  // The primary button, as the brand draws it.
  const bx = M;
  const by = 470;
  const label = buttonTextColor(p);
  doc.save().roundedRect(bx, by, 150, 40, 8).fill(p.primary).restore();
  text(pg, "bodyBold", 11, "Get started", bx, by + 13, { width: 150, align: "center", color: label, lineBreak: false });
  text(pg, "body", 9, `Buttons: ${label === p.background ? "background" : "text"} colour on primary, ${formatRatio(contrastRatio(label, p.primary))} contrast.`, bx + 166, by + 9, { color: MUTED, width: 420 });
  if (brand.paletteAdjustments.length) {
    text(pg, "body", 9, `Adjusted for readability: ${brand.paletteAdjustments.map((a) => a.reason).join("; ")}.`, bx + 166, by + 24, { color: MUTED, width: 580 });
  }
}

/**
 * The dark surface a light palette colour is shown on (null for colours that
 * read on white paper, at least 3:1): the brand's own background when the
 * colour reads on it as text, else near-black ink.
 */
export function darkSwatch(hex: string, background: string): string | null {
  if (contrastRatio(hex, PAPER) >= AA_GRAPHICS) return null;
  return contrastRatio(hex, background) >= AA_TEXT ? background : INK;
}

function pairsPage(pg: Page) {
  pageFrame(pg, 5, "Colour", "Colour combinations", "Text in these pairs passes WCAG AA (a contrast of at least 4.5:1), so everyone can read it. Other pairings are for large shapes and decoration, never for text.");
  const { doc, brand } = pg;
  const { passing } = contrastPairs(brand.palette);
  const shown = passing.slice(0, 12);
  const cols = 4;
  const gap = 14;
  const w = (W - 2 * M - gap * (cols - 1)) / cols;
  const h = 80;
  shown.forEach((pair, i) => {
    const x = M + (i % cols) * (w + gap);
    const y = 172 + Math.floor(i / cols) * (h + 32);
    const bg = brand.palette[pair.background];
    const fg = brand.palette[pair.foreground];
    doc.save().roundedRect(x, y, w, h, 8).fill(bg).restore();
    if (relativeLuminance(bg) > 0.85) doc.save().roundedRect(x, y, w, h, 8).lineWidth(0.6).stroke(RULE).restore();
    text(pg, "heading", 22, "Aa", x + 14, y + 12, { color: fg, lineBreak: false, width: 60 });
    text(pg, "body", 10, "Readable text", x + 14, y + 50, { color: fg, lineBreak: false, width: w - 28 });
    text(pg, "bodyBold", 9, `${formatRatio(pair.ratio)}  ${pair.level}`, x + w - 84, y + 14, { color: fg, align: "right", width: 70, lineBreak: false });
    text(pg, "body", 8.5, `${cap(pair.foreground)} on ${pair.background}`, x, y + h + 6, { color: MUTED, width: w, lineBreak: false });
  });
  if (passing.length > shown.length) {
    text(pg, "body", 8.5, `${passing.length - shown.length} more pair(s) pass; these are the twelve with the most contrast.`, M, H - M - 4, { color: MUTED, width: 600, lineBreak: false });
  }
  // Every colour against the two surfaces text sits on, and what that contrast allows.
  const rows = Math.ceil(shown.length / cols);
  let y = Math.max(300, 172 + rows * (h + 32) + 10);
  if (y > H - M - 130) return;
  text(pg, "bodyBold", 11, "Every colour on the background and on the text colour", M, y, { lineBreak: false, width: 500 });
  y += 22;
  const verdict = (r: number) => (r >= AA_TEXT ? "Text" : r >= 3 ? "Large text, icons" : "Decoration only");
  const colX = [M, M + 120, M + 200, M + 340, M + 420];
  ["Colour", "On background", "", "With text", ""].forEach((label, i) => text(pg, "bodyBold", 8, label.toUpperCase(), colX[i]!, y, { color: MUTED, characterSpacing: 0.8, lineBreak: false, width: 140 }));
  y += 16;
  for (const role of contrastPairs(brand.palette).roles) {
    doc.save().moveTo(M, y - 4).lineTo(M + 560, y - 4).lineWidth(0.4).stroke(RULE).restore();
    const chipSurface = darkSwatch(role.hex, brand.palette.background);
    if (chipSurface) doc.save().roundedRect(M - 2, y - 2, 14, 14, 3).fill(chipSurface).restore();
    doc.save().roundedRect(M, y, 10, 10, 2).fill(role.hex).restore();
    if (!chipSurface) doc.save().roundedRect(M, y, 10, 10, 2).lineWidth(0.4).stroke(RULE).restore();
    text(pg, "body", 9.5, `${cap(role.role)} ${role.hex}`, M + 16, y, { lineBreak: false, width: 110 });
    const cells: Array<[number, string]> = [
      [role.role === "background" ? 0 : role.onBackground, role.role === "background" ? "—" : formatRatio(role.onBackground)],
      [role.role === "text" ? 0 : role.onText, role.role === "text" ? "—" : formatRatio(role.onText)],
    ];
    cells.forEach(([ratio, label], i) => {
      text(pg, "body", 9.5, label, colX[1 + i * 2]!, y, { lineBreak: false, width: 70 });
      if (label !== "—") text(pg, "body", 9.5, verdict(ratio), colX[2 + i * 2]!, y, { color: MUTED, lineBreak: false, width: 130 });
    });
    y += 18;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function typographyPage(pg: Page) {
  const { brand } = pg;
  const hf = FONTS[brand.fonts.heading];
  const bf = FONTS[brand.fonts.body];
  pageFrame(pg, 6, "Typography", "Typography", `${hf.family} for headings, ${bf.family} for text. Both are free under the SIL Open Font License and included in brand/fonts/ of your kit.`);
  const colW = (W - 2 * M - 30) / 2;
  const top = 170;
  const families: Array<{ role: FontRole; family: string; use: string; stack: string; sampleRole: FontRole }> = [
    { role: "heading", family: hf.family, use: "Headings and short display lines", stack: fontStack(brand.fonts.heading), sampleRole: "heading" },
    { role: "body", family: bf.family, use: "Paragraphs, buttons and interface text", stack: fontStack(brand.fonts.body), sampleRole: "body" },
  ];
  families.forEach((f, i) => {
    const x = M + i * (colW + 30);
    text(pg, f.role, 58, "Aa", x, top - 6, { lineBreak: false, width: 120 });
    text(pg, "bodyBold", 13, f.family, x + 110, top + 8, { lineBreak: false, width: colW - 110 });
    text(pg, "body", 9, f.use, x + 110, top + 28, { color: MUTED, width: colW - 110 });
    text(pg, f.role, 11, "ABCDEFGHIJKLMNOPQRSTUVWXYZ\nabcdefghijklmnopqrstuvwxyz 0123456789 &?!", x, top + 78, { width: colW, lineHeight: 1.5 });
    text(pg, "body", 8, `CSS: font-family: ${f.stack};`, x, top + 118, { color: MUTED, width: colW, lineHeight: 1.4 });
  });
  // The type scale with the brand's own words.
  const scale: Array<{ label: string; role: FontRole; size: number; sample: string }> = [
    { label: "Display · 36/40", role: "heading", size: 30, sample: brand.name },
    { label: "Heading · 24/30", role: "heading", size: 20, sample: brand.tagline },
    { label: "Body · 16/24", role: "body", size: 12, sample: brand.positioning },
    { label: "Small · 13/20", role: "body", size: 9.75, sample: brand.voice.samples[0] ?? brand.tagline },
  ];
  let y = 330;
  pg.doc.save().moveTo(M, y - 14).lineTo(W - M, y - 14).lineWidth(0.5).stroke(RULE).restore();
  for (const s of scale) {
    text(pg, "body", 8.5, s.label, M, y + 3, { color: MUTED, width: 110, lineBreak: false });
    const opts = { width: W - 2 * M - 130, lineHeight: 1.3, height: s.size * 1.3 * 2.2, ellipsis: true };
    text(pg, s.role, s.size, s.sample, M + 130, y, opts);
    y += Math.min(height(pg, s.role, s.size, s.sample, { width: opts.width, lineHeight: 1.3 }), opts.height) + 16;
  }
}

function voicePage(pg: Page) {
  const { doc, brand } = pg;
  pageFrame(pg, 7, "Voice", "Voice and tagline", "How the brand sounds, in every e-mail, post and page.");
  const p = brand.palette;
  const label = buttonTextColor(p);
  doc.save().roundedRect(M, 150, W - 2 * M, 92, 12).fill(p.primary).restore();
  text(pg, "bodyBold", 8, "TAGLINE", M + 22, 166, { color: label, characterSpacing: 1.2, lineBreak: false, width: 200 });
  text(pg, "heading", 24, brand.tagline, M + 22, 182, { color: label, width: W - 2 * M - 44, lineHeight: 1.2, height: 60, ellipsis: true });
  text(pg, "body", 9, `Alternatives: ${brand.taglineAlternatives.join(" · ")}`, M, 252, { color: MUTED, width: W - 2 * M, lineBreak: false, ellipsis: true, height: 12 });
  const colW = (W - 2 * M - 30) / 2;
  const top = 284;
  const lists: Array<{ title: string; items: string[]; mark: (x: number, y: number) => void; x: number }> = [
    { title: "Do", items: brand.voice.dos, mark: (x, y) => check(pg, x, y, 7), x: M },
    { title: "Don't", items: brand.voice.donts, mark: (x, y) => cross(pg, x, y, 7), x: M + colW + 30 },
  ];
  for (const list of lists) {
    text(pg, "bodyBold", 12, list.title, list.x, top, { lineBreak: false, width: 200 });
    let y = top + 24;
    for (const item of list.items) {
      list.mark(list.x + 7, y + 7);
      text(pg, "body", 10, item, list.x + 22, y, { width: colW - 22, lineHeight: 1.4 });
      y += height(pg, "body", 10, item, { width: colW - 22, lineHeight: 1.4 }) + 9;
    }
  }
  text(pg, "bodyBold", 12, "Sounds like", M, 430, { lineBreak: false, width: 200 });
  let y = 454;
  for (const sample of brand.voice.samples) {
    doc.save().rect(M, y, 3, 16).fill(p.accent).restore();
    text(pg, "body", 10.5, `“${sample}”`, M + 14, y + 1, { width: W - 2 * M - 14, lineHeight: 1.4, color: INK });
    y += height(pg, "body", 10.5, `“${sample}”`, { width: W - 2 * M - 14, lineHeight: 1.4 }) + 12;
  }
}

/** The guidelines PDF. `logo` null: the lockups show the monogram LaunchKit draws when there is no mark yet. */
export async function renderGuidelinesPdf(brand: Brand, logo: LogoInput | null, options: GuidelinesOptions = {}): Promise<Buffer> {
  const date = options.date ?? EPOCH;
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${brand.name}: brand guidelines`, Author: brand.name, Subject: brand.tagline, Creator: "LaunchKit", Producer: "LaunchKit", CreationDate: date, ModDate: date },
    lang: "en",
    displayTitle: true,
    bufferPages: true,
  });
  const fonts = registerBrandFonts(doc, brand);
  const pg: Page = { doc, fonts, brand, logo: logo ?? { marks: [], selected: 0 }, strong: nearestPassingColor(brand.palette.primary, PAPER, AA_TEXT).hex, watermark: options.watermark === true };
  cover(pg, date);
  logoPage(pg);
  clearSpacePage(pg);
  misusePage(pg);
  colourPage(pg);
  pairsPage(pg);
  typographyPage(pg);
  voicePage(pg);
  if (options.watermark) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      watermark(doc, fonts, INK, W, H);
    }
  }
  return collectPdf(doc);
}
