import type { GenerationInput } from "~/kit/input";
import type { Brand } from "~/kit/brand/brand";
import { launchFacts, lc, pain, stop, type CopyPool, type LaunchFacts } from "../launch-copy";
import type { ResearchDraft } from "./schema";

/**
 * The offline research draft: an ICP written as hypotheses from the
 * founder's answers and what LaunchKit understood of the idea (where these
 * customers are reached comes from its channels; the jobs, pains and
 * objections from how it is paid for), the competitors they named (marked as
 * not researched) and, to make five, categories of alternatives their
 * customers use today, never made-up company names.
 * No URLs and no market figures: the builtin provider has no web access.
 */

type Competitor = ResearchDraft["competitors"][number];

export function unresearchedCompetitor(name: string, brandName: string, tagline: string): Competitor {
  return {
    name,
    website: null,
    // Nothing about them is known offline: each field says so once, and which search finds it.
    positioning: `Named by you; not researched offline (no web access). Search "${name}" and read who their home page says it is for.`,
    pricingModel: `Search "${name} pricing".`,
    strength: `Search "${name} reviews": what customers praise.`,
    weakness: `Search "${name} complaints": what customers dislike.`,
    difference: `Where ${brandName} should stand apart: ${lc(tagline)}.`,
    sources: [],
  };
}

type Alternative = Omit<Competitor, "website" | "sources">;

