import type { GenerationInput } from "~/kit/input";
import type { Brand } from "~/kit/brand/brand";
import { possessive, takesAn } from "~/kit/copy/cleanup";

export { possessive };
import { storedUnderstanding, understandIdea } from "~/kit/understanding";
import type { BusinessModel, Ecosystem, PaymentModel, Price, Understanding } from "~/kit/understanding/types";

/**
 * What the offline (builtin) copy of every asset is made from: the founder's
 * own answers, what LaunchKit understood of the idea (its product word,
 * customers, place and payment model) and the brand, cleaned up for use
 * inside sentences. Nothing here is a fact about the world: no numbers, no
 * customers, no testimonials are ever made up.
 */

const understood = new Map<string, Understanding>();

/**
 * The understanding of a kit's idea: the brand's own (stored with it, possibly
 * refined by the model) when it has one, else read from the answers (the same
 * answers always give the same understanding, kept for the next asset).
 */
export function understandingOf(input: GenerationInput, brand?: unknown): Understanding {
  const stored = storedUnderstanding(brand);
  if (stored) return stored;
  const key = JSON.stringify(input);
  let u = understood.get(key);
  if (!u) {
    u = understandIdea(input);
    if (understood.size > 200) understood.delete(understood.keys().next().value!);
    understood.set(key, u);
  }
  return u;
}

/** Nouns that take no article: "dog grooming", "legal advice", "coffee". */
const MASS = new Set(
  ("advice care software coffee tea food design music help support fashion clothing apparel furniture equipment gear jewellery jewelry " +
    "bread finance insurance training research marketing content data yoga fitness therapy childcare skincare haircare makeup wine beer " +
    "chocolate honey code hosting storage delivery repair maintenance accounting photography translation education feedback homework " +
    "merchandise information pilates sourdough")
    .split(" "),
);
/** "-ing" words that are things, not activities: "a wedding", "a booking". */
const ING_THINGS = new Set("building wedding ring thing painting listing meeting booking offering pudding string king morning evening".split(" "));

/**
 * The phrase with "a" or "an" when its head noun is countable and singular
 * ("a coffee subscription box", "an espresso box"), bare otherwise ("dog
 * grooming", "yoga classes", "legal advice").
 */
export function withArticle(phrase: string): string {
  const t = phrase.trim();
  if (/^(a|an|the|your|our|their)\s/i.test(t)) return t;
  const head = (t.split(/[\s-]+/).pop() ?? "").toLowerCase().replace(/[^a-z]/g, "");
  const bare = MASS.has(head) || (/ing$/.test(head) && !ING_THINGS.has(head)) || (/[^su]s$/.test(head) && !/(ss|us|is)$/.test(head));
  if (bare || !head) return t;
  return `${takesAn(t.split(/\s+/)[0] ?? "") ? "an" : "a"} ${t}`;
}

/** A stable index in [0, n) from a text: variants chosen by category, so kits of different businesses read differently. */
export function variantIndex(text: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % n;
}

/**
 * How copy talks about the business: its payment model, or, where the model
 * alone would say the wrong thing, what is sold: food and flowers bought one
 * at a time ("consumable", not kept for years), software paid for by the
 * month ("software", no deliveries), and a subscription to a place, classes
 * or a service ("membership": a coworking space or yoga classes are joined,
 * not delivered); recurring visits of a local service stay visits.
 */
export type CopyPool = PaymentModel | "consumable" | "software" | "membership" | "service";

const PROFESSIONAL = new Set(["accounting", "legal", "consulting-agency"]);
const CONSUMABLE = new Set(["bakery", "food-products", "cafe-restaurant", "florist", "food-subscription"]);
const SOFTWARE = new Set(["b2b-saas", "developer-tool", "consumer-app", "fintech", "gaming", "hr-recruiting"]);
/** Categories whose subscriptions deliver goods. */
const DELIVERED = new Set(["food-subscription", "cosmetics", "ecommerce", "fashion", "florist", "food-products", "handmade-crafts", "bakery", "cafe-restaurant", "hardware-iot", "general"]);
/** Categories whose subscriptions are recurring visits. */
const VISITS = new Set(["cleaning", "home-services", "pet-services", "gardening-landscaping", "automotive", "bike-shop", "senior-care"]);

