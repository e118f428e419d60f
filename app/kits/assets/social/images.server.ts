import { WATERMARK_TEXT } from "~/billing/plans";
import type { Brand, Palette } from "~/kits/brand/brand";
import { headingWeight, type FontId } from "~/kits/brand/fonts";
import { AA_GRAPHICS, buttonTextColor, contrastRatio, nearestPassingColor } from "~/kits/brand/palette";
import { wordmark } from "~/kits/brand/wordmark.server";
import { renderPng } from "../logo/render.server";
import { paintMark, type Mark, type MarkColors } from "../logo/mark";

/**
 * The social images, drawn from the brand alone (no AI, no browser): SVG
 * with every letter outlined by wordmark.server.ts (resvg has no fonts), then
 * rasterised by resvg. Pure: the same brand, logo and options give the same
 * bytes, so nothing is stored and every brand edit redraws them.
 *
 * - profile.png 400×400: the mark on the primary colour;
 * - x-header.png 1500×500 and linkedin-banner.png 1584×396: name and
 *   tagline, kept right of the bottom-left corner where the profile picture
 *   covers the banner;
 * - launch-post.png 1080×1080: the tagline, large, with the logo.
 */

export type LogoChoice = { marks: readonly Mark[]; selected: number } | null;
export type ImageOptions = { watermark?: boolean };

export const SOCIAL_IMAGES = {
  "profile.png": { width: 400, height: 400, describe: "Profile picture, 400 × 400" },
  "x-header.png": { width: 1500, height: 500, describe: "X header, 1500 × 500" },
  "linkedin-banner.png": { width: 1584, height: 396, describe: "LinkedIn banner, 1584 × 396" },
  "launch-post.png": { width: 1080, height: 1080, describe: "Launch post image, 1080 × 1080" },
} as const;
export type SocialImageName = keyof typeof SOCIAL_IMAGES;

const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

// ---- text -------------------------------------------------------------------

type Run = { d: string; width: number; capHeight: number; ascent: number; descent: number };

function run(text: string, font: FontId, size: number, weight?: number): Run {
  const w = wordmark(text, font, { fontSize: size, ...(weight ? { weight } : {}) });
  return { d: w.d, width: w.width, capHeight: w.capHeight, ascent: w.ascent, descent: w.descent };
}

/** One line of outlined text; x is its left, middle or right edge. */
function textLine(r: Run, x: number, baseline: number, fill: string, anchor: "start" | "middle" | "end" = "start", opacity = 1): string {
  if (!r.d) return "";
  const left = anchor === "start" ? x : anchor === "middle" ? x - r.width / 2 : x - r.width;
  return `<path fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ""} transform="translate(${num(left)} ${num(baseline)})" d="${r.d}"/>`;
}

/** The largest size (from `size` down to `min`) at which `text` fits `maxWidth` on one line. */
function fitRun(text: string, font: FontId, size: number, min: number, maxWidth: number, weight?: number): Run {
  let r = run(text, font, size, weight);
  if (r.width <= maxWidth) return r;
  const scaled = Math.max(min, Math.floor((size * maxWidth) / r.width));
  r = run(text, font, scaled, weight);
  return r;
}

