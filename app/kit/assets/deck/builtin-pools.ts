import type { CopyPool as Pool, LaunchFacts } from "../launch-copy";

/**
 * The offline pitch deck's wordings (builtin.ts picks among them with the
 * kit's seed): per payment model where the business changes what is true
 * (a visit, a delivery, a repository, a commission), several wordings of
 * every slot, each naming this business's own words (its product, its
 * customers, its place, its category, the channels that reach them), so two
 * decks of different businesses share little text (the kit-quality suite
 * holds them under a word 3-gram Jaccard similarity of 0.2). No figure is
 * stated as a fact: prices are labelled ranges to test.
 */

export type DeckCtx = LaunchFacts & {
  /** " in Austin" or "". */
  where: string;
  /** The competitors the founder named, or "". */
  against: string;
  /** The category as a founder says it: "pet care". */
  label: string;
  /** Where these customers are reached, at least two. */
  channels: [string, string, ...string[]];
  /** Other groups of the founder's audience than the first: "office managers". */
  others: string[];
  /** "buyers", or "users" for what is free to start. */
  buyers: string;
};

type Line = (c: DeckCtx) => string;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Problem slide headlines. */
export const PROBLEM_TITLES: Record<Pool, Line[]> = {
  consumable: [(c) => `Good ${c.word} is hard to find nearby`, (c) => `Why ${c.who} settle for supermarket ${c.word}`, (c) => `${cap(c.word)}${c.where} sells out or falls short`, (c) => `Fresh ${c.word} shouldn't need luck`],
  software: [(c) => `${cap(c.word)} still lives in spreadsheets`, (c) => `Why ${c.who} lose hours to ${c.word}`, (c) => `${cap(c.word)} eats the week of ${c.who}`, (c) => `The copy-paste tax on ${c.word}`],
  subscription: [(c) => `${cap(c.word)} shouldn't be a chore`, (c) => `Why ${c.who} keep running out of ${c.word}`, (c) => `Reordering ${c.word} is one errand too many`, (c) => `${cap(c.word)} for ${c.who} is left to chance`],
  "one-off": [(c) => `Good ${c.word} is hard to find`, (c) => `Why ${c.who} settle for ${c.word} that doesn't last`, (c) => `${cap(c.word)} made for nobody in particular`, (c) => `Buying ${c.word} is a gamble`],
  free: [(c) => `${cap(c.word)} costs too much to try`, (c) => `Why ${c.who} go without ${c.word}`, (c) => `${cap(c.word)} is priced out of reach`, (c) => `Paywalls stand between ${c.who} and ${c.word}`],
  "open-source": [(c) => `${cap(c.word)} tools are closed and costly`, (c) => `Why ${c.who} still do ${c.word} by hand`, (c) => `${cap(c.word)} work repeats itself`, (c) => `${cap(c.who)} rebuild ${c.word} again and again`],
  "local-service": [(c) => `${cap(c.word)} takes half a day`, (c) => `Why ${c.who} put ${c.word} off`, (c) => `${cap(c.word)}${c.where} means driving and waiting`, (c) => `Nobody has a free Saturday for ${c.word}`],
  booking: [(c) => `Booking ${c.word} is harder than it should be`, (c) => `Why ${c.who} can't find a ${c.word} slot`, (c) => `${cap(c.word)} calendars don't fit real weeks`, (c) => `${cap(c.who)} give up on ${c.word} before the first session`],
  marketplace: [(c) => `${cap(c.word)} is scattered everywhere`, (c) => `Why buying ${c.word} is a search, not a choice`, (c) => `Good ${c.word} offers get lost in general listings`, (c) => `Buyers and sellers of ${c.word} miss each other`],
  freemium: [(c) => `${cap(c.word)} tools ask for money first`, (c) => `Why ${c.who} can't try before they buy`, (c) => `${cap(c.word)} starts with a credit card form`, (c) => `${cap(c.who)} pay for ${c.word} they never use`],
  membership: [(c) => `${cap(c.word)} never becomes a habit`, (c) => `Why ${c.who} drop ${c.word} after a month`, (c) => `Paying per visit keeps ${c.word} occasional`, (c) => `${cap(c.who)} want ${c.word} every week, not now and then`],
  service: [(c) => `${cap(c.word)} eats the evenings of ${c.who}`, (c) => `Why ${c.who} still do ${c.word} themselves`, (c) => `${cap(c.word)} firms don't know ${c.who}`],
};

