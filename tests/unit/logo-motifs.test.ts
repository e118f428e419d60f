import fs from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { drawLogoSvg } from "~/kit/assets/logo/builtin-art";
import { builtinConcept } from "~/kit/assets/logo/concept";
import type { GenerationInput } from "~/kit/input";
import type { AIProvider, StructuredRequest } from "~/ai/types";
import { builtinMarks, MARK_DESIGNS, motifMark } from "~/kit/assets/logo/builtin-marks";
import { colourName, conceptArtFor, conceptArtPrompt } from "~/kit/assets/logo/concept-art.server";
import { paintMark, type Mark } from "~/kit/assets/logo/mark";
import { understandIdea } from "~/kit/understanding";
import { isMotif, matchMotifs, motifsFor, singular } from "~/kit/assets/logo/motifs.server";
import { LOGO_FILES, renderLogoFile } from "~/kit/assets/logo/render.server";
import { sanitizeMarkSvg } from "~/kit/assets/logo/sanitize";
import { motifCandidates, offlineMarks } from "~/kit/assets/logo/marks.server";
import { generateMarks } from "~/kit/assets/logo/step.server";
import { BrandSchema, type Brand, type Palette } from "~/kit/brand/brand";

/**
 * Marks about the business: motifs from Tabler's icons chosen by
 * the words of the idea (and by the model from the set's names), composed
 * into containers, monograms and emblems in the brand's palette, and concept
 * art that shows the same motif in the same colours.
 */

const ICONS = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve("@tabler/icons/icons.json"), "utf8")) as Record<string, { name: string }>;
const inSet = (name: string) => Object.hasOwn(ICONS, name) && ICONS[name]!.name === name;

const base = { target_audience: "Busy people", geographic_market: "Not specified", tone_of_voice: "friendly", competitors: "Not specified", primary_goal: "collect emails" };
const COFFEE: GenerationInput = { ...base, business_idea: "A coffee subscription box for remote teams", brand_vibe: "cozy" };
const GROOMING: GenerationInput = { ...base, business_idea: "A mobile dog grooming van in Austin", geographic_market: "Austin, TX", brand_vibe: "playful" };
const FIGMA: GenerationInput = { ...base, business_idea: "An open-source tool that turns Figma files into React code", brand_vibe: "neon tech" };
const IDEAS = [COFFEE, GROOMING, FIGMA];
const VIBES = ["neon tech", "minimalist", "cozy", "editorial", "playful", "corporate"];

const LIGHT: Palette = { primary: "#C2410C", secondary: "#84A98C", accent: "#F2CC8F", background: "#FDF6EC", text: "#3D2C23" };
const DARK: Palette = { primary: "#4ADE80", secondary: "#38BDF8", accent: "#FACC15", background: "#0A0F1C", text: "#F1F5F9" };

function brand(name: string, palette: Palette = LIGHT): Brand {
  return BrandSchema.parse({
    name,
    nameIdeas: Array.from({ length: 5 }, (_, i) => ({ name: `Idea ${i}`, reason: "A reason." })),
    tagline: "Launch faster.",
    taglineAlternatives: ["One", "Two", "Three"],
    positioning: "For founders.",
    voice: { dos: ["a", "b", "c"], donts: ["d", "e", "f"], samples: ["g", "h"] },
    palette,
    fonts: { heading: "fraunces", body: "inter" },
  });
}

const painted = (mark: Mark, palette: Palette) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}">${paintMark(mark.body, palette)}</svg>`;

/** Share of pixels with some ink. */
function inked(svg: string, width: number): number {
  // `pixels` is a getter that copies the whole buffer: read it once.
  const pixels = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().pixels;
  let n = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 64) n++;
  return n / (pixels.length / 4);
}

