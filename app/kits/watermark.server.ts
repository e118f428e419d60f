import { WATERMARK_TEXT } from "~/billing/plans";
import { wordmark } from "~/kits/brand/wordmark.server";

/**
 * The free preview's watermark for SVG and raster files: a translucent band
 * across the middle of the canvas, tilted, with "Made with LaunchKit —
 * preview" repeated along it in outlined text (Inter: the files need no font,
 * and resvg loads none). An SVG fragment in the document's own user units,
 * drawn last so it sits on top. Deterministic: same size, same bytes.
 */

const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

export function watermarkSvg(width: number, height: number): string {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  // Tilt: steeper on square canvases, flatter on wide lockups (a band across a
  // 4:1 logo at 35° would cover only its middle).
  const angle = -Math.min(30, Math.max(12, (Math.atan2(height, width) * 180) / Math.PI));
  const band = Math.max(short * 0.18, long * 0.06);
  // One whole copy, centred, always fits across the canvas along the band.
  const across = (0.8 * width) / Math.cos((angle * Math.PI) / 180);
  const perHundred = wordmark(WATERMARK_TEXT, "inter", { fontSize: 100, weight: 700 }).width || 1;
  const fontSize = Math.min(band * 0.46, (across / perHundred) * 100);
  const text = wordmark(WATERMARK_TEXT, "inter", { fontSize, weight: 700 });
  const span = Math.hypot(width, height) * 1.1;
  const gap = fontSize * 1.4;
  const step = Math.max(1, text.width + gap);
  // An odd number of copies: the middle one sits at the centre.
  const count = Math.min(41, 2 * Math.ceil(span / step / 2) + 1);
  const cx = width / 2;
  const cy = height / 2;
  // The text's vertical centre: half the cap height above the baseline.
  const baseline = cy + (text.capHeight ?? fontSize * 0.7) / 2;
  const start = cx - (count * step - gap) / 2;
  const copies = text.d
    ? Array.from({ length: count }, (_, i) => `<path transform="translate(${num(start + i * step)} ${num(baseline)})" d="${text.d}"/>`).join("")
    : "";
  return (
    `<g data-watermark="preview" transform="rotate(${num(angle)} ${num(cx)} ${num(cy)})" pointer-events="none">` +
    `<title>${WATERMARK_TEXT}</title>` +
    `<rect x="${num(cx - span / 2)}" y="${num(cy - band / 2)}" width="${num(span)}" height="${num(band)}" fill="#0F172A" fill-opacity="0.62"/>` +
    `<g fill="#FFFFFF">${copies}</g></g>`
  );
}
