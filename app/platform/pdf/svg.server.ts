import { XMLParser } from "fast-xml-parser";

/**
 * Draws LaunchKit's own SVGs (the logo lockups of logo/render.server.ts: the
 * sanitised mark elements, a clip rectangle, the outlined wordmark) into a
 * PDFKit document as vector paths, so logos stay sharp at any zoom and print
 * size. It handles the subset those files use: g, clipPath, path, rect,
 * circle, ellipse, line, polyline, polygon; transforms; fill, stroke and
 * their opacities. Anything else is skipped, never guessed.
 */

type PdfDoc = PDFKit.PDFDocument;

type Node = { name: string; attrs: Record<string, string>; children: Node[] };

type Style = {
  fill: string | null;
  fillOpacity: number;
  fillRule: "nonzero" | "evenodd";
  stroke: string | null;
  strokeOpacity: number;
  strokeWidth: number;
  lineCap: "butt" | "round" | "square";
  lineJoin: "miter" | "round" | "bevel";
  miterLimit: number;
  opacity: number;
};

const INITIAL: Style = {
  fill: "#000000",
  fillOpacity: 1,
  fillRule: "nonzero",
  stroke: null,
  strokeOpacity: 1,
  strokeWidth: 1,
  lineCap: "butt",
  lineJoin: "miter",
  miterLimit: 4,
  opacity: 1,
};