/** The problem in the customers' words (first bullet). */
export const PAIN_LINES: Record<Pool, Line[]> = {
  consumable: [
    (c) => `${cap(c.who)} want good ${c.word}${c.where}; the nearest shelf rarely has it.`,
    (c) => `Ask ${c.who} where they get ${c.word}: most name a supermarket, and sigh.`,
    (c) => `For ${c.who}, decent ${c.word} means a detour or a sell-out.`,
    (c) => `${cap(c.word)} worth buying sells out before ${c.who} finish work.`,
  ],
  software: [
    (c) => `${cap(c.who)} handle ${c.word} in spreadsheets, inboxes and copied templates.`,
    (c) => `Ask ${c.who} about ${c.word}: hours a week, typed twice.`,
    (c) => `For ${c.who}, ${c.word} is admin squeezed in after the real work.`,
    (c) => `${cap(c.word)} lives in five tabs for most ${c.who}.`,
  ],
  subscription: [
    (c) => `${cap(c.who)} notice the ${c.word} only once it has run out.`,
    (c) => `Ask ${c.who} who reorders ${c.word}: one person, by hand, late.`,
    (c) => `For ${c.who}, ${c.word} is a recurring errand nobody owns.`,
    (c) => `${cap(c.word)} for ${c.who} depends on someone remembering.`,
  ],
  "one-off": [
    (c) => `${cap(c.who)} buy ${c.word} that wears out, then buy again.`,
    (c) => `Ask ${c.who} about their last ${c.word}: made for everyone, loved by no one.`,
    (c) => `For ${c.who}, good ${c.word} takes hours of comparing listings.`,
    (c) => `${cap(c.word)} for ${c.who} is either cheap and short-lived or out of reach.`,
  ],
  free: [
    (c) => `${cap(c.who)} need ${c.word}, but won't pay before it helps.`,
    (c) => `Ask ${c.who} about ${c.word}: the good options sit behind a price.`,
    (c) => `For ${c.who}, ${c.word} is out of reach on price alone.`,
    (c) => `${cap(c.word)} is a luxury most ${c.who} skip.`,
  ],
  "open-source": [
    (c) => `${cap(c.who)} redo the same ${c.word} steps by hand on every project.`,
    (c) => `Ask ${c.who} about ${c.word}: closed, costly or abandoned tools.`,
    (c) => `For ${c.who}, ${c.word} is glue work nobody wants to maintain.`,
    (c) => `${cap(c.word)} by hand costs ${c.who} a sprint a quarter.`,
  ],
  "local-service": [
    (c) => `${cap(c.who)} lose half a day to ${c.word}: drive, wait, drive back.`,
    (c) => `Ask ${c.who}${c.where} about ${c.word}: the slots clash with work.`,
    (c) => `For ${c.who}, ${c.word} keeps slipping to next weekend.`,
    (c) => `${cap(c.word)}${c.where} fits the provider's hours, not those of ${c.who}.`,
  ],
  booking: [
    (c) => `${cap(c.who)} want ${c.word}, but no time fits their week.`,
    (c) => `Ask ${c.who} about booking ${c.word}: calls, messages, no answer.`,
    (c) => `For ${c.who}, arranging ${c.word} takes longer than the session.`,
    (c) => `${cap(c.word)} bookings for ${c.who} still run on phone tag.`,
  ],
  marketplace: [
    (c) => `${cap(c.who)} hunt for ${c.word} across ten sites and groups.`,
    (c) => `Ask ${c.who} about buying ${c.word}: who is behind a listing?`,
    (c) => `For ${c.who}, ${c.word} offers are scattered and hard to compare.`,
    (c) => `${cap(c.word)} sellers and ${c.who} rarely find each other.`,
  ],
  freemium: [
    (c) => `${cap(c.who)} want to try ${c.word} before a card goes in.`,
    (c) => `Ask ${c.who} about ${c.word} apps: pick a plan on day one.`,
    (c) => `For ${c.who}, paying for ${c.word} before it proves itself feels wrong.`,
    (c) => `${cap(c.word)} tools lose ${c.who} at the pricing page.`,
  ],
  membership: [
    (c) => `${cap(c.who)} pay for ${c.word} one visit at a time, and skip most weeks.`,
    (c) => `Ask ${c.who} about ${c.word}: every visit is a new decision.`,
    (c) => `For ${c.who}, ${c.word} stays occasional when each visit costs extra.`,
    (c) => `${cap(c.word)} places rarely fit the weeks of ${c.who}.`,
  ],
  service: [
    (c) => `${cap(c.who)} do ${c.word} after hours, or pay a firm that doesn't know their trade.`,
    (c) => `Ask ${c.who} about ${c.word}: evenings, deadlines and a shoebox of papers.`,
    (c) => `For ${c.who}, ${c.word} is the work nobody trained them for.`,
  ],
};

