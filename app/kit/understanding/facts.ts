import type { BusinessModel, Ecosystem, PaymentModel, Price } from "./types";

/**
 * The founder's facts read from the wizard answers (decision 041): prices
 * with their currency, period and what they are per; ages; the area served
 * beyond the place; three to five facts in the founder's own words; the
 * differentiator; the business model; a developer tool's ecosystem. Every
 * value is a span of the answers or a fixed mapping of one (a currency sign
 * to its ISO code): nothing is guessed, and what the answers do not say is
 * null or empty. Pure string work, deterministic.
 */

// ---------------------------------------------------------------- prices

/** Currency signs and words, longest first so "R$" wins over "$". Plain "$" is USD unless the place is in another dollar country. */
const PREFIX_CURRENCIES: Array<[string, string]> = [
  ["US$", "USD"],
  ["AU$", "AUD"],
  ["A$", "AUD"],
  ["CA$", "CAD"],
  ["C$", "CAD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["S$", "SGD"],
  ["R$", "BRL"],
  ["MX$", "MXN"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["₹", "INR"],
  ["₩", "KRW"],
  ["₺", "TRY"],
  ["₽", "RUB"],
  ["₦", "NGN"],
  ["₱", "PHP"],
  ["฿", "THB"],
  ["$", "USD"],
];

/** ISO 4217 codes written out ("CHF 40", "1200 SEK"). */
const ISO_CODES = new Set(
  "USD EUR GBP JPY BRL AUD CAD CHF SEK NOK DKK ISK PLN CZK HUF INR CNY MXN NZD ZAR SGD HKD KRW TRY NGN KES PHP THB AED ILS".split(" "),
);

/** Currency words after an amount ("50 euros", "3000 yen", "12 kr"). */
const WORD_CURRENCIES: Record<string, string> = {
  euro: "EUR", euros: "EUR", "€": "EUR",
  dollar: "USD", dollars: "USD", bucks: "USD",
  pound: "GBP", pounds: "GBP", quid: "GBP", "£": "GBP",
  yen: "JPY", "円": "JPY",
  real: "BRL", reais: "BRL",
  franc: "CHF", francs: "CHF", "fr.": "CHF",
  zł: "PLN", zloty: "PLN", zlotys: "PLN",
  rupee: "INR", rupees: "INR",
  rand: "ZAR",
  kr: "SEK", "kr.": "SEK", kronor: "SEK", krona: "SEK", kroner: "NOK", krone: "DKK",
};

/** Places where "$" or "kr" means a currency other than the default (USD, SEK). */
const DOLLAR_PLACES: Array<[RegExp, string]> = [
  [/\b(canada|canadian|toronto|vancouver|montr[eé]al|calgary|ottawa|edmonton|winnipeg|quebec|ontario|british columbia|alberta|halifax)\b/i, "CAD"],
  [/\b(australia|australian|sydney|melbourne|brisbane|perth|adelaide|canberra|hobart|queensland|victoria, au)\b/i, "AUD"],
  [/\b(new zealand|auckland|wellington|christchurch)\b/i, "NZD"],
  [/\b(singapore)\b/i, "SGD"],
  [/\b(hong kong)\b/i, "HKD"],
  [/\b(mexico|m[eé]xico|guadalajara|monterrey)\b/i, "MXN"],
];
const KRONA_PLACES: Array<[RegExp, string]> = [
  [/\b(norway|norwegian|oslo|bergen|trondheim|stavanger)\b/i, "NOK"],
  [/\b(denmark|danish|copenhagen|aarhus|odense)\b/i, "DKK"],
  [/\b(iceland|reykjav[ií]k)\b/i, "ISK"],
];

type Period = Price["period"];

/** Words after an amount that say what one payment covers. */
// "por sessão", "pro Monat", "par mois": the founder's language after the price reads too.
const PER_WORD = String.raw`(?:\/\s?|(?:per|por|pro|par|je|each|every|an?|una?|um|uma)\s+)`;
const PERIODS: Array<[RegExp, NonNullable<Period>]> = [
  [new RegExp(String.raw`^${PER_WORD}(?:hour|hr|h|hora|heure|stunde)(?![\p{L}])|^hourly\b`, "iu"), "hour"],
  [new RegExp(String.raw`^${PER_WORD}(?:day|dia|día|jour|tag)(?![\p{L}])|^daily\b`, "iu"), "day"],
  [new RegExp(String.raw`^${PER_WORD}(?:week|wk|semana|semaine|woche)(?![\p{L}])|^weekly\b`, "iu"), "week"],
  [new RegExp(String.raw`^${PER_WORD}(?:month|mo|mth|mês|mes|mois|monat)(?![\p{L}])|^monthly\b`, "iu"), "month"],
  [new RegExp(String.raw`^${PER_WORD}(?:year|yr|annum|ano|año|an|jahr)(?![\p{L}])|^(?:yearly|annually|annual)\b`, "iu"), "year"],
  [new RegExp(String.raw`^${PER_WORD}(?:session|class|lesson|visit|appointment|workshop|sessão|sesión|séance|aula|clase)(?![\p{L}])`, "iu"), "session"],
  [/^(?:one[- ]off|one[- ]time|once)\b/i, "one-off"],
];
/** "/org", "per child", "a head": what the price is per (never a period word). */
const PER_KNOWN = /^(?:\/\s?|per\s+|an?\s+|each\s+)(org|organi[sz]ation|team|seat|user|member|child|kid|person|head|family|household|student|participant|dog|pet|cat|room|desk|device|node|server|repo|repository|project|site|location|practice|clinic|company|business|bag|box|bottle|pack|kg|kilo|litre|liter|page|word|item|order|delivery|load|loaf|walk|ride|trip|night|guest|term|semester|course|camp|tour|ticket|piece|jar|meal|portion|visit)\b/i;
/** After "per" or "/", any noun is what the price is per ("per walk", "/location"); after "a" only the known ones ("a loaf"). */
const PER_ANY = /^(?:\/\s?|per\s+)(?!(?:the|a|an|and|or|with|in|at|for)\b)(\p{L}[\p{L}-]{1,20})(?![\p{L}])/iu;
const PER = { exec: (s: string) => PER_KNOWN.exec(s) ?? PER_ANY.exec(s) };

/** Heads of a label after or before a price: "cloud tier", "retainer", "Pro plan". */
const LABEL_HEADS = "tier|plan|retainer|package|membership|pass|subscription|box|bundle|option|version|edition|add-on|addon|license|licence|deposit|fee|rate|menu|course|camp|class|session|workshop|kit|refill|trial";
const LABEL_AFTER = new RegExp(`^((?:[\\p{L}-]+\\s+){0,2}(?:${LABEL_HEADS}))\\b`, "iu");
const LABEL_BEFORE = new RegExp(`((?:[\\p{L}-]+\\s+){0,2}(?:${LABEL_HEADS}))\\s+(?:at|for|is|costs?|of|from|:)\\s*$`, "iu");
const LABEL_STOP = /^(a|an|the|at|for|with|and|or|in|on|of|from|to|is|per|each|only|just)$/i;

const AMOUNT = String.raw`\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const RANGE = String.raw`(?:${AMOUNT})(?:k\b)?(?:\s*(?:[-–—]|to)\s*(?:[^\d\s]{1,3}\s?)?(?:${AMOUNT})(?:k\b)?)?`;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The ISO code of a currency sign, word or code, given the place (for "$" and "kr"). */
function currencyOf(mark: string, where: string): string | null {
  const m = mark.trim();
  if (m === "$") return DOLLAR_PLACES.find(([re]) => re.test(where))?.[1] ?? "USD";
  const lower = m.toLowerCase();
  if (/^kr\.?$/.test(lower)) return KRONA_PLACES.find(([re]) => re.test(where))?.[1] ?? "SEK";
  const prefix = PREFIX_CURRENCIES.find(([sign]) => sign === m);
  if (prefix) return prefix[1];
  if (ISO_CODES.has(m.toUpperCase()) && m === m.toUpperCase()) return m.toUpperCase();
  return WORD_CURRENCIES[lower] ?? null;
}

/**
 * Every price written in the answers, in the order given: an amount with a
 * currency sign or code before it ("$650", "R$ 80", "CHF 40") or a currency
 * word after it ("295 €", "50 euros", "1200 SEK"), then any period ("/month",
 * "a week", "per session") and what it is per ("/org", "per child"), and a
 * label when a noun of an offer follows or precedes it ("cloud tier"). A
 * number without a currency is not a price; "free" is not a price.
 */
export function pricesOf(text: string, where = ""): Price[] {
  const prices: Price[] = [];
  const signs = PREFIX_CURRENCIES.map(([s]) => escapeRe(s)).join("|");
  const codes = [...ISO_CODES].join("|");
  const words = Object.keys(WORD_CURRENCIES).map(escapeRe).join("|");
  const re = new RegExp(
    String.raw`(?:(?<sign>${signs})\s?|\b(?<code>${codes})\s?)(?<a1>${RANGE})|(?<a2>${RANGE})\s?(?:(?<after>${signs}|円)|(?<codeAfter>${codes})\b|(?<word>${words})(?![\p{L}]))`,
    "gu",
  );
  for (const m of text.matchAll(re)) {
    const g = m.groups ?? {};
    const before = text.slice(0, m.index);
    // "US$" is matched whole; a letter glued before "$" ("R$" handled above) or a figure before a sign is not a price start.
    if (g.sign && /[\p{L}\d]$/u.test(before) && !/\s$/.test(before)) continue;
    if (g.code && /[\p{L}]$/u.test(before)) continue;
    const mark = g.sign ?? g.code ?? g.after ?? g.codeAfter ?? g.word ?? "";
    const currency = currencyOf(mark === "円" ? "円" : mark, `${where} ${text}`);
    if (!currency) continue;
    const amount = (g.a1 ?? g.a2 ?? "").replace(/\s+$/, "");
    let end = m.index + m[0].length;
    let period: Period = null;
    let per: string | null = null;
    // Up to two qualifiers: "$10 per user per month", "$10/user/month".
    for (let k = 0; k < 2; k++) {
      const rest = text.slice(end);
      const lead = /^\s*/.exec(rest)![0];
      const tail = rest.slice(lead.length);
      const p: [RegExp, NonNullable<Period>] | null | undefined = period ? null : PERIODS.find(([r]) => r.test(tail));
      if (p) {
        const hit = p[0].exec(tail)!;
        period = p[1];
        end += lead.length + hit[0].length;
        continue;
      }
      const q: RegExpExecArray | null = per ? null : PER.exec(tail);
      if (q && !(lead && tail.startsWith("/"))) {
        per = q[1]!.toLowerCase();
        end += lead.length + q[0].length;
        continue;
      }
      break;
    }
    const priceText = text.slice(m.index, end).trim();
    let label: string | null = null;
    const after = LABEL_AFTER.exec(text.slice(end).replace(/^\s+/, ""));
    if (after && !after[1]!.split(/\s+/).some((w, i, all) => LABEL_STOP.test(w) && i < all.length - 1) && !LABEL_STOP.test(after[1]!.split(/\s+/)[0]!)) {
      label = after[1]!.toLowerCase();
    } else {
      const beforeLabel = LABEL_BEFORE.exec(text.slice(Math.max(0, m.index - 40), m.index).replace(/\b(a|an|the)\s*$/i, ""));
      if (beforeLabel) {
        const ws = beforeLabel[1]!.split(/\s+/);
        while (ws.length > 1 && LABEL_STOP.test(ws[0]!)) ws.shift();
        if (!ws.some((w) => LABEL_STOP.test(w))) label = ws.join(" ").replace(/^(\p{Ll})/u, (c) => c);
      }
    }
    prices.push({ text: priceText, amount, currency, period, per, label });
  }
  return prices;
}

// ---------------------------------------------------------------- ages

const AGE_RANGE = String.raw`\d{1,2}\s?(?:[-–—]|to)\s?\d{1,2}|\d{1,2}\s?\+`;
const AGE_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:aged|ages|age|ag(?:e|ed) between)\s+(${AGE_RANGE}|\d{1,2}\s+and\s+\d{1,2}|\d{1,2})(?![\d\p{L}])`, "iu"),
  new RegExp(String.raw`\b(${AGE_RANGE})\s?(?:-?\s?years?[- ]olds?|-?\s?year[- ]old|yo|yrs|years)\b`, "i"),
  new RegExp(String.raw`\b(?:kids|children|teens|teenagers|girls|boys|toddlers|students|pupils|juniors|adults|seniors|women|men)\s+(?:of\s+)?(${AGE_RANGE}|(?:over|under)\s+\d{1,2})\b`, "i"),
  new RegExp(String.raw`\b(?:sizes?)\s+(${String.raw`\d{1,3}\s?(?:[-–—]|to)\s?\d{1,3}|[A-Z]{1,3}\s?(?:[-–—]|to)\s?[A-Z]{1,3}`})\b`),
];

