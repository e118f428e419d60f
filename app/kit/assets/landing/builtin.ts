import type { GenerationInput } from "~/kit/input";
import { answersSeed, readerPositioning, seededRandom } from "~/kit/assets/brand/builtin";
import type { Brand } from "~/kit/brand/brand";
import { businessWords, goalCopy, lc, priceText, pricesPhrase, stop, understandingOf, withArticle } from "../launch-copy";
import {
  AFTER_SIGNUP,
  ASK,
  ASKERS,
  BENEFIT_HEADINGS,
  BENEFITS,
  CTA_BODY,
  FAQ_HEADINGS,
  FINAL_HEADLINE,
  HERO_HEADLINES,
  HERO_IS,
  HERO_PROMISE,
  HOW_HEADINGS,
  MODEL_FAQ,
  PRIVACY,
  PROOF_DETAIL,
  PROOF_HEADINGS,
  PROOF_TOPICS,
  QUOTES,
  SECTION_FAQ,
  STEPS,
  WHAT_IS,
  WHO_FOR,
  type Ctx,
  type Faq,
  type Item,
} from "./builtin-pools";
import { ctaKind, LANDING_LIMITS, type LandingCopy } from "./schema";

const GOAL_KEYS = Object.keys(STEPS);
const firstWord = (s: string) => s.split(/\s+/)[0]!.toLowerCase();

/**
 * The offline landing page copy: written from what LaunchKit understood of
 * the idea (its product word, customers, place and how it is paid for: a
 * local service talks about its area and visits, an open-source tool about
 * its code) and the brand, each section picked among variants by a PRNG
 * seeded by the answers (and the salt of a regeneration), so kits of
 * different businesses share little text. It states nothing as fact that the
 * founder did not say: no numbers, no prices, no customers; the social proof
 * is three placeholders saying what quote to collect.
 */

