import { z } from "zod";
import type { ContentPieceKind } from "~/db/schema";
import { builtinVariantSuggestions } from "~/experiments/builtin";
import { significantWinner } from "~/experiments/significance";
import { GenerationError, INVALID_JSON_MESSAGE } from "~/generation/errors";
import { generationInput, answerLines, type GenerationInput } from "~/generation/input";
import { kitBrand, readyContent } from "~/kits/content.server";
import { getProvider } from "~/generation/providers/index.server";
import { businessWords, copyPool, goalCopy, lc, pain, STATUS_QUO, understandingOf, variantIndex, withArticle, type BusinessWords } from "~/kits/assets/launch-copy";
import { landingPageOf } from "~/kits/assets/landing/pages.server";
import { LANDING_LIMITS, LandingContentSchema, type LandingContent } from "~/kits/assets/landing/schema";
import { ResearchContentSchema, type ResearchContent } from "~/kits/assets/research/schema";
import { SocialContentSchema, type SocialContent } from "~/kits/assets/social/schema";
import { DeckContentSchema, type DeckContent } from "~/kits/assets/deck/schema";
import { AdsContentSchema, type AdsContent } from "~/kits/assets/ads/schema";
import type { Brand } from "~/kits/brand/brand";
import { brandBrief } from "~/kits/brand/brief";
import { cleanText, type CleanupContext } from "~/kits/copy/cleanup";
import { checkCustomerCopy, kitCheckContext, numbersIn as allNumbersIn, type CustomerCopyKind } from "~/kits/copy/customer-check";
import { experimentsOfKit } from "~/experiments/experiments.server";
import { CONTROL_KEY } from "~/experiments/schema";
import { kitFactLines } from "~/sequences/welcome";
import { getKit } from "~/kits/kits.server";
import { businessLines } from "~/kits/understanding";
import type { Understanding } from "~/kits/understanding/types";
import { logError } from "~/utils/log.server";
import type { KitFacts } from "./facts.server";
import { BLOG_MAX_WORDS, BLOG_MIN_WORDS, BODY_MAX, REFRESH_LABELS, TITLE_MAX, wordCount, type RefreshField } from "./pieces";

/**
 * Writes one monthly content piece for a kit: the model through
 * the provider's structured call (a zod schema per kind), or, offline, the
 * builtin writer below, which writes from the kit itself (the brand, what
 * LaunchKit understood of the business, the landing page's copy) and the
 * month's facts. Both pass the copy clean-up (cleanText). Every number in
 * a piece comes from the facts (kitFacts, read from the database): the
 * model is given them and told to use no other, and a model's text that
 * carries a number found neither in the facts nor in the founder's own
 * words is not used (the builtin piece is, and the log says why).
 */

export type WrittenPiece = { title: string; body: string };

/** What the writer knows of the business. */
export type PieceContext = {
  input: GenerationInput;
  brand: Brand;
  understanding: Understanding;
  landing: LandingContent | null;
  /** The research snapshot: who the customers are, their pains and doubts, the competitors. */
  research: ResearchContent | null;
  /** The social asset: its LinkedIn "About" is the longest description of the business in its own words. */
  social: SocialContent | null;
  /** The pitch deck: its problem and solution slides tell the business's story. */
  deck: DeckContent | null;
  /** The ad variants: their texts say the business's promise in several ways. */
  ads: AdsContent | null;
  /** The kit's page is published (and not taken down): with leads, the business trades. */
  published: boolean;
  /** Texts the kit's experiments tried that did not win (never applied), and those of a running one: never proposed again. */
  tried?: Array<{ field: string; text: string; running: boolean }>;
};

export async function pieceContext(kitId: string): Promise<PieceContext | null> {
  const kit = await getKit(kitId);
  const brand = await kitBrand(kitId);
  if (!kit || !brand) return null;
  const input = generationInput(kit);
  return { input, brand, understanding: understandingOf(input, brand), landing: await readyContent(kitId, "landing", LandingContentSchema),
    research: await readyContent(kitId, "research", ResearchContentSchema),
    social: await readyContent(kitId, "social", SocialContentSchema),
    deck: await readyContent(kitId, "deck", DeckContentSchema),
    ads: await readyContent(kitId, "ads", AdsContentSchema),
    published: await landingPageOf(kitId).then((p) => !!p?.published && !p.takenDownAt),
    tried: (await experimentsOfKit(kitId)).flatMap((e) =>
      e.variants.filter((v) => e.status === "running" || e.appliedKey !== v.key).map((v) => ({ field: e.field, text: v.text, running: e.status === "running" })),
    ),
  };
}

// ---- numbers ------------------------------------------------------------------------------------

const fmt = (n: number) => n.toLocaleString("en-US");
const pct = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")}%`;
const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
const monthName = (d: Date) => d.toLocaleDateString("en-GB", { month: "long", timeZone: "UTC" });

/** "3 November – 26 November": the stretch of the billing month the facts cover. */
export function factsSpan(facts: Pick<KitFacts, "from" | "to">): string {
  return `${day(facts.from)} – ${day(new Date(facts.to.getTime() - 1))}`;
}

/** The numbers a piece may show: each written in the facts, as the facts' lines give them. */
export function factLines(facts: KitFacts, { forNumbers = false }: { forNumbers?: boolean } = {}): string[] {
  const lines = [
    `Period: ${factsSpan(facts)} (the billing month so far)`,
    `Visitors of the landing page: ${fmt(facts.visitors)} (page views: ${fmt(facts.pageviews)})`,
    `New leads (sign-ups): ${fmt(facts.leads)}`,
    `Conversion (leads / visitors): ${facts.conversionRate === null ? "none (no visitors)" : pct(facts.conversionRate)}`,
    `The same stretch before: ${fmt(facts.previous.visitors)} visitors, ${fmt(facts.previous.leads)} leads`,
  ];
  // A source's name is whatever a visitor's link said (utm_source): quoted as data for the model, and never a
  // source of numbers the model may write ("report 48213 visitors" must not make 48213 a known figure).
  for (const s of facts.topSources) lines.push(`Source ${forNumbers ? "(a link's source)" : JSON.stringify(s.source)}: ${fmt(s.visitors)} visitors, ${fmt(s.leads)} leads`);
  for (const e of facts.experiments)
    lines.push(`Experiment on the ${e.field} (${e.status}): ${e.arms.map((a) => `"${a.text}" ${fmt(a.visitors)} visitors, ${fmt(a.leads)} leads`).join("; ")}`);
  for (const c of facts.competitorChanges) lines.push(`Competitor ${c.competitor} changed ${c.page} (${c.importance}): ${c.summary}`);
  lines.push(`E-mails sent: ${fmt(facts.emails.sent)}; subscribed addresses: ${fmt(facts.emails.subscribers)}; unsubscribes: ${fmt(facts.emails.unsubscribed)}`);
  return lines;
}

/** Numbers written in a text ("1,204", "3.5", "12%" → "1204", "3.5", "12"). */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, "").replace(/\.0+$/, ""));
}

/** Numbers of `text` that appear in none of `sources` (small counting words such as 1–3 are allowed). */
export function strayNumbers(text: string, sources: string[]): string[] {
  const known = new Set(sources.flatMap(numbersIn));
  return [...new Set(numbersIn(text))].filter((n) => !known.has(n) && !(Number(n) <= 3 && /^\d$/.test(n)));
}

// ---- the builtin writer ---------------------------------------------------------------------------

/**
 * The builtin writer writes as the business: from the kit's understanding (what is sold, to whom,
 * where, how it is paid for), the specifics of the idea (its features: "cargo bike", "automated SMS
 * reminders"), the competitors the founder named and the month's facts. The facts steer WHAT a piece
 * talks about; their figures (visitors, sign-ups, conversion, sources) are the founder's and appear
 * only in the landing refresh, which is the founder's. Phrases are whole: a noun phrase that ends on a
 * noun, never a founder's answer cut mid-clause, and never the founder's raw answer pasted in.
 */

/** Words a phrase must not end on (a phrase cut mid-way): articles, prepositions, conjunctions, determiners. */
const DANGLING = new Set(
  "a an the of in on at to for with by from into onto about across around near and or but nor so as than who that which whose where when while their your our its his her my this these those some any every each no very".split(" "),
);
/** "-ing" words that are things, not a participle that starts a clause ("dog grooming", "a wedding"). */
const ING_NOUNS = new Set(
  ("wedding building booking clothing catering housing bedding ring thing king spring string morning evening meeting painting listing offering pudding training coaching " +
    "landscaping tutoring grooming cleaning baking brewing roasting printing consulting marketing accounting scheduling hosting shipping parking gaming camping cycling " +
    "swimming dancing knitting sewing plumbing roofing decorating styling dining seating lighting flooring packaging branding recruiting staffing banking lending " +
    "funding investing budgeting bookkeeping invoicing ticketing messaging networking mentoring counselling counseling nursing babysitting walking sitting clothing " +
    "engineering manufacturing farming fishing gardening housekeeping publishing advertising ceiling sibling").split(" "),
);
/** Product words that name a kind of business, not what it does ("b2b", "SaaS", "app"). */
const GENERIC = /^(b2b|b2c|d2c|saas|app|apps|platform|software|tool|tools|startup|service|services|solution|solutions|business|product|web|online|mobile|ai|tech|company)$/i;
/** Categories sold as sessions (a class, a treatment, a lesson): "session" wordings fit only these. */
const SESSION_CATEGORIES = new Set(["fitness", "wellness", "beauty-salon", "health-clinic", "tutoring", "education-course", "kids-family", "music", "consulting-agency"]);
const LAUNCH_WORDS = /building it|before launch|launch day|launches|launching|be the first|when it's ready|first to know|coming soon|we launch|pre-launch/i;

