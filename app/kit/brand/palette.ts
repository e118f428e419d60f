// culori's `useMode` registers a colour space; renamed, as it is not a React hook.
import { clampChroma, formatHex, modeLrgb, modeOklab, modeOklch, modeRgb, useMode as registerMode, type Oklch } from "culori/fn";
import { PALETTE_ROLES, type Palette, type PaletteAdjustment, type PaletteRole } from "./brand";

/**
 * Palette maths: WCAG 2.x contrast and the AA fixer. Pure and client-safe (the
 * brand editor runs it live in the browser), so culori comes in through its
 * tree-shakeable `culori/fn` entry with only the colour spaces we use.
 */

registerMode(modeRgb);
registerMode(modeLrgb);
const toOklab = registerMode(modeOklab);
const toOklch = registerMode(modeOklch);

/** WCAG AA for normal text; also the bar for the button text on the primary colour. */
export const AA_TEXT = 4.5;
/** WCAG AA for large text and for graphics (1.4.11), used for marks on dark surfaces. */
export const AA_GRAPHICS = 3;
export const AAA_TEXT = 7;

export type Rgb = { r: number; g: number; b: number };

/** "#4F46E5" or "4f46e5" → {r, g, b} in 0–255. Throws on anything else: callers pass validated hex. */
export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** {r, g, b} (rounded and clamped to 0–255) → "#RRGGBB", upper case like the stored palette. */
export function rgbToHex({ r, g, b }: Rgb): string {
  const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0");
  return `#${byte(r)}${byte(g)}${byte(b)}`.toUpperCase();
}

/** `a` moved towards `b` by `t` (0–1), in sRGB. Good enough for tints of a few percent. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

/**
 * WCAG 2.x relative luminance. The linearisation threshold is 0.04045 (the
 * sRGB standard); WCAG's text prints 0.03928, from an old sRGB draft. For
 * 8-bit channels the two agree exactly: no value k/255 lies between them
 * (10/255 ≈ 0.0392 is below both, 11/255 ≈ 0.0431 above both).
 */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1–21, symmetric in its arguments. Not rounded: 4.499 fails AA. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A ratio for people: one decimal, except that a failing ratio never rounds up
 * to the bar it misses ("4.49:1", not a confusing "4.5:1 ... fails").
 */
export function formatRatio(ratio: number): string {
  for (const bar of [AA_TEXT, AA_GRAPHICS, AAA_TEXT]) {
    if (ratio < bar && Number(ratio.toFixed(1)) >= bar) return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
  }
  return `${ratio.toFixed(1)}:1`;
}

/** The button label colour: whichever of background and text reads better on the primary colour. */
export function buttonTextColor(palette: Palette): string {
  const onBackground = contrastRatio(palette.background, palette.primary);
  const onText = contrastRatio(palette.text, palette.primary);
  return onBackground >= onText ? palette.background : palette.text;
}

/**
 * The colour nearest to `hex` in OKLCH lightness (same hue and chroma, chroma
 * reduced only where sRGB cannot show it) whose contrast with `against` is at
 * least `min`. Returns `hex` itself when it already passes. Both directions are
 * searched and the smaller lightness change wins; `direction` restricts that
 * (marks on a dark surface may only get lighter). Every candidate is judged
 * after rounding to hex, so the returned colour really passes.
 */
export function nearestPassingColor(
  hex: string,
  against: string,
  min: number,
  direction: "nearest" | "lighter" | "darker" = "nearest",
): { hex: string; deltaL: number } {
  const from = hex.toUpperCase();
  if (contrastRatio(from, against) >= min) return { hex: from, deltaL: 0 };
  const { r, g, b } = hexToRgb(from);
  const base = toOklch({ mode: "rgb", r: r / 255, g: g / 255, b: b / 255 });
  const at = (l: number) => {
    const c = clampChroma({ mode: "oklch", l, c: base.c, h: base.h } satisfies Oklch, "oklch");
    return formatHex(c).toUpperCase();
  };
  const passes = (l: number) => contrastRatio(at(l), against) >= min;
  const dirs = direction === "nearest" ? [-1, 1] : direction === "darker" ? [-1] : [1];
  let best: { hex: string; deltaL: number } | undefined;
  for (const d of dirs) {
    // Walk in coarse steps to the first passing lightness, then bisect back.
    let fail = base.l;
    let pass: number | undefined;
    for (let i = 1; i <= 200; i++) {
      const l = Math.min(1, Math.max(0, base.l + d * i * 0.005));
      if (passes(l)) {
        pass = l;
        break;
      }
      fail = l;
      if (l === 0 || l === 1) break;
    }
    if (pass === undefined) continue;
    let ok: number = pass;
    for (let i = 0; i < 14; i++) {
      const mid: number = (fail + ok) / 2;
      if (passes(mid)) ok = mid;
      else fail = mid;
    }
    const deltaL = Math.abs(ok - base.l);
    if (!best || deltaL < best.deltaL) best = { hex: at(ok), deltaL };
  }
  // Unreachable for min ≤ 21 with "nearest" (black or white always passes
  // one of the two ways); a one-way search may fail, and then black or white
  // at that end is the best there is.
  return best ?? { hex: direction === "darker" ? "#000000" : "#FFFFFF", deltaL: 1 };
}