/** What they do instead when the founder named no competitor (second bullet). */
export const WORKAROUND_LINES: Record<Pool, Line[]> = {
  consumable: [(c) => `Today: supermarket ${c.word}, or a trip across town.`, (c) => `They fall back on ${c.word} made for shelf life.`, (c) => `Most ${c.who} settle for packaged ${c.word}.`],
  software: [(c) => `Today: spreadsheets and a suite built for bigger teams than ${c.who}.`, (c) => `They bend a general tool into a ${c.word} workflow.`, (c) => `Most ${c.who} copy last month's ${c.word} file and edit it.`],
  subscription: [(c) => `Today: ordering ${c.word} by hand when someone notices.`, (c) => `They take whatever ${c.word} the nearest shop stocks.`, (c) => `Most ${c.who} buy ${c.word} in a rush, at full price.`],
  "one-off": [(c) => `Today: mass-market ${c.word} from big shops and marketplaces.`, (c) => `They pick the cheapest ${c.word} with enough reviews.`, (c) => `Most ${c.who} buy ${c.word} they will replace within a year.`],
  free: [(c) => `Today: paid ${c.word} tools with a trial clock, or nothing.`, (c) => `They do ${c.word} the slow way, by hand.`, (c) => `Most ${c.who} borrow, share or skip ${c.word}.`],
  "open-source": [(c) => `Today: closed ${c.word} tools with a seat price, or hand-written scripts.`, (c) => `They keep a fork of an old ${c.word} repository alive.`, (c) => `Most ${c.who} write the ${c.word} glue themselves.`],
  "local-service": [(c) => `Today: a shop across town for ${c.word}, booked weeks ahead.`, (c) => `They do ${c.word} at home, badly, or not at all.`, (c) => `Most ${c.who} ask around for someone free this month.`],
  booking: [(c) => `Today: calling ${c.word} providers one at a time.`, (c) => `They use a directory where every ${c.word} listing looks alike.`, (c) => `Most ${c.who} give up and try again next month.`],
  marketplace: [(c) => `Today: general marketplaces where ${c.word} gets buried.`, (c) => `They post ${c.word} in social groups and hope.`, (c) => `Most ${c.who} rely on word of mouth for ${c.word}.`],
  freemium: [(c) => `Today: paid ${c.word} tools with a short trial, or spreadsheets.`, (c) => `They make do with a generic app that never fits ${c.word}.`, (c) => `Most ${c.who} sign up, hit the paywall, and leave.`],
  membership: [(c) => `Today: pay-as-you-go ${c.word}, at full price each time.`, (c) => `They try a big chain's ${c.word} plan and stop going.`, (c) => `Most ${c.who} mean to do ${c.word} and rarely do.`],
  service: [(c) => `Today: ${c.word} done by the owner at night, or by a general firm.`, (c) => `They hand ${c.word} to whoever is cheapest and explain their trade every year.`, (c) => `Most ${c.who} keep ${c.word} in their own hands and fall behind.`],
};

/** What the problem costs them (third bullet). */
export const COST_LINES: Record<Pool, Line[]> = {
  consumable: [(c) => `Each week without good ${c.word} nearby is a meal that falls flat.`, (c) => `The cost: money on ${c.word} nobody finishes.`, (c) => `Good ${c.word} makers lose customers to convenience.`],
  software: [(c) => `Every hour of ${c.word} admin is an hour ${c.who} can't bill.`, (c) => `Errors in ${c.word} surface late, when they are expensive.`, (c) => `${cap(c.word)} done by hand doesn't scale past a few clients.`],
  subscription: [(c) => `Running out of ${c.word} means a rushed order at full price.`, (c) => `The ${c.word} turns into a chore instead of a treat.`, (c) => `Nobody owning the ${c.word} means nobody enjoys it.`],
  "one-off": [(c) => `Cheap ${c.word} costs more once it is bought twice.`, (c) => `The wrong ${c.word} sits unused in a drawer.`, (c) => `${cap(c.who)} stop trusting ${c.word} sold online.`],
  free: [(c) => `Without ${c.word}, ${c.who} fall behind those who can pay.`, (c) => `Every skipped ${c.word} tool means slower work by hand.`, (c) => `The price keeps ${c.word} for the few.`],
  "open-source": [(c) => `Hand-written ${c.word} code drifts, breaks and eats review time.`, (c) => `Each seat of a closed ${c.word} tool grows the bill.`, (c) => `Lock-in makes the ${c.word} vendor's roadmap yours.`],
  "local-service": [(c) => `Each postponed ${c.word} costs a weekend, or a bigger problem later.`, (c) => `Half a day per ${c.word} adds up to weeks a year.`, (c) => `Put-off ${c.word} turns into an urgent, costly fix.`],
  booking: [(c) => `Every missed ${c.word} slot is progress lost.`, (c) => `Back-and-forth puts people off ${c.word} before they start.`, (c) => `Empty ${c.word} slots cost providers as much as customers.`],
  marketplace: [(c) => `Sellers of ${c.word} lose buyers; buyers overpay or give up.`, (c) => `Without trust, nobody knows who to buy ${c.word} from.`, (c) => `Good ${c.word} changes hands far less than it could.`],
  freemium: [(c) => `Paying upfront for ${c.word} means paying for unused features.`, (c) => `${cap(c.who)} who can't try ${c.word} first never start.`, (c) => `Trials end before ${c.word} becomes a habit.`],
  membership: [(c) => `Skipped ${c.word} weeks add up to a habit never formed.`, (c) => `Per-visit ${c.word} costs regulars more than a plan would.`, (c) => `Places for ${c.word} lose the people who would come back.`],
  service: [(c) => `Every evening on ${c.word} is one not spent on the business.`, (c) => `A missed ${c.word} deadline costs more than the work itself.`, (c) => `General firms bill ${c.who} for learning their trade.`],
};

