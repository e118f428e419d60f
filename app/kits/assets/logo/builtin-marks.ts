import type { Mark } from "./mark";
import { MARK_ATTRIBUTE_ORDER } from "./sanitize";

/**
 * The offline logo marks: three geometric marks per brand, drawn from a pool
 * of designs that suits the brand's vibe (soft and round for cozy and playful,
 * sharp grids for corporate and tech, fine line work for editorial and
 * minimalist). Everything is seeded from sha256(seed), so a brand always gets
 * the same three marks and different brands usually get different ones.
 *
 * Marks are written in the sanitiser's canonical form (role tokens, attribute
 * order, number format) and use the roles in order of first appearance, so an
 * exported, painted mark read back by `sanitizeMarkSvg` gives the same body.
 * Strokes are at least 7 units of the 100-unit box: 1 px at 16 px.
 */

type Style = { weight: number; round: number; cap: "round" | "square" | "butt"; join: "round" | "miter" };
type Ctx = { rand: () => number; style: Style; vibe: Vibe; initial: string | null };
type Design = (ctx: Ctx) => { label: string; body: string };
type Vibe = "neon tech" | "minimalist" | "cozy" | "editorial" | "playful" | "corporate";

const P = "@primary";
const S = "@secondary";
const A = "@accent";
const BG = "@background";

const STYLES: Record<Vibe, Style> = {
  "neon tech": { weight: 9, round: 0.12, cap: "square", join: "miter" },
  corporate: { weight: 10, round: 0.1, cap: "butt", join: "miter" },
  minimalist: { weight: 7, round: 0.3, cap: "round", join: "round" },
  editorial: { weight: 7, round: 0, cap: "butt", join: "miter" },
  cozy: { weight: 11, round: 0.65, cap: "round", join: "round" },
  playful: { weight: 12, round: 0.8, cap: "round", join: "round" },
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

/** SHA-256 in plain TypeScript: the marks are also drawn in the browser, where node:crypto is not available. */
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

const range = (ctx: Ctx, min: number, max: number) => min + ctx.rand() * (max - min);
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

const stroke = (style: Style, color: string, width = style.weight): Attrs => ({
  fill: "none",
  stroke: color,
  "stroke-width": width,
  "stroke-linecap": style.cap,
  "stroke-linejoin": style.join,
});

const polar = (cx: number, cy: number, r: number, deg: number) => {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)] as const;
};

/** A circular arc from a0 to a1 degrees, clockwise on screen (0° = east). */
function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const [x0, y0] = polar(cx, cy, r, a0);
  const [x1, y1] = polar(cx, cy, r, a1);
  return `M${f(x0)} ${f(y0)} A${f(r)} ${f(r)} 0 ${a1 - a0 > 180 ? 1 : 0} 1 ${f(x1)} ${f(y1)}`;
}

const points = (pts: (readonly [number, number])[]) => pts.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
const rotate = (deg: number, cx = 50, cy = 50) => (Math.round(deg) === 0 ? undefined : `rotate(${f(Math.round(deg))} ${cx} ${cy})`);

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

/**
 * Letters are always drawn round: a butt end on a diagonal (A, V, K) is cut on
 * the slant and looks broken, and a mitred join on N, M, V or W spikes out.
 */
const letterStroke = (style: Style, color: string, width: number): Attrs => ({
  ...stroke(style, color, width),
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
});

/** The initial a monogram uses: the brand name's first Latin letter ("Ölberg" → O), if it has one. */
function initialOf(name: string | undefined): string | null {
  const first = (name ?? "").normalize("NFD").replace(/[^A-Za-z]/g, "").charAt(0).toUpperCase();
  return first && GLYPHS[first] ? first : null;
}

// ---------------------------------------------------------------- designs

