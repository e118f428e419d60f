import type { GenerationInput } from "~/generation/input";
import { answersSeed, seededRandom } from "~/kits/assets/brand/builtin";
import type { Brand } from "~/kits/brand/brand";
import { launchFacts, pain, withArticle, type CopyPool, type LaunchFacts } from "../launch-copy";
import { LIMITS, type DeckModel } from "./schema";

/**
 * The offline pitch deck: the founder's answers and what LaunchKit
 * understood of the idea arranged as five slides, with speaker notes that
 * say where their real numbers and stories go. The business model follows
 * how the business is paid for (a subscription, a visit, an open-source
 * project...). No statistic is made up: where a pitch needs a figure, the
 * slide gives a typical range labelled as an estimate to check, never a
 * blank in brackets.
 */

const fit = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).replace(/[\s,;:.-]+\S*$/, "")}…`);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const rivals = (input: GenerationInput) => (input.competitors === "Not specified" ? "" : input.competitors.trim());

const GOAL_ASK: Record<string, { cta: string; next: string }> = {
  "collect emails": { cta: "Join the list for launch news and early pricing", next: "Grow the e-mail list and turn the first readers into customers" },
  "book calls": { cta: "Book a call: we'll walk you through it", next: "Run discovery calls and close the first paying customers" },
  "pre-orders": { cta: "Pre-order now to lock in the launch price", next: "Convert pre-orders into the first production run" },
  waitlist: { cta: "Join the waitlist for early access", next: "Open early access to the waitlist in small batches" },
  downloads: { cta: "Download it and try it today", next: "Turn the first downloads into weekly active users" },
};

type Model = {
  /** How it makes money, in one bullet. */
  pricing: (f: LaunchFacts) => string;
  /** The price as a labelled range, for the callout. */
  callout: string;
  /** The market size as arithmetic with labelled ranges. */
  size: (who: string) => string;
  /** What drives the margin. */
  margin: (f: LaunchFacts) => string;
};

/** Typical ranges per payment model: estimates to test, labelled as such, never presented as research. */
const MODELS: Record<CopyPool, Model> = {
  consumable: {
    pricing: (f) => `Sales of ${f.word} per order, estimated at $5–40 an order (a range to test with the first regulars).`,
    callout: "$5–40 an order (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × $5–40 an order × 10–40 orders a year`,
    margin: () => "Margin: ingredients, labour and waste per order, against its price; unsold stock decides it.",
  },
  software: {
    pricing: (f) => `A monthly plan for ${f.word}, estimated at $10–50 per user a month (test it with the first ten teams).`,
    callout: "$10–50 per user a month (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × $10–50 per user a month × 12 months`,
    margin: () => "Margin: hosting and support per customer, against what they pay over a year; churn decides it.",
  },
  subscription: {
    pricing: (f) => `A ${f.word} subscription, estimated at $15–40 a month per subscriber (a range to test with the first ten).`,
    callout: "$15–40 a month (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × $15–40 a month × 12 months`,
    margin: () => "Margin: the cost of each delivery and of keeping a subscriber, against what they pay over a year.",
  },
  "one-off": {
    pricing: (f) => `One-off sales of ${f.product}, estimated at $25–150 an order (a range to test with the first buyers).`,
    callout: "$25–150 an order (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × $25–150 an order × 1–2 orders a year`,
    margin: () => "Margin: what each order costs to make, ship and win, against its price.",
  },
  free: {
    pricing: (f) => `Free for ${f.who}; revenue comes later from sponsors, partners or paid extras, estimated at $0–5 per user a year at first.`,
    callout: "Free now, paid extras later (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach, then the 1–5% who might pay for extras`,
    margin: () => "Costs: hosting and support per user, which must stay below what sponsors or extras bring in.",
  },
  "open-source": {
    pricing: () => "Open source and free; revenue from a hosted version, support or a team plan, estimated at $10–30 per user a month.",
    callout: "Free core, $10–30 per user for teams (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach, then teams paying $10–30 per user a month for hosting or support`,
    margin: () => "Costs: maintainers' time and hosting, against what teams pay for the hosted version or support.",
  },
  "local-service": {
    pricing: (f) => `Paid per visit${f.place ? ` in ${f.place}` : ""}, estimated at $40–120 a visit (check local prices before you set yours).`,
    callout: "$40–120 a visit (estimate)",
    size: (who) => `Estimate to check: ${who} in your area × $40–120 a visit × 4–12 visits a year`,
    margin: () => "Margin: travel time, supplies and labour per visit, against its price; route planning decides it.",
  },
  booking: {
    pricing: (f) => `Paid per booked ${f.word} session, estimated at $30–100 a session, with packs for regulars.`,
    callout: "$30–100 a session (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × $30–100 a session × 4–10 sessions a year`,
    margin: () => "Margin: the cost of each session (time, space, materials), against its price and how full the calendar is.",
  },
  marketplace: {
    pricing: (f) => `A commission on each ${f.word} sale, estimated at 5–15% (test what sellers accept).`,
    callout: "5–15% per sale (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × yearly spend on this × a 5–15% commission`,
    margin: () => "Margin: the commission, against what it costs to bring in both buyers and sellers.",
  },
  freemium: {
    pricing: () => "A free plan to start, and a paid plan estimated at $8–25 a month for those who need more.",
    callout: "Free, then $8–25 a month (estimate)",
    size: (who) => `Estimate to check: ${who} you can reach × the share who upgrade × $8–25 a month × 12`,
    margin: () => "Margin: the cost of serving free users, against what the paid plans bring in.",
  },
};

