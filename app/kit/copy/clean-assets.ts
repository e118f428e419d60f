import {
  cleanHashtags,
  cleanKeywords,
  cleanText,
  dropRepeatedSentences,
  fitAnswer,
  styleWordsFor,
  type CleanupContext,
  type TextRules,
} from "./cleanup";

/**
 * The clean-up pass (cleanup.ts) applied to one asset's content, whichever
 * provider wrote it: customer copy (the landing page, bios and posts, ads,
 * slides, the brand's tagline and positioning) gets every rule; notes for the
 * founder (reasons, hypotheses, research, speaker notes, suggested visuals)
 * get sentence case and articles but keep their style words, since they may
 * talk about the style. Kinds without words (logo, calendar) pass through.
 * Works on the content's shape without trusting it: the caller validates.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

type Cleaner = (text: string, rules?: TextRules) => string;

function cleanerFor(ctx: CleanupContext): Cleaner {
  const style = styleWordsFor(ctx);
  return (text, rules = {}) => cleanText(text, ctx, rules, style);
}

const NOTE: TextRules = { style: false };

/** `o[key]` through `f` when it is a string. */
function str(o: Json, key: string, f: (s: string) => string) {
  if (typeof o[key] === "string") o[key] = f(o[key] as string);
}
function strs(o: Json, key: string, f: (s: string) => string) {
  if (Array.isArray(o[key])) o[key] = (o[key] as unknown[]).map((v) => (typeof v === "string" ? f(v) : v));
}
const recs = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** Repeated sentences dropped across `refs` (object and key, in reading order). */
function dedupe(refs: Array<[Json, string]>) {
  const present = refs.filter(([o, k]) => typeof o[k] === "string");
  const cleaned = dropRepeatedSentences(present.map(([o, k]) => o[k] as string));
  present.forEach(([o, k], i) => (o[k] = cleaned[i]));
}

function cleanBrand(c: Json, clean: Cleaner, ctx: CleanupContext) {
  str(c, "tagline", (s) => clean(s));
  strs(c, "taglineAlternatives", (s) => clean(s));
  str(c, "positioning", (s) => clean(s));
  for (const idea of recs(c.nameIdeas)) str(idea, "reason", (s) => clean(s, NOTE));
  if (isRecord(c.voice)) {
    strs(c.voice, "dos", (s) => clean(s, NOTE));
    strs(c.voice, "donts", (s) => clean(s, NOTE));
    strs(c.voice, "samples", (s) => clean(s));
  }
  // A model's refinement of the understanding keeps only words of the business.
  if (isRecord(c.understanding)) {
    const u = c.understanding;
    if (Array.isArray(u.keywords)) u.keywords = cleanKeywords(u.keywords.filter((k): k is string => typeof k === "string"), ctx);
    if (Array.isArray(u.hashtags)) {
      const tags = u.hashtags.filter((k): k is string => typeof k === "string");
      u.hashtags = cleanHashtags(tags, ctx);
    }
  }
}

/** The category sections' words (area, prices, booking, install, box, origin, menu, times, work): never a command, an address, a price or a place name. */
function cleanCategory(category: unknown, clean: Cleaner) {
  if (!isRecord(category)) return;
  for (const section of Object.values(category)) {
    if (!isRecord(section)) continue;
    for (const k of ["heading", "body"]) str(section, k, (t) => clean(t));
    strs(section, "items", (t) => clean(t));
    for (const item of [...recs(section.items), ...recs(section.steps)]) for (const k of ["title", "body", "name"]) str(item, k, (t) => clean(t));
  }
}

function cleanLanding(c: Json, clean: Cleaner) {
  cleanCategory(c.category, clean);
  const order: Array<[Json, string]> = [];
  const hero = isRecord(c.hero) ? c.hero : {};
  for (const k of ["headline", "subheadline", "button"]) str(hero, k, (s) => clean(s));
  order.push([hero, "subheadline"]);
  for (const section of ["benefits", "how", "proof", "faq", "cta"]) {
    const s = c[section];
    if (!isRecord(s)) continue;
    for (const k of ["heading", "headline", "body", "button"]) str(s, k, (t) => clean(t));
    if (section === "cta") order.push([s, "body"]);
    for (const item of [...recs(s.items), ...recs(s.steps)]) {
      for (const k of ["title", "body", "quote", "name", "detail", "question", "answer"]) str(item, k, (t) => clean(t));
      if (typeof item.question === "string" && typeof item.answer === "string") item.answer = fitAnswer(item.question, item.answer);
      for (const k of ["body", "quote", "answer"]) if (typeof item[k] === "string") order.push([item, k]);
    }
  }
  dedupe(order);
}

