import { describe, expect, it } from "vitest";
import { WATERMARK_TEXT } from "~/kit/plans/plans";
import { fitDeck } from "~/kit/assets/deck/fit.server";
import { SIZES, withCurrentName } from "~/kit/assets/deck/geometry";
import { renderDeckPdf } from "~/kit/assets/deck/render-pdf.server";
import { renderDeckPptx } from "~/kit/assets/deck/render-pptx.server";
import { DeckContentSchema, SLIDE_KEYS } from "~/kit/assets/deck/schema";
import { makeBrand, makeDeck, makeLogo } from "../support/kit-fixtures";
import { readPdf, readPptx } from "../support/readers";

const brand = makeBrand();
const deck = makeDeck(brand);
const logo = makeLogo();
const date = new Date("2026-03-04T05:06:07Z");

describe("the pitch deck as PPTX", () => {
  it("has a cover and 5 slides at 16:9 with the right titles, real text boxes and speaker notes on every slide", async () => {
    const pptx = await readPptx(await renderDeckPptx(brand, deck, logo, { date }));
    expect(pptx.slideSize).toEqual({ cx: 9144000, cy: 5143500 });
    expect(pptx.slides).toHaveLength(6);
    expect(pptx.slides.map((s) => s.title)).toEqual([brand.name, ...SLIDE_KEYS.map((k) => deck[k].title)]);
    expect(pptx.slides[0]!.texts).toContain(brand.tagline);
    expect(pptx.slides[0]!.notes).toContain(brand.name);
    SLIDE_KEYS.forEach((k, i) => {
      const slide = pptx.slides[i + 1]!;
      for (const bullet of deck[k].bullets) expect(slide.texts).toContain(bullet);
      expect(slide.notes).toBe(deck[k].notes);
      expect(slide.notes.length).toBeGreaterThan(40);
    });
    expect(pptx.slides[3]!.texts).toContain(deck.market.howMany);
    expect(pptx.slides[3]!.texts.join(" ")).toMatch(/^.*Estimate: an assumption to check/);
  });

  it("uses the brand's colours and names its fonts (serif fonts marked as serif for substitutes), in the theme too", async () => {
    const pptx = await readPptx(await renderDeckPptx(brand, deck, logo, { date }));
    const all = pptx.slides.map((s) => s.xml).join("");
    expect(all).toContain('typeface="Fraunces" pitchFamily="18"');
    expect(all).toContain('typeface="Nunito" pitchFamily="34"');
    expect(all).toContain(`<a:srgbClr val="${brand.palette.primary.slice(1)}"/>`);
    const master = await pptx.read("ppt/slideMasters/slideMaster1.xml");
    const layout = (await Promise.all(Object.keys(pptx.zip.files).filter((n) => n.includes("slideLayouts/slideLayout")).map((n) => pptx.read(n)))).join("");
    expect(master + layout).toContain(brand.palette.background.slice(1));
    const theme = await pptx.read("ppt/theme/theme1.xml");
    expect(theme).toMatch(/<a:majorFont><a:latin typeface="Fraunces"/);
    expect(theme).toMatch(/<a:minorFont><a:latin typeface="Nunito"/);
  });

  it("carries the logo once (on the master), as a sharp PNG (300 dpi at its placed size), and the mark once on the cover", async () => {
    const pptx = await readPptx(await renderDeckPptx(brand, deck, logo, { date }));
    // The footer logo and the cover's mark.
    expect(pptx.media).toHaveLength(2);
    for (const name of pptx.media) {
      const png = await pptx.zip.file(name)!.async("nodebuffer");
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(300);
    }
    const rels = (await Promise.all(Object.keys(pptx.zip.files).filter((n) => /slides\/_rels\/slide\d+\.xml\.rels$/.test(n)).map((n) => pptx.read(n)))).join("");
    expect(rels.match(/\.\.\/media\//g)).toHaveLength(1);
  });

  it("is byte-identical for the same input (dates come from the options, not the clock), and dated by them", async () => {
    const a = await renderDeckPptx(brand, deck, logo, { date });
    await new Promise((r) => setTimeout(r, 1100));
    const b = await renderDeckPptx(brand, deck, logo, { date });
    expect(a.equals(b)).toBe(true);
    const core = await (await readPptx(a)).read("docProps/core.xml");
    expect(core).toContain("2026-03-04T05:06:07Z");
  });

  it("puts the watermark on every slide only when asked", async () => {
    const plain = await readPptx(await renderDeckPptx(brand, deck, logo, { date }));
    const marked = await readPptx(await renderDeckPptx(brand, deck, logo, { date, watermark: true }));
    expect(plain.slides.every((s) => !s.texts.includes(WATERMARK_TEXT))).toBe(true);
    expect(marked.slides.every((s) => s.texts.includes(WATERMARK_TEXT))).toBe(true);
  });

  it("follows a brand rename without the AI: the old name is gone from every slide and note", async () => {
    const renamed = { ...brand, name: "Pawsome Mobile" };
    const pptx = await readPptx(await renderDeckPptx(renamed, deck, logo, { date }));
    const all = pptx.slides.map((s) => s.texts.join(" ") + s.notes).join(" ");
    expect(deck.solution.bullets.join(" ")).toContain(brand.name);
    expect(all).toContain("Pawsome Mobile");
    expect(all).not.toContain(brand.name);
  });

  it("names at most three sources on the market slide and lists them all, with their addresses, in its notes", async () => {
    const sources = Array.from({ length: 5 }, (_, i) => ({ title: `Study ${i + 1}`, url: `https://example.org/s${i + 1}` }));
    const pptx = await readPptx(await renderDeckPptx(brand, makeDeck(brand, { basis: "research", sources }), logo, { date }));
    const market = pptx.slides[3]!;
    expect(market.texts.join(" ")).toContain("Study 3");
    expect(market.texts.join(" ")).not.toContain("Study 4");
    expect(market.texts.join(" ")).toContain("and 2 more in the notes");
    for (const s of sources) expect(market.notes).toContain(`${s.title}: ${s.url}`);
  });

  it("links the market's sources when the research has them", async () => {
    const sourced = makeDeck(brand, { basis: "research", sources: [{ title: "Pet ownership survey 2025", url: "https://example.org/pets" }] });
    const pptx = await readPptx(await renderDeckPptx(brand, sourced, logo, { date }));
    const rels = await pptx.read("ppt/slides/_rels/slide4.xml.rels");
    expect(rels).toContain("https://example.org/pets");
    expect(pptx.slides[3]!.texts.join(" ")).toContain("Pet ownership survey 2025");
    expect(pptx.slides[3]!.texts).toContain("FROM RESEARCH");
  });
});

describe("the pitch deck as PDF", () => {
  it("has a cover and 5 pages of 10 × 5.625 in, the business name, the slides' text and the brand's fonts embedded", async () => {
    const bytes = await renderDeckPdf(brand, deck, logo, { date });
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(6);
    expect(pdf.sizes.every((s) => s.width === 720 && s.height === 405)).toBe(true);
    expect(pdf.text[0]).toContain(brand.name);
    // Letter-spaced small capitals come out of the PDF as single letters.
    expect(pdf.text[0]!.replace(/\s/g, "")).toContain("PITCHDECK");
    SLIDE_KEYS.forEach((k, i) => expect(pdf.text[i + 1]).toContain(deck[k].title.split(" ")[0]));
    expect(pdf.text[3]).toContain("Estimate");
    const raw = bytes.toString("latin1");
    expect(raw.match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(2);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Fraunces-Bold/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Nunito-Regular/);
    // The logo is vector paths, not an image.
    expect(raw).not.toContain("/Subtype /Image");
  });

  it("is deterministic, shows the watermark only when asked, and links the sources", async () => {
    expect((await renderDeckPdf(brand, deck, logo, { date })).equals(await renderDeckPdf(brand, deck, logo, { date }))).toBe(true);
    const marked = await readPdf(await renderDeckPdf(brand, deck, logo, { date, watermark: true }));
    expect(marked.text.every((t) => t.includes("Made with LaunchKit"))).toBe(true);
    const plain = await readPdf(await renderDeckPdf(brand, deck, logo, { date }));
    expect(plain.text.some((t) => t.includes("Made with LaunchKit"))).toBe(false);
    const sourced = makeDeck(brand, { basis: "research", sources: [{ title: "Pet survey", url: "https://example.org/pets" }] });
    const linked = await readPdf(await renderDeckPdf(brand, sourced, logo, { date }));
    expect(linked.links).toContain("https://example.org/pets");
    expect(linked.text[3]).toContain("Sources:");
  });

  it("renders without a logo and with letters outside Latin-1 in the name", async () => {
    const polish = { ...brand, name: "Łódź Psy" };
    const pdf = await readPdf(await renderDeckPdf(polish, deck, null, { date }));
    expect(pdf.pages).toBe(6);
    // Letters from another font file of the chain come as separate text runs.
    expect(pdf.text.join("").replace(/\s/g, "")).toContain("ŁódźPsy");
  });
});

describe("fitting text to the slides", () => {
  it("keeps every size in range and shrinks long text", () => {
    const long = DeckContentSchema.parse({
      ...deck,
      problem: { ...deck.problem, title: "W".repeat(10) + " a very long headline that goes on and on", bullets: Array(4).fill("x ".repeat(70).trim()) },
    });
    const slides = fitDeck(brand, long);
    for (const s of slides) {
      expect(s.sizes.title).toBeGreaterThanOrEqual(SIZES.title.min);
      expect(s.sizes.title).toBeLessThanOrEqual(SIZES.title.max);
      expect(s.sizes.bullets).toBeGreaterThanOrEqual(SIZES.bullets.min);
    }
    const normal = fitDeck(brand, deck)[0]!;
    expect(slides[0]!.sizes.bullets).toBeLessThan(normal.sizes.bullets);
    expect(slides[0]!.sizes.title).toBeLessThan(normal.sizes.title);
  });

  it("swaps only the name the deck was written for", () => {
    const renamed = withCurrentName(deck, "Newname");
    expect(renamed.writtenFor).toBe("Newname");
    expect(JSON.stringify(renamed)).not.toContain(brand.name);
    expect(withCurrentName(deck, brand.name)).toBe(deck);
  });

  it("swaps whole words only", () => {
    const short = { ...deck, writtenFor: "Fig", problem: { ...deck.problem, title: "Fig: Figures that Fig's buyers trust" } };
    expect(withCurrentName(short, "Plum").problem.title).toBe("Plum: Figures that Plum's buyers trust");
  });
});