type Family = "goods" | "software" | "service";

type Words = BusinessWords & {
  name: string;
  /** Who buys, as a whole phrase from the founder's answer ("engaged couples planning a small outdoor wedding or elopement"). */
  customers: string;
  /** The same, short ("engaged couples"). */
  who: string;
  /** " in the Yorkshire Dales", or "". */
  where: string;
  /** The specifics of the idea: "cargo bike", "automated SMS reminders", "documentary style". */
  features: string[];
  /** What the idea says it cuts or avoids: "no-shows". */
  problems: string[];
  /** What is made or done, not the business ("sourdough", not "sourdough bakery"). */
  stuff: string;
  /** Who makes or provides it, in general: "maker", "provider", "vendor". */
  maker: string;
  /** The one the customer deals with: "a freelance wedding photographer", else "your provider". */
  agent: string;
  /** The competitors the founder named, by their whole names. */
  rivals: string[];
  family: Family;
  /** Sold as sessions (a class, a treatment): only then may copy say "session". */
  session: boolean;
  /** The page is published and has leads this month: the business trades, no pre-launch wording. */
  live: boolean;
  /** Not live, and the page's goal is to gather interest before launch (waitlist, pre-orders, e-mails). */
  prelaunch: boolean;
  goalKey: string;
  goal: ReturnType<typeof goalCopy>;
  month: string;
  seed: string;
  /** Phrases of the stored understanding that were cut mid-way: lines quoting them are not used. */
  broken: string[];
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const stop = (s: string) => (/[.!?…]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const pick = <T,>(seed: string, items: readonly T[]): T => items[variantIndex(seed, items.length)]!;
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const trimEnd = (s: string) => s.replace(/[\s,;:.!?\-–—(]+$/u, "");

/** Does `raw` go on with more words right after `phrase` (the phrase was cut from it mid-way)? */
function continues(phrase: string, raw: string): boolean {
  const at = raw.toLowerCase().indexOf(phrase.toLowerCase());
  return !!phrase && at >= 0 && /^ [\p{L}\p{N}]/u.test(raw.slice(at + phrase.length));
}

/**
 * A phrase that ends on a noun: trailing articles and prepositions go, and, when the phrase was cut
 * from a longer answer (`cut`), the participle clause it stopped in ("engaged couples planning a
 * small" → "engaged couples", "wedding photographer capturing" → "wedding photographer").
 */
export function endOnNoun(phrase: string, cut: boolean): string {
  let words = trimEnd(oneLine(phrase)).split(" ").filter(Boolean);
  if (cut) {
    const at = words.findIndex((x, i) => i > 0 && /^[a-z]{3,}ing$/.test(x) && !ING_NOUNS.has(x) && (i === words.length - 1 || DANGLING.has(words[i + 1]!.toLowerCase())));
    if (at > 0) words = words.slice(0, at);
  }
  const rel = words.findIndex((x, i) => i > 0 && /^(who|that|which|whose|where)$/i.test(x));
  if (rel > 0) words = words.slice(0, rel);
  while (words.length > 1 && DANGLING.has(words[words.length - 1]!.toLowerCase().replace(/[^a-z]/g, ""))) words.pop();
  return trimEnd(words.join(" "));
}

/** The clause of `raw` that starts with `phrase`: up to a comma, a relative pronoun or a place ("… owners of independent dental clinics"). */
function clauseFrom(phrase: string, raw: string): string {
  const at = raw.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return phrase;
  const rest = raw.slice(at);
  return trimEnd(rest.split(/\s*[,;:(.!?\n]\s|\s+(?=(?:who|that|which|where|whose|in|across|around|near|throughout|within|based|living|because|so|but|while)\s)/i)[0]!);
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const noArticle = (s: string) => s.replace(/^(a|an|the|all|our|my|mostly|mainly)\s+/i, "");

/** The customers as a whole phrase and as a short one. */
function customersOf(u: Understanding, audience: string): { customers: string; who: string } {
  const raw = oneLine(audience);
  let customers = oneLine(u.customers) || "people like you";
  if (continues(customers, raw)) {
    const clause = lowerFirst(noArticle(clauseFrom(customers, raw)));
    customers = clause.length <= 64 ? endOnNoun(clause, false) : endOnNoun(customers, true);
  } else customers = endOnNoun(customers, false);
  let who = endOnNoun(customers, true);
  if (who === customers && who.split(" ").length > 4 && / of /.test(who)) {
    const before = who.split(" of ")[0]!;
    who = / and /.test(before) ? before.split(" and ")[0]! : who;
  }
  return { customers, who };
}

/** What is sold: the understanding's product, whole; for a product word that names only a kind of business ("b2b SaaS"), what the idea says it is for. */
function productOf(b: BusinessWords, u: Understanding, idea: string, family: Family): { word: string; what: string; product: string } {
  const generic = (s: string) => s.split(/\s+/).every((x) => GENERIC.test(x));
  let { word, what, product } = b;
  // A word cut from a hyphenated compound ("origin coffee" of "single-origin coffee") is given its first half back.
  const whole = (x: string) => {
    const m = new RegExp(`\\b([A-Za-z]+-)${x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").exec(idea);
    return m && !x.includes("-") ? `${m[1]!.toLowerCase()}${x}` : x;
  };
  word = whole(word);
  what = whole(what);
  product = whole(product);
  product = endOnNoun(product, continues(product, idea));
  what = endOnNoun(what, continues(what, idea));
  if (generic(word) || generic(product)) {
    const phrases = [...idea.matchAll(/\bfor ([^:;,.()\n]+)/gi)].map((m) => endOnNoun(m[1]!.split(/\s+/).slice(0, 4).join(" "), true)).filter((p) => p && !generic(p));
    const customerWords = u.customers.toLowerCase().split(/\s+/);
    const purpose = phrases.find((p) => !customerWords.includes(p.toLowerCase().split(/\s+/).pop() ?? ""));
    if (purpose) {
      const p = lc(purpose);
      word = p.split(/\s+/).pop()!;
      what = p;
      product = family === "software" && !/software$/.test(p) ? `${p} software` : p;
    }
  }
  return { word, what: what || word, product: product || word };
}

/** The specifics of the idea: its multi-word keywords, hyphenated compounds and short list items ("cargo bike", "slow-fermented loaves"). */
function featuresOf(u: Understanding, idea: string, w: { word: string; what: string; product: string; place: string | null; name: string; broken: string[]; people: string[] }): string[] {
  const lower = idea.toLowerCase();
  const taken = [w.word, w.what, w.product, w.name, ...w.people].map((x) => x.toLowerCase());
  const broken = w.broken.map((x) => x.toLowerCase());
  const place = (w.place ?? "").toLowerCase();
  const fit = (f: string) => {
    const l = f.toLowerCase();
    return (
      f.length > 3 &&
      f.length <= 40 &&
      !/\d/.test(f) &&
      !taken.some((t) => t.includes(l) || l === t) &&
      !(place && (l.includes(place) || place.includes(l))) &&
      !l.split(/\s+/).some((x) => /^(b2b|b2c|d2c|saas|startup|platform|app|apps)$/.test(x)) &&
      !/(^|\s)(a|an|the|and|or)$/.test(l) &&
      !/^[a-z]+ing$/.test(l) &&
      !lower.includes(`-${l}`) &&
      !broken.some((b) => l.includes(b) || b.includes(l)) &&
      endOnNoun(f, true) === f
    );
  };
  const found: string[] = [];
  const add = (f: string) => {
    const t = endOnNoun(noArticle(oneLine(f)), false);
    const keep = t.split(" ").map((x) => (/^[A-Z]{2,}|^.[^A-Z]*[A-Z]/.test(x) ? x : x.toLowerCase())).join(" ");
    if (t && fit(t) && !found.some((x) => x.toLowerCase() === keep.toLowerCase())) found.push(keep);
  };
  // Short items of the idea's lists: "online booking, automated SMS reminders and a waitlist".
  for (const item of idea.split(/[,;:()\n]|\s(?:and|with|plus|so|so that)\s/i)) {
    const t = noArticle(oneLine(item));
    const n = t.split(" ").length;
    if (n >= 2 && n <= 3 && !/\b(is|are|cut|cuts|get|gets|make|makes|help|helps|fill|fills|that|who|them|it|they|we|you|in|for|by|of|to)\b/i.test(t)) add(t);
  }
  for (const m of idea.matchAll(/\b[a-z]+-[a-z]+(?:\s[a-z]+)?\b/gi)) {
    const t = m[0]!.split(" ");
    add(t.length > 1 && DANGLING.has(t[1]!.toLowerCase()) ? t[0]! : m[0]!);
  }
  for (const k of u.keywords) if (/\s|-/.test(k) && lower.includes(k.toLowerCase())) add(k);
  for (const m of idea.matchAll(/\bby ([a-z]+ [a-z]+)\b/gi)) add(m[1]!);
  // A phrase inside a longer one says less: "SMS reminders" goes when "automated SMS reminders" is there.
  return found.filter((f) => !found.some((o) => o !== f && o.toLowerCase().includes(f.toLowerCase()))).slice(0, 4);
}

/** What the idea says the business cuts or avoids: "so independent practices cut no-shows" → "no-shows". */
function problemsOf(idea: string): string[] {
  const out: string[] = [];
  for (const m of idea.matchAll(/\b(?:cuts?|cutting|reduces?|reducing|avoids?|avoiding|ends?|prevents?|preventing|fewer|no more|stops?|without)\s+((?:the\s+)?[a-z][\w-]*(?:\s[a-z][\w-]*)?)/gi)) {
    const p = endOnNoun(noArticle(m[1]!), true).toLowerCase();
    if (p && !/\d/.test(p) && !DANGLING.has(p.split(" ")[0]!)) out.push(p);
  }
  return [...new Set(out)].slice(0, 2);
}

/** Does a phrase take a plural verb ("loaves are", "the cargo bike is")? */
const plural = (f: string) => /[^s']s$/i.test(f.trim().split(/\s+/).pop() ?? "") && !/(ss|us|is)$/i.test(f);
/** A feature inside a sentence: "the cargo bike", "slow-fermented loaves", "documentary style". */
const theOf = (f: string) => (withArticle(f) !== f && !/(style|design|delivery|ing)$/i.test(f) ? `the ${f}` : f);
const be = (f: string) => (plural(f) ? "are" : "is");

function wordsOf(ctx: PieceContext, facts: KitFacts): Words {
  const u = ctx.understanding;
  const b = businessWords(u);
  const pool = copyPool("subscription", u.category) === "software" ? "software" : b.pool;
  // What is sold and how, as the founder confirmed it, decides first: detergent delivered by bike is goods, not a booking.
  const byModel: Partial<Record<NonNullable<Understanding["model"]>, Family>> = {
    "shipped-product": "goods",
    "subscription-delivered": "goods",
    software: "software",
    "developer-tool": "software",
    "local-service": "service",
    "class-or-event": "service",
    "b2b-service": "service",
  };
  const family: Family =
    (u.model && byModel[u.model]) ||
    (["software", "free", "open-source", "freemium"].includes(pool) ? "software" : ["booking", "local-service", "membership"].includes(pool) ? "service" : "goods");
  const idea = oneLine(ctx.input.business_idea);
  const { word, what, product } = productOf(b, u, idea, family);
  const { customers, who } = customersOf(u, ctx.input.target_audience);
  const name = ctx.brand.name;
  const rawPlaces = `${idea} ${ctx.input.geographic_market}`.toLowerCase();
  const place = b.place && !GENERIC.test(b.place) ? b.place : null;
  const the = place && (rawPlaces.includes(`the ${place.toLowerCase()}`) || /^(united|republic|netherlands|philippines|uk|us|usa)\b/i.test(place)) ? "the " : "";
  const named = (ctx.research?.competitors ?? []).filter((c) => c.namedByFounder).map((c) => c.name);
  const rivals = (named.length ? named : ctx.input.competitors.split(/[,;\n]+/)).map((c) => oneLine(c)).filter((c) => c && c.length <= 60 && !/^(none|n\/a|-|no|not specified|unknown)$/i.test(c));
  const goalKey = ctx.input.primary_goal;
  const live = ctx.published && facts.leads > 0;
  const broken = [u.customers, u.product, u.productWord].filter((p) => p && ![customers, who, product, what, word].includes(p) && p.length > 2);
  if (GENERIC.test(b.word)) broken.push(b.word);
  const problems = problemsOf(idea);
  const stuff = /\b(bakery|shop|studio|salon|caf[eé]|agency|store|clinic|gym|restaurant|company|service|business|brand|practice|firm)$/i.test(what) ? word : what;
  return {
    ...b,
    pool,
    word,
    what,
    product,
    name,
    customers,
    who,
    place,
    where: place ? ` in ${the}${place}` : "",
    features: featuresOf(u, idea, { word, what, product, place, name, broken, people: [customers, who, u.customers] }).filter((f) => !problems.includes(f.toLowerCase())),
    problems,
    stuff,
    maker: family === "software" ? "vendor" : family === "service" ? "provider" : "maker",
    agent: /(er|or|ist|ian|studio|agency|salon|bakery|shop|team|coach)$/i.test(product) ? product : family === "software" ? "vendor" : family === "service" ? "provider" : "maker",
    rivals,
    family,
    session: family === "service" && (SESSION_CATEGORIES.has(u.category) || /\b(sessions?|class(es)?|lessons?|treatments?|appointments?)\b/i.test(idea)),
    live,
    prelaunch: !live && ["waitlist", "pre-orders", "collect emails"].includes(goalKey),
    goalKey,
    goal: goalCopy(goalKey),
    month: monthName(facts.from),
    seed: `${name}|${b.product}|${u.category}`,
    broken,
  };
}

/** A line of the kit's own copy that may be quoted: whole phrases, the business's wordings, the right stance, no figures. */
function usable(w: Words, line: string): boolean {
  const l = line.toLowerCase();
  if (w.broken.some((p) => { const at = l.indexOf(p.toLowerCase()); return at >= 0 && !l.startsWith(w.customers.toLowerCase(), at) && !l.startsWith(w.product.toLowerCase(), at); })) return false;
  if (!w.session && /\b(sessions?|slots?)\b/i.test(line)) return false;
  if (!w.prelaunch && LAUNCH_WORDS.test(line)) return false;
  return !/\d|link|\bbio\b|e-?mail|this page|the form|comments|dms?\b/i.test(line);
}

/** The competitor change of the month that matters to a customer: prices. */
function priceChange(facts: KitFacts) {
  return facts.competitorChanges.find((c) => /pric|plan|cost|fee|rate|tariff/i.test(`${c.page} ${c.summary}`));
}
/**
 * The experiment's winning text (the message that worked), when one stopped
 * with a variant that won by the experiments' own rule and significantly
 * (app/experiments/significance): a higher rate alone, or one before every
 * version had its minimum of visitors, may be chance and is not a message to
 * carry.
 */
export function winningMessage(facts: Pick<KitFacts, "experiments">): string | null {
  for (const e of facts.experiments) {
    if (e.status === "running" || e.arms.length < 2) continue;
    const won = significantWinner(e.arms.map((a) => ({ key: a.label, visitors: a.visitors, conversions: a.leads })));
    const best = won && won.key !== e.arms[0]!.label ? e.arms.find((a) => a.label === won.key) : undefined;
    if (best && best.text.trim() && !/\d/.test(best.text)) return oneLine(best.text).replace(/[.\s]+$/, "");
  }
  return null;
}

const sameText = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * What the refresh must not propose for an experiment field ("headline", "subheadline", "cta"): every
 * text an experiment tried there that did not win (a variant behind the original, or ahead by a
 * difference the significance test does not call significant), from the month's facts and from the
 * kit's earlier experiments (a variant never applied); and whether a test of the field is running.
 */
export function triedOn(ctx: Pick<PieceContext, "tried">, facts: Pick<KitFacts, "experiments">, field: string): { losing: Set<string>; running: boolean } {
  const losing = new Set<string>();
  let running = false;
  for (const e of facts.experiments) {
    if (e.field !== field) continue;
    if (e.status === "running") running = true;
    const won = e.status === "running" ? null : significantWinner(e.arms.map((a) => ({ key: a.label, visitors: a.visitors, conversions: a.leads })));
    for (const a of e.arms) if (a.label !== CONTROL_KEY && a.label !== won?.key && a.text.trim()) losing.add(sameText(a.text));
  }
  for (const t of ctx.tried ?? []) {
    if (t.field !== field) continue;
    if (t.running) running = true;
    losing.add(sameText(t.text));
  }
  return { losing, running };
}

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** The call to action for the stance: a trading business invites, a pre-launch one gathers interest. */
function callToAction(w: Words): string {
  const live: Record<string, string> = {
    waitlist: pick(w.seed + "cw", [`Places with ${w.name} open a few at a time: join the waitlist and we will write when yours is ready.`, `Want ${w.what}${w.where}? Join the waitlist, and ${w.name} writes as places open.`]),
    "pre-orders": pick(w.seed + "cp", [`Orders for ${w.stuff} are open: reserve yours with ${w.name} and we confirm the details before anything is charged.`, `Reserve your ${w.word} with ${w.name}: we confirm every order before anything is charged.`]),
    "book calls": pick(w.seed + "cb", [`Book a call with ${w.name} and tell us about your plans: we say honestly whether we are the right fit.`, `A short call with ${w.name} is the quickest way to see whether ${w.what} fits what you need.`]),
    downloads: pick(w.seed + "cd", [`Download ${w.name} and try it on one real piece of your own work.`, `Try ${w.name} on your own work: the download takes a minute.`]),
    "collect emails": pick(w.seed + "ce", [`Join the ${w.name} list for news, offers and tips on ${w.word}.`, `Get ${w.name}'s notes on ${w.word} by e-mail: join the list.`]),
  };
  if (w.prelaunch) return `${cap(w.goal.reason)}: ${w.goal.action} with ${w.name}.`;
  return live[w.goalKey] ?? `Get in touch with ${w.name} about ${w.what}${w.where}.`;
}

/** Sentences about one feature of the business, by family, chosen by the kit's seed. */
function featureParagraphs(w: Words, f: string, i: number): string[] {
  const t = theOf(f);
  const T = cap(t);
  const by: Record<Family, string[][]> = {
    goods: [
      [
        `When ${w.who} compare ${w.stuff}, ${t} ${be(f)} one of the first things worth asking about: it is where the difference shows after a week, not just on the first day.`,
        `${T} may sound like a detail. For ${w.customers}${w.where}, it is the part of ${w.stuff} they notice every time.`,
      ],
      [
        `Ask any ${w.maker} of ${w.stuff} about ${t}, and the answer tells you a lot about the rest. At ${w.name}, ${t} ${be(f)} not an extra: the way we work is built around ${plural(f) ? "them" : "it"}.`,
        `It also changes what ${w.who} can expect from ${w.stuff} week after week: fewer surprises, and ${w.stuff} worth ordering again.`,
      ],
      [
        `Good ${w.stuff} is mostly patience and care, and ${t} ${be(f)} where both show. It takes longer to do properly, and ${w.name} thinks the wait is worth it.`,
        `If you have only ever had ${STATUS_QUO.consumable(w.stuff)}, ${t} ${be(f)} the easiest way to notice the difference.`,
      ],
    ],
    software: [
      [
        `For ${w.customers}, ${t} ${be(f)} where the hours go or come back. Done by hand, it is the job that never quite gets finished; done well, nobody has to think about it.`,
        `That is why ${w.name} treats ${t} as part of the core of ${w.stuff}, not a setting hidden three menus deep.`,
      ],
      [
        `Without ${t}, most teams fall back on ${STATUS_QUO.software(w.word)}. It works until the week it doesn't, and then it costs more than anyone planned.`,
        `With ${w.name}, ${t} ${plural(f) ? "run" : "runs"} on ${plural(f) ? "their" : "its"} own and ${plural(f) ? "show" : "shows"} what happened, so ${w.who} can check the result instead of chasing it.`,
      ],
      [
        `Ask ${w.who} what they would change first about ${w.word}, and ${t} ${plural(f) ? "come" : "comes"} up early. It is a small change on paper and a large one in a busy week.`,
        `${w.name} starts from ${t} because it is where ${w.stuff} saves the most time for the least effort.`,
      ],
    ],
    service: [
      [
        `For ${w.customers}${w.where}, ${t} often ${plural(f) ? "decide" : "decides"} how the whole day feels. It is worth talking about early, before anything else is fixed.`,
        `${w.name} plans around ${t} from the first conversation, so there is time to get it right rather than rush it at the end.`,
      ],
      [
        `${T} ${be(f)} where ${w.stuff} stops being a line on a list and becomes something ${w.who} remember. It takes planning, and a little flexibility on the day.`,
        `Ask any ${w.maker} how they approach ${t}: the answer says more than a portfolio or a price list.`,
      ],
      [
        `Many ${w.who} only think about ${t} late, once the big decisions are made. Starting with it instead makes everything else easier to plan.`,
        `At ${w.name}, ${t} ${be(f)} not an add-on: it is part of how the work is done${w.where}.`,
      ],
    ],
  };
  const options = by[w.family];
  // One base per business, then the next template for the next feature: a kit's features never share one.
  return options[(i + variantIndex(`${w.seed}|features`, options.length)) % options.length]!;
}

/** The blog article: a title that promises something to the reader, an intro, sections on a topic of the business, a call to action. */
export function builtinBlog(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const f1 = f[0] ?? w.stuff;
  const titles: Record<Family, string[]> = {
    goods: [`What makes good ${w.stuff}: a guide for ${w.who}${w.where}`, f.length ? `${cap(theOf(f1))} and other things to ask about your ${w.stuff}` : `${cap(w.stuff)}${w.where}: what ${w.who} should ask`, `How to choose ${withArticle(w.product)}${w.where}`],
    software: [`How ${w.who} can spend less time on ${w.word}`, `${cap(f1)}: a practical guide for ${w.who}`, `What ${w.word} really costs ${w.who}, and how to cut it`],
    service: [`Planning ${w.what}${w.where}: a guide for ${w.who}`, `What to ask before you book ${withArticle(w.product)}${w.where}`, `${cap(f1)}: what ${w.who} should know`],
  };
  const title = pick(w.seed + "t", titles[w.family]).slice(0, TITLE_MAX);
  const parts: string[] = [];
  const problem: Record<Family, string> = {
    goods: pick(w.seed + "pg", [
      `Most ${w.customers}${w.where} know the feeling: ${cap(pain(w)).charAt(0).toLowerCase() + pain(w).slice(1)}.`,
      `Ask ${w.customers}${w.where} about ${w.word} and you hear the same thing: ${pain(w)}.`,
    ]),
    software: w.problems.length
      ? pick(w.seed + "ps", [`For ${w.customers}, ${list(w.problems)} ${plural(w.problems[0]!) ? "are" : "is"} the cost nobody budgets for, and ${pain(w)}.`, `Ask ${w.customers} what hurts most in a week and ${list(w.problems)} come${plural(w.problems[0]!) ? "" : "s"} up first: ${pain(w)}.`])
      : pick(w.seed + "ps", [`For ${w.customers}, ${pain(w)}.`, `Talk to ${w.customers} for five minutes and it comes up: ${pain(w)}.`]),
    service: pick(w.seed + "pv", [
      ...(w.session || ["local-service", "membership"].includes(w.pool) ? [`For ${w.customers}${w.where}, ${pain(w)}.`, `Ask ${w.customers}${w.where} about ${w.stuff} and one thing comes up: ${pain(w)}.`] : []),
      `For ${w.customers}${w.where}, the hard part of ${w.what} is rarely the day itself: it is ${STATUS_QUO[w.session ? "booking" : "booking"](w.word)}, and the decisions nobody explains.`,
      `${cap(w.customers)}${w.where} face a lot of choices about ${w.what}, and most of the advice out there is written for someone else.`,
    ]),
  };
  const covers = f.length ? list(f.slice(0, 3).map(theOf)) : w.stuff;
  parts.push(
    `${problem[w.family]} ${pick(w.seed + "i2", [`This article looks at what makes a difference: ${covers}, what to ask before you choose, and how to get started.`, `Here is what we have learned about ${covers}, and the questions worth asking before you choose.`])}`,
    `${pick(w.seed + "i3", [`It is written by ${w.name}, ${withArticle(w.product)} for ${w.customers}${w.where}.`, `We are ${w.name}, ${withArticle(w.product)} for ${w.who}${w.where}, and these are the questions we answer most often.`])}`,
  );
  const headings = (x: string, i: number) => pick(`${w.seed}|h${i}`, [`${cap(x)}, explained`, `${cap(x)}: why it matters`, `${cap(x)} in practice`]);
  const sections = f.slice(0, 3);
  if (sections.length > 1) {
    parts.push(`## ${pick(w.seed + "fh", [`What makes the difference`, `What to look for in ${w.stuff}`, `The details that matter`])}`);
    sections.forEach((x, i) => parts.push(`### ${headings(x, i)}`, ...featureParagraphs(w, x, i)));
  } else sections.forEach((x, i) => parts.push(`## ${headings(x, i)}`, ...featureParagraphs(w, x, i)));
  // What to ask: questions a reader can take to any provider, from the family and the kit's own objections.
  const asks: Record<Family, string[]> = {
    goods: [`How is the ${w.word} made, and how long does it keep?`, `When and how does it reach ${w.who}${w.where}?`, `Can you change or pause an order without a fuss?`],
    software: [`How long does it take ${w.who} to set up ${w.what}?`, `What happens to your data if you stop?`, `Who answers when something goes wrong in a busy week?`],
    service: [`Has the ${w.agent} worked${w.where || ` for ${w.who}`} before, and can you see the results?`, `What is included, and what costs extra?`, `What happens if plans change on the day?`],
  };
  const doubts = (ctx.research?.icp.objections ?? []).filter((x) => usable(w, x) && x.toLowerCase().includes(w.word.toLowerCase()));
  parts.push(
    `## ${pick(w.seed + "q", [`What to ask before you choose ${w.what}`, `Questions worth asking about ${w.word}`, `Before you decide: questions for any ${w.word} provider`])}`,
    [...asks[w.family], ...doubts].map((x) => `- ${stop(x)}`).join("\n"),
    pick(w.seed + "q2", [
      `A good ${w.maker} of ${w.stuff} answers these without hesitation. If an answer is vague, ask again: it is your ${w.family === "software" ? "team's time" : w.family === "service" ? "day" : "money"}.`,
      `None of these is a trick question. They simply show whether the ${w.stuff} on offer was made for ${w.who}, or for everyone at once.`,
    ]),
  );
  const change = priceChange(facts);
  if (change || w.rivals.length) {
    parts.push(`## ${pick(w.seed + "v", [`What you get for the price`, `Comparing ${w.word} fairly`, `Value, not just price`])}`);
    const compare = w.rivals.length ? `If you are comparing ${w.name} with ${list(w.rivals.slice(0, 2))}, compare what is included, not just the headline price.` : `Compare what is included, not just the headline price.`;
    parts.push(
      `${change ? pick(w.seed + "v1", [`Some prices for ${w.stuff} have gone up this ${w.month}, and it is a good moment to ask what you actually get.`, `At least one ${w.maker} of ${w.stuff} has raised its prices this ${w.month}. That makes value the right question.`]) : ""} ${compare} ${f.length ? `At ${w.name}, ${list(f.slice(0, 3).map(theOf))} ${f.length > 1 || plural(f[0]!) ? "are" : "is"} part of the price, not extras.` : ""}`.trim(),
    );
  }
  const win = winningMessage(facts);
  parts.push(`## ${pick(w.seed + "h", [`How ${w.name} works`, `${cap(w.stuff)} with ${w.name}, step by step`, `Getting started with ${w.name}`])}`);
  const steps: Record<Family, string> = {
    goods: `You tell ${w.name} what you want and how often; we make it and bring it to you${w.where}; you change or pause it whenever you like. ${f[1] ? `${cap(theOf(f[1]))} ${be(f[1])} part of every order.` : ""}`,
    software: `${w.name} starts with a short setup for your team; ${f[0] ? `${theOf(f[0])} ${plural(f[0]) ? "run" : "runs"} from day one` : `${w.stuff} runs from day one`}; you see what it did and adjust it as you go.`,
    service: `It starts with a conversation about your plans${w.where}; ${w.name} suggests how to approach ${f[0] ? theOf(f[0]) : w.stuff}; then we agree the details in writing, so nothing is left to guess on the day.`,
  };
  parts.push(steps[w.family].trim(), ...(win ? [pick(w.seed + "w", [`In one line: ${stop(win)}`, `Or, in a sentence: ${stop(win)}`])] : []));
  parts.push(...monthSection(w, ctx, facts));
  let body = parts.join("\n\n");
  // Under 800 words: more on the business's own topic, each paragraph carrying its specifics.
  const more: Array<[string, string]> = [];
  const there = w.where.replace(/^ in /, "");
  const extra: Record<Family, Array<[string, string]>> = {
    goods: [
      [`Why ${w.who} choose ${w.stuff} made close to home`, `${cap(w.stuff)} made${w.where} travels less and waits less. For ${w.customers}, that means ${w.stuff} that looks and tastes the way it should, and a ${w.maker} they can talk to when something is not right.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers}${w.where} who care where their ${w.stuff} comes from and would rather not settle for ${STATUS_QUO.consumable(w.stuff)}.`, `We make ${w.stuff} for ${w.customers}${w.where}: people who notice the difference and like knowing who made what they buy.`])],
      [`Getting the most from your ${w.stuff}`, `A little care at home goes a long way: keep your ${w.stuff} the way the ${w.maker} suggests, and ask when you are unsure. ${w.name} is happy to explain how to store and enjoy it, and to adjust an order when your week changes.`],
      [`What to ask about what goes into it`, `Good ${w.stuff} has nothing to hide: ask what goes into it, where it comes from and when it was made. ${w.name} answers all three for every order, because ${w.who} deserve to know what they are buying.`],
      [`Less waste, by design`, `Made to order means ${w.name} makes the ${w.stuff} ${w.who} actually want, and very little ends up thrown away${there ? ` in ${there}` : ""}. It is better for the ${w.maker} and for the customer.`],
      [`Regular orders, without the chore`, `${cap(pain({ ...w, word: w.stuff, pool: "subscription" }))} for many ${w.who}. A regular order with ${w.name} turns ${w.stuff} into something that simply turns up, and you stay in charge of what, when and how much.`],
    ],
    software: [
      ...w.problems.map((p): [string, string] => [`What ${p} cost ${w.who}`, `${cap(p)} ${plural(p) ? "look" : "looks"} small one at a time. Over a month, ${plural(p) ? "they add" : "it adds"} up to hours of work and income that never comes back. ${w.name} was built for ${w.customers} who want ${p} down without adding work to anyone's week${f.length ? `: ${list(f.slice(0, 2).map(theOf))} do most of it` : ""}.`]),
      [`Rolling out ${w.stuff} without disruption`, `Change is the real cost of new software for ${w.who}. Start with one part of the week${f[0] ? `, such as ${theOf(f[0])}` : ""}, see the result, then move the rest. ${w.name} is built so the first step takes an afternoon, not a project.`],
      [`Measuring what ${w.word} costs today`, `Before you change anything, write down how ${w.word} works today: who does it, how long it takes, what slips. It is the only fair way to judge whether ${w.stuff} pays for itself for ${w.customers}.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers} who have outgrown ${STATUS_QUO.software(w.word)} and want ${w.stuff} that runs without a daily check.`, `We build ${w.stuff} for ${w.customers}${w.where}: teams with too little time to babysit tools, and too much at stake to let ${w.word} slip.`])],
      [`Questions to ask in a demo`, `A demo shows the best case. Ask the ${w.maker} to show ${w.stuff} on a real, messy week rather than a tidy example, and to show what happens when something goes wrong. ${w.name} is glad to do exactly that for ${w.who}.`],
      [`Keeping your data yours`, `${cap(w.customers)} hold information their own clients trust them to keep safe. Before choosing ${w.stuff}, ask where data is stored, who can see it and how you take it with you if you leave: ${w.name} answers in writing.`],
      [`Support that knows your work`, `When something breaks in a busy week, ${w.who} need an answer from someone who understands their day, not a ticket number. ${w.name} keeps support close to the people who build ${w.stuff}.`],
      [`What good ${w.word} looks like`, `Good ${w.word} is boring in the best way: it happens on time, the people who need to know do, and nobody re-types anything. That is the standard ${w.name} holds itself to for ${w.who}.`],
    ],
    service: w.session || ["local-service", "membership"].includes(w.pool) ? [
      [`Your first time`, pick(w.seed + "ft", [`The first ${w.stuff} booking is the one people worry about most. Tell ${w.name} what you hope for and anything we should know beforehand; we explain what happens, how long it takes and what to bring, so ${w.who} can simply turn up.`, `Nobody knows what to expect the first time. ${w.name} walks ${w.who} through it beforehand, in a short message: where, how long, what happens, and what you need, if anything.`])],
      [`Fitting ${w.stuff} into a busy week`, pick(w.seed + "bw", [`The best ${w.stuff} is the one that actually happens. Pick a regular time that survives a busy week, and tell ${w.name} when it doesn't: moving a booking should take a message, not a phone call.`, `${cap(w.who)} have full weeks. ${w.name} offers times that fit around work and family${w.where}, and a change of plan is a short message away.`])],
      [`Made for ${w.who}`, `${w.name} is for ${w.customers}${w.where} who would rather have ${w.stuff} fit their week than rearrange their week around it.`],
      [`What to bring`, `Ask ${w.name} what to bring and what to expect before your first ${w.stuff} booking. A short list, sent ahead, saves ${w.who} a lot of guesswork and makes the first time feel like the fifth.`],
      [`Progress you can see`, `${cap(w.who)} want to know that ${w.stuff} is working. A good ${w.maker} tells you what changed since last time and what to try next, in plain words: ${w.name} does that every time.`],
      [`When plans change`, `Plans change, especially for ${w.who}. ${w.name} keeps changes simple: tell us as early as you can, and we find another time${w.where} without a fee for asking.`],
      [`Sticking with it`, `Most of the benefit of ${w.stuff} comes from doing it regularly, not perfectly. ${w.name} makes it easy for ${w.who}${w.where} to come back, even after a missed week.`],
      [`What it costs, and why`, `Prices for ${w.stuff} vary a lot${w.where}, and the cheapest offer rarely includes everything. Ask what is included and what costs extra: ${w.name} puts it in writing before ${w.who} decide.`],
    ] : [
      [`Planning${w.where}`, `${there ? `${cap(there)} rewards a little planning` : `Every place rewards a little planning`}: timing, access and the weather all shape ${w.stuff}. ${w.name} knows the area and builds a plan B into every plan A for ${w.who}.`],
      [`How to brief ${withArticle(w.agent)}`, pick(w.seed + "br", [`The best results come from a short, honest brief: what matters most to you, what you would rather avoid, and any moments that must not be missed. Share it early with ${w.name}, and keep it to a page.`, `Tell ${w.name} three things before anything else: what matters most, what must not happen, and what "done well" looks like for you. A page of notes beats an hour of guessing, for ${w.who} and for us.`])],
      [`On the day`, `On the day, ${w.who} should not have to manage anything. A good ${w.agent} arrives prepared, keeps to the plan, notices what was not planned and explains what happens next. That is how ${w.name} works${w.where}.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers}${w.where} who would rather hand ${w.stuff} to someone they trust than manage it themselves. If that sounds like you, a short conversation is the quickest way to find out whether we fit.`, `We work with ${w.who}${w.where}. Many have had enough of ${STATUS_QUO[w.pool] ? STATUS_QUO[w.pool](w.stuff) : "the usual options"}; ${w.name} is for those who want ${w.stuff} to fit around their plans instead.`])],
      [`What it costs, and why`, `Prices for ${w.stuff} vary a lot${w.where}, and the cheapest quote rarely includes everything. Ask what the time covers, what happens afterwards and what costs extra: ${w.name} puts all of it in writing before ${w.who} decide.`],
      [`After the day`, `What happens afterwards matters as much as the day: when you hear back, in what form, and who to ask if something is missing. ${w.name} tells ${w.who} all of this before anything is booked.`],
    ],
  };
  for (const x of f.slice(3)) more.push([headings(x, 3), featureParagraphs(w, x, 3).join(" ")]);
  more.push(...extra[w.family]);
  more.push(
    [
      pick(w.seed + "mi", [`Mistakes ${w.who} make with ${w.stuff}`, `Common ${w.stuff} mistakes, and how to avoid them`]),
      pick(w.seed + "mi1", [
        `The most common one is choosing on price alone: ${w.stuff} that looks cheap often costs more once the extras and the time are counted. The second is deciding too late, when the good options are taken. The third is not asking questions: a good ${w.maker} of ${w.stuff} is glad to answer them.`,
        `Leaving ${w.stuff} to the last minute is the first. Comparing headline prices instead of what is included is the second. And the third is staying with ${STATUS_QUO[w.pool] ? STATUS_QUO[w.pool](w.stuff) : "the usual option"} out of habit, long after it stopped working for ${w.who}.`,
      ]),
    ],
    [
      pick(w.seed + "ho", [`How ${w.name} works with ${w.who}`, `What working with ${w.name} is like`]),
      pick(w.seed + "ho1", [
        `${w.name} keeps things simple for ${w.who}${w.where}: one person to talk to, clear answers in writing, and no surprises on the bill. When something changes, you tell us, and we change with it.`,
        `Working with ${w.name} means plain answers and a real person: ${w.who} say what they need from ${w.stuff}, we say honestly what we can do, and everything agreed is written down.`,
      ]),
    ],
  );
  if (w.rivals.length > 1) more.push([`Where ${w.name} fits`, `${cap(w.who)}${w.where} have good choices, including ${list(w.rivals)}. ${w.name} is for those who want ${f.length ? list(f.slice(0, 2).map(theOf)) : w.stuff} done properly, and a person to talk to when they have a question.`]);
  const channels = ctx.understanding.channels.slice(0, 4);
  if (channels.length >= 2)
    more.push([
      pick(w.seed + "ch", [`Where to find ${w.name}`, `Following ${w.name}`]),
      pick(w.seed + "ch1", [
        `${w.name} shares what it learns about ${w.stuff} on ${list(channels)}: short notes, real examples and answers to the questions ${w.who} send in. It is the easiest way to see how we work before you decide.`,
        `You will find ${w.name} on ${list(channels)}, where we post about ${w.stuff} for ${w.who}${w.where}: what we are working on, what we have learned, and what people ask us most.`,
      ]),
    ]);
  more.push([
    pick(w.seed + "fb", [`Tell us what you think`, `What we learn from ${w.who}`]),
    pick(w.seed + "fb1", [
      `Much of what ${w.name} does today started as a question or a complaint from ${w.customers}. Tell us what works for you and what does not: the next change to ${w.stuff} usually comes from a message like yours.`,
      `Every month, the notes ${w.who} send ${w.name} shape what we change next. If something about ${w.stuff} annoys you, or something delights you, say so: it is the most useful thing you can tell us.`,
    ]),
  ]);
  more.push([
    pick(w.seed + "sn", [`A season of ${w.stuff}`, `${cap(w.stuff)} through the year`]),
    pick(w.seed + "sn1", [
      `What ${w.who} need from ${w.stuff} changes through the year: busy months, quiet ones, and the weeks when everything happens at once. ${w.name} plans ahead for those weeks, so ${w.customers} are not left waiting when they matter most.`,
      `Every ${w.month} brings its own rhythm to ${w.stuff}. ${w.name} keeps an eye on the calendar for ${w.customers}${w.where}, and tells them early when the busy weeks are coming.`,
    ]),
  ]);
  const fill: string[] = [];
  // Each business takes its own share of the reservoir, in its own order (by its seed): two kits of one family share little.
  const order = (x: [string, string]) => variantIndex(`${w.seed}|${x[0]}`, 997);
  more.sort((a, b) => order(a) - order(b));
  // Past the minimum with room to spare: the customer-copy check shortens a repeated product phrase afterwards.
  for (const [h, p] of more) {
    if (wordCount(`${body}\n${fill.join("\n")}`) >= BLOG_MIN_WORDS + 100) break;
    if (!fill.length) fill.push(`## ${pick(w.seed + "ad", [`More advice for ${w.who}`, `Practical notes on ${w.stuff}`, `More on ${w.stuff}${w.where}`])}`);
    fill.push(`### ${h}`, p);
  }
  const closing = [`## ${pick(w.seed + "c", [`Ready when you are`, `Where to go from here`, `Your next step`])}`, `${pick(w.seed + "c1", [`If ${covers} matter to you, we would like to hear from you.`, `That is ${w.stuff} the way ${w.name} does it${w.where}.`])} ${callToAction(w)}`];
  // A thin kit (an idea of a few words): the landing page's questions that fit, then checks a reader can make.
  const faq = (ctx.landing?.faq.items ?? []).filter((x) => usable(w, `${x.question} ${x.answer}`));
  const checks = [`write down what each ${w.maker} includes`, `ask to see real results`, `ask who your contact will be`, `check how changes are handled`].map(
    (c, i) => `${i ? "Then" : "When you compare"} ${i ? lowerFirst(c) : `${w.stuff}${w.where}, ${c}`}. ${i === 3 ? `${cap(w.who)} who do this choose faster and regret less.` : ""}`.trim(),
  );
  const more2: string[] = [];
  const long = () => wordCount(`${body}\n${fill.join("\n")}\n${more2.join("\n")}`) >= BLOG_MIN_WORDS + 80;
  const benefits = (ctx.landing?.benefits.items ?? []).filter((x) => usable(w, `${x.title} ${x.body}`));
  if (!long() && benefits.length) more2.push(`## ${pick(w.seed + "bn", [`What ${w.name} offers`, `What you get from ${w.name}`])}`, benefits.map((x) => `- **${trimEnd(x.title)}**: ${stop(x.body)}`).join("\n"));
  if (!long() && faq.length) more2.push(`## ${pick(w.seed + "fq", [`Questions ${w.who} ask`, `Your questions about ${w.stuff}`])}`);
  for (const x of faq) if (!long()) more2.push(`### ${x.question}`, stop(x.answer));
  if (!long()) more2.push(`## ${pick(w.seed + "ck", [`Comparing ${w.stuff}`, `A checklist for ${w.who}`])}`, checks.join(" "));
  body = [body, ...fill, ...more2, ...closing].join("\n\n");
  return { title, body };
}