/** A provider whose model answers the logo_marks request with `marks`, and records the request. */
function fakeModel(marks: unknown[]) {
  const requests: StructuredRequest<unknown>[] = [];
  const provider = {
    name: "openai",
    textModel: "fake",
    imageModel: "fake",
    async structured<T>(request: StructuredRequest<T>) {
      requests.push(request as StructuredRequest<unknown>);
      return request.schema.parse({ marks });
    },
  } as unknown as AIProvider;
  return { provider, requests };
}

describe("choosing motifs offline", () => {
  it("reads the words of the idea: a coffee box gets a cup, a grooming van a dog, a Figma-to-React tool code", () => {
    expect(matchMotifs(COFFEE.business_idea).slice(0, 3)).toEqual(["coffee", "cup", "mug"]);
    expect(matchMotifs(GROOMING.business_idea).slice(0, 3)).toEqual(["dog", "paw", "scissors"]);
    expect(["code", "brackets", "braces", "source-code"]).toContain(matchMotifs(FIGMA.business_idea)[0]);
    // The customers after "for" and generic words (box, tool, van) do not lead.
    expect(matchMotifs("Yoga classes for new parents")[0]).toBe("yoga");
    expect(matchMotifs("Sourdough bakery with weekend delivery")[0]).toBe("bread");
  });

  it("marks for a coffee idea use a coffee or cup motif, a dog grooming van a dog, paw or scissors, a Figma-to-React tool code or brackets", () => {
    const allowed: [GenerationInput, string[]][] = [
      [COFFEE, ["coffee", "cup", "mug"]],
      [GROOMING, ["dog", "paw", "scissors"]],
      [FIGMA, ["code", "brackets", "braces", "source-code", "terminal", "terminal-2", "file-code", "file-code-2"]],
    ];
    for (const [input, motifs] of allowed) {
      for (const salt of ["", "1", "2"]) {
        const marks = offlineMarks(input, brand("Kettle"), salt);
        for (const mark of marks) expect(motifs, `${input.business_idea}: ${mark.label}`).toContain(mark.motif);
        expect(marks[0].motif).toBe(motifsFor(input)[0]);
      }
    }
  });

  it("puts first an icon the idea names, then what the understanding and the tag matcher agree on, then the understanding's other motifs", () => {
    for (const input of IDEAS) {
      const motifs = motifsFor(input);
      expect(motifs.length).toBeLessThanOrEqual(20);
      for (const m of understandIdea(input).motifs.filter(isMotif)) expect(motifs, input.business_idea).toContain(m);
    }
    expect(motifsFor(COFFEE).slice(0, 2)).toEqual(["coffee", "cup"]);
    expect(motifsFor({ ...COFFEE, business_idea: "Handmade ceramic mugs" })[0]).toBe("mug");
    expect(motifsFor({ ...COFFEE, business_idea: "Sourdough bakery with weekend delivery" }).slice(0, 2)).toEqual(["bread", "baguette"]);
    // Words nothing in the set is about: the understanding's general motifs.
    expect(motifsFor({ ...COFFEE, business_idea: "Zyxx qorbl" }).every(isMotif)).toBe(true);
  });

  it("never picks another company's logo, a letter or a crossed-out variant", () => {
    for (const idea of ["Figma plugin for React teams", "Twitter scheduling tool", "GitHub issue tracker", "Letter A stickers", "No coffee"]) {
      for (const name of matchMotifs(idea)) expect(name, idea).not.toMatch(/^brand-|^letter-|-off$|^file-type-/);
    }
  });

  it("every motif of every mark and every candidate is an icon of @tabler/icons", () => {
    const ideas = [...IDEAS.map((i) => i.business_idea), "Handmade ceramic mugs", "Home cleaning in Leeds", "Bookkeeping for freelance designers", "zzzz qqqq"];
    for (const idea of ideas) {
      const input = { ...COFFEE, business_idea: idea };
      const candidates = motifCandidates(input);
      expect(candidates.length).toBeGreaterThanOrEqual(10);
      expect(candidates.length).toBeLessThanOrEqual(20);
      for (const name of [...candidates, ...matchMotifs(idea)]) expect(inSet(name), name).toBe(true);
      for (const vibe of VIBES) for (const m of offlineMarks({ ...input, brand_vibe: vibe }, brand("Kettle"))) expect(inSet(m.motif!), m.motif).toBe(true);
    }
    expect(isMotif("brand-figma")).toBe(false);
    expect(isMotif("not-an-icon")).toBe(false);
  });

  it("an idea with no motif still gets marks, from a generic motif", () => {
    const marks = offlineMarks({ ...COFFEE, business_idea: "Zyxx qorbl" }, brand("Zyxx"));
    expect(marks).toHaveLength(3);
    for (const m of marks) expect(inSet(m.motif!)).toBe(true);
  });

  it("reads plurals as the icon set's singular", () => {
    expect(["puppies", "boxes", "teams", "glass", "analysis", "bus"].map(singular)).toEqual(["puppy", "box", "team", "glass", "analysis", "bus"]);
  });
});

