import { converter, differenceEuclidean, parse as parseColor, formatHex } from "culori";
import { XMLParser } from "fast-xml-parser";
import { MarkSchema, type Mark } from "./mark";

/**
 * Turns a text model's SVG answer into a Mark. The answer is untrusted: it is
 * served to browsers and rasterised on the server, so nothing of it is passed
 * through. It is parsed by a real XML parser, every element and attribute is
 * checked against a whitelist and re-validated value by value, and the body is
 * re-serialised here from the validated values only (so quirks of the input,
 * entities, odd quoting, comments, CDATA, cannot reach the output).
 *
 * Colours become palette role tokens so the mark follows the brand. The SVG
 * default fill (black) is never left implicit, see `defaultFill`.
 */

export type SanitizeResult =
  | { ok: true; mark: Mark; /** What was removed, for logs: "<script>", "attribute onload"... */ dropped: string[] }
  | { ok: false; reason: string };

const MAX_INPUT_CHARS = 200 * 1024;
const MAX_ELEMENTS = 200;
const MAX_DEPTH = 8;
const MAX_BODY_CHARS = 60_000;
const MAX_PATH_CHARS = 20_000;
const MAX_COORD = 1e6;
const MAX_PARSE_TRIES = 6;
const SVG_NS = "http://www.w3.org/2000/svg";

const SHAPE_GEOMETRY = {
  path: ["d"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  rect: ["x", "y", "width", "height", "rx", "ry"],
  line: ["x1", "y1", "x2", "y2"],
  polyline: ["points"],
  polygon: ["points"],
} as const;
type ShapeName = keyof typeof SHAPE_GEOMETRY;
type ElementName = ShapeName | "g";

const PRESENTATION = [
  "transform",
  "fill",
  "fill-rule",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "clip-rule",
  "opacity",
] as const;

/** Output order of attributes: geometry first, then paint; the same input always gives the same bytes. */
export const MARK_ATTRIBUTE_ORDER: readonly string[] = ["d", "points", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", ...PRESENTATION];
/** Lower-cased name → canonical name, so `FILL` or `viewbox` from a sloppy model still read right. */
const CANONICAL = new Map(MARK_ATTRIBUTE_ORDER.map((name) => [name.toLowerCase(), name]));

const isShape = (name: string): name is ShapeName => Object.hasOwn(SHAPE_GEOMETRY, name);
const allowedOn = (element: ElementName, attr: string) =>
  (PRESENTATION as readonly string[]).includes(attr) || (element !== "g" && (SHAPE_GEOMETRY[element] as readonly string[]).includes(attr));

// ---------------------------------------------------------------- values

type ViewBox = { x: number; y: number; w: number; h: number };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function toNumber(raw: string): number | null {
  if (!NUMBER.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= MAX_COORD ? n : null;
}

/** Rounded to 4 decimals and never in exponent form (the Mark viewBox pattern has none). */
function fmt(n: number): string {
  const rounded = Math.round(n * 1e4) / 1e4;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

const HORIZONTAL = new Set(["x", "cx", "x1", "x2", "width", "rx"]);
const VERTICAL = new Set(["y", "cy", "y1", "y2", "height", "ry"]);
const NON_NEGATIVE = new Set(["width", "height", "r", "rx", "ry"]);

/** A coordinate or length: a number, "12px", or a percentage of the viewBox (models like width="100%" backgrounds). */
function readLength(attr: string, raw: string, vb: ViewBox): string | null {
  let n: number | null;
  if (raw.endsWith("%")) {
    const pct = toNumber(raw.slice(0, -1));
    if (pct === null) return null;
    const base = HORIZONTAL.has(attr) ? vb.w : VERTICAL.has(attr) ? vb.h : Math.sqrt((vb.w ** 2 + vb.h ** 2) / 2);
    n = (pct / 100) * base;
  } else {
    n = toNumber(raw.replace(/px$/i, ""));
  }
  if (n === null || Math.abs(n) > MAX_COORD || (NON_NEGATIVE.has(attr) && n < 0)) return null;
  return fmt(n);
}

const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9.,+\-eE \t\r\n]+$/;

function readPathData(raw: string): string | null {
  if (!PATH_DATA.test(raw) || !/^[Mm]/.test(raw) || !/\d/.test(raw)) return null;
  return raw.replace(/\s+/g, " ");
}

function readPoints(raw: string): string | null {
  const parts = raw.split(/[\s,]+/).map(toNumber);
  if (parts.length < 4 || parts.length % 2 !== 0 || parts.some((n) => n === null)) return null;
  const pairs: string[] = [];
  for (let i = 0; i < parts.length; i += 2) pairs.push(`${fmt(parts[i]!)},${fmt(parts[i + 1]!)}`);
  return pairs.join(" ");
}

const TRANSFORM_ARITY: Record<string, { name: string; counts: number[] }> = {
  translate: { name: "translate", counts: [1, 2] },
  scale: { name: "scale", counts: [1, 2] },
  rotate: { name: "rotate", counts: [1, 3] },
  matrix: { name: "matrix", counts: [6] },
  skewx: { name: "skewX", counts: [1] },
  skewy: { name: "skewY", counts: [1] },
};

function readTransform(raw: string): string | null {
  const step = /\s*([a-zA-Z]+)\s*\(([^()]*)\)\s*,?/y;
  const out: string[] = [];
  while (step.lastIndex < raw.length) {
    const m = step.exec(raw);
    if (!m || out.length >= 16) return null;
    const fn = TRANSFORM_ARITY[m[1]!.toLowerCase()];
    const args = m[2]!.trim().split(/[\s,]+/).map(toNumber);
    if (!fn || !fn.counts.includes(args.length) || args.some((n) => n === null)) return null;
    out.push(`${fn.name}(${args.map((n) => fmt(n!)).join(" ")})`);
  }
  return out.length ? out.join(" ") : null;
}

function readUnit(raw: string): string | null {
  const n = toNumber(raw);
  return n !== null && n >= 0 && n <= 1 ? fmt(n) : null;
}

const KEYWORDS: Record<string, readonly string[]> = {
  "stroke-linecap": ["butt", "round", "square"],
  "stroke-linejoin": ["miter", "round", "bevel"],
  "fill-rule": ["nonzero", "evenodd"],
  "clip-rule": ["nonzero", "evenodd"],
};

/** Named colours a model plausibly writes for a logo; anything fancier should be hex. */
const NAMED_COLORS = new Set(
  "black white red green blue yellow orange purple pink gray grey navy teal cyan magenta lime maroon olive silver gold indigo violet brown crimson coral turquoise".split(
    " ",
  ),
);
const RGB = /^rgb\(\s*[\d.]+%?\s*(?:,\s*|\s+)[\d.]+%?\s*(?:,\s*|\s+)[\d.]+%?\s*\)$/i;

/** A colour value as "#rrggbb", "none" or "current"; null when it is not one we accept. */
function readColor(raw: string): string | null {
  const v = raw.toLowerCase();
  if (v === "none") return "none";
  if (v === "currentcolor") return "current";
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(v) && !RGB.test(v) && !NAMED_COLORS.has(v)) return null;
  const parsed = parseColor(v);
  return parsed ? formatHex(parsed) : null;
}

// ---------------------------------------------------------------- parsing

type XNode = Record<string, unknown>;
type Attrs = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Entities are never expanded: "&#106;avascript:" stays inert text and fails every value check.
  processEntities: false,
  htmlEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: false,
  allowBooleanAttributes: false,
});

