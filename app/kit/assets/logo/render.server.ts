import { Resvg } from "@resvg/resvg-js";
import type { Brand, Palette } from "~/kit/brand/brand";
import { AA_GRAPHICS, AA_TEXT, buttonTextColor, nearestPassingColor, relativeLuminance } from "~/kit/brand/palette";
import { wordmark } from "~/kit/brand/wordmark.server";
import { watermarkDrawing } from "~/kit/watermark.server";
import { paintMark, type Mark, type MarkColors } from "./mark";

/**
 * The logo files, as pure functions of the brand and the logo asset: the same
 * input gives byte-identical files, so nothing is stored but the marks; every
 * file is rendered when it is asked for and follows every brand edit. The name
 * is outlined (wordmark.server.ts), so the SVGs need no font and resvg needs
 * no system fonts.
 */

export type LogoInput = { marks: readonly Mark[]; selected: number };
export type Lockup = "horizontal" | "stacked" | "mark";
export type LogoTheme = "light" | "dark";
/**
 * `watermark`: the free preview's PREVIEW stencil, merged into the drawing
 * (~/kit/watermark.server; the plan decides who gets it); off by default.
 */
export type LogoRenderOptions = { watermark?: boolean };

// ---- colours -------------------------------------------------------------

/**
 * The surface a variant is designed for: the palette's own light (or dark)
 * colour when it is really light (or dark), else white (or near black). The
 * UI uses it as the preview background.
 */
export function logoSurface(palette: Palette, theme: LogoTheme): string {
  const [darker, lighter] = [palette.background, palette.text].sort((a, b) => relativeLuminance(a) - relativeLuminance(b));
  if (theme === "dark") return relativeLuminance(darker!) <= 0.02 ? darker! : "#111111";
  return relativeLuminance(lighter!) >= 0.85 ? lighter! : "#FFFFFF";
}

/**
 * Colours of a variant. The light variant of a light palette is the brand as
 * proposed. Otherwise background and text swap roles so that "@background"
 * (cut-outs, counters) stays the surface's side and "@text" the contrasting
 * side, and on a dark surface the other role colours are lightened (OKLCH,
 * same hue) to the 3:1 that WCAG asks of graphics, so the mark never sinks
 * into the dark. The wordmark gets 4.5:1, like text.
 */
export function logoColors(palette: Palette, theme: LogoTheme): { surface: string; ink: string; mark: MarkColors } {
  const surface = logoSurface(palette, theme);
  const byCloseness = [palette.background, palette.text].sort(
    (a, b) => Math.abs(relativeLuminance(a) - relativeLuminance(surface)) - Math.abs(relativeLuminance(b) - relativeLuminance(surface)),
  );
  const [near, far] = byCloseness as [string, string];
  const away = theme === "dark" ? "lighter" : "darker";
  const ink = nearestPassingColor(far, surface, AA_TEXT, away).hex;
  const lift = (hex: string) => (theme === "dark" ? nearestPassingColor(hex, surface, AA_GRAPHICS, "lighter").hex : hex);
  return {
    surface,
    ink,
    mark: {
      primary: lift(palette.primary),
      secondary: lift(palette.secondary),
      accent: lift(palette.accent),
      background: near,
      text: theme === "dark" ? ink : far,
    },
  };
}

// ---- geometry --------------------------------------------------------------

// Two decimals and no "-0": small files and byte-identical output.
const num = (v: number) => String(Math.round(v * 100) / 100 + 0);

/**
 * Text for an XML text node. Control characters and lone surrogates are not
 * allowed in XML 1.0 at all (a browser would refuse the whole file), so they
 * are dropped rather than escaped.
 */
const escapeXml = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const inkBoxes = new Map<string, { x: number; y: number; w: number; h: number }>();

/**
 * The box the mark is fitted by: its ink (what it actually draws, measured
 * by resvg) with a little air, within its viewBox. Marks often leave empty
 * space inside their viewBox; fitting by the viewBox made them look small
 * beside the name.
 */
