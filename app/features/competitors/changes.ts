import { diffArrays } from "diff";

/**
 * Change detection for the competitor watch (pure: no server imports).
 *
 * Two strengths of "the same line":
 * - normaliseLines(text): the lines worth comparing, as shown to the founder:
 *   whitespace collapsed, tracking parameters stripped from URLs, and lines
 *   that are only noise dropped (cookie banners, "© 2026 …", a bare date, a
 *   bare counter, "Updated 5 minutes ago").
 * - lineKey(line): what two lines are compared by: lower case, with dates,
 *   times, relative times and counters ("12,345 users", "4.8 (2,310
 *   reviews)") masked. Prices ("$19/month", "€49") are never masked: a price
 *   change is the change that matters most.
 *
 * detectChanges() diffs the keys (the `diff` library's diffArrays), then
 * drops added lines seen before on that page (seenLines: hashes of keys,
 * newest last, capped) and lines that only moved.
 */

export const SEEN_LINES_CAP = 5000;

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const WEEKDAYS = "mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?";
const UNITS = "seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|[smhdwy]";

const DATE_PATTERNS: RegExp[] = [
  // 2026-11-25, 2026-11-25T10:00:00Z, 2026/11/25
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?\b/gi,
  // 11/25/2026, 25-11-26, 25.11.2026 (dots only with a four-digit year: "Version 1.10.12" is not a date)
  /\b\d{1,2}([-/])\d{1,2}\1\d{2}(?:\d{2})?\b/g,
  /\b\d{1,2}\.\d{1,2}\.\d{4}\b/g,
  // countdowns: 2d 5h 3m, 01:12:33 left
  /\b(?:\d+\s*(?:d|h|m|s|days?|hrs?|hours?|mins?|minutes?|secs?|seconds?)\b[\s:,]*){2,}/gi,
  // 25 Nov 2026, 25th November
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\.?(?:,?\\s+\\d{4})?\\b`, "gi"),
  // (Wednesday,) Nov 25(th), 2026 / November 2026 / Nov 25
  new RegExp(`\\b(?:(?:${WEEKDAYS}),?\\s+)?(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`, "gi"),
  new RegExp(`\\b(?:(?:${MONTHS})\\.?\\s+\\d{4})\\b`, "gi"),
  // 10:30, 10:30 am, 14:05:09 UTC
  /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?(?:\s*(?:utc|gmt|[ecmp][sd]t|cet|cest|bst))?\b/gi,
  // 3 days ago, an hour ago, 5m ago, in 2 weeks
  new RegExp(`\\b(?:\\d+|an?|one|a few|few|several)\\s*(?:${UNITS})\\s+ago\\b`, "gi"),
  new RegExp(`\\bin\\s+(?:\\d+|an?|one|a few)\\s*(?:${UNITS})\\b`, "gi"),
  /\b(?:just now|yesterday|today|tonight|tomorrow|moments? ago|last (?:week|month|year))\b/gi,
  new RegExp(`\\b(?:${WEEKDAYS})\\b`, "gi"),
];

// Things that are counted: users, reviews, downloads, stars…
const COUNTED =
  "users?|customers?|clients?|teams?|companies|company|businesses|brands|founders|makers|creators|developers|devs|people|members|subscribers|followers|fans|readers|visitors|views|downloads|installs|installations|stars|reviews|ratings|votes|upvotes|comments|likes|shares|sign-?ups|signups|orders|sales|stores|shops|sites|websites|apps|projects|countries|integrations|templates|messages|emails|tasks|jobs|seats|happy|organi[sz]ations|marketers|agencies|startups|professionals|students|schools|hospitals|restaurants|merchants|sellers|hosts|listings|transactions|events|hours saved";
const NUMBER = "\\d{1,3}(?:[,.\\s]\\d{3})+|\\d+(?:\\.\\d+)?";
const COUNTER_PATTERNS: RegExp[] = [
  // 4.8 (2,310 reviews), 4.8/5 from 1,200 ratings, ★ 4.9
  new RegExp(`(?<![$€£¥₹\\d])\\b\\d(?:\\.\\d)?\\s*(?:/\\s*5|out of 5|stars?)?\\s*\\(\\s*(?:${NUMBER})\\s*[kmb]?\\+?\\s*(?:${COUNTED})?\\s*\\)`, "gi"),

  // rated 4.8, 4.9 out of 5, 4.7/5
  /\b\d(?:\.\d)?\s*(?:\/\s*5|out of 5)(?:\s*stars?)?/gi,
  /\brated\s+\d(?:\.\d)?\b/gi,
];

// Tracking parameters in URLs: utm_*, ad click ids, mail campaign ids.
const TRACKING = /^(?:utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|hsctatracking|mkt_tok|vero_id|vero_conv|oly_anon_id|oly_enc_id|wickedid|s_cid|ref_src|ref)$/i;

function stripTracking(line: string): string {
  return line.replace(/\bhttps?:\/\/[^\s<>"')\]]+/gi, (raw) => {
    try {
      const url = new URL(raw);
      const keys = Array.from(url.searchParams.keys());
      if (!keys.some((k) => TRACKING.test(k))) return raw;
      for (const key of keys) if (TRACKING.test(key)) url.searchParams.delete(key);
      return url.toString().replace(/\?$/, "");
    } catch {
      return raw;
    }
  });
}

const COOKIE_LINE =
  /\bcookies?\b.*\b(use|uses|using|accept|consent|agree|preferences|settings|policy|reject|decline|improve|experience|analytics|personali[sz]e)\b|\b(accept|reject|decline|allow)( all)? cookies\b|^(accept|accept all|reject all|decline|manage (cookie )?preferences|cookie settings|got it|ok, got it)$/i;
const COPYRIGHT_LINE = /^(?:©|\(c\)|copyright\b)|\ball rights reserved\b/i;
const UPDATED_LINE = /^(?:(?:last\s+)?(?:updated|modified|edited|posted|published|refreshed|synced|as of)\b[\s:–-]*)?‹date›(?:\s*[·|•,–-]?\s*‹date›)*\.?$/i;

// 12,345 users, 10k+ teams, 1.2M downloads (never after a currency sign).
const COUNTED_NUMBER = new RegExp(`(?<![$€£¥₹\\d.,])\\b(${NUMBER})\\s*([kmb]?)(\\+?)\\s*(?:${COUNTED})\\b`, "gi");
// Words before a number that make it social proof, and words that make it a plan's limit.
const PROOF_BEFORE = /\b(join|joined|trusted by|used by|loved by|chosen by|relied on by|over|more than|powering|serving|helped|helping|across|with)\s*$/i;
const LIMIT_BEFORE = /\b(up to|upto|max(?:imum)?|limit(?:ed)? to|includes?|including|included|for|only|first|free for|add|extra|additional)\s*$/i;

/**
 * "12,345 users" is a live counter; "Up to 5 users" is a plan's limit (a change
 * that matters). Masked: thousands or more, a k/M suffix or a "+", or after
 * social-proof words ("Join", "Trusted by"), and never after limit words.
 */
function maskCounters(text: string): string {
  return text.replace(COUNTED_NUMBER, (match, num: string, suffix: string, plus: string, offset: number, whole: string) => {
    const before = whole.slice(Math.max(0, offset - 24), offset);
    if (LIMIT_BEFORE.test(before)) return match;
    const value = Number(num.replace(/[,.\s](?=\d{3}\b)/g, ""));
    if (suffix || plus || value >= 1000 || PROOF_BEFORE.test(before)) return "‹count›";
    return match;
  });
}

function mask(line: string): string {
  let out = line.toLowerCase();
  for (const re of DATE_PATTERNS) out = out.replace(re, "‹date›");
  for (const re of COUNTER_PATTERNS) out = out.replace(re, "‹count›");
  return maskCounters(out);
}

/**
 * The comparison key of a line: lower case, whitespace collapsed, tracking
 * parameters gone, dates/times/counters masked, "© 2026" and trailing
 * punctuation noise evened out.
 */
export function lineKey(line: string): string {
  return mask(stripTracking(line.replace(/\s+/g, " ").trim()))
    .replace(/©\s*\d{4}(?:\s*[-–]\s*\d{4})?/g, "©")
    .replace(/\s+/g, " ")
    .trim();
}

function isNoise(line: string): boolean {
  if (line.length < 2) return true;
  if (COPYRIGHT_LINE.test(line)) return true;
  if (COOKIE_LINE.test(line) && line.length < 400) return true;
  const key = lineKey(line);
  // Only dates, counters, numbers and punctuation left: a date stamp, a live counter.
  const rest = key.replace(/‹date›|‹count›/g, "").replace(/[\d\s.,:;!?'"()[\]{}|·•–—\-+*/#%]+/g, "");
  if (rest === "" && !/[$€£¥₹]/.test(line)) return true;
  if (UPDATED_LINE.test(key)) return true;
  return false;
}

/** The page's text as the lines worth comparing (noise lines dropped; see the top of this file). */
export function normaliseLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = stripTracking(raw.replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, " ").replace(/\s+/g, " ").trim());
    if (!line || isNoise(line)) continue;
    out.push(line);
  }
  return out;
}

/** A short, stable hash of a line's comparison key (FNV-1a, two 32-bit lanes: 16 hex characters). */
export function lineHash(line: string): string {
  const key = lineKey(line);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** Short lines just before a price (a plan card's name): "Pro" above "$29/month". */
function nearestLabel(lines: string[], index: number): string | undefined {
  for (let i = index - 1; i >= Math.max(0, index - 3); i--) {
    const l = lines[i]!;
    if (l.length <= 40 && /[a-z]/i.test(l) && !PRICE.test(l)) return l;
  }
  return undefined;
}
const PRICE = /[$€£¥₹]\s?\d|\d\s?(?:€|£|usd|eur|gbp)\b/i;

/**
 * The diff is quadratic in the worst case: two 15,000-line pages that share
 * nothing took minutes of one instance's only thread. Pages this long, or an
 * edit longer than this, are compared as sets of lines instead: the result
 * is the same, because a line the diff calls added or removed is kept only
 * when the other copy has no such line at all (moved lines are not news).
 */
export const DIFF_LINES_MAX = 4_000;
export const DIFF_EDIT_MAX = 1_000;

/** Where lines were added (indexes in `afterKeys`) and removed (in `beforeKeys`). */
export function changedPositions(beforeKeys: string[], afterKeys: string[], beforeSet = new Set(beforeKeys), afterSet = new Set(afterKeys)) {
  const addedAt: number[] = [];
  const removedAt: number[] = [];
  const parts = beforeKeys.length + afterKeys.length <= DIFF_LINES_MAX ? diffArrays(beforeKeys, afterKeys, { maxEditLength: DIFF_EDIT_MAX }) : undefined;
  if (!parts) {
    afterKeys.forEach((key, at) => (beforeSet.has(key) ? null : addedAt.push(at)));
    beforeKeys.forEach((key, at) => (afterSet.has(key) ? null : removedAt.push(at)));
    return { addedAt, removedAt, diffed: false };
  }
  let i = 0;
  let j = 0;
  for (const part of parts) {
    const n = part.count ?? part.value.length;
    if (part.added) {
      for (let k = 0; k < n; k++) addedAt.push(j + k);
      j += n;
    } else if (part.removed) {
      for (let k = 0; k < n; k++) removedAt.push(i + k);
      i += n;
    } else {
      i += n;
      j += n;
    }
  }
  return { addedAt, removedAt, diffed: true };
}

export type DetectedChanges = {
  added: string[];
  removed: string[];
  seenLines: string[];
  /** For a changed price line without a name of its own, the label above it on the page ("Pro"). */
  context: Record<string, string>;
};

/**
 * What was added and removed between two copies of a page's main text.
 * `seenLines` are the hashes remembered for that page (newest last); the
 * returned list adds every line of `next` and is capped at the newest 5,000.
 * The very first copy (no previous text, nothing seen) is a baseline: no changes.
 */
export function detectChanges(previous: string, next: string, seenLines: string[]): DetectedChanges {
  const before = normaliseLines(previous);
  const after = normaliseLines(next);
  const seen = new Set(seenLines);
  const context: Record<string, string> = {};

  const updatedSeen = (() => {
    const order = seenLines.slice();
    const fresh = new Set<string>();
    for (const line of [...before, ...after]) fresh.add(lineHash(line));
    const kept = order.filter((h) => !fresh.has(h));
    const all = [...kept, ...fresh];
    return all.slice(-SEEN_LINES_CAP);
  })();

  if (before.length === 0 && seenLines.length === 0) {
    return { added: [], removed: [], seenLines: updatedSeen, context };
  }

  const beforeKeys = before.map(lineKey);
  const afterKeys = after.map(lineKey);
  const beforeSet = new Set(beforeKeys);
  const afterSet = new Set(afterKeys);
  const { addedAt, removedAt } = changedPositions(beforeKeys, afterKeys, beforeSet, afterSet);

  const added: string[] = [];
  const removed: string[] = [];
  const addedKeys = new Set<string>();
  for (const at of addedAt) {
    const key = afterKeys[at]!;
    // Moved (still on the old copy) or seen before on this page: not news.
    if (beforeSet.has(key) || seen.has(lineHash(after[at]!)) || addedKeys.has(key)) continue;
    addedKeys.add(key);
    added.push(after[at]!);
    const label = PRICE.test(after[at]!) ? nearestLabel(after, at) : undefined;
    if (label && !after[at]!.toLowerCase().includes(label.toLowerCase())) context[after[at]!] = label;
  }
  const removedKeys = new Set<string>();
  for (const at of removedAt) {
    const key = beforeKeys[at]!;
    if (afterSet.has(key) || removedKeys.has(key)) continue;
    removedKeys.add(key);
    removed.push(before[at]!);
    const label = PRICE.test(before[at]!) ? nearestLabel(before, at) : undefined;
    if (label && !before[at]!.toLowerCase().includes(label.toLowerCase())) context[before[at]!] = label;
  }
  return { added, removed, seenLines: updatedSeen, context };
}