const tagOf = (node: XNode) => Object.keys(node).find((k) => k !== ":@");
const childrenOf = (node: XNode, tag: string): XNode[] => (Array.isArray(node[tag]) ? (node[tag] as XNode[]) : []);
const attrsOf = (node: XNode): Attrs => (node[":@"] && typeof node[":@"] === "object" ? (node[":@"] as Attrs) : {});

function attr(attrs: Attrs, name: string): string | undefined {
  for (const [k, v] of Object.entries(attrs)) if (k.toLowerCase() === name && typeof v === "string") return v.trim();
  return undefined;
}

/**
 * The <svg> elements a model's answer may hold: models wrap it in ```svg
 * fences or prose, and the prose may itself mention "<svg>". Slices from each
 * "<svg" to each "</svg>" are parsed in order (a bounded number of them); the
 * caller keeps the first that gives a mark.
 */
function* svgCandidates(input: string): Generator<{ root: XNode; tag: string } | { error: string }> {
  const starts = [...input.matchAll(/<svg[\s>/]/gi)].map((m) => m.index);
  const ends = [...input.matchAll(/<\/svg\s*>/gi)].map((m) => m.index + m[0].length);
  let tries = 0;
  for (const start of starts) {
    for (const end of ends) {
      if (end <= start) continue;
      if (++tries > MAX_PARSE_TRIES) return;
      try {
        const doc = parser.parse(input.slice(start, end), true) as XNode[];
        const root = doc.find((n) => tagOf(n)?.toLowerCase() === "svg");
        if (root) yield { root, tag: tagOf(root)! };
      } catch (e) {
        yield { error: `not well-formed XML: ${e instanceof Error ? e.message.slice(0, 120) : "parse error"}` };
      }
    }
  }
}