export function copyPool(payment: PaymentModel, category: string, product = "", model?: BusinessModel): CopyPool {
  // A bookkeeper on a retainer or an agency is work done for a business by people, never an app to set up.
  if (model === "b2b-service") return "service";
  // Bookkeeping, legal work or an agency paid by the month is a retainer for work done, never a membership to "use as often as you like".
  if (payment === "subscription" && PROFESSIONAL.has(category)) return "service";
  if (payment === "one-off" && CONSUMABLE.has(category)) return "consumable";
  if (payment === "subscription") {
    if (SOFTWARE.has(category)) return "software";
    if (DELIVERED.has(category) || /\b(box|boxes|kit|kits|crate|crates|deliver(y|ies|ed)|refills?)\b/i.test(product)) return "subscription";
    if (VISITS.has(category)) return "local-service";
    return "membership";
  }
  return payment;
}

/** What customers put up with today, by pool: the positioning's "unlike…" when the founder named no competitor. */
export const STATUS_QUO: Record<CopyPool, (word: string) => string> = {
  subscription: (w) => `reordering ${w} by hand`,
  "one-off": (w) => `whatever ${w} the usual shops have`,
  consumable: (w) => `${w} from the supermarket shelf`,
  software: (w) => `${w} in spreadsheets and copy-paste`,
  free: (w) => `paid ${w} tools they barely use`,
  "open-source": (w) => `closed ${w} tools with a monthly bill`,
  "local-service": (w) => `a trip across town for ${w}`,
  booking: (w) => `the back-and-forth of booking ${w}`,
  marketplace: (w) => `${w} listings scattered across ten sites`,
  freemium: (w) => `${w} tools that charge before they help`,
  membership: (w) => `paying for ${w} one visit at a time`,
  service: (w) => `${w} squeezed in after hours, or a firm that knows nothing of their trade`,
};

/** The words of the business every generator writes with. */
export type BusinessWords = {
  u: Understanding;
  /** The product word, lower case: "coffee". */
  word: string;
  /** A short phrase that names what is sold and contains the product word: "coffee subscription". */
  what: string;
  /** What is sold, as the idea says it: "coffee subscription box". */
  product: string;
  /** Who buys it: "remote teams". */
  customers: string;
  place: string | null;
  payment: PaymentModel;
  /** How copy talks about it (copyPool): the payment model, "consumable" or "software". */
  pool: CopyPool;
  /** The founder's facts (prices, ages, area, facts, ecosystem), each empty when not given. */
  facts: Facts;
};

const lowerPhrase = (s: string) => lc(s.trim().replace(/\s+/g, " ").replace(/^(a|an|the)\s+/i, "").replace(/[.!?\s]+$/, ""));