/** Problem slide headlines per payment model, so decks of different businesses open differently. */
const PROBLEM_TITLES: Record<CopyPool, (f: LaunchFacts) => string[]> = {
  consumable: (f) => [`Good ${f.word} is hard to find nearby`, `Why ${f.who} settle for supermarket ${f.word}`],
  software: (f) => [`${upperFirst(f.word)} still lives in spreadsheets`, `Why ${f.who} lose hours to ${f.word}`],
  subscription: (f) => [`${upperFirst(f.word)} shouldn't be a chore`, `Why ${f.who} keep running out of ${f.word}`],
  "one-off": (f) => [`Good ${f.word} is hard to find`, `Why ${f.who} settle for ${f.word} that doesn't last`],
  free: (f) => [`${upperFirst(f.word)} costs too much to try`, `Why ${f.who} go without ${f.word}`],
  "open-source": (f) => [`${upperFirst(f.word)} tools are closed and costly`, `Why ${f.who} still do ${f.word} by hand`],
  "local-service": (f) => [`${upperFirst(f.word)} takes half a day`, `Why ${f.who} put ${f.word} off`],
  booking: (f) => [`Booking ${f.word} is harder than it should be`, `Why ${f.who} can't find a ${f.word} slot`],
  marketplace: (f) => [`${upperFirst(f.word)} is scattered everywhere`, `Why buying ${f.word} is a search, not a choice`],
  freemium: (f) => [`${upperFirst(f.word)} tools ask for money first`, `Why ${f.who} can't try before they buy`],
};

