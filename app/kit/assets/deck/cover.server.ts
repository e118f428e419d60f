import type { Brand } from "~/kit/brand/brand";
import { logoSvg, type LogoInput, type LogoRenderOptions } from "~/kit/assets/logo/render.server";
import { paintMark } from "~/kit/assets/logo/mark";
import { colorsOnPrimary } from "~/kit/assets/social/images.server";
import { watermarkDrawing } from "~/kit/watermark.server";
import { deckLogoTheme } from "./geometry";

/**
 * The mark on the deck's cover, as a standalone SVG: in the logo's own
 * colours on the background, or in the colours that read on the primary
 * colour (the classic cover's card, the panel cover). Null without a logo:
 * the cover then shows the name alone. `watermark`: the free preview's
 * PREVIEW stencil merged into the drawing, as in every logo file.
 */
export function coverMarkSvg(brand: Brand, logo: LogoInput | null, on: "background" | "primary", opts: LogoRenderOptions = {}): string | null {
  const mark = logo ? (logo.marks[logo.selected] ?? logo.marks[0]) : undefined;
  if (!logo || !mark) return null;
  if (on === "background") return logoSvg(brand, logo, "mark", deckLogoTheme(brand.palette), opts);
  const [x, y, w, h] = mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  const painted = paintMark(mark.body, colorsOnPrimary(brand.palette));
  if (!opts.watermark) return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}" width="${w}" height="${h}">${painted}</svg>`;
  // The stencil is laid out on a canvas from (0, 0): the mark is moved onto it.
  const moved = `<g transform="translate(${-x} ${-y})">${painted}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${watermarkDrawing(moved, w, h, { id: "lk-wm-cover", surface: brand.palette.primary })}</svg>`;
}

/** The cover mark as a data: URL, for the workspace preview (the app's CSP allows data: images); watermarked on the free preview. */
export function coverMarkDataUrl(brand: Brand, logo: LogoInput | null, on: "background" | "primary", opts: LogoRenderOptions = {}): string | null {
  const svg = coverMarkSvg(brand, logo, on, opts);
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}` : null;
}
