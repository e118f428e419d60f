import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import { logoSvg } from "~/kit/assets/logo/render.server";
import { collectPdf } from "~/platform/pdf/output.server";
import { drawSvg, parseTransform, svgSize } from "~/platform/pdf/svg.server";
import { makeBrand, makeLogo } from "../support/kit-fixtures";

/**
 * The PDFs draw logos as vector paths with LaunchKit's own SVG-to-PDF
 * drawing. It must look like the SVG: both are rasterised (resvg for the SVG,
 * poppler's pdftoppm for the PDF) and compared pixel by pixel.
 */

const SCALE = 3;

async function pdfOf(svg: string) {
  const size = svgSize(svg);
  const doc = new PDFDocument({ size: [size.w, size.h], margin: 0 });
  drawSvg(doc, svg, 0, 0, { width: size.w });
  return collectPdf(doc);
}

function rasterPdf(pdf: Buffer): { w: number; h: number; rgb: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-svgpdf-"));
  try {
    fs.writeFileSync(path.join(dir, "a.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", String(72 * SCALE), "-singlefile", path.join(dir, "a.pdf"), path.join(dir, "a")]);
    const ppm = fs.readFileSync(path.join(dir, "a.ppm"));
    const header = ppm.toString("latin1", 0, 40).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!;
    return { w: Number(header[1]), h: Number(header[2]), rgb: ppm.subarray(header[0].length) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function rasterSvg(svg: string, width: number): { w: number; h: number; rgba: Buffer } {
  const img = new Resvg(svg, { fitTo: { mode: "width", value: width }, background: "#FFFFFF", font: { loadSystemFonts: false } }).render();
  return { w: img.width, h: img.height, rgba: Buffer.from(img.pixels) };
}

function compare(svg: string, pdf: Buffer) {
  const a = rasterPdf(pdf);
  const b = rasterSvg(svg, a.w);
  const h = Math.min(a.h, b.h);
  let total = 0;
  let bad = 0;
  let ink = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < a.w; x++) {
      const i = (y * a.w + x) * 3;
      const j = (y * b.w + x) * 4;
      const d = Math.max(Math.abs(a.rgb[i]! - b.rgba[j]!), Math.abs(a.rgb[i + 1]! - b.rgba[j + 1]!), Math.abs(a.rgb[i + 2]! - b.rgba[j + 2]!));
      total += d;
      if (d > 96) bad++;
      if (b.rgba[j]! < 240 || b.rgba[j + 1]! < 240 || b.rgba[j + 2]! < 240) ink++;
    }
  }
  return { mean: total / (a.w * h), badShare: bad / (a.w * h), inkShare: ink / (a.w * h) };
}

const hasPdftoppm = spawnSync("sh", ["-c", "command -v pdftoppm"]).status === 0;

describe("SVG drawn into PDF as vectors", () => {
  it("parses SVG transform lists in order", () => {
    expect(parseTransform("translate(10 20) scale(2)")).toEqual([
      [1, 0, 0, 1, 10, 20],
      [2, 0, 0, 2, 0, 0],
    ]);
    const [m] = parseTransform("rotate(90)");
    expect(m!.map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 1, -1, 0, 0, 0]);
    expect(parseTransform("matrix(1,0,0,1,5,6) bogus(1)")).toEqual([[1, 0, 0, 1, 5, 6]]);
  });

  it("draws the logo lockups and every shape LaunchKit's marks use like resvg does", async (ctx) => {
    if (!hasPdftoppm) {
      console.warn("\n!!! SKIPPED: comparing PDF vectors with the SVG needs pdftoppm (Debian package poppler-utils). !!!\n");
      ctx.skip();
      return;
    }
    const brand = makeBrand();
    const shapes =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">' +
      '<rect x="5" y="5" width="60" height="40" rx="10" fill="#4F46E5"/>' +
      '<g transform="rotate(20 120 30)" opacity="0.5"><ellipse cx="120" cy="30" rx="40" ry="15" fill="#DC2626"/></g>' +
      '<path fill-rule="evenodd" d="M10 55h80v40h-80z M30 65h40v20h-40z" fill="#047857"/>' +
      '<polygon points="110,95 150,55 190,95" fill="#F59E0B" stroke="#111827" stroke-width="4" stroke-linejoin="round"/>' +
      '<polyline points="100,10 110,20 120,10" fill="none" stroke="#0EA5E9" stroke-width="3" stroke-linecap="round"/>' +
      '<line x1="5" y1="98" x2="195" y2="98" stroke="#111827" stroke-width="2"/>' +
      '<circle cx="180" cy="20" r="12" fill="#7C3AED" fill-opacity="0.6"/>' +
      "</svg>";
    const cases = [
      logoSvg(brand, makeLogo("a"), "horizontal", "light"),
      logoSvg(brand, makeLogo("b"), "stacked", "dark"),
      logoSvg(brand, makeLogo("c"), "mark", "light"),
      logoSvg(brand, { marks: [], selected: 0 }, "horizontal", "light"),
      // Marks composed from icons: stroked paths with arcs and dot-length segments, a filled dot, a tint, a monogram.
      ...(
        [
          ["dog", "playful", "horizontal"],
          ["coffee", "cozy", "mark"],
          ["code", "neon tech", "stacked"],
          ["dice-5", "minimalist", "mark"],
        ] as const
      ).flatMap(([motif, vibe, lockup]) => {
        const marks = builtinMarks(motif, vibe, { name: "Kettle", motifs: [motif] });
        return [0, 1, 2].map((selected) => logoSvg(brand, { marks, selected }, lockup, selected === 2 ? "dark" : "light"));
      }),
      shapes,
    ];
    for (const svg of cases) {
      const r = compare(svg, await pdfOf(svg));
      expect(r.inkShare).toBeGreaterThan(0.02);
      // Anti-aliasing differs along edges; the shapes, colours and positions must match.
      expect(r.mean).toBeLessThan(2);
      expect(r.badShare).toBeLessThan(0.002);
    }
  });

  it("a PDF of a logo holds no image, only paths", async () => {
    const brand = makeBrand();
    const raw = (await pdfOf(logoSvg(brand, makeLogo(), "horizontal", "light"))).toString("latin1");
    expect(raw).not.toContain("/Subtype /Image");
  });
});
