import { converter, formatHex } from "culori";
import { describe, expect, test } from "vitest";
import { PALETTE_ROLES, type Palette } from "~/kit/brand/brand";
import {
  buttonTextColor,
  cmykApprox,
  contrastPairs,
  contrastRatio,
  fixPalette,
  formatRatio,
  hexToRgb,
  nearestPassingColor,
  readsAsButton,
  relativeLuminance,
  rgbToHex,
} from "~/kit/brand/palette";

const oklch = converter("oklch");

const palette = (p: Partial<Palette> = {}): Palette => ({
  primary: "#4F46E5",
  secondary: "#0EA5E9",
  accent: "#F59E0B",
  background: "#FFFFFF",
  text: "#111827",
  ...p,
});

describe("contrast maths", () => {
  test.each([
    ["#FFFFFF", "#000000", 21],
    ["#777777", "#FFFFFF", 4.48],
    ["#767676", "#FFFFFF", 4.54],
    ["#0000FF", "#FFFFFF", 8.59],
    ["#FF0000", "#FFFFFF", 4.0],
    ["#808080", "#FFFFFF", 3.95],
    ["#595959", "#FFFFFF", 7.0],
    ["#FFFFFF", "#FFFFFF", 1],
  ])("%s on %s is %s:1", (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(bg, fg)).toBe(contrastRatio(fg, bg));
  });

  test("the 0.04045 and WCAG's printed 0.03928 thresholds agree on every 8-bit value", () => {
    const wcag = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    for (let v = 0; v < 256; v++) {
      const hex = rgbToHex({ r: v, g: v, b: v });
      expect(relativeLuminance(hex)).toBeCloseTo(wcag(v / 255), 12);
    }
  });

  test("hex and RGB convert both ways", () => {
    expect(hexToRgb("#4f46e5")).toEqual({ r: 79, g: 70, b: 229 });
    expect(hexToRgb("4F46E5")).toEqual({ r: 79, g: 70, b: 229 });
    expect(rgbToHex({ r: 79, g: 70, b: 229 })).toBe("#4F46E5");
    expect(rgbToHex({ r: -3, g: 300, b: 127.6 })).toBe("#00FF80");
    expect(() => hexToRgb("#12345")).toThrow();
  });

  test("a failing ratio is never shown rounded up to the bar it misses", () => {
    expect(formatRatio(4.478)).toBe("4.47:1");
    expect(formatRatio(4.54)).toBe("4.5:1");
    expect(formatRatio(2.96)).toBe("2.96:1");
    expect(formatRatio(21)).toBe("21.0:1");
  });

  test("the button label is whichever of background and text reads better on the primary", () => {
    expect(buttonTextColor(palette())).toBe("#FFFFFF");
    expect(buttonTextColor(palette({ primary: "#FACC15" }))).toBe("#111827");
  });

  test("cmykApprox", () => {
    expect(cmykApprox("#FFFFFF")).toEqual({ c: 0, m: 0, y: 0, k: 0 });
    expect(cmykApprox("#000000")).toEqual({ c: 0, m: 0, y: 0, k: 100 });
    expect(cmykApprox("#FF0000")).toEqual({ c: 0, m: 100, y: 100, k: 0 });
    expect(cmykApprox("#4F46E5")).toEqual({ c: 66, m: 69, y: 0, k: 10 });
  });
});