/** The ages (or sizes) the answers give, as written: "8–12", "6+", "over 40", "sizes 36–46". */
export function agesOf(...texts: string[]): string | null {
  for (const text of texts) {
    for (const [i, re] of AGE_PATTERNS.entries()) {
      const m = re.exec(text);
      if (!m) continue;
      const value = m[1]!.replace(/\s+/g, " ").trim();
      return i === 3 ? `sizes ${value}` : value;
    }
  }
  return null;
}

// ---------------------------------------------------------------- service area

/**
 * The area served beyond the place, in the founder's words: a neighbourhood
 * in parentheses after the place ("Lisbon (Arroios)"), what follows
 * "serving", "covering", "across", "all of" ("all of Ohio"), or the market
 * answer when it says more than the place ("Arroios and Graça, Lisbon").
 */
export function serviceAreaOf(idea: string, market: string, place: string | null): string | null {
  if (place) {
    const paren = new RegExp(`\\b${escapeRe(place.split(",")[0]!.trim())}\\s*\\(([^()]{2,60})\\)`).exec(idea);
    if (paren && /^\p{Lu}/u.test(paren[1]!.trim()) && !/\d/.test(paren[1]!)) return paren[1]!.trim();
  }
  // "in Berlin, Hamburg and Munich": the places listed with the place are the area served.
  if (place) {
    const first = escapeRe(place.split(",")[0]!.trim());
    const list = new RegExp(`\\b${first}((?:,\\s*\\p{Lu}[\\p{L}'’.-]*(?:\\s\\p{Lu}[\\p{L}'’.-]*)?)*,?\\s+(?:and|&)\\s+\\p{Lu}[\\p{L}'’.-]*(?:\\s\\p{Lu}[\\p{L}'’.-]*)?)`, "u").exec(idea);
    if (list) return `${place.split(",")[0]!.trim()}${list[1]}`.replace(/[,.]+$/, "");
  }
  const m = /\b(?:serving|covering|across|throughout|all of|anywhere in|delivering to|deliveries to|within)\s+((?:the\s+)?(?:\d+\s?(?:km|miles?|mi)\s+(?:of|around)\s+)?\p{Lu}[\p{L}'’.-]*(?:(?:,\s*|\s+(?:and|&)\s+|\s+)\p{Lu}[\p{L}'’.-]*){0,4})/u.exec(idea);
  if (m) {
    const whole = m[0].replace(/^(serving|covering|delivering to|deliveries to|within)\s+/i, "").trim();
    return whole.replace(/[,.]+$/, "");
  }
  const answer = market.trim().replace(/\s+/g, " ").replace(/[.]+$/, "");
  if (!answer || /^(not specified|n\/?a|none|-+|global(ly)?|worldwide|online|international(ly)?|remote|anywhere|everywhere)$/i.test(answer)) return null;
  // "Arroios and Graça, Lisbon": a market answer that lists areas says more than the place; "Bath, UK" only says where Bath is.
  if (place && answer.toLowerCase() !== place.toLowerCase() && answer.length <= 120 && /\s(?:and|&|plus)\s|;/i.test(answer)) return answer;
  return null;
}

