import type { GenerationInput } from "~/kit/input";
import { agesOf, businessModelOf, differentiatorOf, ecosystemOf, factsOf, pricesOf, serviceAreaOf } from "./facts";
import { ALL_CATEGORIES, GENERAL_CATEGORY, categoryById } from "./taxonomy";
import type { Understanding } from "./types";
import { customersOf, shortenAudience } from "./audience";
import { channelsOf, sectionsOf } from "./channels";
import { understandingContext } from "./context";
import { hashtagsOf, keywordsOf, styleWordsOf } from "./keywords";
import { motifsOf } from "./motifs";
import { paymentOf } from "./payment";
import { placeOf } from "./place";
import { chooseProductWord, productPhrase, productWords } from "./product";
import { read } from "./reading";
import { chooseCategory, scoreCategory } from "./scoring";
import { DROP_HEADS, FORMAT, GENERIC, NOISE, NO_PLACE_ANSWERS, QUALIFIERS, STYLE_WORDS } from "./words.data";

export { understandingContext, priceLine } from "./context";
export { motifText } from "./motifs";
export { isPlaceInAnswers } from "./place";

export type { CategorySection, PaymentModel, Understanding } from "./types";

/**
 * Reads a business idea offline (decision 021): what is sold, to
 * whom, where and how it is paid for, and the business category of the
 * taxonomy that lends its words, motifs, channels and sections. compromise
 * tags the words (nouns, adjectives, gerunds, places) and gives their lemmas;
 * the noun phrases are cut from its tags here. Deterministic, synchronous,
 * and it never throws: an idea it cannot place gets the generic category.
 */
export function understandIdea(input: GenerationInput, given?: GivenUnderstanding): Understanding {
  try {
    return understand(input, given);
  } catch {
    return fallbackWith(input, given);
  }
}

/**
 * What a model (checked by refineUnderstanding) settled on: the reading takes
 * these as they are and derives the rest from them with the same rules
 * (keywords, hashtags, motifs, channels, sections).
 */
export type GivenUnderstanding = Partial<Pick<Understanding, "category" | "productWord" | "product" | "customers" | "place" | "payment">>;

function definedOf(given: GivenUnderstanding | undefined): GivenUnderstanding {
  return Object.fromEntries(Object.entries(given ?? {}).filter(([k, v]) => v !== undefined && (v !== null || k === "place")));
}

/**
 * Whether the idea has any word of a category (its triggers, in the idea or
 * the audience): a model's category is believed only when the answers give
 * it some ground (refine.ts), or when the idea could not be placed offline.
 */
