import type { Mark } from "./mark";
import { GENERIC_MOTIFS, iconNodes, isMotif, motifWords, type IconNode } from "./motifs.server";
import { MARK_ATTRIBUTE_ORDER } from "./sanitize";

/**
 * The offline logo marks: three marks per brand composed from motifs, icons
 * of the Tabler set chosen for the business (motifs.server.ts): the motif in a
 * container (circle, rounded tile, shield, seal, hexagon, ring, soft tile), a
 * monogram of the brand's initial with the motif, and the motif on its own to
 * stand beside the wordmark. The vibe picks the containers and the weight of
 * the line; everything is seeded from sha256(seed), so a brand always gets the
 * same three marks and different brands usually get different ones.
 *
 * The icons stay strokes (Tabler's round caps and joins, the width written
 * out on the icon's group) so resvg, browsers and the PDF drawing
 * (app/platform/pdf/svg.server.ts) render them alike. Marks are written in the
 * sanitiser's canonical form (role tokens, attribute order, number format)
 * and use the roles in order of first appearance, so an exported, painted
 * mark read back by `sanitizeMarkSvg` gives the same body.
 */

type Vibe = "neon tech" | "minimalist" | "cozy" | "editorial" | "playful" | "corporate";
/** `weight`: the icon's stroke width on its 24-unit grid (Tabler draws at 2). `radius`: the corner of tiles, in units of the 100-unit box. */
type Style = { weight: number; radius: number };
type Ctx = { rand: () => number; style: Style; vibe: Vibe; initial: string | null; knock: string };
/** A motif: an icon's name and its drawing. */
export type Motif = { name: string; nodes: IconNode[] };
type Design = { id: string; label: (motif: string) => string; draw: (ctx: Ctx, motif: Motif) => string };

const P = "@primary";

const STYLES: Record<Vibe, Style> = {
  "neon tech": { weight: 2, radius: 18 },
  corporate: { weight: 2, radius: 16 },
  minimalist: { weight: 1.75, radius: 22 },
  editorial: { weight: 1.75, radius: 6 },
  cozy: { weight: 2.25, radius: 28 },
  playful: { weight: 2.5, radius: 32 },
};

// ---------------------------------------------------------------- seeding

/** The SHA-256 constants are the fractional bits of the first 64 primes' cube roots (and 8 square roots). */
const PRIMES = ((out: number[]) => {
  for (let n = 2; out.length < 64; n++) if (out.every((p) => n % p !== 0)) out.push(n);
  return out;
})([]);
const frac32 = (x: number) => Math.floor((x - Math.floor(x)) * 2 ** 32) >>> 0;
const SHA_K = Uint32Array.from(PRIMES, (p) => frac32(Math.cbrt(p)));
const SHA_H = Uint32Array.from(PRIMES.slice(0, 8), (p) => frac32(Math.sqrt(p)));

/** SHA-256 in plain TypeScript (the same bytes as node:crypto, tested), so this drawing code needs nothing from Node. */
export function sha256(text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  const total = Math.ceil((data.length + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(data);
  buf[data.length] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor((data.length * 8) / 2 ** 32));
  view.setUint32(total - 4, (data.length * 8) >>> 0);
  const h = SHA_H.slice();
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] = w[i - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let [a, b, c, d, e, f, g, k] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 = (k! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + SHA_K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!))) >>> 0;
      [k, g, f, e, d, c, b, a] = [g, f, e, (d! + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, k].forEach((v, i) => (h[i] = h[i]! + v!));
  }
  const out = new Uint8Array(32);
  h.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