/** Cuts `text` to `max` characters at a word boundary, with an ellipsis only when words had to go. */
export function fit(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const at = cut.lastIndexOf(" ");
  return `${(at > max / 2 ? cut.slice(0, at) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const BUTTON: Record<string, string> = {
  "collect emails": "Keep me posted",
  waitlist: "Join the waitlist",
  "pre-orders": "Reserve mine",
  "book calls": "Book a call",
  downloads: "Get the download",
};

function shuffle<T>(xs: readonly T[], rand: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function builtinLandingCopy(input: GenerationInput, brand: Brand, salt = ""): LandingCopy {
  const rand = seededRandom(answersSeed(input, `landing${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const goal = GOAL_KEYS.includes(input.primary_goal) ? input.primary_goal : "collect emails";
  const b = businessWords(understandingOf(input, brand));
  const c: Ctx = { ...b, name: brand.name, where: b.place ? ` in ${b.place}` : "", action: goalCopy(goal).action };
  const L = LANDING_LIMITS;
  const kind = ctaKind(goal, understandingOf(input, brand).model);
  const facts = b.facts;
  // A reservation of a place (a camp, a class, a service) is never "shipped" or "unboxed".
  const words = goal === "pre-orders" && !facts.ships ? "reserve" : goal;
  const button = words === "reserve" ? "Reserve a place" : BUTTON[goal]!;
  const payment = BENEFITS[b.pool] ? b.pool : "one-off";
  const names = (s: string) => s.toLowerCase().includes(b.word.toLowerCase());
  const item = (i: Item) => ({ title: fit(i.title, L.title), body: fit(i.body, L.body) });

  const headlines = [brand.tagline, ...HERO_HEADLINES[payment](c)].filter((h) => h.length <= L.headline && names(h));
  const headline = headlines.length ? pick(headlines.slice(0, 3)) : fit(`${cap(b.what)} for ${b.customers}`, L.headline);
  const is = pick(HERO_IS)(c);
  const promise = pick(HERO_PROMISE[words]!)(c);
  // The founder's price belongs in the offer: said right after what it is.
  // As written ("$29/org"); the FAQ says what each price is for, so the two never repeat one sentence.
  // A free tool with a paid tier says both ("Free, or $29/org (cloud tier)"): the price alone would read as the only way in.
  const u = understandingOf(input, brand);
  const freeToo = u.payment === "freemium" || u.payment === "open-source" || u.payment === "free";
  const price = b.facts.prices.length ? stop(cap(`${freeToo ? "free, or " : ""}${b.facts.prices.map(priceText).join(" or ")}`)) : "";
  const subheadline =
    [...(price ? [`${is} ${price} ${promise}`, `${is} ${price}`] : []), `${is} ${promise}`, is, `${cap(withArticle(b.product))} for ${b.customers}.`].find((s) => s.length <= L.subheadline) ?? fit(is, L.subheadline);

  // With the founder's prices on the page, no sentence promises them "before launch".
  const priced = facts.prices.length > 0;
  const unpriced = (t: string) => !priced || !/\b(plans? (are|is) announced|price[sd]? .*(before|at) launch|what's free, and what costs)/i.test(t);
  const benefits = shuffle(BENEFITS[payment], rand)
    .map((f) => f(c))
    .filter((i) => unpriced(i.body))
    .slice(0, 3)
    .map(item);
  // Each step from any wording of the goal's steps: the wordings follow the same three phases.
  const wordings = STEPS[words]!.map((f) => f(c));
  const steps = [0, 1, 2].map((i) => item(pick(wordings)[i]!));

  const topics = shuffle(PROOF_TOPICS[payment], rand).slice(0, 3);
  const quotes = shuffle(QUOTES, rand);
  const askers = shuffle(ASKERS, rand);
  const details = shuffle(PROOF_DETAIL[payment], rand);
  const proof = topics.map((topic, i) => ({
    quote: fit(quotes[i]!(askers[i]!(c), topic(c)), L.quote),
    name: "Customer name",
    detail: fit(details[i % details.length]!, L.detail),
  }));

  const market = c.place ?? (input.geographic_market !== "Not specified" ? input.geographic_market.trim().replace(/[.\s]+$/, "") : null);
  const groups = input.target_audience.split(/[,;\n]+/).map((g) => g.trim().replace(/[.\s]+$/, "")).filter(Boolean);
  const audience = groups.length > 1 ? `${groups.slice(0, -1).join(", ")} and ${groups[groups.length - 1]}` : (groups[0] ?? b.customers);
  // Questions in a row should not all start alike ("Who…? Who…? Who…?"): prefer a wording whose first word is new.
  const asked = new Set<string>();
  const ask = (pool: Array<(c: Ctx) => Faq>) => {
    const options = shuffle(pool, rand).map((f) => f(c));
    const fresh = options.find((f) => !asked.has(firstWord(f.question))) ?? options[0]!;
    asked.add(firstWord(fresh.question));
    return fresh;
  };
  // Said to the reader: "that comes to you", not the positioning's "to them".
  const whatIs = ask(WHAT_IS.map((q) => () => ({ question: q(c), answer: readerPositioning(input, brand, salt) })));
  const ages = facts.ages ? ` Ages ${facts.ages}.` : "";
  const whoFor = ask(WHO_FOR.map((q) => () => ({ question: q(c), answer: `${brand.name} is made for ${lc(audience)}${c.place && audience.includes(c.place) ? "" : c.where}.${ages}` })));
  const modelFaqs = MODEL_FAQ[payment].filter((f) => unpriced(`${f(c).question} ${f(c).answer}`));
  const model = ask(modelFaqs.length ? modelFaqs : ASK);
  // The founder's own prices and facts, quoted as given: a customer looks for them in the questions too.
  const priceFaq: Faq | null = priced ? { question: "How much does it cost?", answer: stop(cap(pricesPhrase(facts.prices))) } : null;
  // Facts the hero and the price answer already say (the idea's own opening, a price) are not repeated here.
  const opening = input.business_idea.trim().toLowerCase();
  const factList = [...facts.facts.filter((f) => !facts.prices.some((p) => f.includes(p.text.trim())) && !opening.startsWith(f.trim().toLowerCase().replace(/^(an?|the)\s+/, "")) && !opening.replace(/^(an?|the)\s+/, "").startsWith(f.trim().toLowerCase().replace(/^(an?|the)\s+/, ""))), ...(facts.ecosystem?.language && !facts.facts.some((f) => f.toLowerCase().includes(facts.ecosystem!.language.toLowerCase())) ? [`written in ${facts.ecosystem.language}`] : [])];
  const factsFaq: Faq | null = factList.length ? { question: facts.model === "developer-tool" || facts.model === "software" ? "What does it do?" : "What do I get?", answer: stop(cap(factList.map((f, i) => (i ? lc(f) : f)).join("; "))) } : null;
  const sectionFaq = b.u.sections.map((s) => SECTION_FAQ[s]?.(c)).find((f): f is Faq => !!f);
  const extra = sectionFaq ?? ask([...modelFaqs.filter((f) => f(c).question !== model.question), ...ASK]);
  // Where it starts, unless the page's own service area says it (a local service).
  const where = market && payment !== "local-service" ? { question: "Where is it available?", answer: `We're starting in ${market}.` } : null;
  const after = ask(AFTER_SIGNUP[words]!);
  const privacy = ask(PRIVACY[kind === "call" ? "call" : "email"]);
  const optional = [extra, where, ask(ASK)].filter((f, i, all): f is Faq => !!f && all.findIndex((g) => g?.question === f.question) === i);
  // Six questions at most: what, who, the model's, then up to two of the extra one, where and how to ask, then the goal's and privacy.
  const own = [priceFaq, factsFaq].filter((f): f is Faq => !!f);
  const faq: Faq[] = own.length
    ? [whatIs, whoFor, ...own, ...(own.length < 2 ? [model] : []), after, privacy]
    : [whatIs, whoFor, model, ...optional.slice(0, 1), ...optional.slice(1, 2), after, privacy].slice(0, 7);
  if (faq.length > 6) faq.splice(3, 1);

  return {
    hero: { headline: fit(headline, L.headline), subheadline, button: fit(button, L.button) },
    benefits: { heading: fit(pick(BENEFIT_HEADINGS)(c), L.heading), items: benefits },
    how: { heading: fit(pick(HOW_HEADINGS[payment])(c), L.heading), steps },
    proof: { heading: fit(pick(PROOF_HEADINGS)(c), L.heading), items: proof },
    faq: { heading: fit(pick(FAQ_HEADINGS)(c), L.heading), items: faq.map((f) => ({ question: fit(f.question, L.question), answer: fit(f.answer, L.answer) })) },
    cta: {
      headline: fit(pick(FINAL_HEADLINE[words]!)(c), L.heading),
      body: fit(pick(CTA_BODY[words]!)(c), L.body),
      button: fit(button, L.button),
    },
  };
}
