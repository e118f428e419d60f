import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { answersSeed, builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import { colorsOnPrimary, SOCIAL_IMAGES, socialImagePng, socialImageSvg, type SocialImageName } from "~/kit/assets/social/images.server";
import { contrastRatio } from "~/kit/brand/palette";
import { rasterize } from "../support/svg-tamper";
import type { GenerationInput } from "~/kit/input";

const input: GenerationInput = {
  business_idea: "Mobile dog grooming van for busy pet owners",
  target_audience: "Busy professionals",
  geographic_market: "Not specified",
  tone_of_voice: "friendly",
  competitors: "Not specified",
  primary_goal: "book calls",
  brand_vibe: "cozy",
};
const brand = { ...builtinBrand(input), paletteAdjustments: [] };
const logo = { marks: builtinMarks(answersSeed(input, "marks"), "cozy"), selected: 0 };
const NAMES = Object.keys(SOCIAL_IMAGES) as SocialImageName[];

/** Width and height from the PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("social images", () => {
  it.each(NAMES)("%s is a PNG of the platform's exact size", (name) => {
    const { width, height } = SOCIAL_IMAGES[name];
    expect(pngSize(socialImagePng(name, brand, logo))).toEqual({ width, height });
  });

  it("are SVG with outlined text only (resvg has no fonts), no scripts or external references", () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    for (const name of NAMES) {
      const svg = socialImageSvg(name, brand, logo);
      expect(() => parser.parse(svg)).not.toThrow();
      expect(svg).not.toMatch(/<text|<script|<image|href=|@import|url\(http/);
    }
  });

  it("are the same bytes for the same brand, and follow a brand edit", () => {
    expect(socialImagePng("profile.png", brand, logo).equals(socialImagePng("profile.png", brand, logo))).toBe(true);
    const edited = { ...brand, palette: { ...brand.palette, primary: "#1E3A8A" } };
    expect(socialImageSvg("profile.png", edited, logo)).toContain("#1E3A8A");
    expect(socialImageSvg("launch-post.png", { ...brand, tagline: "A brand new tagline" }, logo)).not.toBe(socialImageSvg("launch-post.png", brand, logo));
  });

  it("on the free preview every image carries the logo's stencil over all of it (each draws the mark), not only a corner pill that a crop removes", () => {
    for (const name of NAMES) {
      for (const layout of ["type", "mark", "pattern"] as const) {
        const svg = socialImageSvg(name, brand, logo, { watermark: true, layout });
        expect(svg, `${name} ${layout}`).toMatch(/mask="url\(#lk-[a-z0-9-]+-wm\)"/);
        // Away from the corner pill (the bottom right), the preview still differs from the clean picture where the stencil runs.
        const free = rasterize(svg, 400)!;
        const clean = rasterize(socialImageSvg(name, brand, logo, { layout }), 400)!;
        let differ = 0;
        let all = 0;
        for (let y = 0; y < free.height; y++) {
          for (let x = 0; x < free.width; x++) {
            if (x > 200 && y > free.height * 0.8) continue;
            const i = (y * free.width + x) * 4;
            all++;
            if ([0, 1, 2].some((c) => Math.abs(free.pixels[i + c]! - clean.pixels[i + c]!) > 24)) differ++;
          }
        }
        expect(differ / all, `${name} ${layout}`).toBeGreaterThan(0.03);
      }
    }
  });

  it("the preview watermark is off by default and visible when asked for", () => {
    for (const name of NAMES) {
      expect(socialImageSvg(name, brand, logo)).not.toContain("data-watermark");
      expect(socialImageSvg(name, brand, logo, { watermark: true })).toContain('data-watermark="preview"');
    }
  });

  it("the mark on the primary colour stays visible: its shapes get 3:1 or more against it", () => {
    const c = colorsOnPrimary(brand.palette);
    for (const role of ["primary", "secondary", "accent", "text"] as const) expect(contrastRatio(c[role], brand.palette.primary)).toBeGreaterThanOrEqual(3);
    expect(c.background).toBe(brand.palette.primary);
  });

  it("draw without a logo (the initial stands in) and with names no font can draw", () => {
    const odd = { ...brand, name: "🚀 日本 Café", tagline: "x".repeat(80) };
    for (const name of NAMES) expect(pngSize(socialImagePng(name, odd, null)).width).toBe(SOCIAL_IMAGES[name].width);
  });
});