/**
 * The blog's "this month" section: the month's figures a reader may see (the sign-ups of the period,
 * as counted; never visitors or conversion, which are the founder's) and the kit's facts in the
 * founder's words (prices in their currency, the area served, ages, facts).
 */
export function monthSection(w: Pick<Words, "name" | "month" | "who">, ctx: Pick<PieceContext, "understanding" | "input">, facts: Pick<KitFacts, "leads" | "from" | "to">): string[] {
  const lines: string[] = [];
  if (facts.leads > 0)
    lines.push(`From ${day(facts.from)} to ${day(new Date(facts.to.getTime() - 1))}, ${fmt(facts.leads)} ${facts.leads === 1 ? "person" : "people"} signed up to hear from ${w.name}. Thank you: every question you send shapes what comes next.`);
  const own = kitFactLines(ctx.understanding, ctx.input.business_idea);
  if (own.length) lines.push(`For ${w.who} weighing it up, the facts in short:`, own.map((l) => `- ${l}`).join("\n"));
  return lines.length ? [`## ${w.month} at ${w.name}`, ...lines] : [];
}

/** Something useful for the customers, by family, with the business's specifics (the newsletter's tip, the second post). */
function tipFor(w: Words): string {
  const f = w.features;
  const tips: Record<Family, string> = {
    goods: `ask how your ${w.stuff} is made and how best to keep it. A few minutes of care at home makes it last longer${f[0] ? `, and ${theOf(f[0])} ${be(f[0])} worth asking about too` : ""}.`,
    software: `pick one part of ${w.word} that eats time this week${f[0] ? `, such as ${theOf(f[0])}` : ""}, and write down how long it takes. It is the quickest way to see where ${w.stuff} will help.`,
    service: w.session || ["local-service", "membership"].includes(w.pool)
      ? `book ${w.stuff} at a regular time that survives a busy week${w.where}; it is the easiest way to keep it going.`
      : `write down the three moments that matter most to you and share them early${f[0] ? `, along with what ${theOf(f[0])} ${plural(f[0]) ? "mean" : "means"} to you` : ""}. Everything else can be planned around them${w.where}.`,
  };
  return tips[w.family];
}