export function builtinDeck(input: GenerationInput, brand: Brand, salt = ""): DeckModel {
  const rand = seededRandom(answersSeed(input, `deck${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const f = launchFacts(input, brand);
  const where = f.place ? ` in ${f.place}` : f.market ? ` in ${f.market}` : "";
  const against = rivals(input);
  const goal = GOAL_ASK[input.primary_goal] ?? GOAL_ASK.waitlist!;
  const model = MODELS[f.pool] ?? MODELS["one-off"];
  const b = (s: string) => fit(s, LIMITS.bullet);
  const t = (s: string) => fit(s, LIMITS.title);
  const c = (s: string) => fit(s, LIMITS.callout);
  const who = f.who;

  return {
    problem: {
      title: t(pick((PROBLEM_TITLES[f.pool] ?? PROBLEM_TITLES["one-off"])(f))),
      bullets: [
        b(`${upperFirst(who)} tell the same story: ${pain(f)}.`),
        b(against ? `The alternatives (${against}) leave gaps in price, time or quality.` : `Today they make do with workarounds: doing ${f.word} themselves, or options built for someone else.`),
        b(`Every month without a better way to get ${f.word} costs them time, money or peace of mind.`),
      ],
      callout: c(pick([`${upperFirst(f.word)}, badly served`, "Make-do is the norm", `A real ${f.word} problem`])),
      notes: [
        `Open with one real person: someone among ${who} you have spoken to, what they tried and what it cost them.`,
        "Keep it to one minute. Replace every general claim on this slide with something you heard in a customer interview or can show with a number you measured.",
        "End on the question the next slide answers: what if this were easy?",
      ].join(" "),
    },
    solution: {
      title: t(brand.tagline),
      bullets: [
        b(`${brand.name}: ${withArticle(f.product)} for ${who}${where}.`),
        b(`Built around the way ${lowerFirst(f.audience)} already work and live.`),
        b(`${goal.cta}.`),
      ],
      callout: c(brand.name),
      notes: [
        `Say what ${brand.name} is in one sentence, then show it: a screenshot, a photo or a 30-second demo beats any bullet.`,
        "Walk through the moment the customer's problem goes away. Name the one thing you do that the alternatives can't.",
        `Close with the positioning: ${brand.positioning}`,
      ].join(" "),
    },
    market: {
      title: t(pick([`Who buys ${f.word}, and how many of them`, "Our first market", `Starting with ${who}`])),
      bullets: [
        b(`Beachhead: ${who}${where}, the customers who feel the problem most.`),
        b(`Then: neighbouring groups and places, once ${who} are won.`),
        b(against ? `Competition: ${against}. We win on fit for this customer.` : `Competition: workarounds and generic ${f.word} options. We win on fit for this customer.`),
      ],
      who: fit(`${upperFirst(who)}${where}`, LIMITS.who),
      howMany: fit(model.size(who), LIMITS.howMany),
      notes: [
        "These figures are an estimate to complete, not researched data: the ranges are typical, not yours. Count the customers you can actually reach (a directory, a community, a public statistic you can cite),",
        "multiply by your price and by how often they buy. Show the arithmetic: investors trust a small, sourced bottom-up number more than a big top-down one.",
      ].join(" "),
    },
    businessModel: {
      title: t(pick([`How ${brand.name} makes money`, "The business model", `The economics of ${f.word}`])),
      bullets: [
        b(model.pricing(f)),
        b(`Channel: ${input.primary_goal === "book calls" ? "booked calls that turn into paying customers" : `a landing page that turns visitors into ${input.primary_goal === "downloads" ? "downloads" : "sign-ups"}, then customers`}.`),
        b(model.margin(f)),
      ],
      callout: c(model.callout),
      notes: "The ranges on this slide are estimates, labelled as such: replace them with numbers you can defend (a price you have tested, the cost to serve one customer, how you reach them). If you have early revenue or pre-orders, say so here: traction beats projections.",
    },
    ask: {
      title: t(pick(["The ask and next steps", "What we need next", "Join us"])),
      bullets: [
        b(`Next 90 days: ${lowerFirst(goal.next)}.`),
        b(`Talk to 20 more ${who} and publish the landing page.`),
        b(`The ask: the funding or introductions that get ${brand.name} to its first paying ${who}; say the amount and the milestone.`),
      ],
      callout: c(upperFirst(goal.cta.split(":")[0]!)),
      notes: "Be concrete: how much you are raising (or which introductions you want), what it buys, and the milestone it reaches. Then stop talking and ask for it. Leave your contact details on screen.",
    },
  };
}
