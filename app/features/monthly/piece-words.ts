import { significantWinner } from "~/features/analytics/index";
import { type BusinessWords, businessWords, copyPool, goalCopy, lc, variantIndex, withArticle } from "~/kit/assets/launch-copy";
import { CONTROL_KEY } from "~/features/analytics/index";
import type { Understanding } from "~/kit/understanding/types";
import type { KitFacts } from "./facts.server";
import { monthName } from "./piece-facts";
import type { PieceContext } from "./piece-types";
import { DANGLING, GENERIC, ING_NOUNS, LAUNCH_WORDS, SESSION_CATEGORIES } from "./piece-words.data";

export type Family = "goods" | "software" | "service";

export type Words = BusinessWords & {
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

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const stop = (s: string) => (/[.!?…]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
export const pick = <T,>(seed: string, items: readonly T[]): T => items[variantIndex(seed, items.length)]!;
export const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
export const trimEnd = (s: string) => s.replace(/[\s,;:.!?\-–—(]+$/u, "");

/** Does `raw` go on with more words right after `phrase` (the phrase was cut from it mid-way)? */
export function continues(phrase: string, raw: string): boolean {
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
export function clauseFrom(phrase: string, raw: string): string {
  const at = raw.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return phrase;
  const rest = raw.slice(at);
  return trimEnd(rest.split(/\s*[,;:(.!?\n]\s|\s+(?=(?:who|that|which|where|whose|in|across|around|near|throughout|within|based|living|because|so|but|while)\s)/i)[0]!);
}

export const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
export const noArticle = (s: string) => s.replace(/^(a|an|the|all|our|my|mostly|mainly)\s+/i, "");

/** The customers as a whole phrase and as a short one. */
export function customersOf(u: Understanding, audience: string): { customers: string; who: string } {
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
export function productOf(b: BusinessWords, u: Understanding, idea: string, family: Family): { word: string; what: string; product: string } {
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
export function featuresOf(u: Understanding, idea: string, w: { word: string; what: string; product: string; place: string | null; name: string; broken: string[]; people: string[] }): string[] {
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
export function problemsOf(idea: string): string[] {
  const out: string[] = [];
  for (const m of idea.matchAll(/\b(?:cuts?|cutting|reduces?|reducing|avoids?|avoiding|ends?|prevents?|preventing|fewer|no more|stops?|without)\s+((?:the\s+)?[a-z][\w-]*(?:\s[a-z][\w-]*)?)/gi)) {
    const p = endOnNoun(noArticle(m[1]!), true).toLowerCase();
    if (p && !/\d/.test(p) && !DANGLING.has(p.split(" ")[0]!)) out.push(p);
  }
  return [...new Set(out)].slice(0, 2);
}

/** Does a phrase take a plural verb ("loaves are", "the cargo bike is")? */
export const plural = (f: string) => /[^s']s$/i.test(f.trim().split(/\s+/).pop() ?? "") && !/(ss|us|is)$/i.test(f);
/** A feature inside a sentence: "the cargo bike", "slow-fermented loaves", "documentary style". */
export const theOf = (f: string) => (withArticle(f) !== f && !/(style|design|delivery|ing)$/i.test(f) ? `the ${f}` : f);
export const be = (f: string) => (plural(f) ? "are" : "is");

export function wordsOf(ctx: PieceContext, facts: KitFacts): Words {
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
export function usable(w: Words, line: string): boolean {
  const l = line.toLowerCase();
  if (w.broken.some((p) => { const at = l.indexOf(p.toLowerCase()); return at >= 0 && !l.startsWith(w.customers.toLowerCase(), at) && !l.startsWith(w.product.toLowerCase(), at); })) return false;
  if (!w.session && /\b(sessions?|slots?)\b/i.test(line)) return false;
  if (!w.prelaunch && LAUNCH_WORDS.test(line)) return false;
  return !/\d|link|\bbio\b|e-?mail|this page|the form|comments|dms?\b/i.test(line);
}

/** The competitor change of the month that matters to a customer: prices. */
export function priceChange(facts: KitFacts) {
  return facts.competitorChanges.find((c) => /pric|plan|cost|fee|rate|tariff/i.test(`${c.page} ${c.summary}`));
}
/**
 * The experiment's winning text (the message that worked), when one stopped
 * with a variant that won by the experiments' own rule and significantly
 * (app/features/analytics/experiments/significance): a higher rate alone, or one before every
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

export const sameText = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

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

export const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
