import { WATERMARK_TEXT } from "~/kit/plans/plans";
import type { Brand, Palette } from "~/kit/brand/brand";
import { headingWeight, type FontId } from "~/kit/brand/fonts";
import { AA_GRAPHICS, buttonTextColor, contrastRatio, nearestPassingColor } from "~/kit/brand/palette";
import { wordmark } from "~/kit/brand/wordmark.server";
import type { SocialLayout } from "~/kit/layouts";
import { watermarkDrawing } from "~/kit/watermark.server";
import { renderPng } from "../logo/render.server";
import { paintMark, type Mark, type MarkColors } from "../logo/mark";

/**
 * The social images, drawn from the brand alone (no AI, no browser): SVG
 * with every letter outlined by wordmark.server.ts (resvg has no fonts), then
 * rasterised by resvg. Pure: the same brand, logo and options give the same
 * bytes, so nothing is stored and every brand edit redraws them.
 *
 * - profile.png 400×400: the mark;
 * - x-header.png 1500×500 and linkedin-banner.png 1584×396: name and
 *   tagline, kept right of the bottom-left corner where the profile picture
 *   covers the banner;
 * - launch-post.png 1080×1080: the tagline, large, with the logo.
 *
 * Each in one of three compositions (the social asset's `layout`):
 * "type" (big type on the primary colour), "mark" (a mark-led card on the
 * background) and "pattern" (a split with the mark repeated as a motif).
 */

export type LogoChoice = { marks: readonly Mark[]; selected: number } | null;
/** `layout`: the composition, from the social asset; "type" when it has none. */
export type ImageOptions = { watermark?: boolean; layout?: SocialLayout };

export const SOCIAL_IMAGES = {
  "profile.png": { width: 400, height: 400, describe: "Profile picture, 400 × 400" },
  "x-header.png": { width: 1500, height: 500, describe: "X header, 1500 × 500" },
  "linkedin-banner.png": { width: 1584, height: 396, describe: "LinkedIn banner, 1584 × 396" },
  "launch-post.png": { width: 1080, height: 1080, describe: "Launch post image, 1080 × 1080" },
} as const;
export type SocialImageName = keyof typeof SOCIAL_IMAGES;

const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

// ---- text -------------------------------------------------------------------

export type Run = { d: string; width: number; capHeight: number; ascent: number; descent: number };

export function run(text: string, font: FontId, size: number, weight?: number): Run {
  const w = wordmark(text, font, { fontSize: size, ...(weight ? { weight } : {}) });
  return { d: w.d, width: w.width, capHeight: w.capHeight, ascent: w.ascent, descent: w.descent };
}

/** One line of outlined text; x is its left, middle or right edge. */
export function textLine(r: Run, x: number, baseline: number, fill: string, anchor: "start" | "middle" | "end" = "start", opacity = 1): string {
  if (!r.d) return "";
  const left = anchor === "start" ? x : anchor === "middle" ? x - r.width / 2 : x - r.width;
  return `<path fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ""} transform="translate(${num(left)} ${num(baseline)})" d="${r.d}"/>`;
}

/** The largest size (from `size` down to `min`) at which `text` fits `maxWidth` on one line. */
export function fitRun(text: string, font: FontId, size: number, min: number, maxWidth: number, weight?: number): Run {
  let r = run(text, font, size, weight);
  if (r.width <= maxWidth) return r;
  const scaled = Math.max(min, Math.floor((size * maxWidth) / r.width));
  r = run(text, font, scaled, weight);
  return r;
}

/** Greedy word wrap into at most `maxLines` lines of `maxWidth`, shrinking the size until it fits. */
export function wrap(text: string, font: FontId, size: number, min: number, maxWidth: number, maxLines: number, weight?: number): { lines: Run[]; size: number } {
  const words = text.trim().split(/\s+/);
  for (let s = size; s >= min; s -= 4) {
    const lines: string[] = [];
    let current = "";
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (!current || run(candidate, font, s, weight).width <= maxWidth) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    const runs = lines.map((l) => run(l, font, s, weight));
    if (lines.length <= maxLines && runs.every((r) => r.width <= maxWidth)) return { lines: runs, size: s };
  }
  const runs = [text].map((l) => fitRun(l, font, min, 8, maxWidth * maxLines, weight));
  return { lines: runs, size: min };
}

// ---- marks ------------------------------------------------------------------

function markOf(logo: LogoChoice): Mark | null {
  if (!logo) return null;
  return logo.marks[logo.selected] ?? logo.marks[0] ?? null;
}