function viewBoxOf(mark: Mark) {
  const [x, y, w, h] = mark.viewBox.split(" ").map(Number) as [number, number, number, number];
  const declared = { x, y, w: w > 0 ? w : 1, h: h > 0 ? h : 1 };
  const key = `${mark.viewBox}|${mark.body}`;
  const cached = inkBoxes.get(key);
  if (cached) return cached;
  let box = declared;
  try {
    const probe = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}">${paintMark(mark.body, { primary: "#000000", secondary: "#000000", accent: "#000000", background: "#000000", text: "#000000" })}</svg>`;
    const ink = new Resvg(probe).getBBox();
    if (ink && ink.width > 0 && ink.height > 0) {
      const pad = Math.max(ink.width, ink.height) * 0.04;
      const x0 = Math.max(declared.x, ink.x - pad);
      const y0 = Math.max(declared.y, ink.y - pad);
      const x1 = Math.min(declared.x + declared.w, ink.x + ink.width + pad);
      const y1 = Math.min(declared.y + declared.h, ink.y + ink.height + pad);
      if (x1 > x0 && y1 > y0) box = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    }
  } catch {
    // An unmeasurable mark is fitted by its viewBox.
  }
  if (inkBoxes.size > 500) inkBoxes.clear();
  inkBoxes.set(key, box);
  return box;
}

/** A monogram (the initial on a primary tile) for a logo with no usable mark, so no file is ever blank. */
function monogram(brand: Brand): Mark {
  const initial = Array.from(brand.name.trim())[0] ?? "";
  const w = wordmark(initial, brand.fonts.heading, { fontSize: 64 });
  const fill = buttonTextColor(brand.palette) === brand.palette.background ? "@background" : "@text";
  const b = w.bounds ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const dx = 50 - (b.minX + b.maxX) / 2;
  const dy = 50 - (b.minY + b.maxY) / 2;
  const letter = w.d ? `<path transform="translate(${num(dx)} ${num(dy)})" fill="${fill}" d="${w.d}"/>` : "";
  return { viewBox: "0 0 100 100", body: `<rect width="100" height="100" rx="22" fill="@primary"/>${letter}`, source: "builtin", label: "Monogram" };
}

function selectedMark(brand: Brand, logo: LogoInput): Mark {
  return logo.marks[logo.selected] ?? logo.marks[0] ?? monogram(brand);
}

type Box = { x: number; y: number; w: number; h: number };

/** Box size for a mark of height `h`: its own aspect ratio, within 1:2 to 2.5:1 (fit inside, centred). */
function markBoxSize(mark: Mark, h: number) {
  const vb = viewBoxOf(mark);
  const aspect = Math.min(2.5, Math.max(0.5, vb.w / vb.h));
  return { w: h * aspect, h };
}

/**
 * The mark fitted (centred, aspect kept) into `box`, clipped to it: a mark
 * drawing past its viewBox must not run into the name. The clip id names the
 * variant, so two different logos inlined in one HTML page do not collide.
 */
function placeMark(mark: Mark, colors: MarkColors, box: Box, clipId: string): string {
  const vb = viewBoxOf(mark);
  const s = Math.min(box.w / vb.w, box.h / vb.h);
  const tx = box.x + (box.w - vb.w * s) / 2 - vb.x * s;
  const ty = box.y + (box.h - vb.h * s) / 2 - vb.y * s;
  return (
    `<clipPath id="${clipId}"><rect x="${num(box.x)}" y="${num(box.y)}" width="${num(box.w)}" height="${num(box.h)}"/></clipPath>` +
    `<g clip-path="url(#${clipId})"><g transform="matrix(${num(s)} 0 0 ${num(s)} ${num(tx)} ${num(ty)})">${paintMark(mark.body, colors)}</g></g>`
  );
}

/**
 * `wm`: what a watermarked variant needs, a mask id unique among the
 * variants one HTML page may inline, the surface the variant is designed for,
 * an opaque backdrop (the icons' tile) that the stencil leaves whole, and the
 * heights the watermark's rows cross (default: the middle).
 */
function svgDocument(
  title: string,
  width: number,
  height: number,
  inner: string,
  opts: LogoRenderOptions,
  wm: { id: string; surface: string; backdrop?: string; rows?: number[] },
): string {
  const w = num(width);
  const h = num(height);
  const backdrop = wm.backdrop ?? "";
  const drawing = opts.watermark ? backdrop + watermarkDrawing(inner, Number(w), Number(h), wm) : backdrop + inner;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
    `<title>${escapeXml(title)}</title>${drawing}</svg>\n`
  );
}