export function businessWords(u: Understanding): BusinessWords {
  // Bounded so that every template quoting them still fits its limit with the longest answers.
  const word = shortPhrase(lc(u.productWord.trim().replace(/\s+/g, " ")), 24) || "it";
  const has = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}-]+/gu, " ")} `.includes(` ${word.toLowerCase()} `);
  const label = lowerPhrase(u.categoryLabel);
  const product = shortPhrase(lowerPhrase(u.product) || word, 50);
  const what = shortPhrase(has(label) && label.split(" ").length <= 3 ? label : has(product) && product.split(" ").length <= 4 ? product : word, 40);
  return {
    u,
    word,
    what,
    product,
    customers: shortPhrase(lowerPhrase(u.customers) || "people like you", 40),
    place: u.place ? shortPhrase(u.place.trim(), 40) : null,
    payment: u.payment,
    pool: copyPool(u.payment, u.category, u.product, u.model),
    facts: factsOf(u),
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Lower-cases the first letter for use mid-sentence, unless the word looks like a name or an acronym ("Groomwell", "AI"). */
/** Names that keep their capital inside a sentence: languages and tools a product phrase may start with ("Go CLI"). */
const PROPER = /^(Go|Python|Rust|Ruby|Java|Swift|Kotlin|Elixir|Dart|Scala|Haskell|Terraform|Kubernetes|Docker|Rails|Django|Figma|React|Shopify|WordPress|Excel|Slack|Notion)$/;

export function lc(s: string): string {
  const first = s.split(/\s+/)[0] ?? "";
  if (first.length > 1 && (first === first.toUpperCase() || /[A-Z]/.test(first.slice(1)) || PROPER.test(first))) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * "mobile dog grooming van for busy pet owners." → "Mobile dog grooming van
 * for busy pet owners": the whole sentences that fit `max`; when the first
 * alone is longer, cut at a word and closed with "…" (a cut never reads as a
 * finished sentence). Quote it with `stop` to end it once.
 */
export function cleanSentence(s: string, max = 140): string {
  let t = s.trim().replace(/\s+/g, " ").replace(/[.!\s]+$/, "");
  if (t.length > max) {
    const whole = t.slice(0, max + 1).match(/^.*[.!?](?=\s)/)?.[0];
    t = whole && whole.length >= max / 3 ? whole.replace(/[.!\s]+$/, "") : `${t.slice(0, max).replace(/\s+\S*$/, "").replace(/[\s,;:.!?\-–—(]+$/u, "")}…`;
  }
  return cap(t);
}

/** A text ended once: "." unless it already ends with a full stop, "!", "?" or the "…" of a cut. */
export function stop(s: string): string {
  const t = s.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * A founder's answer quoted inside a template, cut after its last whole word
 * that fits `max` (inside the word only when the first one is longer): wizard
 * answers go up to 500 characters, and a template must still fit its limit.
 */
export function shortPhrase(s: string, max: number): string {
  const t = s.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const words = t.slice(0, max + 1).replace(/\s+\S*$/, "");
  // A cut inside a list keeps whole items: "startups and distributed teams of 10 to 200" becomes "startups", never "startups and distributed".
  const lastJoin = Math.max(...[...words.matchAll(/,\s|\s(?:and|or|&|with)\s/g)].map((m) => m.index ?? -1), -1);
  const kept = lastJoin >= max * 0.25 ? words.slice(0, lastJoin) : words;
  return (kept.length <= max ? kept : t.slice(0, max)).replace(/[\s,;:.!?\-–—(]+$/u, "");
}

/** The longest a quoted audience group or market may be inside a sentence. */
const PHRASE_MAX = 60;

export type GoalCopy = {
  /** Button-sized: "Book a call". */
  cta: string;
  /** Inside a sentence: "book a free call". */
  action: string;
  /** What the reader gets by acting now. */
  reason: string;
  /** The same in 30 characters or fewer. */
  short: string;
  /** The Meta button that matches the goal. */
  metaCta: string;
};

const GOALS: Record<string, GoalCopy> = {
  "collect emails": { cta: "Join the list", action: "join the list", reason: "Be the first to hear when it's ready", short: "Be the first to know", metaCta: "Sign Up" },
  "book calls": { cta: "Book a call", action: "book a call", reason: "Talk it through with us before you decide", short: "Talk it through with us", metaCta: "Book Now" },
  "pre-orders": { cta: "Pre-order now", action: "pre-order yours", reason: "Reserve yours before launch day", short: "Reserve yours today", metaCta: "Order Now" },
  waitlist: { cta: "Join the waitlist", action: "join the waitlist", reason: "Get early access before everyone else", short: "Get early access", metaCta: "Sign Up" },
  downloads: { cta: "Download now", action: "download it", reason: "Try it today on your own terms", short: "Try it today", metaCta: "Download" },
};

/** Pre-orders of what is not shipped (a camp, a class, a service): a place is reserved, and booked, never ordered. */
const RESERVE: GoalCopy = { cta: "Reserve a place", action: "reserve a place", reason: "Reserve your place before launch day", short: "Reserve your place", metaCta: "Book Now" };

export function goalCopy(goal: string): GoalCopy {
  return GOALS[goal] ?? { cta: "Learn more", action: "find out more", reason: "See if it's right for you", short: "See if it's right for you", metaCta: "Learn More" };
}

/** Tones whose voice allows emoji in posts (the brand's "don'ts" for premium and minimalist rule them out). */
export function toneAllowsEmoji(tone: string) {
  return tone === "friendly" || tone === "playful" || tone === "bold";
}

export type LaunchFacts = BusinessWords & {
  name: string;
  tagline: string;
  idea: string;
  /** The first audience group, lower case: "busy professionals". */
  who: string;
  /** The whole audience as a phrase: "busy professionals and new parents". */
  audience: string;
  /** " Made for busy professionals." unless the tagline already says who it is for. */
  madeFor: string;
  goal: GoalCopy;
  tone: string;
  emoji: boolean;
  market: string | null;
};

export function launchFacts(input: GenerationInput, brand: Brand): LaunchFacts {
  const words = businessWords(understandingOf(input, brand));
  const groups = input.target_audience
    .split(/[,;\n]+/)
    .map((g) => lc(shortPhrase(g.replace(/\.$/, ""), PHRASE_MAX)))
    .filter(Boolean)
    .slice(0, 4);
  const who = words.customers || groups[0] || "people like you";
  const tagline = brand.tagline.replace(/[.\s]+$/, "");
  const audience = groups.length > 1 ? `${groups.slice(0, -1).join(", ")} and ${groups[groups.length - 1]}` : who;
  return {
    ...words,
    name: brand.name,
    tagline,
    idea: cleanSentence(input.business_idea),
    who,
    audience: audience.length > 120 ? who : audience,
    madeFor: tagline.toLowerCase().includes(who.toLowerCase()) ? "" : ` Made for ${who}.`,
    goal: !words.facts.ships && input.primary_goal === "pre-orders" ? RESERVE : goalCopy(input.primary_goal),
    tone: input.tone_of_voice,
    emoji: toneAllowsEmoji(input.tone_of_voice),
    market: words.place ?? (input.geographic_market === "Not specified" ? null : shortPhrase(input.geographic_market, PHRASE_MAX)),
  };
}

/** "dog grooming" → "DogGrooming": a hashtag from words. */
export function hashtagOf(...words: string[]): string {
  return words
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(cap)
    .join("")
    .slice(0, 40);
}

/** The problem the customers have today, by how the business is paid for (inside a sentence). */
const PAIN: Record<CopyPool, (b: BusinessWords) => string> = {
  consumable: (b) => `good ${b.word} is hard to find close to home`,
  software: (b) => `${b.word} still eats hours in spreadsheets and copy-paste`,
  subscription: (b) => `remembering to reorder ${b.word} is one chore too many`,
  "one-off": (b) => `finding ${b.word} that lasts is harder than it should be`,
  free: (b) => `the ${b.word} options out there cost too much to even try`,
  "open-source": (b) => `the ${b.word} tools out there are closed, costly or both`,
  "local-service": (b) => `getting ${b.word} done means a trip, a wait and half a day gone`,
  booking: (b) => `finding a ${b.word} slot that fits their week takes far too long`,
  marketplace: (b) => `finding good ${b.word} means searching in ten different places`,
  freemium: (b) => `the ${b.word} tools out there make you pay before you can even try`,
  membership: (b) => `paying for ${b.word} visit by visit adds up, and it never becomes a habit`,
  service: (b) => `${b.word} lands on the owner's evenings, or with a firm that doesn't know their trade`,
};
export const pain = (b: BusinessWords) => (PAIN[b.pool] ?? PAIN["one-off"])(b);

/** The same problem as a question to the reader (ads). */
const PAIN_QUESTION: Record<CopyPool, (b: BusinessWords) => string> = {
  consumable: (b) => `Can't find good ${b.word} nearby?`,
  software: (b) => `Still doing ${b.word} in spreadsheets?`,
  subscription: (b) => `Forgot to reorder ${b.word} again?`,
  "one-off": (b) => `Tired of ${b.word} that doesn't last?`,
  free: (b) => `Paying too much for ${b.word}?`,
  "open-source": (b) => `Stuck with closed ${b.word} tools?`,
  "local-service": (b) => `No time to get ${b.word} done?`,
  booking: (b) => `Can't find a ${b.word} slot that fits?`,
  marketplace: (b) => `Searching ten sites for ${b.word}?`,
  freemium: (b) => `Want to try ${b.word} before you pay?`,
  membership: (b) => `Paying for ${b.word} visit by visit?`,
  service: (b) => `Still doing ${b.word} after hours?`,
};
export const painQuestion = (b: BusinessWords) => (PAIN_QUESTION[b.pool] ?? PAIN_QUESTION["one-off"])(b);