function readViewBox(attrs: Attrs): ViewBox | null {
  const raw = attr(attrs, "viewbox");
  if (raw !== undefined) {
    const nums = raw.split(/[\s,]+/).map(toNumber);
    if (nums.length !== 4 || nums.some((n) => n === null)) return null;
    const [x, y, w, h] = nums as number[];
    return w! >= 1e-3 && h! >= 1e-3 ? { x: x!, y: y!, w: w!, h: h! } : null;
  }
  const w = toNumber(attr(attrs, "width")?.replace(/px$/i, "") ?? "");
  const h = toNumber(attr(attrs, "height")?.replace(/px$/i, "") ?? "");
  return w !== null && h !== null && w >= 1e-3 && h >= 1e-3 ? { x: 0, y: 0, w, h } : null;
}

/** id → colour of the first <stop> of each gradient, so fill="url(#g)" can keep its look as a plain colour. */
function gradientColors(root: XNode): Map<string, string> {
  const found = new Map<string, string>();
  let budget = 5_000;
  const firstStop = (nodes: XNode[]): string | null => {
    for (const n of nodes) {
      const tag = tagOf(n);
      if (tag?.toLowerCase() !== "stop") continue;
      const color = readColor(attr(attrsOf(n), "stop-color") ?? "");
      if (color?.startsWith("#")) return color;
    }
    return null;
  };
  const visit = (nodes: XNode[]) => {
    for (const n of nodes) {
      if (--budget < 0) return;
      const tag = tagOf(n);
      if (!tag || tag.startsWith("#")) continue;
      const id = attr(attrsOf(n), "id");
      if (/^(linear|radial)gradient$/i.test(tag) && id) {
        const color = firstStop(childrenOf(n, tag));
        if (color && !found.has(id)) found.set(id, color);
      } else {
        visit(childrenOf(n, tag));
      }
    }
  };
  visit(childrenOf(root, tagOf(root)!));
  return found;
}

// ---------------------------------------------------------------- tree

/** A kept element, colours still as "#rrggbb" / "none" / "current" until roles are given out. */
type Out = { name: ElementName; attrs: Map<string, string>; children: Out[] };
type Paint = { fill?: string; stroke?: string };

type Ctx = { vb: ViewBox; gradients: Map<string, string>; kept: number; dropped: Set<string> };