/** sfc32 seeded with the first 16 bytes of the hash: small, fast and well mixed. */
function prng(seed: string): () => number {
  const v = new DataView(sha256(seed).buffer);
  let [a, b, c, d] = [0, 4, 8, 12].map((o) => v.getUint32(o));
  return () => {
    const t = (((a! + b!) | 0) + d!) | 0;
    d = (d! + 1) | 0;
    a = b! ^ (b! >>> 9);
    b = (c! + (c! << 3)) | 0;
    c = (c! << 21) | (c! >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 2 ** 32;
  };
}

const pick = <T>(ctx: Ctx, items: readonly T[]): T => items[Math.floor(ctx.rand() * items.length)]!;

// ---------------------------------------------------------------- drawing

/** Two decimals, never "-0": the sanitiser's number form for these values. */
const f = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
};

type Attrs = Record<string, string | number | undefined>;

function el(name: string, attrs: Attrs, children?: string[]): string {
  const text = MARK_ATTRIBUTE_ORDER.filter((k) => attrs[k] !== undefined)
    .map((k) => ` ${k}="${typeof attrs[k] === "number" ? f(attrs[k]) : attrs[k]}"`)
    .join("");
  return children ? `<${name}${text}>${children.join("")}</${name}>` : `<${name}${text}/>`;
}

const polar = (cx: number, cy: number, r: number, deg: number) => {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)] as const;
};


// ---------------------------------------------------------------- letters

/**
 * A geometric monoline alphabet for monograms, drawn as strokes on the
 * 100-unit grid: cap height 40 (y 30 to 70), centred on x 50. Built from
 * shapes, never <text>, so it needs no font and survives sanitising.
 */
const GLYPHS: Record<string, string> = {
  A: "M33 70 L50 30 L67 70 M39.38 55 H60.62",
  B: "M37 70 V30 H51 A10 10 0 0 1 51 50 H37 M51 50 H53 A10 10 0 0 1 53 70 H37",
  C: "M65.56 37.27 A20 20 0 1 0 65.56 62.73",
  D: "M37 30 V70 H45 A20 20 0 0 0 45 30 Z",
  E: "M64 30 H37 V70 H64 M37 50 H59",
  F: "M64 30 H37 V70 M37 50 H59",
  G: "M65.56 37.27 A20 20 0 1 0 70 50 H53",
  H: "M35 30 V70 M65 30 V70 M35 50 H65",
  I: "M50 30 V70",
  J: "M60 30 V56 A12 12 0 0 1 36 56",
  K: "M37 30 V70 M64 30 L37 55 M46.5 46.2 L64 70",
  L: "M38 30 V70 H63",
  M: "M32 70 V30 L50 58 L68 30 V70",
  N: "M35 70 V30 L65 70 V30",
  O: "M30 50 A20 20 0 1 0 70 50 A20 20 0 1 0 30 50 Z",
  P: "M37 70 V30 H52 A11 11 0 0 1 52 52 H37",
  Q: "M30 50 A20 20 0 1 0 70 50 A20 20 0 1 0 30 50 Z M57 57 L69 69",
  R: "M37 70 V30 H52 A11 11 0 0 1 52 52 H37 M50 52 L64 70",
  S: "M61.26 35 A13 10 0 1 0 50 50 A13 10 0 1 1 38.74 65",
  T: "M33 30 H67 M50 30 V70",
  U: "M36 30 V54 A14 14 0 0 0 64 54 V30",
  V: "M33 30 L50 70 L67 30",
  W: "M28 30 L39 70 L50 38 L61 70 L72 30",
  X: "M35 30 L65 70 M65 30 L35 70",
  Y: "M34 30 L50 51 L66 30 M50 51 V70",
  Z: "M35 30 H65 L35 70 H65",
};

/** The initial a monogram uses: the brand name's first Latin letter ("Ölberg" → O), if it has one. */
function initialOf(name: string | undefined): string | null {
  const first = (name ?? "").normalize("NFD").replace(/[^A-Za-z]/g, "").charAt(0).toUpperCase();
  return first && GLYPHS[first] ? first : null;
}

// ---------------------------------------------------------------- motifs and letters in place

