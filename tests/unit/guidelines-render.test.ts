import { describe, expect, it } from "vitest";
import { GUIDELINE_PAGES, renderGuidelinesPdf } from "~/kit/assets/guidelines/render-pdf.server";
import { cmykApprox, contrastPairs, formatRatio, hexToRgb } from "~/kit/brand/palette";
import { makeBrand, makeLogo } from "../support/kit-fixtures";
import { readPdf } from "../support/readers";

const brand = makeBrand();
const logo = makeLogo();
const date = new Date("2026-02-03T00:00:00Z");

describe("the brand guidelines PDF", () => {
  it("has 4 to 8 pages with the name, the tagline, every colour in HEX, RGB and CMYK, the AA pairs, the fonts and the voice", async () => {
    const pdf = await readPdf(await renderGuidelinesPdf(brand, logo, { date }));
    expect(pdf.pages).toBe(GUIDELINE_PAGES.length);
    expect(pdf.pages).toBeGreaterThanOrEqual(4);
    expect(pdf.pages).toBeLessThanOrEqual(8);
    const all = pdf.text.join(" ");
    expect(all).toContain(brand.name);
    expect(all).toContain(brand.tagline);
    for (const role of ["primary", "secondary", "accent", "background", "text"] as const) {
      const hex = brand.palette[role];
      const { r, g, b } = hexToRgb(hex);
      const { c, m, y, k } = cmykApprox(hex);
      expect(all).toContain(hex);
      expect(all).toContain(`${r}, ${g}, ${b}`);
      expect(all).toContain(`${c}, ${m}, ${y}, ${k}`);
    }
    const pairs = pdf.text[5]!;
    for (const p of contrastPairs(brand.palette).passing.slice(0, 4)) expect(pairs).toContain(formatRatio(p.ratio));
    expect(all).toMatch(/Clear space and minimum size/);
    expect(all).toMatch(/Don't stretch/);
    expect(all).toContain("Fraunces");
    expect(all).toContain("Nunito");
    for (const d of [...brand.voice.dos, ...brand.voice.donts]) expect(all).toContain(d);
    for (const s of brand.voice.samples) expect(all).toContain(s);
  });

  it("embeds the brand's fonts and draws the logos as vectors", async () => {
    const raw = (await renderGuidelinesPdf(brand, logo, { date })).toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Fraunces-Bold/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Nunito-Regular/);
    expect(raw.match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(2);
    expect(raw).not.toContain("/Subtype /Image");
  });

  it("follows every brand edit: a new name, colour and font show up with no AI call", async () => {
    const edited = makeBrand({ name: "Suds & Co", palette: { ...brand.palette, primary: "#0F766E" }, fonts: { heading: "playfair-display", body: "inter" } });
    const raw = await renderGuidelinesPdf(edited, logo, { date });
    const all = (await readPdf(raw)).text.join(" ");
    expect(all).toContain("Suds & Co");
    expect(all).toContain("#0F766E");
    expect(all).toContain("Playfair Display");
    expect(raw.toString("latin1")).toMatch(/PlayfairDisplay-Bold/);
  });

  it("is deterministic, works without a logo, and shows the watermark only when asked", async () => {
    expect((await renderGuidelinesPdf(brand, logo, { date })).equals(await renderGuidelinesPdf(brand, logo, { date }))).toBe(true);
    expect((await readPdf(await renderGuidelinesPdf(brand, null, { date }))).pages).toBe(8);
    const marked = await readPdf(await renderGuidelinesPdf(brand, logo, { date, watermark: true }));
    expect(marked.text.every((t) => t.includes("Made with LaunchKit"))).toBe(true);
    const plain = await readPdf(await renderGuidelinesPdf(brand, logo, { date }));
    expect(plain.text.some((t) => t.includes("Made with LaunchKit"))).toBe(false);
  });
});