/** The alternatives these customers use today, by how the business is paid for (categories, never made-up names). */
const ALTERNATIVES: Record<CopyPool, (f: LaunchFacts) => Alternative[]> = {
  consumable: (f) => [
    { name: `Supermarkets and chains (category)`, positioning: `Where ${f.who} pick up ${f.word} today, along with everything else.`, pricingModel: "Per item, often on promotion.", strength: "Everywhere, open late and cheap.", weakness: `Made for shelf life and scale, not for taste or freshness.`, difference: `${f.name} makes ${f.word} fresh, for ${f.who}.` },
    { name: `Other local ${f.word} makers (category)`, positioning: `Independent makers ${f.place ? `in ${f.place}` : "nearby"} with a following of their own.`, pricingModel: "Per item; check their price lists.", strength: "Loyal regulars and a known name.", weakness: "Limited hours, queues and sell-outs.", difference: `${f.name} lets ${f.who} order ahead and skip the queue.` },
  ],
  software: (f) => [
    { name: "Spreadsheets and templates (category)", positioning: `How most ${f.who} handle ${f.word} today.`, pricingModel: "Free or already paid for.", strength: "Familiar and flexible.", weakness: "Manual, error-prone and hard to share.", difference: `${f.name} does the repetitive ${f.word} steps for them.` },
    { name: `All-in-one ${f.word} suites (category)`, positioning: "Big platforms that do this among a hundred other things.", pricingModel: "Per user per month, often with annual contracts.", strength: "Features, integrations and a known brand.", weakness: `Heavy and priced for larger teams than ${f.who}.`, difference: `${f.name} is made for ${f.who}: only what they need, set up in a day.` },
  ],
  subscription: (f) => [
    { name: `Buying ${f.word} when they remember (category)`, positioning: `How most ${f.who} get ${f.word} today: a shop or an online order whenever they run out.`, pricingModel: "Pay per purchase, often at full price.", strength: "No commitment and full choice each time.", weakness: "Easy to forget, and nothing is chosen for them.", difference: `${f.name} arrives on its own schedule, chosen for ${f.who}.` },
    { name: `Other ${f.what} services (category)`, positioning: `Subscriptions that already deliver ${f.word}, found first in a search.`, pricingModel: "Monthly or per-delivery plans: check the leaders' pricing pages.", strength: "Known names with reviews and reach.", weakness: `Built for everyone, so rarely made for ${f.who} specifically.`, difference: `${f.name} is made for ${f.who} from day one.` },
  ],
  "one-off": (f) => [
    { name: `High-street and online shops (category)`, positioning: `Where ${f.who} buy ${f.word} today, among many other things.`, pricingModel: "Per item, with frequent discounts.", strength: "Convenient, familiar and easy to return.", weakness: `Generic ${f.word}, chosen for the widest market.`, difference: `${f.name} makes ${f.product} for ${f.who}.` },
    { name: `Marketplaces for ${f.word} (category)`, positioning: "Large marketplaces with many sellers of the same thing.", pricingModel: "Per item; prices vary by seller.", strength: "Huge choice and fast delivery.", weakness: "Quality is hard to judge before buying.", difference: `${f.name} stands behind one ${f.word} it can vouch for.` },
  ],
  free: (f) => [
    { name: `Paid ${f.word} tools (category)`, positioning: `The established, paid way to get ${f.word}.`, pricingModel: "Paid plans, often per user or per month.", strength: "Polished and supported.", weakness: `The price keeps many ${f.who} out.`, difference: `${f.name} is free for ${f.who}.` },
    { name: "Spreadsheets and templates (category)", positioning: "General-purpose tools bent to fit the job.", pricingModel: "Free or already paid for.", strength: "Familiar and flexible.", weakness: "Every step is manual.", difference: `${f.name} is built for ${f.word} from the start.` },
  ],
  "open-source": (f) => [
    { name: `Commercial ${f.word} tools (category)`, positioning: `Closed, paid products that ${f.who} find first.`, pricingModel: "Per seat or per month, with paid tiers.", strength: "Support, polish and a sales team.", weakness: "Closed code, lock-in and a bill that grows with the team.", difference: `${f.name} is open source: ${f.who} can read, run and change it.` },
    { name: "Doing it by hand (category)", positioning: `Writing the ${f.word} work by hand, the way most teams still do.`, pricingModel: "Free in money, paid in developer hours.", strength: "Full control, no new dependency.", weakness: "Slow, repetitive and easy to get wrong.", difference: `${f.name} automates the repetitive part and leaves the control with you.` },
    { name: "Other open-source projects (category)", positioning: `Community projects that cover part of the ${f.word} job.`, pricingModel: "Free; some offer paid support.", strength: "Free and inspectable.", weakness: "Often unmaintained or built for another stack.", difference: `${f.name} is made for how ${f.who} work today.` },
  ],
  "local-service": (f) => [
    { name: `Shops and salons for ${f.word} (category)`, positioning: `The places ${f.who} travel to${f.place ? ` in ${f.place}` : ""} today.`, pricingModel: "Per visit, with published prices.", strength: "Known, reviewed and nearby.", weakness: "A trip, a wait and opening hours that clash with work.", difference: `${f.name} comes to them.` },
    { name: "Freelancers found by word of mouth (category)", positioning: "Independent people hired through friends, groups or a marketplace.", pricingModel: "Per job, quoted case by case.", strength: "Personal service and local trust.", weakness: "Availability and quality vary from one person to the next.", difference: `${f.name} offers the same care every visit.` },
  ],
  booking: (f) => [
    { name: `Other ${f.word} providers (category)`, positioning: `The places ${f.who} book ${f.word} with today.`, pricingModel: "Per session or in packs.", strength: "Known and reviewed.", weakness: "Hard to find a slot that fits.", difference: `${f.name} makes booking ${f.word} easy.` },
    { name: "Booking apps and directories (category)", positioning: "Apps that list many providers side by side.", pricingModel: "Per booking, plus a fee.", strength: "Choice and reviews in one place.", weakness: "Generic; every provider looks the same.", difference: `${f.name} is made for ${f.who}.` },
  ],
  marketplace: (f) => [
    { name: "General marketplaces (category)", positioning: "Big platforms where everything is sold.", pricingModel: "Listing fees and commissions.", strength: "Huge audience.", weakness: `${cap(f.word)} gets lost among everything else.`, difference: `${f.name} is only about ${f.word}.` },
    { name: "Groups and forums (category)", positioning: "Buying and selling in social media groups and forums.", pricingModel: "Free.", strength: "Trust between members.", weakness: "No protection and hard to search.", difference: `${f.name} keeps ${f.word} offers searchable and clear.` },
  ],
  freemium: (f) => [
    { name: `Paid ${f.word} tools (category)`, positioning: "Established products with a paid plan from day one.", pricingModel: "Per user or per month; a trial at best.", strength: "Mature features and support.", weakness: "You pay before you know it fits.", difference: `${f.name} starts free and grows with you.` },
    { name: "Spreadsheets and generic apps (category)", positioning: "General tools bent to fit the job.", pricingModel: "Free or already paid for.", strength: "Familiar and flexible.", weakness: "Manual and easy to outgrow.", difference: `${f.name} is made for ${f.word}.` },
  ],
  membership: (f) => [
    { name: `Pay-as-you-go ${f.word} (category)`, positioning: `How most ${f.who} get ${f.word} today: one visit, one class or one day at a time.`, pricingModel: "Per visit or per day, at full price.", strength: "No commitment.", weakness: "Costly for regulars, and easy to skip.", difference: `${f.name} makes ${f.word} a habit with one membership.` },
    { name: `Other ${f.word} memberships (category)`, positioning: `Established places and plans ${f.who} can join${f.place ? ` in ${f.place}` : ""}.`, pricingModel: "Monthly or yearly plans: check their pricing pages.", strength: "Known names and long opening hours.", weakness: `Built for everyone, so rarely for ${f.who} specifically.`, difference: `${f.name} is made for ${f.who}.` },
  ],
  service: (f) => [
    { name: `General ${f.word} firms (category)`, positioning: `Firms that do ${f.word} for any business, found first in a search.`, pricingModel: "Hourly or monthly fees: check their pages.", strength: "Known, local and used to paperwork of every kind.", weakness: `They serve everyone, so ${f.who} explain their trade again each year.`, difference: `${f.name} works only with ${f.who}.` },
    { name: `Software they run themselves (category)`, positioning: `Apps that leave the ${f.word} work to the owner, after hours.`, pricingModel: "Monthly subscription: check their pricing pages.", strength: "Cheap, and always at hand.", weakness: "The software does not do the work: the owner still does.", difference: `At ${f.name} people do the ${f.word}, not the owner.` },
  ],
};

