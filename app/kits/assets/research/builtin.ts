import type { GenerationInput } from "~/generation/input";
import type { Brand } from "~/kits/brand/brand";
import { launchFacts, lc } from "../launch-copy";
import type { ResearchDraft } from "./schema";

/**
 * The offline research draft: an ICP written as hypotheses from the
 * founder's answers, the competitors they named (marked as not researched)
 * and, to make five, categories of alternatives their customers use today
 * (doing it themselves, general tools...), never made-up company names.
 * No URLs and no market figures: the builtin provider has no web access.
 */

type Competitor = ResearchDraft["competitors"][number];

export function unresearchedCompetitor(name: string, brandName: string, tagline: string): Competitor {
  return {
    name,
    website: null,
    positioning: "Named by you in the wizard; not researched (no web access). Read their home page and note who they say they are for.",
    pricingModel: "Unknown: check their pricing page.",
    strength: "Unknown: note what their customers praise in reviews.",
    weakness: "Unknown: note what their customers complain about in reviews.",
    difference: `Where ${brandName} should stand apart: ${lc(tagline)}.`,
    sources: [],
  };
}

export function alternativeCategories(input: GenerationInput, brand: Brand): Competitor[] {
  const f = launchFacts(input, brand);
  const base = { website: null, sources: [] as string[] };
  return [
    {
      ...base,
      name: "Doing it themselves (category)",
      positioning: `The default for many ${f.who}: handling it on their own with what they already have.`,
      pricingModel: "Free in money, paid in time and effort.",
      strength: "No new tool, cost or relationship; fully under their control.",
      weakness: "Slow, inconsistent and easy to put off.",
      difference: `${f.name} takes the work off their hands: ${lc(f.tagline)}.`,
    },
    {
      ...base,
      name: "Established names in the category (category)",
      positioning: "The brands people find first when they search for a solution.",
      pricingModel: "Usually published tiers or per-use prices: check the leaders' pricing pages.",
      strength: "Trust, reviews and reach built over years.",
      weakness: `Built for everyone, so rarely made for ${f.who} specifically.`,
      difference: `${f.name} is made for ${f.who} from day one.`,
    },
    {
      ...base,
      name: "General-purpose tools (category)",
      positioning: "Spreadsheets, generic apps and templates bent to fit the job.",
      pricingModel: "Free or already paid for.",
      strength: "Familiar, flexible and cheap.",
      weakness: "Not designed for this job, so every step is manual.",
      difference: `${f.name} is designed around this one job.`,
    },
    {
      ...base,
      name: "Freelancers and local specialists (category)",
      positioning: "A person hired to do it, found by word of mouth or a marketplace.",
      pricingModel: "Per job or per hour, quoted case by case.",
      strength: "Personal service and local trust.",
      weakness: "Availability, consistency and price vary from one person to the next.",
      difference: `${f.name} offers a consistent experience: ${lc(f.tagline)}.`,
    },
    {
      ...base,
      name: "Doing nothing (category)",
      positioning: "Putting the problem off and living with it.",
      pricingModel: "Free today.",
      strength: "No effort and no risk right now.",
      weakness: "The problem stays, and usually grows.",
      difference: `${f.name} makes acting easier than waiting: ${f.goal.action}.`,
    },
  ];
}

export function builtinResearchDraft(input: GenerationInput, brand: Brand, named: readonly string[]): ResearchDraft {
  const f = launchFacts(input, brand);
  const where = f.market ? ` in ${f.market}` : "";
  const competitors = [...named.map((n) => unresearchedCompetitor(n, brand.name, brand.tagline)), ...alternativeCategories(input, brand)].slice(0, 5);
  return {
    icp: {
      who: `${f.audience}${where}. Start with ${f.who}: the first group in your answers and the easiest to reach. (A hypothesis from your answers: confirm it in ten conversations.)`,
      jobsToBeDone: [
        `Get this done: ${lc(f.idea)}.`,
        "Spend less time and attention on it than they do today.",
        "Feel sure they picked an option they can trust.",
      ],
      pains: [
        "The way they handle it today takes more time than it should.",
        "It's hard to tell which options are trustworthy before paying.",
        `Most options are made for everyone, not for ${f.who}.`,
        "The real cost (money, time, hassle) only shows up afterwards.",
        "Switching feels risky once they've settled for a workaround.",
      ],
      whereToReach: [
        `Online communities where ${f.who} ask each other for advice (subreddits, Facebook and WhatsApp groups, forums).`,
        "Search: people typing the problem into Google, which your landing page and ads can answer.",
        input.brand_vibe === "corporate" || input.tone_of_voice === "technical" ? "LinkedIn, where they look for work solutions." : "Instagram and TikTok, where they follow people like them.",
        ...(f.market ? [`Local places in ${f.market}: events, noticeboards, shops and partners your customers already visit.`] : []),
      ],
      buyingTriggers: [
        "The moment their current way fails them (a missed deadline, a bad experience).",
        "A change in their life or work: a move, a new job, a new season.",
        "Seeing someone like them use something better.",
      ],
      objections: ["Is it worth the money?", "Will it work for my situation?", "Can I trust a brand I've never heard of?"],
    },
    marketClaims: [],
    competitors,
  };
}
