import type { LaunchKit } from "~/platform/db/schema";
import { answerLines, generationInput } from "~/kit/input";
import { getProvider } from "~/ai/index.server";
import { businessWords, understandingOf } from "~/kit/assets/launch-copy";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { cleanText, sentencesOf, type CleanupContext } from "~/kit/copy/cleanup";
import { businessLines } from "~/kit/understanding";
import { logError } from "~/platform/log.server";
import { SIGNIFICANCE_TEST, significantWinner } from "~/features/analytics/index.server";
import { checkCustomerCopy, kitCheckContext, type CustomerCheckContext } from "~/kit/copy/customer-check";
import {
  allowedNumbers,
  ARM_NAMES,
  bestSource,
  count,
  experimentStanding,
  FIELD_NAMES,
  figureNameWords,
  firstPeriod,
  keepFactNumbersIn,
  nameWords,
  percent,
  possessive,
  previousName,
  priceChanges,
  ReviewTextSchema,
  runningExperiment,
  topicFacts,
  topicsFor,
  winningExperiment,
  type ReviewBody,
  type ReviewFigures,
  type ReviewText,
  type Topic,
} from "./review";

/**
 * The written part of a monthly strategy review: a summary, what the
 * competitors did, three priorities for the next 30 days with concrete
 * actions, and a 30/60/90-day plan. The configured model (or, offline, the
 * builtin writer below) gets the month's figures and writes words only:
 * each priority names the fact it is about by key (the renderer writes that
 * fact's numbers), and any digit sequence the text still holds that is not
 * one of the figures is removed (keepFactNumbers). Both writers' text then
 * goes through the copy clean-up (cleanText).
 */

/** What the writers know of the business, from the brand and its stored understanding. */
export type ReviewBusiness = {
  name: string;
  what: string;
  product: string;
  customers: string;
  place: string | null;
  channels: string[];
  payment: string;
  goal: string;
};

export function reviewBusiness(kit: LaunchKit, brand: Brand): ReviewBusiness {
  const input = generationInput(kit);
  const u = understandingOf(input, brand);
  const w = businessWords(u);
  return {
    name: brand.name,
    what: w.what,
    product: w.product,
    customers: w.customers,
    place: w.place,
    channels: u.channels.length > 0 ? u.channels.slice(0, 4) : ["the communities where your customers ask for advice"],
    payment: u.payment,
    goal: input.primary_goal,
  };
}

/** Countries, continents and "nationwide" markets: a person asking for a review does not say "customers in United States". */
const NOT_LOCAL =
  /^(the\s+)?(united states( of america)?|usa?|u\.s\.a?\.?|america|north america|south america|latin america|canada|mexico|brazil|argentina|united kingdom|uk|u\.k\.|great britain|britain|england|scotland|wales|northern ireland|ireland|france|germany|spain|portugal|italy|netherlands|belgium|switzerland|austria|sweden|norway|denmark|finland|poland|czechia|greece|turkey|europe|eu|european union|asia|africa|oceania|australia|new zealand|india|china|japan|south korea|singapore|indonesia|philippines|nigeria|kenya|south africa|egypt|uae|united arab emirates|israel|emea|apac|dach|nordics|benelux|worldwide|global|online|international|nationwide|anywhere|remote)$/i;

/** The place as a person would say it after "in" ("in Leeds", "in the Bay Area"): a town or a region, never a country or a continent. */
export function localPlace(place: string | null): string | null {
  const p = (place ?? "").trim().replace(/[.,;]+$/, "");
  // "Leeds, UK" → "Leeds"; "Austin, Texas" stays; "United States" is not a place a person would say here.
  const local = p.split(/\s*,\s*/).filter((part) => part && !NOT_LOCAL.test(part));
  return local.length > 0 ? local.join(", ") : null;
}

