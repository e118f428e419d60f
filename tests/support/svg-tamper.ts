// What someone who wants the clean logo would try on a watermarked SVG: delete
// one element, or one attribute, and look at the result. Every such variant of
// a file is listed here, and rendered with resvg for comparison.
import { Resvg } from "@resvg/resvg-js";
import { XMLBuilder, XMLParser } from "fast-xml-parser";

type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const XML_OPTIONS = { preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "@_", processEntities: false, parseTagValue: false, trimValues: false } as const;
const parser = new XMLParser(XML_OPTIONS);
const builder = new XMLBuilder({ ...XML_OPTIONS, suppressEmptyNode: true });

const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ":@")!;
const childrenOf = (node: XmlNode) => (Array.isArray(node[tagOf(node)]) ? (node[tagOf(node)] as XmlNode[]) : []);
const isElement = (node: XmlNode) => !("#text" in node);

export type SvgVariant = { what: string; svg: string };

/** Every element below the root (with its subtree) removed in turn, then every attribute of every element (the root's too). */
export function tamperedVariants(svg: string): SvgVariant[] {
  const tree = parser.parse(svg) as XmlNode[];
  const variants: SvgVariant[] = [];
  const walk = (nodes: XmlNode[], path: number[], label: string) => {
    nodes.forEach((node, i) => {
      if (!isElement(node)) return;
      const here = [...path, i];
      const name = `${label}/${tagOf(node)}[${i}]`;
      if (path.length > 0) variants.push({ what: `without ${name}`, svg: build(edit(tree, here, (list, at) => list.splice(at, 1))) });
      for (const attr of Object.keys(node[":@"] ?? {})) {
        variants.push({
          what: `without ${name} ${attr.slice(2)}`,
          svg: build(edit(tree, here, (list, at) => delete list[at]![":@"]![attr])),
        });
      }
      walk(childrenOf(node), here, name);
    });
  };
  walk(tree, [], "");
  return variants;
}

/** A deep copy of `tree` with `change` applied to the node at `path` (given as its list and index). */
function edit(tree: XmlNode[], path: number[], change: (list: XmlNode[], at: number) => void): XmlNode[] {
  const copy = structuredClone(tree);
  let list = copy;
  for (const i of path.slice(0, -1)) list = childrenOf(list[i]!);
  change(list, path[path.length - 1]!);
  return copy;
}

function build(tree: XmlNode[]): string {
  return builder.build(tree) as string;
}

/** The SVG rebuilt without changes (the harness's own round trip must not change the picture). */
export function rebuilt(svg: string): string {
  return build(parser.parse(svg) as XmlNode[]);
}

export type Raster = { width: number; height: number; pixels: Buffer };

/** RGBA pixels at `width` px wide, on transparent; null when resvg refuses the document. */
export function rasterize(svg: string, width = 400): Raster | null {
  try {
    const image = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render();
    return { width: image.width, height: image.height, pixels: Buffer.from(image.pixels) };
  } catch {
    return null;
  }
}

/** How many pixels of `a` differ visibly from `b` (any channel by more than 24 of 255); a different size counts every pixel. */
export function differingPixels(a: Raster | null, b: Raster): number {
  if (!a || a.width !== b.width || a.height !== b.height) return b.width * b.height;
  let n = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.pixels[i + c]! - b.pixels[i + c]!) > 24) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** The box of the pixels `svg` draws, in its own user units, found by rendering it with a wide margin around its viewBox. */
export function inkBox(svg: string): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const [x, y, w, h] = /viewBox="([^"]+)"/.exec(svg)![1]!.split(/[\s,]+/).map(Number) as [number, number, number, number];
  // The same drawing seen through a viewBox three times as large, centred on the original.
  const wide = svg.replace(/viewBox="[^"]+"/, `viewBox="${x - w} ${y - h} ${w * 3} ${h * 3}"`).replace(/ width="[^"]+"/, "").replace(/ height="[^"]+"/, "");
  const px = 1200;
  const raster = rasterize(wide, px);
  if (!raster) return null;
  const unit = (w * 3) / raster.width;
  let box: { minX: number; minY: number; maxX: number; maxY: number } | null = null;
  for (let j = 0; j < raster.height; j++) {
    for (let i = 0; i < raster.width; i++) {
      if (raster.pixels[(j * raster.width + i) * 4 + 3]! === 0) continue;
      const ux = x - w + i * unit;
      const uy = y - h + j * unit;
      box = box
        ? { minX: Math.min(box.minX, ux), minY: Math.min(box.minY, uy), maxX: Math.max(box.maxX, ux + unit), maxY: Math.max(box.maxY, uy + unit) }
        : { minX: ux, minY: uy, maxX: ux + unit, maxY: uy + unit };
    }
  }
  return box;
}
