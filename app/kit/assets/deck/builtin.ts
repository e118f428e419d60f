import type { GenerationInput } from "~/kit/input";
import { answersSeed, seededRandom } from "~/kit/assets/brand/builtin";
import type { Brand } from "~/kit/brand/brand";
import { goalCopy, inCurrency, launchFacts, pricesPhrase, priceText, withArticle, type CopyPool, type LaunchFacts } from "../launch-copy";
import type { Price } from "~/kit/understanding/types";
import {
  ASK_LINES,
  ASK_NOTES,
  ASK_TITLES,
  COST_LINES,
  EDGE_LINES,
  GOAL_CALLOUTS,
  GOAL_LINES,
  HOW_LINES,
  MARKET_NOTE_CLOSES,
  MARKET_NOTES,
  MARKET_TITLES,
  MODEL_NOTE_OPENINGS,
  MODEL_NOTES,
  MODEL_TITLES,
  NEXT_STEPS,
  PAIN_LINES,
  PROBLEM_CALLOUTS,
  PROBLEM_NOTE_CLOSES,
  PROBLEM_NOTES,
  PROBLEM_TITLES,
  SOLUTION_NOTE_CLOSES,
  SOLUTION_NOTES,
  TALK_LINES,
  WORKAROUND_LINES,
  type DeckCtx,
} from "./builtin-pools";
import { LIMITS, type DeckModel } from "./schema";

type Line = (c: DeckCtx) => string;

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

type Model = {
  /** How it makes money, in one bullet (the first wording; `pricingAlt` another). */
  pricing: (f: LaunchFacts) => string;
  pricingAlt: (f: LaunchFacts) => string;
  /** The price as a labelled range, for the callout. */
  callout: string;
  /** The market size as arithmetic with labelled ranges. */
  size: (who: string, f: LaunchFacts) => string;
  /** What drives the margin (and another wording). */
  margin: (f: LaunchFacts) => string;
  marginAlt: (f: LaunchFacts) => string;
};