/** `hex` when it reads on `surface` at `min` (AA text by default), else the nearest colour that does. */
export function legibleColor(hex: string, surface: string, min: number = AA_TEXT): string {
  return nearestPassingColor(hex, surface, min).hex;
}

/** How different two colours look: Euclidean distance in OKLab (0: the same; 1: black and white). */
export function colourDistance(a: string, b: string): number {
  const [x, y] = [a, b].map((hex) => {
    const { r, g, b: bl } = hexToRgb(hex);
    return toOklab({ mode: "rgb", r: r / 255, g: g / 255, b: bl / 255 });
  });
  return Math.hypot(x!.l - y!.l, x!.a - y!.a, x!.b - y!.b);
}

/** Below this OKLab distance two colours read as one: a primary this close to the text colour gives buttons and links nothing to stand out with. */
export const DISTINCT = 0.08;

/** OKLCH chroma of a colour: about 0 for greys, 0.1–0.3 for clear colours. */
export function chromaOf(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  return toOklch({ mode: "rgb", r: r / 255, g: g / 255, b: b / 255 }).c ?? 0;
}

/** Below this OKLCH chroma a colour reads as a grey. */
export const BUTTON_CHROMA = 0.06;

/**
 * Whether a primary colour reads as a button on the background: a clear
 * colour, or a neutral as strong as near-black on a light page (or
 * near-white on a dark one, 7:1). A mid grey (#9CA3AF, #64748B on white)
 * makes a button look disabled.
 */
export function readsAsButton(hex: string, background: string): boolean {
  return chromaOf(hex) >= BUTTON_CHROMA || contrastRatio(hex, background) >= AAA_TEXT;
}

/** The colour nearest to `hex` on which the button label (background or text colour, whichever reads better) reaches AA. */
function buttonReady(hex: string, palette: Palette): string {
  const candidates = [palette.background, palette.text].map((fg) => nearestPassingColor(hex, fg, AA_TEXT));
  return candidates.reduce((a, b) => (b.deltaL < a.deltaL ? b : a)).hex;
}

/**
 * A primary that works as one, for a palette whose primary looks like its
 * text or like a disabled grey: distinct from the text colour and the
 * background, and reading as a button (readsAsButton). The secondary or the
 * accent made ready for button text (the one that changes least), or else
 * the primary itself made lighter or darker, as little as makes it qualify
 * with a readable button label. Null when nothing qualifies (not met with
 * real palettes).
 */
function standoutPrimary(palette: Palette): string | null {
  const distinct = (hex: string) =>
    colourDistance(hex, palette.text) >= DISTINCT && colourDistance(hex, palette.background) >= DISTINCT && readsAsButton(hex, palette.background);
  const fromRoles = (["secondary", "accent"] as const)
    .map((role) => ({ hex: buttonReady(palette[role], palette), change: colourDistance(buttonReady(palette[role], palette), palette[role]) }))
    .filter((c) => distinct(c.hex))
    .sort((a, b) => a.change - b.change)[0];
  if (fromRoles) return fromRoles.hex;
  const { r, g, b } = hexToRgb(palette.primary);
  const base = toOklch({ mode: "rgb", r: r / 255, g: g / 255, b: b / 255 });
  for (let d = 0.02; d <= 1; d += 0.02) {
    for (const dir of [1, -1]) {
      const l = base.l + dir * d;
      if (l < 0 || l > 1) continue;
      const hex = formatHex(clampChroma({ mode: "oklch", l, c: base.c, h: base.h } satisfies Oklch, "oklch")).toUpperCase();
      if (distinct(hex) && contrastRatio(buttonTextColor({ ...palette, primary: hex }), hex) >= AA_TEXT) return hex;
    }
  }
  return null;
}

const NAMED: Record<string, string> = { "#FFFFFF": "white", "#000000": "black" };
const describe = (hex: string) => NAMED[hex.toUpperCase()] ?? hex.toUpperCase();

function adjustment(role: PaletteRole, from: string, to: string, purpose: string, was: number): PaletteAdjustment {
  const verb = relativeLuminance(to) < relativeLuminance(from) ? "Darkened" : "Lightened";
  return { role, from, to, reason: `${verb} from ${from} to ${to} so ${purpose} reaches ${formatRatio(AA_TEXT)} (was ${formatRatio(was)})` };
}