export const PROBLEM_CALLOUTS: Record<Pool, Line[]> = {
  consumable: [(c) => `${cap(c.word)}, hard to find`, (c) => `${cap(c.word)}: sold out by noon`, (c) => `Shelf ${c.word} isn't enough`],
  software: [(c) => `${cap(c.word)} by copy-paste`, (c) => `Hours lost to ${c.word}`, (c) => `${cap(c.word)} admin piles up`],
  subscription: [(c) => `Out of ${c.word} again`, (c) => `Who reorders the ${c.word}?`, (c) => `${cap(c.word)} on autopilot? Not yet`],
  "one-off": [(c) => `${cap(c.word)} bought twice`, (c) => `${cap(c.word)} made for no one`, (c) => `Generic ${c.word}`],
  free: [(c) => `${cap(c.word)}, priced out`, (c) => `${cap(c.word)} behind a paywall`, (c) => `No ${c.word} without a card`],
  "open-source": [(c) => `${cap(c.word)} by hand`, (c) => `Closed, costly ${c.word}`, (c) => `${cap(c.word)}, rebuilt every time`],
  "local-service": [(c) => `Half a day for ${c.word}`, (c) => `${cap(c.word)} keeps slipping`, (c) => `${cap(c.word)}: the drive, the wait`],
  booking: [(c) => `No ${c.word} slot that fits`, (c) => `${cap(c.word)}, hard to book`, (c) => `${cap(c.word)} by phone tag`],
  marketplace: [(c) => `${cap(c.word)}, scattered`, (c) => `Who sells this ${c.word}?`, (c) => `Ten sites for ${c.word}`],
  freemium: [(c) => `Pay before you try ${c.word}`, (c) => `${cap(c.word)} behind a card form`, (c) => `${cap(c.word)} trials that run out`],
  membership: [(c) => `${cap(c.word)}, now and then`, (c) => `Pay per ${c.word} visit`, (c) => `No ${c.word} habit`],
  service: [(c) => `${cap(c.word)} after hours`, (c) => `Nobody who knows ${c.who}`, (c) => `${cap(c.word)} keeps slipping`],
};

/** How the solution works for them (second bullet of the solution). */
export const HOW_LINES: Record<Pool, Line[]> = {
  consumable: [(c) => `Made fresh${c.where} and ordered ahead, so ${c.who} skip the queue.`, (c) => `${c.name} makes ${c.word} in small batches, close to when it's eaten.`, (c) => `Order ${c.word} ahead from ${c.name}, pick it up fresh.`],
  software: [(c) => `${c.name} does the repetitive ${c.word} steps; ${c.who} check and send.`, (c) => `One place for ${c.word}, set up by ${c.who} themselves in an afternoon.`, (c) => `${c.name} keeps every ${c.word} record in one view ${c.who} can share.`],
  subscription: [(c) => `${cap(c.word)} arrives on a schedule ${c.who} set, and changes when they ask.`, (c) => `${c.name} picks the ${c.word}; skipping or pausing takes one click.`, (c) => `${c.name} sends ${c.word} chosen for ${c.who}, before it runs out.`],
  "one-off": [(c) => `${cap(c.product)} made to last, sold directly by ${c.name}.`, (c) => `${c.name} makes fewer ${c.word} pieces, better, and says what goes into each.`, (c) => `Each ${c.word} piece from ${c.name} says who made it and how.`],
  free: [(c) => `${c.name} gives ${c.who} ${c.word} at no cost, no card and no trial clock.`, (c) => `${cap(c.word)} for anyone who needs it, from the first visit.`, (c) => `${c.name} opens ${c.word} to every one of the ${c.who}, free.`],
  "open-source": [(c) => `${c.name} turns the ${c.word} chore into one command ${c.who} can read and change.`, (c) => `Open code, run on your own setup: ${c.word} without lock-in.`, (c) => `${c.name} ships as open code; ${c.who} install it in a minute.`],
  "local-service": [(c) => `${c.name} comes to ${c.who}${c.where}: no trip and no waiting room.`, (c) => `Book a ${c.word} visit around the week; ${c.name} arrives at the agreed time.`, (c) => `${c.name} handles ${c.word} on site while ${c.who} get on with the day.`],
  booking: [(c) => `${c.name} shows open ${c.word} times and books one in a minute.`, (c) => `${cap(c.who)} pick a ${c.word} slot that fits, with reminders before each one.`, (c) => `One link books ${c.word} with ${c.name}; changes take a tap.`],
  marketplace: [(c) => `${c.name} puts ${c.word} offers side by side, with who stands behind each.`, (c) => `One place where buyers and sellers of ${c.word} meet and deal safely.`, (c) => `${c.name} checks ${c.word} sellers so buyers can deal with confidence.`],
  freemium: [(c) => `${c.name} is free to start; ${c.who} pay only when ${c.word} needs grow.`, (c) => `Try ${c.word} in ${c.name} for free, upgrade when it proves itself.`, (c) => `Start ${c.word} free in ${c.name}; the paid plan adds what teams need.`],
  membership: [(c) => `One ${c.name} membership covers ${c.word} for as long as ${c.who} stay.`, (c) => `Join ${c.name} once; ${c.word} is there every week.`, (c) => `${c.name} makes ${c.word} a place ${c.who} belong to.`],
  service: [(c) => `${c.name} does the ${c.word} for ${c.who}, and only for them.`, (c) => `Hand ${c.word} to ${c.name}; the owner gets the evenings back.`, (c) => `${c.name} knows the trade of ${c.who}, so ${c.word} needs no explaining.`],
};

