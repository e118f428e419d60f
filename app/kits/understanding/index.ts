import nlp from "compromise";
import type { GenerationInput } from "~/generation/input";
import { agesOf, businessModelOf, differentiatorOf, ecosystemOf, factsOf, pricesOf, serviceAreaOf } from "./facts";
import { iconsForWord, isMotifIcon } from "./icons";
import { ALL_CATEGORIES, categoryById, GENERAL_CATEGORY, type BusinessCategory } from "./taxonomy";
import type { BusinessModel, CategorySection, PaymentModel, Price, Understanding } from "./types";

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

export function understandingContext(u: Understanding): string {
  return [
    `What is sold: ${u.product} (product word: "${u.productWord}"); to: ${u.customers}; where: ${u.place ?? "not tied to one place"}; paid: ${PAYMENT_WORDS[u.payment]}; category: ${u.categoryLabel}.`,
    `Keywords (real words of the business): ${u.keywords.slice(0, 8).join(", ")}.`,
    u.channels.length ? `Where its customers are: ${u.channels.slice(0, 5).join(", ")}.` : "",
    ...factLines(u),
  ]
    .filter(Boolean)
    .join("\n");
}

const MODEL_WORDS: Record<BusinessModel, string> = {
  "shipped-product": "a physical product shipped to the customer",
  "subscription-delivered": "a product delivered again and again (a subscription or refills)",
  "local-service": "a service done in person in one area (no shipping, no unboxing)",
  "class-or-event": "a class, camp, course or event people book a place at (no shipping, no unboxing: dates, ages, group size, what to bring)",
  "b2b-service": "a service for businesses, done by people (no shipping, no unboxing, not software)",
  software: "software used online (no shipping)",
  "developer-tool": "a developer tool, installed or run by developers (no shipping, no lead form)",
  marketplace: "a marketplace between buyers and sellers",
};

const PERIOD_WORDS: Record<NonNullable<Price["period"]>, string> = {
  hour: "per hour",
  day: "per day",
  week: "per week",
  month: "per month",
  year: "per year",
  session: "per session",
  "one-off": "one-off",
};

/** A price as a prompt states it: the founder's words, then what they mean ("$29/org (USD 29 per org, cloud tier)"). */
export function priceLine(p: Price): string {
  const meaning = [`${p.currency} ${p.amount}`, p.period ? PERIOD_WORDS[p.period] : "", p.per ? `per ${p.per}` : "", p.label ?? ""].filter(Boolean).join(", ");
  return `"${p.text}" (${meaning})`;
}

/**
 * The founder's facts for every prompt, and the rule that goes with them: these prices, places, ages and
 * names as given, and no other price or figure as theirs.
 */