// ---- the founder's facts ---------------------------------------------------------------------

/**
 * What the founder gave, read from the understanding (fields an older stored
 * understanding lacks read as "not given"): the copy quotes these, and never
 * writes a price, an age, a place or a tool the founder did not give.
 */
export type Facts = {
  /** What is sold and how: the understanding's, else read from the payment model. */
  model: BusinessModel;
  /** Whether what is sold travels to the customer in a parcel: only then do "ship", "unbox", "in the box" fit. */
  ships: boolean;
  prices: Price[];
  /** The currency symbol of the founder's prices (or of their place), for estimates: "$" when nothing says otherwise. */
  symbol: string;
  ages: string | null;
  serviceArea: string | null;
  facts: string[];
  differentiator: string | null;
  ecosystem: Ecosystem | null;
};

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹", CAD: "CA$", AUD: "A$", NZD: "NZ$", CHF: "CHF ", SEK: "SEK ", NOK: "NOK ", DKK: "DKK ", PLN: "PLN ", BRL: "R$", MXN: "MX$" };

/** "EUR" → "€": how a currency is written before an amount. */
export function currencySymbol(code: string): string {
  return SYMBOLS[code.toUpperCase()] ?? `${code.toUpperCase()} `;
}

/** Places whose money is not the dollar, for the deck's estimates when the founder gave no price (a guess of the currency only, never of an amount). */
const EURO = /\b(lisbon|porto|portugal|amsterdam|rotterdam|netherlands|holland|berlin|munich|hamburg|germany|paris|lyon|france|madrid|barcelona|valencia|spain|rome|milan|tuscany|italy|dublin|ireland|vienna|austria|brussels|belgium|helsinki|finland|athens|greece|europe|eu)\b/i;
const POUND = /\b(london|leeds|manchester|bristol|edinburgh|glasgow|birmingham|liverpool|cardiff|uk|united kingdom|england|scotland|wales|britain)\b/i;