const orbit: Design = (ctx) => {
  const tilt = -Math.round(range(ctx, 18, 30));
  const [rx, ry] = [40, Math.round(range(ctx, 10, 12))];
  const planet = Math.round(range(ctx, 21, 23));
  const w = Math.max(7, ctx.style.weight * 0.8);
  const at = (t: number) => [50 + rx * Math.cos((t * Math.PI) / 180), 50 + ry * Math.sin((t * Math.PI) / 180)] as const;
  /** The ellipse angle (0..90) where the ring comes within `dist` of the centre. */
  const within = (dist: number) => (Math.acos(Math.sqrt(Math.max(0, dist ** 2 - ry * ry) / (rx * rx - ry * ry))) * 180) / Math.PI;
  const ellipseArc = (t0: number, t1: number) => {
    const [[x0, y0], [x1, y1]] = [at(t0), at(t1)];
    return `M${f(x0)} ${f(y0)} A${rx} ${ry} 0 ${t1 - t0 > 180 ? 1 : 0} 1 ${f(x1)} ${f(y1)}`;
  };
  // Angles run clockwise from east, so 90 is the front of the ring and 270 its back.
  // The ring starts at the satellite (back right), sweeps round the front to the left tip, then
  // dives behind the planet: that last part is drawn before a second copy of the planet covers it.
  // (The planet comes first as well so the roles appear in order: primary, secondary, accent.)
  const satellite = 360 - within(planet + w / 2 + 3) + 14;
  const gap = within(planet + w / 2);
  const [sx, sy] = at(satellite);
  const ring = { ...stroke(ctx.style, S, w), "stroke-linecap": "round" };
  const disc = el("circle", { cx: 50, cy: 50, r: planet, fill: P });
  return {
    label: "Orbit",
    body: [
      disc,
      el("path", { d: ellipseArc(180, 270), ...ring, transform: rotate(tilt) }),
      disc,
      el("g", { transform: rotate(tilt) }, [
        // A background-coloured halo where the ring crosses the planet: a clean gap instead of an overlap.
        el("path", { d: ellipseArc(gap, 180 - gap), fill: "none", stroke: BG, "stroke-width": w + 4 }),
        el("path", { d: ellipseArc(satellite, 540), ...ring }),
        el("circle", { cx: sx, cy: sy, r: w * 0.5 + 4, fill: A }),
      ]),
    ].join(""),
  };
};

const stackedTiles: Design = (ctx) => {
  const s = 36;
  const o = (100 - 2 * s - 8) / 2;
  const rx = Math.round(s * ctx.style.round * 0.5) || undefined;
  const cells = [0, 1, 2, 3].map((i) => ({ i, x: o + (i % 2) * (s + 8), y: o + Math.floor(i / 2) * (s + 8) }));
  // A Bauhaus grid: two tiles, a quarter disc hinged on the centre and a disc, on diagonals.
  const q = cells[Math.floor(ctx.rand() * 4)]!;
  const disc = cells[3 - q.i]!;
  const tiles = cells.filter((c) => c !== q && c !== disc);
  const [cx, cy] = [q.i % 2 === 0 ? q.x + s : q.x, q.i < 2 ? q.y + s : q.y];
  const [ox, oy] = [q.i % 2 === 0 ? q.x : q.x + s, q.i < 2 ? q.y : q.y + s];
  const sweep = q.i === 0 || q.i === 3 ? 1 : 0;
  return {
    label: "Stacked tiles",
    body: [
      ...tiles.map((t) => el("rect", { x: t.x, y: t.y, width: s, height: s, rx, fill: P })),
      el("path", { d: `M${f(cx)} ${f(cy)} H${f(ox)} A${s} ${s} 0 0 ${sweep} ${f(cx)} ${f(oy)} Z`, fill: S }),
      el("circle", { cx: disc.x + s / 2, cy: disc.y + s / 2, r: s / 2, fill: A }),
    ].join(""),
  };
};
const risingBars: Design = (ctx) => {
  const n = pick(ctx, [3, 4]);
  const bw = n === 3 ? 18 : 14;
  const gap = n === 3 ? 9 : 7;
  const x0 = (100 - n * bw - (n - 1) * gap) / 2;
  const [base, low, high] = [87, 22, 50];
  const rx = Math.round(bw * ctx.style.round * 0.5) || undefined;
  const bars = Array.from({ length: n }, (_, i) => {
    const h = low + (i * (high - low)) / (n - 1);
    return el("rect", { x: x0 + i * (bw + gap), y: base - h, width: bw, height: h, rx, fill: i === n - 1 ? S : P });
  });
  // The dot rides above the tallest bar, a bar's width across, with a clear gap.
  const dot = el("circle", { cx: x0 + (n - 1) * (bw + gap) + bw / 2, cy: base - high - 6 - bw / 2, r: bw / 2, fill: A });
  return { label: "Rising bars", body: [...bars, dot].join("") };
};
const hexNode: Design = (ctx) => {
  const R = 40;
  const hex = Array.from({ length: 6 }, (_, i) => polar(50, 50, R, -90 + i * 60));
  const turn = pick(ctx, [0, 60]);
  const spokes = [90, 210, 330].map((a) => a + turn);
  const node = (a: number) => polar(50, 50, R * 0.5, a);
  return {
    label: "Hex node",
    body: [
      el("polygon", { points: points(hex), ...stroke(ctx.style, P), "stroke-linejoin": "miter" }),
      el("path", { d: spokes.map((a) => `M50 50 L${f(node(a)[0])} ${f(node(a)[1])}`).join(" "), ...stroke(ctx.style, S, 7), "stroke-linecap": "butt" }),
      ...spokes.map((a) => el("circle", { cx: node(a)[0], cy: node(a)[1], r: 6.5, fill: S })),
      el("circle", { cx: 50, cy: 50, r: 9, fill: A }),
    ].join(""),
  };
};

