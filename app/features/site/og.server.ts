import type { Brand } from "~/kit/brand/brand";
import { wordmark } from "~/kit/brand/wordmark.server";
import { logoSvg, renderPng, type LogoInput } from "~/kit/assets/logo/render.server";
import { FONTS } from "~/kit/brand/fonts";
import { chooseOgLayout, type OgLayout } from "~/kit/layouts";
import { landingTheme } from "~/kit/assets/landing/styles";

/**
 * The landing page's OpenGraph image (1200 × 630): the brand's logo, the
 * headline and the brand's colours. Every letter is an outline (the
 * wordmark's font files), so resvg needs no system fonts and the image is the
 * same on every machine. Pure: the same input gives the same bytes.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

/** Greedy line breaking measured with the heading font; words too long for a line stay whole. */
function wrap(text: string, font: Brand["fonts"]["heading"], size: number, maxWidth: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && wordmark(candidate, font, { fontSize: size }).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The headline set in as few lines as fit (up to 3), at the largest size that fits the box. */
function headlineLayout(text: string, font: Brand["fonts"]["heading"], maxWidth: number, maxHeight: number) {
  for (const size of [80, 72, 64, 56, 50, 44]) {
    const lines = wrap(text, font, size, maxWidth);
    const widest = Math.max(...lines.map((l) => wordmark(l, font, { fontSize: size }).width));
    if (lines.length <= 3 && widest <= maxWidth && lines.length * size * 1.15 <= maxHeight) return { size, lines };
  }
  const size = 44;
  const lines = wrap(text, font, size, maxWidth);
  return { size, lines: lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(" ").slice(0, 40).trim()}…`] : lines };
}

/** A logo SVG document as a nested <svg> placed at (x, y), `height` tall. */
function placeSvg(svg: string, x: number, y: number, height: number): { markup: string; width: number } {
  const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const w = vb ? Number(vb[1]) : 100;
  const hgt = vb ? Number(vb[2]) : 100;
  const width = (w / hgt) * height;
  const inner = svg
    .trim()
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "")
    .replace(/<title>[\s\S]*?<\/title>/, "");
  return {
    markup: `<svg x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${w} ${hgt}">${inner}</svg>`,
    width,
  };
}

/**
 * `watermark`: the free plan's watermarked logo (the published page's own
 * logo), app/features/billing decides. `layout`: the composition; chosen from the
 * brand (chooseOgLayout) when not given.
 */
export type OgImageOptions = { watermark?: boolean; layout?: OgLayout };

/** The composition a brand's OpenGraph image gets (app/kit/layouts.ts). */
export function ogLayoutOf(brand: Brand): OgLayout {
  return chooseOgLayout({ understanding: brand.understanding, dark: landingTheme(brand).dark, serif: FONTS[brand.fonts.heading].category === "serif" });
}

/** The headline's lines as outlined paths in `box`, aligned left or centred, vertically centred. */
function headlinePaths(headline: string, brand: Brand, box: { x: number; y: number; w: number; h: number }, fill: string, align: "left" | "center" = "left") {
  const { size, lines } = headlineLayout(headline, brand.fonts.heading, box.w, box.h);
  const lineHeight = size * 1.15;
  const top = box.y + (box.h - lines.length * lineHeight) / 2;
  return lines
    .map((l, i) => {
      const w = wordmark(l, brand.fonts.heading, { fontSize: size });
      const x = align === "center" ? box.x + (box.w - w.width) / 2 : box.x;
      return w.d ? `<path fill="${fill}" transform="translate(${num(x)} ${num(top + size * 0.9 + i * lineHeight)})" d="${w.d}"/>` : "";
    })
    .join("");
}