/**
 * The icon drawn at `size` (its 24-unit grid scaled to it) centred on
 * (cx, cy): a group carrying the stroke, round caps and joins, and the
 * icon's paths. The few Tabler paths that are filled dots keep their fill.
 */
function motifAt(motif: Motif, cx: number, cy: number, size: number, color: string, weight: number): string {
  const k = size / 24;
  const paths = motif.nodes.map((n) => el("path", { d: n.d, fill: n.fill ? color : undefined, stroke: n.stroke === false ? "none" : undefined }));
  return el(
    "g",
    {
      transform: `translate(${f(cx - 12 * k)} ${f(cy - 12 * k)}) scale(${f(k)})`,
      fill: "none",
      stroke: color,
      "stroke-width": weight,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    },
    paths,
  );
}

/** The monogram letter, `height` tall (cap height) centred on (cx, cy), its line `width` wide in box units. */
function letterAt(letter: string, cx: number, cy: number, height: number, color: string, width: number): string {
  const s = height / 40;
  return el("path", {
    d: GLYPHS[letter]!,
    transform: `translate(${f(cx - 50 * s)} ${f(cy - 50 * s)}) scale(${f(s)})`,
    fill: "none",
    stroke: color,
    "stroke-width": width / s,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
}

/** The icon's line width in box units when drawn at `size`. */
const lineAt = (ctx: Ctx, size: number) => (ctx.style.weight * size) / 24;

// ---------------------------------------------------------------- containers

/** A closed outline through `pts` with every corner rounded by `r` (quadratic corners): soft polygons, shields. */
function roundedPolygon(pts: (readonly [number, number])[], r: number): string {
  const n = pts.length;
  const at = (i: number) => pts[((i % n) + n) % n]!;
  const toward = (a: readonly [number, number], b: readonly [number, number], d: number) => {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const t = Math.min(0.5, d / len);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as const;
  };
  let d = "";
  for (let i = 0; i < n; i++) {
    const [p, prev, next] = [at(i), at(i - 1), at(i + 1)];
    const a = toward(p, prev, r);
    const b = toward(p, next, r);
    d += `${i === 0 ? "M" : "L"}${f(a[0])} ${f(a[1])} Q${f(p[0])} ${f(p[1])} ${f(b[0])} ${f(b[1])} `;
  }
  return `${d.trim()} Z`;
}

const ring = (n: number, r: number, turn: number) => Array.from({ length: n }, (_, i) => polar(50, 50, r, turn + (i * 360) / n));

/** A rosette: a disc with `n` shallow scallops, the edge of a seal or a stamp. */
function sealPath(n: number, r: number): string {
  const pts = ring(n, r, -90);
  const chord = 2 * r * Math.sin(Math.PI / n);
  const arcR = chord * 0.72;
  return `M${f(pts[0]![0])} ${f(pts[0]![1])} ${pts.map((_, i) => `A${f(arcR)} ${f(arcR)} 0 0 1 ${f(pts[(i + 1) % n]![0])} ${f(pts[(i + 1) % n]![1])}`).join(" ")} Z`;
}

const SHIELD: (readonly [number, number])[] = [
  [50, 5],
  [88, 17],
  [86, 56],
  [50, 95],
  [14, 56],
  [12, 17],
];

const title = (motif: string) => {
  const w = motifWords(motif);
  return w.charAt(0).toUpperCase() + w.slice(1);
};

const circle: Design = {
  id: "circle",
  label: (m) => `${title(m)} in a circle`,
  draw: (ctx, m) => el("circle", { cx: 50, cy: 50, r: 46, fill: P }) + motifAt(m, 50, 50, 60, ctx.knock, ctx.style.weight),
};

const tile: Design = {
  id: "tile",
  label: (m) => `${title(m)} tile`,
  draw: (ctx, m) => el("rect", { x: 5, y: 5, width: 90, height: 90, rx: ctx.style.radius, fill: P }) + motifAt(m, 50, 50, 60, ctx.knock, ctx.style.weight),
};

const shield: Design = {
  id: "shield",
  label: (m) => `${title(m)} shield`,
  draw: (ctx, m) => el("path", { d: roundedPolygon(SHIELD, 9), fill: P }) + motifAt(m, 50, 45, 50, ctx.knock, ctx.style.weight),
};

const hexagon: Design = {
  id: "hexagon",
  label: (m) => `${title(m)} hexagon`,
  draw: (ctx, m) => el("path", { d: roundedPolygon(ring(6, 48, -90), 8), fill: P }) + motifAt(m, 50, 50, 54, ctx.knock, ctx.style.weight),
};

const seal: Design = {
  id: "seal",
  label: (m) => `${title(m)} seal`,
  draw: (ctx, m) => el("path", { d: sealPath(ctx.vibe === "playful" ? 12 : 18, 44), fill: P }) + motifAt(m, 50, 50, 54, ctx.knock, ctx.style.weight),
};

/** Line work: the motif inside a ring of the same weight. */
const outline: Design = {
  id: "ring",
  label: (m) => `${title(m)} ring`,
  draw: (ctx, m) => {
    const w = lineAt(ctx, 52);
    return motifAt(m, 50, 50, 52, P, ctx.style.weight) + el("circle", { cx: 50, cy: 50, r: 47 - w / 2, fill: "none", stroke: P, "stroke-width": w });
  },
};

/** The motif on a tint of its own colour: works on light and dark surfaces alike. */
const soft: Design = {
  id: "soft",
  label: (m) => `${title(m)} soft tile`,
  draw: (ctx, m) =>
    el("rect", { x: 5, y: 5, width: 90, height: 90, rx: Math.max(ctx.style.radius, 14), fill: P, "fill-opacity": 0.16 }) +
    motifAt(m, 50, 50, 62, P, ctx.style.weight),
};

/** The motif alone on a tint of its colour set off its centre: the mark to stand beside the name. */
const emblem: Design = {
  id: "emblem",
  label: (m) => `${title(m)} emblem`,
  draw: (ctx, m) => el("circle", { cx: 58, cy: 42, r: 36, fill: P, "fill-opacity": 0.16 }) + motifAt(m, 46, 54, 80, P, ctx.style.weight),
};

/** The initial on the primary colour, the motif on a disc at its foot: the monogram. */
const monogram: Design = {
  id: "monogram",
  label: (m) => `Monogram with ${motifWords(m)}`,
  draw: (ctx, m) => {
    const letter = ctx.initial ?? "A";
    const round = ctx.style.radius >= 24 || ctx.vibe === "minimalist";
    const base = round ? el("circle", { cx: 42, cy: 42, r: 38, fill: P }) : el("rect", { x: 4, y: 4, width: 76, height: 76, rx: ctx.style.radius * 0.8, fill: P });
    const badge = [
      el("circle", { cx: 74, cy: 74, r: 24, fill: ctx.knock }),
      el("circle", { cx: 74, cy: 74, r: 19.5, fill: P }),
      motifAt(m, 74, 74, 25, ctx.knock, ctx.style.weight * 1.1),
    ];
    return base + letterAt(letter, 42, 42, 34, ctx.knock, Math.max(6, lineAt(ctx, 60))) + badge.join("");
  },
};

const POOLS: Record<Vibe, Design[]> = {
  "neon tech": [hexagon, tile, outline, soft],
  corporate: [shield, tile, circle, outline],
  minimalist: [outline, circle, soft, tile],
  editorial: [tile, outline, circle, soft],
  cozy: [circle, seal, soft, tile],
  playful: [seal, tile, circle, soft],
};

const isVibe = (v: string): v is Vibe => Object.hasOwn(STYLES, v);

/** The ways a motif is composed into a mark, by the name a model may ask for. */
const DESIGNS = [circle, tile, shield, hexagon, seal, outline, soft, emblem, monogram];
export const MARK_DESIGNS = DESIGNS.map((d) => d.id);

/** The design a builtin mark was composed with, read back from its label. */
export function markDesign(mark: Mark): string | null {
  return DESIGNS.find((d) => mark.motif && d.label(mark.motif) === mark.label)?.id ?? null;
}

function context(seed: string, vibe: string, opts: { name?: string; knock?: "@background" | "@text" }): Ctx {
  const v: Vibe = isVibe(vibe) ? vibe : "minimalist";
  return { rand: prng(`${v}\n${seed}`), style: STYLES[v], vibe: v, initial: initialOf(opts.name), knock: opts.knock ?? "@background" };
}

const markOf = (ctx: Ctx, design: Design, motif: Motif, label = design.label(motif.name)): Mark => ({
  viewBox: "0 0 100 100",
  source: "builtin",
  label: label.slice(0, 60),
  motif: motif.name,
  body: design.draw(ctx, motif),
});

/**
 * Three different marks for a brand. `opts.motifs`: icon names best first
 * (the understanding of the idea, then the tag matcher); names not in the set
 * are skipped, and with none left a seed picks a generic motif. The first
 * mark always draws the first motif in a container (the concept art shows
 * it); the second is the monogram when `opts.name` (the brand name) has a
 * Latin initial, since a seed is not a name to spell; the third draws the
 * next motif alone or in another container. `opts.knock`: the role drawn on
 * the primary colour (default "@background").
 */
export function builtinMarks(
  seed: string,
  vibe: string,
  opts: { name?: string; motifs?: readonly string[]; knock?: "@background" | "@text" } = {},
): [Mark, Mark, Mark] {
  const ctx = context(seed, vibe, opts);
  const motifs = motifsToDraw(ctx, opts.motifs ?? []);
  const [first, ...rest] = motifs;
  const second = rest[0] ?? first!;
  const pool = POOLS[ctx.vibe];
  const a = pick(ctx, pool.slice(0, 2));
  const others = [...pool.filter((d) => d !== a), emblem];
  const b = pick(ctx, others);
  return [
    markOf(ctx, a, first!),
    ctx.initial ? markOf(ctx, monogram, first!) : markOf(ctx, others.find((d) => d !== b)!, second),
    markOf(ctx, b, second),
  ];
}

/**
 * One mark of `motif` composed as `design` (one of MARK_DESIGNS), for a
 * model's choice; an unknown design is the vibe's first, a monogram without
 * a Latin initial too. Null when `motif` is not an icon of the motif set.
 */
export function motifMark(
  design: string,
  motif: string,
  vibe: string,
  opts: { name?: string; knock?: "@background" | "@text"; label?: string } = {},
): Mark | null {
  if (!isMotif(motif)) return null;
  const nodes = iconNodes([motif]).get(motif);
  if (!nodes) return null;
  const ctx = context(motif, vibe, opts);
  let chosen = DESIGNS.find((d) => d.id === design) ?? POOLS[ctx.vibe][0]!;
  if (chosen === monogram && !ctx.initial) chosen = POOLS[ctx.vibe][0]!;
  return markOf(ctx, chosen, { name: motif, nodes }, opts.label?.trim() || undefined);
}

/** The motifs with their drawings, in order; at least one (a generic motif the seed picks). */
function motifsToDraw(ctx: Ctx, names: readonly string[]): Motif[] {
  const wanted = [...new Set(names)].filter(isMotif).slice(0, 6);
  const fallback = GENERIC_MOTIFS[Math.floor(ctx.rand() * GENERIC_MOTIFS.length)]!;
  const drawn = iconNodes([...wanted, fallback]);
  const motifs = wanted.flatMap((name) => (drawn.has(name) ? [{ name, nodes: drawn.get(name)! }] : []));
  return motifs.length ? motifs : [{ name: fallback, nodes: drawn.get(fallback)! }];
}