/** A traffic source as a founder names it: "instagram.com" → Instagram (a social network), "google" → Google search, "Direct / none" → direct visits. */
export function sourceName(source: string): { name: string; kind: "social" | "search" | "direct" | "email" | "site" } {
  const s = source.trim().toLowerCase().replace(/^www\./, "").replace(/^(l|m|lm)\./, "");
  const social: Array<[RegExp, string]> = [
    [/^(instagram\.com|instagram)$/, "Instagram"],
    [/^(facebook\.com|fb\.com|facebook|fb)$/, "Facebook"],
    [/^(t\.co|twitter\.com|x\.com|twitter|x)$/, "X (Twitter)"],
    [/^(linkedin\.com|lnkd\.in|linkedin)$/, "LinkedIn"],
    [/^(reddit\.com|old\.reddit\.com|reddit)$/, "Reddit"],
    [/^(news\.ycombinator\.com|hn)$/, "Hacker News"],
    [/^(pinterest\.[a-z.]+|pin\.it|pinterest)$/, "Pinterest"],
    [/^(tiktok\.com|tiktok)$/, "TikTok"],
    [/^(youtube\.com|youtu\.be|youtube)$/, "YouTube"],
    [/^(producthunt\.com|product hunt)$/, "Product Hunt"],
    [/^(nextdoor\.[a-z.]+|nextdoor)$/, "Nextdoor"],
    [/^(threads\.net|threads)$/, "Threads"],
    [/^(bsky\.app|bluesky)$/, "Bluesky"],
  ];
  for (const [re, name] of social) if (re.test(s)) return { name, kind: "social" };
  if (/^(google|bing|duckduckgo|yahoo|ecosia|brave|search)(\.[a-z.]+)?$/.test(s)) return { name: `${s.split(".")[0]!.charAt(0).toUpperCase()}${s.split(".")[0]!.slice(1)} search`.replace(/^Duckduckgo/, "DuckDuckGo"), kind: "search" };
  if (/^(direct|direct \/ none|\(direct\)|none)$/.test(s)) return { name: "direct visits", kind: "direct" };
  if (/^(email|e-mail|newsletter|mail)$|mail\./.test(s)) return { name: "your e-mails", kind: "email" };
  return { name: source.trim(), kind: "site" };
}

