import { describe, expect, test } from "vitest";
import { FONT_IDS } from "~/kit/brand/fonts";
import { fontBytes, fontPath, loadFont } from "~/kit/brand/fonts.server";
import { wordmark } from "~/kit/brand/wordmark.server";

describe("font files", () => {
  test("every catalogue font loads from its @fontsource package, latin and latin-ext", () => {
    for (const id of FONT_IDS) {
      expect(fontPath(id, 700)).toMatch(new RegExp(`@fontsource/${id}/files/${id}-latin-\\d00-normal\\.woff$`));
      expect(fontBytes(id, 400).subarray(0, 4).toString("latin1")).toBe("wOFF");
      expect(loadFont(id, 700).hasGlyphForCodePoint("A".codePointAt(0)!)).toBe(true);
      expect(loadFont(id, 700, "latin-ext").hasGlyphForCodePoint("Ł".codePointAt(0)!)).toBe(true);
    }
  });

  test("a weight the family does not ship falls back to the nearest it does", () => {
    expect(fontPath("dm-serif-display", 700)).toMatch(/dm-serif-display-latin-400-normal\.woff$/);
  });

  test("parsed fonts are cached", () => {
    expect(loadFont("inter", 700)).toBe(loadFont("inter", 700));
  });
});

describe("wordmark", () => {
  test("sets a name as one outlined path with the font's metrics", () => {
    const w = wordmark("Acme", "inter");
    expect(w.d).toMatch(/^M[-\d.]+ [-\d.]+/);
    expect(w.d).toMatch(/Z$/);
    expect(w.fontSize).toBe(100);
    expect(w.width).toBeGreaterThan(150);
    expect(w.capHeight).toBeGreaterThan(60);
    expect(w.capHeight).toBeLessThan(w.ascent);
    expect(w.descent).toBeGreaterThan(0);
    // Caps sit on the baseline (y = 0) and reach up to the cap height (negative y).
    expect(w.bounds!.minY).toBeCloseTo(-w.capHeight, -1);
    expect(w.bounds!.maxY).toBeLessThan(5);
  });

  test("the width grows with the text and scales with the font size", () => {
    const widths = ["Acme", "Acme Labs", "Acme Laboratories International"].map((t) => wordmark(t, "lora").width);
    expect(widths[0]).toBeLessThan(widths[1]!);
    expect(widths[1]).toBeLessThan(widths[2]!);
    expect(wordmark("Acme", "lora", { fontSize: 50 }).width).toBeCloseTo(widths[0]! / 2, 0);
  });

  test("kerning comes from the font's layout", () => {
    const pair = wordmark("AV", "inter").width;
    expect(pair).toBeLessThan(wordmark("A", "inter").width + wordmark("V", "inter").width - 1);
  });

  test("each font gives its own outlines", () => {
    const paths = FONT_IDS.map((id) => wordmark("Northwind", id).d);
    for (const d of paths) expect(d.length).toBeGreaterThan(100);
    expect(new Set(paths).size).toBe(FONT_IDS.length);
  });

  test("the same input gives the same path", () => {
    const a = wordmark("Same Input", "fraunces");
    expect(wordmark("Same Input", "fraunces")).toEqual(a);
    expect(wordmark("Same Input", "fraunces", { letterSpacing: 0.02 }).width).toBeGreaterThan(a.width);
  });

  test("accents are drawn, composed or not, and reach above the capitals", () => {
    const plain = wordmark("Cafe Zoe", "playfair-display");
    const accented = wordmark("Café Zoë", "playfair-display");
    expect(accented.d).not.toBe(plain.d);
    expect(accented.bounds!.minY).toBeLessThan(plain.bounds!.minY);
    expect(wordmark("Cafe\u0301 Zoe\u0308", "playfair-display").d).toBe(accented.d);
  });

  test("letters outside the latin file come from latin-ext", () => {
    const w = wordmark("Łódź", "poppins");
    expect(w.width).toBeGreaterThan(wordmark("ódź", "poppins").width);
  });

  test("empty and whitespace names give an empty path of width 0", () => {
    for (const name of ["", "   ", "\n\t", "\u200d"]) {
      expect(wordmark(name, "inter")).toMatchObject({ d: "", width: 0, bounds: null });
    }
  });

  test("characters no font has are skipped, with their spacing", () => {
    expect(wordmark("🚀 Rocket", "inter").width).toBe(wordmark("Rocket", "inter").width);
    expect(wordmark("Rocket 🚀", "inter").d).toBe(wordmark("Rocket", "inter").d);
    expect(wordmark("東京", "inter")).toMatchObject({ d: "", width: 0 });
    expect(wordmark("Tokyo  東京  Sushi", "inter").width).toBe(wordmark("Tokyo Sushi", "inter").width);
  });

  test("never throws, whatever the name", () => {
    const names = [
      "Café Zoë",
      "Ørsted & Co",
      "Ŧħë Ŵëïŗď Ĉø",
      "🚀🔥 Launch",
      "👩‍👩‍👧 Family",
      "寿司 Tokyo",
      "שלום Shalom",
      "مرحبا",
      "Ω≈ç√∫˜µ≤≥÷",
      "\u0000\u0007\u001b[31m",
      "\uD800 lone surrogate",
      "a\u0301\u0302\u0303\u0304",
      "W".repeat(40),
      "<script>&amp;</script>",
      "ﬁﬂ ligatures",
    ];
    for (const id of FONT_IDS) {
      for (const name of names) {
        const w = wordmark(name, id);
        expect(typeof w.d).toBe("string");
        expect(Number.isFinite(w.width)).toBe(true);
        expect(w.d).not.toMatch(/NaN|Infinity/);
      }
    }
  });
});