/** Why this business wins against what is there (the market slide's competition bullet). */
export const EDGE_LINES: Record<Pool, Line[]> = {
  consumable: [(c) => `${c.name} wins on freshness and on being close to ${c.who}.`, (c) => `The edge: ${c.word} made the same day, in small batches.`, (c) => `Against shelf ${c.word}: taste, and a maker ${c.who} can meet.`],
  software: [(c) => `${c.name} wins by being built only for ${c.who}, not adapted for them.`, (c) => `The edge: set up in an afternoon, no consultant for ${c.word}.`, (c) => `Against suites: only the ${c.word} jobs ${c.who} do, done well.`],
  subscription: [(c) => `${c.name} wins on never running out, with ${c.word} chosen for ${c.who}.`, (c) => `The edge: ${c.word} picked for ${c.who}, on their own schedule.`, (c) => `Against one-off orders: ${c.word} that arrives before anyone asks.`],
  "one-off": [(c) => `${c.name} wins on ${c.word} that lasts, from a maker people can name.`, (c) => `The edge: fewer, better ${c.word} pieces, sold directly.`, (c) => `Against mass-market ${c.word}: a piece ${c.who} keep for years.`],
  free: [(c) => `${c.name} wins on price: nothing, for as many ${c.who} as need it.`, (c) => `The edge: no paywall between ${c.who} and ${c.word}.`, (c) => `Against paid ${c.word}: zero cost and nothing to sign.`],
  "open-source": [(c) => `${c.name} wins on openness: ${c.who} can read, run and fix it.`, (c) => `The edge: free to adopt, no seat price, no lock-in for ${c.word}.`, (c) => `Against closed ${c.word} tools: code ${c.who} own.`],
  "local-service": [(c) => `${c.name} wins by coming to ${c.who}, at times that fit.`, (c) => `The edge: the ${c.word} comes to the door${c.where}.`, (c) => `Against shops: ${c.who} stay home; ${c.word} comes to them.`],
  booking: [(c) => `${c.name} wins on booking that takes a minute, not a phone call.`, (c) => `The edge: clear ${c.word} times and no back-and-forth.`, (c) => `Against phone bookings: ${c.word} times visible at a glance.`],
  marketplace: [(c) => `${c.name} wins by being only about ${c.word}, with sellers people can trust.`, (c) => `The edge: one focused place for ${c.word} instead of ten general ones.`, (c) => `Against general sites: every listing is ${c.word}, nothing else.`],
  freemium: [(c) => `${c.name} wins on trying first: ${c.who} pay only once it works.`, (c) => `The edge: a free plan good enough to make ${c.word} a habit.`, (c) => `Against paid-first tools: ${c.who} see ${c.word} working before paying.`],
  membership: [(c) => `${c.name} wins by turning ${c.word} into a habit for ${c.who}.`, (c) => `The edge: one plan, and ${c.word} made for ${c.who}.`, (c) => `Against pay-per-visit: ${c.word} ${c.who} keep doing.`],
  service: [(c) => `${c.name} wins by knowing ${c.who} better than a general firm.`, (c) => `The edge: ${c.word} by people who work only with ${c.who}.`, (c) => `Against general firms: ${c.word} that speaks the trade of ${c.who}.`],
};