function modelFrom(u: Understanding): BusinessModel {
  if (u.model) return u.model;
  const pool = copyPool(u.payment, u.category, u.product);
  if (u.category === "developer-tool" || u.payment === "open-source") return "developer-tool";
  if (pool === "software" || u.payment === "freemium") return "software";
  if (pool === "marketplace") return "marketplace";
  if (pool === "local-service") return "local-service";
  if (pool === "booking" || pool === "membership") return /\b(class|classes|camp|camps|course|courses|workshop|workshops|lesson|lessons|retreat|tour|tours)\b/i.test(u.product) ? "class-or-event" : "local-service";
  if (pool === "subscription") return "subscription-delivered";
  return "shipped-product";
}

export function factsOf(u: Understanding): Facts {
  const model = modelFrom(u);
  const prices = (u.prices ?? []).filter((p) => p.text.trim() && p.amount.trim());
  const where = `${u.place ?? ""} ${u.serviceArea ?? ""}`;
  const code = prices[0]?.currency ?? (EURO.test(where) ? "EUR" : POUND.test(where) ? "GBP" : "USD");
  return {
    model,
    // An older understanding without a model keeps its old words: a product sold once or by subscription travels.
    ships: model === "shipped-product" || model === "subscription-delivered",
    prices,
    symbol: currencySymbol(code),
    ages: u.ages?.trim() || null,
    serviceArea: u.serviceArea?.trim() || null,
    facts: (u.facts ?? []).map((f) => f.trim()).filter(Boolean).slice(0, 5),
    differentiator: u.differentiator?.trim() || null,
    ecosystem: u.ecosystem ?? null,
  };
}

/** A price as the founder wrote it, with what it is for when given: "$29/org (cloud tier)". */
export function priceText(p: Price): string {
  const text = p.text.trim().replace(/[.;,\s]+$/, "");
  return p.label && !text.toLowerCase().includes(p.label.toLowerCase()) ? `${text} (${p.label.trim()})` : text;
}

/** Every price the founder gave, in one phrase: "€295 a week", "$29/org (cloud tier)". */
export function pricesPhrase(prices: readonly Price[]): string {
  const texts = prices.map(priceText);
  return texts.length > 1 ? `${texts.slice(0, -1).join(", ")} and ${texts[texts.length - 1]}` : (texts[0] ?? "");
}

/** A range of dollar estimates written in the founder's currency: "$40–120" → "€40–120". The numbers stay labelled estimates by the caller. */
export function inCurrency(text: string, symbol: string): string {
  return symbol === "$" ? text : text.replace(/\$(?=\d)/g, symbol);
}