function cleanSocial(c: Json, clean: Cleaner, ctx: CleanupContext) {
  if (isRecord(c.bios)) for (const bio of Object.values(c.bios)) if (isRecord(bio)) str(bio, "text", (s) => clean(s));
  const posts = isRecord(c.post) ? [c.post] : recs(c.posts);
  for (const post of posts) {
    str(post, "text", (s) => clean(s));
    str(post, "visual", (s) => clean(s, NOTE));
    if (Array.isArray(post.hashtags)) post.hashtags = cleanHashtags(post.hashtags.filter((t): t is string => typeof t === "string"), ctx);
  }
}

function cleanAds(c: Json, clean: Cleaner) {
  for (const v of recs(c.variants)) {
    str(v, "hypothesis", (s) => clean(s, NOTE));
    if (isRecord(v.google)) {
      strs(v.google, "headlines", (s) => clean(s));
      strs(v.google, "descriptions", (s) => clean(s));
    }
    if (isRecord(v.meta)) for (const k of ["primaryText", "headline", "description"]) str(v.meta, k, (s) => clean(s));
  }
}

function cleanResearch(c: Json, clean: Cleaner) {
  if (isRecord(c.icp)) {
    const icp = c.icp;
    str(icp, "who", (s) => clean(s, NOTE));
    for (const k of ["jobsToBeDone", "pains", "whereToReach", "buyingTriggers", "objections"]) strs(icp, k, (s) => clean(s, NOTE));
  }
  for (const claim of recs(c.marketClaims)) str(claim, "claim", (s) => clean(s, NOTE));
  for (const comp of recs(c.competitors)) for (const k of ["positioning", "pricingModel", "strength", "weakness", "difference"]) str(comp, k, (s) => clean(s, NOTE));
}

const SLIDES = ["problem", "solution", "market", "businessModel", "ask"];

/**
 * A deck never shows bracket placeholders ("[price] × [customers]"), whoever
 * wrote it: each becomes plain words marked as the founder's to fill in.
 */
export function unbracket(text: string): string {
  return text.replace(/\[([^\]\n]{1,60})\]/g, (_, inside: string) => `${inside.trim()} (to confirm)`);
}

function cleanDeck(c: Json, clean: Cleaner) {
  const order: Array<[Json, string]> = [];
  for (const key of SLIDES) {
    const slide = c[key];
    if (!isRecord(slide)) continue;
    for (const k of ["title", "callout", "who", "howMany"]) str(slide, k, (s) => clean(unbracket(s)));
    strs(slide, "bullets", (s) => clean(unbracket(s)));
    str(slide, "notes", (s) => clean(unbracket(s), NOTE));
    if (Array.isArray(slide.bullets)) slide.bullets.forEach((_, i) => order.push([slide.bullets as unknown as Json, String(i)]));
  }
  dedupe(order);
}

const CLEANERS: Record<string, (c: Json, clean: Cleaner, ctx: CleanupContext) => void> = {
  brand: cleanBrand,
  landing: cleanLanding,
  social: cleanSocial,
  ads: cleanAds,
  research: cleanResearch,
  deck: cleanDeck,
};

/** Whether the kind has words to clean. */
export const hasWords = (kind: string) => kind in CLEANERS;

/** A cleaned copy of an asset's content (the content itself when the kind has no words or the shape is not an object). */
export function cleanAssetContent<T>(kind: string, content: T, ctx: CleanupContext): T {
  const cleaner = CLEANERS[kind];
  if (!cleaner || !isRecord(content)) return content;
  const copy = structuredClone(content) as Json;
  cleaner(copy, cleanerFor(ctx), ctx);
  return copy as T;
}