export function alternativeCategories(input: GenerationInput, brand: Brand): Competitor[] {
  const f = launchFacts(input, brand);
  const base = { website: null, sources: [] as string[] };
  const own = (ALTERNATIVES[f.pool] ?? ALTERNATIVES["one-off"])(f);
  const always: Alternative[] = [
    { name: "Doing nothing (category)", positioning: `Putting the problem off and living with it: ${pain(f)}.`, pricingModel: "Free today.", strength: "No effort and no risk right now.", weakness: "The problem stays, and usually grows.", difference: `${f.name} makes acting easier than waiting: ${f.goal.action}.` },
    { name: "Established names in the category (category)", positioning: `The brands people find first when they search for ${f.what}.`, pricingModel: "Usually published tiers or per-use prices: check the leaders' pricing pages.", strength: "Trust, reviews and reach built over years.", weakness: `Built for everyone, so rarely made for ${f.who} specifically.`, difference: `${f.name} is made for ${f.who} from day one.` },
    { name: "Doing it themselves (category)", positioning: `The default for many ${f.who}: handling ${f.word} on their own with what they already have.`, pricingModel: "Free in money, paid in time and effort.", strength: "No new tool, cost or relationship; fully under their control.", weakness: "Slow, inconsistent and easy to put off.", difference: `${f.name} takes the work off their hands.` },
  ];
  return [...own, ...always].slice(0, 5).map((a) => ({ ...base, ...a }));
}

/** Questions these customers ask before they buy, by how it is paid for: nobody asks an open-source tool if it is worth the money. */
const OBJECTIONS: Record<CopyPool, (f: LaunchFacts) => string[]> = {
  consumable: (f) => [`Is it fresher than the ${f.word} I buy now?`, "Can I order ahead, or do I have to queue?", "What goes into it?"],
  software: (f) => ["Is it worth a monthly fee?", "Can I move my existing data in, and out again?", `Will my team actually use it for ${f.word}?`],
  subscription: (f) => [`Is a ${f.word} subscription worth paying for every month?`, "Can I skip a delivery or stop when I want to?", `Will the ${f.word} suit our taste?`],
  "one-off": (f) => ["Is it worth the price?", `Will this ${f.word} last longer than the one I have?`, "Can I trust a brand I've never heard of?"],
  free: (f) => [`Why is ${f.name} free, and will it stay free?`, "What happens to my data?", `Will it do the ${f.word} job as well as the paid tools?`],
  "open-source": (f) => ["Is it maintained, and will it still be here next year?", "Will it fit our stack and our way of working?", `Can we trust the ${f.word} output in production?`],
  "local-service": (f) => [`Do you cover ${f.place ?? "my area"}?`, "Can I trust someone new in my home or with what I care about?", "Will a time fit around my week?"],
  booking: (f) => ["Is there a slot when I need one?", "What if I need to cancel?", `Is a ${f.word} session worth the price?`],
  marketplace: (f) => ["Can I trust the sellers?", `Will I find the ${f.word} I want here?`, "What does selling cost?"],
  freemium: () => ["What do I get for free, and what costs extra?", "Will the free plan stay free?", "Is it worth upgrading?"],
  membership: (f) => [`Will I use my ${f.word} membership enough to be worth it?`, "Can I pause or cancel when I want to?", `Is there a trial before I commit to ${f.word}?`],
  service: (f) => [`Do you know how ${f.who} work?`, "Who will handle my records, and how do I reach them?", "What does it cost each month, and what is included?"],
};