export type DrawSvgOptions = {
  /** Target width in points (the height follows the viewBox); or give height. */
  width?: number;
  height?: number;
  /** Every shape drawn as a thin outline of its fill colour (the guidelines' "don't outline" example). */
  outline?: boolean;
  /** Replaces colours as they are painted (the guidelines' "don't recolour" example). */
  recolor?: (hex: string) => string;
  /** Multiplies every shape's opacity. */
  opacity?: number;
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", preserveOrder: true, allowBooleanAttributes: false });

function toNodes(raw: unknown[]): Node[] {
  const out: Node[] = [];
  for (const item of raw as Array<Record<string, unknown>>) {
    const name = Object.keys(item).find((k) => k !== ":@");
    if (!name || name === "#text") continue;
    out.push({ name, attrs: (item[":@"] as Record<string, string>) ?? {}, children: toNodes(item[name] as unknown[]) });
  }
  return out;
}

export function parseSvg(svg: string): Node {
  const root = toNodes(parser.parse(svg) as unknown[]).find((n) => n.name === "svg");
  if (!root) throw new Error("not an SVG document");
  return root;
}

const num = (v: string | undefined, fallback = 0) => {
  const n = v === undefined ? NaN : Number.parseFloat(v);
  return Number.isFinite(n) ? n : fallback;
};

const NAMED: Record<string, string> = { black: "#000000", white: "#FFFFFF" };

function color(v: string | undefined, inherited: string | null): string | null {
  if (v === undefined || v === "inherit") return inherited;
  const s = v.trim().toLowerCase();
  if (s === "none" || s === "transparent") return null;
  if (/^#[0-9a-f]{6}$/.test(s)) return s.toUpperCase();
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${[...s.slice(1)].map((c) => c + c).join("")}`.toUpperCase();
  return NAMED[s] ?? inherited;
}

function styleOf(attrs: Record<string, string>, parent: Style): Style {
  const pick = <T extends string>(v: string | undefined, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);
  return {
    fill: color(attrs.fill, parent.fill),
    fillOpacity: attrs["fill-opacity"] !== undefined ? num(attrs["fill-opacity"], 1) : parent.fillOpacity,
    fillRule: pick(attrs["fill-rule"], ["nonzero", "evenodd"], parent.fillRule),
    stroke: color(attrs.stroke, parent.stroke),
    strokeOpacity: attrs["stroke-opacity"] !== undefined ? num(attrs["stroke-opacity"], 1) : parent.strokeOpacity,
    strokeWidth: attrs["stroke-width"] !== undefined ? num(attrs["stroke-width"], 1) : parent.strokeWidth,
    lineCap: pick(attrs["stroke-linecap"], ["butt", "round", "square"], parent.lineCap),
    lineJoin: pick(attrs["stroke-linejoin"], ["miter", "round", "bevel"], parent.lineJoin),
    miterLimit: attrs["stroke-miterlimit"] !== undefined ? num(attrs["stroke-miterlimit"], 4) : parent.miterLimit,
    // Group opacity is approximated by multiplying it into the shapes' own.
    opacity: parent.opacity * (attrs.opacity !== undefined ? Math.min(1, Math.max(0, num(attrs.opacity, 1))) : 1),
  };
}

type Matrix = [number, number, number, number, number, number];

/** An SVG transform list as matrices, applied left to right. */
export function parseTransform(raw: string | undefined): Matrix[] {
  if (!raw) return [];
  const out: Matrix[] = [];
  const re = /([a-zA-Z]+)\s*\(([^()]*)\)/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const a = m[2]!.trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (a.some((n) => !Number.isFinite(n))) continue;
    const rad = (d: number) => (d * Math.PI) / 180;
    switch (m[1]!.toLowerCase()) {
      case "matrix":
        if (a.length === 6) out.push(a as Matrix);
        break;
      case "translate":
        out.push([1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0]);
        break;
      case "scale":
        out.push([a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0]);
        break;
      case "rotate": {
        const [deg = 0, cx = 0, cy = 0] = a;
        const c = Math.cos(rad(deg));
        const s = Math.sin(rad(deg));
        if (cx || cy) out.push([1, 0, 0, 1, cx, cy]);
        out.push([c, s, -s, c, 0, 0]);
        if (cx || cy) out.push([1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case "skewx":
        out.push([1, 0, Math.tan(rad(a[0] ?? 0)), 1, 0, 0]);
        break;
      case "skewy":
        out.push([1, Math.tan(rad(a[0] ?? 0)), 0, 1, 0, 0]);
        break;
    }
  }
  return out;
}

function roundedRectPath(x: number, y: number, w: number, h: number, rxRaw: number, ryRaw: number) {
  const rx = Math.min(rxRaw, w / 2);
  const ry = Math.min(ryRaw, h / 2);
  return (
    `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}` +
    `H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`
  );
}

function points(raw: string | undefined): number[] {
  return (raw ?? "").trim().split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite);
}

/** Adds the shape's outline to the current path; false for an element that is not a shape (or has no area to draw). */
function tracePath(doc: PdfDoc, node: Node): boolean {
  const a = node.attrs;
  switch (node.name) {
    case "path":
      if (!a.d) return false;
      doc.path(a.d);
      return true;
    case "rect": {
      const w = num(a.width);
      const h = num(a.height);
      if (w <= 0 || h <= 0) return false;
      let rx = a.rx !== undefined ? num(a.rx) : NaN;
      let ry = a.ry !== undefined ? num(a.ry) : NaN;
      if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
      if (Number.isNaN(ry)) ry = rx;
      if (rx > 0 || ry > 0) doc.path(roundedRectPath(num(a.x), num(a.y), w, h, rx, ry));
      else doc.rect(num(a.x), num(a.y), w, h);
      return true;
    }
    case "circle": {
      const r = num(a.r);
      if (r <= 0) return false;
      doc.circle(num(a.cx), num(a.cy), r);
      return true;
    }
    case "ellipse": {
      const rx = num(a.rx);
      const ry = num(a.ry);
      if (rx <= 0 || ry <= 0) return false;
      doc.ellipse(num(a.cx), num(a.cy), rx, ry);
      return true;
    }
    case "line":
      doc.moveTo(num(a.x1), num(a.y1)).lineTo(num(a.x2), num(a.y2));
      return true;
    case "polyline":
    case "polygon": {
      const p = points(a.points);
      if (p.length < 4) return false;
      doc.moveTo(p[0]!, p[1]!);
      for (let i = 2; i + 1 < p.length; i += 2) doc.lineTo(p[i]!, p[i + 1]!);
      if (node.name === "polygon") doc.closePath();
      return true;
    }
    default:
      return false;
  }
}

type Ctx = { doc: PdfDoc; clips: Map<string, Node>; options: DrawSvgOptions; unitsPerPoint: number };

function paint(ctx: Ctx, node: Node, style: Style) {
  const { doc, options } = ctx;
  let fill = node.name === "line" || node.name === "polyline" ? null : style.fill;
  let stroke = style.stroke;
  let strokeWidth = style.strokeWidth;
  if (options.outline) {
    stroke = fill ?? stroke;
    fill = null;
    strokeWidth = 1.2 * ctx.unitsPerPoint;
  }
  if (options.recolor) {
    fill = fill && options.recolor(fill);
    stroke = stroke && options.recolor(stroke);
  }
  if (!fill && (!stroke || strokeWidth <= 0)) return;
  doc.save();
  applyTransform(doc, node.attrs.transform);
  if (!tracePath(doc, node)) {
    doc.restore();
    return;
  }
  if (fill) doc.fillColor(fill).fillOpacity(style.fillOpacity * style.opacity);
  if (stroke) {
    doc.strokeColor(stroke).strokeOpacity(style.strokeOpacity * style.opacity).lineWidth(strokeWidth).lineCap(style.lineCap).lineJoin(style.lineJoin).miterLimit(style.miterLimit);
  }
  const rule = style.fillRule === "evenodd" ? "even-odd" : "non-zero";
  if (fill && stroke) doc.fillAndStroke(fill, stroke, rule);
  else if (fill) doc.fill(fill, rule);
  else doc.stroke(stroke!);
  doc.restore();
}

function applyTransform(doc: PdfDoc, raw: string | undefined) {
  for (const m of parseTransform(raw)) doc.transform(...m);
}

function applyClip(ctx: Ctx, ref: string | undefined) {
  const id = ref?.match(/^url\(#([^)]+)\)$/)?.[1];
  const clip = id ? ctx.clips.get(id) : undefined;
  if (!clip) return;
  let traced = false;
  // PDF allows no state change inside a path: clip shapes with their own transform are skipped (LaunchKit's files have none).
  for (const child of clip.children) if (!child.attrs.transform) traced = tracePath(ctx.doc, child) || traced;
  if (traced) ctx.doc.clip();
}

function render(ctx: Ctx, nodes: Node[], parent: Style) {
  for (const node of nodes) {
    if (node.name === "clipPath" || node.name === "defs" || node.name === "title" || node.name === "desc") continue;
    const style = styleOf(node.attrs, parent);
    if (node.name === "g") {
      ctx.doc.save();
      applyTransform(ctx.doc, node.attrs.transform);
      applyClip(ctx, node.attrs["clip-path"]);
      render(ctx, node.children, style);
      ctx.doc.restore();
    } else {
      paint(ctx, node, style);
    }
  }
}

function collectClips(node: Node, into: Map<string, Node>) {
  for (const child of node.children) {
    if (child.name === "clipPath" && child.attrs.id) into.set(child.attrs.id, child);
    collectClips(child, into);
  }
}

export function svgSize(svg: string | Node): { x: number; y: number; w: number; h: number } {
  const root = typeof svg === "string" ? parseSvg(svg) : svg;
  const vb = (root.attrs.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  if (vb.length === 4 && vb.every(Number.isFinite) && vb[2]! > 0 && vb[3]! > 0) return { x: vb[0]!, y: vb[1]!, w: vb[2]!, h: vb[3]! };
  return { x: 0, y: 0, w: num(root.attrs.width, 100), h: num(root.attrs.height, 100) };
}

/** Draws the SVG with its top-left corner at (x, y); returns the drawn size in points. */
export function drawSvg(doc: PdfDoc, svg: string, x: number, y: number, options: DrawSvgOptions = {}): { width: number; height: number } {
  const root = parseSvg(svg);
  const vb = svgSize(root);
  const scale = options.width !== undefined ? options.width / vb.w : options.height !== undefined ? options.height / vb.h : 1;
  const clips = new Map<string, Node>();
  collectClips(root, clips);
  doc.save();
  doc.translate(x, y);
  doc.scale(scale);
  doc.translate(-vb.x, -vb.y);
  render({ doc, clips, options, unitsPerPoint: 1 / scale }, root.children, styleOf(root.attrs, { ...INITIAL, opacity: options.opacity ?? 1 }));
  doc.restore();
  return { width: vb.w * scale, height: vb.h * scale };
}
