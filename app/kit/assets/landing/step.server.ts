import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { chooseLayouts } from "~/kit/layouts";
import { businessLines } from "~/kit/understanding";
import { understandingOf } from "../launch-copy";
import { builtinLandingCopy, fit } from "./builtin";
import { categorySections, withoutEmailAsk } from "./category";
import { ctaKind, FAQ_MAX, FAQ_MIN, LANDING_LIMITS, LandingContentSchema, LandingCopySchema, SECTION_IDS, type LandingContent, type LandingCopy } from "./schema";

const L = LANDING_LIMITS;

const SYSTEM = [
  "You are a conversion copywriter writing the one-page website of an early-stage business.",
  "Write in the brand's voice, plainly, for the target audience. Never invent facts: no numbers, prices, awards, customer counts, press mentions or guarantees the founder did not give.",
  `Hero: a headline of at most ${L.headline} characters, a subheadline of at most ${L.subheadline}, a button label of at most ${L.button}.`,
  "Benefits: a heading and exactly 3 benefits (title and one or two sentences).",
  "How it works: a heading and exactly 3 steps, in order, ending with the visitor reaching the goal.",
  "Social proof: NOT testimonials. Exactly 3 placeholders telling the founder which real quote to collect: each quote starts with 'Placeholder:' and describes the quote to ask for; name is 'Customer name'; detail says what to put there (role, company or city).",
  `FAQ: a heading and ${FAQ_MIN} to ${FAQ_MAX} questions a visitor would really ask, answered only from what the founder said.`,
  "Final call to action: a headline, one sentence, and a button label that fits the primary goal.",
].join(" ");

const GOAL_FORM: Record<ReturnType<typeof ctaKind>, string> = {
  email: "The sign-up form asks for an e-mail address only.",
  call: "The sign-up form asks for a name, an e-mail address, a phone number and a preferred time for a call.",
  download: "The sign-up form asks for an e-mail address, then the next page gives the download link.",
  reserve: "The sign-up form asks for an e-mail address, a date and a number of places (a booking of a class, camp or event).",
};

/** A page without the form (a developer tool's): its call to action is the install command and the repository. */
const NO_FORM = "The page has no sign-up form: its calls to action are the install command and the source repository. Never ask for an e-mail address or mention signing up.";

function userMessage(input: GenerationInput, brand: Brand, salt: string, emailForm = true) {
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice", "competitors"]),
    ...businessLines(input, brand),
    `Primary goal: ${input.primary_goal}. ${emailForm ? GOAL_FORM[ctaKind(input.primary_goal, brand.understanding?.model)] : NO_FORM}`,
    `Brand: ${brandBrief(brand)}`,
    `Positioning: ${brand.positioning}`,
    `Voice: do ${brand.voice.dos.join(" ")} Don't: ${brand.voice.donts.join(" ")}`,
    salt ? `This is a new attempt (${salt}): write different copy than before.` : "",
  ].join("\n");
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, max: number, fallback: string) => (typeof v === "string" && v.trim() ? fit(v, max) : fallback);

/**
 * Last resort for copy that is valid JSON but breaks the limits twice: texts
 * too long are cut at a word, lists cut or filled from the builtin copy.
 */
export function repairLandingCopy(raw: unknown, fallback: LandingCopy): LandingCopy | null {
  const r = obj(raw);
  if (Object.keys(r).length === 0) return null;
  const hero = obj(r.hero);
  const benefits = obj(r.benefits);
  const how = obj(r.how);
  const proof = obj(r.proof);
  const faq = obj(r.faq);
  const cta = obj(r.cta);
  const pairs = <T,>(items: unknown[], want: number, base: T[], map: (item: Json, base: T) => T) =>
    Array.from({ length: want }, (_, i) => map(obj(items[i]), base[i % base.length]!));
  const faqItems = list(faq.items).slice(0, FAQ_MAX);
  return {
    hero: {
      headline: str(hero.headline, L.headline, fallback.hero.headline),
      subheadline: str(hero.subheadline, L.subheadline, fallback.hero.subheadline),
      button: str(hero.button, L.button, fallback.hero.button),
    },
    benefits: {
      heading: str(benefits.heading, L.heading, fallback.benefits.heading),
      items: pairs(list(benefits.items), 3, fallback.benefits.items, (it, b) => ({ title: str(it.title, L.title, b.title), body: str(it.body, L.body, b.body) })),
    },
    how: {
      heading: str(how.heading, L.heading, fallback.how.heading),
      steps: pairs(list(how.steps), 3, fallback.how.steps, (it, b) => ({ title: str(it.title, L.title, b.title), body: str(it.body, L.body, b.body) })),
    },
    proof: {
      heading: str(proof.heading, L.heading, fallback.proof.heading),
      items: pairs(list(proof.items), 3, fallback.proof.items, (it, b) => ({
        quote: str(it.quote, L.quote, b.quote),
        name: str(it.name, L.name, b.name),
        detail: str(it.detail, L.detail, b.detail),
      })),
    },
    faq: {
      heading: str(faq.heading, L.heading, fallback.faq.heading),
      items: pairs(faqItems, Math.max(FAQ_MIN, faqItems.length), fallback.faq.items, (it, b) => ({
        question: str(it.question, L.question, b.question),
        answer: str(it.answer, L.answer, b.answer),
      })),
    },
    cta: {
      headline: str(cta.headline, L.heading, fallback.cta.headline),
      body: str(cta.body, L.body, fallback.cta.body),
      button: str(cta.button, L.button, fallback.cta.button),
    },
  };
}

/**
 * The landing step: copy from the provider (the builtin one writes it from
 * templates), validated by the schema. A regeneration keeps the founder's
 * section order; the social proof goes back to placeholders.
 */
export async function generateLanding(
  input: GenerationInput,
  brand: Brand,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
  previous?: unknown,
): Promise<LandingContent> {
  const before = LandingContentSchema.safeParse(previous);
  // The layout and the category's sections come from the vibe and what the idea is; a
  // regeneration keeps the founder's edits of those sections (a repository address, prices...).
  const understanding = understandingOf(input, brand);
  const fresh = categorySections(understanding, input, brand.name);
  const kept = before.success && Object.keys(before.data.category).length > 0 ? before.data : null;
  const category = kept ? kept.category : fresh.category;
  const emailForm = kept ? kept.emailForm : fresh.emailForm;
  const builtin = () => builtinLandingCopy(input, brand, salt);
  const written = await provider.structured(
    {
      name: "landing_copy",
      schema: LandingCopySchema,
      system: SYSTEM,
      user: userMessage(input, brand, salt, emailForm),
      builtin,
      repair: (raw) => repairLandingCopy(raw, builtin()),
      maxTokens: 3000,
    },
    signal,
  );
  // Copy written around a sign-up (the builtin templates follow the goal) says nothing of one when there is no form.
  const copy = emailForm ? written : withoutEmailAsk(written, category, brand.name, FAQ_MIN);
  return {
    ...copy,
    sections: before.success ? before.data.sections : [...SECTION_IDS],
    proofIsReal: false,
    layout: chooseLayouts(input.brand_vibe, understanding).landing,
    category,
    emailForm,
  };
}
