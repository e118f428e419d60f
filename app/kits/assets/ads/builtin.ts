import type { GenerationInput } from "~/generation/input";
import { answersSeed, seededRandom } from "~/kits/assets/brand/builtin";
import type { Brand } from "~/kits/brand/brand";
import { launchFacts, lc, type LaunchFacts } from "../launch-copy";
import { countWith, trimToLimit } from "../social/count";
import { AD_LIMITS, type AdField, type AdsContent, type AdVariant } from "./schema";

/**
 * The offline ads: three variants (the pain, the outcome, being early), each
 * as a Google responsive search ad and a Meta feed ad, from the founder's
 * answers and brand. Candidates are tried in order and the first ones that
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

type Angle = (f: LaunchFacts, topic: string) => Omit<AdVariant, "trimmed">;

const ANGLES: Angle[] = [
  (f, topic) => ({
    angle: "Pain",
    hypothesis: `Tests whether naming the problem ${f.who} live with today gets more clicks than naming the result.`,
    google: {
      headlines: headlines([`Tired of ${topic} Hassle?`, `${topic} Without the Hassle`, f.name, `Made for ${f.who}`, f.goal.cta]),
      descriptions: [
        firstFitting("googleDescription", `Still doing it the hard way? ${f.name}: ${lc(f.tagline)}.`, `${f.name}: ${lc(f.tagline)}.`),
        firstFitting("googleDescription", `${f.idea}. ${f.goal.cta}.`, `Made for ${f.who}. ${f.goal.cta}.`, `${f.goal.cta}.`),
      ],
    },
    meta: {
      primaryText: firstFitting("metaPrimaryText", `Still doing it the hard way? ${f.name} is here: ${lc(f.tagline)}. ${f.goal.reason}.`, `Still doing it the hard way? Meet ${f.name}: ${lc(f.tagline)}.`),
      headline: firstFitting("metaHeadline", `${topic}, minus the hassle`, f.tagline, f.name),
      description: firstFitting("metaDescription", f.goal.short),
      cta: f.goal.metaCta,
    },
  }),
  (f, topic) => ({
    angle: "Outcome",
    hypothesis: "Tests whether leading with the result your brand promises beats leading with the problem.",
    google: {
      headlines: headlines([f.tagline, ...taglineParts(f.tagline), `${topic} for ${f.who}`, `${topic}, the Easy Way`, f.name, f.goal.cta, f.goal.short]),
      descriptions: [
        firstFitting("googleDescription", `${f.tagline}. ${f.idea}.`, `${f.tagline}.${f.madeFor}`, `${f.tagline}.`),
        firstFitting("googleDescription", `${f.goal.reason}. ${f.goal.cta} with ${f.name}.`, `${f.goal.reason}.`),
      ],
    },
    meta: {
      primaryText: firstFitting("metaPrimaryText", `${f.tagline}. That's the whole idea behind ${f.name}.${f.madeFor}`, `${f.tagline}. That's ${f.name}.`),
      headline: firstFitting("metaHeadline", f.tagline, `${topic}, the easy way`, f.name),
      description: firstFitting("metaDescription", `Made for ${f.who}`, f.goal.short),
      cta: f.goal.metaCta,
    },
  }),
  (f) => ({
    angle: "Being early",
    hypothesis: "Tests whether the launch itself (being among the first) moves people more than the product's promise.",
    google: {
      headlines: headlines([`New: ${f.name}`, `${f.name} Is Launching`, f.goal.short, f.goal.cta, `Be One of the First`]),
      descriptions: [
        firstFitting("googleDescription", `${f.name} has just launched: ${lc(f.tagline)}. ${f.goal.reason}.`, `${f.name} has just launched: ${lc(f.tagline)}.`),
        firstFitting("googleDescription", `Made for ${f.who}. ${f.goal.cta} and see for yourself.`, `${f.goal.cta} and see for yourself.`),
      ],
    },
    meta: {
      primaryText: firstFitting("metaPrimaryText", `We just launched ${f.name}: ${lc(f.tagline)}. ${f.goal.reason}.`, `We just launched ${f.name}: ${lc(f.tagline)}.`),
      headline: firstFitting("metaHeadline", `${f.name} is live`, f.name),
      description: firstFitting("metaDescription", f.goal.short),
      cta: f.goal.metaCta,
    },
  }),
];

export function builtinAds(input: GenerationInput, brand: Brand, salt = ""): AdsContent {
  const rand = seededRandom(answersSeed(input, `ads${salt}`));
  const f = launchFacts(input, brand);
  // The end of the idea's noun phrase: "mobile dog grooming" → "Dog Grooming".
  const topic = titleCase((f.topics.length ? f.topics.slice(-2) : ["it"]).join(" "));
  // A regeneration varies the order of the variants' Google headlines.
  const variants = ANGLES.map((a) => a(f, topic));
  if (salt) for (const v of variants) v.google.headlines.sort(() => rand() - 0.5);
  return { variants };
}
