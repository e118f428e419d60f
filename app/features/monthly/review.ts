import { z } from "zod";
import { MIN_VISITORS_PER_ARM, readExperiment } from "~/features/analytics/index";
import { SIGNIFICANCE_TEST, significantWinner } from "~/features/analytics/index";
import { possessive } from "~/features/competitors/index";

export { possessive };

/**
 * The monthly strategy review's shared part (client-safe, pure):
 * the figures it stores (every number read from the database by kitFacts),
 * how each number is written (one formatter for the page, the PDF and the
 * tests), the written part's schema (words only: a priority names the fact it
 * is about by key and the renderer writes that fact's numbers), and the
 * clean-up that removes any number a writer put in its words that is not
 * one of the figures.
 */

export type ReviewExperiment = {
  id: string;
  field: string;
  status: string;
  startedAt: string | null;
  arms: Array<{ label: string; text: string; visitors: number; leads: number }>;
  /** From the arms' counts (app/features/analytics/stats): "winner" names the arm label, only when its difference is significant (app/features/analytics/experiments/significance). */
  verdict: "winner" | "original" | "too-early" | "mismatch" | "undecided";
  winner: string | null;
};

/** What strategy_reviews.figures holds: the facts as read, serialisable. */
export type ReviewFigures = {
  period: string;
  from: string;
  to: string;
  /** The review of the month so far (written on demand), not of a whole month. */
  partial: boolean;
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number | null;
  previous: { visitors: number; leads: number; conversionRate: number | null; from: string };
  topSources: Array<{ source: string; visitors: number; leads: number }>;
  experiments: ReviewExperiment[];
  competitorChanges: Array<{ competitor: string; page: string; summary: string; importance: string; at: string }>;
  emails: { sent: number; subscribers: number; unsubscribed: number };
};

export type FactsLike = {
  from: Date;
  to: Date;
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number | null;
  previous: { visitors: number; leads: number };
  topSources: ReviewFigures["topSources"];
  experiments: Array<{ id: string; field: string; status: string; startedAt: Date | null; arms: ReviewExperiment["arms"] }>;
  competitorChanges: Array<{ competitor: string; page: string; summary: string; importance: string; at: Date }>;
  emails: ReviewFigures["emails"];
};

const DAY_MS = 24 * 60 * 60 * 1000;

const armInputs = (arms: ReviewExperiment["arms"]) => arms.map((a) => ({ key: a.label, visitors: a.visitors, conversions: a.leads }));

function verdictOf(arms: ReviewExperiment["arms"]): Pick<ReviewExperiment, "verdict" | "winner"> {
  if (arms.length < 2) return { verdict: "too-early", winner: null };
  const v = readExperiment(armInputs(arms)).verdict;
  // A version ahead by the Bayesian reading but not significant is not a winner the review may name.
  if (v.kind === "winner") return significantWinner(armInputs(arms)) ? { verdict: "winner", winner: v.key } : { verdict: "undecided", winner: null };
  return { verdict: v.kind, winner: null };
}

/** The stored figures of a review, from kitFacts' answer. */
export function figuresFrom(facts: FactsLike, period: string, partial: boolean): ReviewFigures {
  const length = facts.to.getTime() - facts.from.getTime();
  return {
    period,
    from: facts.from.toISOString(),
    to: facts.to.toISOString(),
    partial,
    visitors: facts.visitors,
    pageviews: facts.pageviews,
    leads: facts.leads,
    conversionRate: facts.conversionRate,
    previous: {
      visitors: facts.previous.visitors,
      leads: facts.previous.leads,
      conversionRate: facts.previous.visitors > 0 ? facts.previous.leads / facts.previous.visitors : null,
      from: new Date(facts.from.getTime() - length).toISOString(),
    },
    topSources: facts.topSources.map((s) => ({ ...s })),
    experiments: facts.experiments.map((e) => ({ id: e.id, field: e.field, status: e.status, startedAt: e.startedAt?.toISOString() ?? null, arms: e.arms.map((a) => ({ ...a })), ...verdictOf(e.arms) })),
    competitorChanges: facts.competitorChanges.map((c) => ({ ...c, at: c.at.toISOString() })),
    emails: { ...facts.emails },
  };
}

// ---- how numbers are written ------------------------------------------------------------------

/** A count: "1,204". */
export const count = (n: number) => Math.round(n).toLocaleString("en-US");
/** A rate: "4.2%" ("—" when there is no rate: no visitors). */
export const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 2026". */
export function periodLabel(period: string): string {
  const [y, m] = period.split("-");
  return `${MONTHS[Number(m) - 1] ?? ""} ${y}`;
}