describe("fixPalette", () => {
  test("leaves a passing palette untouched", () => {
    const p = palette();
    expect(fixPalette(p)).toEqual({ palette: p, adjustments: [] });
  });

  test("darkens grey text to the nearest passing grey and says why", () => {
    const { palette: fixed, adjustments } = fixPalette(palette({ text: "#999999" }));
    // #777777 is 4.48:1 on white, #767676 4.54:1: the smallest passing change.
    expect(fixed.text).toBe("#767676");
    expect(adjustments).toEqual([
      {
        role: "text",
        from: "#999999",
        to: "#767676",
        reason: "Darkened from #999999 to #767676 so text on the white background reaches 4.5:1 (was 2.8:1)",
      },
    ]);
  });

  test("a grey primary that would make buttons look disabled takes a colour of the palette, or goes dark enough to read as a button", () => {
    // The minimalist coffee kit's palette: the secondary grey became the primary (it looked like the text colour).
    const minimalist = palette({ primary: "#111827", secondary: "#9CA3AF", accent: "#10B981", background: "#FAFAF9", text: "#1C1917" });
    const fixed = fixPalette(minimalist).palette;
    expect(fixed.primary).not.toBe("#9CA3AF");
    expect(readsAsButton(fixed.primary, fixed.background)).toBe(true);
    expect(contrastRatio(buttonTextColor(fixed), fixed.primary)).toBeGreaterThanOrEqual(4.5);
    // A model's light grey primary, with only greys beside it: darkened until it reads as a button, and said why.
    const { palette: greys, adjustments } = fixPalette(palette({ primary: "#9CA3AF", secondary: "#E5E7EB", accent: "#F3F4F6" }));
    expect(readsAsButton(greys.primary, greys.background)).toBe(true);
    expect(contrastRatio(greys.primary, greys.background)).toBeGreaterThanOrEqual(7);
    expect(adjustments).toEqual([expect.objectContaining({ role: "primary", from: "#9CA3AF", to: greys.primary, reason: expect.stringMatching(/look(s)? disabled/) })]);
    // A slate grey with a clear accent: the accent, made ready for button text.
    const slate = fixPalette(palette({ primary: "#64748B", accent: "#6366F1" })).palette;
    expect(slate.primary).not.toBe("#64748B");
    expect(readsAsButton(slate.primary, slate.background)).toBe(true);
    // Colours, near-black and near-white buttons already read as buttons, and fixing twice changes nothing.
    for (const ok of ["#4F46E5", "#111827", "#C2410C"]) expect(readsAsButton(ok, "#FFFFFF"), ok).toBe(true);
    expect(readsAsButton("#F1F5F9", "#0B1026")).toBe(true);
    expect(readsAsButton("#9CA3AF", "#FFFFFF")).toBe(false);
    expect(fixPalette(fixed).adjustments).toEqual([]);
  });

  test("lightens text on a dark background", () => {
    const { palette: fixed, adjustments } = fixPalette(palette({ background: "#0F172A", text: "#334155", primary: "#FACC15" }));
    expect(contrastRatio(fixed.text, fixed.background)).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(fixed.text)).toBeGreaterThan(relativeLuminance("#334155"));
    expect(adjustments[0]!.reason).toMatch(/^Lightened from #334155 to #[0-9A-F]{6} so text on the background #0F172A reaches 4\.5:1 \(was 1\.\d:1\)$/);
  });

  test("darkens a light primary so white button text passes, keeping its hue", () => {
    const input = palette({ primary: "#8FA3FF", text: "#6B7280" });
    const { palette: fixed, adjustments } = fixPalette(input);
    expect(adjustments).toHaveLength(1);
    const [a] = adjustments;
    expect(a!.role).toBe("primary");
    expect(a!.reason).toMatch(/^Darkened from #8FA3FF to #[0-9A-F]{6} so white button text reaches 4\.5:1 \(was 2\.\d:1\)$/);
    expect(buttonTextColor(fixed)).toBe("#FFFFFF");
    expect(contrastRatio("#FFFFFF", fixed.primary)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(oklch(fixed.primary)!.h! - oklch(input.primary)!.h!)).toBeLessThan(2);
  });

  test("the change is the smallest that passes: a step back toward the original fails", () => {
    for (const [hex, against] of [
      ["#8FA3FF", "#FFFFFF"],
      ["#F97316", "#FFFFFF"],
      ["#22C55E", "#FFFFFF"],
      ["#334155", "#0F172A"],
      ["#999999", "#FFFFFF"],
    ] as const) {
      const fixed = nearestPassingColor(hex, against, 4.5).hex;
      expect(contrastRatio(fixed, against)).toBeGreaterThanOrEqual(4.5);
      const from = oklch(hex)!;
      const to = oklch(fixed)!;
      const back = { ...to, l: to.l + Math.sign(from.l - to.l) * 0.01 };
      expect(contrastRatio(formatHex(back), against), `${hex} → ${fixed}`).toBeLessThan(4.5);
    }
  });

  test("a one-way search only moves that way", () => {
    // #3730A3 on #111111 is 1.7:1; darkening would be the nearest way to 3:1 only in theory.
    const up = nearestPassingColor("#3730A3", "#111111", 3, "lighter");
    expect(relativeLuminance(up.hex)).toBeGreaterThan(relativeLuminance("#3730A3"));
    expect(contrastRatio(up.hex, "#111111")).toBeGreaterThanOrEqual(3);
    const down = nearestPassingColor("#FDE68A", "#FFFFFF", 3, "darker");
    expect(relativeLuminance(down.hex)).toBeLessThan(relativeLuminance("#FDE68A"));
    expect(contrastRatio(down.hex, "#FFFFFF")).toBeGreaterThanOrEqual(3);
    expect(nearestPassingColor("#111827", "#FFFFFF", 4.5)).toEqual({ hex: "#111827", deltaL: 0 });
  });

  test("any palette passes both pairs after fixing, and fixing again changes nothing", () => {
    // A seeded generator (mulberry32): the same 200 palettes on every run.
    let seed = 0x1a2b3c4d;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const hex = () => rgbToHex({ r: random() * 255, g: random() * 255, b: random() * 255 });
    for (let i = 0; i < 200; i++) {
      const input = palette({ primary: hex(), secondary: hex(), accent: hex(), background: hex(), text: hex() });
      const { palette: fixed, adjustments } = fixPalette(input);
      const label = JSON.stringify(input);
      expect(contrastRatio(fixed.text, fixed.background), label).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(buttonTextColor(fixed), fixed.primary), label).toBeGreaterThanOrEqual(4.5);
      // Only the text and primary colours move, and each move is recorded.
      expect([fixed.background, fixed.secondary, fixed.accent]).toEqual([input.background, input.secondary, input.accent]);
      for (const role of ["text", "primary"] as const) {
        const a = adjustments.find((x) => x.role === role);
        if (fixed[role] === input[role]) expect(a, label).toBeUndefined();
        else expect(a, label).toMatchObject({ from: input[role], to: fixed[role] });
      }
      expect(fixPalette(fixed).adjustments, label).toEqual([]);
    }
  });
});