/** A channel with its preposition: "on LinkedIn", "on Product Hunt", but "in Slack communities", "in local Facebook groups". */
export function onOrIn(channel: string): string {
  return `${/communit|groups?\b|forums?\b|director|newsletters?\b|clubs?\b|events?\b|meetups?\b|fairs?\b|markets?\b|circles?\b|where your customers/i.test(channel) ? "in" : "on"} ${channel}`;
}

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** Two channels with their prepositions: "on LinkedIn and Product Hunt", "on Nextdoor and in local Facebook groups". */
function onOrInList(channels: string[]): string {
  const parts = channels.map(onOrIn);
  if (parts.length === 2 && parts[0]!.split(" ")[0] === parts[1]!.split(" ")[0]) return `${parts[0]} and ${parts[1]!.replace(/^\S+ /, "")}`;
  return list(parts);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A watched page's label in a sentence: "pricing" → "pricing page", a URL → its last path part's page. */
function pageWords(page: string): string {
  let p = page.trim();
  if (/^https?:\/\//i.test(p)) {
    try {
      p = decodeURIComponent(new URL(p).pathname.replace(/\/+$/, "").split("/").pop() ?? "").replace(/[-_]+/g, " ") || "home";
    } catch {
      p = "page";
    }
  }
  p = p.replace(/^\/+/, "").replace(/[-_/]+/g, " ").trim() || "home";
  const label = /^[A-Z][a-z]+$/.test(p) ? p.toLowerCase() : p;
  return /\bpage$/i.test(label) ? label : `${label} page`;
}

type Priority = ReviewText["priorities"][number];

/**
 * Whether the source that brought the most sign-ups converts better than the other sources together
 * by a difference the experiments' test calls significant (the two-proportion z-test of
 * significantWinner, the others as the original): only then is it "what works". More sign-ups from
 * more visitors, or a rate a little higher (11.9% against 10.5%), may be chance.
 */
export function sourceWorks(f: ReviewFigures): boolean {
  const best = bestSource(f);
  if (!best) return false;
  const rest = f.topSources.filter((s) => s !== best);
  const others = { key: "others", visitors: rest.reduce((n, s) => n + s.visitors, 0), conversions: rest.reduce((n, s) => n + s.leads, 0) };
  return significantWinner([others, { key: "best", visitors: best.visitors, conversions: best.leads }])?.key === "best";
}

/** The builtin writer's priority on a topic: written for this business and these figures. */
function builtinPriority(topic: Topic, f: ReviewFigures, b: ReviewBusiness): Priority {
  const [ch1, ch2 = ch1] = b.channels;
  const place = localPlace(b.place);
  const where = place ? ` in ${place}` : "";
  switch (topic) {
    case "experiment-apply": {
      const e = winningExperiment(f)!;
      const arm = e.arms.find((a) => a.label === e.winner);
      const field = (FIELD_NAMES[e.field] ?? e.field).toLowerCase();
      return {
        topic,
        title: `Keep the winning ${field}`,
        why: `In the experiment on the ${field}, ${ARM_NAMES(e.winner!)}${arm ? ` ("${arm.text}")` : ""} brought more sign-ups than the original, and the difference passes a ${SIGNIFICANCE_TEST} at the five-percent level shared among the variants, so it is unlikely to be chance. Every day the original stays up, some ${b.customers} leave without signing up.`,
        actions: [
          `Open Experiments, stop the ${field} test and apply ${ARM_NAMES(e.winner!)} to the page.`,
          `Use the same promise in your next posts and e-mails about ${b.name}, so the message is the same everywhere.`,
          "After applying it, start the next experiment on another part of the page (the button or the subheadline).",
        ],
      };
    }
    case "distribution":
      return {
        topic,
        title: f.visitors === 0 ? `Bring the first visitors to ${b.name}` : `Bring more ${b.customers} to the page`,
        why:
          f.visitors === 0
            ? `Nobody saw the page this period, so nothing else can be judged yet. ${cap(b.customers)}${where} gather ${onOrInList(b.channels.slice(0, 2))}: that is where the first visitors come from.`
            : `The page needs more of the right visitors before the sign-up rate means much. ${cap(b.customers)}${where} gather ${onOrInList(b.channels.slice(0, 2))}.`,
        actions: [
          `Share what ${b.name} does ${onOrIn(ch1!)}, in your own words, with the page's link.`,
          `Answer questions about ${b.what} ${onOrIn(ch2!)} each week, and mention ${b.name} only where it really helps.`,
          "Add utm_source to every link you share, so Analytics shows which channel brings sign-ups.",
        ],
      };
    case "signup": {
      const top = f.topSources[0];
      const noSourceWorks = !bestSource(f) && top && top.visitors > 0;
      const topName = top ? sourceName(top.source).name : "";
      return {
        topic,
        title: f.leads === 0 ? "Turn visitors into the first sign-ups" : noSourceWorks ? `Turn visitors from ${topName} into sign-ups` : "Win more sign-ups from the same visitors",
        why:
          f.leads === 0
            ? `People reach the page but nobody has left an e-mail yet: the offer or the form stops them. ${cap(b.customers)} need to see at once what ${b.what} does for them.`
            : noSourceWorks
              ? `${cap(topName)} sent the most visitors, but none of them signed up: before bringing more, make the page convince the ones who come.`
              : `Visitors arrive, but most leave without signing up. A clearer promise for ${b.customers} is the cheapest growth there is.`,
        actions: [
          runningExperiment(f)?.field === "headline"
            ? `Draft a headline that says what ${b.name} does for ${b.customers} in one plain sentence, ready for when the headline test ends.`
            : `Rewrite the headline so it says what ${b.name} does for ${b.customers} in one plain sentence.`,
          "Keep the form to the e-mail field alone and say what people get when they sign up.",
          runningExperiment(f)
            ? `Once the running experiment on the ${fieldName(runningExperiment(f)!)} has its result, test the new headline against the current one in Experiments rather than guessing.`
            : "Test the new headline against the current one in Experiments rather than guessing.",
        ],
      };
    }
    case "top-source": {
      const s = bestSource(f)!;
      const { name, kind } = sourceName(s.source);
      const more =
        kind === "social"
          ? `Post again on ${name}, with a new angle on ${b.what}, and answer the comments yourself.`
          : kind === "search"
            ? `Write one more page or post that answers what ${b.customers} search for about ${b.what}.`
            : kind === "direct"
              ? `Direct visits come from people who had the link already: keep putting it in your e-mail signature, on your card and in your replies.`
              : kind === "email"
                ? `Send the next e-mail to your list with one clear link to the page.`
                : `Go back to ${name}: post again there, or ask whoever linked to ${b.name} about a second mention.`;
      return {
        topic,
        title: sourceWorks(f) ? `Do more of what works: ${name}` : `Build on ${name}`,
        why: sourceWorks(f)
          ? `${cap(name)} turned more of its visitors into sign-ups than the other sources together, by a difference a ${SIGNIFICANCE_TEST} calls significant. Doubling down on a channel that already turns ${b.customers} into sign-ups is faster than opening a new one.`
          : `${cap(name)} ${f.topSources.some((o) => o !== s && o.leads === s.leads) ? "turned more of its visitors into sign-ups than any other source" : "brought the most sign-ups"} this period, but the difference from the other sources is not significant by a ${SIGNIFICANCE_TEST} yet: keep it going and keep counting before you drop any other channel.`,
        actions: [
          more,
          kind === "direct" ? `Ask the people who signed up how they heard of ${b.name}, and use their words on the page.` : `Ask the people who came from ${name} what made them sign up, and use their words on the page.`,
        ],
      };
    }
    case "experiment-start":
      return {
        topic,
        title: "Start an experiment on the headline",
        why: `The page has visitors but no test running, so every change is a guess. One experiment on the headline shows which promise ${b.customers} answer.`,
        actions: [
          "Open Experiments and start a test of the headline with the suggested versions.",
          "Leave it running until it names a winner, without editing the page in between.",
        ],
      };
    case "competitor-pricing": {
      const c = priceChanges(f)[0]!;
      return {
        topic,
        title: `Answer ${possessive(c.competitor)} pricing change`,
        why: `${c.competitor} changed its ${pageWords(c.page)} (the change is under "What competitors did"). ${cap(b.customers)} compare before they buy, so ${possessive(b.name)} price and what it includes should be easy to find and easy to compare.`,
        actions: [
          `Say plainly on the page what ${b.name} costs and what is included.`,
          `Write one post or e-mail on how ${b.name} differs from ${c.competitor} for ${b.customers}, without attacking it.`,
          "Read the change again in the Competitors section and note what it tells you about who they now sell to.",
        ],
      };
    }
    case "competitor-moves": {
      const names = [...new Set(f.competitorChanges.map((c) => c.competitor))].slice(0, 3);
      return {
        topic,
        title: "Use what competitors changed",
        why: `${list(names)} changed ${names.length === 1 ? (f.competitorChanges.length === 1 ? "a page" : "its pages") : "their pages"} this period. ${f.competitorChanges.length === 1 ? "The change says" : "Each change says"} what ${names.length === 1 ? "it thinks" : "they think"} ${b.customers} want; where ${names.length === 1 ? "it goes" : "they go"}, ${b.name} can stand apart.`,
        actions: [
          "Read each change in the Competitors section and write down one thing it means for your page.",
          `Make the one thing only ${b.name} offers the first thing visitors see.`,
        ],
      };
    }
    case "email-sequence":
      return {
        topic,
        title: f.emails.sent === 0 ? "Welcome every new lead by e-mail" : "Keep the e-mails useful",
        why:
          f.emails.sent === 0
            ? `People who sign up for ${b.name} hear nothing yet. A short welcome sequence keeps ${b.name} in mind until they are ready.`
            : `Leads get your e-mails; the next step is that each one gives them a reason to come back to ${b.name}.`,
        actions: [
          "Open the E-mail section, check the welcome e-mail and turn the sequence on.",
          `Add one e-mail with a practical tip about ${b.what} for ${b.customers}.`,
        ],
      };
    case "email-list":
      return {
        topic,
        title: "Talk to the people who signed up",
        why: `The list is the people who already said yes to ${b.name}. What they say is the best guide for the page and the product.`,
        actions: [`Send a short broadcast asking subscribers what they hope ${b.what} will do for them.`, "Reply to every answer yourself and note the words they use."],
      };
  }
}

/** The builtin writer: rules over the figures (a winner to apply, no visitors, no sign-ups, a competitor's price change…). */
export function builtinReview(f: ReviewFigures, b: ReviewBusiness): ReviewText {
  const order: Topic[] = [];
  const add = (t: Topic, when = true) => {
    if (when && !order.includes(t) && topicsFor(f).includes(t)) order.push(t);
  };
  add("experiment-apply");
  add("distribution", f.visitors === 0);
  add("signup", f.visitors > 0 && (f.leads === 0 || (f.conversionRate ?? 0) < 0.02));
  add("competitor-pricing");
  add("email-sequence", f.leads > 0 && f.emails.sent === 0);
  add("top-source", f.leads > 0);
  // Visitors came, but no source brought a lead: turning them into sign-ups comes before "more of the same".
  add("signup", f.visitors > 0 && !bestSource(f));
  add("experiment-start", f.visitors >= 100 && !runningExperiment(f));
  add("competitor-moves");
  add("distribution");
  add("signup");
  add("top-source");
  add("email-sequence");
  add("email-list");
  const priorities = order.slice(0, 3).map((t) => builtinPriority(t, f, b));
  const trend =
    f.visitors === 0
      ? `${possessive(b.name)} page had no visitors yet, so this review is about getting seen by ${b.customers}.`
      : firstPeriod(f)
        ? `This is the first period with numbers for ${b.name}, so there is nothing to compare with yet: people found the page${f.leads > 0 ? " and some of them signed up" : ", but nobody signed up yet"}.`
        : f.visitors > f.previous.visitors
          ? `More people found ${b.name} than in ${previousName(f)}, ${f.leads > f.previous.leads ? "and more of them signed up" : "but sign-ups did not follow yet"}.`
          : f.visitors < f.previous.visitors
            ? `Fewer people found ${b.name} than in ${previousName(f)}; the first job is to bring ${b.customers} back to the page.`
            : `Traffic held steady compared with ${previousName(f)}.`;
  // Who changed what, in one sentence: each change is written in full once, in the list of changes that follows.
  const byCompetitor = new Map<string, Set<string>>();
  for (const c of f.competitorChanges) byCompetitor.set(c.competitor, (byCompetitor.get(c.competitor) ?? new Set()).add(c.page));
  const moves = [...byCompetitor].slice(0, 3).map(([name, pages], i) => `${name}${i === 0 ? " changed" : ""} its ${list([...pages].slice(0, 2).map(pageWords))}`);
  const competitors =
    f.competitorChanges.length === 0
      ? "No change worth your attention was seen on the competitors' pages you watch."
      : `${list(moves)}${byCompetitor.size > 3 ? ", and others changed theirs" : ""}. ${f.competitorChanges.length === 1 ? "What changed and what it means for you is" : "Each change and what it means for you is"} below.`;
  const firstActions = priorities.map((p) => p.actions[0]!);
  const running = runningNote(f);
  return {
    summary: `${trend}${running ? ` ${running}` : ""} The three priorities below are what moves ${b.name} forward in the next 30 days.`,
    competitors,
    priorities,
    plan: {
      days30: firstActions,
      days60: [
        `Keep the channel that brought sign-ups and drop the one that did not; try one new place where ${b.customers} gather (${b.channels[2] ?? b.channels[0]}).`,
        runningExperiment(f) && !winningExperiment(f)
          ? `Let the experiment on the ${fieldName(runningExperiment(f)!)} run until it has a result, without changing the ${fieldName(runningExperiment(f)!)} by hand meanwhile; then test the part of the page it did not.`
          : winningExperiment(f)
            ? "After applying the winning version, run the next experiment on the part of the page that was not tested yet."
            : priorities.some((p) => p.topic.startsWith("experiment"))
            ? "Run the next experiment on the part of the page that was not tested yet."
            : "Start an experiment on the headline once the page has steady visitors.",
        `Send subscribers one useful e-mail about ${b.what} every two weeks.`,
      ],
      days90: [
        b.payment === "subscription" || b.payment === "freemium"
          ? `Ask your first paying customers why they stay with ${b.name}, and put their words on the page.`
          : b.payment === "local-service" || b.payment === "booking"
            ? `Ask happy customers${localPlace(b.place) ? ` in ${localPlace(b.place)}` : ""} for a review and show the best ones on the page.`
            : `Ask the first customers what almost stopped them from buying, and answer it on the page.`,
        `Look back at the last three reviews: keep what grew sign-ups for ${b.name}, stop what did not, and set one goal for the next quarter.`,
      ],
    },
  };
}

const fieldName = (e: { field: string }) => (FIELD_NAMES[e.field] ?? e.field).toLowerCase();

/** The running experiment, reported in words without numbers (the figures show them): what it tests and how it stands. */
function runningNote(f: ReviewFigures): string | null {
  const e = runningExperiment(f);
  if (!e) return null;
  const where = `The experiment on the ${fieldName(e)} is still running`;
  if (winningExperiment(f) === e) return `${where}, and ${ARM_NAMES(e.winner!)} is ahead by a difference a ${SIGNIFICANCE_TEST} calls significant.`;
  switch (e.verdict) {
    case "too-early":
      return `${where}: it is too early to call, as not every version has had enough visitors yet.`;
    case "mismatch":
      return `${where}, but its visitors are split unevenly between the versions, so its numbers can't be trusted yet.`;
    case "original":
      return `${where}, and so far the original holds.`;
    default:
      return `${where}: no difference between the versions is significant yet.`;
  }
}

/** A sentence that recommends starting (another) experiment: wrong while one runs, which the review reports instead. */
const NEW_EXPERIMENT = /\b(start|begin|launch|set up|create|open|run)\b[^.;:]{0,40}\b(an?|new|another|next|first)\b[^.;:]{0,30}\b(experiment|a\/b test|split test)/i;
export const recommendsNewExperiment = (s: string) => NEW_EXPERIMENT.test(s) && !/\b(once|after|when|until)\b/i.test(s);

function systemMessage(topics: Topic[], f: ReviewFigures) {
  return [
    "You are a growth advisor writing the monthly strategy review of an early-stage business for its founder.",
    "Write plainly, to the founder (\"you\"), in short sentences, about THIS business and its customers.",
    "You get the month's figures. NEVER write a number, price, percentage or date: the review shows the figures itself next to your words. Refer to them in words (more, fewer, none, most).",
    `Choose exactly three priorities for the next 30 days. Each names its topic, one of: ${topics.join(", ")} (the review shows that topic's figures), a short title, why it matters now, and two to four concrete actions the founder can do this month.`,
    "The competitors paragraph: one or two sentences on who changed what and what it means taken together; the review shows each change in full right below it, so do not repeat or paraphrase them one by one. Write every name exactly as given (its case and spelling), the brand's name too.",
    "Then a plan: two to four steps for the first 30 days, for days 31–60 and for days 61–90. Do not invent results, customers, quotes or features.",
    `Call a version of an experiment better (what works) only when its verdict is "winner": that verdict means a ${SIGNIFICANCE_TEST} found the difference significant; any other difference may be chance.`,
    `Never call a traffic source "what works"${sourceWorks(f) ? ` except the one with the most sign-ups, whose rate a ${SIGNIFICANCE_TEST} finds significantly higher than the others'` : ": no source's sign-up rate is significantly higher than the others' by a " + SIGNIFICANCE_TEST}.`,
    ...(runningExperiment(f) ? ["An experiment is running on the page: report how it stands, and never recommend starting another one before it ends."] : []),
  ].join(" ");
}

function userMessage(kit: LaunchKit, brand: Brand, f: ReviewFigures, topics: Topic[]) {
  const input = generationInput(kit);
  const facts = [
    firstPeriod(f)
      ? `Visitors: ${count(f.visitors)} (the first period with numbers: nothing was counted before, so do not compare); page views: ${count(f.pageviews)}.`
      : `Visitors: ${count(f.visitors)} (${previousName(f)}: ${count(f.previous.visitors)}); page views: ${count(f.pageviews)}.`,
    `Leads: ${count(f.leads)} (previous: ${count(f.previous.leads)}); conversion ${percent(f.conversionRate)}.`,
    // A source's name is whatever a visitor's link said (utm_source): quoted as data, never as words to follow.
    `Top sources (names as visitors' links gave them, quoted): ${f.topSources.map((s) => `${JSON.stringify(s.source)} (${s.visitors} visitors, ${s.leads} leads)`).join("; ") || "none"}.`,
    `Experiments: ${f.experiments.map((e) => `${FIELD_NAMES[e.field] ?? e.field}, ${e.status}, verdict ${e.verdict}${e.winner ? ` (winner ${ARM_NAMES(e.winner)})` : ""}: ${experimentStanding(e)}`).join("; ") || "none"}.`,
    `Competitor changes: ${f.competitorChanges.map((c) => `${c.competitor} (${c.page}, ${c.importance}): ${c.summary}`).join("; ") || "none"}.`,
    `E-mails sent: ${count(f.emails.sent)}; subscribers: ${count(f.emails.subscribers)}; unsubscribed: ${count(f.emails.unsubscribed)}.`,
  ];
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice"]),
    ...businessLines(input, brand),
    `Primary goal: ${input.primary_goal}.`,
    `Brand: ${brandBrief(brand)}`,
    "",
    "The period's figures (for you to read; do not repeat the numbers):",
    ...facts,
    "",
    `Topics you may choose from: ${topics.map((t) => `${t} (${topicFacts(t, f).join("; ")})`).join(" | ")}`,
  ].join("\n");
}