export function categoryFits(input: GenerationInput, id: string): boolean {
  const category = ALL_CATEGORIES.find((c) => c.id === id);
  if (!category) return false;
  try {
    const idea = String(input.business_idea ?? "").replace(NOISE, " ").replace(/\s+/g, " ").trim().slice(0, 800);
    const audience = String(input.target_audience ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
    return scoreCategory(category, read(idea, NO_PLACE_ANSWERS.test(audience) ? "" : audience)) > 0;
  } catch {
    return false;
  }
}

/** Words for the form of an offer ("box", "subscription", "app", "service"): fine in a product phrase though the idea may not say them. */
export function isFormWord(word: string): boolean {
  const w = word.toLowerCase();
  return FORMAT.has(w) || GENERIC.has(w) || DROP_HEADS.has(w) || QUALIFIERS.has(w);
}

/** Whether a word is a style or vibe word (never a word of the business). */
export function isStyleWord(word: string): boolean {
  return STYLE_WORDS.has(word.toLowerCase());
}

/** Whether a value is a whole understanding (the brand asset's stored one; kits made before it have none). */
export function isUnderstanding(v: unknown): v is Understanding {
  const u = v as Partial<Understanding> | null;
  return (
    !!u &&
    typeof u === "object" &&
    typeof u.productWord === "string" &&
    !!u.productWord &&
    typeof u.category === "string" &&
    typeof u.product === "string" &&
    typeof u.customers === "string" &&
    typeof u.payment === "string" &&
    Array.isArray(u.keywords) &&
    Array.isArray(u.hashtags) &&
    Array.isArray(u.channels) &&
    Array.isArray(u.motifs) &&
    Array.isArray(u.sections)
  );
}

/** The understanding a brand stores (`brand.understanding`), or null for a brand made before it was stored. */
export function storedUnderstanding(brand: unknown): Understanding | null {
  const stored = brand && typeof brand === "object" ? (brand as { understanding?: unknown }).understanding : undefined;
  return isUnderstanding(stored) ? stored : null;
}

/**
 * The lines every step's prompt adds after the founder's answers: the model
 * writes about what is sold, to whom, where. The brand's stored
 * understanding when it has one (what the model itself settled on in the
 * brand step), else the one read from the answers.
 */
export function businessLines(input: GenerationInput, brand?: unknown): string[] {
  return ["", "What the business is, as understood from the answers:", understandingContext(withFacts(storedUnderstanding(brand), input) ?? understandIdea(input))];
}

const FACT_FIELDS = ["model", "prices", "serviceArea", "ages", "facts", "differentiator", "ecosystem"] as const;

/**
 * A stored understanding with the founder's facts: one stored before they were read (none of the fields)
 * gets them from the answers, so its prompts say the prices too; one that has them (read, or edited by the
 * founder) is kept as it is.
 */
export function withFacts(u: Understanding | null, input: GenerationInput): Understanding | null {
  if (!u || FACT_FIELDS.some((k) => u[k] !== undefined)) return u;
  const read = understandIdea(input);
  return { ...u, ...Object.fromEntries(FACT_FIELDS.map((k) => [k, read[k]])) };
}

// ---------------------------------------------------------------- assembly

function understand(input: GenerationInput, given: GivenUnderstanding = {}): Understanding {
  const idea = String(input.business_idea ?? "").replace(NOISE, " ").replace(/\s+/g, " ").trim().slice(0, 800);
  const audience = String(input.target_audience ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
  if (!/\p{L}/u.test(idea)) return fallbackWith(input, given);
  const r = read(idea, NO_PLACE_ANSWERS.test(audience) ? "" : audience);
  const category = given.category ? categoryById(given.category) : chooseCategory(r);
  const words = productWords(r);
  const chosen = given.productWord ? { word: given.productWord, outside: false } : chooseProductWord(category, r, words);
  const productWord = chosen.word;
  const product = given.product ?? productPhrase(r, words, chosen);
  const customers = given.customers ?? customersOf(input, category, r);
  const place = given.place !== undefined ? given.place : placeOf(input, r, idea);
  const payment = given.payment ?? paymentOf(category, r, idea);
  const online = /\b(online|virtual|remote(ly)?|app|apps|platform|saas|software|website|e-?commerce|ships?|shipping|delivered|nationwide)\b/i.test(idea);
  const local =
    !!place && !online && payment !== "marketplace" && payment !== "open-source" && (!!category.local || payment === "local-service" || payment === "booking");
  const style = styleWordsOf(input);
  const market = NO_PLACE_ANSWERS.test(String(input.geographic_market ?? "").trim()) ? "" : String(input.geographic_market ?? "");
  const model = businessModelOf(idea, audience, category.id, payment);
  const prices = pricesOf(idea, `${place ?? ""} ${market}`);
  // A price is its own field, edited on its own: a fact quoting it would keep the old price on the page after an edit.
  const facts = factsOf(idea).filter((f) => !prices.some((p) => f.includes(p.text) || f.includes(p.amount)));
  return {
    category: category.id,
    categoryLabel: category.label,
    product,
    productWord,
    customers,
    place,
    payment,
    keywords: keywordsOf(category, r, { productWord, product, customers, place }, style),
    hashtags: hashtagsOf(category, r, { productWord, customers, place, payment }, words, style),
    motifs: motifsOf(category, r, productWord, words),
    channels: channelsOf(category, r, customers, audience, local, payment),
    sections: sectionsOf(category, payment, local, product),
    model,
    prices,
    serviceArea: serviceAreaOf(idea, market, place),
    ages: agesOf(idea, audience),
    facts,
    differentiator: differentiatorOf(facts),
    ecosystem: ecosystemOf(idea, model),
  };
}

function fallbackWith(input: GenerationInput, given: GivenUnderstanding | undefined): Understanding {
  const known = definedOf(given);
  return { ...fallback(input), ...known, ...(known.category ? { categoryLabel: categoryById(known.category).label } : {}) };
}

/** What is known when the idea cannot be read: the generic category and the answers as given. */
function fallback(input: GenerationInput): Understanding {
  const c = GENERAL_CATEGORY;
  const audience = String(input?.target_audience ?? "").trim();
  return {
    category: c.id,
    categoryLabel: c.label,
    product: c.words[0]!,
    productWord: c.words[0]!,
    customers: (audience && !NO_PLACE_ANSWERS.test(audience) && shortenAudience(audience)) || c.customers,
    place: null,
    payment: c.payment,
    keywords: [...c.words],
    hashtags: [...c.hashtags],
    motifs: [...c.motifs],
    channels: [...c.channels],
    sections: [...c.sections],
  };
}
