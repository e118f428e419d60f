import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { watermarkSvg } from "~/kits/watermark.server";

describe("the preview watermark", () => {
  it.each([
    [100, 100],
    [640, 160],
    [1500, 500],
    [180, 180],
  ])("is an outlined band over a %d × %d canvas: valid SVG, no text elements, the same bytes every time", (w, h) => {
    const svg = watermarkSvg(w, h);
    expect(XMLValidator.validate(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`)).toBe(true);
    expect(svg).toContain('data-watermark="preview"');
    expect(svg).toContain("<title>Made with LaunchKit — preview</title>");
    expect(svg).not.toMatch(/<text/);
    // Outlined copies of the text on the band, an odd number so one sits in the middle.
    const copies = svg.match(/<path /g)?.length ?? 0;
    expect(copies % 2).toBe(1);
    expect(watermarkSvg(w, h)).toBe(svg);
  });

  it("tilts flatter on wide canvases than on square ones", () => {
    const angle = (svg: string) => Number(/rotate\((-?[\d.]+)/.exec(svg)![1]);
    expect(angle(watermarkSvg(100, 100))).toBe(-30);
    expect(angle(watermarkSvg(1500, 300))).toBeGreaterThan(-15);
  });
});