/** The logo as a standalone SVG: transparent background, name outlined, no text, no script. */
export function logoSvg(brand: Brand, logo: LogoInput, lockup: Lockup, theme: LogoTheme, opts: LogoRenderOptions = {}): string {
  const mark = selectedMark(brand, logo);
  const colors = logoColors(brand.palette, theme);
  const title = brand.name.trim();

  if (lockup === "mark") {
    // A square canvas (icons, avatars), the mark inset by 8%.
    const size = 100;
    const inner = markBoxSize(mark, 84);
    const scale = Math.min(1, 84 / inner.w);
    const box = { x: (size - inner.w * scale) / 2, y: (size - inner.h * scale) / 2, w: inner.w * scale, h: inner.h * scale };
    return svgDocument(title, size, size, placeMark(mark, colors.mark, box, `lk-mark-${theme}`), opts, { id: `lk-wm-mark-${theme}`, surface: colors.surface });
  }

  const wm = wordmark(title, brand.fonts.heading, { fontSize: 100 });
  const ink = wm.bounds;
  const cap = wm.capHeight;
  const parts: string[] = [];
  // Ink extents of the whole lockup, in the wordmark's coordinates (baseline y = 0).
  let box: Box;
  let markBox: Box;
  let nameX = 0;

  if (lockup === "horizontal") {
    // Mark 1.6 × cap height tall (a hair over the usual 1.5: marks have
    // round edges and inset shapes, caps are solid), centred on the capitals'
    // middle, then a gap of 0.4 × the mark.
    const size = markBoxSize(mark, cap * 1.6);
    markBox = { x: 0, y: -cap / 2 - size.h / 2, ...size };
    nameX = ink ? markBox.w + markBox.h * 0.4 - ink.minX : 0;
    const top = Math.min(markBox.y, ink?.minY ?? Infinity);
    const bottom = Math.max(markBox.y + markBox.h, ink?.maxY ?? -Infinity);
    const right = ink ? nameX + ink.maxX : markBox.w;
    box = { x: 0, y: top, w: right, h: bottom - top };
  } else {
    // Mark 2.4 × cap height tall, centred over the name's ink, 0.45 × cap above
    // the capitals (marks usually have some air inside their viewBox already).
    const size = markBoxSize(mark, cap * 2.4);
    const nameMid = ink ? (ink.minX + ink.maxX) / 2 : 0;
    markBox = { x: nameMid - size.w / 2, y: -cap - cap * 0.45 - size.h, ...size };
    const left = Math.min(markBox.x, ink?.minX ?? Infinity);
    const right = Math.max(markBox.x + markBox.w, ink?.maxX ?? -Infinity);
    const bottom = ink ? ink.maxY : markBox.y + markBox.h;
    box = { x: left, y: markBox.y, w: right - left, h: bottom - markBox.y };
  }

  // Padding: a quarter of the mark's height (a fifth for the larger stacked mark).
  const pad = markBox.h * (lockup === "horizontal" ? 0.25 : 0.2);
  const dx = pad - box.x;
  const dy = pad - box.y;
  parts.push(placeMark(mark, colors.mark, { ...markBox, x: markBox.x + dx, y: markBox.y + dy }, `lk-${lockup}-${theme}`));
  if (wm.d) parts.push(`<path fill="${colors.ink}" transform="translate(${num(nameX + dx)} ${num(dy)})" d="${wm.d}"/>`);
  // Stacked: one row of the watermark across the mark, one across the name.
  const rows = lockup === "stacked" ? [markBox.y + dy + markBox.h / 2, dy - cap / 2] : undefined;
  return svgDocument(title, box.w + pad * 2, box.h + pad * 2, parts.join(""), opts, { id: `lk-wm-${lockup}-${theme}`, surface: colors.surface, rows });
}

// ---- raster ------------------------------------------------------------------

/** SVG → PNG at `width` pixels wide (height follows the aspect ratio). No system fonts: our SVGs have no text. */
export function renderPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: Math.round(width) }, font: { loadSystemFonts: false } });
  return resvg.render().asPng();
}

export function logoPng(brand: Brand, logo: LogoInput, lockup: Lockup, theme: LogoTheme, size: 512 | 1024, opts: LogoRenderOptions = {}): Buffer {
  return renderPng(logoSvg(brand, logo, lockup, theme, opts), size);
}

/**
 * The mark on an opaque tile of the brand's background colour: the colours
 * the mark was drawn for, visible on light and dark browser tabs alike.
 * `radius` and `inset` are fractions of the side.
 */
