import { z } from "zod";
import type { GenerationInput } from "~/kit/input";
import { cleanKeywords, hashtagWords, isBusinessHashtag, wordsOf, type CleanupContext } from "~/kit/copy/cleanup";
import { categoryFits, isFormWord, isPlaceInAnswers, isStyleWord, understandIdea, type GivenUnderstanding } from "./index";
import { modelUnderstandingShape, type ModelUnderstanding } from "./schema";
import { ALL_CATEGORIES, categoryById, GENERAL_CATEGORY } from "./taxonomy";
import type { Understanding } from "./types";

/**
 * A model's understanding of the idea, returned in the brand
 * step's structured output, checked against the founder's answers before
 * the brand stores it: a model knows businesses better than our word lists,
 * but it must not move the business into a category the answers give no
 * ground for, name a product with words nobody said, or invent a town. What
 * fails a check is taken from the offline reading (`understandIdea`); what
 * passes is given to the reading, which derives the keywords, hashtags,
 * motifs, channels and sections from it with its own rules. The builtin
 * provider answers `toModelUnderstanding(understandIdea(input))`, which
 * refines to exactly that understanding.
 */

export const CATEGORY_IDS = ALL_CATEGORIES.map((c) => c.id) as [string, ...string[]];

/** The brand step's `understanding` field: the taxonomy's ids are the only categories. */
export const ModelUnderstandingSchema = z.object(modelUnderstandingShape(z.enum(CATEGORY_IDS)));

/** One line, no surrounding quotes or end punctuation. */
const tidy = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, "")
    .replace(/[.,;:!?\s]+$/u, "")
    .trim();

const singular = (w: string) => w.replace(/ies$/, "y").replace(/(?<=[^s])s$/, "");

function vocabularyOf(texts: string[]): Set<string> {
  return new Set(texts.flatMap(wordsOf).map(singular));
}

const stemOf = (w: string) => w.replace(/(ings?|ers?|ery|ists?|ies|es|s|y)$/, "");

/** Whether two words share a stem: "baking" and "baker", "photography" and "photographer", not "cat" and "cater". */
function sameStem(a: string, b: string): boolean {
  const sa = stemOf(a);
  const sb = stemOf(b);
  if (sa !== sb || sa.length < 3) return false;
  return sa.length >= 5 || (sa !== a && sb !== b);
}

/** Whether a word is one of `vocab` (singular or plural, or of the same stem). */
function known(word: string, vocab: Set<string>): boolean {
  const w = singular(word);
  if (vocab.has(w)) return true;
  for (const v of vocab) if (sameStem(w, v)) return true;
  return false;
}

/** Lower-case unless the word is a name ("Figma-to-React", "Austin") or an acronym. */
function lowerUnlessName(phrase: string): string {
  return phrase
    .split(" ")
    .map((w) => (/[A-Z]/.test(w.slice(1)) || /^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(" ");
}

export function refineUnderstanding(input: GenerationInput, answer: ModelUnderstanding | null | undefined): Understanding {
  const offline = understandIdea(input);
  if (!answer) return offline;
  // An answer about another business (the category has no ground in the answers) is not this kit's.
  const category = categoryById(answer.category);
  const placedOffline = offline.category !== GENERAL_CATEGORY.id;
  if (category.id !== offline.category && !(category.id !== GENERAL_CATEGORY.id && (categoryFits(input, category.id) || !placedOffline))) return offline;

  const market = /^not specified$/i.test(input.geographic_market.trim()) ? "" : input.geographic_market;
  const said = vocabularyOf([input.business_idea, input.target_audience, market]);
  const categoryVocab = vocabularyOf([category.label, ...category.words, ...Object.keys(category.triggers)]);
  const style = new Set(wordsOf(`${input.tone_of_voice} ${input.brand_vibe}`));
  const ownWord = (w: string) => known(w, said) || known(w, categoryVocab);
  const styled = (w: string) => isStyleWord(w) || (style.has(w) && !said.has(w));

  const given: GivenUnderstanding = { category: category.id, payment: answer.payment };

  // The product word: real words of the idea or of its category, never style words.
  const word = tidy(answer.productWord);
  const wordParts = wordsOf(word);
  const wordOk = wordParts.length >= 1 && wordParts.length <= 3 && wordParts.every((w) => ownWord(w) && !styled(w));
  const offlineWordSaid = wordsOf(offline.productWord).every((w) => known(w, said));
  if (word.toLowerCase() === offline.productWord.toLowerCase()) given.productWord = offline.productWord;
  else if (wordOk) given.productWord = lowerUnlessName(word);
  else given.productWord = offlineWordSaid || category.id === offline.category ? offline.productWord : (category.words[0] ?? offline.productWord);

  // The product phrase: says the product word, in words of the business or of the form of an offer.
  const product = tidy(answer.product).replace(/^(a|an|the)\s+/i, "");
  const productParts = wordsOf(product);
  const namesWord = wordsOf(given.productWord).every((w) => productParts.some((p) => singular(p) === singular(w)));
  const productOk = namesWord && productParts.length <= 6 && productParts.every((w) => !styled(w) && (ownWord(w) || isFormWord(w) || w.length <= 3));
  if (product.toLowerCase() === offline.product.toLowerCase() && namesWord) given.product = offline.product;
  else if (productOk) given.product = lowerUnlessName(product);
  else given.product = given.productWord === offline.productWord ? offline.product : given.productWord;

  // The customers: any short phrase, but no figure the founder did not give.
  const customers = tidy(answer.customers).replace(/^(the|a|an)\s+/i, "");
  const figures = (customers.match(/\d+/g) ?? []).every((n) => input.target_audience.includes(n) || input.business_idea.includes(n));
  if (customers.toLowerCase() === offline.customers.toLowerCase()) given.customers = offline.customers;
  else if (customers && customers.length <= 60 && figures && !wordsOf(customers).some(styled)) given.customers = lowerUnlessName(customers);

  // The place is the founder's fact: the one read from the answers stays, unless the model gives the market
  // answer itself ("Brooklyn, NY" for "Brooklyn"). A model's place is taken only where none was read, and only
  // when the answers name it as a place (never a tool, an acronym or a term in parentheses); a model's "none"
  // never drops the founder's place.
  const place = answer.place === null ? null : tidy(answer.place);
  if (offline.place !== null) {
    if (place && market && place.toLowerCase() === tidy(market).toLowerCase()) given.place = place;
  } else if (place && wordsOf(place).every((w) => said.has(w) || said.has(singular(w))) && isPlaceInAnswers(input, place)) {
    given.place = place;
  }

  // The founder's other facts (prices, ages, service area, facts, differentiator, ecosystem, business model) are
  // not the model's to change: understandIdea reads them from the answers again, the same as offline.
  const refined = understandIdea(input, given);
  // The model's keywords and hashtags first, when they are words of the business; the reading's after them.
  const ctx: CleanupContext = { understanding: refined, input };
  const keywords = cleanKeywords(answer.keywords.map(tidy), ctx).filter((k) => !wordsOf(k).some(styled));
  const hashtags = answer.hashtags.map((h) => h.replace(/^#+/, "").trim()).filter((h) => /^[\p{L}\p{N}]{2,30}$/u.test(h) && isBusinessHashtag(h, ctx) && !hashtagWords(h).some(styled));
  return {
    ...refined,
    keywords: uniqueCaseless([...keywords, ...refined.keywords], 12),
    hashtags: uniqueCaseless([...hashtags, ...refined.hashtags], 8),
  };
}

function uniqueCaseless(items: string[], limit: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out.slice(0, limit);
}
