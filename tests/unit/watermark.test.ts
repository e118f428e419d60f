import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { logoColors, logoSvg, type Lockup, type LogoTheme } from "~/kit/assets/logo/render.server";
import { contrastRatio, mix } from "~/kit/brand/palette";
import { WATERMARK_FILL_OPACITY, watermarkDrawing, watermarkInk, watermarkLayout } from "~/kit/watermark.server";
import { makeBrand, makeLogo } from "../support/kit-fixtures";
import { differingPixels, inkBox, rasterize, rebuilt, tamperedVariants, type Raster } from "../support/svg-tamper";

/**
 * The free preview's watermark on logos: part of
 * the drawing, so no single deletion gives the clean logo back; never clipped
 * by the logo's box; legible on the surface the logo is made for.
 */

const brand = makeBrand();
const logo = makeLogo();
const VARIANTS: Array<[Lockup, LogoTheme]> = [
  ["horizontal", "light"],
  ["horizontal", "dark"],
  ["stacked", "light"],
  ["stacked", "dark"],
  ["mark", "light"],
  ["mark", "dark"],
];

const viewBoxOf = (svg: string) => /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number) as [number, number];
/** Pixels the clean logo draws (alpha above a quarter). */
const drawn = (r: Raster) => {
  let n = 0;
  for (let i = 3; i < r.pixels.length; i += 4) if (r.pixels[i]! > 64) n++;
  return n;
};