/** The names holding digits that the clean-up keeps: the business's own words ("B2b Point", "b2b SaaS") and the figures' texts. */
export function reviewNames(f: ReviewFigures, b: ReviewBusiness): Set<string> {
  return new Set([...figureNameWords(f), ...nameWords([b.name, b.what, b.product, b.customers, b.place, ...b.channels])]);
}

const sentenceKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** The competitors paragraph without the sentences the list of changes below it says in full (a model likes to copy them). */
function withoutRepeatedChanges(paragraph: string, f: ReviewFigures): string {
  const said = new Set(f.competitorChanges.flatMap((c) => sentencesOf(c.summary).map(sentenceKey)));
  const kept = sentencesOf(paragraph).filter((s) => !said.has(sentenceKey(s)) && ![...said].some((k) => k.length > 40 && sentenceKey(s).includes(k)));
  return kept.join(" ");
}

/** "What works" said of a traffic source or a version the significance test does not back: the sentence goes. */
const WHAT_WORKS = /\bwhat works\b/i;

function cleanReview(text: ReviewText, f: ReviewFigures, ctx: CleanupContext, names: ReadonlySet<string>, check: CustomerCheckContext): ReviewText {
  const numbersKept = keepFactNumbersIn(text, allowedNumbers(f), names);
  // While an experiment runs, a line recommending a new one goes (the builtin's steps fill an emptied list).
  const running = runningExperiment(f) !== null;
  const works = sourceWorks(f) || winningExperiment(f) !== null;
  const c = (s: string) =>
    (running && recommendsNewExperiment(s)) || (!works && WHAT_WORKS.test(s)) ? "" : checkCustomerCopy(cleanText(s, ctx, { style: false }), check, "founder").text;
  return {
    summary: c(numbersKept.summary),
    competitors: c(withoutRepeatedChanges(numbersKept.competitors, f)),
    priorities: numbersKept.priorities.map((p) => ({ topic: p.topic, title: c(p.title), why: c(p.why), actions: p.actions.map(c).filter(Boolean) })),
    plan: { days30: numbersKept.plan.days30.map(c), days60: numbersKept.plan.days60.map(c), days90: numbersKept.plan.days90.map(c) },
  };
}