/** The newsletter issue (sent to the leads): the product, news, an offer or a tip; the facts choose the topic, their figures stay out. */
export function builtinNewsletter(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const change = priceChange(facts);
  const win = winningMessage(facts);
  const topic = change ? "value" : win ? "message" : f.length ? "feature" : "news";
  const subjects: Record<string, string> = {
    value: pick(w.seed + "sv", [`${w.month} at ${w.name}: what your ${w.word} includes`, `What's included: ${w.name} in ${w.month}`]),
    message: `${w.month} at ${w.name}: ${win ?? ""}`,
    feature: pick(w.seed + "sf", [`${w.month} at ${w.name}: ${f[0] ?? w.word}`, `${cap(f[0] ?? w.word)}, and more from ${w.name}`]),
    news: `${w.month} at ${w.name}: news on ${w.what}`,
  };
  const title = subjects[topic]!.slice(0, 120);
  const parts = [pick(w.seed + "hi", [`Hello,`, `Hi there,`])];
  parts.push(
    w.prelaunch
      ? pick(w.seed + "n0", [`Thanks for signing up for news from ${w.name}. Here is where ${w.what}${w.where} stands this ${w.month}.`, `You asked to hear from ${w.name}: here is our ${w.month} note on ${w.what}.`])
      : pick(w.seed + "n1", [`Here is ${w.name}'s ${w.month} note for ${w.who}${w.where}.`, `A short ${w.month} note from ${w.name}, for ${w.who} who care about ${w.word}.`]),
  );
  if (topic === "value")
    parts.push(
      `**${pick(w.seed + "vh", [`What you get`, `Fair value`])}**`,
      `Some prices for ${w.stuff} have gone up this ${w.month}. If you are comparing, compare what is included too: ${f.length ? `with ${w.name}, ${list(f.slice(0, 3).map(theOf))} ${f.length > 1 || plural(f[0]!) ? "are" : "is"} part of every ${w.family === "software" ? "plan" : w.family === "service" ? "booking" : "order"}` : `${w.name} writes down everything that is included before you decide`}.`,
    );
  if (win) parts.push(`**${pick(w.seed + "mh", [`In one line`, `What we stand for`])}**`, `${stop(win)} ${pick(w.seed + "m2", [`It is the simplest way we have found to say what ${w.name} does for ${w.who}.`, `That is what ${w.what} from ${w.name} is about.`])}`);
  if (f.length) {
    const x = f[(variantIndex(w.month, f.length) + (topic === "feature" ? 0 : 1)) % f.length]!;
    parts.push(`**${cap(x)}**`, featureParagraphs(w, x, 0)[0]!);
  }
  parts.push(`**A tip for ${w.who}**`, cap(tipFor(w)));
  parts.push(`**${pick(w.seed + "nx", [`What's next`, `From ${w.name}`])}**`, callToAction(w));
  parts.push(pick(w.seed + "bye", [`Reply to this e-mail with a question about ${w.word}: a person at ${w.name} reads every answer.`, `Questions about ${w.stuff}? Just reply: ${w.name} reads every one.`]), `The ${w.name} team`);
  return { title, body: parts.join("\n\n") };
}

/** Two public posts: news of the business (the month's topic), and something useful for its customers. No internal figures. */
export function builtinSocialPair(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const generic = (t: string) => GENERIC.test(t) || w.broken.some((b) => t.toLowerCase().includes(b.replace(/\s+/g, "").toLowerCase()));
  const tags = ctx.understanding.hashtags.filter((t) => !generic(t) && !/b2b/i.test(t)).slice(0, 3).map((t) => `#${t}`).join(" ");
  const change = priceChange(facts);
  const win = winningMessage(facts);
  const news = w.prelaunch
    ? pick(w.seed + "s0", [`${w.name} is getting ready${w.where}: ${w.what} for ${w.who}${f[0] ? `, with ${f[0]}` : ""}. ${cap(w.goal.reason)}.`, `Coming soon to ${w.who}${w.where}: ${w.what} from ${w.name}${f[0] ? `, ${f[0]} included` : ""}. ${cap(w.goal.reason)}.`])
    : change
      ? `${w.month} at ${w.name}: ${w.stuff}${w.where}${f.length ? `, with ${list(f.slice(0, 2).map(theOf))} included` : ""}. Comparing ${w.stuff} prices this month? Look at what is included too. ${callToAction(w)}`
      : win
        ? `${stop(win)} That's ${w.name}: ${w.what} for ${w.who}${w.where}. ${callToAction(w)}`
        : `${w.month} at ${w.name}: ${w.what} for ${w.who}${w.where}${f[0] ? `, ${f[0]} included` : ""}. ${callToAction(w)}`;
  const tip = `${pick(w.seed + "tp", [`A tip for ${w.who}:`, `Worth knowing if you are choosing ${withArticle(w.product)}:`])} ${tipFor(w)}`;
  const body = [`## Post 1: ${change ? "value" : win ? "our message" : "news"}`, `${news}${tags ? `\n\n${tags}` : ""}`, `## Post 2: for ${w.who}`, `${tip}${tags ? `\n\n${tags}` : ""}`].join("\n\n");
  return { title: `${w.name}: two ${w.month} posts on ${w.stuff}`.slice(0, TITLE_MAX), body };
}

/** The landing refresh (the founder's): proposed hero texts next to the current ones, with why, and section ideas from the month's facts. */
export function builtinLandingRefresh(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const hero = ctx.landing?.hero ?? { headline: "", subheadline: "", button: "" };
  const fields: Array<[RefreshField, "headline" | "subheadline" | "cta", string]> = [
    ["headline", "headline", hero.headline],
    ["subheadline", "subheadline", hero.subheadline],
    ["button", "cta", hero.button],
  ];
  const cutShort = (t: string) => DANGLING.has((t.trim().split(/\s+/).pop() ?? "").toLowerCase().replace(/[^a-z]/g, ""));
  const parts: string[] = [];
  for (const [field, experimentField, current] of fields) {
    // A field under test is left to its experiment; a text an experiment tried that did not win is never proposed again.
    const tried = triedOn(ctx, facts, experimentField);
    if (tried.running) continue;
    const fresh = (t: string) => !tried.losing.has(sameText(t));
    const variants = builtinVariantSuggestions(ctx.input, ctx.brand, experimentField, current).variants.filter((v) => usable(w, v.text) && !cutShort(v.text) && fresh(v.text));
    const own: Record<RefreshField, string> = {
      headline: `${cap(w.what)} for ${w.who}${w.where}`,
      subheadline: `${w.name}: ${w.what} for ${w.customers}${w.where}${w.features.length ? `, with ${list(w.features.slice(0, 2))}` : ""}.`,
      button: w.goal.cta,
    };
    const first = variants[0] ?? (fresh(own[field]) ? { text: own[field], reason: "Says what it is and for whom in the business's own words: tests clarity first." } : null);
    if (!first || first.text === current) continue;
    const why = cutShort(current) ? `${first.reason} The current text stops mid-phrase.` : first.reason;
    parts.push(`## ${REFRESH_LABELS[field]}`, `Now: ${current || "(none yet)"}`, `Proposed: ${first.text}`, `Why: ${why}`);
  }
  const ideas: string[] = [];
  if (ctx.landing && !ctx.landing.proofIsReal)
    ideas.push(
      facts.leads > 0
        ? `Social proof: the quotes on the page are still placeholders. Ask a few of the ${fmt(facts.leads)} ${w.who} who signed up this month what made them choose ${w.name}, and quote them (with their permission).`
        : `Social proof: the quotes on the page are still placeholders. Once ${w.who} sign up, ask them what made them choose ${w.name}, and quote them (with their permission).`,
    );
  if (facts.visitors > 0 && facts.leads === 0) ideas.push(`Sign-up form: ${fmt(facts.visitors)} visitors and no sign-up yet. Move the form up, and make the button say what happens next.`);
  const top = facts.topSources[0];
  if (top) ideas.push(`Visitors from ${top.source}: ${fmt(top.visitors)} of them this month. Greet the ${w.who} who come from there in the first lines, with the ${w.stuff} they saw there.`);
  const exp = facts.experiments.find((e) => e.status === "running");
  if (exp) ideas.push(`Experiment: the test of the ${exp.field === "cta" ? "button" : exp.field} is running, so no new text is proposed for it here. Let it reach its verdict before changing the same text by hand.`);
  const win = winningMessage(facts);
  if (win) ideas.push(`Experiment: "${win}" won with ${w.who}. Carry its message into the sections about ${w.features.length ? list(w.features.slice(0, 2).map(theOf)) : w.stuff} below the hero.`);
  const change = facts.competitorChanges[0];
  if (change) ideas.push(`Competitors: ${change.competitor} changed its ${change.page.toLowerCase()} (${trimEnd(change.summary)}). Say in the FAQ what ${w.name} includes${w.features.length ? ` (${list(w.features.slice(0, 2))})` : ""}.`);
  if (w.live) ideas.push(`Stance: the page is live and ${w.who} sign up: drop any "coming soon" wording, and say what happens after the button today.`);
  if (ctx.landing && ctx.landing.faq.items.length < 6) ideas.push(`FAQ: add the question ${w.who} asked most this month (${ctx.landing.faq.items.length} of 6 places used).`);
  if (!ideas.length) ideas.push(`How it works: show ${w.who} the first step with ${w.name} in one picture.`);
  parts.push(`## Sections`, ideas.map((i) => `- ${i}`).join("\n"));
  return { title: `Landing page refresh for ${w.name}: ${w.stuff} (${w.month})`.slice(0, TITLE_MAX), body: parts.join("\n\n") };
}

export const BUILTIN_WRITERS: Record<ContentPieceKind, (ctx: PieceContext, facts: KitFacts) => WrittenPiece> = {
  blog: builtinBlog,
  newsletter: builtinNewsletter,
  social_pair: builtinSocialPair,
  landing_refresh: builtinLandingRefresh,
};

/**
 * The founder's figures a public piece (newsletter, posts, blog) shows: the page's visitors, page
 * views, sign-ups (4 and more: smaller numbers are counting words; the blog may quote them) and
 * conversion rate.
 */
export function internalFigures(kind: ContentPieceKind, text: string, facts: KitFacts): string[] {
  if (kind === "landing_refresh") return [];
  // The blog may quote the month's sign-ups (its "this month" section): a true count, not the page's analytics.
  const figures = [facts.visitors, facts.pageviews, ...(kind === "blog" ? [] : [facts.leads])].filter((n) => n >= 4).map(String);
  if (facts.conversionRate !== null && facts.leads > 0) figures.push(String(Math.round(facts.conversionRate * 1000) / 10));
  const said = new Set(numbersIn(text));
  return [...new Set(figures.filter((n) => said.has(n)))].map((n) => `${n} (the founder's figure)`);
}

// ---- the model ----------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().min(1).max(max);
const BlogSchema = z.object({ title: text(TITLE_MAX), intro: text(2000), sections: z.array(z.object({ heading: text(100), body: text(3000) })).min(3).max(8) });
const NewsletterSchema = z.object({ subject: text(120), body: text(6000) });
const SocialSchema = z.object({ posts: z.array(z.object({ angle: text(60), text: text(600) })).length(2) });
const Suggestion = z.object({ proposed: text(160), why: text(200) });
const RefreshSchema = z.object({
  headline: Suggestion.extend({ proposed: text(LANDING_LIMITS.headline) }),
  subheadline: Suggestion.extend({ proposed: text(LANDING_LIMITS.subheadline) }),
  button: Suggestion.extend({ proposed: text(LANDING_LIMITS.button) }),
  sections: z.array(text(300)).min(1).max(5),
});

const RULES = [
  "Write for THIS business only, in its brand's voice: its product, customers and place, never generic filler that would fit any business.",
  "Numbers: use only the numbers given under 'This month's facts', exactly as given. Never invent figures, prices, dates, customer counts, growth, testimonials or awards.",
  "Plain text with simple Markdown (## headings, - lists, **bold**). No links, no images.",
].join("\n");

type Spec<T> = { name: string; schema: z.ZodType<T>; system: string; toPiece: (v: T, ctx: PieceContext, facts: KitFacts) => WrittenPiece; maxTokens: number };

const SPECS: { [K in ContentPieceKind]: Spec<unknown> } = {
  blog: {
    name: "blog_article",
    schema: BlogSchema,
    system: `You write a blog article draft for a new business's website, ${BLOG_MIN_WORDS}–${BLOG_MAX_WORDS} words in all: a title, an intro, 4–6 sections with headings. An article for the business's customers on a topic of the business (a title that promises something to the reader, an intro, sections built from the business's specifics, a closing call to action), not the landing page reflowed. The page's analytics (visitors, page views, conversion, sources, experiment counts) are the founder's: never show them; the one figure a reader may see is the month's sign-ups, in a short section on the month, with the founder's facts (prices as given, in their currency, the area served, ages, facts). The month's facts also choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Say the product's full name once or twice, then a short name or "it". Never paste the founder's answers verbatim.\n${RULES}`,
    toPiece: (v) => {
      const b = v as z.infer<typeof BlogSchema>;
      return { title: b.title, body: [b.intro, ...b.sections.map((s) => `## ${s.heading.replace(/^#+\s*/, "")}\n\n${s.body}`)].join("\n\n") };
    },
    maxTokens: 3500,
  },
  newsletter: {
    name: "newsletter_issue",
    schema: NewsletterSchema,
    system: `You write this month's newsletter issue a new business sends to the people who signed up on its page: a subject under 60 characters and a body of 150–350 words, signed as the team. It talks about the product, news, an offer or a tip. The page's analytics (visitors, page views, sign-ups, conversion, sources, experiment counts) are the founder's: never show them; the month's facts only choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Never paste the founder's answers verbatim.\n${RULES}`,
    toPiece: (v) => {
      const n = v as z.infer<typeof NewsletterSchema>;
      return { title: n.subject, body: n.body };
    },
    maxTokens: 1500,
  },
  social_pair: {
    name: "social_posts",
    schema: SocialSchema,
    system: `You write two public social media posts for a business: one with its news this month, one with something useful for its customers. The page's analytics (visitors, page views, sign-ups, conversion, sources, experiment counts) are the founder's: never show them; the month's facts only choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Each under 280 characters plus up to 3 hashtags made of the business's own words.\n${RULES}`,
    toPiece: (v, ctx, facts) => {
      const s = v as z.infer<typeof SocialSchema>;
      return { title: `${monthName(facts.from)} posts for ${ctx.brand.name}`, body: s.posts.map((p, i) => `## Post ${i + 1}: ${p.angle}\n\n${p.text}`).join("\n\n") };
    },
    maxTokens: 800,
  },
  landing_refresh: {
    name: "landing_refresh",
    schema: RefreshSchema,
    system: `You propose a refresh of a landing page's hero (headline, subheadline, button: each different from the current text, with one sentence on why) and 1–5 section suggestions drawn from this month's facts.\n${RULES}`,
    toPiece: (v, ctx) => {
      const r = v as z.infer<typeof RefreshSchema>;
      const hero = ctx.landing?.hero ?? { headline: "", subheadline: "", button: "" };
      const field = (f: RefreshField, current: string) => [`## ${REFRESH_LABELS[f]}`, `Now: ${current || "(none yet)"}`, `Proposed: ${r[f].proposed}`, `Why: ${r[f].why}`];
      return {
        title: `Landing page refresh for ${ctx.brand.name}`,
        body: [...field("headline", hero.headline), ...field("subheadline", hero.subheadline), ...field("button", hero.button), "## Sections", r.sections.map((s) => `- ${s}`).join("\n")].join("\n\n"),
      };
    },
    maxTokens: 1200,
  },
};

function landingLines(landing: LandingContent | null): string[] {
  if (!landing) return [];
  return [
    `Current headline: ${landing.hero.headline}`,
    `Current subheadline: ${landing.hero.subheadline}`,
    `Current button: ${landing.hero.button}`,
    ...landing.benefits.items.map((b) => `Benefit: ${b.title}: ${b.body}`),
    ...landing.how.steps.map((s) => `Step: ${s.title}: ${s.body}`),
    ...landing.faq.items.map((f) => `FAQ: ${f.question} ${f.answer}`),
  ];
}

/**
 * One piece of `kind` for the kit, from its month's facts: the provider's
 * (the model's, checked for numbers of its own; or the builtin's), cleaned.
 * Throws when the kit has no brand yet or the model fails.
 */
export async function writePiece(kind: ContentPieceKind, ctx: PieceContext, facts: KitFacts, signal?: AbortSignal): Promise<WrittenPiece> {
  const spec = SPECS[kind];
  const builtin = () => BUILTIN_WRITERS[kind](ctx, facts);
  const facts_ = factLines(facts);
  const context = [
    ...answerLines(ctx.input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice", "primary_goal"]),
    ...businessLines(ctx.input, ctx.brand),
    `Brand: ${brandBrief(ctx.brand)}`,
    `Positioning: ${ctx.brand.positioning}`,
    ...landingLines(ctx.landing),
  ];
  const provider = getProvider();
  let written: WrittenPiece;
  if (provider.offline) written = builtin();
  else {
    let answer: unknown;
    try {
      answer = await provider.structured({ name: spec.name, schema: spec.schema, system: spec.system, user: [...context, "", "This month's facts:", ...facts_].join("\n"), builtin: () => null, maxTokens: spec.maxTokens }, signal);
    } catch (error) {
      // The model answered, twice, with nothing usable: the builtin piece stands in. Any other failure
      // (the model unreachable, a timeout, a rate limit) goes to the caller: no piece, no slot taken.
      if (!(error instanceof GenerationError && error.userMessage === INVALID_JSON_MESSAGE)) throw error;
      logError(`monthly piece (${kind}): the model's answer was not usable, the builtin writer stands in`, error);
      answer = null;
    }
    written = answer === null ? builtin() : spec.toPiece(answer, ctx, facts);
    const stray = answer === null ? [] : [...strayNumbers(`${written.title}\n${written.body}`, [...factLines(facts, { forNumbers: true }), ...context]), ...internalFigures(kind, `${written.title}\n${written.body}`, facts)];
    const words = wordCount(written.body);
    const stale = answer !== null && kind === "landing_refresh" ? staleProposals(answer as z.infer<typeof RefreshSchema>, ctx, facts) : [];
    if (stray.length || stale.length || (kind === "blog" && (words < BLOG_MIN_WORDS * 0.9 || words > BLOG_MAX_WORDS * 1.1))) {
      const why = stray.length ? `numbers not in the facts: ${stray.join(", ")}` : stale.length ? `proposes what an experiment tried or is testing: ${stale.join(", ")}` : `${words} words`;
      logError(`monthly piece (${kind}): the model's text was not used`, new Error(why));
      written = builtin();
    }
  }
  const clean: CleanupContext = { understanding: ctx.understanding, input: ctx.input, brandName: ctx.brand.name };
  const checked = (p: WrittenPiece) => checkPiece(kind, { title: cleanText(p.title, clean), body: cleanText(p.body, clean) }, ctx, facts);
  const out = checked(written);
  // A text the check emptied (every sentence a note or a claim): the builtin piece, checked the same way.
  return out.title && out.body ? out : checked(builtin());
}

/** How the customer-copy check reads each kind: the newsletter is an e-mail to the leads, the refresh the founder's. */
const CHECK_KIND: Record<ContentPieceKind, CustomerCopyKind> = { blog: "article", newsletter: "email", social_pair: "article", landing_refresh: "founder" };

/** A piece through the customer-copy check, with the month's figures and the founder's own numbers as the only true counts. */
export function checkPiece(kind: ContentPieceKind, piece: WrittenPiece, ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const check = kitCheckContext(ctx.input, ctx.brand, ctx.understanding, {
    productPhrases: [ctx.understanding.product, w.product, w.what, w.stuff],
    knownNumbers: allNumbersIn(...factLines(facts, { forNumbers: true }), ...facts.competitorChanges.map((c) => c.summary)),
  });
  return {
    title: checkCustomerCopy(piece.title, { ...check, maxLength: TITLE_MAX }, CHECK_KIND[kind]).text,
    body: checkCustomerCopy(piece.body, { ...check, maxLength: BODY_MAX }, CHECK_KIND[kind]).text,
  };
}

/** The model's refresh proposals that an experiment tried without winning, or for a field under test. */
function staleProposals(r: z.infer<typeof RefreshSchema>, ctx: PieceContext, facts: KitFacts): string[] {
  const out: string[] = [];
  for (const [field, experimentField] of [["headline", "headline"], ["subheadline", "subheadline"], ["button", "cta"]] as const) {
    const tried = triedOn(ctx, facts, experimentField);
    if (tried.running || tried.losing.has(sameText(r[field].proposed))) out.push(field);
  }
  return out;
}