function factLines(u: Understanding): string[] {
  const lines: string[] = [];
  if (u.model) lines.push(`How it is sold: ${MODEL_WORDS[u.model]}.`);
  const prices = u.prices ?? [];
  const currencies = [...new Set(prices.map((p) => p.currency))];
  if (prices.length) lines.push(`The founder's prices (quote them as written, in ${currencies.join(" and ")}): ${prices.map(priceLine).join("; ")}.`);
  else if (u.prices) lines.push("The founder gave no price: show no price as theirs (say \"add your price\" where one is asked for).");
  if (u.serviceArea) lines.push(`Area served: ${u.serviceArea}${u.place ? ` (${u.place})` : ""}.`);
  if (u.ages) lines.push(`Ages or sizes: ${u.ages}.`);
  if (u.facts?.length) lines.push(`Facts in the founder's words (use them, keep their names and figures): ${u.facts.map((f) => `"${f}"`).join("; ")}.`);
  if (u.differentiator) lines.push(`What sets it apart, in their words: "${u.differentiator}".`);
  if (u.ecosystem) {
    const e = u.ecosystem;
    lines.push(
      `Ecosystem: ${e.language}; install: ${e.install ? `\`${e.install}\`` : `none given (use ${e.language}'s own way, never npm unless it is JavaScript; never invent a module path)`}${e.repository ? `; repository: ${e.repository}` : ""}.`,
    );
  }
  if (u.model || u.prices) {
    const currency = currencies.length ? ` Market estimates are labelled estimates, in ${currencies.join(" and ")}.` : " Market estimates are labelled estimates.";
    lines.push(`Never invent a price, a figure, a customer count or a currency the founder did not give.${currency}`);
  }
  return lines;
}

const PAYMENT_WORDS: Record<PaymentModel, string> = {
  subscription: "subscription (recurring)",
  "one-off": "one-off purchase",
  free: "free",
  "open-source": "free and open source",
  "local-service": "local service, paid per job",
  booking: "booked and paid per appointment",
  marketplace: "marketplace (commission on sales)",
  freemium: "freemium (free plan, paid upgrade)",
};

// ---------------------------------------------------------------- words

type Token = {
  /** As written, without surrounding punctuation. */
  text: string;
  lower: string;
  /** Singular noun or infinitive (compromise's root), lower-case. */
  lemma: string;
  noun: boolean;
  adjective: boolean;
  gerund: boolean;
  verb: boolean;
  proper: boolean;
  place: boolean;
  /** Qualifies rather than names ("Etsy-like", "AI-powered"). */
  qualifier: boolean;
  /** Joined to the next token by a hyphen ("open-source"). */
  hyphenNext: boolean;
  /** Punctuation after the token that ends a phrase (",", ".", ";"...). */
  breakAfter: boolean;
  index: number;
};

const STOPWORDS = new Set(
  ("a an the and or but nor so yet of to in on at by for from with without into onto about above below over under near " +
    "via per than then that this these those there here which who whom whose what when where why how it its it's i we you " +
    "they he she me us them my our your their his her is are was were be been being am do does did doing have has had " +
    "will would can could should may might must shall not no yes also just only very really too more most less least " +
    "all any some each every both either neither such own same other another much many few lot lots thing things way " +
    "ways kind sort type idea plan something anything everything someone anyone everyone people person want wants need " +
    "needs like make makes help helps get gets let lets use uses using based new etc plus across around throughout within " +
    "while because if as up out off down one two three first").split(" "),
);

/** Style and vibe words: never a keyword or hashtag of the business. */
const STYLE_WORDS = new Set(
  ("minimal minimalist bold playful editorial neon tech techy luxury luxurious premium modern friendly retro elegant vibrant " +
    "warm cool clean sleek classic vintage-style futuristic quirky fun serious professional calm earthy organic-looking " +
    "corporate trendy chic edgy cozy cosy rustic sophisticated stylish aesthetic vibe vibes tone voice style brutalist " +
    "monochrome dark light colorful colourful cute whimsical").split(" "),
);

/** Leading words that qualify rather than name what is sold: dropped from the product phrase. */
const QUALIFIERS = new Set(
  ("mobile new small little local online simple affordable cheap budget-friendly best better great easy first " +
    "innovative unique high-quality quality personalized personalised custom curated on-demand digital virtual " +
    "ai-powered powered driven based open source free self hosted friendly powerful fast weekly daily monthly annual neighbourhood neighborhood independent family-run family-owned").split(" "),
);

/** Nouns that say what kind of business it is rather than what it sells. */
const GENERIC = new Set(
  ("app application tool platform service services software solution startup start-up company business website site " +
    "product venture project system brand firm thing space").split(" "),
);
/** Heads dropped from the product phrase ("dog grooming van" → "dog grooming"). */
const DROP_HEADS = new Set("van business company startup start-up venture idea project service services".split(" "));
/** Words for the form of the offer rather than its subject ("subscription", "box", "kit"). */
const FORMAT = new Set(
  ("subscription box kit club membership app application tool platform saas service services shop store " +
    "marketplace studio agency company startup business website site brand plan package bundle").split(" "),
);
/** Words for people: customers, not the product. */
const PEOPLE = new Set(
  ("kid kids child children parent parents family families team teams people person customer customers client clients " +
    "user users owner owners student students teen teens adult adults woman women man men professional professionals " +
    "freelancer freelancers founder founders developer developers worker workers homeowner homeowners local locals " +
    "resident residents senior seniors traveller travellers traveler travelers beginner beginners everyone manager managers buyer buyers seller sellers couple couples").split(" "),
);
/** Agent nouns whose activity reads better in copy ("photographer" → "photography"). */
const ACTIVITY: Record<string, string> = {
  photographer: "photography", videographer: "videography", plumber: "plumbing", tutor: "tutoring", trainer: "training",
  groomer: "grooming", cleaner: "cleaning", gardener: "gardening", landscaper: "landscaping", consultant: "consulting",
  therapist: "therapy", coach: "coaching", planner: "planning", tailor: "tailoring", caterer: "catering", mover: "moving",
  walker: "walking", sitter: "sitting", recruiter: "recruiting", accountant: "accounting", bookkeeper: "bookkeeping",
  translator: "translation", illustrator: "illustration", roofer: "roofing", electrician: "electrical work",
};
/** Words that are not places even when capitalised after "in" (tools, languages, months). */
const NOT_PLACES = new Set(
  ("react vue angular svelte rust go python ruby java javascript typescript swift kotlin figma notion slack excel sheets " +
    "google english spanish french german portuguese italian chinese japanese january february march april may june july " +
    "august september october november december spring summer autumn fall winter").split(" "),
);
const NO_PLACE_ANSWERS = /^(not specified|n\/?a|none|-+|global(ly)?|worldwide|world ?wide|anywhere|everywhere|online|international(ly)?|internet|remote|the world|earth|all|any)$/i;

/** Marketing clichés that would otherwise read as words of the business ("game-changing" is not a game). */
const NOISE = /\b(game[- ]chang(ing|er)|next[- ]gen(eration)?|cutting[- ]edge|state[- ]of[- ]the[- ]art|world[- ]class|best[- ]in[- ]class|all[- ]in[- ]one|one[- ]stop[- ]shop)\b/gi;

function tokenize(text: string): Token[][] {
  const doc = nlp(text);
  doc.compute("root");
  const sentences = doc.json() as Array<{ terms: Array<{ text: string; normal?: string; root?: string; pre?: string; post?: string; tags?: string[] }> }>;
  let index = 0;
  return sentences.map((s) => {
    const out: Token[] = [];
    for (const term of s.terms) {
      const tags = new Set(term.tags ?? []);
      const raw = term.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, "").replace(/['’]s$/i, "");
      if (!raw) continue;
      const parts = raw.split("-").filter(Boolean);
      const post = term.post ?? "";
      const rootAll = (term.root ?? "").toLowerCase();
      parts.forEach((part, i) => {
        const lower = part.toLowerCase();
        const last = i === parts.length - 1;
        const lemma = parts.length === 1 && rootAll && /^[\p{L}\p{N}]+$/u.test(rootAll) ? rootAll : lower;
        out.push({
          text: part,
          lower,
          lemma,
          noun: tags.has("Noun") || tags.has("Acronym"),
          adjective: tags.has("Adjective"),
          gerund: tags.has("Gerund"),
          verb: tags.has("Verb") && !tags.has("Gerund"),
          proper: properAt(tags, part, out.length === 0 && i === 0) || tags.has("Acronym") || (/[A-Z]/.test(part.slice(1)) && /[a-z]/.test(part)) || (/^[A-Z]{2,}$/.test(part)),
          place: tags.has("Place") || tags.has("City") || tags.has("Country") || tags.has("Region"),
          qualifier: QUALIFIERS.has(lower),
          hyphenNext: !last || /^[-‑]$/.test(post),
          breakAfter: last && /[,.;:!?()[\]/–—]/.test(post.replace(/^-$/, "")),
          index: index++,
        });
      });
    }
    return fixTags(out);
  });
}

/**
 * A name: a capitalised word inside a sentence, or a first word compromise knows as a place or a person
 * ("Austin", not "Lawn": compromise takes a capitalised "Lawn care" for an organisation).
 */
function properAt(tags: Set<string>, part: string, sentenceStart: boolean): boolean {
  if (!/^\p{Lu}/u.test(part)) return false;
  if (!sentenceStart) return tags.has("ProperNoun") || tags.has("Noun") || tags.has("Adjective");
  return ["Place", "Person", "FirstName", "City", "Country", "Region"].some((t) => tags.has(t));
}

/** Suffixes that make a hyphen compound a qualifier: "Etsy-like", "AI-powered". */
const QUALIFYING_SUFFIX = new Set("like style inspired based powered driven focused centric".split(" "));
/** Verbs in -ing that compromise may read as nouns after a noun ("a food bank serving families"). */
const PARTICIPLES = new Set(
  ("offering serving selling providing helping making using connecting delivering featuring including focusing giving " +
    "bringing turning creating building letting allowing enabling interviewing covering sharing specializing specialising " +
    "targeting matching pairing sending shipping turning combining mixing bringing showing teaching renting buying finding " +
    "managing tracking selling placing").split(" "),
);
let triggerWords: Set<string> | null = null;

function fixTags(tokens: Token[]): Token[] {
  triggerWords ??= new Set(ALL_CATEGORIES.flatMap((c) => Object.keys(c.triggers).flatMap((k) => k.split(" "))));
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.hyphenNext && next && QUALIFYING_SUFFIX.has(next.lower)) {
      t.qualifier = true;
      next.qualifier = true;
    }
    if (PARTICIPLES.has(t.lower) && i > 0) Object.assign(t, { noun: false, gerund: false, verb: true });
  });
  // "Drone delivery startup", "Roof repair in Seattle": compromise reads a sentence's first word as an order; a business
  // word there, or any word before a noun that is not a verb founders start ideas with ("Connect", "Sell"), is a noun.
  const first = tokens[0];
  const second = tokens[1];
  if (first?.verb && !first.noun && second && (second.noun || second.gerund) && (triggerWords.has(first.lower) || !IDEA_VERBS.has(first.lower)) && !second.verb) {
    Object.assign(first, { noun: true, verb: false });
  }
  // "Landscaping and garden design", "Bookkeeping for freelancers": an activity in -ing that opens the idea is what is sold.
  if (first?.gerund && !first.noun && (!second || first.breakAfter || PHRASE_BREAKS.has(second.lower))) Object.assign(first, { noun: true, verb: false });
  // "... and garden design": a bare verb form between a list word and a noun is a noun ("garden", not "to garden").
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (i > 0 && t.verb && !t.noun && !t.gerund && prev && /^(and|or|&)$/.test(prev.lower) && next?.noun && !next.verb && !IDEA_VERBS.has(t.lower)) Object.assign(t, { noun: true, verb: false });
  });
  return tokens;
}

/** Verbs an idea may open with as an order ("Connect dog owners with vets", "Sell handmade soap"): left as verbs. */
const IDEA_VERBS = new Set(
  ("connect help turn sell find make build get book order learn teach create share rent buy hire track plan manage discover " +
    "deliver offer provide bring let match send ship organise organize run host start grow save compare design write").split(" "),
);

function isContent(t: Token): boolean {
  if (/^(ai|3d|ar|vr|ev)$/i.test(t.text)) return true;
  return /\p{L}/u.test(t.text) && (t.lower.length > 2 || /^[A-Z]{2}$/.test(t.text)) && !STOPWORDS.has(t.lower) && !STYLE_WORDS.has(t.lower);
}

const PHRASE_BREAKS = new Set(
  ("in near for of with to from into on at by about around across throughout within without via per than that which who " +
    "where and or but so & while like as so-that whose").split(" ").concat([...PARTICIPLES]),
);

/** Noun phrases cut from compromise's tags: adjectives, nouns, gerunds between nouns, hyphen compounds. */
function nounPhrases(sentence: Token[]): Array<{ tokens: Token[]; before: string }> {
  const chunks: Array<{ tokens: Token[]; before: string }> = [];
  let current: Token[] = [];
  let before = "";
  const flush = (next: string) => {
    if (current.some((t) => t.noun || t.gerund)) chunks.push({ tokens: current, before });
    current = [];
    before = next;
  };
  sentence.forEach((t, i) => {
    const prev = sentence[i - 1];
    const next = sentence[i + 1];
    const joined = !!prev?.hyphenNext && current.length > 0;
    const breakWord = PHRASE_BREAKS.has(t.lower) && !joined;
    const nounish = t.noun || t.proper || (t.adjective && !t.verb) || /^\d+[a-z]*$/i.test(t.text);
    const gerundInPhrase = t.gerund && (!!next && (next.noun || next.hyphenNext) && !PHRASE_BREAKS.has(next.lower) || (current.length > 0 && current[current.length - 1]!.noun));
    const determiner = /^(a|an|the|my|our|your|their|its|this|that)$/.test(t.lower);
    // "Second-hand", "same-day", "small-batch": a compound's first part belongs to the phrase it opens.
    const compoundStart = t.hyphenNext && !!next && /\p{L}/u.test(t.text) && !next.qualifier && (next.noun || next.adjective || next.hyphenNext);
    if (compoundStart && !breakWord && !determiner) {
      current.push(t);
    } else if (breakWord) {
      flush(t.lower);
    } else if (joined || (!determiner && (nounish || gerundInPhrase) && !(t.verb && !t.noun))) {
      current.push(t);
    } else {
      flush(determiner ? before : t.lower);
      if (determiner) before = prev?.lower && PHRASE_BREAKS.has(prev.lower) ? prev.lower : before;
    }
    if (t.breakAfter) flush("");
  });
  flush("");
  return chunks;
}

// ---------------------------------------------------------------- the idea

type Reading = {
  sentences: Token[][];
  tokens: Token[];
  audience: Token[];
  /** " lemma lemma ... " and " normal normal ... " of the idea and of the audience. */
  ideaLemmas: string;
  ideaNormals: string;
  audienceLemmas: string;
  productTokens: Token[];
  productHead: Token | null;
  /** Noun phrases after "for": usually the customers. */
  forPhrases: Token[][];
  /** Noun phrases after a verb of selling ("sells refurbished laptops", "order fresh produce"). */
  objectPhrases: Token[][];
  /** "Figma-to-React" for "turns Figma files into React code". */
  conversion: string | null;
  /** "coding" for "teaching kids to code": what is taught is what is sold. */
  activity: string | null;
  /** Who is taught it: "kids". */
  learners: string;
  topic: string;
};

function spaced(tokens: Token[], key: "lemma" | "lower"): string {
  return ` ${tokens.map((t) => t[key]).join(" ")} `;
}

function read(idea: string, audience: string): Reading {
  const sentences = tokenize(idea);
  const tokens = sentences.flat();
  const audienceTokens = audience ? tokenize(audience).flat() : [];
  const conversion = conversionOf(idea);

  // The product: the first noun phrase that is not a customer ("for ..."), a place ("in ...") or a framing ("my idea").
  let productTokens: Token[] = [];
  let productHead: Token | null = null;
  let topic = "";
  outer: for (const sentence of sentences) {
    const phrases = nounPhrases(sentence);
    for (let i = 0; i < phrases.length; i++) {
      const p = phrases[i]!;
      if (/^(for|to|in|near|from|with|around|across|at|by|throughout|within|like|than|of)$/.test(p.before) && i > 0) continue;
      const words = p.tokens.filter((t) => !/^(a|an|the)$/.test(t.lower));
      if (words.every((t) => t.place || STOPWORDS.has(t.lower) || /^(i|we|idea|plan|goal|mission|vision|concept)$/.test(t.lower))) continue;
      // "a nonprofit teaching kids to code": the people taught are the customers, not what is sold.
      if (i > 0 && words.every((t) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || STOPWORDS.has(t.lower))) continue;
      productTokens = words;
      productHead = [...words].reverse().find((t) => t.noun || t.gerund) ?? words[words.length - 1] ?? null;
      const next = phrases[i + 1];
      if (next && /^(about|on)$/.test(next.before) && productHead && /^(newsletter|podcast|blog|magazine|course|show|channel|book|guide|zine|digest)$/.test(productHead.lemma)) {
        topic = next.tokens.filter((t) => !/^(a|an|the)$/.test(t.lower)).map(wordText).join(" ");
      }
      break outer;
    }
  }
  return {
    sentences,
    tokens,
    audience: audienceTokens,
    ideaLemmas: spaced(tokens, "lemma"),
    ideaNormals: spaced(tokens, "lower"),
    audienceLemmas: `${spaced(audienceTokens, "lemma")}${spaced(audienceTokens, "lower")}`,
    productTokens,
    productHead,
    forPhrases: sentences.flatMap((s) => nounPhrases(s).filter((p) => p.before === "for" || p.before === "between").map((p) => p.tokens)),
    objectPhrases: sentences.flatMap((s) => nounPhrases(s).filter((p) => OBJECT_VERBS.test(p.before)).map((p) => p.tokens)),
    conversion,
    activity: taught(idea)?.activity ?? null,
    learners: taught(idea)?.learners ?? "",
    topic,
  };
}

/** The skill an idea teaches and to whom: "teaching kids to code" → coding, "kids". */
function taught(idea: string): { activity: string; learners: string } | null {
  const m = /\bteach(?:es|ing)?\s+((?:[\p{L}'’-]+\s+){0,3}?)(?:how\s+)?to\s+(\p{L}{3,})\b/iu.exec(idea);
  if (!m) return null;
  const verb = m[2]!.toLowerCase();
  const learners = m[1]!.trim().replace(/^(the|a|an|our|your)\s+/i, "");
  // "to beginners" is whom, not what: the word after "to" must read as a verb.
  if (STOPWORDS.has(verb) || PEOPLE.has(verb) || /[^s]s$/.test(verb) || /(?:er|ers|ist|ists)$/.test(verb)) return null;
  const activity = /[^e]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb) ? `${verb}${verb.slice(-1)}ing` : `${verb}ing`;
  return { activity, learners: learners.split(/\s+/).length <= 3 ? learners.toLowerCase() : "" };
}

/** Verbs whose object is what is sold. */
const OBJECT_VERBS = /^(sells?|selling|sold|offers?|offering|delivers?|delivering|orders?|ordering|buys?|buying|rents?|renting|ships?|shipping|makes?|making|brews?|bakes?|provides?|providing|lends?|lending|shares?|sharing|swaps?|trades?)$/;

/** "turns Figma files into React code", "from Figma to React": "Figma-to-React". */
function conversionOf(idea: string): string | null {
  const name = "([A-Z][\\w.+#]*(?:\\s[A-Z][\\w.+#]*)?)";
  const patterns = [
    new RegExp(`\\b(?:turns?|converts?|transforms?|translates?|exports?|compiles?|migrates?|brings?)\\s+(?:your\\s+|the\\s+|any\\s+)?${name}\\b[^.;]*?\\b(?:into|to)\\s+(?:clean\\s+|ready\\s+|production[- ]ready\\s+|working\\s+)?${name}`),
    new RegExp(`\\bfrom\\s+${name}\\s+(?:\\w+\\s+)?to\\s+${name}`),
  ];
  for (const re of patterns) {
    const m = idea.match(re);
    if (m?.[1] && m[2] && m[1] !== m[2]) return `${m[1].replace(/\s+/g, "-")}-to-${m[2].replace(/\s+/g, "-")}`;
  }
  return null;
}

function wordText(t: Token): string {
  return t.proper ? t.text : t.lower;
}

// ---------------------------------------------------------------- the category

function triggerWeight(category: BusinessCategory, t: Token): number {
  return Math.max(category.triggers[t.lemma] ?? 0, category.triggers[t.lower] ?? 0);
}

/** A token's weight in a category, counting the phrases it is part of ("food" in "food truck"). */
function tokenWeight(category: BusinessCategory, t: Token, r: Reading): number {
  let w = triggerWeight(category, t);
  for (const [phrase, weight] of Object.entries(category.triggers)) {
    if (weight <= w || !phrase.includes(" ")) continue;
    const words = phrase.split(" ");
    if (!words.includes(t.lemma) && !words.includes(t.lower)) continue;
    if (r.ideaLemmas.includes(` ${phrase} `) || r.ideaNormals.includes(` ${phrase} `)) w = weight;
  }
  return w;
}

function scoreCategory(category: BusinessCategory, r: Reading): number {
  const product = new Set(r.productTokens.map((t) => t.index));
  const productLemmas = spaced(r.productTokens, "lemma") + spaced(r.productTokens, "lower");
  const forTokens = r.forPhrases.flat();
  const forIndexes = new Set(forTokens.map((t) => t.index));
  const forLemmas = r.forPhrases.map((p) => spaced(p, "lemma") + spaced(p, "lower")).join("|");
  let score = 0;
  for (const [trigger, weight] of Object.entries(category.triggers)) {
    const key = ` ${trigger} `;
    let factor = 0;
    if (trigger.includes(" ")) {
      if (productLemmas.includes(key)) factor = 1.5;
      else if (forLemmas.includes(key)) factor = FOR_FACTOR;
      else if (r.ideaLemmas.includes(key) || r.ideaNormals.includes(key)) factor = 1;
      else if (r.audienceLemmas.includes(key)) factor = 0.4;
    } else {
      for (const t of r.tokens) {
        if (t.lemma !== trigger && t.lower !== trigger) continue;
        factor = Math.max(factor, product.has(t.index) ? 1.5 : forIndexes.has(t.index) ? FOR_FACTOR : 1);
      }
      if (!factor && r.audienceLemmas.includes(key)) factor = 0.4;
    }
    score += weight * factor;
  }
  return score;
}

/** Words after "for" mostly say who buys ("a CRM for real estate agents"): they place the idea less. */
const FOR_FACTOR = 0.6;

function chooseCategory(r: Reading): BusinessCategory {
  let best = GENERAL_CATEGORY;
  let bestScore = 2.5; // below this, the idea is not placed: the generic category
  for (const category of ALL_CATEGORIES) {
    const score = scoreCategory(category, r);
    if (score > bestScore + 1e-9) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------- what is sold

/** The product phrase's words, without determiners, leading qualifiers and dropped heads. */
function productWords(r: Reading): Token[] {
  const founders = founderIndexes(r);
  let words = r.productTokens.filter((t) => !/^(a|an|the|my|our|your|their)$/.test(t.lower) && !founders.has(t.index));
  // A compound that is not a qualifier ("same-day", "small-batch", "second-hand") stays whole at the front.
  const keptCompound = (t: Token, next: Token | undefined) => t.hyphenNext && !!next && !next.qualifier;
  while (words.length > 1 && !keptCompound(words[0]!, words[1]) && (words[0]!.qualifier || STYLE_WORDS.has(words[0]!.lower) || STOPWORDS.has(words[0]!.lower) || words[0]!.lower === "source")) words = words.slice(1);
  while (words.length > 1 && (DROP_HEADS.has(words[words.length - 1]!.lower) || words[words.length - 1]!.qualifier)) words = words.slice(0, -1);
  return words;
}

function joinTokens(tokens: Token[]): string {
  let out = "";
  tokens.forEach((t, i) => {
    out += wordText(t);
    if (i < tokens.length - 1) out += t.hyphenNext ? "-" : " ";
  });
  return out;
}

function candidateScore(category: BusinessCategory, t: Token, r: Reading): number {
  let s = tokenWeight(category, t, r);
  if (t.noun || t.gerund) s += 1;
  else if (t.adjective) s -= 1.5;
  if (FORMAT.has(t.lower) || FORMAT.has(t.lemma)) s -= 2.5;
  if (PEOPLE.has(t.lower) || PEOPLE.has(t.lemma)) s -= 3;
  if (t.lower === "ai") s -= 2.5; // "an AI writing assistant" sells writing help
  return s;
}

function usable(t: Token): boolean {
  return isContent(t) && !t.place && !t.qualifier && !GENERIC.has(t.lemma) && !GENERIC.has(t.lower);
}

type ProductWord = { word: string; /** Found outside the product phrase ("crafts" of "a marketplace for handmade crafts"). */ outside: boolean };

/** Heads that name the form of a lesson or visit, not the subject: "yoga classes" sells yoga. */
const FORM_HEADS = new Set("class classes lesson lessons session sessions course courses workshop workshops tour tours visit visits plan plans".split(" "));
/** Words for the place a thing is sold in: "a sourdough bakery" sells sourdough. */
const PLACE_FORMS = new Set("bakery bakehouse cafe café shop store salon boutique bistro parlour parlor".split(" "));
/** General words that still name a product before a noun: "website builder", "app store". */
const PRODUCT_MODIFIERS = new Set(["website", "web", "app", "site"]);

function chooseProductWord(category: BusinessCategory, r: Reading, words: Token[]): ProductWord {
  if (r.conversion) return { word: r.conversion, outside: false };
  if (r.activity) return { word: r.activity, outside: false };
  const pick = (pool: Token[], needWeight: boolean): { text: string; format: boolean } | null => {
    let best: Token | null = null;
    let bestScore = -Infinity;
    for (const t of pool) {
      if (!usable(t) || (PEOPLE.has(t.lemma) && needWeight) || (t.verb && !t.noun)) continue;
      if (needWeight && tokenWeight(category, t, r) <= 0) continue;
      const s = candidateScore(category, t, r);
      if (s >= bestScore) {
        best = t;
        bestScore = s;
      }
    }
    if (!best) return null;
    const phrase = [best];
    const i = pool.indexOf(best);
    const prev = pool[i - 1];
    const prev2 = pool[i - 2];
    const prevInPhrase = !!prev2 && !!prev && prev2.index === best.index - 2 && ALL_CATEGORIES.some((c) => c.triggers[`${prev2.lower} ${prev.lower}`] || c.triggers[`${prev2.lemma} ${prev.lemma}`]);
    if (
      prev &&
      !prevInPhrase &&
      prev.index === best.index - 1 &&
      (usable(prev) || (PRODUCT_MODIFIERS.has(prev.lower) && best.noun)) &&
      (!FORMAT.has(prev.lower) || PRODUCT_MODIFIERS.has(prev.lower)) &&
      // "handmade leather wallets": an adjective before the subject is a kind; the noun after it says more ("leather wallets").
      !(prev.adjective && !prev.noun && !prev.gerund && !prev.proper && !prev.hyphenNext && (pool[i + 1]?.noun ?? false) && pool[i + 1]!.index === best.index + 1) &&
      !PEOPLE.has(prev.lower) &&
      !PEOPLE.has(prev.lemma) &&
      (prev.noun || prev.gerund || prev.proper || tokenWeight(category, prev, r) > 0) &&
      !(FORMAT.has(best.lower) && !prev.noun)
    ) {
      phrase.unshift(prev);
    }
    const following = (j: number) => {
      const t = pool[j];
      return !!t && t.index === pool[j - 1]!.index + 1 && !FORMAT.has(t.lower) && !GENERIC.has(t.lower) && !DROP_HEADS.has(t.lower) && !PEOPLE.has(t.lemma) && !PEOPLE.has(t.lower) && !t.place && isContent(t) && !(t.verb && !t.noun && !t.gerund) ? t : null;
    };
    // A hyphen compound ending in the best word ("second-hand") qualifies the noun after it, like an adjective.
    const compound = phrase.length > 1 && phrase.slice(0, -1).every((t) => t.hyphenNext);
    if ((best.adjective && !best.noun && !best.gerund) || (compound && !!following(i + 1)?.noun)) {
      // "legal" → "legal advice", "handmade ceramic mugs" → "ceramic mugs": the adjective says what kind, the noun after it what is sold.
      const tail: Token[] = [];
      for (let j = i + 1; tail.length < 3; j++) {
        const t = following(j);
        if (!t) break;
        tail.push(t);
        if ((t.noun || t.gerund) && !following(j + 1)?.noun) break;
      }
      if (tail.some((t) => t.noun || t.gerund)) {
        const whole = [...phrase, ...tail];
        phrase.splice(0, phrase.length, ...(whole.length <= 2 ? whole : whole.slice(-2)));
      }
    } else if (phrase.length === 1) {
      // "dog training": the activity after the subject is what is sold, unless it only names a form ("yoga classes").
      const next = following(i + 1);
      if (next && (next.noun || next.gerund) && !FORM_HEADS.has(next.lower) && !GENERIC.has(next.lower) && !following(i + 2)) phrase.push(next);
    }
    // "sourdough bakery", "coffee shop": the place's word says where, the word before it what is sold.
    if (phrase.length === 2 && PLACE_FORMS.has(phrase[1]!.lower) && phrase[0]!.noun && !phrase[0]!.adjective && !phrase[0]!.hyphenNext) phrase.pop();
    const last = phrase[phrase.length - 1]!;
    const activity = ACTIVITY[last.lower] ?? ACTIVITY[last.lemma];
    const text = joinTokens(phrase);
    // "second-hand marketplace": a compound that only qualifies the form names no product either.
    const after = pool[pool.indexOf(last) + 1];
    const qualifiesForm = phrase.length > 1 && phrase[0]!.hyphenNext && !!after && after.index === last.index + 1 && (FORMAT.has(after.lower) || FORMAT.has(after.lemma));
    return { text: activity ? text.replace(new RegExp(`${escapeRe(last.text)}$`, "i"), activity) : text, format: FORMAT.has(best.lower) || FORMAT.has(best.lemma) || qualifiesForm };
  };
  const inPhrase = pick(words, false);
  // The phrase names only the form ("a marketplace for handmade crafts"): the idea's own subject word is better.
  if (!inPhrase || inPhrase.format) {
    const elsewhere = pick(r.tokens, true);
    if (elsewhere && !elsewhere.format) return { word: elsewhere.text, outside: true };
    // "a marketplace for renting camera gear", "restaurants order fresh produce": what changes hands.
    const person = (t: Token) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || !!ACTIVITY[t.lemma] || /(er|ist|ian)s?$/.test(t.lower);
    for (const phrase of [...r.objectPhrases, ...r.forPhrases]) {
      if (phrase.some(person)) continue;
      const object = pick(phrase, false);
      if (object && !object.format) return { word: object.text, outside: true };
    }
  }
  if (inPhrase) return { word: inPhrase.text, outside: false };
  const noun = r.tokens.find((t) => usable(t) && t.noun && !PEOPLE.has(t.lemma));
  return { word: noun ? wordText(noun) : (category.words[0] ?? "business"), outside: true };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function productPhrase(r: Reading, words: Token[], { word: productWord, outside }: ProductWord): string {
  const head = r.productHead;
  const generic = outside || words.every((t) => !usable(t));
  let phrase: string;
  if (r.conversion) phrase = `${r.conversion} ${head && GENERIC.has(head.lower) ? head.lower : "tool"}`;
  else if (r.activity) phrase = r.learners ? `${r.activity} for ${r.learners}` : r.activity;
  else if (generic) phrase = head && !DROP_HEADS.has(head.lower) && head.lower !== productWord.toLowerCase() ? `${productWord} ${head.lower}` : productWord;
  else phrase = joinTokens(words);
  if (r.topic) phrase = `${phrase} about ${r.topic}`;
  return phrase.length > 80 ? productWord : phrase;
}

// ---------------------------------------------------------------- customers and place

const AUDIENCE_CUT = /\s*(?:[,;:.()[\]–—]|\s-\s|\b(?:who|that|which|with|in|looking|seeking|wanting|needing|across|based|aged|ages|between|from|at|on|near|whose|where|like|such as|e\.g)\b)/i;

/** The longest customers phrase kept whole, in words ("owners of small dental clinics" is five)... */
const AUDIENCE_WORDS = 7;
/** ...and in characters: the launch copy cuts its customers phrase at 40 (shortPhrase), mid-phrase when it can. */
const AUDIENCE_CHARS = 40;
/** Words that cannot end a noun phrase (nor be cut after): function words, determiners, possessives. */
const AUDIENCE_DANGLING = new Set(
  ("a an the and or nor but & + plus of for to in on at by from with without into onto about over under near via per than " +
    "as like such including who whom whose which that this these those their your our my his her its some any each every " +
    "all both either neither other another more most less many few much own very really just also not no etc " +
    "de du des del la le les et y und für der die das").split(" "),
);
const AUDIENCE_CONJUNCTIONS = new Set("and or nor & + plus et y und".split(" "));
/** Prepositions the first cut (AUDIENCE_CUT) leaves in: a phrase may be cut before them. */
const AUDIENCE_PREPOSITIONS = new Set(
  "for to over under about without into onto through during after before by than within outside inside around against beyond via per among including as".split(" "),
);
/** People named by their relation to something: "owners" alone, without "of ...", says nothing. */
const RELATIONAL = new Set(
  ("owner owners manager managers head heads member members staff employee employees leader leaders director directors " +
    "operator operators administrator administrators lead leads officer officers chief chiefs partner partners").split(" "),
);
/** Adverbs that end a participle phrase ("professionals living abroad"). */
const PHRASE_ADVERBS = new Set("abroad away overseas remotely online locally nearby alone together home offshore".split(" "));
const IRREGULAR_PLURALS = new Set("people children women men folk folks staff".split(" "));

type AudienceWord = {
  /** As written (punctuation inside kept, "small,"). */
  text: string;
  /** Lower-case, without surrounding punctuation. */
  lower: string;
  /** compromise's reading of the word's last part ("sized" of "medium-sized"); none for "&". */
  tok: Token | undefined;
};

/** The words of an answer with the token of each, aligned by text (tokenize splits hyphens and drops "&"). */
function audienceWords(text: string): AudienceWord[] {
  const raw = text.split(/\s+/).filter(Boolean);
  const tokens = tokenize(raw.join(" ")).flat();
  let at = 0;
  return raw.map((w) => {
    const parts = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, "").replace(/['’]s$/i, "").split("-").filter(Boolean);
    let tok: Token | undefined;
    for (const part of parts) {
      const found = tokens.slice(at, at + 4).findIndex((t) => t.text === part);
      if (found < 0) continue;
      tok = tokens[at + found];
      at += found + 1;
    }
    return { text: w, lower: w.toLowerCase().replace(/^[^\p{L}\p{N}&+]+|[^\p{L}\p{N}&+]+$/gu, ""), tok };
  });
}

function plural(w: AudienceWord): boolean {
  return IRREGULAR_PLURALS.has(w.lower) || (/[^s]s$/.test(w.lower) && w.lower.length > 3) || /^[A-Z0-9]{2,}s$/.test(w.text.replace(/[^\p{L}\p{N}]/gu, ""));
}

function peopleWord(w: AudienceWord): boolean {
  return PEOPLE.has(w.lower) || (!!w.tok && PEOPLE.has(w.tok.lemma)) || plural(w) || /^[A-Z]{2,}$/.test(w.text) || !!w.tok?.proper;
}

/** A word that can head a noun phrase: a noun, a name, an acronym, a figure, a plural compromise took for a verb ("tech leads"). */
function headWord(words: AudienceWord[], i: number): boolean {
  const w = words[i]!;
  if (!w.lower || AUDIENCE_DANGLING.has(w.lower)) return false;
  if (/\d/.test(w.lower)) return true;
  const t = w.tok;
  if (!t) return /\p{L}/u.test(w.lower);
  if (PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || t.proper) return true;
  // "the elderly", "the unemployed": an adjective after a leading "the" names people.
  if (i === 1 && words[0]!.lower === "the" && t.adjective) return true;
  // "students learning": a participle after its noun is not a head ("fans of hiking" is).
  if (/ing$/.test(w.lower) && i > 0 && headWord(words, i - 1)) return false;
  if (t.noun && !(t.adjective && !/s$/.test(w.lower))) return true;
  return (t.verb || t.adjective) && plural(w) && !/(ss|ous)$/.test(w.lower);
}

/** Whether the words read as a whole noun phrase: they end on its head, or on an adverb of a participle ("living abroad"). */
function wholePhrase(words: AudienceWord[]): boolean {
  const n = words.length;
  if (!n) return false;
  if (headWord(words, n - 1)) return true;
  return PHRASE_ADVERBS.has(words[n - 1]!.lower) && words.slice(Math.max(0, n - 4), n - 1).some((w) => /(ing|ed)$/.test(w.lower) && !!w.tok && (w.tok.verb || w.tok.gerund));
}

type AudienceCut = { at: number; kind: "and" | "of" | "other" };

/** Where a phrase may be cut: before a conjunction, before "of", before a preposition or a participle after a noun. */
function audienceCuts(words: AudienceWord[]): AudienceCut[] {
  const cuts: AudienceCut[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (AUDIENCE_CONJUNCTIONS.has(w.lower)) cuts.push({ at: i, kind: "and" });
    else if (w.lower === "of") cuts.push({ at: i, kind: "of" });
    else if (AUDIENCE_PREPOSITIONS.has(w.lower)) cuts.push({ at: i, kind: "other" });
    else if (/(ing|ed)$/.test(w.lower) && w.tok && (w.tok.verb || w.tok.gerund || plural(words[i - 1]!)) && headWord(words, i - 1)) cuts.push({ at: i, kind: "other" });
  }
  return cuts;
}

function fits(words: AudienceWord[]): boolean {
  return words.length <= AUDIENCE_WORDS && words.map((w) => w.text).join(" ").length <= AUDIENCE_CHARS;
}

/** A phrase that names its people by itself: a plural or people head, not a bare "owners" whose "of ..." was cut. */
function standalone(words: AudienceWord[]): boolean {
  // "women over 40": the head is before the figure.
  let h = words.length - 1;
  while (h > 0 && (/\d/.test(words[h]!.lower) || AUDIENCE_PREPOSITIONS.has(words[h]!.lower))) h--;
  const head = words[h]!;
  if (!peopleWord(head)) return false;
  const before = words[h - 1]?.lower ?? "";
  const bare = h === 0 || AUDIENCE_CONJUNCTIONS.has(before) || /^(the|a|an|their|your|our)$/.test(before);
  return !(bare && RELATIONAL.has(head.lower));
}

/**
 * The words of the phrase: the answer whole when it reads whole and is short enough; else the longest first conjunct
 * or phrase before a participle or preposition that names its people by itself ("practice managers" of "practice
 * managers and owners of small dental clinics"); else the answer without its "of ..." phrase; else the head of the
 * first phrase with the modifiers nearest to it ("semi-professional photographers"); else the longest whole phrase
 * cut at any of these boundaries; else the first run of words up to its last noun.
 */
function audiencePhrase(words: AudienceWord[]): AudienceWord[] {
  if (fits(words) && wholePhrase(words)) return words;
  const boundaries = audienceCuts(words);
  const cuts = boundaries
    .map((c) => ({ ...c, words: words.slice(0, c.at) }))
    .filter((c) => fits(c.words) && wholePhrase(c.words))
    .reverse();
  const byPeople = cuts.find((c) => c.kind !== "of" && standalone(c.words)) ?? cuts.find((c) => c.kind === "of" && standalone(c.words));
  if (byPeople) return byPeople.words;
  const firstCut = boundaries.find((c) => c.kind !== "and");
  let run = words.slice(0, firstCut ? firstCut.at : words.length);
  while (run.length && !wholePhrase(run)) run = run.slice(0, -1);
  let tail = run;
  while (tail.length && (!fits(tail) || AUDIENCE_DANGLING.has(tail[0]!.lower))) tail = tail.slice(1);
  if (tail.length && standalone(tail)) return tail;
  if (cuts[0]) return cuts[0].words;
  return tail;
}

function shortenAudience(text: string): string {
  const line = text.split(/\n/)[0]!.trim();
  const cutAt = [...line.matchAll(new RegExp(AUDIENCE_CUT.source, "gi"))];
  const upTo = (i: number) => (i < cutAt.length ? line.slice(0, cutAt[i]!.index) : line).trim();
  const prepare = (cut: string) => {
    // "Parents of 8-14 year olds": an age or a count is not said in the copy.
    if (/(?:^|[\s-])\d/.test(cut)) cut = cut.split(/\s+of\s+/i)[0]!.trim();
    const m = /^(the|a|an|all|any|our|my|mostly|mainly|primarily|especially)\s+/i.exec(cut);
    const words = audienceWords(m ? cut.slice(m[0].length) : cut);
    // "The elderly", "the unemployed": an adjective that names people keeps its article.
    const first = words[0]?.tok;
    if (m && /^the$/i.test(m[1]!) && first?.adjective && !first.noun && (words.length === 1 || !headWord(words, 1))) {
      return audienceWords(cut);
    }
    return words;
  };
  let words = prepare(upTo(0));
  // "Owners of small, family-run B&Bs": a comma inside a list of adjectives does not end the phrase.
  for (let i = 1; i <= 2 && i <= cutAt.length && !wholePhrase(words) && /^\s*,$/.test(cutAt[i - 1]![0]); i++) {
    const longer = prepare(upTo(i));
    if (fits(longer) && wholePhrase(longer)) words = longer;
  }
  const phrase = audiencePhrase(words).map((w) => w.text);
  if (!phrase.length) return "";
  const tags = tokenize(phrase.join(" ")).flat();
  // "Nigerian professionals", "Dutch expats": a nationality keeps its capital at the start too.
  const firstTerm = (nlp(phrase.join(" ")).json() as Array<{ terms: Array<{ tags?: string[] }> }>)[0]?.terms[0];
  const demonym = !!firstTerm?.tags?.includes("Demonym");
  return phrase
    .map((w, i) => {
      const t = tags.find((x) => x.text === w.replace(/['’]s$/i, "").replace(/[^\p{L}\p{N}-]/gu, "") || x.text === w);
      // "Gen Z", "Series A", "Ngozi Okafor's": a capitalised word before a capital letter or a name's possessive is a name.
      const name = i === 0 && /^\p{Lu}/u.test(w) && !t?.adjective && /^(\p{Lu}|\p{Lu}\p{Ll}+['’]s)$/u.test(phrase[1] ?? "");
      const keep = /[A-Z]/.test(w.slice(1)) || /^[A-Z]{2,}/.test(w) || (i > 0 && !!t?.proper) || (i === 0 && (!!t?.place || demonym)) || name;
      return keep ? w : w.toLowerCase();
    })
    .join(" ")
    .replace(/[^\p{L}\p{N})]+$/u, "");
}

/** A phrase that ends on a relation without its object: "owners", "owners and managers". */
function bareRelational(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/);
  const last = words[words.length - 1]!;
  return RELATIONAL.has(last) && (words.length === 1 || AUDIENCE_CONJUNCTIONS.has(words[words.length - 2]!));
}

function customersOf(input: GenerationInput, category: BusinessCategory, r: Reading): string {
  const audience = (input.target_audience ?? "").trim();
  if (audience && !NO_PLACE_ANSWERS.test(audience)) {
    const short = shortenAudience(audience);
    // "owners and managers" (of small hotels, cut for length): the idea's "for boutique hotels" says more.
    if (short && !(bareRelational(short) && ideaCustomers(r, category))) return short;
  }
  return ideaCustomers(r, category) || category.customers;
}

/** The customers the idea names itself: "remote teams" in "a coffee box for remote teams". */
function ideaCustomers(r: Reading, category: BusinessCategory): string {
  for (const sentence of r.sentences) {
    for (const p of nounPhrases(sentence)) {
      if (!/^(for|serving|helping|helps|serves|between|to)$/.test(p.before)) continue;
      const words = p.tokens.filter((t) => !/^(a|an|the|your|their)$/.test(t.lower));
      if (p.before === "to" && !words.some((t) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || /(er|ist|ian)s$/.test(t.lower))) continue;
      if (words[0]?.gerund) continue; // "for managing campaigns": a purpose, not people
      const head = words[words.length - 1];
      // "for handmade crafts", "for high school math": what is sold, not who buys it.
      if (head && !PEOPLE.has(head.lemma) && !PEOPLE.has(head.lower) && tokenWeight(category, head, r) > 0) continue;
      if (words.length && words.length <= 5 && words.some((t) => t.noun) && !words.every((t) => t.place)) return joinTokens(words);
    }
  }
  return "";
}

/**
 * Names of tools, platforms and products founders write after "in" ("runs in CI", "cost leaks in Terraform plans",
 * "works in Dentrix"): never a place, whatever compromise tags them.
 */
const TOOL_NAMES = new Set(
  ("ci cd ci/cd github gitlab bitbucket actions terraform kubernetes k8s docker helm ansible pulumi aws azure gcp cloudflare vercel " +
    "netlify heroku linux windows macos ios android chrome firefox safari vscode vs code neovim vim emacs jira confluence trello asana " +
    "airtable zapier hubspot salesforce shopify woocommerce wordpress squarespace wix webflow stripe paypal quickbooks xero sage " +
    "freshbooks dentrix eaglesoft opendental open dental epic cerner excel word powerpoint outlook teams zoom discord telegram whatsapp " +
    "instagram tiktok facebook youtube twitter linkedin reddit postgres postgresql mysql sqlite mongodb redis kafka snowflake bigquery " +
    "tableau looker jupyter pandas django rails laravel node nodejs deno npm pip cargo homebrew brew unity unreal blender photoshop " +
    "illustrator lightroom canva sketch minecraft roblox fortnite steam twitch etsy ebay airbnb uber lyft doordash " +
    "section ai gpt chatgpt openai claude llm api sdk cli saas").split(" "),
);

/** A word that is a tool or a language, never a place. */
function notPlace(t: Token): boolean {
  return NOT_PLACES.has(t.lower) || TOOL_NAMES.has(t.lower);
}

/**
 * Whether the answers name `place` as a place: the market answer says it, or the idea has it outside
 * parentheses and none of its words is a tool, a language or an unknown acronym ("CI", "Terraform").
 */
export function isPlaceInAnswers(input: GenerationInput, place: string): boolean {
  const p = place.trim().toLowerCase();
  if (!p) return false;
  const market = String(input.geographic_market ?? "").toLowerCase();
  if (!NO_PLACE_ANSWERS.test(market.trim()) && market.includes(p)) return true;
  const unglossed = String(input.business_idea ?? "").replace(/\([^()]*\)/g, " ").replace(/\s+/g, " ");
  if (!unglossed.toLowerCase().includes(p)) return false;
  const words = place.split(/[\s,]+/).filter(Boolean);
  return words.every((w) => !NOT_PLACES.has(w.toLowerCase()) && !TOOL_NAMES.has(w.toLowerCase()) && !(/^[A-Z]{2,}$/.test(w) && !tokenize(w).flat()[0]?.place));
}

function placeOf(input: GenerationInput, r: Reading, idea: string): string | null {
  // A place named in the idea is the most precise ("Austin" in a market of "United States"). A term in
  // parentheses is a gloss ("CI (GitHub Actions)", "Lisbon (Arroios)"): never the place itself.
  const unglossed = idea.replace(/\([^()]*\)/g, " ").replace(/\s+/g, " ");
  const sentences = unglossed === idea ? r.sentences : tokenize(unglossed);
  for (const sentence of sentences) {
    for (let i = 0; i < sentence.length; i++) {
      const t = sentence[i]!;
      const prev = sentence[i - 1];
      const next = sentence[i + 1];
      const afterIn = !!prev && /^(in|near|around|across|throughout|serving|from)$/.test(prev.lower);
      if (!/^\p{Lu}/u.test(t.text) || notPlace(t)) continue;
      // "in Terraform plans", "in Shopify stores": a name compromise does not know as a place, before a
      // lower-case noun, names the kind of thing, not where.
      const modifier = !t.place && !!next && !t.breakAfter && /^\p{Ll}/u.test(next.text) && next.noun && !PHRASE_BREAKS.has(next.lower);
      // An acronym is a place only when compromise knows it as one ("UK", "NYC"), never "CI" or "HR".
      const acronym = /^[A-Z]{2,}$/.test(t.text) && !t.place;
      if (!(t.place || (afterIn && t.proper && i > 1 && !modifier && !acronym))) continue;
      const words = [t.text];
      for (let j = i - 1; j > 0 && words.length < 3; j--) {
        const b = sentence[j]!;
        if (b.breakAfter || !/^\p{Lu}/u.test(b.text) || !(b.proper || b.adjective) || PHRASE_BREAKS.has(b.lower) || notPlace(b)) break;
        words.unshift(b.text);
      }
      for (let j = i + 1; j < sentence.length && words.length < 4; j++) {
        const n = sentence[j]!;
        if (sentence[j - 1]!.breakAfter || !/^\p{Lu}/u.test(n.text) || !(n.place || n.proper) || notPlace(n)) break;
        words.push(n.text);
      }
      return words.join(" ");
    }
  }
  const market = (input.geographic_market ?? "").trim().replace(/\s+/g, " ");
  if (!market || NO_PLACE_ANSWERS.test(market) || /^(global|worldwide|online|international|remote|anywhere)\b/i.test(market)) return null;
  const short = market.split(/\s*(?:;|\(|\band\b|\bplus\b|\/)\s*/i)[0]!.trim().replace(/[.,]+$/, "");
  return short.length > 40 ? (short.split(",")[0]!.trim().slice(0, 40) || null) : short || null;
}

// ---------------------------------------------------------------- payment

function has(r: Reading, phrase: string): boolean {
  const key = ` ${phrase} `;
  return r.ideaLemmas.includes(key) || r.ideaNormals.includes(key);
}

const FREE_NOT_A_PRICE = /\b(gluten|sugar|dairy|cruelty|hands|stress|plastic|waste|fee|tax|duty|carbon|alcohol|nut|lactose|caffeine|worry|hassle|paper|cash|contact|ad|risk|fragrance|meat|toxin|chemical)[- ]free\b/gi;

function paymentOf(category: BusinessCategory, r: Reading, idea: string): PaymentModel {
  const text = ` ${idea.toLowerCase().replace(FREE_NOT_A_PRICE, " ").replace(/[-‑]/g, " ").replace(/\s+/g, " ")} `;
  const test = (re: RegExp) => re.test(text);
  const paid = test(/\b(paid|premium|pro plan|paying|upgrade)\b/);
  const free = test(/\bfree\b(?! (shipping|delivery|trial|consultation|quote|quotes|estimate|estimates|returns|samples?|up|time|range)\b)/) || test(/\bfor free\b/);
  if (test(/\bopen source\b|\bfoss\b|\bself hosted\b/)) return "open-source";
  if (test(/\bfreemium\b|\bfree (tier|plan|version)\b/) || (free && paid)) return "freemium";
  if (test(/\bmarket ?place\b|\bpeer to peer\b|\bconnects? (\w+ ){1,3}(with|to) /)) return "marketplace";
  if (test(/\bsubscriptions?\b|\bsubscribe\b|\bmonthly\b|\bmembers?hips?\b|\bper month\b|\ba month\b|\/ ?(month|mo|year|yr)\b|\bretainers?\b|\bevery month\b|\bboxe?s?\b/)) return "subscription";
  // A nonprofit or a charity does not charge the people it serves.
  if (free || test(/\bnon ?profit\b|\bcharit(y|ies|able)\b/)) return "free";
  if (test(/\bvans?\b|\bsalons?\b|\brepairs?\b|\bcleaning\b|\bhouse calls?\b|\bcall outs?\b|\bat your (home|door|doorstep)\b|\bcomes? to you\b/)) return "local-service";
  if (test(/\bbookings?\b|\bbook (a|an|your|online|in)\b|\bappointments?\b|\breservations?\b/)) return "booking";
  for (const [cue, model] of Object.entries(category.paymentCues ?? {})) if (has(r, cue)) return model;
  return category.payment;
}

// ---------------------------------------------------------------- keywords, hashtags, motifs, channels, sections

function pascal(phrase: string): string {
  return phrase
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .map((w) => (/[A-Z]/.test(w.slice(1)) || /^[A-Z0-9]+$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
}

function unique(items: Iterable<string>, limit: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

function styleWordsOf(input: GenerationInput): Set<string> {
  return new Set(`${input.tone_of_voice ?? ""} ${input.brand_vibe ?? ""}`.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean));
}

/** The idea's other noun phrases of two or three words, trimmed whole: "same-day appointments", "indie founders". */
function otherPhrases(r: Reading): Token[][] {
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

function keywordsOf(category: BusinessCategory, r: Reading, u: { productWord: string; product: string; customers: string; place: string | null }, style: Set<string>): string[] {
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

function hashtagsOf(category: BusinessCategory, r: Reading, u: { productWord: string; customers: string; place: string | null; payment: PaymentModel }, words: Token[], style: Set<string>): string[] {
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

/**
 * Nouns of what is sold that the icon set has no icon named for, and the icons that draw them: pottery is
 * drawn as a bowl, not as a kids' balloon of the category.
 */
const NOUN_MOTIFS: Record<string, string[]> = {
  pottery: ["bowl", "cup"], ceramic: ["bowl", "cup"], ceramics: ["bowl", "cup"], clay: ["bowl"], kiln: ["flame"],
  detergent: ["wash-machine", "bottle"], laundry: ["wash-machine", "shirt"], soap: ["droplet", "bottle"],
  bookkeeping: ["receipt", "calculator"], accounting: ["calculator", "receipt"], tax: ["receipt-tax", "calculator"], payroll: ["cash", "calculator"],
  cli: ["terminal-2", "terminal"], linter: ["terminal-2", "code"], library: ["code", "package"], sdk: ["code", "package"],
  sourdough: ["bread"], loaf: ["bread"], ramen: ["soup", "bowl-chopsticks"], tea: ["teapot", "cup"],
  camping: ["tent", "campfire"], hiking: ["mountain", "trekking"], wallet: ["wallet"], leather: ["wallet"],
};

/** Verbs of what a product does, beyond IDEA_VERBS: never a noun to draw. */
const ACTION_VERBS = new Set("run work find give take keep save get fix check scan watch cut lint audit test flag alert catch spot cost".split(" "));

/** Founders describing themselves ("run by two ceramicists", "founded by a nurse"): not what is sold. */
/** Also how it is made or brought ("delivered by bike", "made by hand"): the means, not what is sold. */
const FOUNDER_PHRASE = /\b(?:\p{L}+ed|run|led|taught|built|made|sold|sent|brought|done|driven|ridden|grown|known|written|kept)\s+by\s+(?:(?!(?:in|that|which|who|and|with|at|from|for|near|across|to)\b)[\p{L}\p{N}'’-]+\s*){1,4}/giu;

/**
 * The idea's words a mark may draw: its nouns, without verbs ("run", "ship", "finds"), people ("kids",
 * "ceramicists") and the founders' description of themselves ("run by two ceramicists"), in the order
 * written so word pairs still match ("ice cream"). The logo's motif matcher reads this, never the raw idea.
 */
export function motifText(input: Pick<GenerationInput, "business_idea">): string {
  try {
    const idea = String(input.business_idea ?? "").replace(FOUNDER_PHRASE, " ").replace(NOISE, " ").replace(/\s+/g, " ").trim().slice(0, 800);
    const out: string[] = [];
    for (const sentence of tokenize(idea)) {
      // compromise reads some plurals after a noun as verbs ("Figma files", "cost leaks", "Terraform plans"): an -s form
      // right after a noun or a name, not a verb founders use for what a product does ("finds", "runs", "ships"), is a noun.
      const plural = (t: Token, i: number) => {
        const prev = sentence[i - 1];
        return /[^s]s$/.test(t.lower) && !!prev && (prev.noun || prev.proper) && !prev.verb && !IDEA_VERBS.has(t.lemma) && !ACTION_VERBS.has(t.lemma) && !IDEA_VERBS.has(t.lower.slice(0, -1));
      };
      const kept = sentence.filter(
        // "for" stays: the matcher reads the words after it as the customers, not what is sold (a bookkeeper for dentists gets no tooth).
        (t, i) => t.lower === "for" || ((!(t.verb && !t.noun) || plural(t, i)) && !PEOPLE.has(t.lower) && !PEOPLE.has(t.lemma) && !/(?:ist|ists|ian|ians)$/.test(t.lower) && !ACTIVITY[t.lemma]),
      );
      out.push(kept.map((t, i) => t.text + (i === kept.length - 1 ? "" : t.hyphenNext && kept[i + 1]!.index === t.index + 1 ? "-" : " ")).join(""));
    }
    return out.join(". ");
  } catch {
    return "";
  }
}

/** Indexes of a participle phrase with "by" ("run by two ceramicists", "delivered by bike"): who makes it or how it comes, not what is sold. */
function founderIndexes(r: Reading): Set<number> {
  const out = new Set<number>();
  r.sentences.forEach((sentence) =>
    sentence.forEach((t, i) => {
      if (sentence[i + 1]?.lower === "by" && /^(?:\p{L}+ed|run|led|taught|built|made|sold|sent|brought|done|driven|ridden|grown|known|written|kept)$/u.test(t.lower)) {
        for (let j = i; j < sentence.length && (j === i || !sentence[j - 1]!.breakAfter) && !(j > i + 2 && PHRASE_BREAKS.has(sentence[j]!.lower)); j++) out.add(sentence[j]!.index);
      }
    }),
  );
  return out;
}

function motifsOf(category: BusinessCategory, r: Reading, productWord: string, words: Token[]): string[] {
  const named: string[] = [];
  for (const raw of productWord.toLowerCase().split(/[\s-]+/)) {
    if (GENERIC.has(raw) || STOPWORDS.has(raw) || FORMAT.has(raw)) continue;
    // "laptops" → "device-laptop": an icon that has the word as a part of its name.
    const w = r.tokens.find((t) => t.lower === raw)?.lemma ?? raw;
    const named1 = isMotifIcon(w) ? w : iconsForWord(w).find((n) => n.split("-").includes(w));
    if (named1) named.push(named1);
    else named.push(...(NOUN_MOTIFS[w] ?? NOUN_MOTIFS[raw] ?? []).filter(isMotifIcon));
  }
  // The product phrase's other nouns drawn the same way ("pottery" of "summer pottery camp").
  for (const t of words) if ((t.noun || t.gerund) && !t.verb) named.push(...(NOUN_MOTIFS[t.lemma] ?? NOUN_MOTIFS[t.lower] ?? []).filter(isMotifIcon));
  const founderWords = founderIndexes(r);
  const phraseNouns = words.filter((t) => (t.noun || t.gerund) && !(t.verb && !t.noun) && usable(t) && !PEOPLE.has(t.lemma) && !founderWords.has(t.index));
  for (const t of phraseNouns) if (isMotifIcon(t.lemma)) named.push(t.lemma);
  const tagged: string[] = [];
  const nouns = [...phraseNouns, ...r.tokens.filter((t) => (t.noun || t.gerund) && usable(t) && !PEOPLE.has(t.lemma) && !t.proper)].filter(
    (t) => !FORMAT.has(t.lemma) && !DROP_HEADS.has(t.lemma),
  );
  for (const t of nouns) if (!t.adjective && !t.verb && !founderWords.has(t.index)) tagged.push(...iconsForWord(t.lemma).slice(0, 2));
  return unique([...named.slice(0, 1), ...category.motifs.slice(0, 3), ...named, ...category.motifs, ...tagged], 8);
}

const AUDIENCE_CHANNELS: Array<[RegExp, string[]]> = [
  [/\b(developers?|engineers?|programmers?|devs?|coders?)\b/i, ["GitHub", "Hacker News", "dev.to"]],
  [/\bremote\b|\bdistributed\b/i, ["LinkedIn", "Slack communities"]],
  [/\b(startups?|founders?|compan(y|ies)|businesses|b2b|managers?|hr|teams?|agencies|enterprises?)\b/i, ["LinkedIn"]],
  [/(?<!\b(?:dog|pet|cat|plant) )\b(parents?|moms?|mums?|dads?|families)\b/i, ["local parenting Facebook groups", "Instagram"]],
  [/\b(students?|teens?|teenagers?|gen z)\b/i, ["TikTok", "Instagram", "Discord servers"]],
  [/\b(gamers?|players?)\b/i, ["Discord servers", "Twitch", "Reddit gaming communities"]],
  [/\b(designers?)\b/i, ["Dribbble", "Behance"]],
  [/\b(freelancers?|creators?|indie hackers?|solopreneurs?)\b/i, ["LinkedIn", "Indie Hackers", "X (Twitter)"]],
  [/\b(seniors?|retirees?|older adults?|elderly)\b/i, ["local Facebook groups", "local newspapers"]],
];

function channelsOf(category: BusinessCategory, r: Reading, customers: string, audience: string, local: boolean, payment: PaymentModel): string[] {
  const fromAudience: string[] = [];
  const who = `${customers} ${audience}`;
  for (const [re, channels] of AUDIENCE_CHANNELS) if (re.test(who)) fromAudience.push(...channels);
  const cued: string[] = [];
  for (const [word, channels] of Object.entries(category.channelCues ?? {})) if (has(r, word) || r.audienceLemmas.includes(` ${word} `)) cued.push(...channels);
  const localChannels = local ? ["Google Business Profile", "Nextdoor", "local Facebook groups"] : [];
  // Developers are not reached in neighbourhood groups: a developer audience keeps its own channels.
  const developerAudience = /\b(developers?|engineers?|programmers?)\b/i.test(who);
  const notLocal = (c: string) => !/^(Google Business Profile|Nextdoor|local Facebook groups|Yelp|Thumbtack|Google Maps)$/.test(c);
  const own = payment === "marketplace" || payment === "open-source" ? category.channels.filter(notLocal) : category.channels;
  return unique([...cued, ...fromAudience, ...own, ...(developerAudience ? [] : localChannels), ...GENERAL_CATEGORY.channels], 6);
}

function sectionsOf(category: BusinessCategory, payment: PaymentModel, local: boolean, product: string): CategorySection[] {
  const byPayment: Record<PaymentModel, CategorySection[]> = {
    "local-service": ["service-area", "prices", "booking"],
    booking: ["booking", "prices"],
    "open-source": ["install", "repository"],
    subscription: /\b(box|kit|crate|bundle)\b/i.test(product) ? ["in-the-box", "prices"] : ["prices"],
    "one-off": [],
    free: [],
    marketplace: [],
    freemium: ["prices"],
  };
  const inPerson = new Set<CategorySection>(["service-area", "booking"]);
  const own = payment === "marketplace" || payment === "open-source" ? category.sections.filter((s) => !inPerson.has(s)) : category.sections;
  const sections = [...own, ...byPayment[payment], ...(local ? (["service-area"] as const) : [])];
  return [...new Set(sections)];
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
