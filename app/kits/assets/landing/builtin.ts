import type { GenerationInput } from "~/generation/input";
import { answersSeed, seededRandom } from "~/kits/assets/brand/builtin";
import type { Brand } from "~/kits/brand/brand";
import { ctaKind, LANDING_LIMITS, type LandingCopy } from "./schema";

/**
 * The offline landing page copy: templates filled from the wizard answers and
 * the brand, varied by a PRNG seeded by the answers (and the salt of a
 * regeneration). It states nothing as fact that the founder did not say: no
 * numbers, no prices, no customers; the social proof is three placeholders
 * saying what quote to collect.
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

/** The idea as a phrase: "mobile dog grooming van for busy pet owners". */
function ideaPhrase(input: GenerationInput) {
  const first = input.business_idea.trim().replace(/\s+/g, " ").split(/(?<=[.!?])\s/)[0]!.replace(/[.!?\s]+$/, "");
  return first.charAt(0).toLowerCase() + first.slice(1);
}

function audience(input: GenerationInput) {
  return input.target_audience.split(",")[0]!.trim().replace(/[.\s]+$/, "") || "people like you";
}

const BUTTON: Record<string, string> = {
  "collect emails": "Keep me posted",
  waitlist: "Join the waitlist",
  "pre-orders": "Reserve mine",
  "book calls": "Book a call",
  downloads: "Get the download",
};

const FINAL_HEADLINE: Record<string, string[]> = {
  "collect emails": ["Be the first to hear from us", "Stay in the loop"],
  waitlist: ["Get on the list early", "Save your spot"],
  "pre-orders": ["Reserve yours today", "Be first in line"],
  "book calls": ["Let's talk about what you need", "Book a call with us"],
  downloads: ["Get your copy now", "Download it and start today"],
};

const STEPS: Record<string, (name: string) => { title: string; body: string }[]> = {
  "collect emails": (name) => [
    { title: "Leave your e-mail", body: "Sign up with the short form on this page. That's all it takes." },
    { title: "Hear from us", body: `We'll write when there's news about ${name}: no spam, and you can unsubscribe whenever you like.` },
    { title: "Get started", body: `Be among the first to try ${name} when it's ready for you.` },
  ],
  waitlist: (name) => [
    { title: "Join the waitlist", body: "Add your e-mail with the form on this page to save your place." },
    { title: "Get your invitation", body: `We'll e-mail you as soon as ${name} opens its doors to your place on the list.` },
    { title: "Start using it", body: "Follow the link in your invitation and you're in." },
  ],
  "pre-orders": (name) => [
    { title: "Reserve yours", body: "Leave your e-mail with the form on this page to reserve your order. Nothing to pay today." },
    { title: "Confirm the details", body: `We'll e-mail you the details of your order before anything is charged.` },
    { title: "Be first to receive it", body: `Reservations are served first when ${name} is ready.` },
  ],
  "book calls": () => [
    { title: "Pick a time", body: "Tell us your name, your e-mail and when suits you best." },
    { title: "We confirm by e-mail", body: "You'll get a confirmation with everything you need for the call." },
    { title: "Talk it through", body: "We listen to where you are and work out the next steps with you." },
  ],
  downloads: (name) => [
    { title: "Enter your e-mail", body: "Use the short form on this page." },
    { title: "Download it", body: "The download link appears straight away on the next page." },
    { title: "Put it to work", body: `Use it right away, and reply to our e-mail if you have questions about ${name}.` },
  ],
};

const HERO_PROMISE: Record<string, string> = {
  "collect emails": "Sign up to hear first when it's ready.",
  waitlist: "Join the waitlist to get early access.",
  "pre-orders": "Reserve yours now: all it takes is your e-mail.",
  "book calls": "Book a call and tell us what you need.",
  downloads: "Leave your e-mail and download it right away.",
};

const CTA_BODY: Record<string, (name: string) => string> = {
  "collect emails": (name) => `Leave your e-mail and we'll let you know when ${name} is ready for you.`,
  waitlist: () => "Join the waitlist and we'll e-mail you when it's your turn.",
  "pre-orders": () => "Reserve yours with your e-mail. We'll confirm the details before anything is charged.",
  "book calls": () => "Tell us when suits you and we'll set up a call.",
  downloads: () => "Enter your e-mail and the download link appears straight away.",
};

const AFTER_SIGNUP: Record<string, (name: string) => string> = {
  "collect emails": (name) => `You'll get an e-mail from ${name} when there's news worth sharing. Nothing more.`,
  waitlist: (name) => `You keep your place on the waitlist, and we'll e-mail you when it's your turn to join ${name}.`,
  "pre-orders": () => "Your reservation is noted. We'll e-mail you the details before anything is charged.",
  "book calls": () => "We'll e-mail you to confirm a time for the call, based on the time you suggested.",
  downloads: () => "The next page shows your download link straight away.",
};

