import type { GenerationInput } from "~/kit/input";
import { ALL_CATEGORIES, type BusinessCategory } from "./taxonomy";
import type { PaymentModel } from "./types";
import { ideaCustomers } from "./audience";
import { type Reading, type Token, has, isContent, joinTokens, nounPhrases, unique, usable, wordText } from "./reading";
import { tokenWeight, triggerWeight } from "./scoring";
import { DROP_HEADS, FORMAT, PEOPLE, STOPWORDS, STYLE_WORDS } from "./words.data";

// ---------------------------------------------------------------- keywords and hashtags

export function pascal(phrase: string): string {
  return phrase
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .map((w) => (/[A-Z]/.test(w.slice(1)) || /^[A-Z0-9]+$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
}

export function styleWordsOf(input: GenerationInput): Set<string> {
  return new Set(`${input.tone_of_voice ?? ""} ${input.brand_vibe ?? ""}`.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean));
}

/** The idea's other noun phrases of two or three words, trimmed whole: "same-day appointments", "indie founders". */
export function otherPhrases(r: Reading): Token[][] {
  const out: Token[][] = [];
  for (const p of r.sentences.flatMap(nounPhrases)) {
    const all = p.tokens.filter((t) => !t.place);
    const weakEnd = (t: Token) => !isContent(t) || t.qualifier;
    let start = 0;
    while (start < all.length) {
      const t = all[start]!;
      if (!weakEnd(t)) break;
      if (t.hyphenNext && !t.qualifier && /\p{L}/u.test(t.text)) break; // "same-day" stays whole
      start += 1;
      while (start < all.length && all[start - 1]!.hyphenNext) start += 1; // the rest of a dropped compound ("open-source")
    }
    let ts = all.slice(start);
    while (ts.length && weakEnd(ts[ts.length - 1]!)) ts = ts.slice(0, -1);
    if (ts.length < 2 || ts.length > 3 || ts.some((t) => STYLE_WORDS.has(t.lower) || t.verb)) continue;
    if (!ts.some((t) => t.noun && usable(t))) continue;
    out.push(ts);
  }
  return out;
}

export function keywordsOf(category: BusinessCategory, r: Reading, u: { productWord: string; product: string; customers: string; place: string | null }, style: Set<string>): string[] {
  const productKeys = new Set(r.productTokens.map((t) => t.lower));
  const clean = (phrase: string) =>
    phrase
      .split(/\s+/)
      .every((w) => {
        const l = w.toLowerCase();
        return !STYLE_WORDS.has(l) && (!style.has(l) || productKeys.has(l));
      });
  const productIndexes = new Set(r.productTokens.map((t) => t.index));
  const compoundPart = (t: Token) => t.hyphenNext || !!r.tokens[r.tokens.indexOf(t) - 1]?.hyphenNext;
  const ideaWords = r.tokens
    .filter((t) => usable(t) && !(t.verb && !t.noun) && !(t.adjective && !t.noun))
    .filter((t) => productIndexes.has(t.index) || !compoundPart(t))
    .filter((t) => t.proper || triggerWeight(category, t) > 0 || productIndexes.has(t.index))
    .map((t) => ({ t, w: tokenWeight(category, t, r) }))
    .sort((a, b) => b.w - a.w || a.t.index - b.t.index)
    .map(({ t }) => wordText(t));
  const placeWord = u.place?.split(",")[0]?.trim();
  // Other noun phrases of the idea, whole ("high school math", "same-day appointments").
  const phrases = otherPhrases(r).filter((ts) => !ts.some((t) => productIndexes.has(t.index))).map(joinTokens);
  const candidates = [
    u.productWord,
    u.product.split(" ").length <= 4 ? u.product : "",
    ...ideaWords,
    ...phrases,
    ...Object.keys(category.triggers).filter((phrase) => phrase.includes(" ") && r.ideaNormals.includes(` ${phrase} `)),
    ideaCustomers(r, category),
    u.customers.split(" ").length <= 3 && u.customers !== category.customers ? u.customers : "",
    placeWord && !u.productWord.includes("-to-") ? `${u.productWord} ${placeWord}` : "",
    ...category.words,
  ];
  const weak = (c: string) => !c.includes(" ") && (FORMAT.has(c.toLowerCase()) || DROP_HEADS.has(c.toLowerCase()) || PEOPLE.has(c.toLowerCase()));
  // "650/month retainer", "29/org cloud tier": a price cut from its currency is no search word (the prices are kept whole).
  const pricey = (c: string) => /\d/.test(c) && /\d[/.,]\d|\d\s*\/|\/\s*\d/.test(c) || /^\d+\/\p{L}/u.test(c) || /\b\d+\/(month|mo|week|year|org|user|seat)\b/i.test(c);
  return unique(candidates.filter((c) => c && clean(c) && !STOPWORDS.has(c.toLowerCase()) && !weak(c) && !pricey(c)), 12);
}

export function hashtagsOf(category: BusinessCategory, r: Reading, u: { productWord: string; customers: string; place: string | null; payment: PaymentModel }, words: Token[], style: Set<string>): string[] {
  const okWord = (w: string) => !STYLE_WORDS.has(w.toLowerCase()) && !style.has(w.toLowerCase());
  const tags: string[] = [pascal(u.productWord)];
  // Adjacent words of the product phrase: #CoffeeSubscription, #SubscriptionBox.
  // Adjacent words of the product phrase that start at the product word or are a known phrase: #CoffeeSubscription, #SubscriptionBox.
  const content = words.filter((t) => usable(t) || FORMAT.has(t.lower));
  const lead = /^[\p{L}\p{N}]+$/u.test(u.productWord) ? u.productWord.toLowerCase() : null;
  const known = (a: Token, b: Token) => ALL_CATEGORIES.some((c) => c.triggers[`${a.lemma} ${b.lemma}`] || c.triggers[`${a.lower} ${b.lower}`]);
  for (let i = 0; i + 1 < content.length; i++) {
    const a = content[i]!;
    const b = content[i + 1]!;
    if (b.index !== a.index + 1 || !okWord(a.lower) || !okWord(b.lower)) continue;
    if (a.lower === lead || known(a, b)) tags.push(pascal(`${wordText(a)} ${wordText(b)}`));
  }
  if (r.topic && r.topic.split(/\s+/).length <= 2) tags.push(pascal(r.topic));
  const productIndexes = new Set(r.productTokens.map((t) => t.index));
  const phrase = otherPhrases(r).find((ts) => ts.length === 2 && !ts.some((t) => productIndexes.has(t.index)) && ts.every((t) => okWord(t.lower)));
  if (phrase) tags.push(pascal(joinTokens(phrase)));
  for (const who of [ideaCustomers(r, category), u.customers === category.customers ? "" : u.customers]) {
    const customerWords = who.split(/[\s-]+/);
    if (who && customerWords.length <= 3 && customerWords.every(okWord) && !/\d/.test(who)) tags.push(pascal(who));
  }
  const placeWord = u.place?.split(",")[0]?.trim();
  if (placeWord && placeWord.split(/\s+/).length <= 2) {
    let noun = "";
    for (const [word, plural] of Object.entries(category.placeNouns ?? {})) if (has(r, word)) { noun = plural; break; }
    tags.push(pascal(`${placeWord} ${noun || u.productWord.split(/[\s-]+/).pop()}`));
  }
  if (u.payment === "open-source") tags.push("OpenSource");
  tags.push(...category.hashtags);
  return unique(tags.filter((t) => t.length >= 2 && t.length <= 30 && /^[\p{L}\p{N}]+$/u.test(t)), 8);
}