/** Greedy word wrap into at most `maxLines` lines of `maxWidth`, shrinking the size until it fits. */
function wrap(text: string, font: FontId, size: number, min: number, maxWidth: number, maxLines: number, weight?: number): { lines: Run[]; size: number } {
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

function markOrInitial(brand: Brand, logo: LogoChoice, colors: MarkColors, x: number, y: number, size: number, id: string) {
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
 * WATERMARK_TEXT, bottom right, on a dark pill that reads on any background.
 * Not watermarkSvg (~/kits/watermark.server): these images are posted as they
 * are, and a small corner pill marks the preview without covering the post.
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

function doc(title: string, width: number, height: number, inner: string, options: ImageOptions): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${inner}${options.watermark ? watermark(width, height) : ""}</svg>\n`
  );
}

/** Soft circles of the secondary and accent colours: decoration that follows the palette. */
function decoration(p: Palette, width: number, height: number, side: "left" | "right" | "both"): string {
  const r = height * 0.9;
  const parts: string[] = [];
  if (side !== "right") parts.push(`<circle cx="${num(-r * 0.25)}" cy="${num(height * 1.05)}" r="${num(r)}" fill="${p.secondary}" fill-opacity="0.22"/>`);
  if (side !== "left") {
    parts.push(`<circle cx="${num(width + r * 0.2)}" cy="${num(-r * 0.2)}" r="${num(r * 0.85)}" fill="${p.accent}" fill-opacity="0.25"/>`);
    parts.push(`<circle cx="${num(width - r * 0.35)}" cy="${num(height + r * 0.35)}" r="${num(r * 0.55)}" fill="${p.secondary}" fill-opacity="0.18"/>`);
  }
  return parts.join("");
}

export function profileSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}): string {
  const p = brand.palette;
  const size = 400;
  const inner = `<rect width="${size}" height="${size}" fill="${p.primary}"/>` + markOrInitial(brand, logo, colorsOnPrimary(p), size * 0.2, size * 0.2, size * 0.6, "lk-profile");
  return doc(`${brand.name} profile picture`, size, size, inner, options);
}

/** A banner: mark and name on one line, the tagline under it, centred in the part the profile picture leaves free. */
function bannerSvg(brand: Brand, logo: LogoChoice, width: number, height: number, title: string, options: ImageOptions): string {
  const p = brand.palette;
  const label = buttonTextColor(p);
  const free = { left: width * 0.28, right: width * 0.95 };
  const centre = (free.left + free.right) / 2;
  const maxWidth = free.right - free.left;
  const nameSize = height * 0.24;
  const name = fitRun(brand.name, brand.fonts.heading, nameSize, height * 0.12, maxWidth - nameSize * 1.6, headingWeight(brand.fonts.heading));
  const markSize = name.capHeight * 1.7;
  const gap = markSize * 0.35;
  const lineWidth = markSize + gap + name.width;
  const tagline = fitRun(brand.tagline, brand.fonts.body, height * 0.085, height * 0.05, maxWidth, 400);
  const blockHeight = markSize + height * 0.08 + tagline.capHeight;
  const top = (height - blockHeight) / 2;
  const left = centre - lineWidth / 2;
  const nameBaseline = top + markSize / 2 + name.capHeight / 2;
  const inner =
    `<rect width="${width}" height="${height}" fill="${p.primary}"/>` +
    decoration(p, width, height, "right") +
    markOrInitial(brand, logo, colorsOnPrimary(p), left, top, markSize, `lk-banner-${width}`) +
    textLine(name, left + markSize + gap, nameBaseline, label) +
    textLine(tagline, centre, top + markSize + height * 0.08 + tagline.capHeight, label, "middle", 0.92);
  return doc(title, width, height, inner, options);
}

export function xHeaderSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}) {
  return bannerSvg(brand, logo, 1500, 500, `${brand.name} X header`, options);
}

export function linkedinBannerSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}) {
  return bannerSvg(brand, logo, 1584, 396, `${brand.name} LinkedIn banner`, options);
}

export function launchPostSvg(brand: Brand, logo: LogoChoice, options: ImageOptions = {}): string {
  const p = brand.palette;
  const size = 1080;
  const margin = 96;
  const maxWidth = size - margin * 2;
  const heading = brand.fonts.heading;
  const weight = headingWeight(heading);
  const { lines, size: fontSize } = wrap(brand.tagline, heading, 104, 56, maxWidth, 4, weight);
  const lineHeight = fontSize * 1.12;
  const kicker = run("NOW LIVE", brand.fonts.body, 30, 700);
  const textBlock = kicker.capHeight + 40 + lines.length * lineHeight;
  let baseline = (size - textBlock) / 2 + kicker.capHeight - 30;
  const parts = [
    `<rect width="${size}" height="${size}" fill="${p.background}"/>`,
    decoration(p, size, size, "right"),
    `<rect x="${margin}" y="${num(baseline - kicker.capHeight - 22)}" width="${num(kicker.width + 44)}" height="${num(kicker.capHeight + 44)}" rx="${num((kicker.capHeight + 44) / 2)}" fill="${p.primary}"/>`,
    textLine(kicker, margin + 22, baseline, buttonTextColor(p)),
  ];
  baseline += 40 + lineHeight;
  for (const line of lines) {
    parts.push(textLine(line, margin, baseline - (lineHeight - fontSize), p.text));
    baseline += lineHeight;
  }
  // The logo at the bottom: mark and name, in the brand's own colours on its background.
  const name = run(brand.name, heading, 60, weight);
  const markSize = name.capHeight * 1.7;
  const bottom = size - margin;
  const mark = markOf(logo);
  parts.push(mark ? placeMark(mark, p, margin, bottom - markSize, markSize, "lk-post") : initialMark(brand, p.primary, margin, bottom - markSize, markSize));
  parts.push(textLine(name, margin + markSize * 1.35, bottom - markSize / 2 + name.capHeight / 2, p.text));
  return doc(`${brand.name} launch post: ${brand.tagline}`, size, size, parts.join(""), options);
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