const DANGEROUS_VALUE = /url\s*\(|javascript:|data:|[&\\<>"]/i;

/** The validated attributes of one element; `fillWasInvalid` tells a failed fill from an absent one. */
function cleanAttributes(element: ElementName, raw: Attrs, ctx: Ctx) {
  const attrs = new Map<string, string>();
  let fillWasInvalid = false;
  for (const [rawName, rawValue] of Object.entries(raw)) {
    const lower = rawName.toLowerCase();
    if (lower === "xmlns") continue;
    const name = CANONICAL.get(lower);
    if (rawName.includes(":") || !name || !allowedOn(element, name) || typeof rawValue !== "string") {
      ctx.dropped.add(`attribute ${rawName.replace(/[^\w:.-]/g, "").slice(0, 40)}`);
      continue;
    }
    const value = rawValue.trim();
    const clean = cleanValue(name, value, ctx);
    if (clean === null) {
      if (name === "fill") fillWasInvalid = true;
      ctx.dropped.add(name === "d" && value.length > MAX_PATH_CHARS ? `path data over ${MAX_PATH_CHARS} characters` : `invalid ${name} value`);
      continue;
    }
    attrs.set(name, clean);
  }
  return { attrs, fillWasInvalid };
}

function cleanValue(name: string, value: string, ctx: Ctx): string | null {
  if (name === "fill" || name === "stroke") {
    // A gradient the model defined: keep its first colour, never the reference.
    const ref = /^url\(\s*['"]?#([\w.-]+)['"]?\s*\)/i.exec(value);
    if (ref) return ctx.gradients.get(ref[1]!) ?? null;
  }
  if (DANGEROUS_VALUE.test(value) || value.length === 0) return null;
  if (name === "d") return value.length <= MAX_PATH_CHARS ? readPathData(value) : null;
  if (value.length > 1_000) return null;
  if (name === "points") return readPoints(value);
  if (name === "transform") return readTransform(value);
  if (name === "fill" || name === "stroke") return readColor(value);
  if (name.endsWith("opacity")) return readUnit(value);
  if (name === "stroke-width") return readLength("stroke-width", value, ctx.vb);
  if (name === "stroke-miterlimit") {
    const n = toNumber(value);
    return n !== null && n >= 1 ? fmt(n) : null;
  }
  const keywords = KEYWORDS[name];
  if (keywords) return keywords.includes(value.toLowerCase()) ? value.toLowerCase() : null;
  return readLength(name, value, ctx.vb);
}

const positive = (attrs: Map<string, string>, name: string) => Number(attrs.get(name) ?? "0") > 0;

/** Whether a shape has the geometry it needs to draw anything. */
function hasGeometry(name: ShapeName, attrs: Map<string, string>): boolean {
  switch (name) {
    case "path":
      return attrs.has("d");
    case "circle":
      return positive(attrs, "r");
    case "ellipse":
      return positive(attrs, "rx") && positive(attrs, "ry");
    case "rect":
      return positive(attrs, "width") && positive(attrs, "height");
    case "line":
      return true;
    case "polyline":
    case "polygon":
      return attrs.has("points");
  }
}

/**
 * The fill of a shape when neither it nor a parent sets one. SVG would paint it
 * black, which in a model's answer is almost never a choice: a shape with a
 * stroke is line art the model forgot to mark fill="none"; any other shape is
 * the mark itself, painted in the brand's primary colour. A fill that was
 * written but rejected (an unknown gradient, a bad value) also means "painted".
 */
function defaultFill(stroke: string | undefined, fillWasInvalid: boolean): string {
  if (fillWasInvalid) return "current";
  return stroke !== undefined && stroke !== "none" ? "none" : "current";
}

function walk(nodes: XNode[], depth: number, inherited: Paint, ctx: Ctx): Out[] {
  const out: Out[] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag || tag === "#text") continue;
    const name = tag.toLowerCase();
    if (name !== "g" && !isShape(name)) {
      ctx.dropped.add(`<${tag.replace(/[^\w:.?-]/g, "").slice(0, 40)}>`);
      continue;
    }
    if (depth > MAX_DEPTH) {
      ctx.dropped.add(`elements nested deeper than ${MAX_DEPTH}`);
      continue;
    }
    if (ctx.kept >= MAX_ELEMENTS) {
      ctx.dropped.add(`elements after the first ${MAX_ELEMENTS}`);
      continue;
    }
    const raw = attrsOf(node);
    const ns = attr(raw, "xmlns");
    if (ns !== undefined && ns !== SVG_NS) {
      ctx.dropped.add(`<${name}> in another namespace`);
      continue;
    }
    const { attrs, fillWasInvalid } = cleanAttributes(name, raw, ctx);
    if (name === "g" && fillWasInvalid && inherited.fill === undefined) attrs.set("fill", "current");
    const paint: Paint = { fill: attrs.get("fill") ?? inherited.fill, stroke: attrs.get("stroke") ?? inherited.stroke };
    if (name === "g") {
      ctx.kept++;
      const children = walk(childrenOf(node, tag), depth + 1, paint, ctx);
      if (children.length) out.push({ name, attrs, children });
      else ctx.kept--;
      continue;
    }
    if (!hasGeometry(name, attrs)) {
      ctx.dropped.add(`<${name}> without geometry`);
      continue;
    }
    if (paint.fill === undefined && name !== "line") {
      paint.fill = defaultFill(paint.stroke, fillWasInvalid);
      attrs.set("fill", paint.fill);
    }
    const filled = name !== "line" && paint.fill !== "none";
    const stroked = paint.stroke !== undefined && paint.stroke !== "none";
    if (!filled && !stroked) {
      ctx.dropped.add(`<${name}> with no fill and no stroke`);
      continue;
    }
    ctx.kept++;
    out.push({ name, attrs, children: [] });
  }
  return out;
}

// ---------------------------------------------------------------- colours

const toOklch = converter("oklch");
const distance = differenceEuclidean("oklab");

/**
 * Gives each colour a palette role: near-white is the background, near-black
 * the text colour, and the other distinct colours, in order of first
 * appearance, primary, secondary, then accent for all the rest. Colours that
 * are visually the same (a model's #4F46E5 and #4f46e6) share a role.
 */
function roleMapper() {
  const seen: { hex: string; role: string }[] = [];
  let chromatic = 0;
  return (value: string): string => {
    if (value === "none") return "none";
    if (value === "current") {
      // The mark's own colour: it takes the primary slot when it comes first.
      if (chromatic === 0) chromatic = 1;
      return "@primary";
    }
    const known = seen.find((s) => distance(s.hex, value) < 0.03);
    if (known) return known.role;
    const { l = 0, c = 0 } = toOklch(value) ?? {};
    let role: string;
    if (l >= 0.93 && c <= 0.05) role = "@background";
    else if (l <= 0.3 && c <= 0.06) role = "@text";
    else role = ["@primary", "@secondary", "@accent"][Math.min(chromatic++, 2)]!;
    seen.push({ hex: value, role });
    return role;
  };
}

function assignRoles(nodes: Out[], role: (v: string) => string) {
  for (const n of nodes) {
    for (const key of ["fill", "stroke"]) {
      const v = n.attrs.get(key);
      if (v !== undefined) n.attrs.set(key, role(v));
    }
    assignRoles(n.children, role);
  }
}

// ---------------------------------------------------------------- output

const escapeAttr = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function openTag(n: Out): string {
  const attrs = MARK_ATTRIBUTE_ORDER.filter((k) => n.attrs.has(k)).map((k) => ` ${k}="${escapeAttr(n.attrs.get(k)!)}"`);
  return `<${n.name}${attrs.join("")}`;
}

/** Serialises within a character budget; closing tags are reserved before a group opens. */
function serialise(nodes: Out[], room: { left: number; shapes: number }, ctx: Ctx): string {
  let out = "";
  for (const n of nodes) {
    const open = openTag(n);
    if (n.name !== "g") {
      const s = `${open}/>`;
      if (s.length > room.left) {
        ctx.dropped.add(`elements past ${MAX_BODY_CHARS} characters`);
        continue;
      }
      room.left -= s.length;
      room.shapes++;
      out += s;
      continue;
    }
    const frame = open.length + 1 + "</g>".length;
    if (frame > room.left) {
      ctx.dropped.add(`elements past ${MAX_BODY_CHARS} characters`);
      continue;
    }
    room.left -= frame;
    const inner = serialise(n.children, room, ctx);
    if (inner) out += `${open}>${inner}</g>`;
    else room.left += frame;
  }
  return out;
}

// ---------------------------------------------------------------- entry

export function sanitizeMarkSvg(input: string, opts: { label?: string } = {}): SanitizeResult {
  if (input.length > MAX_INPUT_CHARS) return { ok: false, reason: `SVG answer over ${MAX_INPUT_CHARS / 1024} KB` };
  // DTDs are how entity bombs and external entities get in; an SVG mark never needs one.
  if (/<!(?!--|\[CDATA\[)/i.test(input)) return { ok: false, reason: "DOCTYPE, ENTITY and other declarations are not allowed" };

  const label = (opts.label ?? "").trim().slice(0, 60) || "AI mark";
  let parseError: string | undefined;
  let markError: string | undefined;
  for (const candidate of svgCandidates(input)) {
    if ("error" in candidate) {
      parseError ??= candidate.error;
      continue;
    }
    const result = sanitizeRoot(candidate.root, candidate.tag, label);
    if (result.ok) return result;
    markError ??= result.reason;
  }
  return { ok: false, reason: markError ?? parseError ?? "no <svg> element found" };
}

function sanitizeRoot(root: XNode, tag: string, label: string): SanitizeResult {
  const rootAttrs = attrsOf(root);
  const ns = attr(rootAttrs, "xmlns");
  if (ns !== undefined && ns !== SVG_NS) return { ok: false, reason: "the root element is not in the SVG namespace" };
  const vb = readViewBox(rootAttrs);
  if (!vb) return { ok: false, reason: "missing or invalid viewBox (and no usable width and height)" };

  const ctx: Ctx = { vb, gradients: gradientColors(root), kept: 0, dropped: new Set() };
  // Paint set on the root <svg> is kept on a wrapping group, since the mark stores only the inner markup.
  const rootPaint = cleanAttributes("g", rootAttrs, { ...ctx, dropped: new Set() }).attrs;
  rootPaint.delete("transform");
  let tree: Out[];
  if (rootPaint.size) {
    ctx.kept = 1;
    const paint = { fill: rootPaint.get("fill"), stroke: rootPaint.get("stroke") };
    tree = [{ name: "g", attrs: rootPaint, children: walk(childrenOf(root, tag), 2, paint, ctx) }];
  } else {
    tree = walk(childrenOf(root, tag), 1, {}, ctx);
  }

  assignRoles(tree, roleMapper());
  const room = { left: MAX_BODY_CHARS, shapes: 0 };
  const body = serialise(tree, room, ctx);
  if (room.shapes === 0) return { ok: false, reason: "nothing drawable is left after sanitising" };

  const mark = MarkSchema.safeParse({ viewBox: [vb.x, vb.y, vb.w, vb.h].map(fmt).join(" "), body, source: "ai", label });
  if (!mark.success) return { ok: false, reason: "the sanitised mark is not valid" };
  return { ok: true, mark: mark.data, dropped: [...ctx.dropped] };
}