/** Speaker notes of the problem slide: how to open, about this business. */
export const PROBLEM_NOTES: Record<Pool, Line[]> = {
  consumable: [(c) => `Open with a regular you have met: where they bought ${c.word} last week and what was missing.`, (c) => `Bring a photo of the ${c.word} on the nearest shelf${c.where} and say what is wrong with it.`, (c) => `Describe the ${c.word} ${c.who} buy today: where, when, and what they say about it.`],
  software: [(c) => `Open with one of the ${c.who} you interviewed: show the spreadsheet or inbox they use for ${c.word} today.`, (c) => `Time it: how long does one round of ${c.word} take them now? Say the number you measured.`, (c) => `Bring a screenshot of the ${c.word} file ${c.who} keep today.`],
  subscription: [(c) => `Open with the person who reorders ${c.word} for ${c.who}: when did it last run out?`, (c) => `Tell the story of one week when the ${c.word} ran out and what happened next.`, (c) => `Ask the room who ran out of ${c.word} this month, then tell one customer story.`],
  "one-off": [(c) => `Open with the last ${c.word} one of the ${c.who} you met bought, and why they regret it.`, (c) => `Hold up a mass-market ${c.word} and say what it gets wrong for ${c.who}.`, (c) => `Name the shop where ${c.who} buy ${c.word} now and what they pay.`],
  free: [(c) => `Open with someone who went without ${c.word} because of the price.`, (c) => `Show the paywall ${c.who} hit when they looked for ${c.word}.`, (c) => `Quote the price ${c.who} would pay for ${c.word} today.`],
  "open-source": [(c) => `Open with the ${c.word} code a developer you know rewrote this month, and how long it took.`, (c) => `Show a real pull request full of hand-written ${c.word} glue.`, (c) => `Count the lines of ${c.word} glue in a project you know.`],
  "local-service": [(c) => `Open with a customer${c.where}: the last time ${c.word} cost them a Saturday.`, (c) => `Walk through one ${c.word} appointment today, door to door, with the minutes it takes.`, (c) => `Read out a message from one of the ${c.who} trying to fit ${c.word} into their week.`],
  booking: [(c) => `Open with the messages someone exchanged to book ${c.word} last month.`, (c) => `Show how many steps booking ${c.word} takes today, one by one.`, (c) => `Play the voicemail, or show the message thread, of one ${c.word} booking.`],
  marketplace: [(c) => `Open with a buyer who searched several places for ${c.word} and what they ended up paying.`, (c) => `Show a seller of ${c.word} whose listing nobody found.`, (c) => `Show three tabs open for the same ${c.word}, at three prices.`],
  freemium: [(c) => `Open with someone who abandoned a ${c.word} tool at the card form.`, (c) => `Show the pricing page ${c.who} meet before they can try ${c.word}.`, (c) => `Show how far ${c.who} get into a ${c.word} tool before it asks for a card.`],
  membership: [(c) => `Open with one of the ${c.who}: how often they meant to do ${c.word} last month, and how often they did.`, (c) => `Show what a month of ${c.word} costs per visit today.`, (c) => `Tell why a regular stopped coming for ${c.word}.`],
  service: [(c) => `Open with one of the ${c.who}: the last evening they spent on ${c.word}.`, (c) => `Tell what a missed ${c.word} deadline cost someone you know.`, (c) => `Show how many hours a month ${c.word} takes an owner today.`],
};

/** The notes' second sentence: how to hold the room (any business; several wordings). */
export const PROBLEM_NOTE_CLOSES: Line[] = [
  (c) => `One minute, one person, one cost; the ${c.label} details can wait.`,
  (c) => `Swap every general claim for something ${c.who} told you in an interview.`,
  (c) => `Finish on the question the next slide answers for ${c.who}.`,
  (c) => `Keep it short: the room should feel the ${c.word} problem before it hears the fix.`,
  (c) => `A quote from one of the ${c.who} is worth more here than any statistic.`,
  (c) => `If you have measured it, say the number; if not, tell what ${c.who} said.`,
];

export const SOLUTION_NOTES: Line[] = [
  (c) => `Say what ${c.name} is in one sentence, then show it working: a photo, a screen or a ${c.word} demo.`,
  (c) => `Walk through the moment the ${c.word} problem goes away for one of the ${c.who}.`,
  (c) => `Show, don't list: one picture of ${c.name} in use beats three bullets about ${c.word}.`,
  (c) => `Name the one thing ${c.name} does for ${c.who} that the alternatives can't.`,
  (c) => `Demo first: thirty seconds of ${c.name} doing ${c.word}, then the words.`,
];

/** The solution notes' close: back to the customer (several wordings). */
export const SOLUTION_NOTE_CLOSES: Line[] = [
  (c) => `End on "${c.tagline}" and let it sit.`,
  (c) => `Then connect it to ${c.who}: what changes in their week.`,
  (c) => `Leave the details of ${c.word} for questions; the slide is the promise.`,
  (c) => `Finish with who it is for: ${c.who}${c.where}.`,
];