describe("contrastPairs", () => {
  test("lists every role against background and text, and the AA pairs best first", () => {
    const p = palette();
    const { roles, passing } = contrastPairs(p);
    expect(roles.map((r) => r.role)).toEqual([...PALETTE_ROLES]);
    const text = roles.find((r) => r.role === "text")!;
    expect(text).toMatchObject({ hex: "#111827", rgb: { r: 17, g: 24, b: 39 }, onText: 1 });
    expect(text.onBackground).toBeCloseTo(contrastRatio("#111827", "#FFFFFF"), 10);

    expect(passing).toContainEqual(expect.objectContaining({ foreground: "text", background: "background", level: "AAA" }));
    expect(passing).toContainEqual(expect.objectContaining({ foreground: "background", background: "primary" }));
    for (const pair of passing) {
      expect(pair.foreground).not.toBe(pair.background);
      expect(pair.ratio).toBeGreaterThanOrEqual(4.5);
      expect(pair.level).toBe(pair.ratio >= 7 ? "AAA" : "AA");
    }
    expect(passing.map((x) => x.ratio)).toEqual([...passing.map((x) => x.ratio)].sort((a, b) => b - a));
    // #0EA5E9 on white is 2.8:1: not listed.
    expect(passing.find((x) => x.foreground === "secondary" && x.background === "background")).toBeUndefined();
  });
});