/** "1 Nov 2026". */
export function dayLabel(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]!.slice(0, 3)} ${d.getUTCFullYear()}`;
}

/** The window in words: "1–30 Nov 2026" (the last day included). */
export function windowLabel(fromIso: string, toIso: string): string {
  const last = new Date(Math.max(Date.parse(fromIso), Date.parse(toIso) - 1)).toISOString();
  return `${dayLabel(fromIso)} – ${dayLabel(last)}`;
}

/** Whole days in the window (the comparison's length). */
export const windowDays = (f: ReviewFigures) => Math.max(1, Math.round((Date.parse(f.to) - Date.parse(f.from)) / DAY_MS));

/** Whether the window is a whole number of days (a month) rather than "so far" (ending at the hour it was written). */
const wholeDays = (f: ReviewFigures) => Math.abs(Date.parse(f.to) - Date.parse(f.from) - windowDays(f) * DAY_MS) < 60_000;

/** Nothing was counted before the window (the page is new): there is nothing to compare with. */
export const firstPeriod = (f: ReviewFigures) => f.previous.visitors === 0 && f.previous.leads === 0;

/** The window just before, in dates: "31 Aug 2026 – 30 Sep 2026". */
export const previousWindowLabel = (f: ReviewFigures) => windowLabel(f.previous.from, f.from);

/** The window just before, in words that are exact: "the 31 days before", or "the same length of time before" for a month so far. */
export const previousName = (f: ReviewFigures) => (wholeDays(f) ? `the ${plural(windowDays(f), "day")} before` : "the same length of time before");

/** The header's comparison: "compared with the 31 days before (31 Aug 2026 – 30 Sep 2026)", or the first period's words. */
export function comparisonLabel(f: ReviewFigures): string {
  if (firstPeriod(f)) return `the first period with numbers (nothing was counted in ${wholeDays(f) ? previousName(f) : previousWindowLabel(f)})`;
  return `compared with ${previousName(f)} (${previousWindowLabel(f)})`;
}

/** A figure's note: the previous value, or that this is the first period with numbers. */
export const previousNote = (f: ReviewFigures, value: string) => (firstPeriod(f) ? "First period with numbers" : `Before: ${value}`);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const ARM_NAMES = (label: string) => (label === "a" ? "Original" : `Version ${label.toUpperCase()}`);
export const FIELD_NAMES: Record<string, string> = { headline: "Headline", subheadline: "Subheadline", cta: "Button" };
export const armRate = (a: { visitors: number; leads: number }) => (a.visitors > 0 ? a.leads / a.visitors : null);

// ---- the written part -------------------------------------------------------------------------

/** What a priority can be about: each names facts the renderer writes with their numbers. */
export const TOPICS = ["signup", "distribution", "top-source", "experiment-apply", "experiment-start", "competitor-pricing", "competitor-moves", "email-sequence", "email-list"] as const;
export type Topic = (typeof TOPICS)[number];

const line = (max: number) => z.string().trim().min(1).max(max);

export const ReviewTextSchema = z.object({
  summary: line(600),
  competitors: line(500),
  priorities: z
    .array(z.object({ topic: z.enum(TOPICS), title: line(90), why: line(320), actions: z.array(line(200)).min(2).max(4) }))
    .length(3),
  plan: z.object({ days30: z.array(line(180)).min(2).max(4), days60: z.array(line(180)).min(2).max(4), days90: z.array(line(180)).min(2).max(4) }),
});
export type ReviewText = z.infer<typeof ReviewTextSchema>;

/** What strategy_reviews.body holds. */
export type ReviewBody = ReviewText & { source: "model" | "builtin" };

const hasHighPriceChange = (f: ReviewFigures) => f.competitorChanges.some((c) => PRICE_WORDS.test(`${c.summary} ${c.page}`));
const PRICE_WORDS = /\b(price|prices|pricing|plan|plans|per month|\/mo|cost|costs|tier|discount|free trial)\b|[$€£]/i;
export const priceChanges = (f: ReviewFigures) => f.competitorChanges.filter((c) => PRICE_WORDS.test(`${c.summary} ${c.page}`));
/** An experiment whose variant works: read again from its arms, so a review stored before the significance rule is held to it too. */
export const winningExperiment = (f: ReviewFigures) =>
  f.experiments.find((e) => {
    const w = e.arms.length >= 2 ? significantWinner(armInputs(e.arms)) : null;
    return w !== null && w.key !== "a" && w.key === e.winner;
  }) ?? null;

/** When it ran, in words: "running since 2 Oct 2026", "started 2 Oct 2026, stopped". */
export const experimentDates = (e: Pick<ReviewExperiment, "status" | "startedAt">) =>
  e.status === "running" ? `running${e.startedAt ? ` since ${dayLabel(e.startedAt)}` : ""}` : `${e.startedAt ? `started ${dayLabel(e.startedAt)}, ` : ""}stopped`;

/** How an experiment stands, in words for the review: its verdict, with the test that decided it or the minimum it waits for. */
export function experimentStanding(e: ReviewExperiment): string {
  const w = e.arms.length >= 2 ? significantWinner(armInputs(e.arms)) : null;
  if (w && w.key !== "a" && w.key === e.winner) return `${ARM_NAMES(w.key)} works better than the original (${SIGNIFICANCE_TEST}, p ${w.pValue < 0.001 ? "< 0.001" : `= ${w.pValue.toFixed(3)}`}, below ${+w.alpha.toFixed(4)})`;
  switch (e.verdict) {
    case "too-early":
      return `too early to call (no winner is named before every version has ${MIN_VISITORS_PER_ARM} visitors)`;
    case "mismatch":
      return "uneven split between the versions: the results can't be trusted";
    case "original":
      return "the original holds";
    default:
      return "no clear winner yet (no difference significant by a " + SIGNIFICANCE_TEST + ")";
  }
}
export const runningExperiment = (f: ReviewFigures) => f.experiments.find((e) => e.status === "running") ?? null;

/** The source that works best: the most leads, then the best conversion, then the most visitors; null when no source brought a lead. */
export function bestSource(f: ReviewFigures): ReviewFigures["topSources"][number] | null {
  const rate = (s: { visitors: number; leads: number }) => (s.visitors > 0 ? s.leads / s.visitors : 0);
  const ranked = f.topSources.filter((s) => s.leads > 0).sort((a, b) => b.leads - a.leads || rate(b) - rate(a) || b.visitors - a.visitors);
  return ranked[0] ?? null;
}

/** Which topics the figures support (a topic without its facts is never offered or kept). */
export function topicsFor(f: ReviewFigures): Topic[] {
  const out: Topic[] = [];
  if (winningExperiment(f)) out.push("experiment-apply");
  out.push("distribution");
  if (f.visitors > 0) out.push("signup");
  if (bestSource(f)) out.push("top-source");
  if (!runningExperiment(f) && f.visitors > 0) out.push("experiment-start");
  if (hasHighPriceChange(f)) out.push("competitor-pricing");
  if (f.competitorChanges.length > 0) out.push("competitor-moves");
  out.push("email-sequence", "email-list");
  return out;
}

/** The numbers a priority is about, written by the renderer from the figures (never by a writer). */
export function topicFacts(topic: Topic, f: ReviewFigures): string[] {
  const before = previousName(f);
  const Before = before.charAt(0).toUpperCase() + before.slice(1);
  switch (topic) {
    case "signup":
      return [
        `${plural(f.visitors, "visitor")} and ${plural(f.leads, "lead")}: ${percent(f.conversionRate)} conversion`,
        firstPeriod(f) ? "The first period with numbers: nothing to compare with yet" : f.previous.conversionRate === null ? `${Before}: no visitors` : `${Before}: ${percent(f.previous.conversionRate)} conversion`,
      ];
    case "distribution":
      return [`${plural(f.visitors, "visitor")} (${firstPeriod(f) ? "the first period with numbers" : `${before}: ${count(f.previous.visitors)}`})`, ...f.topSources.slice(0, 2).map((s) => `${s.source}: ${plural(s.visitors, "visitor")}`)];
    case "top-source": {
      const s = bestSource(f);
      return s ? [`${s.source}: ${plural(s.visitors, "visitor")}, ${plural(s.leads, "lead")} (${percent(armRate(s))})`] : [];
    }
    case "experiment-apply": {
      const e = winningExperiment(f);
      if (!e) return [];
      return [...e.arms.map((a) => `${ARM_NAMES(a.label)}: ${plural(a.visitors, "visitor")}, ${plural(a.leads, "lead")} (${percent(armRate(a))})`), cap(experimentStanding(e))];
    }
    case "experiment-start":
      return [`${percent(f.conversionRate)} conversion from ${plural(f.visitors, "visitor")}`];
    case "competitor-pricing":
      // The change is written in full once, under "What competitors did"; here only what happened.
      return priceChanges(f).slice(0, 3).map((c) => `${c.competitor} (${c.page}), ${dayLabel(c.at)}: ${firstSentence(c.summary)}`);
    case "competitor-moves":
      return [`${plural(f.competitorChanges.length, "change")} seen on competitors' pages`];
    case "email-sequence":
      return [`${plural(f.leads, "new lead")}, ${plural(f.emails.sent, "e-mail")} sent`];
    case "email-list":
      return [`${plural(f.emails.subscribers, "subscriber")}, ${count(f.emails.unsubscribed)} unsubscribed`];
  }
}