/** A mark fitted into a square box, clipped to it. */
function placeMark(mark: Mark, colors: MarkColors, x: number, y: number, size: number, id: string): string {
  const [vx, vy, vw, vh] = mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  const w = vw > 0 ? vw : 1;
  const h = vh > 0 ? vh : 1;
  const s = Math.min(size / w, size / h);
  const tx = x + (size - w * s) / 2 - vx * s;
  const ty = y + (size - h * s) / 2 - vy * s;
  return (
    `<clipPath id="${id}"><rect x="${num(x)}" y="${num(y)}" width="${num(size)}" height="${num(size)}"/></clipPath>` +
    `<g clip-path="url(#${id})"><g transform="matrix(${num(s)} 0 0 ${num(s)} ${num(tx)} ${num(ty)})">${paintMark(mark.body, colors)}</g></g>`
  );
}

/** The brand's initial when the kit has no mark yet, so no image is ever blank. */
function initialMark(brand: Brand, fill: string, x: number, y: number, size: number): string {
  const letter = Array.from(brand.name.trim())[0] ?? "";
  const r = run(letter, brand.fonts.heading, size * 0.72);
  const w = wordmark(letter, brand.fonts.heading, { fontSize: size * 0.72 });
  const b = w.bounds;
  if (!b || !r.d) return "";
  const dx = x + size / 2 - (b.minX + b.maxX) / 2;
  const dy = y + size / 2 - (b.minY + b.maxY) / 2;
  return `<path fill="${fill}" transform="translate(${num(dx)} ${num(dy)})" d="${r.d}"/>`;
}

/**
 * Mark colours on a surface of the primary colour: shapes drawn in the primary
 * take the label colour (the one buttons use on it), cut-outs the primary,
 * and the secondary and accent are moved (same hue) to 3:1 against it.
 */
export function colorsOnPrimary(p: Palette): MarkColors {
  const label = buttonTextColor(p);
  const lift = (hex: string) => (contrastRatio(hex, p.primary) >= AA_GRAPHICS ? hex : nearestPassingColor(hex, p.primary, AA_GRAPHICS).hex);
  return { primary: label, secondary: lift(p.secondary), accent: lift(p.accent), background: p.primary, text: label };
}

export function markOrInitial(brand: Brand, logo: LogoChoice, colors: MarkColors, x: number, y: number, size: number, id: string) {
  const mark = markOf(logo);
  return mark ? placeMark(mark, colors, x, y, size, id) : initialMark(brand, colors.primary, x, y, size);
}

// ---- documents ---------------------------------------------------------------

function escapeXml(s: string) {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/**
 * WATERMARK_TEXT, bottom right, on a dark pill that reads on any background:
 * says where the preview comes from (the stencil, doc below, keeps the mark
 * from being cropped out clean).
 */
function watermark(width: number, height: number): string {
  const size = Math.min(26, Math.max(14, Math.round(width * 0.022)));
  const r = run(WATERMARK_TEXT, "inter", size, 700);
  const padX = size * 0.8;
  const padY = size * 0.55;
  const w = r.width + padX * 2;
  const h = r.capHeight + padY * 2;
  const x = width - w - size * 0.8;
  const y = height - h - size * 0.8;
  return (
    `<g data-watermark="preview"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(h / 2)}" fill="#0F172A" fill-opacity="0.78"/>` +
    textLine(r, x + padX, y + padY + r.capHeight, "#FFFFFF") +
    `</g>`
  );
}

/**
 * Every image draws the mark (a profile picture is the mark drawn large, the
 * banners and the launch post draw it at 170-360 px): on the free preview the
 * corner pill alone could be cropped off to leave a clean mark, so the logo's
 * PREVIEW stencil goes over all of it too. `surface` is the colour most of the
 * image sits on (it picks the stencil's ink); `rows`, where the stencil's rows run
 * (through the mark: one row across the middle by default).
 */
export function doc(title: string, width: number, height: number, inner: string, options: ImageOptions, surface: string, id: string, rows?: readonly number[]): string {
  const drawing = options.watermark ? watermarkDrawing(inner, width, height, { id, surface, rows }) + watermark(width, height) : inner;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${drawing}</svg>\n`
  );
}

// ---- compositions: big type on colour, a mark-led card, a split with the motif as a pattern ----

/** The mark scaled into a square at (x, y), without a clip (for pattern tiles, which clip themselves). */
function markShape(mark: Mark, colors: MarkColors, x: number, y: number, size: number): string {
  const [vx, vy, vw, vh] = mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  const w = vw > 0 ? vw : 1;
  const h = vh > 0 ? vh : 1;
  const s = Math.min(size / w, size / h);
  return `<g transform="matrix(${num(s)} 0 0 ${num(s)} ${num(x + (size - w * s) / 2 - vx * s)} ${num(y + (size - h * s) / 2 - vy * s)})">${paintMark(mark.body, colors)}</g>`;
}

/**
 * A rectangle of the primary colour covered with the motif: the mark (or a
 * dot without one) repeated on a slanted grid, faint, in the colours that
 * read on the primary.
 */
export function motifPattern(brand: Brand, logo: LogoChoice, x: number, y: number, w: number, h: number, id: string): string {
  const p = brand.palette;
  const cell = Math.max(64, Math.round(Math.min(w, h) / 3.2));
  const mark = markOf(logo);
  const tile = mark
    ? markShape(mark, colorsOnPrimary(p), cell * 0.22, cell * 0.22, cell * 0.56)
    : `<circle cx="${num(cell / 2)}" cy="${num(cell / 2)}" r="${num(cell * 0.12)}" fill="${buttonTextColor(p)}"/>`;
  return (
    `<pattern id="${id}" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse" patternTransform="rotate(-14 ${num(x)} ${num(y)})">${tile}</pattern>` +
    `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${p.primary}"/>` +
    `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="url(#${id})" fill-opacity="0.2"/>`
  );
}