const chevrons: Design = (ctx) => {
  const n = pick(ctx, [2, 3]);
  const up = ctx.vibe === "corporate" ? ctx.rand() < 0.6 : ctx.rand() < 0.3;
  const w = ctx.style.weight * 1.2;
  const span = n === 2 ? 26 : 21;
  const x0 = 50 - ((n - 1) * span + 26) / 2;
  const lines = Array.from({ length: n }, (_, i) => {
    const x = x0 + i * span;
    return el("polyline", { points: points([[x, 22], [x + 26, 50], [x, 78]]), ...stroke(ctx.style, i === n - 1 ? S : P, w) });
  });
  return { label: up ? "Ascent" : "Forward", body: up ? el("g", { transform: "rotate(-90 50 50)" }, lines) : lines.join("") };
};
const monogramArc: Design = (ctx) => {
  const letter = GLYPHS[ctx.initial ?? "A"]!;
  const start = Math.round(range(ctx, -70, 10));
  const w = ctx.style.weight;
  const end = polar(50, 50, 42, start + 290);
  return {
    label: "Monogram arc",
    body: [
      el("path", { d: letter, ...letterStroke(ctx.style, P, Math.max(8, w + 1)) }),
      el("path", { d: arc(50, 50, 42, start, start + 290), ...stroke(ctx.style, S, w), "stroke-linecap": "round" }),
      el("circle", { cx: end[0], cy: end[1], r: w * 0.5 + 3.5, fill: A }),
    ].join(""),
  };
};

const monogramBadge: Design = (ctx) => {
  const letter = GLYPHS[ctx.initial ?? "A"]!;
  const rx = Math.round(40 * Math.min(1, ctx.style.round * 1.1));
  const badge = rx >= 40 ? el("circle", { cx: 50, cy: 50, r: 42, fill: P }) : el("rect", { x: 8, y: 8, width: 84, height: 84, rx: rx || undefined, fill: P });
  return { label: "Monogram badge", body: [badge, el("path", { d: letter, ...letterStroke(ctx.style, BG, 10) })].join("") };
};

const halfMoon: Design = (ctx) => {
  const turn = pick(ctx, [0, 45, 90, 135, 180, 225, 270, 315]);
  const w = ctx.style.weight;
  const inner = 40 - w - 5;
  return {
    label: "Half moon",
    body: el("g", { transform: rotate(turn) }, [
      el("circle", { cx: 50, cy: 50, r: 40 - w / 2, ...stroke(ctx.style, P) }),
      el("path", { d: `M50 ${f(50 - inner)} A${f(inner)} ${f(inner)} 0 0 1 50 ${f(50 + inner)} Z`, fill: S }),
    ]),
  };
};
const peaks: Design = (ctx) => {
  const sunX = pick(ctx, [30, 70]);
  const w = ctx.style.weight + 1;
  const ridge = sunX > 50 ? [[12, 78], [38, 40], [54, 60], [66, 48], [88, 78]] : [[12, 78], [34, 48], [46, 60], [62, 40], [88, 78]];
  return {
    label: "Peaks",
    body: [
      el("polyline", { points: points(ridge as [number, number][]), ...stroke(ctx.style, P, w), "stroke-linejoin": "round" }),
      el("circle", { cx: sunX, cy: 24, r: 8, fill: S }),
    ].join(""),
  };
};
const spark: Design = (ctx) => {
  const waist = ctx.vibe === "playful" ? 12 : ctx.vibe === "editorial" ? 4 : 8;
  const R = 40;
  const star = (cx: number, cy: number, r: number, k: number) =>
    `M${f(cx)} ${f(cy - r)} Q${f(cx + k)} ${f(cy - k)} ${f(cx + r)} ${f(cy)} Q${f(cx + k)} ${f(cy + k)} ${f(cx)} ${f(cy + r)} Q${f(cx - k)} ${f(cy + k)} ${f(cx - r)} ${f(cy)} Q${f(cx - k)} ${f(cy - k)} ${f(cx)} ${f(cy - r)} Z`;
  const small = pick(ctx, [
    [78, 22],
    [22, 22],
    [78, 78],
  ] as const);
  const soft = ctx.style.join === "round" ? { stroke: P, "stroke-width": 6, "stroke-linejoin": "round" as const } : {};
  return {
    label: "Spark",
    body: [
      el("path", { d: star(50, 50, R, waist), fill: P, ...soft }),
      el("path", { d: star(small[0], small[1], 12, waist * 0.3), fill: S, ...(soft.stroke ? { ...soft, stroke: S, "stroke-width": 4 } : {}) }),
    ].join(""),
  };
};