export function ogImageSvg(brand: Brand, headline: string, logo: LogoInput | null, options: OgImageOptions = {}): string {
  const t = landingTheme(brand);
  const theme = t.dark ? "dark" : "light";
  const logoInput = logo ?? { marks: [], selected: 0 };
  const pad = 80;
  const wm = { watermark: options.watermark };
  const layout = options.layout ?? ogLayoutOf(brand);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`;
  const page = `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${t.bg}"/>`;

  if (layout === "band") {
    // Type-led: the lockup on the page colour, the headline large on a band of the primary colour.
    const lockup = placeSvg(logoSvg(brand, logoInput, "horizontal", theme, wm), pad, 56, 68);
    const bandY = 170;
    return (
      open +
      page +
      `<rect y="${bandY}" width="${OG_WIDTH}" height="${OG_HEIGHT - bandY}" fill="${t.primary}"/>` +
      `<rect x="${pad}" y="${bandY + 44}" width="120" height="10" rx="5" fill="${t.onPrimary}" fill-opacity="0.85"/>` +
      lockup.markup +
      headlinePaths(headline, brand, { x: pad, y: bandY + 70, w: OG_WIDTH - pad * 2, h: OG_HEIGHT - bandY - 110 }, t.onPrimary) +
      `</svg>`
    );
  }
  if (layout === "centred") {
    // Editorial: the mark as a small emblem, the headline centred between two rules, the name below.
    const mark = placeSvg(logoSvg(brand, logoInput, "mark", theme, wm), (OG_WIDTH - 110) / 2, 48, 110);
    const name = wordmark(brand.name, brand.fonts.heading, { fontSize: 30 });
    return (
      open +
      page +
      `<rect x="${pad / 2}" y="${pad / 2}" width="${OG_WIDTH - pad}" height="${OG_HEIGHT - pad}" fill="none" stroke="${t.line}" stroke-width="2"/>` +
      mark.markup +
      `<rect x="${(OG_WIDTH - 160) / 2}" y="182" width="160" height="4" fill="${t.primary}"/>` +
      headlinePaths(headline, brand, { x: pad * 1.75, y: 200, w: OG_WIDTH - pad * 3.5, h: 290 }, t.text, "center") +
      `<rect x="${(OG_WIDTH - 160) / 2}" y="500" width="160" height="4" fill="${t.primary}"/>` +
      (name.d ? `<path fill="${t.ink}" transform="translate(${num((OG_WIDTH - name.width) / 2)} 560)" d="${name.d}"/>` : "") +
      `</svg>`
    );
  }
  if (layout === "split") {
    // The mark in view: a panel of the primary colour with the mark large, the headline beside it.
    const panelW = 430;
    const mark = placeSvg(logoSvg(brand, logoInput, "mark", theme, wm), 0, 0, 250);
    const name = wordmark(brand.name, brand.fonts.heading, { fontSize: 34 });
    return (
      open +
      page +
      `<rect width="${panelW}" height="${OG_HEIGHT}" fill="${t.surface}"/>` +
      `<circle cx="${panelW / 2}" cy="${OG_HEIGHT / 2}" r="170" fill="${t.secondary}" fill-opacity="0.35"/>` +
      `<g transform="translate(${(panelW - mark.width) / 2} ${(OG_HEIGHT - 250) / 2})">${mark.markup}</g>` +
      (name.d ? `<path fill="${t.ink}" transform="translate(${panelW + 70} ${118})" d="${name.d}"/>` : "") +
      headlinePaths(headline, brand, { x: panelW + 70, y: 160, w: OG_WIDTH - panelW - 70 - pad, h: 380 }, t.text) +
      `<rect x="${panelW + 70}" y="${OG_HEIGHT - 80}" width="90" height="10" rx="5" fill="${t.primary}"/>` +
      `</svg>`
    );
  }
  const lockup = placeSvg(logoSvg(brand, logoInput, "horizontal", theme, wm), pad, 64, 76);
  const mark = placeSvg(logoSvg(brand, logoInput, "mark", theme, wm), 0, 0, 260);
  const box = { x: pad, y: 190, w: OG_WIDTH - pad * 2 - 280, h: 320 };
  return (
    open +
    page +
    `<circle cx="1085" cy="150" r="250" fill="${t.surface}"/>` +
    `<circle cx="1130" cy="560" r="120" fill="${t.accent}" fill-opacity="0.85"/>` +
    `<circle cx="905" cy="90" r="44" fill="${t.secondary}" fill-opacity="0.8"/>` +
    `<g transform="translate(${OG_WIDTH - 320} 185)">${mark.markup}</g>` +
    lockup.markup +
    headlinePaths(headline, brand, box, t.text) +
    `<rect y="${OG_HEIGHT - 16}" width="${OG_WIDTH}" height="16" fill="${t.primary}"/>` +
    `</svg>`
  );
}

/** The PNG bytes of the OpenGraph image. */
export function ogImagePng(brand: Brand, headline: string, logo: LogoInput | null, options: OgImageOptions = {}): Buffer {
  return renderPng(ogImageSvg(brand, headline, logo, options), OG_WIDTH);
}