/** The mark on a disc of the background colour, in the brand's own colours. */
export function markDisc(brand: Brand, logo: LogoChoice, cx: number, cy: number, r: number, id: string): string {
  const p = brand.palette;
  const size = r * 1.25;
  return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${p.background}"/>` + markOrInitial(brand, logo, p, cx - size / 2, cy - size / 2, size, id);
}

function layoutOf(options: ImageOptions): SocialLayout {
  return options.layout ?? "type";
}

export function profileSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}): string {
  const p = brand.palette;
  const size = 400;
  const layout = layoutOf(options);
  let inner: string;
  if (layout === "mark") {
    // The mark in its own colours on the background, inside a ring of the primary.
    inner =
      `<rect width="${size}" height="${size}" fill="${p.background}"/>` +
      `<circle cx="200" cy="200" r="172" fill="none" stroke="${p.primary}" stroke-width="16"/>` +
      markOrInitial(brand, logo, p, size * 0.24, size * 0.24, size * 0.52, "lk-profile");
  } else if (layout === "pattern") {
    inner = motifPattern(brand, logo, 0, 0, size, size, "lk-profile-pattern") + markDisc(brand, logo, 200, 200, 128, "lk-profile");
  } else {
    inner = `<rect width="${size}" height="${size}" fill="${p.primary}"/>` + markOrInitial(brand, logo, colorsOnPrimary(p), size * 0.2, size * 0.2, size * 0.6, "lk-profile");
  }
  return doc(`${brand.name} profile picture`, size, size, inner, options, layout === "mark" ? p.background : p.primary, "lk-profile-wm");
}

/**
 * A banner, its text kept in the part the profile picture leaves free (right
 * of the bottom-left corner): big type on the primary colour; the name and
 * tagline beside a large mark; or the text on the background beside a panel
 * of the motif.
 */