const BENEFIT_POOLS: Array<(ctx: { name: string; who: string; what: string }) => { title: string; body: string }> = [
  ({ who }) => ({ title: `Made for ${who}`, body: `Designed around what ${who} actually need, not a one-size-fits-all template.` }),
  ({ name, what }) => ({ title: "Less effort, more done", body: `${name} takes the busywork out of ${what}, so you can focus on what matters to you.` }),
  () => ({ title: "Clear from day one", body: "No jargon and no surprises: you always know what happens next." }),
  ({ name }) => ({ title: "On your schedule", body: `${name} fits around your week instead of the other way round.` }),
  () => ({ title: "A real person behind it", body: "Questions get answered by the people who built it." }),
  ({ what }) => ({ title: "Simple to start", body: `Getting going with ${what} takes minutes, not a weekend.` }),
];

const PROOF_TOPICS = [
  "how much time it saved them",
  "the result they got",
  "what it was like to work with you",
];

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
  const goal = input.primary_goal;
  const name = brand.name;
  const who = fit(audience(input).toLowerCase(), 40);
  const idea = ideaPhrase(input);
  const what = fit(idea, 60);
  const L = LANDING_LIMITS;
  const kind = ctaKind(goal);
  const button = BUTTON[goal] ?? "Sign up";

  const headlines = [brand.tagline, `${cap(what)}, made simple`, `${name}: ${brand.tagline}`].filter((h) => h.length <= L.headline);
  const headline = headlines.length ? headlines[Math.floor(rand() * Math.min(2, headlines.length))]! : fit(brand.tagline, L.headline);
  const is = `${name} is ${/^(a|an|the)\s/i.test(idea) ? "" : /^[aeiou]/i.test(idea) ? "an " : "a "}${idea}.`;
  const promise = HERO_PROMISE[goal] ?? "Sign up below to hear more.";
  const subheadline = [`${is} ${promise}`, is, `${cap(idea)}.`].find((s) => s.length <= L.subheadline) ?? fit(`${cap(idea)}.`, L.subheadline);

  const benefits = shuffle(BENEFIT_POOLS, rand)
    .slice(0, 3)
    .map((b) => {
      const item = b({ name, who, what });
      return { title: fit(item.title, L.title), body: fit(item.body, L.body) };
    });

  const steps = (STEPS[goal] ?? STEPS["collect emails"]!)(name).map((s) => ({ title: fit(s.title, L.title), body: fit(s.body, L.body) }));

  const proof = PROOF_TOPICS.map((topic, i) => ({
    quote: fit(`Placeholder: ask ${i === 0 ? "one of your first customers" : i === 1 ? "another early user" : "someone you've helped"} about ${topic}, and put their own words here.`, L.quote),
    name: "Customer name",
    detail: i === 2 ? "Where they're from" : "Their role or company",
  }));

  const faq = [
    { question: `What is ${name}?`, answer: fit(brand.positioning, L.answer) },
    { question: "Who is it for?", answer: fit(`${name} is made for ${input.target_audience.trim().replace(/[.\s]+$/, "")}.`, L.answer) },
    { question: "What happens after I sign up?", answer: fit(AFTER_SIGNUP[goal]?.(name) ?? "We'll be in touch by e-mail.", L.answer) },
    ...(input.geographic_market && input.geographic_market !== "Not specified"
      ? [{ question: "Where is it available?", answer: fit(`We're starting in ${input.geographic_market.trim().replace(/[.\s]+$/, "")}.`, L.answer) }]
      : []),
    {
      question: kind === "call" ? "What do you do with my details?" : "Will you share my e-mail address?",
      answer: fit(`No. We only use your details to contact you about ${name}, and you can ask us to delete them at any time.`, L.answer),
    },
    { question: "How can I ask a question?", answer: "Reply to any e-mail we send you: a real person reads every reply." },
  ].map((f) => ({ question: fit(f.question, L.question), answer: fit(f.answer, L.answer) }));

  const finals = FINAL_HEADLINE[goal] ?? FINAL_HEADLINE["collect emails"]!;
  return {
    hero: { headline: fit(headline, L.headline), subheadline, button: fit(button, L.button) },
    benefits: { heading: fit(`Why ${name}`, L.heading), items: benefits },
    how: { heading: "How it works", steps },
    proof: { heading: fit(`What people say about ${name}`, L.heading), items: proof },
    faq: { heading: "Questions, answered", items: faq.slice(0, 6) },
    cta: {
      headline: fit(finals[Math.floor(rand() * finals.length)]!, L.heading),
      body: fit((CTA_BODY[goal] ?? CTA_BODY["collect emails"]!)(name), L.body),
      button: fit(button, L.button),
    },
  };
}