// ---------------------------------------------------------------- facts and differentiator

/** Participles that open a phrase of their own: "delivered by bike", "run by two ceramicists". */
const PARTICIPLE_SPLIT = /\s+(?=(?:delivered|made|run|built|hosted|taught|led|sold|shipped|brewed|baked|designed|handmade|roasted|grown|sourced|powered|backed|trusted|used)\s+(?:by|in|from|to|with|on|at|for|locally|weekly|daily)\b)/i;
/** Where a long clause is cut into facts. */
const CLAUSE_SPLIT = /\s+(?=(?:that|which|who|where|with|at)\s)|\s+(?=(?:for|from)\s+(?:[^\d\s]{1,3}\s?)?\d)/i;
const LONG_CLAUSE = 60;
const MAX_FACT = 120;

/** Splits on ".", "!", "?", ";", "," and " — " outside parentheses; a full stop inside a number ("12.50") does not end a sentence. */
function clauses(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(") depth++;
    if (c === ")") depth = Math.max(0, depth - 1);
    const next = text[i + 1] ?? " ";
    const prev = text[i - 1] ?? " ";
    const stop = depth === 0 && ((/[.!?;]/.test(c) && /\s/.test(next) && !/\b(e\.g|i\.e|etc|vs|approx|incl|St|Mr|Mrs|Dr)$/i.test(current)) || (c === "," && !(/\d/.test(prev) && /\d/.test(next))) || (/[—–]/.test(c) && /\s/.test(prev) && /\s/.test(next)));
    if (stop) {
      out.push(current);
      current = "";
    } else current += c;
  }
  out.push(current);
  return out.map(tidyFact).filter(Boolean);
}