function bannerSvg(brand: Brand, logo: LogoChoice, width: number, height: number, title: string, options: ImageOptions): string {
  const p = brand.palette;
  const label = buttonTextColor(p);
  const free = { left: width * 0.28, right: width * 0.95 };
  const heading = brand.fonts.heading;
  const weight = headingWeight(heading);
  const layout = layoutOf(options);
  const id = `lk-banner-${width}`;

  if (layout === "type") {
    // The tagline as the picture: large, left-aligned, the name above it as a small label.
    const maxWidth = free.right - free.left;
    const kicker = fitRun(brand.name.toUpperCase(), brand.fonts.body, height * 0.065, height * 0.045, maxWidth, 700);
    const { lines, size } = wrap(brand.tagline, heading, Math.round(height * 0.2), Math.round(height * 0.09), maxWidth, 2, weight);
    const lineHeight = size * 1.1;
    const block = kicker.capHeight + height * 0.08 + lines.length * lineHeight - (lineHeight - size);
    const top = (height - block) / 2;
    const accent = contrastRatio(p.accent, p.primary) >= AA_GRAPHICS ? p.accent : label;
    const parts = [`<rect width="${width}" height="${height}" fill="${p.primary}"/>`];
    parts.push(`<rect x="${num(free.left)}" y="${num(top + kicker.capHeight / 2 - height * 0.006)}" width="${num(height * 0.08)}" height="${num(height * 0.012)}" fill="${accent}"/>`);
    parts.push(textLine(kicker, free.left + height * 0.11, top + kicker.capHeight, label));
    let baseline = top + kicker.capHeight + height * 0.08 + size * 0.78;
    for (const line of lines) {
      parts.push(textLine(line, free.left, baseline, label));
      baseline += lineHeight;
    }
    return doc(title, width, height, parts.join(""), options, p.primary, `${id}-wm`);
  }

  if (layout === "mark") {
    // A large mark on a disc of the primary at the right; name and tagline on the background beside it.
    const r = height * 0.36;
    const cx = free.right - r;
    const cy = height / 2;
    const textRight = cx - r - height * 0.12;
    const maxWidth = textRight - free.left;
    const name = fitRun(brand.name, heading, height * 0.22, height * 0.1, maxWidth, weight);
    const tagline = wrap(brand.tagline, brand.fonts.body, Math.round(height * 0.075), Math.round(height * 0.05), maxWidth, 2, 400);
    const tagLine = tagline.size * 1.3;
    const block = name.capHeight + height * 0.09 + tagline.lines.length * tagLine;
    const top = (height - block) / 2;
    const parts = [`<rect width="${width}" height="${height}" fill="${p.background}"/>`, `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${p.primary}"/>`];
    parts.push(markOrInitial(brand, logo, colorsOnPrimary(p), cx - r * 0.62, cy - r * 0.62, r * 1.24, id));
    parts.push(textLine(name, free.left, top + name.capHeight, p.text));
    let baseline = top + name.capHeight + height * 0.09 + tagline.size * 0.8;
    for (const line of tagline.lines) {
      parts.push(textLine(line, free.left, baseline, p.text));
      baseline += tagLine;
    }
    return doc(title, width, height, parts.join(""), options, p.background, `${id}-wm`);
  }

  // "pattern": the motif fills a panel on the right, the mark on a disc over it; the text on the background.
  const panelX = width * 0.64;
  const r = height * 0.3;
  const maxWidth = panelX - free.left - height * 0.14;
  const name = fitRun(brand.name, heading, height * 0.2, height * 0.1, maxWidth, weight);
  const tagline = wrap(brand.tagline, brand.fonts.body, Math.round(height * 0.07), Math.round(height * 0.045), maxWidth, 3, 400);
  const tagLine = tagline.size * 1.3;
  const block = name.capHeight + height * 0.09 + tagline.lines.length * tagLine;
  const top = (height - block) / 2;
  const parts = [
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
    motifPattern(brand, logo, panelX, 0, width - panelX, height, `${id}-pattern`),
    markDisc(brand, logo, panelX + (width - panelX) / 2, height / 2, r, id),
    `<rect x="${num(free.left)}" y="${num(top - height * 0.1)}" width="${num(height * 0.12)}" height="${num(height * 0.02)}" fill="${p.primary}"/>`,
    textLine(name, free.left, top + name.capHeight, p.text),
  ];
  let baseline = top + name.capHeight + height * 0.09 + tagline.size * 0.8;
  for (const line of tagline.lines) {
    parts.push(textLine(line, free.left, baseline, p.text));
    baseline += tagLine;
  }
  return doc(title, width, height, parts.join(""), options, p.background, `${id}-wm`);
}

export function xHeaderSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}) {
  return bannerSvg(brand, logo, 1500, 500, `${brand.name} X header`, options);
}

export function linkedinBannerSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}) {
  return bannerSvg(brand, logo, 1584, 396, `${brand.name} LinkedIn banner`, options);
}

/** Name and mark on one line, at the bottom left: the signature of the launch post. */
function signature(brand: Brand, logo: LogoChoice, colors: MarkColors, ink: string, x: number, bottom: number, size: number, id: string): string {
  const name = run(brand.name, brand.fonts.heading, size, headingWeight(brand.fonts.heading));
  const markSize = name.capHeight * 1.7;
  return markOrInitial(brand, logo, colors, x, bottom - markSize, markSize, id) + textLine(name, x + markSize * 1.35, bottom - markSize / 2 + name.capHeight / 2, ink);
}