function tileSvg(brand: Brand, logo: LogoInput, radius: number, inset: number, opts: LogoRenderOptions = {}): string {
  const mark = selectedMark(brand, logo);
  const side = 100;
  const room = side * (1 - inset * 2);
  const size = markBoxSize(mark, room);
  const scale = Math.min(1, room / size.w);
  const box = { x: (side - size.w * scale) / 2, y: (side - size.h * scale) / 2, w: size.w * scale, h: size.h * scale };
  const tile = `<rect width="${side}" height="${side}" rx="${num(side * radius)}" fill="${brand.palette.background}"/>`;
  return svgDocument(brand.name.trim(), side, side, placeMark(mark, brand.palette, box, "lk-tile"), opts, { id: "lk-wm-tile", surface: brand.palette.background, backdrop: tile });
}

/**
 * favicon.ico: PNG-compressed 16, 32 and 48 px images in an ICO container
 * (supported by every browser and Windows since Vista). Small sizes get a
 * smaller inset: at 16 px every pixel of the mark counts.
 */
export function faviconIco(brand: Brand, logo: LogoInput, opts: LogoRenderOptions = {}): Buffer {
  const images = [16, 32, 48].map((px) => ({ px, png: renderPng(tileSvg(brand, logo, 0.22, px <= 16 ? 0.06 : 0.1, opts), px) }));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ px, png }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(px, e); // width (0 would mean 256)
    header.writeUInt8(px, e + 1); // height
    header.writeUInt8(0, e + 2); // no palette
    header.writeUInt8(0, e + 3); // reserved
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** 180 × 180 PNG, opaque (iOS shows transparency as black) and square (iOS rounds the corners itself). */
export function appleTouchIcon(brand: Brand, logo: LogoInput, opts: LogoRenderOptions = {}): Buffer {
  return renderPng(tileSvg(brand, logo, 0, 0.17, opts), 180);
}

// ---- the catalogue -----------------------------------------------------------

export type LogoFile = { name: string; contentType: string; describe: string };

type Spec = LogoFile & { render: (brand: Brand, logo: LogoInput, opts?: LogoRenderOptions) => Buffer };

const LOCKUPS: { base: string; lockup: Lockup; what: string }[] = [
  { base: "logo-horizontal", lockup: "horizontal", what: "Horizontal logo, mark beside the name" },
  { base: "logo-stacked", lockup: "stacked", what: "Stacked logo, mark above the name" },
  { base: "mark", lockup: "mark", what: "The mark alone" },
];
const THEMES: { suffix: string; theme: LogoTheme; what: string }[] = [
  { suffix: "", theme: "light", what: "for light backgrounds" },
  { suffix: "-dark", theme: "dark", what: "for dark backgrounds" },
];

const SPECS: Spec[] = [
  ...LOCKUPS.flatMap(({ base, lockup, what }) =>
    THEMES.map(({ suffix, theme, what: on }) => ({
      name: `${base}${suffix}.svg`,
      contentType: "image/svg+xml",
      describe: `${what}, ${on} (vector, any size)`,
      render: (b: Brand, l: LogoInput, o?: LogoRenderOptions) => Buffer.from(logoSvg(b, l, lockup, theme, o)),
    })),
  ),
  ...LOCKUPS.flatMap(({ base, lockup, what }) =>
    THEMES.flatMap(({ suffix, theme, what: on }) =>
      ([512, 1024] as const).map((size) => ({
        name: `${base}${suffix}-${size}.png`,
        contentType: "image/png",
        describe: `${what}, ${on} (PNG, ${size} px wide, transparent)`,
        render: (b: Brand, l: LogoInput, o?: LogoRenderOptions) => logoPng(b, l, lockup, theme, size, o),
      })),
    ),
  ),
  { name: "favicon.ico", contentType: "image/x-icon", describe: "Browser tab icon (16, 32 and 48 px)", render: faviconIco },
  { name: "apple-touch-icon.png", contentType: "image/png", describe: "Home screen icon for iPhone and iPad (180 px)", render: appleTouchIcon },
];

/** Every downloadable logo file, in the order the logo section lists them. */
export const LOGO_FILES: readonly LogoFile[] = SPECS.map(({ name, contentType, describe }) => ({ name, contentType, describe }));

const BY_NAME = new Map(SPECS.map((s) => [s.name, s]));

/** One logo file by its catalogue name, or null for a name not in LOGO_FILES. */
export function renderLogoFile(brand: Brand, logo: LogoInput, name: string, opts: LogoRenderOptions = {}): { body: Buffer; contentType: string } | null {
  const spec = BY_NAME.get(name);
  return spec ? { body: spec.render(brand, logo, opts), contentType: spec.contentType } : null;
}