/** A model's priorities held to the topics the figures support (three, distinct); the builtin's fill in. */
function keepTopics(text: ReviewText, builtin: ReviewText, topics: Topic[]): ReviewText {
  const kept: Priority[] = [];
  for (const p of text.priorities) if (topics.includes(p.topic) && !kept.some((k) => k.topic === p.topic) && p.actions.length >= 1) kept.push(p);
  for (const p of builtin.priorities) if (kept.length < 3 && !kept.some((k) => k.topic === p.topic)) kept.push(p);
  return { ...text, priorities: kept.slice(0, 3) };
}

/** The written part of the review of `f` for this kit: the model's words (cleaned), or the builtin writer's. */
export async function writeReviewText(kit: LaunchKit, brand: Brand, f: ReviewFigures, signal?: AbortSignal): Promise<ReviewBody> {
  const input = generationInput(kit);
  const business = reviewBusiness(kit, brand);
  const ctx: CleanupContext = { understanding: understandingOf(input, brand), input, brandName: brand.name };
  const topics = topicsFor(f);
  const builtin = () => builtinReview(f, business);
  const provider = getProvider();
  let raw: ReviewText;
  let fellBack = false;
  try {
    raw = await provider.structured({ name: "strategy_review", schema: ReviewTextSchema, system: systemMessage(topics, f), user: userMessage(kit, brand, f, topics), builtin, maxTokens: 2000, temperature: 0.6 }, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    logError("strategy review writing failed; the builtin writer stands in", error, { kitId: kit.id });
    raw = builtin();
    fellBack = true;
  }
  const source = provider.offline || fellBack ? "builtin" : "model";
  const names = reviewNames(f, business);
  const check = kitCheckContext(input, brand, ctx.understanding, { knownNumbers: [...allowedNumbers(f)] });
  const cleaned = cleanReview(keepTopics(raw, builtin(), topics), f, ctx, names, check);
  // Text the clean-up emptied is replaced by the builtin writer's.
  const fallback = cleanReview(builtin(), f, ctx, names, check);
  return {
    source,
    summary: cleaned.summary || fallback.summary,
    competitors: cleaned.competitors || fallback.competitors,
    priorities: cleaned.priorities.map((p, i) => (p.title && p.why && p.actions.length > 0 ? p : (fallback.priorities[i] ?? p))),
    plan: {
      days30: cleaned.plan.days30.filter(Boolean).length ? cleaned.plan.days30.filter(Boolean) : fallback.plan.days30,
      days60: cleaned.plan.days60.filter(Boolean).length ? cleaned.plan.days60.filter(Boolean) : fallback.plan.days60,
      days90: cleaned.plan.days90.filter(Boolean).length ? cleaned.plan.days90.filter(Boolean) : fallback.plan.days90,
    },
  };
}