describe("composed marks", () => {
  it("pass the sanitiser unchanged and render with resvg to non-empty PNGs, at 16 px too", () => {
    for (const input of IDEAS) {
      for (const vibe of VIBES) {
        for (const palette of [LIGHT, DARK]) {
          for (const mark of offlineMarks({ ...input, brand_vibe: vibe }, brand("Kettle", palette))) {
            const name = `${input.business_idea} ${vibe} ${mark.label}`;
            const svg = painted(mark, palette);
            const result = sanitizeMarkSvg(svg, { label: mark.label });
            expect(result.ok, name).toBe(true);
            if (result.ok) expect(result.dropped, name).toEqual([]);
            expect(inked(svg, 256), name).toBeGreaterThan(0.1);
            expect(inked(svg, 16), name).toBeGreaterThan(0.06);
            const png = new Resvg(svg, { fitTo: { mode: "width", value: 128 } }).render().asPng();
            expect(png.subarray(1, 4).toString()).toBe("PNG");
          }
        }
      }
    }
  });

  it("keep the icon's strokes explicit: width, round caps and joins on every icon", () => {
    const marks = offlineMarks(GROOMING, brand("Pawpal"));
    for (const mark of marks) {
      const groups = [...mark.body.matchAll(/<g transform="translate\([^)]*\) scale\([^)]*\)"([^>]*)>/g)].map((m) => m[1]!);
      expect(groups.length, mark.label).toBeGreaterThan(0);
      for (const g of groups) expect(g).toMatch(/fill="none" stroke="@\w+" stroke-width="[\d.]+" stroke-linecap="round" stroke-linejoin="round"/);
    }
  });

  it("every logo file renders with the motif marks (light, dark, stacked, horizontal, icons)", () => {
    const b = brand("Coffebloom");
    const logo = { marks: offlineMarks(COFFEE, b), selected: 0 };
    for (const file of LOGO_FILES) {
      const out = renderLogoFile(b, logo, file.name)!;
      expect(out.body.length, file.name).toBeGreaterThan(100);
      if (file.name.endsWith(".svg")) {
        expect(out.body.toString()).toContain('stroke-linecap="round"');
        expect(inked(out.body.toString(), 400), file.name).toBeGreaterThan(0.03);
      }
    }
  });

  it("a monogram takes the brand's initial and the motif; the designs a model may name are all drawn", () => {
    expect(builtinMarks("s", "cozy", { name: "Kettle", motifs: ["coffee"] })[1]).toMatchObject({ label: "Monogram with coffee", motif: "coffee" });
    const bodies = new Set<string>();
    for (const design of MARK_DESIGNS) {
      const mark = motifMark(design, "paw", "playful", { name: "Pawpal" })!;
      expect(mark.motif).toBe("paw");
      bodies.add(mark.body);
    }
    expect(bodies.size).toBe(MARK_DESIGNS.length);
    expect(motifMark("circle", "brand-figma", "cozy")).toBeNull();
  });
});