describe("the watermark's layout", () => {
  it.each([
    [100, 100],
    [640, 160],
    [1132.56, 168],
    [520, 280],
    [1500, 500],
    [60, 400],
    [2000, 60],
  ])("on a %d × %d canvas: whole words of PREVIEW, inside the margins, the same every time", (w, h) => {
    const layout = watermarkLayout(w, h);
    for (const row of layout.rows) expect(row.split(" · ").every((word) => word === "PREVIEW")).toBe(true);
    expect(layout.box.minX).toBeGreaterThanOrEqual(0);
    expect(layout.box.minY).toBeGreaterThanOrEqual(0);
    expect(layout.box.maxX).toBeLessThanOrEqual(w);
    expect(layout.box.maxY).toBeLessThanOrEqual(h);
    expect(watermarkLayout(w, h)).toEqual(layout);
    const svg = watermarkDrawing("<rect/>", w, h, { id: "m", surface: "#FFFFFF" });
    expect(XMLValidator.validate(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`)).toBe(true);
    expect(svg).not.toMatch(/<text/);
  });

  it("repeats across a wide canvas and keeps rows apart", () => {
    expect(watermarkLayout(1500, 200).rows[0]!.split(" · ").length).toBeGreaterThan(1);
    const two = watermarkLayout(500, 300, [80, 120]);
    expect(two.rows).toHaveLength(2);
    // Rows 40 units apart: each row's ink (cut-out included) fits in less than that.
    expect((two.box.maxY - two.box.minY) / 2).toBeLessThan(40 + 1);
    // A row asked for at the very edge is moved inside.
    const edge = watermarkLayout(500, 300, [0, 300]);
    expect(edge.box.minY).toBeGreaterThanOrEqual(0);
    expect(edge.box.maxY).toBeLessThanOrEqual(300);
  });

  it("reads at AA contrast on the surface it is made for: the outline at 4.5:1, the tinted letters at 3:1", () => {
    const surfaces = VARIANTS.map(([, theme]) => logoColors(brand.palette, theme).surface);
    for (const surface of [...surfaces, "#FFFFFF", "#111111", "#FFF7ED", "#0B1020", "#777777", "#4F46E5", brand.palette.background]) {
      const ink = watermarkInk(surface);
      expect(contrastRatio(ink, surface), surface).toBeGreaterThanOrEqual(4.5);
      if (contrastRatio(ink, surface) >= 12) {
        // The usual light and dark surfaces: the translucent letters alone read as large text.
        expect(contrastRatio(mix(surface, ink, WATERMARK_FILL_OPACITY), surface), surface).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe("a watermarked logo", () => {
  it.each(VARIANTS)("%s, %s: no single element or attribute removed gives the clean logo back", (lockup, theme) => {
    const clean = rasterize(logoSvg(brand, logo, lockup, theme))!;
    const marked = logoSvg(brand, logo, lockup, theme, { watermark: true });
    // The harness's own round trip changes nothing.
    expect(differingPixels(rasterize(rebuilt(marked)), rasterize(marked)!)).toBe(0);
    const full = differingPixels(rasterize(marked), clean);
    expect(full).toBeGreaterThan(clean.width * clean.height * 0.02);

    const variants = tamperedVariants(marked);
    expect(variants.length).toBeGreaterThan(30);
    for (const v of variants) {
      // Not the clean logo, and not nearly: at least a quarter of the watermark is still drawn.
      expect(differingPixels(rasterize(v.svg), clean), v.what).toBeGreaterThan(full / 4);
    }
  });

  it.each(VARIANTS)("%s, %s: the mark and the name stay recognisable (most of what they draw is untouched)", (lockup, theme) => {
    const clean = rasterize(logoSvg(brand, logo, lockup, theme))!;
    const marked = rasterize(logoSvg(brand, logo, lockup, theme, { watermark: true }))!;
    let kept = 0;
    for (let i = 0; i < clean.pixels.length; i += 4) {
      if (clean.pixels[i + 3]! <= 64) continue;
      if ([0, 1, 2, 3].every((c) => Math.abs(clean.pixels[i + c]! - marked.pixels[i + c]!) <= 24)) kept++;
    }
    expect(kept / drawn(clean)).toBeGreaterThan(0.6);
  });

  it.each(VARIANTS)("%s, %s: the watermark's letters and its cut-out lie inside the viewBox (rendered, not computed)", (lockup, theme) => {
    const marked = logoSvg(brand, logo, lockup, theme, { watermark: true });
    const [w, h] = viewBoxOf(marked);
    const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">`;
    const letters = /<path data-watermark="preview"[^>]*\/>/.exec(marked)![0];
    const cut = /<mask [^>]*>.*?(<path [^>]*\/>)<\/mask>/.exec(marked)![1]!.replace(/fill-opacity="[^"]+"/, "");
    for (const [what, part] of [["letters", letters], ["cut-out", cut]] as const) {
      const box = inkBox(`${open}${part}</svg>`);
      expect(box, what).not.toBeNull();
      // One pixel of the 3 × wide probe (a few hundredths of a unit) of tolerance for anti-aliasing.
      const tol = (w * 3) / 1200;
      expect(box!.minX, what).toBeGreaterThanOrEqual(-tol);
      expect(box!.minY, what).toBeGreaterThanOrEqual(-tol);
      expect(box!.maxX, what).toBeLessThanOrEqual(w + tol);
      expect(box!.maxY, what).toBeLessThanOrEqual(h + tol);
      // Across the preview: at least 60% of its width.
      expect(box!.maxX - box!.minX, what).toBeGreaterThan(w * 0.6);
    }
  });

  it("the test's harness finds a watermark that is only a layer on top (the old design): removing its group gives the clean logo", () => {
    const clean = logoSvg(brand, logo, "mark", "light");
    const layered = clean.replace("</svg>", `<g data-watermark="preview"><rect x="10" y="40" width="80" height="20" fill="#0F172A"/></g></svg>`);
    const cleanPixels = rasterize(clean)!;
    expect(tamperedVariants(layered).some((v) => differingPixels(rasterize(v.svg), cleanPixels) === 0)).toBe(true);
  });

  it("is the same bytes every time, and paid plans' logos have none of it", () => {
    const marked = logoSvg(brand, logo, "horizontal", "light", { watermark: true });
    expect(logoSvg(brand, logo, "horizontal", "light", { watermark: true })).toBe(marked);
    expect(XMLValidator.validate(marked)).toBe(true);
    expect(marked).not.toMatch(/<text|<script/);
    const clean = logoSvg(brand, logo, "horizontal", "light");
    expect(clean).not.toMatch(/data-watermark|<mask/);
  });
});