/** The market notes: how to count these customers, per payment model. */
export const MARKET_NOTES: Record<Pool, Line[]> = {
  consumable: [(c) => `Count the households or offices${c.where} you can deliver ${c.word} to, then how often they would buy.`, (c) => `Start from footfall: how many ${c.who} pass${c.where} in a week, and how many stop.`, (c) => `Ask nearby shops how much ${c.word} they sell a week; it anchors the count.`],
  software: [(c) => `Count the ${c.who} you can list by name (a directory, ${c.channels[0]}), then the seats each would pay for.`, (c) => `Size it from ${c.channels[0]}: how many ${c.who} are there, and what share runs ${c.word} weekly.`, (c) => `List twenty ${c.who} by name; the market is that list, times the seats.`],
  subscription: [(c) => `Count the ${c.who} you can reach on ${c.channels[c.channels.length > 2 ? 2 : 1]}, then how many stay a year.`, (c) => `Start from one month: how many ${c.word} boxes could ship, and to whom?`, (c) => `Count subscribers you could win in a year, not the whole ${c.label} market.`],
  "one-off": [(c) => `Count the ${c.who} who buy ${c.word} each year and how often; ${c.channels[0]} is a place to start.`, (c) => `Size it from your first channel, ${c.channels[0]}: reach, then buyers, then orders.`, (c) => `Estimate orders, not people: how many ${c.word} pieces sell in a year?`],
  free: [(c) => `Count users first: the ${c.who} you can reach on ${c.channels[0]}; revenue comes later.`, (c) => `Free means the number that matters is how many ${c.who} use ${c.word} weekly.`, (c) => `Show the weekly users you expect for ${c.word}, then what one is worth later.`],
  "open-source": [(c) => `Count teams, not stars: how many ${c.who} run ${c.word} work you could replace?`, (c) => `Use public signals on ${c.channels[0]}: projects, downloads and issues about ${c.word}.`, (c) => `Count repositories that would use ${c.word}, then the teams behind them.`],
  "local-service": [(c) => `Count the ${c.who}${c.where} within your travel radius: a local directory or council figures help.`, (c) => `Draw your route${c.where}: how many ${c.word} visits fit in a day, and how many homes are on it?`, (c) => `Mark the postcodes you serve${c.where}; count the ${c.who} in them.`],
  booking: [(c) => `Count the ${c.who} within reach and how many ${c.word} sessions each books a year.`, (c) => `Start from capacity: ${c.word} sessions a week you can run, then who fills them.`, (c) => `Fill one week of ${c.word} sessions on paper: who books, how often?`],
  marketplace: [(c) => `Count both sides: sellers of ${c.word} you can sign, and buyers each one brings.`, (c) => `Size it from today's ${c.word} listings on ${c.channels[0]}: how many, how often, at what price.`, (c) => `Count ${c.word} transactions a month today, wherever they happen.`],
  freemium: [(c) => `Count the ${c.who} who might try ${c.word} free, then the share who upgrade.`, (c) => `Start from ${c.channels[0]}: sign-ups you can win, then paid plans.`, (c) => `Free users first, paying ${c.word} users second: show both numbers.`],
  membership: [(c) => `Count the ${c.who} within reach${c.where}, then how many join and stay a year.`, (c) => `Start from capacity: members ${c.name} can serve well, then who fills the places.`, (c) => `Size it by members, not visits: how many ${c.who} would pay monthly for ${c.word}?`],
  service: [(c) => `Count the ${c.who} you could serve${c.where}, then how many ${c.name} can take on well.`, (c) => `Start from capacity: clients ${c.name} can serve each month, then who fills the places.`, (c) => `Size it by clients kept a year, not by the whole ${c.label} market.`],
};

/** The market notes' close: every one says the figures are an estimate (several wordings). */
export const MARKET_NOTE_CLOSES: Line[] = [
  (c) => `The ${c.label} ranges are an estimate to complete, typical rather than yours.`,
  () => "Label it an estimate until you can cite a source; show the arithmetic.",
  (c) => `A small, sourced estimate of ${c.who} beats a big top-down one.`,
  (c) => `Say "estimate" out loud, and which ${c.word} figure you will check first.`,
  (c) => `Until a source backs it, the ${c.word} number is an estimate: show how you got it.`,
];

/** The business model notes' opening: the ranges are estimates (several wordings). */
export const MODEL_NOTE_OPENINGS: Line[] = [
  (c) => `The ranges for ${c.label} on this slide are estimates, labelled as such.`,
  (c) => `Every ${c.word} price here is an estimate to test, not a quote.`,
  (c) => `Treat these ${c.word} figures as estimates until ${c.who} have paid them.`,
  (c) => `Estimates only: typical ${c.label} prices, to replace with yours.`,
];

export const MODEL_NOTES: Line[] = [
  (c) => `Replace them with what you have tested: a price ${c.who} accepted, the cost to serve one.`,
  (c) => `If any ${c.who} have paid or pre-ordered, say so here: traction beats projections.`,
  (c) => `Defend one number: what one ${c.word} customer is worth over a year.`,
  (c) => `Show the unit: one ${c.word} sale, what it costs, what is left.`,
  (c) => `Investors ask how ${c.name} reaches ${c.who} cheaply; have the answer ready.`,
];