const rainbowArch: Design = (ctx) => {
  const w = ctx.style.weight + 1;
  const base = 80;
  const outer = 38 - w / 2;
  const inner = outer - w - 5;
  const sun = Math.max(7, inner - w / 2 - 5);
  const arch = (r: number) => `M${f(50 - r)} ${base} V${base - 10} A${f(r)} ${f(r)} 0 0 1 ${f(50 + r)} ${base - 10} V${base}`;
  return {
    label: "Hearth arch",
    body: [
      el("path", { d: arch(outer), ...stroke(ctx.style, P, w) }),
      el("path", { d: arch(inner), ...stroke(ctx.style, S, w) }),
      el("circle", { cx: 50, cy: base + w / 2 - sun, r: sun, fill: A }),
    ].join(""),
  };
};
const sprout: Design = (ctx) => {
  const leaf = (angle: number, len: number, fill: string) => {
    const r = len * 0.72;
    return el("path", { d: `M0 0 A${f(r)} ${f(r)} 0 0 1 ${f(len)} 0 A${f(r)} ${f(r)} 0 0 1 0 0 Z`, transform: `translate(50 58) rotate(${angle})`, fill });
  };
  const tilt = Math.round(range(ctx, -8, 8));
  return {
    label: "Sprout",
    body: el("g", { transform: rotate(tilt, 50, 86) }, [
      leaf(-150, 40, P),
      leaf(-30, 40, S),
      el("path", { d: "M50 86 V56", ...stroke(ctx.style, P, ctx.style.weight), "stroke-linecap": "round" }),
    ]),
  };
};

const bloom: Design = (ctx) => {
  const n = pick(ctx, [4, 5, 6]);
  const turn = Math.round(range(ctx, 0, 360 / n));
  const colors = [P, S];
  const petals = Array.from({ length: n }, (_, i) =>
    el("ellipse", { cx: 50, cy: 29, rx: n === 6 ? 13 : 15, ry: 21, transform: `rotate(${f(turn + (i * 360) / n)} 50 50)`, fill: colors[i % 2]!, "fill-opacity": 0.9 }),
  );
  return { label: "Bloom", body: [...petals, el("circle", { cx: 50, cy: 50, r: 10, fill: A })].join("") };
};

const sunrise: Design = (ctx) => {
  const r = Math.round(range(ctx, 26, 30));
  const horizon = 60;
  const w = ctx.style.weight;
  const bar = (y: number, half: number, color: string) => el("path", { d: `M${f(50 - half)} ${y} H${f(50 + half)}`, ...stroke(ctx.style, color, w), "stroke-linecap": "round" });
  return {
    label: "Sunrise",
    body: [
      el("path", { d: `M${50 - r} ${horizon} A${r} ${r} 0 0 1 ${50 + r} ${horizon} Z`, fill: P }),
      bar(horizon + w + 4, 38, S),
      bar(horizon + 2 * (w + 4), 24, S),
    ].join(""),
  };
};

const bubbles: Design = (ctx) => {
  const mirror = ctx.rand() < 0.5;
  const x = (v: number) => (mirror ? 100 - v : v);
  return {
    label: "Bubbles",
    body: [
      el("circle", { cx: x(40), cy: 58, r: 29, fill: P }),
      el("circle", { cx: x(74), cy: 30, r: 16, fill: S }),
      el("circle", { cx: x(78), cy: 74, r: 9, fill: A }),
    ].join(""),
  };
};