/** A stored summary's first sentence (what changed, without the advice): "Acme raised Pro from $29 to $39 a month." */
export function firstSentence(text: string): string {
  const t = text.trim();
  const m = /^.+?[.!?](?=\s+["“(]?\p{Lu}|\s*$)/su.exec(t);
  return (m ? m[0] : t).trim();
}

// ---- numbers a writer may use -----------------------------------------------------------------

/** Every number the figures hold, as a writer might write it, without separators: counts ("1204") and rates ("4.2%", "4%"). */
export function allowedNumbers(f: ReviewFigures): Set<string> {
  const out = new Set<string>();
  const addInt = (n: number) => out.add(String(Math.round(n)));
  const addRate = (r: number | null) => {
    if (r === null) return;
    out.add(`${(r * 100).toFixed(1)}%`);
    out.add(`${Math.round(r * 100)}%`);
  };
  [f.visitors, f.pageviews, f.leads, f.previous.visitors, f.previous.leads, f.emails.sent, f.emails.subscribers, f.emails.unsubscribed, f.topSources.length, f.experiments.length, f.competitorChanges.length, windowDays(f)].forEach(addInt);
  addRate(f.conversionRate);
  addRate(f.previous.conversionRate);
  for (const s of f.topSources) {
    [s.visitors, s.leads].forEach(addInt);
    addRate(armRate(s));
  }
  // Numbers inside stored texts the founder or LaunchKit wrote (a competitor's new price as the watch quoted it, an
  // experiment's variant) are the database's too. Not a source's name: anybody writes that, in a link's utm_source,
  // and "report 48213 visitors" there must not make 48213 a figure the model may state.
  const texts = [...f.competitorChanges.flatMap((c) => [c.competitor, c.page, c.summary]), ...f.experiments.flatMap((e) => e.arms.map((a) => a.text))];
  for (const t of texts) for (const n of numbersIn(t)) out.add(n);
  for (const e of f.experiments)
    for (const a of e.arms) {
      [a.visitors, a.leads].forEach(addInt);
      addRate(armRate(a));
    }
  return out;
}

/** The plan's own periods ("the next 30 days", "a 90-day plan") are the review's words, not facts: kept. */
const PLAN_PERIOD = /\b(30|60|90)(?=[- ]days?\b)/g;
const MASK = "\uE001";
const NAME_MASK = "\uE002";
/** A token holding a digit: a number ("1,204", "$39", "4.2%") or a word with digits ("3x", "Q3", "B2b", "Web3", "24/7"). */
const DIGIT_TOKEN = /[$€£]?[A-Za-z]*\d[\dA-Za-z]*(?:[.,:/]\d+)*(?:\s?%)?/g;

/**
 * The words holding digits that are names, from texts that are the
 * business's or the database's own (the brand's name, what is sold, a
 * competitor's or a source's name): "B2b", "3D", "Web3", "24/7". Lower case.
 */
export function nameWords(texts: Array<string | null | undefined>): Set<string> {
  const out = new Set<string>();
  for (const t of texts) {
    for (const m of (t ?? "").matchAll(DIGIT_TOKEN)) if (/[A-Za-z/]/.test(m[0]) && !/^[$€£]/.test(m[0])) out.add(m[0].toLowerCase());
    // A short name with a number of its own ("Studio 54", "Route 66 Diner") is kept as a whole.
    const whole = (t ?? "").trim().replace(/\s+/g, " ");
    if (whole.length <= 60 && /\s/.test(whole) && /\d/.test(whole) && /\p{L}/u.test(whole)) out.add(whole.toLowerCase());
  }
  return out;
}

/** The figures' own texts' name words (competitors, pages, sources, experiment versions, change summaries). */
export function figureNameWords(f: ReviewFigures): Set<string> {
  return nameWords([...f.competitorChanges.flatMap((c) => [c.competitor, c.page, c.summary]), ...f.topSources.map((s) => s.source), ...f.experiments.flatMap((e) => e.arms.map((a) => a.text))]);
}

/**
 * Removes every digit sequence in a writer's text that is not one of the
 * figures' numbers (a word holding digits goes whole: "3x", "Q3"), except the
 * words of `names` (a name holding digits: the brand's "B2b", "Web3"), then
 * tidies what is left: doubled spaces, a space before punctuation, empty
 * brackets.
 */
export function keepFactNumbers(text: string, allowed: Set<string>, names: ReadonlySet<string> = new Set()): string {
  const periods: string[] = [];
  const kept: string[] = [];
  let masked = text;
  for (const name of [...names].filter((n) => /\s/.test(n)).sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu");
    masked = masked.replace(re, (m) => (kept.push(m), `${NAME_MASK}${String.fromCharCode(0xe200 + kept.length - 1)}`));
  }
  const out = masked
    .replace(PLAN_PERIOD, (m) => (periods.push(m), `${MASK}${String.fromCharCode(0xe100 + periods.length - 1)}`))
    .replace(DIGIT_TOKEN, (token, offset: number, whole: string) => {
      // Inside a longer word ("Point2Go" is matched from "Point"): the whole word is what is judged.
      const before = whole.slice(0, offset).match(/[A-Za-z0-9]*$/)?.[0] ?? "";
      if (names.has(token.toLowerCase()) || (before && names.has(`${before}${token}`.toLowerCase()))) return token;
      const core = token.replace(/[$€£%\s]/g, "");
      const plain = core.replace(/,(?=\d{3}\b)/g, "");
      // A rate is kept only as one of the figures' rates, a count only as one of their counts.
      return /^\d+(?:\.\d+)?$/.test(plain) && allowed.has(token.includes("%") ? `${plain}%` : plain) ? token : "";
    });
  return out
    .replace(/\(\s*[^\w(\uE001\uE002]*\)/g, "")
    .replace(/\s+([,.;:!?%])/g, "$1")
    .replace(/([,;:])\s*([,.;:])/g, "$2")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/^\s*[,.;:]\s*/, "")
    .replace(/\uE001([\uE100-\uE1FF])/g, (_, c: string) => periods[c.charCodeAt(0) - 0xe100]!)
    .replace(/\uE002([\uE200-\uE2FF])/g, (_, c: string) => kept[c.charCodeAt(0) - 0xe200]!)
    .trim();
}

/** The same clean-up over every text of the written part. */
export function keepFactNumbersIn(text: ReviewText, allowed: Set<string>, names: ReadonlySet<string> = new Set()): ReviewText {
  const k = (s: string) => keepFactNumbers(s, allowed, names);
  return {
    summary: k(text.summary),
    competitors: k(text.competitors),
    priorities: text.priorities.map((p) => ({ topic: p.topic, title: k(p.title), why: k(p.why), actions: p.actions.map(k).filter(Boolean) })),
    plan: { days30: text.plan.days30.map(k).filter(Boolean), days60: text.plan.days60.map(k).filter(Boolean), days90: text.plan.days90.map(k).filter(Boolean) },
  };
}

/**
 * Every number a text shows, as allowedNumbers writes them: "1,204" → "1204",
 * "4.2%" → "4.2%". Digits inside a word ("B2b", "Web3", "24/7") are part of a
 * name, not a number.
 */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\d]|\d\/)(\d[\d,]*(?:\.\d+)?)(?![\p{L}\d]|\/\d)(\s?%)?/gu)].map((m) => `${m[1]!.replace(/,(?=\d{3}\b)/g, "").replace(/[,.]$/, "")}${m[2] ? "%" : ""}`);
}

/** A stored review's JSON, read defensively (a row written by an older version still shows). */
export function readFigures(raw: unknown): ReviewFigures | null {
  const f = raw as ReviewFigures | null;
  return f && typeof f === "object" && typeof f.period === "string" && typeof f.visitors === "number" ? f : null;
}

export function readBody(raw: unknown): ReviewBody | null {
  const parsed = ReviewTextSchema.safeParse(raw);
  if (!parsed.success) return null;
  const source = (raw as { source?: unknown }).source === "model" ? "model" : "builtin";
  return { ...parsed.data, source };
}