/** Typical ranges per payment model: estimates to test, labelled as such, never presented as research. */
const MODELS: Record<CopyPool, Model> = {
  consumable: {
    pricing: (f) => `Sales of ${f.word} per order, estimated at $5–40 an order: test it with the first regulars.`,
    pricingAlt: (f) => `${upperFirst(f.word)} sold by the order; a typical basket is $5–40 (estimate to check at the counter).`,
    callout: "$5–40 an order (estimate)",
    size: (who, f) => `Estimate to check: ${who} nearby × $5–40 per ${f.word} order × 10–40 orders a year`,
    margin: (f) => `Margin: ingredients, labour and unsold ${f.word} per batch, against the price.`,
    marginAlt: (f) => `What decides it: what each batch of ${f.word} costs, and how much is left at closing.`,
  },
  software: {
    pricing: (f) => `A monthly ${f.word} plan, estimated at $10–50 per user: test it with the first ten teams.`,
    pricingAlt: (f) => `${upperFirst(f.word)} on a subscription per seat, $10–50 a month as a starting range (estimate).`,
    callout: "$10–50 per user a month (estimate)",
    size: (who, f) => `Estimate to check: ${who} running ${f.word} × $10–50 per user a month × 12`,
    margin: (f) => `Margin: hosting and support for each ${f.word} account, against a year of fees; churn decides it.`,
    marginAlt: (f) => `What decides it: how long a ${f.word} account stays, against support and hosting.`,
  },
  subscription: {
    pricing: (f) => `A ${f.word} subscription, estimated at $15–40 a month per subscriber: test it with ten.`,
    pricingAlt: (f) => `Recurring ${f.word} deliveries at an estimated $15–40 a month, with a first box to try.`,
    callout: "$15–40 a month (estimate)",
    size: (who, f) => `Estimate to check: ${who} who buy ${f.word} × $15–40 a month × 12`,
    margin: (f) => `Margin: the cost of each ${f.word} delivery and of keeping a subscriber, against a year of payments.`,
    marginAlt: (f) => `What decides it: packing and shipping each ${f.word} box, and how many subscribers stay.`,
  },
  "one-off": {
    pricing: (f) => `One-off sales of ${f.product}, estimated at $25–150 an order: test it with the first buyers.`,
    pricingAlt: (f) => `${upperFirst(f.word)} sold once, directly, at an estimated $25–150 a piece.`,
    callout: "$25–150 an order (estimate)",
    size: (who, f) => `Estimate to check: ${who} buying ${f.word} × $25–150 an order × 1–2 orders a year`,
    margin: (f) => `Margin: what each ${f.word} order costs to make, ship and win, against its price.`,
    marginAlt: (f) => `What decides it: materials and making time per ${f.word} piece, and what it costs to find a buyer.`,
  },
  free: {
    pricing: (f) => `Free for ${f.who}; revenue later from sponsors or paid extras, estimated at $0–5 per user a year.`,
    pricingAlt: (f) => `No charge for ${f.word}; later, sponsors or optional extras at an estimated $0–5 per user a year.`,
    callout: "Free now, paid extras later (estimate)",
    size: (who, f) => `Estimate to check: ${who} who need ${f.word}, then the 1–5% who might pay for extras`,
    margin: (f) => `Costs: hosting and support per ${f.word} user, kept below what sponsors or extras bring in.`,
    marginAlt: (f) => `What decides it: keeping the cost of each ${f.word} user low while the audience grows.`,
  },
  "open-source": {
    pricing: (f) => `Open-source ${f.word}, free; revenue from hosting, support or a team plan at $10–30 per user a month (estimate).`,
    pricingAlt: (f) => `The ${f.word} code stays free; paid support or hosting for teams, $10–30 per user a month (estimate).`,
    callout: "Free core, $10–30 per user for teams (estimate)",
    size: (who, f) => `Estimate to check: ${who} doing ${f.word} work, then teams paying $10–30 per user a month`,
    margin: (f) => `Costs: maintainers' time and hosting for ${f.word}, against what teams pay for support.`,
    marginAlt: (f) => `What decides it: maintainer hours on ${f.word}, and how many teams want it hosted.`,
  },
  "local-service": {
    pricing: (f) => `Paid per ${f.word} visit${f.place ? ` in ${f.place}` : ""}, estimated at $40–120: check local prices first.`,
    pricingAlt: (f) => `A price per ${f.word} job, $40–120 as a first range (estimate), with regulars rebooking.`,
    callout: "$40–120 a visit (estimate)",
    size: (who, f) => `Estimate to check: ${who} in your area × $40–120 per ${f.word} visit × 4–12 a year`,
    margin: (f) => `Margin: travel, supplies and labour per ${f.word} visit, against its price; routes decide it.`,
    marginAlt: (f) => `What decides it: visits per day on one ${f.word} route, and fuel and supplies per visit.`,
  },
  booking: {
    pricing: (f) => `Paid per booked ${f.word} session, estimated at $30–100, with packs for regulars.`,
    pricingAlt: (f) => `${upperFirst(f.word)} sessions at an estimated $30–100 each; packs reward regulars.`,
    callout: "$30–100 a session (estimate)",
    size: (who, f) => `Estimate to check: ${who} within reach × $30–100 per ${f.word} session × 4–10 a year`,
    margin: (f) => `Margin: the time, space and materials of each ${f.word} session, against how full the calendar is.`,
    marginAlt: (f) => `What decides it: how full the ${f.word} calendar is, week by week.`,
  },
  marketplace: {
    pricing: (f) => `A commission on each ${f.word} sale, estimated at 5–15%: test what sellers accept.`,
    pricingAlt: (f) => `Sellers pay 5–15% of each ${f.word} sale (estimate); buyers pay nothing extra.`,
    callout: "5–15% per sale (estimate)",
    size: (who, f) => `Estimate to check: ${who} × yearly ${f.word} spend × a 5–15% commission`,
    margin: (f) => `Margin: the commission, against the cost of bringing in both ${f.word} buyers and sellers.`,
    marginAlt: (f) => `What decides it: how cheaply both sides of the ${f.word} market can be brought in.`,
  },
  membership: {
    pricing: (f) => `A ${f.word} membership, estimated at $20–80 a month: test it with the first members.`,
    pricingAlt: (f) => `Monthly ${f.word} plans at an estimated $20–80, with a first visit to try.`,
    callout: "$20–80 a month (estimate)",
    size: (who, f) => `Estimate to check: ${who} within reach × $20–80 a month for ${f.word} × 12`,
    margin: (f) => `Margin: rent, staff and upkeep of ${f.word}, against how many members stay.`,
    marginAlt: (f) => `What decides it: how long a ${f.word} member stays, against what each one costs to serve.`,
  },
  freemium: {
    pricing: (f) => `A free ${f.word} plan to start, and a paid plan estimated at $8–25 a month for those who need more.`,
    pricingAlt: (f) => `Free ${f.word} for everyone; $8–25 a month (estimate) for the plan that does more.`,
    callout: "Free, then $8–25 a month (estimate)",
    size: (who, f) => `Estimate to check: ${who} trying ${f.word} × the share who upgrade × $8–25 a month × 12`,
    margin: (f) => `Margin: the cost of free ${f.word} users, against what the paid plans bring in.`,
    marginAlt: (f) => `What decides it: the share of free ${f.word} users who upgrade, against what they cost.`,
  },
  service: {
    pricing: (f) => `A monthly ${f.word} retainer per client, estimated at $300–1,500: test it with the first five.`,
    pricingAlt: (f) => `${upperFirst(f.word)} on a monthly retainer, $300–1,500 a client as a first range (estimate).`,
    callout: "$300–1,500 a month per client (estimate)",
    size: (who, f) => `Estimate to check: ${who} within reach × $300–1,500 a month for ${f.word} × 12`,
    margin: (f) => `Margin: the hours each ${f.word} client takes, against the retainer.`,
    marginAlt: (f) => `What decides it: how many ${f.word} clients one person serves well.`,
  },
};

