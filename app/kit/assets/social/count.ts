/**
 * Character counts as the platforms count them, and the trim rule. Client-safe
 * (the edit forms count live in the browser with the same code).
 *
 * - X posts: twitter-text's v3 configuration (github.com/twitter/twitter-text,
 *   config/v3.json), which X's composer uses: text is NFC-normalised; a code
 *   point in U+0000–U+10FF, U+2000–U+200D, U+2010–U+201F or U+2032–U+2037
 *   weighs 1, any other weighs 2 (CJK, most symbols); an emoji, however many
 *   code points it is made of (ZWJ sequences, skin tones, flags), weighs 2;
 *   a URL weighs 23 (t.co). Limit 280.
 * - Everything else (X bio, Instagram, LinkedIn, TikTok, Meta ads): UTF-16
 *   code units, what an HTML `maxlength` and the platforms' web composers
 *   count. It is the strictest of the usual methods (UTF-16 ≥ code points ≥
 *   graphemes), so a text within it fits whichever one a platform uses.
 *   The X bio takes the stricter of that and the X weight.
 * - Google Ads: one per character, two for a double-width (CJK, full-width)
 *   character, as Google Ads' character-limit help says.
 */

import { graphemes } from "~/platform/text/text";

// The trim rule lives with the other text helpers (the AI layer cuts answers to a schema with it); still exported from here.
export { graphemes, trimToLimit } from "~/platform/text/text";

export type Counter = "x" | "x-bio" | "utf16" | "google";

const X_LIGHT: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const X_URL_WEIGHT = 23;


/** A whole grapheme that is an emoji (RGI sequences where the engine knows them; else pictographs, flags, keycaps). */
const EMOJI: RegExp = (() => {
  try {
    return new RegExp("^\\p{RGI_Emoji}$", "v");
  } catch {
    return /^(?:\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)*|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)$/u;
  }
})();
/** Text-presentation characters (©, ™, ↔...) are emoji only with U+FE0F; the RGI set already says so. */
export function isEmoji(grapheme: string): boolean {
  return EMOJI.test(grapheme);
}

export function hasEmoji(text: string): boolean {
  return graphemes(text).some(isEmoji);
}

const xCodePointWeight = (cp: number) => (X_LIGHT.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2);

/**
 * URLs as X sees them: anything with http(s)://, and bare domains (word.tld).
 * A bare domain X would not link is counted as max(23, its length): never
 * less than X counts it.
 */
const URL_RE = /\bhttps?:\/\/[^\s]+|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?:\/[^\s]*)?/giu;

/** The X weighted length (twitter-text v3). */
export function xLength(text: string): number {
  const t = text.normalize("NFC");
  let total = 0;
  let last = 0;
  const plain = (s: string) => {
    for (const g of graphemes(s)) {
      if (isEmoji(g)) total += 2;
      else for (const ch of g) total += xCodePointWeight(ch.codePointAt(0)!);
    }
  };
  for (const m of t.matchAll(URL_RE)) {
    plain(t.slice(last, m.index));
    const url = m[0].replace(/[.,;:!?)\]]+$/u, "");
    total += /^https?:\/\//i.test(url) ? X_URL_WEIGHT : Math.max(X_URL_WEIGHT, Array.from(url).length);
    last = m.index + url.length;
  }
  plain(t.slice(last));
  return total;
}

const DOUBLE_WIDTH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF01-\uFF60\uFFE0-\uFFE6]/u;

/** Google Ads: double-width characters count 2. */
export function googleLength(text: string): number {
  let n = 0;
  for (const ch of text) n += DOUBLE_WIDTH.test(ch) ? 2 : 1;
  return n;
}

export function countWith(counter: Counter, text: string): number {
  switch (counter) {
    case "x":
      return xLength(text);
    case "x-bio":
      return Math.max(xLength(text), text.length);
    case "google":
      return googleLength(text);
    default:
      return text.length;
  }
}

export const COUNTER_NOTE: Record<Counter, string> = {
  x: "as X counts it",
  "x-bio": "as X counts it",
  utf16: "characters",
  google: "as Google Ads counts it",
};