/**
 * Makes a proposed palette pass WCAG AA where it matters: text on the
 * background, and the button label (buttonTextColor) on the primary colour;
 * and gives a primary that looks like the text colour, or like a disabled
 * grey, one that stands out (standoutPrimary), so buttons and links read as
 * such.
 * The fix is the smallest OKLCH lightness change of one colour, keeping its
 * hue and chroma, so the brand still looks like the one proposed: the text
 * colour for the first pair, the primary for the second. Passing palettes come
 * back unchanged with no adjustments.
 */
export function fixPalette(input: Palette): { palette: Palette; adjustments: PaletteAdjustment[] } {
  const palette = { ...input };
  const adjustments: PaletteAdjustment[] = [];

  const textRatio = contrastRatio(palette.text, palette.background);
  if (textRatio < AA_TEXT) {
    const to = nearestPassingColor(palette.text, palette.background, AA_TEXT).hex;
    const on = NAMED[palette.background] ? `the ${describe(palette.background)} background` : `the background ${palette.background}`;
    adjustments.push(adjustment("text", palette.text, to, `text on ${on}`, textRatio));
    palette.text = to;
  }

  const label = buttonTextColor(palette);
  const buttonRatio = contrastRatio(label, palette.primary);
  if (buttonRatio < AA_TEXT) {
    // The label may be either colour: try the primary against both and keep the smaller change.
    const candidates = [palette.background, palette.text].map((fg) => ({ fg, ...nearestPassingColor(palette.primary, fg, AA_TEXT) }));
    const best = candidates.reduce((a, b) => (b.deltaL < a.deltaL ? b : a));
    const who = NAMED[best.fg] ? `${describe(best.fg)} button text` : `button text in ${best.fg}`;
    adjustments.push(adjustment("primary", palette.primary, best.hex, who, contrastRatio(best.fg, palette.primary)));
    palette.primary = best.hex;
  }

  // Last: its result keeps a readable button label, so fixing again changes nothing. One record per role: from the proposal to the result.
  const likeText = colourDistance(palette.primary, palette.text) < DISTINCT;
  if (likeText || !readsAsButton(palette.primary, palette.background)) {
    const to = standoutPrimary(palette);
    if (to) {
      const from = input.primary;
      const reason = likeText
        ? `Changed from ${from} to ${to} so buttons and links stand apart from the text colour ${palette.text}`
        : `Changed from ${from} to ${to} so buttons read as buttons: a grey this light looks disabled`;
      const at = adjustments.findIndex((x) => x.role === "primary");
      if (at >= 0) adjustments.splice(at, 1);
      adjustments.push({ role: "primary", from, to, reason });
      palette.primary = to;
    }
  }

  return { palette, adjustments };
}

export type RoleContrast = { role: PaletteRole; hex: string; rgb: Rgb; onBackground: number; onText: number };
export type ContrastPair = { foreground: PaletteRole; background: PaletteRole; ratio: number; level: "AAA" | "AA" };

/**
 * The contrast table the brand page shows (each role against background and
 * text) and every foreground/background pairing that passes AA for normal
 * text, best first, for the guidelines' "colour combinations" page. Both
 * orders of a pair are listed: text on a colour and that colour on text are
 * different designs.
 */
export function contrastPairs(palette: Palette): { roles: RoleContrast[]; passing: ContrastPair[] } {
  const roles = PALETTE_ROLES.map((role) => ({
    role,
    hex: palette[role],
    rgb: hexToRgb(palette[role]),
    onBackground: contrastRatio(palette[role], palette.background),
    onText: contrastRatio(palette[role], palette.text),
  }));
  const passing: ContrastPair[] = [];
  for (const background of PALETTE_ROLES) {
    for (const foreground of PALETTE_ROLES) {
      if (foreground === background) continue;
      const ratio = contrastRatio(palette[foreground], palette[background]);
      if (ratio >= AA_TEXT) passing.push({ foreground, background, ratio, level: ratio >= AAA_TEXT ? "AAA" : "AA" });
    }
  }
  passing.sort((a, b) => b.ratio - a.ratio);
  return { roles, passing };
}

/**
 * Naive device CMYK in whole percent, for the guidelines' "print" column. No
 * ICC profile: a printer will convert with its own, so this is a starting point.
 */
export function cmykApprox(hex: string): { c: number; m: number; y: number; k: number } {
  const { r, g, b } = hexToRgb(hex);
  const k = 1 - Math.max(r, g, b) / 255;
  if (k >= 1) return { c: 0, m: 0, y: 0, k: 100 };
  const part = (v: number) => Math.round(((1 - v / 255 - k) / (1 - k)) * 100);
  return { c: part(r), m: part(g), y: part(b), k: Math.round(k * 100) };
}
