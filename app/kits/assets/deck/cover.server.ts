import type { Brand } from "~/kits/brand/brand";
import { logoSvg, type LogoInput } from "~/kits/assets/logo/render.server";
import { paintMark } from "~/kits/assets/logo/mark";
import { colorsOnPrimary } from "~/kits/assets/social/images.server";
import { deckLogoTheme } from "./geometry";

/**
 * The mark on the deck's cover, as a standalone SVG: in the logo's own
 * colours on the background, or in the colours that read on the primary
 * colour (the classic cover's card, the panel cover). Null without a logo:
 * the cover then shows the name alone.
 */
export function coverMarkSvg(brand: Brand, logo: LogoInput | null, on: "background" | "primary"): string | null {
  const mark = logo ? (logo.marks[logo.selected] ?? logo.marks[0]) : undefined;
  if (!logo || !mark) return null;
  if (on === "background") return logoSvg(brand, logo, "mark", deckLogoTheme(brand.palette));
  const [, , w, h] = mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}" width="${w}" height="${h}">${paintMark(mark.body, colorsOnPrimary(brand.palette))}</svg>`;
}

/** The cover mark as a data: URL, for the workspace preview (the app's CSP allows data: images). */
export function coverMarkDataUrl(brand: Brand, logo: LogoInput | null, on: "background" | "primary"): string | null {
  const svg = coverMarkSvg(brand, logo, on);
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}` : null;
}