/** What these customers are trying to get done, by how it is paid for. */
const JOBS: Record<CopyPool, (f: LaunchFacts) => string[]> = {
  consumable: (f) => [`Get good ${f.word} without a long trip.`, "Know what they are eating and where it comes from.", "Have something worth sharing for the occasions that matter."],
  software: (f) => [`Get ${f.word} done in less time each week.`, "Stop copying the same data between tools.", "See where things stand without asking around."],
  subscription: (f) => [`Have ${f.word} there when they need it, without reordering.`, "Discover something better than what they buy today.", "Spend less attention on a routine purchase."],
  "one-off": (f) => [`Buy ${f.word} they will still be happy with in a year.`, "Choose quickly among too many similar options.", "Feel sure they picked something they can trust."],
  free: (f) => [`Get the ${f.word} job done without paying for a tool.`, "Start right away, with no sign-up hurdle.", "Find something they can rely on."],
  "open-source": (f) => [`Automate the ${f.word} work they do by hand today.`, "Keep control of their code and their data.", "Adopt a tool the whole team can read and change."],
  "local-service": (f) => [`Get ${f.word} done without losing half a day.`, "Find someone local they can trust.", "Fit it around work and family."],
  booking: (f) => [`Book ${f.word} at a time that fits their week.`, "Know what they get before they commit.", "Spend less time arranging and more time doing."],
  marketplace: (f) => [`Find the right ${f.word} quickly.`, "Know who they are buying from.", "Sell to people who want exactly what they offer."],
  freemium: (f) => [`Try a ${f.word} tool before paying for it.`, "Grow into more features when their work needs them.", "Keep costs predictable."],
  membership: (f) => [`Make ${f.word} a regular part of their week.`, "Pay one predictable amount instead of per visit.", "Belong to a place and people they like."],
  service: (f) => [`Get ${f.word} off their desk without losing track of it.`, "Work with someone who knows their trade.", "Never miss a deadline."],
};

/** Why each channel is worth the founder's time, one wording per place in the list. */
const REACH: Array<(f: LaunchFacts) => string> = [
  (f) => `be there when ${f.who} look for ${f.word}, as a person first, with answers rather than ads`,
  (f) => `answer the questions ${f.who} ask there before you pitch anything`,
  (f) => `a helpful post about ${f.word} travels further there than an ad`,
  () => "a good place for the first ten conversations",
];

/** A channel at the start of a line: "Local Facebook groups", but "dev.to" and "itch.io" as they are written. */
const channelStart = (ch: string) => (/\.\w/.test(ch.split(" ")[0] ?? "") ? ch : cap(ch));

export function builtinResearchDraft(input: GenerationInput, brand: Brand, named: readonly string[]): ResearchDraft {
  const f = launchFacts(input, brand);
  const where = f.market ? ` in ${f.market}` : "";
  const competitors = [...named.map((n) => unresearchedCompetitor(n, brand.name, brand.tagline)), ...alternativeCategories(input, brand)].slice(0, 5);
  const channels = f.u.channels.length ? f.u.channels : ["Search engines"];
  return {
    icp: {
      who:
        f.audience.toLowerCase() === f.who.toLowerCase()
          ? `${cap(f.audience)}${where}: the customers who feel the problem most and are easiest to reach. (A hypothesis from your answers: confirm it in ten conversations.)`
          : `${cap(f.audience)}${where}. Start with ${f.who}: the group in your answers that feels the problem most and is easiest to reach. (A hypothesis from your answers: confirm it in ten conversations.)`,
      jobsToBeDone: [`Get this done: ${stop(lc(f.idea))}`, ...(JOBS[f.pool] ?? JOBS["one-off"])(f)].slice(0, 4),
      pains: [
        `${cap(pain(f))}.`,
        `It's hard to tell which ${f.word} options are trustworthy before committing.`,
        `Most options are made for everyone, not for ${f.who}.`,
        "The real cost (money, time, hassle) only shows up afterwards.",
        "Switching feels risky once they've settled for a workaround.",
      ],
      whereToReach: [
        ...channels.slice(0, 4).map((ch, i) => `${channelStart(ch)}: ${REACH[i]!(f)}.`),
        "Search: people typing the problem into Google, which your landing page and ads can answer.",
        ...(f.market
          ? [
              f.facts.model === "b2b-service"
                ? `Trade events and associations in ${f.market}: where ${f.who} meet and ask each other for names.`
                : `Local places in ${f.market}: events, noticeboards, shops and partners your customers already visit.`,
            ]
          : []),
      ].slice(0, 6),
      buyingTriggers: [
        `The moment their current way of getting ${f.word} fails them.`,
        "A change in their life or work: a move, a new job, a new season.",
        "Seeing someone like them use something better.",
      ],
      objections: (OBJECTIONS[f.pool] ?? OBJECTIONS["one-off"])(f),
    },
    marketClaims: [],
    competitors,
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
