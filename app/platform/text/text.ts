/**
 * Control characters (C0 except tab and line breaks, DEL, and C1) have no
 * place in what people type into a form: they render as boxes, break CSV and
 * log lines, and can smuggle terminal escapes. Bidi controls (embeddings,
 * overrides, isolates) reorder the text around them, so a published page or
 * an e-mail could read differently from what was typed ("Trojan Source").
 * Form schemas clean text before any other check.
 */

/** Line breaks by any standard: CR, LF, VT, FF, NEL, line and paragraph separators. */
const BREAKS = "\\n\\v\\f\\r\\u0085\\u2028\\u2029";
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAK = new RegExp(`\\r\\n|[${BREAKS}]`, "g");
const BREAK_RUN = new RegExp(`[ \\t${BREAKS}]*[\\t${BREAKS}][ \\t${BREAKS}]*`, "g");
const NOT_ONE_LINE = new RegExp(`${CONTROL.source}|[\\t${BREAKS}]`);

/**
 * For multi-line fields (messages, descriptions): every kind of line break
 * becomes "\n" (a textarea posts "\r\n"; U+2028 is invisible in most
 * editors), tabs stay, other control and bidi characters go.
 */
export function stripControlCharacters(value: string) {
  return value.replace(CONTROL, "").replace(LINE_BREAK, "\n");
}

/**
 * For one-line fields (names, subjects, titles): as above, and a line break or
 * tab, with the spaces around it, becomes one space. A one-line value ends up
 * in e-mail subjects and bodies, CSV cells, headers and generated code, where
 * a line break would let the sender write lines of their own.
 */
export function toOneLine(value: string) {
  return value.replace(CONTROL, "").replace(BREAK_RUN, " ");
}

/** Whether a value has anything toOneLine would remove or replace (forms that refuse instead of cleaning). */
export function hasLineBreaksOrControls(value: string) {
  return NOT_ONE_LINE.test(value);
}

let segmenter: Intl.Segmenter | null | undefined;
/** Grapheme clusters (what a reader sees as one character), with a code-point fallback. */
export function graphemes(text: string): string[] {
  if (segmenter === undefined) segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

const ELLIPSIS = "…";

/**
 * The trim rule: the longest start of `text` that ends at a word boundary
 * and, with "…" added, fits `limit` under `measure`. Cuts inside a word only
 * when the first word alone is too long, and never inside a grapheme (an
 * emoji sequence stays whole or goes). Trailing punctuation before the "…" is
 * dropped. Text that already fits comes back unchanged.
 */
export function trimToLimit(text: string, limit: number, measure: (t: string) => number): { text: string; trimmed: boolean } {
  if (measure(text) <= limit) return { text, trimmed: false };
  const gs = graphemes(text);
  const finish = (prefix: string) => prefix.replace(/[\s,;:.!?\-–—(]+$/u, "").trimEnd() + ELLIPSIS;
  // Binary search the longest grapheme prefix that fits with the ellipsis.
  let lo = 0;
  let hi = gs.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(finish(gs.slice(0, mid).join(""))) <= limit) lo = mid;
    else hi = mid - 1;
  }
  const fitting = gs.slice(0, lo);
  const nextIsSpace = lo < gs.length && /^\s/u.test(gs[lo]!);
  let cut = fitting.length;
  if (!nextIsSpace) {
    let i = fitting.length - 1;
    while (i >= 0 && !/^\s/u.test(fitting[i]!)) i--;
    if (i > 0) cut = i;
  }
  return { text: finish(fitting.slice(0, cut).join("")), trimmed: true };
}
