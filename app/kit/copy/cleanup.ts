import type { Understanding } from "~/kit/understanding/types";
import { TONES, VIBES } from "~/kit/options";

/**
 * One clean-up pass over the words of a kit, whichever provider wrote them
 * (the model's and the built-in writer's alike): sentence-case starts, "a"/"an" before the right sound, no style
 * words (the wizard's tone and vibe names) pasted into what customers read,
 * hashtags made only of real words of the business, no sentence repeated
 * across the sections of an asset, and FAQ answers that fit their question.
 * Pure and client-safe; `cleanAssetContent` applies it to each asset kind.
 */

export type CleanupContext = {
  /** What LaunchKit understood of the idea: its words are the business's own. */
  understanding: Understanding;
  /** The founder's answers: the idea, audience and market are the business's words; tone and vibe are style words. */
  input: { business_idea: string; target_audience: string; geographic_market: string; tone_of_voice: string; brand_vibe: string };
  /** The brand name: never re-cased or cut, and always a fine hashtag. */
  brandName?: string;
};

// ---- words ---------------------------------------------------------------------------------

/** Lower-case ASCII words of a text ("Single-origin café" → ["single", "origin", "cafe"]). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A hashtag's words: "DogGrooming" → ["dog", "grooming"], "coffee_lovers" → ["coffee", "lovers"]. */
export function hashtagWords(tag: string): string[] {
  return wordsOf(tag.replace(/^#+/, "").replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2"));
}

const squash = (s: string) => wordsOf(s).join("");

/** The texts whose words belong to the business. */
function businessTexts(ctx: CleanupContext): string[] {
  const u = ctx.understanding;
  const market = ctx.input.geographic_market === "Not specified" ? "" : ctx.input.geographic_market;
  return [ctx.input.business_idea, ctx.input.target_audience, market, u.product, u.productWord, u.categoryLabel, u.customers, u.place ?? "", ...u.keywords];
}

/** Every word of the business, for telling its words from style words. */
export function businessWords(ctx: CleanupContext): Set<string> {
  return new Set(businessTexts(ctx).flatMap(wordsOf));
}

// ---- a / an ----------------------------------------------------------------------------------

/** Letters whose name starts with a vowel sound: "an F", "an SEO", "an X post". */
const AN_LETTERS = new Set("AEFHILMNORSX".split(""));

/** Whether the article before `word` is "an" (by its sound, not its spelling). */
export function takesAn(word: string): boolean {
  const w = word.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  if (/^\d/.test(w)) return /^8/.test(w) || /^1[18](?!\d)/.test(w);
  const letters = w.replace(/[^\p{L}]/gu, "");
  if (!letters) return false;
  // A single letter or an acronym read letter by letter: "an X", "an SEO", "a URL".
  if (letters.length === 1 || (/^\p{Lu}{2,4}$/u.test(letters) && letters.length === w.replace(/[-'’]/g, "").length)) return AN_LETTERS.has(letters[0]!.toUpperCase());
  const l = letters.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(l)) return true;
  if (/^(uni(?![nmd])|use|usa|usi|usu|ut[eio]|ura|ure|uri|uro|uku|ubiq|eu|ewe|one(?!r)|once)/.test(l)) return false;
  return /^[aeiou]/.test(l);
}

const ARTICLE = /(^|[^\p{L}\p{N}#@'’_\-.])(a|an|A|An|AN)(\s+)(["“‘'(]?)([\p{L}\p{N}][\p{L}\p{N}'’-]*)/gu;

/** Whether position `i` of `text` starts a sentence (the text's start, a line's start, after . ! ? and spaces). */
function startsSentence(text: string, i: number): boolean {
  const before = text.slice(0, i);
  return /(^|[.!?]["”’)]?\s+|\n\s*)$/.test(before);
}

/** "a editorial" → "an editorial", "an coffee" → "a coffee"; a capital "A" mid-sentence ("plan A is") is a letter, not an article. */
export function fixArticles(text: string): string {
  return text.replace(ARTICLE, (all, lead: string, art: string, space: string, quote: string, word: string, offset: number) => {
    const at = offset + lead.length;
    if (art !== "a" && art !== "an" && !startsSentence(text, at)) return all;
    if (art === "AN") return all;
    const an = takesAn(word);
    const fixed = art.charAt(0) + (an ? "n" : "");
    return `${lead}${fixed}${space}${quote}${word}`;
  });
}

// ---- sentence case ---------------------------------------------------------------------------

const ABBREVIATIONS = /(?:^|\s)(?:e\.g|i\.e|vs|approx|incl|cf|etc|no|st|mr|mrs|ms|dr)\.["”’)]?\s+$/i;

/**
 * Capitalises the first letter of the text, of each line and of each
 * sentence ("remote-first startups. start with" → "… Start with"), but not a
 * word styled on purpose ("iPhone", "eBay"), a domain ("launchkit.app"), a
 * handle or a hashtag, nor after an abbreviation ("e.g. coffee").
 */
export function sentenceCase(text: string): string {
  // The word's rest takes a dot only inside it ("launchkit.app"): a sentence's own full stop stays for the next match ("Weekends. The").
  return text.replace(/(^|[.!?]["”’)]?[ \t]+|\n[ \t]*)((?:[-•*]\s+)?["“‘'(¿¡]?)(\p{Ll})((?:[\p{L}\p{N}'’_-]|\.(?=[\p{L}\p{N}]))*)/gu, (all, lead: string, prefix: string, first: string, rest: string, offset: number) => {
    if (/\p{Lu}/u.test(rest)) return all;
    // A quoted question or exclamation inside a sentence: 'he asked "is it for me?" then left'.
    if (/^[?!]["”’)]/.test(lead)) return all;
    if (/\.[\p{L}]/u.test(rest)) return all;
    if (lead && !lead.startsWith("\n") && ABBREVIATIONS.test(text.slice(0, offset + lead.length))) return all;
    return `${lead}${prefix}${first.toUpperCase()}${rest}`;
  });
}

// ---- style words -----------------------------------------------------------------------------

/** The wizard's style words (every vibe, and this kit's tone) that are not words of the business itself. */
export function styleWordsFor(ctx: CleanupContext): string[] {
  const own = businessWords(ctx);
  const candidates = [...VIBES, ctx.input.brand_vibe, ...(TONES.includes(ctx.input.tone_of_voice as (typeof TONES)[number]) ? [ctx.input.tone_of_voice] : [])];
  return [...new Set(candidates.map((s) => s.toLowerCase().trim()).filter(Boolean))].filter((s) => !wordsOf(s).every((w) => own.has(w)));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Takes style words out of customer copy: "the editorial take on coffee" →
 * "a fresh take on coffee", "a cozy, quick groom" → "a quick groom". A word
 * inside a compound ("pet-friendly") or the brand's own name stays.
 */
export function removeStyleWords(text: string, styleWords: readonly string[]): string {
  let out = text;
  for (const style of styleWords) {
    const s = style.split(/\s+/).map(escape).join("[\\s-]+");
    const word = `(?<![\\p{L}\\p{N}_-])${s}(?![\\p{L}\\p{N}_-])`;
    out = out
      // "the editorial take on X", "a neon-tech spin on X"
      .replace(new RegExp(`\\b(the|a|an|The|A|An)\\s+${word}\\s+(take|spin|twist)\\s+on\\b`, "gu"), (_m, art: string, what: string) => `${/^[A-Z]/.test(art) ? "A" : "a"} fresh ${what} on`)
      // ", the editorial way", "in a cozy way"
      .replace(new RegExp(`\\s*,?\\s*\\b(?:the|in\\s+an?)\\s+${word}\\s+way\\b`, "giu"), "")
      // "with a cozy feel", "in an editorial style", ", neon tech vibes"
      .replace(new RegExp(`\\s*,?\\s*\\b(?:with|in)\\s+(?:a|an)\\s+${word}\\s+(?:feel|style|vibe|look|tone|voice|twist)\\b`, "giu"), "")
      .replace(new RegExp(`${word}(?:[\\s-]+(?:style|styled|inspired|vibes?|feel))?\\s*,?\\s*`, "giu"), "");
  }
  if (out === text) return text;
  out = out
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+([,.;:!?])/g, "$1")
    .replace(/,\s*([.;:!?])/g, "$1")
    .replace(/(^|\n)[ \t]*,\s*/g, "$1")
    .replace(/\(\s*\)/g, "")
    .trim();
  return out || text;
}

// ---- a whole text ----------------------------------------------------------------------------

/** Tokens standing for the brand name while a text is cleaned, so the name is never re-cased or cut. */
function mask(text: string, name: string | undefined): { text: string; restore: (s: string) => string } {
  if (!name || !name.trim()) return { text, restore: (s) => s };
  const token = "\uE000";
  const masked = text.split(name).join(token);
  return { text: masked, restore: (s) => s.split(token).join(name) };
}

export type TextRules = { style?: boolean };

/**
 * The possessive of a name, by one rule: a name ending in "s" takes an
 * apostrophe alone ("Bookkeeping Works' plans"), any other name "'s"
 * ("Groomwell's van").
 */
export function possessive(name: string): string {
  const t = name.trim();
  return /s$/i.test(t) ? `${t}'` : `${t}'s`;
}

/** Punctuation left behind by a cut or a join: "16:00,." → "16:00.", "nights…." → "nights…". */
function tidyJoins(text: string): string {
  return text.replace(/\s*[,;:]+(?=[.!?])/g, "").replace(/…\./g, "…");
}

/** One text through every rule that applies to a single text: style words (customer copy only), spaces, a/an, sentence case. */
export function cleanText(text: string, ctx: CleanupContext, rules: TextRules = {}, styleWords = styleWordsFor(ctx)): string {
  if (!text.trim()) return text;
  const m = mask(text, ctx.brandName);
  let t = m.text;
  if (rules.style !== false) t = removeStyleWords(t, styleWords);
  t = t.replace(/[ \t]{2,}/g, " ");
  t = sentenceCase(t);
  t = m.restore(t);
  t = fixArticles(t);
  t = tidyJoins(t);
  // One possessive rule for the brand's name, whichever template or model wrote it.
  if (ctx.brandName && /s$/i.test(ctx.brandName.trim())) t = t.split(`${ctx.brandName.trim()}'s`).join(possessive(ctx.brandName)).split(`${ctx.brandName.trim()}’s`).join(`${ctx.brandName.trim()}’`);
  return t;
}

// ---- FAQ answers -----------------------------------------------------------------------------

/** "What do you do with my details?" is not answered "No. …": a yes or no before an open question goes. */
export function fitAnswer(question: string, answer: string): string {
  if (!/^\s*(what|how|where|who|when|why|which)\b/i.test(question)) return answer;
  const cut = answer.replace(/^\s*(yes|no|yep|nope|sure)\s*[.,!:;—–-]+\s*/i, "");
  if (!cut || cut === answer) return answer;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

// ---- repeated sentences ----------------------------------------------------------------------

/** The sentences of a text: split after . ! ? (and a closing quote) before a space. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?]["”’)]?)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const sentenceKey = (s: string) => wordsOf(s).join(" ");

/**
 * Drops a sentence (of four words or more) that an earlier field of the same
 * asset already said. `fields` are in reading order; a field that would be
 * left empty keeps its text.
 */
export function dropRepeatedSentences(fields: string[]): string[] {
  const seen = new Set<string>();
  return fields.map((text) => {
    const kept: string[] = [];
    const parts = sentencesOf(text);
    for (const s of parts) {
      const key = sentenceKey(s);
      if (key.split(" ").length >= 4 && seen.has(key)) continue;
      kept.push(s);
    }
    for (const s of parts) seen.add(sentenceKey(s));
    if (!kept.length || kept.length === parts.length) return text;
    return kept.join(" ");
  });
}

// ---- hashtags and keywords -------------------------------------------------------------------

/** Launch hashtags made of real words that any small business may use. */
const GENERAL_TAGS = new Set(
  ["launch", "newlaunch", "launchday", "startup", "startups", "smallbusiness", "shopsmall", "shoplocal", "buildinpublic", "entrepreneur", "entrepreneurship", "founder", "founders", "indiehackers", "madeinpublic", "opensource", "supportlocal", "supportsmallbusiness"],
);

/** Phrases of one to three consecutive words of the business's texts, squashed ("doggrooming"). */
function businessPhrases(ctx: CleanupContext): Set<string> {
  const phrases = new Set<string>();
  for (const text of businessTexts(ctx)) {
    const words = wordsOf(text);
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= 3 && i + n <= words.length; n++) phrases.add(words.slice(i, i + n).join(""));
    }
  }
  return phrases;
}

/**
 * Whether a hashtag is made of real words of the business: the brand's name,
 * one of the understanding's hashtags, one to three consecutive words of the
 * idea, audience, market or category ("DogGrooming", not "BoxSingle"), or a
 * common launch tag (#Startup). A single word must be telling (a keyword or
 * the product's word), not any word of the idea ("#Single").
 */
export function isBusinessHashtag(tag: string, ctx: CleanupContext, phrases = businessPhrases(ctx)): boolean {
  const key = squash(tag);
  if (!key) return false;
  if (ctx.brandName && key === squash(ctx.brandName)) return true;
  if (ctx.understanding.hashtags.some((h) => squash(h) === key)) return true;
  if (GENERAL_TAGS.has(key)) return true;
  const words = hashtagWords(tag);
  if (words.length <= 1) {
    const telling = new Set([...ctx.understanding.keywords, ctx.understanding.productWord, ...wordsOf(ctx.understanding.categoryLabel), ...wordsOf(ctx.understanding.place ?? "")].map(squash));
    return telling.has(key);
  }
  return phrases.has(key);
}

/**
 * A post's hashtags cleaned: fragments and unrelated words go, duplicates
 * too; what is dropped is replaced from the understanding's hashtags so a
 * post keeps as many as it had.
 */
export function cleanHashtags(tags: readonly string[], ctx: CleanupContext): string[] {
  const phrases = businessPhrases(ctx);
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (tag: string) => {
    const t = tag.replace(/^#+/, "").trim();
    const key = squash(t);
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  for (const tag of tags) if (isBusinessHashtag(tag, ctx, phrases)) add(tag);
  for (const tag of ctx.understanding.hashtags) {
    if (out.length >= tags.length) break;
    add(tag);
  }
  return out.slice(0, Math.max(tags.length, 0));
}

/**
 * Keywords kept only when they are words of the business (a model's
 * refinement may not add others), as written ("Figma-to-React", "Austin"
 * keep their capitals), each once whatever its case.
 */
export function cleanKeywords(keywords: readonly string[], ctx: CleanupContext): string[] {
  const own = businessWords(ctx);
  const phrases = businessPhrases(ctx);
  const seen = new Set<string>();
  return keywords
    .map((k) => k.trim().replace(/\s+/g, " "))
    .filter((k) => k && (phrases.has(squash(k)) || wordsOf(k).every((w) => own.has(w))))
    .filter((k) => !seen.has(k.toLowerCase()) && !!seen.add(k.toLowerCase()));
}