export const ASK_NOTES: Line[] = [
  (c) => `Say how much ${c.name} is raising (or which introductions you want), what it buys, then ask.`,
  (c) => `Name the milestone: the first paying ${c.who}. Then stop talking and ask.`,
  (c) => `Leave ${c.name}'s contact details on screen and ask for one specific thing.`,
  (c) => `One request, one number, one date: what ${c.name} needs to win ${c.who}.`,
  (c) => `Ask for the intro to the ${c.label} people in the room, by name if you can.`,
];

/** The market slide's headline. */
export const MARKET_TITLES: Line[] = [
  (c) => `Who buys ${c.word}, and how many of them`,
  (c) => `Starting with ${c.who}${c.where}`,
  (c) => `${cap(c.who)}: the first ${c.label} market`,
  (c) => `Where ${c.name} starts`,
];

export const MODEL_TITLES: Line[] = [(c) => `How ${c.name} makes money`, (c) => `The economics of ${c.word}`, (c) => `What ${c.who} pay for`, (c) => `${cap(c.label)}, priced to test`];

export const ASK_TITLES: Line[] = [(c) => `What ${c.name} needs next`, (c) => `The ask: ${c.name}'s next step`, (c) => `Help ${c.name} reach ${c.who}`, (c) => `Next for ${c.word}${c.where}`];

/** The next 90 days, per goal: about this business. */
export const NEXT_STEPS: Record<string, Line[]> = {
  "collect emails": [(c) => `Next 90 days: grow the ${c.word} list and turn the first readers into customers.`, (c) => `Next 90 days: reach ${c.who} on ${c.channels[1]}, and write to the list every week.`],
  "book calls": [(c) => `Next 90 days: calls with ${c.who}, and the first paying ${c.word} customers.`, (c) => `Next 90 days: run discovery calls about ${c.word} and close the first ten.`],
  "pre-orders": [(c) => `Next 90 days: turn ${c.word} pre-orders into the first production run.`, (c) => `Next 90 days: open pre-orders to ${c.who} and ship the first batch.`],
  /** Pre-orders of a place (a camp, a class, a service): filled, never shipped. */
  reserve: [(c) => `Next 90 days: fill the first ${c.word} places with ${c.who}.`, (c) => `Next 90 days: open reservations to ${c.who} and confirm the first dates.`],
  waitlist: [(c) => `Next 90 days: open ${c.name} to the waitlist in small batches.`, (c) => `Next 90 days: invite the first ${c.who} from the waitlist and learn from them.`],
  downloads: [(c) => `Next 90 days: turn the first ${c.word} downloads into weekly users.`, (c) => `Next 90 days: reach ${c.who} on ${c.channels[0]} and count who keeps using it.`],
};

export const TALK_LINES: Line[] = [
  (c) => `Talk to 20 more ${c.who}, then publish the ${c.name} page.`,
  (c) => `Meet ${c.who} where they are: ${c.channels[c.channels.length > 2 ? 2 : 1]}.`,
  (c) => `Test the ${c.word} price with the first ${c.who} before any scale.`,
  (c) => `Publish ${c.name}'s page and share it on ${c.channels[0]}.`,
];

export const ASK_LINES: Line[] = [
  (c) => `The ask: funding or introductions to reach the first paying ${c.who}; say the amount.`,
  (c) => `We ask for introductions to ${c.who} and the people who serve them.`,
  (c) => `The ask: what gets ${c.name} to its first ${c.word} milestone; name the figure.`,
  (c) => `Wanted: ${c.label} advisers and the budget for a first ${c.word} season.`,
];

/** The solution's call to action, per goal, naming the business. */
export const GOAL_LINES: Record<string, Line[]> = {
  "collect emails": [(c) => `Join the ${c.name} list for launch news.`, (c) => `Leave an e-mail and hear first when ${c.word} is ready.`],
  "book calls": [(c) => `Book a call: ${c.name} walks you through it.`, (c) => `A short call to plan your ${c.word}.`],
  "pre-orders": [(c) => `Pre-order ${c.word} to lock in the launch price.`, (c) => `Reserve yours before the first ${c.name} batch.`],
  reserve: [(c) => `Reserve a ${c.word} place with one e-mail.`, (c) => `Hold a place at ${c.name} with one e-mail.`],
  waitlist: [(c) => `Join the ${c.name} waitlist for early access.`, (c) => `Early places for ${c.who} go to the waitlist first.`],
  downloads: [(c) => `Download ${c.name} and try it today.`, (c) => `Try ${c.word} on your own work today.`],
};

/** The ask slide's callout, per goal. */
export const GOAL_CALLOUTS: Record<string, string> = {
  "collect emails": "Join the list",
  "book calls": "Book a call",
  "pre-orders": "Pre-order now",
  reserve: "Reserve a place",
  waitlist: "Join the waitlist",
  downloads: "Download it",
};
