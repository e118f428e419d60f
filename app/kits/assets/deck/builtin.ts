import type { GenerationInput } from "~/generation/input";
import { answersSeed, seededRandom } from "~/kits/assets/brand/builtin";
import type { Brand } from "~/kits/brand/brand";
import { LIMITS, type DeckModel } from "./schema";

/**
 * The offline pitch deck: the founder's own answers arranged as five slides,
 * with speaker notes that say where their real numbers and stories go. No
 * statistic is made up: where a pitch needs a figure, the slide says how to
 * get it ("[your price]") and the market is an estimate, labelled as one.
 */

const fit = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).replace(/[\s,;:.-]+\S*$/, "")}…`);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function idea(input: GenerationInput) {
  return input.business_idea.trim().replace(/\s+/g, " ").replace(/[.\s]+$/, "");
}

function audiences(input: GenerationInput) {
  const list = input.target_audience
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { first: list[0] ?? "Early customers", all: list.length ? list.join(", ") : "early customers" };
}

const market = (input: GenerationInput) => (input.geographic_market === "Not specified" ? "" : input.geographic_market.trim());
const rivals = (input: GenerationInput) => (input.competitors === "Not specified" ? "" : input.competitors.trim());

const GOAL_ASK: Record<string, { cta: string; next: string }> = {
  "collect emails": { cta: "Join the list for launch news and early pricing", next: "Grow the e-mail list and turn the first readers into customers" },
  "book calls": { cta: "Book a call: we'll walk you through it", next: "Run discovery calls and close the first paying customers" },
  "pre-orders": { cta: "Pre-order now to lock in the launch price", next: "Convert pre-orders into the first production run" },
  waitlist: { cta: "Join the waitlist for early access", next: "Open early access to the waitlist in small batches" },
  downloads: { cta: "Download it and try it today", next: "Turn the first downloads into weekly active users" },
};

export function builtinDeck(input: GenerationInput, brand: Brand, salt = ""): DeckModel {
  const rand = seededRandom(answersSeed(input, `deck${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const what = idea(input);
  const who = audiences(input);
  const where = market(input);
  const against = rivals(input);
  const goal = GOAL_ASK[input.primary_goal] ?? GOAL_ASK.waitlist!;
  const b = (s: string) => fit(s, LIMITS.bullet);
  const t = (s: string) => fit(s, LIMITS.title);
  const c = (s: string) => fit(s, LIMITS.callout);

  return {
    problem: {
      title: t(pick([`${who.first} are still underserved`, `Why ${lowerFirst(who.first)} need something better`, `The gap ${lowerFirst(who.first)} live with today`])),
      bullets: [
        b(`${who.first} want what "${lowerFirst(what)}" promises, but today's options don't fit how they live and work.`),
        b(against ? `The alternatives (${against}) leave gaps in price, time or quality.` : "Today they make do with workarounds: doing it themselves, or generic tools built for someone else."),
        b("Every week without a better option costs them time, money or peace of mind."),
      ],
      callout: c(pick(["Today's options don't fit", "A real need, badly served", "Make-do is the norm"])),
      notes: [
        `Open with one real person: a ${lowerFirst(who.first).replace(/s$/, "")} you have spoken to, what they tried and what it cost them.`,
        "Keep it to one minute. Replace every general claim on this slide with something you heard in a customer interview or can show with a number you measured.",
        "End on the question the next slide answers: what if this were easy?",
      ].join(" "),
    },
    solution: {
      title: t(brand.tagline),
      bullets: [
        b(`${brand.name}: ${lowerFirst(what)}.`),
        b(`Built for ${lowerFirst(who.all)}${where ? ` in ${where}` : ""}, around the way they already work.`),
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
      title: t(pick([`Who buys, and how many of them`, `Our first market`, `Starting with ${lowerFirst(who.first)}`])),
      bullets: [
        b(`Beachhead: ${lowerFirst(who.first)}${where ? ` in ${where}` : ""}, the customers who feel the problem most.`),
        b("Then: the neighbouring segments and places, once the first one is won."),
        b(against ? `Competition: ${against}. We win on fit for this customer.` : "Competition: workarounds and generic tools. We win on fit for this customer."),
      ],
      who: fit(`${who.first}${where ? ` in ${where}` : ""}`, LIMITS.who),
      howMany: fit("[customers you can reach] × [price] × [buys a year]", LIMITS.howMany),
      notes: [
        "These figures are an estimate to complete, not researched data. Count the customers you can actually reach (a directory, a community, a public statistic you can cite),",
        "multiply by your price and by how often they buy. Show the arithmetic: investors trust a small, sourced bottom-up number more than a big top-down one.",
      ].join(" "),
    },
    businessModel: {
      title: t(pick([`How ${brand.name} makes money`, "The business model", "Simple, repeatable revenue"])),
      bullets: [
        b("Pricing: [your price] per [customer, order or month]. Test it with the first ten customers."),
        b(`Channel: ${input.primary_goal === "book calls" ? "booked calls that turn into paying customers" : `a landing page that turns visitors into ${input.primary_goal === "downloads" ? "downloads" : "sign-ups"}, then customers`}.`),
        b("Margin: what one customer costs to win and to serve, against what they pay over time."),
      ],
      callout: c("[price] × [customers]"),
      notes: "Fill in the brackets with numbers you can defend: a price you have tested, the cost to serve one customer and how you reach them. If you have early revenue or pre-orders, say so here: traction beats projections.",
    },
    ask: {
      title: t(pick(["The ask and next steps", "What we need next", "Join us"])),
      bullets: [
        b(`Next 90 days: ${lowerFirst(goal.next)}.`),
        b(`Talk to 20 more ${lowerFirst(who.first)} and publish the landing page.`),
        b("The ask: [amount or introductions] to reach [milestone]."),
      ],
      callout: c(upperFirst(goal.cta.split(":")[0]!)),
      notes: "Be concrete: how much you are raising (or which introductions you want), what it buys, and the milestone it reaches. Then stop talking and ask for it. Leave your contact details on screen.",
    },
  };
}
