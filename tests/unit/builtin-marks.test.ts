import crypto from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { builtinMarks, sha256 } from "~/kit/assets/logo/builtin-marks";
import { MarkSchema, paintMark, type Mark } from "~/kit/assets/logo/mark";
import { sanitizeMarkSvg } from "~/kit/assets/logo/sanitize";

const VIBES = ["neon tech", "minimalist", "cozy", "editorial", "playful", "corporate"];
const SEEDS = ["Acme", "Bloom Bakery", "Zenith Labs", "quill & ink", "Ölberg", "7 Summits", "d3b07384-d9a0-4c1f-9f2b-5c1a7e3b2f10"];
/** Each seed doubles as the brand name, so monograms are part of every check. */
const marksOf = (seed: string, vibe: string) => builtinMarks(seed, vibe, { name: seed });
const palette = { primary: "#4F46E5", secondary: "#0EA5E9", accent: "#F59E0B", background: "#FFFFFF", text: "#0F172A" };

/** The mark as a standalone SVG, the way the app exports it. */
const painted = (mark: Mark, viewBox = mark.viewBox) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${paintMark(mark.body, palette)}</svg>`;

/** Alpha channel of a render at `size` px. */
function alpha(svg: string, size: number): Uint8Array {
  const pixels = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().pixels;
  const out = new Uint8Array(pixels.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = pixels[i * 4 + 3]!;
  return out;
}

describe("sha256", () => {
  it("matches node:crypto, across block boundaries and for non-ASCII text", () => {
    for (const text of ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "x".repeat(1000), "Ölberg café ☕"]) {
      expect(Buffer.from(sha256(text)).toString("hex")).toBe(crypto.createHash("sha256").update(text).digest("hex"));
    }
  });
});

describe("builtinMarks", () => {
  it("is deterministic", () => {
    for (const vibe of VIBES) expect(marksOf("Acme", vibe)).toEqual(marksOf("Acme", vibe));
  });

  it("usually differs from one seed to the next", () => {
    for (const vibe of VIBES) {
      const sets = new Set(Array.from({ length: 20 }, (_, i) => builtinMarks(`Brand ${i}`, vibe).map((m) => m.body).join("|")));
      expect(sets.size, vibe).toBeGreaterThanOrEqual(15);
    }
  });

  it.each(VIBES)("gives three distinct, valid, text-free marks in role colours for %s", (vibe) => {
    for (const seed of SEEDS) {
      const marks = marksOf(seed, vibe);
      expect(marks).toHaveLength(3);
      expect(new Set(marks.map((m) => m.label)).size).toBe(3);
      expect(new Set(marks.map((m) => m.body)).size).toBe(3);
      for (const mark of marks) {
        expect(MarkSchema.parse(mark)).toEqual(mark);
        expect(mark).toMatchObject({ source: "builtin", viewBox: "0 0 100 100" });
        expect(mark.body).not.toMatch(/<(text|tspan|textPath|use|image|style|script)\b/i);
        for (const [, value] of mark.body.matchAll(/\b(?:fill|stroke)="([^"]*)"/g)) {
          expect(value).toMatch(/^(none|@(primary|secondary|accent|background|text))$/);
        }
      }
    }
  });

  it("reads back through the sanitiser unchanged", () => {
    for (const vibe of VIBES) {
      for (const seed of SEEDS) {
        for (const mark of marksOf(seed, vibe)) {
          const result = sanitizeMarkSvg(painted(mark), { label: mark.label });
          expect(result.ok, `${vibe} ${mark.label}`).toBe(true);
          if (!result.ok) continue;
          // The sanitiser keeps the drawing; which icon it came from is not in the SVG.
          const { motif: _motif, ...drawing } = mark;
          expect(result.mark, `${vibe} ${mark.label}`).toEqual({ ...drawing, source: "ai" });
          expect(result.dropped).toEqual([]);
        }
      }
    }
  });

  it("renders at 16 and 1024 px, stays inside its box, and is not a speck at 16 px", () => {
    for (const vibe of VIBES) {
      for (const [s, seed] of SEEDS.slice(0, 4).entries()) {
        for (const mark of marksOf(seed, vibe)) {
          const name = `${vibe} ${mark.label}`;
          const small = alpha(painted(mark), 16);
          const inked = small.filter((a) => a > 64).length / small.length;
          expect(inked, name).toBeGreaterThan(0.1);
          if (s === 0) expect(alpha(painted(mark), 1024).some((a) => a > 0), name).toBe(true);
          // Rendered with a 10-unit margin at 2 px a unit: no ink may fall in the margin.
          const framed = alpha(painted(mark, "-10 -10 120 120"), 240);
          const outside = framed.filter((a, i) => {
            const [x, y] = [i % 240, Math.floor(i / 240)];
            return a > 0 && (x < 19 || x > 220 || y < 19 || y > 220);
          });
          expect(outside.length, name).toBe(0);
        }
      }
    }
  });

  it("draws monograms only from a given brand name's initial", () => {
    const labels = (seed: string, name?: string) => VIBES.flatMap((vibe) => builtinMarks(seed, vibe, { name }).map((m) => m.label));
    const seeds = Array.from({ length: 20 }, (_, i) => `answers ${i}`);
    expect(seeds.flatMap((seed) => labels(seed, "Acme")).filter((l) => l.startsWith("Monogram")).length).toBe(seeds.length * VIBES.length);
    expect(seeds.flatMap((seed) => labels(seed)).some((l) => l.startsWith("Monogram"))).toBe(false);
    expect(seeds.flatMap((seed) => labels(seed, "123 ☕")).some((l) => l.startsWith("Monogram"))).toBe(false);
    const badges = seeds.map((seed) => builtinMarks(seed, "cozy", { name: "Kite", motifs: ["wind"] })[1]);
    expect(badges.every((m) => m.label === "Monogram with wind")).toBe(true);
    expect(new Set(badges.map((m) => m.body)).size).toBe(1); // every "K…" brand with this motif gets the same K monogram
    // Only the initial matters, accents folded: "Ölberg" and "Oak" draw the same O.
    for (const seed of seeds) expect(builtinMarks(seed, "cozy", { name: "Ölberg" })).toEqual(builtinMarks(seed, "cozy", { name: "Oak" }));
  });

  it("falls back to a minimalist set for an unknown vibe", () => {
    expect(builtinMarks("Acme", "brutalist")).toEqual(builtinMarks("Acme", "minimalist"));
  });
});
