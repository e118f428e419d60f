import type { GenerationInput } from "~/kit/input";
import { businessWords, goalCopy, understandingOf, withArticle, type BusinessWords } from "~/kit/assets/launch-copy";
import { fit } from "~/kit/assets/landing/builtin";
import { HERO_HEADLINES, HERO_PROMISE, type Ctx } from "~/kit/assets/landing/builtin-pools";
import type { Brand } from "~/kit/brand/brand";
import { FIELD_LIMITS, type ExperimentField, type Suggestions } from "./schema";

/**
 * The offline "Suggest variants": 2–3 alternatives to the hero's headline,
 * subheadline or button, each testing one idea (who it is for, the outcome,
 * a question, a lighter ask...), written from what LaunchKit understood of
 * the business and its brand, like the builtin landing copy
 * (app/kit/assets/landing/builtin.ts). Deterministic: the same kit, field
 * and current text give the same suggestions. Nothing is stated that the
 * founder did not say: no numbers, prices or guarantees.
 */

type Candidate = { text: string; reason: string };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function context(input: GenerationInput, brand: Brand): { c: Ctx; b: BusinessWords; goal: string } {
  const b = businessWords(understandingOf(input, brand));
  const goal = HERO_PROMISE[input.primary_goal] ? input.primary_goal : "collect emails";
  return { b, goal, c: { ...b, name: brand.name, where: b.place ? ` in ${b.place}` : "", action: goalCopy(goal).action } };
}

function headlines(brand: Brand, c: Ctx, b: BusinessWords): Candidate[] {
  const pool = HERO_HEADLINES[b.pool] ?? HERO_HEADLINES["one-off"];
  const [first, second] = pool(c);
  return [
    { text: `${cap(b.what)} for ${b.customers}`, reason: "Names who it is for: tests whether visitors who recognise themselves sign up more." },
    { text: `Looking for ${withArticle(b.what)}${c.where}?`, reason: "Asks about the need instead of stating the offer: tests a question against a statement." },
    { text: brand.tagline, reason: "Your tagline as the headline: tests the brand's own line against the current one." },
    ...(first ? [{ text: first, reason: "Leads with the outcome: tests a promise about the result against the current wording." }] : []),
    ...(c.place ? [{ text: `${cap(b.what)} in ${c.place}`, reason: "Leads with the place: tests whether being local draws more sign-ups." }] : []),
    ...(second ? [{ text: second, reason: "A shorter, plainer promise: tests whether fewer words hold attention better." }] : []),
  ];
}

function subheadlines(brand: Brand, c: Ctx, b: BusinessWords, goal: string, current: string): Candidate[] {
  const g = goalCopy(goal);
  // The form's promise first, one the current text does not already make (and none about paying: the founder set no terms).
  const promises = HERO_PROMISE[goal]!.map((f) => f(c)).filter((p) => !/\bpay/i.test(p));
  const promise = promises.find((p) => !current.includes(p)) ?? promises[0]!;
  return [
    { text: `${brand.name} is ${withArticle(b.product)} for ${b.customers}${c.where}. ${g.reason}.`, reason: "Says plainly what it is and for whom, then why to act now: tests clarity first." },
    { text: `${promise} ${cap(withArticle(b.product))} for ${b.customers}${c.where}.`, reason: "Starts with what happens after the sign-up: tests leading with the next step." },
    { text: `${cap(b.what)} for ${b.customers}. ${g.short}.`, reason: "Half the words: tests whether a shorter subheadline keeps more visitors reading." },
    { text: brand.positioning, reason: "Your positioning statement: tests a sharper contrast with what customers use today." },
  ];
}

const BUTTONS: Record<string, (c: Ctx, b: BusinessWords) => Candidate[]> = {
  "collect emails": (c) => [
    { text: "Tell me when it's ready", reason: "A lighter ask in the visitor's own words: tests lower commitment." },
    { text: `Get ${c.name} news first`, reason: "Names what they get: tests a benefit against an action." },
    { text: "Count me in", reason: "Short and first-person: tests energy over description." },
  ],
  waitlist: (c) => [
    { text: "Save my spot", reason: "First person ('my'): tests whether a button that speaks for the visitor gets more clicks." },
    { text: "Get early access", reason: "Names what they get: tests a benefit against an action." },
    { text: `Put me on the ${c.name} list`, reason: "Names the brand: tests specificity against a generic label." },
  ],
  "pre-orders": (_c, b) => [
    { text: "Hold one for me", reason: "A lighter ask in the visitor's own words: tests lower commitment." },
    { text: `Reserve my ${b.what}`, reason: "First person and the product's name: tests ownership language." },
    { text: "Pre-order now", reason: "Direct and plain: tests urgency against a softer label." },
  ],
  "book calls": (c) => [
    { text: "Pick a time to talk", reason: "Says what happens next: tests clarity about the step." },
    { text: "Book my call", reason: "First person ('my'): tests whether a button that speaks for the visitor gets more clicks." },
    { text: `Talk to ${c.name}`, reason: "Names the brand and a conversation: tests a warmer, less formal ask." },
  ],
  downloads: (c) => [
    { text: "Get my copy", reason: "First person ('my'): tests ownership language." },
    { text: "Download it now", reason: "Direct and plain: tests urgency against a softer label." },
    { text: `Try ${c.name} today`, reason: "Names the brand and the next step: tests trying against getting." },
  ],
};

const same = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The offline suggestions for one field, never repeating the current text or each other, each within the field's limit. */
export function builtinVariantSuggestions(input: GenerationInput, brand: Brand, field: ExperimentField, current: string): Suggestions {
  const { c, b, goal } = context(input, brand);
  const candidates =
    field === "headline" ? headlines(brand, c, b) : field === "subheadline" ? subheadlines(brand, c, b, goal, current) : (BUTTONS[goal] ?? BUTTONS["collect emails"]!)(c, b);
  const max = FIELD_LIMITS[field];
  const chosen: Candidate[] = [];
  for (const candidate of candidates) {
    // A text too long for the field is left out rather than cut: a cut headline tests nothing useful.
    const text = candidate.text.trim().replace(/\s+/g, " ");
    if (!text || text.length > max || same(text, current) || chosen.some((x) => same(x.text, text))) continue;
    chosen.push({ text, reason: candidate.reason });
    if (chosen.length === 3) break;
  }
  // Long business words can leave fewer than two: the first candidates, cut at a word, fill in.
  for (const candidate of candidates) {
    if (chosen.length >= 2) break;
    const text = fit(candidate.text, max);
    if (!same(text, current) && !chosen.some((x) => same(x.text, text))) chosen.push({ text, reason: candidate.reason });
  }
  return { variants: chosen };
}