const pinwheel: Design = (ctx) => {
  const turn = pick(ctx, [0, 45]);
  const colors = [P, S, P, S];
  // Four half discs, each on a radius and bulging the same way round: a windmill, not a pie chart.
  const blade = (i: number) => el("path", { d: "M50 50 V14 A18 18 0 0 1 50 50 Z", transform: rotate(turn + i * 90), fill: colors[i]! });
  return { label: "Pinwheel", body: [0, 1, 2, 3].map(blade).join("") };
};
const link: Design = (ctx) => {
  const w = ctx.style.weight + 1;
  const [r, d] = [22, 14];
  // The rings cross at ±acos(d/r) on the first ring; re-drawing one crossing on top interlocks them.
  const cross = (Math.acos(d / r) * 180) / Math.PI;
  return {
    label: "Link",
    body: el("g", { transform: rotate(pick(ctx, [-45, 0, 45])) }, [
      el("circle", { cx: 50 - d, cy: 50, r, ...stroke(ctx.style, P, w) }),
      el("circle", { cx: 50 + d, cy: 50, r, ...stroke(ctx.style, S, w) }),
      el("path", { d: arc(50 - d, 50, r, -cross - 26, -cross + 26), ...stroke(ctx.style, P, w), "stroke-linecap": "butt" }),
    ]),
  };
};
const quote: Design = (ctx) => {
  // A closing quotation mark: two "9" shapes, a disc with a tapering tail.
  const comma = (cx: number, color: string) => {
    const [cy, r] = [40, 13];
    const tail = `M${cx + r} ${cy} C${cx + r} ${cy + 20} ${cx + 2} ${cy + 32} ${cx - 9} ${cy + 34} C${cx - 2} ${cy + 26} ${cx + 2} ${cy + 18} ${cx} ${cy + r} Z`;
    return [el("circle", { cx, cy, r, fill: color }), el("path", { d: tail, fill: color })];
  };
  const lean = Math.round(range(ctx, -6, 0));
  return { label: "Quote", body: el("g", { transform: rotate(lean) }, [...comma(33, P), ...comma(67, S)]) };
};

const columns: Design = (ctx) => {
  const n = pick(ctx, [3, 4]);
  const bw = n === 3 ? 14 : 10;
  const gap = (64 - n * bw) / (n - 1);
  const bars = Array.from({ length: n }, (_, i) => el("rect", { x: 18 + i * (bw + gap), y: 30, width: bw, height: 44, fill: P }));
  return {
    label: "Columns",
    body: [...bars, el("path", { d: "M12 19 H88 M12 85 H88", fill: "none", stroke: S, "stroke-width": 7 })].join(""),
  };
};
const POOLS: Record<Vibe, Design[]> = {
  "neon tech": [hexNode, chevrons, stackedTiles, orbit, monogramBadge],
  corporate: [stackedTiles, risingBars, chevrons, link, monogramBadge],
  minimalist: [halfMoon, peaks, orbit, monogramArc, link],
  editorial: [spark, halfMoon, quote, monogramArc, columns],
  cozy: [rainbowArch, sprout, bloom, sunrise, monogramBadge],
  playful: [bloom, bubbles, pinwheel, spark, monogramBadge, orbit],
};

const isVibe = (v: string): v is Vibe => Object.hasOwn(STYLES, v);

/**
 * Three different marks for a brand. `seed` picks and varies the designs; an
 * unknown vibe draws minimalist marks. Monograms are in the pool only when
 * `opts.name` (the brand name) is given, since a seed is not a name to spell.
 */
export function builtinMarks(seed: string, vibe: string, opts: { name?: string } = {}): [Mark, Mark, Mark] {
  const v: Vibe = isVibe(vibe) ? vibe : "minimalist";
  const ctx: Ctx = { rand: prng(`${v}\n${seed}`), style: STYLES[v], vibe: v, initial: initialOf(opts.name) };
  const pool = POOLS[v].filter((d) => ctx.initial || (d !== monogramArc && d !== monogramBadge));
  // Fisher-Yates with the seeded generator, then the first three designs.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const marks = pool.slice(0, 3).map((design): Mark => ({ viewBox: "0 0 100 100", source: "builtin", ...design(ctx) }));
  return [marks[0]!, marks[1]!, marks[2]!];
}