export function launchPostSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}): string {
  const p = brand.palette;
  const size = 1080;
  const margin = 96;
  const maxWidth = size - margin * 2;
  const heading = brand.fonts.heading;
  const weight = headingWeight(heading);
  const label = buttonTextColor(p);
  const layout = layoutOf(options);
  const parts: string[] = [];
  const title = `${brand.name} launch post: ${brand.tagline}`;

  if (layout === "mark") {
    // A card: the mark large on a rounded square of the primary, the name and the tagline centred under it.
    const box = 360;
    const boxY = 150;
    parts.push(`<rect width="${size}" height="${size}" fill="${p.background}"/>`);
    parts.push(`<rect x="${(size - box) / 2}" y="${boxY}" width="${box}" height="${box}" rx="${box * 0.22}" fill="${p.primary}"/>`);
    parts.push(markOrInitial(brand, logo, colorsOnPrimary(p), (size - box * 0.64) / 2, boxY + box * 0.18, box * 0.64, "lk-post"));
    const name = fitRun(brand.name, heading, 92, 48, maxWidth, weight);
    let baseline = boxY + box + 96 + name.capHeight;
    parts.push(textLine(name, size / 2, baseline, p.text, "middle"));
    const tagline = wrap(brand.tagline, brand.fonts.body, 46, 30, maxWidth - 80, 3, 400);
    baseline += 40;
    for (const line of tagline.lines) {
      baseline += tagline.size * 1.3;
      parts.push(textLine(line, size / 2, baseline, p.text, "middle"));
    }
    parts.push(`<rect x="${size / 2 - 40}" y="${size - margin}" width="80" height="8" rx="4" fill="${p.accent}"/>`);
    return doc(title, size, size, parts.join(""), options, p.background, "lk-post-wm", [boxY + box / 2]);
  }

  if (layout === "pattern") {
    // Split: the motif on the primary colour above, the mark on a disc across the edge, the tagline below.
    const split = 500;
    parts.push(`<rect width="${size}" height="${size}" fill="${p.background}"/>`);
    parts.push(motifPattern(brand, logo, 0, 0, size, split, "lk-post-pattern"));
    parts.push(markDisc(brand, logo, margin + 110, split, 110, "lk-post"));
    const { lines, size: fontSize } = wrap(brand.tagline, heading, 84, 48, maxWidth, 3, weight);
    const lineHeight = fontSize * 1.12;
    let baseline = split + 110 + 70 + fontSize * 0.8;
    for (const line of lines) {
      parts.push(textLine(line, margin, baseline, p.text));
      baseline += lineHeight;
    }
    const name = fitRun(brand.name.toUpperCase(), brand.fonts.body, 30, 20, maxWidth, 700);
    parts.push(textLine(name, margin, size - margin + 20, p.text));
    return doc(title, size, size, parts.join(""), options, p.background, "lk-post-wm", [split]);
  }

  // "type": the tagline, very large, on the primary colour; the signature at the bottom.
  const { lines, size: fontSize } = wrap(brand.tagline, heading, 124, 60, maxWidth, 5, weight);
  const lineHeight = fontSize * 1.08;
  const kicker = run("NOW LIVE", brand.fonts.body, 30, 700);
  const accent = contrastRatio(p.accent, p.primary) >= AA_GRAPHICS ? p.accent : label;
  parts.push(`<rect width="${size}" height="${size}" fill="${p.primary}"/>`);
  parts.push(`<rect x="${margin}" y="${margin + 6}" width="56" height="10" fill="${accent}"/>`);
  parts.push(textLine(kicker, margin + 80, margin + 11 + kicker.capHeight / 2, label));
  const block = lines.length * lineHeight;
  let baseline = Math.max(margin + 120, (size - block) / 2) + fontSize * 0.8;
  for (const line of lines) {
    parts.push(textLine(line, margin, baseline, label));
    baseline += lineHeight;
  }
  parts.push(signature(brand, logo, colorsOnPrimary(p), label, margin, size - margin, 48, "lk-post"));
  // One row through the tagline (the signature's mark is drawn small, under 60 px).
  return doc(title, size, size, parts.join(""), options, p.primary, "lk-post-wm");
}

const RENDER: Record<SocialImageName, (b: Brand, l: LogoChoice, o: ImageOptions) => string> = {
  "profile.png": profileSvg,
  "x-header.png": xHeaderSvg,
  "linkedin-banner.png": linkedinBannerSvg,
  "launch-post.png": launchPostSvg,
};

export function socialImageSvg(name: SocialImageName, brand: Brand, logo: LogoChoice, options: ImageOptions = {}): string {
  return RENDER[name](brand, logo, options);
}

export function socialImagePng(name: SocialImageName, brand: Brand, logo: LogoChoice, options: ImageOptions = {}): Buffer {
  return renderPng(socialImageSvg(name, brand, logo, options), SOCIAL_IMAGES[name].width);
}
