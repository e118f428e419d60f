import type { LaunchKit } from "~/db/schema";
import { answerLines, generationInput } from "~/generation/input";
import { getProvider } from "~/generation/providers/index.server";
import { businessWords, understandingOf } from "~/kits/assets/launch-copy";
import type { Brand } from "~/kits/brand/brand";
import { brandBrief } from "~/kits/brand/brief";
import { cleanText, type CleanupContext } from "~/kits/copy/cleanup";
import { businessLines } from "~/kits/understanding";
import { logError } from "~/utils/log.server";
import {
  allowedNumbers,
  ARM_NAMES,
  count,
  FIELD_NAMES,
  keepFactNumbersIn,
  percent,
  plural,
  priceChanges,
  ReviewTextSchema,
  runningExperiment,
  topicFacts,
  topicsFor,
  winningExperiment,
  windowDays,
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

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Priority = ReviewText["priorities"][number];

/** The builtin writer's priority on a topic: written for this business and these figures. */
function builtinPriority(topic: Topic, f: ReviewFigures, b: ReviewBusiness): Priority {
  const [ch1, ch2 = ch1] = b.channels;
  const where = b.place ? ` in ${b.place}` : "";
  switch (topic) {
    case "experiment-apply": {
      const e = winningExperiment(f)!;
      const arm = e.arms.find((a) => a.label === e.winner);
      const field = (FIELD_NAMES[e.field] ?? e.field).toLowerCase();
      return {
        topic,
        title: `Keep the winning ${field}`,
        why: `The experiment on the ${field} has a likely winner: ${ARM_NAMES(e.winner!)}${arm ? ` ("${arm.text}")` : ""} brings more sign-ups than the original. Every day the original stays up, some ${b.customers} leave without signing up.`,
        actions: [
          `Open Experiments, stop the ${field} test and apply ${ARM_NAMES(e.winner!)} to the page.`,
          `Use the same promise in your next posts and e-mails about ${b.name}, so the message is the same everywhere.`,
          "Start the next experiment on another part of the page (the button or the subheadline).",
        ],
      };
    }
    case "distribution":
      return {
        topic,
        title: f.visitors === 0 ? `Bring the first visitors to ${b.name}` : `Bring more ${b.customers} to the page`,
        why:
          f.visitors === 0
            ? `Nobody saw the page this period, so nothing else can be judged yet. ${cap(b.customers)}${where} gather in ${list(b.channels.slice(0, 2))}: that is where the first visitors come from.`
            : `The page needs more of the right visitors before the sign-up rate means much. ${cap(b.customers)}${where} gather in ${list(b.channels.slice(0, 2))}.`,
        actions: [
          `Share what ${b.name} does in ${ch1}, in your own words, with the page's link.`,
          `Answer questions about ${b.what} in ${ch2} each week, and mention ${b.name} only where it really helps.`,
          "Add utm_source to every link you share, so Analytics shows which channel brings sign-ups.",
        ],
      };
    case "signup":
      return {
        topic,
        title: f.leads === 0 ? "Turn visitors into the first sign-ups" : "Win more sign-ups from the same visitors",
        why:
          f.leads === 0
            ? `People reach the page but nobody has left an e-mail yet: the offer or the form stops them. ${cap(b.customers)} need to see at once what ${b.what} does for them.`
            : `Visitors arrive, but most leave without signing up. A clearer promise for ${b.customers} is the cheapest growth there is.`,
        actions: [
          `Rewrite the headline so it says what ${b.name} does for ${b.customers} in one plain sentence.`,
          "Keep the form to the e-mail field alone and say what people get when they sign up.",
          "Test the new headline against the current one in Experiments rather than guessing.",
        ],
      };
    case "top-source": {
      const s = f.topSources[0]!;
      return {
        topic,
        title: `Do more of what works: ${s.source}`,
        why: `${s.source} brought the most visitors this period. Doubling down on a channel that already reaches ${b.customers} is faster than opening a new one.`,
        actions: [
          `Post again where ${s.source} sent people from, with a new angle on ${b.what}.`,
          `Ask the people who came from ${s.source} what made them click, and use their words on the page.`,
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
        title: `Answer ${c.competitor}'s pricing change`,
        why: `${c.competitor} changed its pricing page. ${cap(b.customers)} compare before they buy, so ${b.name}'s price and what it includes should be easy to find and easy to compare.`,
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
        why: `${list(names)} changed their pages this period. Each change says what they think ${b.customers} want; where they go, ${b.name} can stand apart.`,
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
            ? `People who sign up for ${b.what} hear nothing yet. A short welcome sequence keeps ${b.name} in mind until they are ready.`
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
      ? `${b.name}'s page had no visitors yet, so this review is about getting seen by ${b.customers}.`
      : f.visitors > f.previous.visitors
        ? `More people found ${b.name} than in the period before, ${f.leads > f.previous.leads ? "and more of them signed up" : "but sign-ups did not follow yet"}.`
        : f.visitors < f.previous.visitors
          ? `Fewer people found ${b.name} than in the period before; the first job is to bring ${b.customers} back to the page.`
          : `Traffic held steady compared with the period before.`;
  const names = [...new Set(f.competitorChanges.map((c) => c.competitor))].slice(0, 3);
  const lcFirst = (t: string) => (/^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);
  const competitors =
    f.competitorChanges.length === 0
      ? "No change worth your attention was seen on the competitors' pages you watch."
      : [
          `${list(names)} changed ${names.length === 1 ? "its" : "their"} pages.`,
          ...f.competitorChanges.slice(0, 2).map((c) => `On ${c.competitor}'s ${c.page} page: ${lcFirst(c.summary.trim()).replace(/[.\s]*$/, ".")}`),
        ].join(" ");
  const firstActions = priorities.map((p) => p.actions[0]!);
  return {
    summary: `${trend} The three priorities below are what moves ${b.name} forward in the next 30 days.`,
    competitors,
    priorities,
    plan: {
      days30: firstActions,
      days60: [
        `Keep the channel that brought sign-ups and drop the one that did not; try one new place where ${b.customers} gather (${b.channels[2] ?? b.channels[0]}).`,
        priorities.some((p) => p.topic.startsWith("experiment")) ? "Run the next experiment on the part of the page that was not tested yet." : "Start an experiment on the headline once the page has steady visitors.",
        `Send subscribers one useful e-mail about ${b.what} every two weeks.`,
      ],
      days90: [
        b.payment === "subscription" || b.payment === "freemium"
          ? `Ask the first paying ${b.customers} why they stayed, and put their words on the page.`
          : b.payment === "local-service" || b.payment === "booking"
            ? `Ask happy customers${b.place ? ` in ${b.place}` : ""} for a review and show the best ones on the page.`
            : `Ask the first customers what almost stopped them from buying, and answer it on the page.`,
        `Look back at the last three reviews: keep what grew sign-ups for ${b.name}, stop what did not, and set one goal for the next quarter.`,
      ],
    },
  };
}

function systemMessage(topics: Topic[]) {
  return [
    "You are a growth advisor writing the monthly strategy review of an early-stage business for its founder.",
    "Write plainly, to the founder (\"you\"), in short sentences, about THIS business and its customers.",
    "You get the month's figures. NEVER write a number, price, percentage or date: the review shows the figures itself next to your words. Refer to them in words (more, fewer, none, most).",
    `Choose exactly three priorities for the next 30 days. Each names its topic, one of: ${topics.join(", ")} (the review shows that topic's figures), a short title, why it matters now, and two to four concrete actions the founder can do this month.`,
    "Then a plan: two to four steps for the first 30 days, for days 31–60 and for days 61–90. Do not invent results, customers, quotes or features.",
  ].join(" ");
}

function userMessage(kit: LaunchKit, brand: Brand, f: ReviewFigures, topics: Topic[]) {
  const input = generationInput(kit);
  const facts = [
    `Visitors: ${count(f.visitors)} (previous ${plural(windowDays(f), "day")}: ${count(f.previous.visitors)}); page views: ${count(f.pageviews)}.`,
    `Leads: ${count(f.leads)} (previous: ${count(f.previous.leads)}); conversion ${percent(f.conversionRate)}.`,
    `Top sources: ${f.topSources.map((s) => `${s.source} (${s.visitors} visitors, ${s.leads} leads)`).join("; ") || "none"}.`,
    `Experiments: ${f.experiments.map((e) => `${FIELD_NAMES[e.field] ?? e.field}, ${e.status}, verdict ${e.verdict}${e.winner ? ` (winner ${ARM_NAMES(e.winner)})` : ""}`).join("; ") || "none"}.`,
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

function cleanReview(text: ReviewText, f: ReviewFigures, ctx: CleanupContext): ReviewText {
  const numbersKept = keepFactNumbersIn(text, allowedNumbers(f));
  const c = (s: string) => cleanText(s, ctx, { style: false });
  return {
    summary: c(numbersKept.summary),
    competitors: c(numbersKept.competitors),
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
    raw = await provider.structured({ name: "strategy_review", schema: ReviewTextSchema, system: systemMessage(topics), user: userMessage(kit, brand, f, topics), builtin, maxTokens: 2000, temperature: 0.6 }, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    logError("strategy review writing failed; the builtin writer stands in", error, { kitId: kit.id });
    raw = builtin();
    fellBack = true;
  }
  const source = provider.name === "builtin" || fellBack ? "builtin" : "model";
  const cleaned = cleanReview(keepTopics(raw, builtin(), topics), f, ctx);
  // Text the clean-up emptied is replaced by the builtin writer's.
  const fallback = cleanReview(builtin(), f, ctx);
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