describe("the model picks motifs from the set's names", () => {
  it("gets about 20 candidate names, the first mark's motif and design, and the marks are composed from its choices", async () => {
    const b = brand("Pawpal");
    const { provider, requests } = fakeModel([
      { label: "Paw seal", motif: "paw", design: "seal" },
      { label: "Dog circle", motif: "dog", design: "circle" },
      { label: "Cut", motif: "scissors", design: "ring" },
    ]);
    const logo = await generateMarks(GROOMING, b, provider);
    const user = requests[0]!.user;
    const names = user.match(/Candidate motifs, best first: (.*)\./)![1]!.split(", ");
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(names.length).toBeLessThanOrEqual(20);
    expect(names.slice(0, 3)).toEqual(["dog", "paw", "scissors"]);
    expect(user).toMatch(/First mark: motif dog, design \w+\./);
    // The concept art shows the dog: the model's dog mark comes first.
    expect(logo.marks.map((m) => m.motif)).toEqual(["dog", "paw", "scissors"]);
    expect(logo.marks.map((m) => m.label)).toEqual(["Dog circle", "Paw seal", "Cut"]);
    expect(logo.marks.every((m) => m.source === "ai")).toBe(true);
    expect(logo.note).toBeUndefined();
  });

  it("accepts only names of the set: an unknown name or another company's logo gives LaunchKit's mark of the first candidate; free SVG still passes the sanitiser", async () => {
    const { provider } = fakeModel([
      { label: "Made up", motif: "doggo-van-deluxe", design: "circle" },
      { label: "Free drawn", svg: '<svg viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="#7C3AED"/><script>alert(1)</script></svg>' },
      { label: "Logo of someone", motif: "brand-figma", design: "tile" },
    ]);
    const logo = await generateMarks(GROOMING, brand("Pawpal"), provider);
    expect(logo.marks).toHaveLength(3);
    expect(logo.marks[0]).toMatchObject({ label: "Free drawn", source: "ai" });
    expect(logo.marks[0]!.body).not.toMatch(/script/);
    expect(logo.marks.slice(1).map((m) => m.source)).toEqual(["builtin", "builtin"]);
    expect(logo.marks[1]!.motif).toBe("dog");
    expect(logo.note).toMatch(/1 of the marks was designed by the AI model; 2 are LaunchKit marks/);
  });
});

describe("concept art agrees with the marks", () => {
  for (const [input, palette] of [
    [COFFEE, LIGHT],
    [FIGMA, DARK],
  ] as const) {
    it(`shows the first mark's motif in the palette: ${input.business_idea}`, () => {
      const b = brand("Kettle", palette);
      const art = conceptArtFor(input, b);
      const first = offlineMarks(input, b)[0];
      expect(art.motif).toBe(first.motif);
      expect(art.mark).toEqual(first);

      const prompt = conceptArtPrompt(art);
      expect(prompt).toContain(art.motif.replace(/-/g, " "));
      for (const hex of [palette.primary, palette.background]) expect(prompt).toContain(hex);
      expect(builtinConcept(input, art).final_logo_concept).toContain(art.motif.replace(/-/g, " "));

      const svg = drawLogoSvg(input, new Uint8Array([1, 2, 3, 4, 5, 6, 7]), art);
      // The builtin picture draws the first mark itself, and no colour outside the palette.
      expect(svg).toContain(paintMark(first.body, palette));
      const colours = new Set([...svg.matchAll(/#[0-9A-Fa-f]{6}\b/g)].map((m) => m[0].toUpperCase()));
      for (const c of colours) expect(Object.values(palette), c).toContain(c);
      expect(inked(svg, 256)).toBeGreaterThan(0.5);
    });
  }

  it("names colours in plain words for the image prompt", () => {
    expect(colourName("#FFFFFF")).toBe("white");
    expect(colourName("#0A0F1C")).toBe("near-black");
    expect(colourName("#C2410C")).toMatch(/orange/);
    expect(colourName("#1E3A8A")).toBe("deep blue");
    expect(colourName("#FDF6EC")).toBe("cream");
  });
});
