import type { GenerationInput } from "~/kit/input";
import { answersSeed, seededRandom } from "~/kit/assets/brand/builtin";
import type { Brand } from "~/kit/brand/brand";
import { launchFacts, lc, pain, painQuestion, pricesPhrase, stop, withArticle, type CopyPool, type LaunchFacts } from "../launch-copy";
import { countWith, trimToLimit } from "../social/count";
import { AD_LIMITS, type AdField, type AdsContent, type AdVariant } from "./schema";

/**
 * The offline ads: three variants (the pain, the outcome, being early), each
 * as a Google responsive search ad and a Meta feed ad, from the founder's
 * answers, the brand and what LaunchKit understood of the idea (the product
 * word in every variant, the problem its payment model solves, never a
 * fragment of the idea's words). Candidates are tried in order and the first ones that
 * fit Google's 30 characters are kept, so every headline is a whole phrase.
 * No prices, discounts, ratings or customer numbers are invented.
 */

const SMALL = new Set(["a", "an", "and", "as", "at", "for", "in", "of", "on", "or", "the", "to", "with"]);
function titleCase(s: string) {
  return s
    .split(" ")
    .map((w, i) => (i > 0 && SMALL.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

const fits = (field: AdField, s: string) => s.trim().length > 0 && countWith(AD_LIMITS[field].counter, s) <= AD_LIMITS[field].limit;

function fitOrTrim(field: AdField, s: string) {
  const { limit, counter } = AD_LIMITS[field];
  return trimToLimit(s, limit, (t) => countWith(counter, t)).text;
}

/** The first five distinct candidates that fit a Google headline (no "!"), then safe fillers. */
function headlines(candidates: string[]): string[] {
  const out: string[] = [];
  const fillers = ["Made for You", "See How It Works", "Launching Now", "Start Today", "Built With Care", "Simple and Honest"];
  for (const c of [...candidates, ...fillers]) {
    const h = titleCase(c.replace(/!/g, "").replace(/\s+/g, " ").trim());
    if (fits("googleHeadline", h) && !out.some((o) => o.toLowerCase() === h.toLowerCase())) out.push(h);
    if (out.length === 5) break;
  }
  return out;
}

function firstFitting(field: AdField, ...candidates: string[]) {
  return candidates.find((c) => fits(field, c)) ?? fitOrTrim(field, candidates[candidates.length - 1]!);
}

/** "Dog grooming, made easy for busy professionals" → ["Dog grooming", "made easy for busy professionals"]. */
function taglineParts(tagline: string) {
  return tagline.split(/[,.:;!?—–]\s*|\s+-\s+/).map((p) => p.trim()).filter((p) => p.split(" ").length >= 2);
}

/** Headlines that name the product by how it is paid for; `W` is the product word and `What` the product, title-cased. */
const MODEL_HEADLINES: Record<CopyPool, (t: { W: string; What: string; place: string | null }) => string[]> = {
  consumable: ({ W, What }) => [`${What}, Made Fresh`, `Good ${W} Near You`, `${W} Worth the Trip`],
  software: ({ W, What }) => [`${What} Without Spreadsheets`, `${W}, Simplified`, `Less Busywork for ${W}`],
  subscription: ({ W, What }) => [`${What} on Repeat`, `Never Run Out of ${W}`, `${W}, Delivered Regularly`],
  "one-off": ({ W, What }) => [`${W} Made to Last`, `Better ${W}, Bought Once`, `${What} Worth Keeping`],
  free: ({ W, What }) => [`Free ${What}`, `${W} at No Cost`, `${W} for Everyone`],
  "open-source": ({ W, What }) => [`Open-Source ${W}`, `${What}, in the Open`, `${W} You Can Run Yourself`],
  "local-service": ({ W, What, place }) => [...(place ? [`${W} in ${place}`] : []), `${What} at Your Door`, `${W} That Comes to You`],
  booking: ({ W, What }) => [`Book ${W} Your Way`, `${What} When It Suits You`, `Pick Your ${W} Time`],
  marketplace: ({ W }) => [`Find Good ${W} Fast`, `${W} Offers in One Place`, `Buy and Sell ${W}`],
  freemium: ({ W, What }) => [`Try ${W} Free`, `${What}: Start Free`, `Free to Start ${W}`],
  membership: ({ W, What }) => [`${What}, as Often as You Like`, `Join for ${W}`, `${W} All Month Long`],
  service: ({ W, What, place }) => [`${What} Done for You`, ...(place ? [`${W} in ${place}`] : []), `${W} Off Your Desk`],
};

type Angle = (f: LaunchFacts, t: { W: string; What: string; place: string | null }) => Omit<AdVariant, "trimmed">;

const ANGLES: Angle[] = [
  (f, t) => {
    const question = painQuestion(f);
    const lines = (MODEL_HEADLINES[f.pool] ?? MODEL_HEADLINES["one-off"])(t);
    return {
      angle: "Pain",
      hypothesis: `Tests whether naming the problem ${f.who} have today (${pain(f)}) gets more clicks than naming the result.`,
      google: {
        headlines: headlines([titleCase(question), ...priceOf(f), ...lines, f.name, `Made for ${f.who}`, f.goal.cta]),
        descriptions: [
          firstFitting("googleDescription", `${question} ${f.name}: ${lc(line(f))}.`, `${f.name}: ${lc(line(f))}.`, `${cap(f.what)}.`),
          firstFitting("googleDescription", ...priceOf(f).map((p) => `${cap(withArticle(f.what))} for ${f.who}: ${lc(p)}. ${f.goal.cta}.`), `${stop(f.idea)} ${f.goal.cta}.`, `${cap(withArticle(f.what))} for ${f.who}. ${f.goal.cta}.`, `${f.goal.cta}.`),
        ],
      },
      meta: {
        primaryText: firstFitting("metaPrimaryText", `${question} ${f.name} is here: ${lc(line(f))}. ${f.goal.reason}.`, `${question} Meet ${f.name}: ${lc(line(f))}.`, `${question} Meet ${f.name}.`),
        headline: firstFitting("metaHeadline", lines[0]!, line(f), f.name),
        description: firstFitting("metaDescription", ...priceOf(f), f.goal.short),
        cta: f.goal.metaCta,
      },
    };
  },
  (f, t) => ({
    angle: "Outcome",
    hypothesis: `Tests whether leading with what ${f.name} promises beats leading with the problem.`,
    google: {
      headlines: headlines([line(f), ...taglineParts(line(f)), `${t.What} for ${f.who}`, `${t.W}, the Easy Way`, f.name, f.goal.cta, f.goal.short]),
      descriptions: [
        firstFitting("googleDescription", `${line(f)}. ${stop(f.idea)}`, `${line(f)}.${f.madeFor}`, `${line(f)}.`),
        firstFitting("googleDescription", `${f.goal.reason}. ${f.goal.cta} with ${f.name}.`, `${f.goal.reason}.`),
      ],
    },
    meta: {
      primaryText: firstFitting("metaPrimaryText", `${line(f)}. That's the whole idea behind ${f.name}.${f.madeFor}`, `${line(f)}. That's ${f.name}.`, `${cap(f.what)}. That's ${f.name}.`),
      headline: firstFitting("metaHeadline", line(f), `${cap(f.what)}, the easy way`, `${cap(f.word)}, the easy way`),
      description: firstFitting("metaDescription", ...priceOf(f), `Made for ${f.who}`, f.goal.short),
      cta: f.goal.metaCta,
    },
  }),
  (f, t) => ({
    angle: "Being early",
    hypothesis: "Tests whether the launch itself (being among the first) moves people more than the product's promise.",
    google: {
      headlines: headlines([`New: ${f.name}`, `New ${t.What}`, `${t.W} by ${f.name}`, `${f.name} Is Launching`, f.goal.short, f.goal.cta, `Be One of the First`]),
      descriptions: [
        firstFitting("googleDescription", `${f.name} has just launched: ${withArticle(f.what)} for ${f.who}. ${f.goal.reason}.`, `${f.name} has just launched: ${withArticle(f.what)} for ${f.who}.`, `New: ${withArticle(f.what)}.`),
        firstFitting("googleDescription", `Made for ${f.who}. ${f.goal.cta} and see for yourself.`, `${f.goal.cta} and see for yourself.`),
      ],
    },
    meta: {
      primaryText: firstFitting("metaPrimaryText", `We just launched ${f.name}, ${withArticle(f.what)} for ${f.who}. ${f.goal.reason}.`, `We just launched ${f.name}, ${withArticle(f.what)}.`, `New: ${withArticle(f.what)}.`),
      headline: firstFitting("metaHeadline", `${f.name} is live`, f.name),
      description: firstFitting("metaDescription", ...priceOf(f), `New ${f.what}`, `New ${f.word}`, f.goal.short),
      cta: f.goal.metaCta,
    },
  }),
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The founder's prices as an ad says them ("€295 a week"), or nothing: an ad never shows a price the founder did not give. */
const priceOf = (f: LaunchFacts): string[] => (f.facts.prices.length ? [cap(pricesPhrase(f.facts.prices))] : []);

/** The tagline, led by what is sold when it does not name it already. */
function line(f: LaunchFacts) {
  return f.tagline.toLowerCase().includes(f.word.toLowerCase()) ? f.tagline : `${cap(f.what)}: ${lc(f.tagline)}`;
}

export function builtinAds(input: GenerationInput, brand: Brand, salt = ""): AdsContent {
  const rand = seededRandom(answersSeed(input, `ads${salt}`));
  const f = launchFacts(input, brand);
  const t = { W: titleCase(f.word), What: titleCase(f.what), place: f.place };
  // A regeneration varies the order of the variants' Google headlines.
  const variants = ANGLES.map((a) => a(f, t));
  if (salt) for (const v of variants) v.google.headlines.sort(() => rand() - 0.5);
  return { variants };
}
