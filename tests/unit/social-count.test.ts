import { describe, expect, it } from "vitest";
import { countWith, googleLength, graphemes, hasEmoji, trimToLimit, xLength } from "~/kit/assets/social/count";

describe("X's weighted length (twitter-text v3)", () => {
  it("counts Latin, accents and the general punctuation range as 1", () => {
    expect(xLength("Hello, world!")).toBe(13);
    expect(xLength("Crème brûlée à Zürich")).toBe(21);
    // U+2014 em dash and U+2019 quote are in the 0x2010–0x201F range (weight 1); U+2026 … is not.
    expect(xLength("a—b’c")).toBe(5);
    expect(xLength("…")).toBe(2);
  });

  it("counts CJK, Hangul and other code points outside the light ranges as 2", () => {
    expect(xLength("日本語")).toBe(6);
    expect(xLength("한국어")).toBe(6);
    expect(xLength("Launch 日")).toBe(9);
  });

  it("counts every emoji as 2, whatever its code points: ZWJ families, skin tones, flags, keycaps", () => {
    expect(xLength("🚀")).toBe(2);
    expect(xLength("👨‍👩‍👧‍👦")).toBe(2); // 7 code points, 11 UTF-16 units
    expect(xLength("👍🏽")).toBe(2);
    expect(xLength("🇫🇷")).toBe(2);
    expect(xLength("1️⃣")).toBe(2);
    expect(xLength("❤️")).toBe(2);
    // © without U+FE0F is text (weight 1), with it an emoji (2).
    expect(xLength("©")).toBe(1);
    expect(xLength("©️")).toBe(2);
  });

  it("normalises to NFC first: e + combining acute counts like é", () => {
    expect(xLength("e\u0301")).toBe(1);
    expect(xLength("é")).toBe(1);
  });

  it("counts a link as 23, however long, and a bare domain as at least 23", () => {
    expect(xLength("https://example.com/a/very/long/path/that/goes/on/and/on?x=1")).toBe(23);
    expect(xLength("See https://example.com.")).toBe(4 + 23 + 1);
    expect(xLength("groomwell.com")).toBe(23);
  });

  it("the X bio takes the stricter of the X weight and UTF-16 length", () => {
    expect(countWith("x-bio", "👨‍👩‍👧‍👦")).toBe(11);
    expect(countWith("x-bio", "日本")).toBe(4);
  });
});

describe("other counters", () => {
  it("UTF-16 code units for Instagram, LinkedIn, TikTok and Meta", () => {
    expect(countWith("utf16", "🚀")).toBe(2);
    expect(countWith("utf16", "👨‍👩‍👧‍👦")).toBe(11);
    expect(countWith("utf16", "日本")).toBe(2);
  });

  it("Google Ads counts double-width characters as 2", () => {
    expect(googleLength("Book a call")).toBe(11);
    expect(googleLength("予約する")).toBe(8);
    expect(googleLength("한국")).toBe(4);
    expect(googleLength("ＡＢ")).toBe(4);
  });

  it("detects emoji as whole graphemes", () => {
    expect(hasEmoji("Calm dogs 🐶")).toBe(true);
    expect(hasEmoji("Calm dogs © 2026")).toBe(false);
    expect(graphemes("a👨‍👩‍👧‍👦b")).toEqual(["a", "👨‍👩‍👧‍👦", "b"]);
  });
});

describe("the trim rule", () => {
  const utf16 = (t: string) => t.length;

  it("leaves text that fits alone", () => {
    expect(trimToLimit("Short enough", 12, utf16)).toEqual({ text: "Short enough", trimmed: false });
  });

  it("cuts at a word boundary and adds '…', within the limit", () => {
    const out = trimToLimit("The quick brown fox jumps over the lazy dog", 20, utf16);
    expect(out).toEqual({ text: "The quick brown fox…", trimmed: true });
    expect(out.text.length).toBeLessThanOrEqual(20);
    expect(trimToLimit("The quick brown fox jumps", 18, utf16).text).toBe("The quick brown…");
  });

  it("drops punctuation left before the ellipsis", () => {
    expect(trimToLimit("Fast, calm, and kind grooming at home", 13, utf16).text).toBe("Fast, calm…");
  });

  it("never splits an emoji sequence, and counts with the platform's counter", () => {
    const text = `Launch day ${"👨‍👩‍👧‍👦".repeat(3)} for families everywhere`;
    const out = trimToLimit(text, 20, xLength);
    expect(xLength(out.text)).toBeLessThanOrEqual(20);
    expect(graphemes(out.text).every((g) => g === "…" || text.includes(g))).toBe(true);
  });

  it("cuts inside a word only when the first word alone is too long", () => {
    expect(trimToLimit("Supercalifragilistic", 8, utf16)).toEqual({ text: "Superca…", trimmed: true });
  });

  it("a 281-character X text is cut to at most 280 at a space", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}rd`).join(" ");
    const text = words.slice(0, 281);
    expect(xLength(text)).toBe(281);
    const out = trimToLimit(text, 280, xLength);
    expect(xLength(out.text)).toBeLessThanOrEqual(280);
    expect(text.startsWith(out.text.slice(0, -1))).toBe(true);
    expect(text[out.text.length - 1]).toBe(" ");
  });
});