/** How many payments a year one customer makes at a price's period, as words for the estimate. */
const PER_YEAR: Record<NonNullable<Price["period"]>, string> = {
  hour: "hours a year (estimate)",
  day: "days a year (estimate)",
  week: "weeks a year (estimate)",
  month: "12 months",
  year: "1 year",
  session: "sessions a year (estimate)",
  "one-off": "orders a year (estimate)",
};

const perPlural = (per: string) => ({ child: "children", person: "people", family: "families", company: "companies" })[per.toLowerCase()] ?? `${per}s`;

/**
 * The business model slide from the founder's own prices, quoted as given:
 * the price is theirs, only the counts are estimates (and say so).
 */
function pricedModel(prices: Price[], f: LaunchFacts): Model {
  const main = prices.find((p) => Number.parseFloat(p.amount) > 0) ?? prices[0]!;
  const all = pricesPhrase(prices);
  const count = main.period ? PER_YEAR[main.period] : "purchases a year (estimate)";
  return {
    pricing: () => `Price: ${all}, as ${f.name} charges it.`,
    pricingAlt: () => `${upperFirst(all)}: the price ${f.who} see on the page.`,
    callout: all,
    // A price per org or per seat counts those, not people; with no period it is a price, not "purchases a year".
    size: (who) =>
      main.per
        ? `Estimate to check: ${perPlural(main.per)} among ${who}${f.place ? ` in ${f.place}` : ""} × ${priceText(main)}${main.period ? ` × ${count}` : ""}`
        : `Estimate to check: ${who}${f.place ? ` in ${f.place}` : ""} × ${priceText(main)} × ${count}`,
    margin: (g) => `Margin: what each ${g.word} customer costs to serve, against ${priceText(main)}.`,
    marginAlt: (g) => `What decides it: how many ${g.word} customers pay ${priceText(main)}, and what each costs to serve.`,
  };
}

/** `n` channels to name (the category's, else general ones). */
function channelsOf(f: LaunchFacts): [string, string, ...string[]] {
  const list = [...f.u.channels, "search", "word of mouth"];
  return [list[0]!, list[1]!, ...list.slice(2)];
}

/** The founder's other audience groups than the first: the market's next step. */
function otherGroups(input: GenerationInput, who: string): string[] {
  return input.target_audience
    .split(/[,;\n]+|\s+and\s+/)
    .map((g) => lowerFirst(g.trim().replace(/[.\s]+$/, "")))
    .filter((g) => g && g.length <= 40 && !who.toLowerCase().includes(g.toLowerCase()) && !g.toLowerCase().includes(who.toLowerCase()) && !/^not specified$/i.test(g))
    .slice(0, 2);
}