function tidyFact(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:and|but|or|plus|so|also|then|that|which|with(?= a\b| an\b)|at|for(?= \S*\d))\s+/i, "")
    .replace(/[\s,.;:!?—–-]+$/u, "")
    .trim();
}

/** How much a piece of the answers says: a price, a figure, a name, an age, a time. */
function specificity(piece: string): number {
  let s = 0;
  if (pricesOf(piece).length) s += 3;
  if (/\d/.test(piece)) s += 2;
  // A capitalised word inside the piece (a tool, a place, a name): "Dentrix", "Section 179", "GitHub Actions".
  if (/\s\p{Lu}[\p{L}\d]/u.test(piece) || /\(/.test(piece)) s += 2;
  if (/\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|\d{1,2}[:.]\d{2}|\b\d{1,2}\s?(am|pm)\b/i.test(piece)) s += 2;
  if (/\b(only|unlike|instead|without|never|first|free)\b|\w-free\b/i.test(piece)) s += 1;
  return s;
}

/**
 * Three to five facts in the founder's own words: the idea's clauses, a long
 * one cut before "that", "with", "at", a price or a participle phrase
 * ("delivered by bike"), the most specific kept (prices, figures, names,
 * times), in the founder's order. Fewer when the idea says fewer: none is
 * made up.
 */
export function factsOf(idea: string): string[] {
  const pieces: string[] = [];
  for (const clause of clauses(idea)) {
    let parts = [clause];
    if (clause.length > LONG_CLAUSE) parts = clause.split(CLAUSE_SPLIT).map(tidyFact).filter(Boolean);
    // "We work inside Dentrix and plan equipment purchases around Section 179": two things the founders do.
    parts = parts.flatMap((part) => (part.length > LONG_CLAUSE && /^(we|i|our \p{L}+|they)\s/iu.test(part) ? part.split(/\s+and\s+(?=\p{Ll})/u).map(tidyFact).filter(Boolean) : [part]));
    for (const part of parts) pieces.push(...part.split(PARTICIPLE_SPLIT).map(tidyFact).filter(Boolean));
  }
  const usable = pieces.filter((p) => /\p{L}/u.test(p) && p.split(/\s+/).length >= 1 && p.length <= MAX_FACT && !/^(free)$/i.test(p));
  const seen = new Set<string>();
  const unique = usable.filter((p) => {
    const key = p.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length <= 5) return unique;
  const ranked = unique.map((p, i) => ({ p, i, s: specificity(p) })).sort((a, b) => b.s - a.s || a.i - b.i).slice(0, 5);
  return ranked.sort((a, b) => a.i - b.i).map((x) => x.p);
}

const DIFFERENTIATORS: RegExp[] = [
  /\b(unlike|the only|instead of|rather than|no more|better than|faster than|cheaper than|different from|what makes)\b/i,
  /\b(only|first)\b/i,
  /\b\p{L}+-free\b|\bwithout\b|\bzero[- ]\p{L}+/iu,
  /\b(run|taught|led|made|built|founded|designed|roasted|baked|brewed)\s+by\b|\bby (?:bike|hand|cargo bike)\b/i,
  /\b(inside|specialis|specializ|exclusively|dedicated to|just for|only for)\w*/i,
  /\b(runs in|runs on|works with|integrates with|plugs into|works inside)\b/i,
];

/** What sets it apart, in the founder's words: the first fact that says so ("unlike", "only", "-free", "run by", "works with"), else null. */
export function differentiatorOf(facts: string[]): string | null {
  for (const re of DIFFERENTIATORS) {
    const hit = facts.find((f) => re.test(f) && !/^free\b(?! \p{L}+-free)/iu.test(f.replace(/\bfree with\b.*/i, "free")));
    if (hit) return hit;
  }
  return null;
}

// ---------------------------------------------------------------- business model

const DEV_TOOL = /\b(cli|command[- ]line|sdk|library|libraries|api|apis|npm package|python package|ruby gem|crate|plugin for (?:vs ?code|neovim|vim|jetbrains|intellij)|vs ?code extension|github action|linter|compiler|framework|devtools?|developer tool|terminal|package manager|orm|cli tool)\b/i;
const CLASS_WORDS = /\b(camps?|class(?:es)?|workshops?|lessons?|retreats?|bootcamps?|tours?|festivals?|meetups?|events?|courses?|sessions?|clubs?|cohorts?|masterclass(?:es)?|summer school|holiday club)\b/i;
const ONLINE = /\b(online|virtual|video|app|self[- ]paced|on[- ]demand)\b/i;
const BUSINESS_CUSTOMERS = /\b(practices|clinics|companies|businesses|firms|startups|restaurants|cafes|agencies|stores|shops|salons|landlords|hotels|b2b|smbs?|smes?|brands|retailers|manufacturers|law firms|dentists?|doctors|contractors|schools|nonprofits|teams|offices|owners|founders|practitioners|e-?commerce stores)\b/i;
const SERVICE_WORDS = /\b(bookkeeping|accounting|tax|payroll|consulting|consultancy|agency|legal|law|audit|marketing|seo|recruiting|recruitment|staffing|it support|managed|outsourc\w*|advisory|design studio|copywriting|translation|compliance|billing|coding services|cleaning|training|coaching)\b/i;
const SOFTWARE = /\b(app|apps|saas|software|platform|dashboard|web app|website builder|tool|plugin|extension|bot|ai assistant|crm|erp)\b/i;
const CONSUMABLE = /\b(detergent|soap|shampoo|coffee|tea|meals?|groceries|produce|vegetables|fruit|bread|milk|eggs|diapers|nappies|razors?|vitamins|pet food|dog food|cat food|flowers|wine|beer|juice|water|refills?|cleaning products|toilet paper|snacks|kombucha)\b/i;
const DELIVERY = /\b(deliver(?:ed|s|y|ies|ing)?|doorstep|to your door|refills?|restock)\b/i;
const SUBSCRIPTION = /\b(subscriptions?|subscribe|every (?:week|month|fortnight)|weekly|monthly|fortnightly|refills?|box(?:es)?)\b/i;

/** The category's own model, for what the words of the idea do not settle. */
const CATEGORY_MODELS: Record<string, BusinessModel> = {
  "food-subscription": "subscription-delivered",
  "cafe-restaurant": "local-service",
  bakery: "shipped-product",
  "pet-services": "local-service",
  "home-services": "local-service",
  cleaning: "local-service",
  "beauty-salon": "local-service",
  cosmetics: "shipped-product",
  fitness: "class-or-event",
  "health-clinic": "local-service",
  wellness: "local-service",
  "education-course": "class-or-event",
  tutoring: "local-service",
  "kids-family": "class-or-event",
  "developer-tool": "developer-tool",
  "open-source": "developer-tool",
  "b2b-saas": "software",
  marketplace: "marketplace",
  ecommerce: "shipped-product",
  fashion: "shipped-product",
  "handmade-crafts": "shipped-product",
  events: "class-or-event",
  "travel-tours": "class-or-event",
  "real-estate": "local-service",
  coworking: "local-service",
  fintech: "software",
  legal: "b2b-service",
  "consulting-agency": "b2b-service",
  "creative-studio": "local-service",
  media: "software",
  "consumer-app": "software",
  gaming: "software",
  nonprofit: "local-service",
  automotive: "local-service",
  "bike-shop": "local-service",
  "gardening-landscaping": "local-service",
  florist: "shipped-product",
  "logistics-delivery": "local-service",
  "hardware-iot": "shipped-product",
  "hr-recruiting": "b2b-service",
  music: "class-or-event",
  "senior-care": "local-service",
  "food-products": "shipped-product",
};

/**
 * What is sold and how it reaches the customer, from the words of the idea
 * first (a CLI is a developer tool, a camp a class or event, bookkeeping for
 * practices a B2B service, detergent delivered a subscription delivered),
 * then from the payment model and the category.
 */
export function businessModelOf(idea: string, audience: string, category: string, payment: PaymentModel): BusinessModel {
  const text = idea;
  if (payment === "marketplace" || /\bmarket ?place\b/i.test(text)) return "marketplace";
  const dev = DEV_TOOL.exec(text);
  // "an API", "a library", "a framework" are a developer's only when developers or code are in the answers.
  if (dev && (!/^(api|apis|library|libraries|framework|terminal)$/i.test(dev[0]) || /\b(developers?|engineers?|devs?|programmers?|open[- ]source|github|code)\b/i.test(`${text} ${audience}`))) return "developer-tool";
  if (category === "developer-tool" || category === "open-source") return "developer-tool";
  if (CLASS_WORDS.test(text) && !(ONLINE.test(text) && /\bcourses?\b/i.test(text) && !/\b(live|cohort|camp|workshop)\b/i.test(text))) return "class-or-event";
  if (SERVICE_WORDS.test(text) && !SOFTWARE.test(text) && BUSINESS_CUSTOMERS.test(`${text} ${audience}`)) return "b2b-service";
  if (CONSUMABLE.test(text) && (DELIVERY.test(text) || SUBSCRIPTION.test(text))) return "subscription-delivered";
  if (SOFTWARE.test(text)) return "software";
  if (payment === "local-service" || payment === "booking") return CATEGORY_MODELS[category] === "class-or-event" ? "class-or-event" : "local-service";
  if (SERVICE_WORDS.test(text)) return BUSINESS_CUSTOMERS.test(`${text} ${audience}`) ? "b2b-service" : "local-service";
  return CATEGORY_MODELS[category] ?? (payment === "subscription" ? "software" : "shipped-product");
}

// ---------------------------------------------------------------- ecosystem

type Language = { name: string; re: RegExp };
/** Languages and the words that name them; "Go" only capitalised, as a language ("Go CLI", "written in Go"), never the verb. */
const LANGUAGES: Language[] = [
  // Case matters: "Go" the language is capitalised; "a go-to tool" and "go live" are not it.
  { name: "Go", re: /\b[Gg]olang\b|\b(?:[Ii]n|[Ff]or|[Ww]ith|[Aa]n?|[Tt]he|[Pp]ure|written in|built in|built with)\s+Go\b(?!-)|\bGo\s+(?:CLI|cli|library|module|package|binary|tool|program|service|SDK|app)\b|\bgo install\b/ },
  { name: "Rust", re: /\bRust\b|\bcargo\b|\bcrates?(?:\.io)?\b/ },
  { name: "Python", re: /\bPython\b|\bpip(?:x)?\b|\bPyPI\b|\bDjango\b|\bFlask\b|\bFastAPI\b|\bJupyter\b|\bpandas\b/i },
  { name: "TypeScript", re: /\bTypeScript\b|\bDeno\b/i },
  { name: "JavaScript", re: /\bJavaScript\b|\bNode(?:\.js|js)?\b|\bnpm\b|\bReact\b|\bVue\b|\bSvelte\b|\bNext\.js\b|\bJS\b/ },
  { name: "Ruby", re: /\bRuby\b|\bRails\b|\bgems?\b|\bRubyGems\b/ },
  { name: "PHP", re: /\bPHP\b|\bLaravel\b|\bComposer\b|\bWordPress plugin\b/ },
  { name: "Elixir", re: /\bElixir\b|\bPhoenix\b/ },
  { name: "Java", re: /\bJava\b(?!Script)|\bMaven\b|\bGradle\b/ },
  { name: "Kotlin", re: /\bKotlin\b/ },
  { name: "C#", re: /\bC#|\.NET\b|\bdotnet\b/ },
  { name: "Swift", re: /\bSwift\b/ },
];
/** "Go" after "in" is the language only in a tool's sentence; "Go" the verb at a sentence's start never is. */
const GO_VERB = /(^|[.!?]\s+)Go\s+(?!CLI|cli|library|module|package|binary|tool|program|service|SDK|app)/;

const INSTALL_COMMAND = /\b(go install\s+\S+|pip3?\s+install\s+[\w.[\]-]+|pipx\s+install\s+[\w.-]+|cargo\s+install\s+[\w-]+|npm\s+(?:install|i)\s+(?:-g\s+)?[@\w./-]+|npx\s+[@\w./-]+|yarn\s+(?:global\s+)?add\s+[@\w./-]+|pnpm\s+(?:add|install)\s+(?:-g\s+)?[@\w./-]+|gem\s+install\s+[\w-]+|brew\s+install\s+[\w/@.-]+|composer\s+(?:global\s+)?require\s+[\w/.-]+|dotnet\s+tool\s+install\s+(?:-g\s+)?[\w.-]+)/i;
const REPOSITORY = /\b(?:https?:\/\/)?((?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|git\.sr\.ht)\/[\w.-]+\/[\w.-]+)/i;

/**
 * A developer tool's ecosystem, only from the words the founder used: the
 * language they named (never guessed from the category); the install command
 * they wrote, or for Go one made from a repository path they gave
 * (`go install github.com/acme/tool@latest`), else null (the package's name is
 * not known before the brand is named: see `installCommand`); the repository
 * they gave. Null when no language or install command is named.
 */
export function ecosystemOf(idea: string, model: BusinessModel): Ecosystem | null {
  if (model !== "developer-tool") return null;
  const written = INSTALL_COMMAND.exec(idea)?.[1]?.replace(/[.,;)]+$/, "") ?? null;
  const repoMatch = REPOSITORY.exec(idea);
  const repository = repoMatch ? repoMatch[1]!.replace(/\.git$/, "").replace(/[.,;)]+$/, "") : null;
  const scan = idea.replace(GO_VERB, "$1");
  let language = LANGUAGES.find((l) => l.re.test(scan))?.name ?? null;
  if (!language && written) language = languageOfCommand(written);
  const homebrew = /\b(homebrew|brew)\b/i.test(idea);
  if (!language && homebrew) language = "Homebrew";
  if (!language) return null;
  let install = written;
  if (!install && language === "Go" && repository) install = `go install ${repository}@latest`;
  return { language, install, repository, ...(homebrew ? { homebrew: true } : {}) };
}

function languageOfCommand(command: string): string | null {
  if (/^go /.test(command)) return "Go";
  if (/^pipx? |^pip3 /.test(command)) return "Python";
  if (/^cargo /.test(command)) return "Rust";
  if (/^(npm|npx|yarn|pnpm) /.test(command)) return "JavaScript";
  if (/^gem /.test(command)) return "Ruby";
  if (/^brew /.test(command)) return "Homebrew";
  if (/^composer /.test(command)) return "PHP";
  if (/^dotnet /.test(command)) return "C#";
  return null;
}

/**
 * The install command of an ecosystem for a package name (the product's
 * name, lower-case, as its registry would spell it): pip, cargo, npm (only
 * for JavaScript and TypeScript), gem, brew, composer, dotnet. Go needs a
 * module path, which a name is not: null unless `repository` gives one.
 * An ecosystem's own command, when the founder wrote one, wins.
 */
export function installCommand(ecosystem: Ecosystem | null | undefined, name: string): string | null {
  if (!ecosystem) return null;
  if (ecosystem.install) return ecosystem.install;
  const pkg = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!pkg) return null;
  // A tap the founder named is how their users install it, whatever the language.
  if (ecosystem.homebrew) return `brew install ${pkg}`;
  switch (ecosystem.language) {
    case "Go":
      return ecosystem.repository && /^(github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|git\.sr\.ht)\//.test(ecosystem.repository) ? `go install ${ecosystem.repository}@latest` : null;
    case "Python":
      return `pip install ${pkg}`;
    case "Rust":
      return `cargo install ${pkg}`;
    case "JavaScript":
    case "TypeScript":
      return `npm install -g ${pkg}`;
    case "Ruby":
      return `gem install ${pkg}`;
    case "Homebrew":
      return `brew install ${pkg}`;
    case "PHP":
      return `composer global require ${pkg}`;
    case "C#":
      return `dotnet tool install -g ${pkg}`;
    default:
      return null;
  }
}