export function builtinDeck(input: GenerationInput, brand: Brand, salt = ""): DeckModel {
  const rand = seededRandom(answersSeed(input, `deck${salt}`));
  const f = launchFacts(input, brand);
  const c: DeckCtx = {
    ...f,
    where: f.place ? ` in ${f.place}` : f.market ? ` in ${f.market}` : "",
    against: rivals(input),
    label: lowerFirst(f.u.categoryLabel),
    channels: channelsOf(f),
    others: otherGroups(input, f.who),
    buyers: ["free", "open-source", "freemium"].includes(f.pool) ? "users" : "buyers",
  };
  const pool = f.pool;
  const estimated = MODELS[pool] ?? MODELS["one-off"];
  // The founder's prices when given; else the typical range, in the founder's currency and labelled an estimate.
  const model: Model = f.facts.prices.length
    ? pricedModel(f.facts.prices, f)
    : {
        ...estimated,
        pricing: (g) => inCurrency(estimated.pricing(g), f.facts.symbol),
        pricingAlt: (g) => inCurrency(estimated.pricingAlt(g), f.facts.symbol),
        callout: inCurrency(estimated.callout, f.facts.symbol),
        size: (who, g) => inCurrency(estimated.size(who, g), f.facts.symbol),
      };
  /** One of the wordings, chosen by the seed, that fits `max` (cut at a word only when none does). */
  const pick = (lines: readonly Line[], max: number) => {
    const start = Math.floor(rand() * lines.length);
    for (let i = 0; i < lines.length; i++) {
      const text = lines[(start + i) % lines.length]!(c);
      if (text.length <= max) return text;
    }
    return fit(lines[start]!(c), max);
  };
  const pickOf = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const byPool = <T,>(table: Record<CopyPool, T>) => table[pool] ?? table["one-off"];
  const b = (s: string) => fit(s, LIMITS.bullet);
  const who = f.who;
  const asked = input.primary_goal in NEXT_STEPS ? input.primary_goal : "waitlist";
  // A camp, a class or a service is reserved and filled, never shipped in batches.
  const goal = asked === "pre-orders" && !f.facts.ships ? "reserve" : asked;
  const notes = (...parts: string[]) => fit(parts.join(" "), LIMITS.notes);

  return {
    problem: {
      title: pick(byPool(PROBLEM_TITLES), LIMITS.title),
      bullets: [
        pick(byPool(PAIN_LINES), LIMITS.bullet),
        c.against ? b(`${upperFirst(c.against)}: where ${who} go today, and where the gaps in ${f.word} show.`) : pick(byPool(WORKAROUND_LINES), LIMITS.bullet),
        pick(byPool(COST_LINES), LIMITS.bullet),
      ],
      callout: pick(byPool(PROBLEM_CALLOUTS), LIMITS.callout),
      notes: notes(pick(byPool(PROBLEM_NOTES), 400), pick(PROBLEM_NOTE_CLOSES, 300)),
    },
    solution: {
      title: fit(brand.tagline, LIMITS.title),
      bullets: [b(`${brand.name}: ${withArticle(f.product)} for ${who}${c.where}.`), pick(byPool(HOW_LINES), LIMITS.bullet), pick(GOAL_LINES[goal]!, LIMITS.bullet)],
      callout: fit(brand.name, LIMITS.callout),
      notes: notes(pick(SOLUTION_NOTES, 400), pick(SOLUTION_NOTE_CLOSES, 300)),
    },
    market: {
      title: pick(MARKET_TITLES, LIMITS.title),
      bullets: [
        b(`Beachhead: ${who}${c.where}, the ${c.word} ${c.buyers} who feel it most.`),
        b(
          c.others.length
            ? `Then: ${c.others.join(" and ")}, once ${who} are won.`
            : f.place
              ? `Then: ${who} beyond ${f.place.split(",")[0]}, one area at a time.`
              : `Then: other ${c.label} ${c.buyers}, once ${who} are won.`,
        ),
        c.against ? b(`Competition: ${c.against}. ${pick(byPool(EDGE_LINES), LIMITS.bullet - c.against.length - 16)}`) : pick(byPool(EDGE_LINES), LIMITS.bullet),
      ],
      who: fit(`${upperFirst(who)}${c.where}`, LIMITS.who),
      howMany: fit(model.size(who, f), LIMITS.howMany),
      notes: notes(pick(byPool(MARKET_NOTES), 400), pick(MARKET_NOTE_CLOSES, 300)),
    },
    businessModel: {
      title: pick(MODEL_TITLES, LIMITS.title),
      bullets: [
        b(pickOf(f.facts.prices.length ? [model.pricing, model.pricingAlt] : [model.pricing, model.pricingAlt, () => `Price to test with ${who}: ${model.callout.replace(/ \(estimate\)$/, "")}, an estimate.`])(f)),
        b(`Channel: ${c.channels[0]} and ${c.channels[1]}, then the page where ${who} ${goal === "reserve" ? "reserve a place" : goalCopy(input.primary_goal).action}.`),
        b(pickOf([model.margin, model.marginAlt, () => `Watch one number: what it costs ${brand.name} to serve one ${f.word} customer.`])(f)),
      ],
      callout: fit(model.callout, LIMITS.callout),
      // With the founder's price, only the counts are estimates: the notes never call their price one.
      notes: f.facts.prices.length
        ? notes(`The price on this slide is the one on the page, as ${brand.name} set it. Only the counts are estimates, until ${who} have paid.`, pick(MODEL_NOTES.slice(1), 300))
        : notes(pick(MODEL_NOTE_OPENINGS, 300), pick(MODEL_NOTES, 300)),
    },
    ask: {
      title: pick(ASK_TITLES, LIMITS.title),
      bullets: [pick(NEXT_STEPS[goal]!, LIMITS.bullet), pick(TALK_LINES, LIMITS.bullet), pick(ASK_LINES, LIMITS.bullet)],
      callout: GOAL_CALLOUTS[goal]!,
      notes: notes(pick(ASK_NOTES, 400)),
    },
  };
}
