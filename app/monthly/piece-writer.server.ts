import { z } from "zod";
import type { ContentPieceKind } from "~/db/schema";
import { builtinVariantSuggestions } from "~/experiments/builtin";
import { GenerationError, INVALID_JSON_MESSAGE } from "~/generation/errors";
import { generationInput, answerLines, type GenerationInput } from "~/generation/input";
import { kitBrand, readyContent } from "~/generation/job.server";
import { getProvider } from "~/generation/providers/index.server";
import { businessWords, goalCopy, understandingOf, variantIndex, withArticle, type BusinessWords } from "~/kits/assets/launch-copy";
import { LANDING_LIMITS, LandingContentSchema, type LandingContent } from "~/kits/assets/landing/schema";
import { ResearchContentSchema, type ResearchContent } from "~/kits/assets/research/schema";
import { SocialContentSchema, type SocialContent } from "~/kits/assets/social/schema";
import { DeckContentSchema, type DeckContent } from "~/kits/assets/deck/schema";
import { AdsContentSchema, type AdsContent } from "~/kits/assets/ads/schema";
import type { Brand } from "~/kits/brand/brand";
import { brandBrief } from "~/kits/brand/brief";
import { cleanText, type CleanupContext } from "~/kits/copy/cleanup";
import { getKit } from "~/kits/kits.server";
import { businessLines } from "~/kits/understanding";
import type { Understanding } from "~/kits/understanding/types";
import { logError } from "~/utils/log.server";
import type { KitFacts } from "./facts.server";
import { BLOG_MAX_WORDS, BLOG_MIN_WORDS, BODY_MAX, REFRESH_LABELS, TITLE_MAX, wordCount, type RefreshField } from "./pieces";

/**
 * Writes one monthly content piece (issue 31) for a kit: the model through
 * the provider's structured call (a zod schema per kind), or, offline, the
 * builtin writer below, which writes from the kit itself (the brand, what
 * LaunchKit understood of the business, the landing page's copy) and the
 * month's facts. Both pass the copy clean-up (cleanText). Every number in
 * a piece comes from the facts (kitFacts, read from the database): the
 * model is given them and told to use no other, and a model's text that
 * carries a number found neither in the facts nor in the founder's own
 * words is not used (the builtin piece is, and the log says why).
 */

export type WrittenPiece = { title: string; body: string };

/** What the writer knows of the business. */
export type PieceContext = {
  input: GenerationInput;
  brand: Brand;
  understanding: Understanding;
  landing: LandingContent | null;
  /** The research snapshot: who the customers are, their pains and doubts, the competitors. */
  research: ResearchContent | null;
  /** The social asset: its LinkedIn "About" is the longest description of the business in its own words. */
  social: SocialContent | null;
  /** The pitch deck: its problem and solution slides tell the business's story. */
  deck: DeckContent | null;
  /** The ad variants: their texts say the business's promise in several ways. */
  ads: AdsContent | null;
};

export async function pieceContext(kitId: string): Promise<PieceContext | null> {
  const kit = await getKit(kitId);
  const brand = await kitBrand(kitId);
  if (!kit || !brand) return null;
  const input = generationInput(kit);
  return { input, brand, understanding: understandingOf(input, brand), landing: await readyContent(kitId, "landing", LandingContentSchema),
    research: await readyContent(kitId, "research", ResearchContentSchema),
    social: await readyContent(kitId, "social", SocialContentSchema),
    deck: await readyContent(kitId, "deck", DeckContentSchema),
    ads: await readyContent(kitId, "ads", AdsContentSchema),
  };
}

// ---- numbers ------------------------------------------------------------------------------------

const fmt = (n: number) => n.toLocaleString("en-US");
const pct = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")}%`;
const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
const monthName = (d: Date) => d.toLocaleDateString("en-GB", { month: "long", timeZone: "UTC" });

/** "3 November – 26 November": the stretch of the billing month the facts cover. */
export function factsSpan(facts: Pick<KitFacts, "from" | "to">): string {
  return `${day(facts.from)} – ${day(new Date(facts.to.getTime() - 1))}`;
}

/** The numbers a piece may show: each written in the facts, as the facts' lines give them. */
export function factLines(facts: KitFacts): string[] {
  const lines = [
    `Period: ${factsSpan(facts)} (the billing month so far)`,
    `Visitors of the landing page: ${fmt(facts.visitors)} (page views: ${fmt(facts.pageviews)})`,
    `New leads (sign-ups): ${fmt(facts.leads)}`,
    `Conversion (leads / visitors): ${facts.conversionRate === null ? "none (no visitors)" : pct(facts.conversionRate)}`,
    `The same stretch before: ${fmt(facts.previous.visitors)} visitors, ${fmt(facts.previous.leads)} leads`,
  ];
  for (const s of facts.topSources) lines.push(`Source ${s.source}: ${fmt(s.visitors)} visitors, ${fmt(s.leads)} leads`);
  for (const e of facts.experiments)
    lines.push(`Experiment on the ${e.field} (${e.status}): ${e.arms.map((a) => `"${a.text}" ${fmt(a.visitors)} visitors, ${fmt(a.leads)} leads`).join("; ")}`);
  for (const c of facts.competitorChanges) lines.push(`Competitor ${c.competitor} changed ${c.page} (${c.importance}): ${c.summary}`);
  lines.push(`E-mails sent: ${fmt(facts.emails.sent)}; subscribed addresses: ${fmt(facts.emails.subscribers)}; unsubscribes: ${fmt(facts.emails.unsubscribed)}`);
  return lines;
}

/** Numbers written in a text ("1,204", "3.5", "12%" → "1204", "3.5", "12"). */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, "").replace(/\.0+$/, ""));
}

/** Numbers of `text` that appear in none of `sources` (small counting words such as 1–3 are allowed). */
export function strayNumbers(text: string, sources: string[]): string[] {
  const known = new Set(sources.flatMap(numbersIn));
  return [...new Set(numbersIn(text))].filter((n) => !known.has(n) && !(Number(n) <= 3 && /^\d$/.test(n)));
}

// ---- the builtin writer ---------------------------------------------------------------------------

type Words = BusinessWords & {
  name: string;
  tagline: string;
  positioning: string;
  idea: string;
  where: string;
  goal: ReturnType<typeof goalCopy>;
  month: string;
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Lower-cases a sentence's first letter for use after a colon, unless it starts with a name or an acronym. */
const lcFirst = (s: string) => (/^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]+[A-Z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const stop = (s: string) => (/[.!?…]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const pick = <T,>(seed: string, items: readonly T[]): T => items[variantIndex(seed, items.length)]!;

function wordsOf(ctx: PieceContext, facts: KitFacts): Words {
  const b = businessWords(ctx.understanding);
  return {
    ...b,
    name: ctx.brand.name,
    tagline: ctx.brand.tagline.replace(/[.\s]+$/, ""),
    positioning: ctx.brand.positioning,
    idea: ctx.input.business_idea.trim().replace(/\s+/g, " ").replace(/[.\s]+$/, ""),
    where: b.place ? ` in ${b.place}` : "",
    goal: goalCopy(ctx.input.primary_goal),
    month: monthName(facts.from),
  };
}

/** The month's numbers as sentences (nothing when there is nothing to say beyond zero). */
function numberParagraphs(w: Words, facts: KitFacts): string[] {
  const out: string[] = [];
  if (facts.visitors === 0 && facts.leads === 0) {
    out.push(
      `${factsSpan(facts)}: ${pick(w.name, [`no counted visitors on the ${w.name} page yet`, `the ${w.name} page has no counted visitors yet`, `${w.name}'s page is waiting for its first visitors`])}. ${pick(w.what, [`First step: ${w.what} in front of ${w.customers}${w.where}`, `Next: show ${w.customers}${w.where} what ${w.name} does`, `The job now: reach ${w.customers}${w.where}`])}.`,
    );
  } else {
    const rate = facts.conversionRate === null ? "" : `, ${pct(facts.conversionRate)} of visitors`;
    out.push(`From ${factsSpan(facts)}, ${fmt(facts.visitors)} people visited the page of ${w.name} (${fmt(facts.pageviews)} page views) and ${fmt(facts.leads)} signed up${rate}.`);
    if (facts.previous.visitors > 0 || facts.previous.leads > 0)
      out.push(`In the same stretch of time before that, the page had ${fmt(facts.previous.visitors)} visitors and ${fmt(facts.previous.leads)} sign-ups.`);
  }
  if (facts.topSources.length) {
    const list = facts.topSources.slice(0, 3).map((s) => `${s.source} (${fmt(s.visitors)} visitors, ${fmt(s.leads)} sign-ups)`);
    out.push(`Most visitors came from ${list.join(", ")}.`);
  }
  for (const e of facts.experiments.slice(0, 2)) {
    const arms = e.arms.map((a) => `"${a.text}" (${fmt(a.visitors)} visitors, ${fmt(a.leads)} sign-ups)`).join(" against ");
    out.push(`${e.status === "running" ? "We are testing" : "We tested"} two versions of the page's ${e.field}: ${arms}.`);
  }
  if (facts.competitorChanges.length) {
    const c = facts.competitorChanges[0]!;
    out.push(`Around us, ${c.competitor} changed its ${c.page}: ${stop(c.summary)}`);
  }
  if (facts.emails.sent > 0) out.push(`Our e-mails went out ${fmt(facts.emails.sent)} times, to ${fmt(facts.emails.subscribers)} subscribed readers.`);
  return out;
}

function landingOf(ctx: PieceContext) {
  const l = ctx.landing;
  return {
    sub: l?.hero.subheadline ?? "",
    benefits: l?.benefits.items ?? [],
    steps: l?.how.steps ?? [],
    faq: l?.faq.items ?? [],
    cta: l ? { headline: l.cta.headline, body: l.cta.body } : null,
  };
}

/** What happens after the page's button, told for the goal of the page (a thin kit's draft needs the words). */
function firstSteps(w: Words, steps: string[]): string[] {
  const path = steps.length ? ` (${steps.map((x) => x.toLowerCase()).join(", then ")})` : "";
  const who = `${w.customers}${w.where}`;
  const byGoal: Record<string, string[]> = {
    waitlist: [
      `Places open a few at a time, so the waitlist decides who starts first${path}. Nothing is charged and nothing is promised that we cannot keep: when your place opens, ${w.name} writes to you, and you decide then.`,
      `We keep the list small on purpose. Each group of ${who} that starts tells us what to fix before the next one, so ${w.what} gets better with every round.`,
    ],
    "book calls": [
      `It starts with a short call${path}. You tell us what you need from ${w.what}; we say honestly whether ${w.name} is the right fit, and if it is not, we say so.`,
      `There is no script and no pressure. Most calls with ${who} end with a clear next step, or a clear no, which is just as useful.`,
    ],
    "pre-orders": [
      `Reserving takes your e-mail and nothing else${path}. Before anything is charged, ${w.name} writes with the details, and you decide then.`,
      `First reservations are first to ship. Every reservation also tells us how many to make, so ${w.what} reaches ${who} without waste.`,
    ],
    downloads: [
      `You can try ${w.name} on your own work right away${path}. Start small, on one real task, and see what it gives you before you change how you work.`,
      `Tell us what is missing: what ${who} ask for is what ${w.name} builds next.`,
    ],
  };
  return (
    byGoal[Object.keys(byGoal).find((g) => w.goal.action === goalCopy(g).action) ?? ""] ?? [
      `Join the list and ${w.name} writes when there is something worth your time${path}. No noise in between.`,
      `Every reply shapes what ${w.name} does next for ${who}.`,
    ]
  );
}

/** Speaker notes' directions to the presenter ("Open with Maya…", "Show the van photo"), not copy. */
const DIRECTIONS = /^(open|start|begin|show|walk|mention|say|point|pause|end|close|explain|tell|ask|use|keep|add|highlight|emphasi[sz]e|stress|note|remind|introduce|describe|demo|transition|spend|click|hold|read|let|leave|finish|slide|this slide|here)\b/i;

/** A filter of research lines: those that name what the business sells (its product word, category or keywords). */
function ownLines(w: Words, u: Understanding) {
  const terms = [w.word, w.what, ...u.keywords.slice(0, 6)].map((t) => t.toLowerCase()).filter((t) => t.length > 2);
  return (lines: string[] | undefined) => (lines ?? []).filter((line) => terms.some((t) => line.toLowerCase().includes(t)));
}

/** The blog article: 800–1,200 words with headings, from the kit and the month. */
export function builtinBlog(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const l = landingOf(ctx);
  const seed = `${w.name}|${w.product}`;
  const title = pick(seed, [
    `${w.month} at ${w.name}: ${w.what} for ${w.customers}`,
    `What ${w.month} taught us about ${w.what} for ${w.customers}`,
    `${w.name} in ${w.month}: building ${w.what}${w.where}`,
  ]).slice(0, TITLE_MAX);
  const parts: string[] = [];
  parts.push(
    `${w.name} is ${withArticle(w.product)} for ${w.customers}${w.where}. ${stop(w.positioning)} ${l.sub ? stop(l.sub) : ""}`.trim(),
    `${pick(seed + "i", ["The idea behind it", "Where it began", "Our starting point"])}: ${stop(w.idea.charAt(0).toLowerCase() + w.idea.slice(1))} ${stop(w.tagline)}`,
  );
  // The research snapshot's lines that are about this business (they name what it sells), not the general ones.
  const own = ownLines(w, ctx.understanding);
  const icp = ctx.research?.icp;
  const pains = own(icp?.pains);
  const jobs = own(icp?.jobsToBeDone).filter((x) => !x.toLowerCase().includes(w.idea.toLowerCase()));
  const triggers: string[] = []; // the snapshot's buying triggers read the same for every business: left out
  parts.push(`## ${pick(seed + "h", [`Why ${w.what} for ${w.customers}`, `What ${w.customers} get from ${w.name}`, `${cap(w.what)}, done for ${w.customers}`])}`);
  if (l.benefits.length) {
    l.benefits.forEach((b, i) => {
      const pain = pains[i];
      const more = pain ? pick(b.title, [`It answers a real problem: ${lcFirst(stop(pain))}`, `Because ${lcFirst(stop(pain))}`, `The problem behind it: ${lcFirst(stop(pain))}`]) : "";
      parts.push(`### ${b.title}`, `${stop(b.body)}${more ? ` ${more}` : ""}`);
    });
  } else {
    parts.push(`${cap(w.customers)} have told us what they want from ${w.what}: ${ctx.brand.voice.samples.map(stop).join(" ")}`);
  }
  if (pains.length || jobs.length) {
    parts.push(`## ${pick(seed + "p", [`The ${w.word} problem`, `What ${w.customers} run into`, `Before ${w.name}`])}`);
    parts.push([...pains, ...jobs, ...triggers].map((x) => `- ${stop(x)}`).join("\n"));
  }
  const keywords = ctx.understanding.keywords.filter((k) => k && !w.name.toLowerCase().includes(k.toLowerCase())).slice(0, 4);
  if (keywords.length >= 2) parts.push(`${cap(keywords.slice(0, -1).join(", "))} or ${keywords[keywords.length - 1]}: ${w.name}.`);
  parts.push(`## How ${w.name} works`);
  if (l.steps.length) {
    parts.push(l.steps.map((s, i) => `${i + 1}. **${s.title}**: ${stop(s.body)}`).join("\n"));
  } else parts.push(`${cap(w.goal.reason)}: ${w.goal.action} on our page and we take it from there.`);
  const about = ctx.social?.bios.linkedinAbout.text.trim();
  if (about && wordCount(about) >= 20) parts.push(`## About ${w.name}`, about);
  const rivals = (ctx.research?.competitors ?? []).filter((r, i, all) => !/^doing nothing/i.test(r.name) && all.findIndex((o) => o.difference === r.difference) === i).slice(0, 3);
  if (rivals.length) {
    parts.push(`## How ${w.name} is different`);
    parts.push(rivals.map((r) => `- **${cap(r.name.replace(/\s*\(category\)\s*$/i, ""))}**: ${stop(r.difference)}`).join("\n"));
  }
  const doubts = own(icp?.objections);
  if (doubts.length) parts.push(`${pick(seed + "d", ["Fair questions", "Doubts we hear", "What people ask first"])}:`, doubts.map((x) => `- ${stop(x)}`).join("\n"));
  parts.push(`## ${w.month} in numbers`, ...numberParagraphs(w, facts), factLines(facts).slice(1).map((x) => `- ${x}`).join("\n"));
  if (facts.competitorChanges.length > 1) {
    parts.push(`### What changed around ${w.what}`);
    parts.push(facts.competitorChanges.slice(1, 4).map((c) => `- **${c.competitor}** (${c.page}): ${stop(c.summary)}`).join("\n"));
  }
  if (l.faq.length) {
    parts.push(`## ${pick(seed + "q", ["Questions", `${cap(w.customers)} ask`, "Questions and answers"])}`);
    for (const f of l.faq) parts.push(`### ${f.question}`, stop(f.answer));
  }
  const channels = ctx.understanding.channels.slice(0, 4);
  if (channels.length) {
    parts.push(`## ${w.name} on ${channels[0]}`);
    parts.push(`${channels.join(", ")}: ${pick(seed + "c", [`look for ${w.name} there`, `${w.customers} find us there`, `where ${w.name} shows up`])}.`);
  }
  parts.push(`## What's next for ${w.name}`);
  if (l.cta) parts.push(`**${stop(l.cta.headline)}** ${stop(l.cta.body)}`);
  parts.push(`${cap(w.goal.reason)}: ${w.goal.action} on our page.${w.place ? ` We start${w.where} and grow from there.` : ""}`);
  // Long enough: the deck's problem and solution, the kit's own launch posts, then the brand's voice samples, fill in (before "What's next").
  let body = parts.join("\n\n");
  const inserted: string[] = [];
  const short = () => wordCount(`${body}\n${inserted.join("\n")}`) < BLOG_MIN_WORDS + 30;
  const deck = ctx.deck;
  // The deck's text with its business name as the brand's today, and without sentences that carry figures (estimates, not facts).
  const story = (text: string) =>
    (deck?.writtenFor ? text.split(deck.writtenFor).join(w.name) : text)
      .split(/(?<=[.!?])\s+/)
      .filter((x) => !/\d/.test(x))
      .join(" ")
      .trim();
  for (const slide of deck ? [deck.problem, deck.solution] : []) {
    if (!short()) break;
    // The bullets, and of the speaker notes the sentences that say something (not the directions to the presenter).
    const bullets = slide.bullets.map(story).filter(Boolean);
    const notes = story(slide.notes)
      .split(/(?<=[.!?])\s+/)
      .filter((x) => x && !DIRECTIONS.test(x))
      .join(" ");
    if (bullets.length) inserted.push(`## ${story(slide.title) || w.name}`, bullets.map((b) => `- ${stop(b)}`).join("\n"), ...(notes ? [notes] : []));
  }
  const topics = [...new Set([...ctx.understanding.keywords, ...ctx.understanding.hashtags.map((h) => h.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())])].filter((k) => k.length > 2).slice(0, 6);
  if (short() && topics.length >= 2) {
    const angles = [`what ${w.customers} ask us most`, `how ${w.name} does it`, `a first guide`, `mistakes to avoid`, `what changed this year`, `our checklist`];
    inserted.push(`## ${pick(seed + "t", ["Coming up on the blog", "What we'll write about next", "Next on the blog"])}`, topics.map((t, i) => `- ${cap(t)}: ${angles[(i + variantIndex(seed, angles.length)) % angles.length]}`).join("\n"));
  }
  // The kit's posts that read as a blog's lines (not the launch-day ones: "link in bio", "next week"...).
  const posts = (ctx.social?.posts ?? []).map((p) => p.text.trim().replace(/\s+/g, " ")).filter((t) => wordCount(t) >= 12 && !/\d|link|launch|bio\b|comment|next week|today|tomorrow|👀|🎉/i.test(t));
  const shared: string[] = [];
  for (const post of posts) if (short()) shared.push(post);
  if (shared.length) inserted.push(`## ${pick(seed + "s", ["From our posts", `${w.name}, in short`, "Lately on social"])}`, ...shared);
  if (short())
    inserted.push(
      `## ${pick(seed + "g", [`${w.name} at a glance`, `${w.name} in brief`, `The ${w.name} fact sheet`])}`,
      [
        `- **What**: ${w.product}`,
        `- **For**: ${w.customers}`,
        ...(w.place ? [`- **Where**: ${w.place}`] : []),
        `- **In one line**: ${stop(w.tagline)}`,
        ...ctx.brand.taglineAlternatives.map((t) => `- **Also**: ${stop(t)}`),
        ...(ctx.understanding.channels.length ? [`- **Find us on**: ${ctx.understanding.channels.join(", ")}`] : []),
        `- **Next step**: ${w.goal.action}`,
      ].join("\n"),
    );
  if (short() && facts.visitors === 0)
    inserted.push(
      `## ${pick(seed + "m", ["What we will measure", "Reading the first numbers", `How ${w.name} keeps score`])}`,
      `From the first visit on, the page of ${w.name} counts its visitors without cookies, where they came from, and how many of them ${w.goal.action}. Next month we share those numbers as they are, small ones included: for ${withArticle(w.what)} that starts${w.where}, a handful of the right ${w.customers} matters more than a crowd.`,
    );
  if (short()) inserted.push(`## ${pick(seed + "x", [`What to expect from ${w.name}`, `Your first time with ${w.name}`, `Getting started`])}`, ...firstSteps(w, l.steps.map((x) => x.title)));
  // Still short: the ads' texts (each says the promise another way) and the landing page's own sections.
  const said = new Set(body.split(/(?<=[.!?])\s+/));
  const adLines = [...new Set((ctx.ads?.variants ?? []).flatMap((v) => [v.meta.primaryText, ...v.google.descriptions]).map((t) => stop(t.replace(/\s+/g, " "))))].filter(
    (t) => !said.has(t) && !/\d|link|launch|bio\b|click|tap|👉|🎉/i.test(t),
  );
  const angles: string[] = [];
  for (const t of adLines) if (short()) angles.push(t);
  if (angles.length) inserted.push(`## ${pick(seed + "a", [`Why ${w.customers} choose ${w.name}`, `${w.name}, said plainly`, `The short version`])}`, angles.map((t) => `- ${t}`).join("\n"));
  const category = ctx.landing?.category;
  for (const section of category ? [category.area, category.origin, category.menu, category.schedule, category.portfolio, category.install] : []) {
    if (!section || !short() || /\d/.test(section.body)) continue;
    inserted.push(`## ${section.heading}`, stop(section.body));
  }
  const notes = ctx.brand.voice.samples.filter((x) => short() && !/e-?mail|reply/i.test(x)).map(stop);
  if (notes.length) inserted.push(`## ${pick(seed + "n", ["In our words", `A note from ${w.name}`, "From the team"])}`, notes.join(" "));
  if (inserted.length) body = body.replace(`## What's next for ${w.name}`, `${inserted.join("\n\n")}\n\n## What's next for ${w.name}`);
  while (wordCount(body) > BLOG_MAX_WORDS) {
    const faqAt = body.lastIndexOf("\n\n### ");
    if (faqAt < 0) break;
    const next = body.indexOf("\n\n## ", faqAt + 4);
    const after = body.indexOf("\n\n", body.indexOf("\n\n", faqAt + 2) + 2);
    body = body.slice(0, faqAt) + (next >= 0 && after >= next ? body.slice(next) : body.slice(after >= 0 ? after : body.length));
  }
  return { title, body };
}

/** The newsletter issue: a subject, and a body ready for a broadcast (simple Markdown, no links). */
export function builtinNewsletter(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const l = landingOf(ctx);
  const title = `${w.name} in ${w.month}: ${pick(w.name, [`news for ${w.customers}`, `what's new with ${w.what}`, `${w.what} news`])}`.slice(0, 120);
  const parts = [`Hello,`, `Thanks for following ${w.name}, ${withArticle(w.product)} for ${w.customers}${w.where}. Here is what happened this month.`];
  parts.push(`**This month**`, ...numberParagraphs(w, facts));
  const benefit = l.benefits[variantIndex(w.month, Math.max(1, l.benefits.length))];
  if (benefit) parts.push(`**${benefit.title}**`, stop(benefit.body));
  const faq = l.faq[variantIndex(`${w.month}faq`, Math.max(1, l.faq.length))];
  if (faq) parts.push(`**You asked: ${faq.question}**`, stop(faq.answer));
  parts.push(`**What's next**`, l.cta ? `${stop(l.cta.headline)} ${stop(l.cta.body)}` : `${cap(w.goal.reason)}.`);
  parts.push(`Reply to this e-mail and tell us what you want from ${w.what}: we read every answer.`, `The ${w.name} team`);
  return { title, body: parts.join("\n\n") };
}

/** Two social posts: the month's progress, and one thing customers should know. */
export function builtinSocialPair(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const l = landingOf(ctx);
  const tags = ctx.understanding.hashtags.slice(0, 3).map((t) => `#${t}`).join(" ");
  const progress =
    facts.leads > 0
      ? `${w.month} at ${w.name}: ${fmt(facts.leads)} ${facts.leads === 1 ? "person" : "people"} signed up for ${w.what}${w.where}. Thank you! We're building it for ${w.customers}, and every sign-up shapes what comes next.`
      : facts.visitors > 0
        ? `${w.month} at ${w.name}: ${fmt(facts.visitors)} people found our page for ${w.what}${w.where}. We're building it for ${w.customers}. ${cap(w.goal.reason)}.`
        : `We're building ${w.name}: ${withArticle(w.product)} for ${w.customers}${w.where}. ${stop(w.tagline)} ${cap(w.goal.reason)}.`;
  const benefit = l.benefits[variantIndex(`${w.month}post`, Math.max(1, l.benefits.length))];
  const tip = benefit ? `${stop(benefit.title)} ${stop(benefit.body)} That's what ${w.name} is about.` : `${stop(w.positioning)}`;
  const body = [`## Post 1: this month`, `${progress}${tags ? `\n\n${tags}` : ""}`, `## Post 2: for ${w.customers}`, `${tip}${tags ? `\n\n${tags}` : ""}`].join("\n\n");
  return { title: `${w.month} posts for ${w.name}`.slice(0, TITLE_MAX), body };
}

/** The landing refresh: proposed hero texts next to the current ones, with why, and section ideas from the month. */
export function builtinLandingRefresh(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const hero = ctx.landing?.hero ?? { headline: "", subheadline: "", button: "" };
  const fields: Array<[RefreshField, "headline" | "subheadline" | "cta", string]> = [
    ["headline", "headline", hero.headline],
    ["subheadline", "subheadline", hero.subheadline],
    ["button", "cta", hero.button],
  ];
  const parts: string[] = [];
  for (const [field, experimentField, current] of fields) {
    const [first] = builtinVariantSuggestions(ctx.input, ctx.brand, experimentField, current).variants;
    if (!first) continue;
    parts.push(`## ${REFRESH_LABELS[field]}`, `Now: ${current || "(none yet)"}`, `Proposed: ${first.text}`, `Why: ${first.reason}`);
  }
  const ideas: string[] = [];
  if (ctx.landing && !ctx.landing.proofIsReal)
    ideas.push(
      facts.leads > 0
        ? `Social proof: the quotes are still placeholders. Ask a few of this month's ${fmt(facts.leads)} sign-ups what made them sign up, and put their words in.`
        : `Social proof: the quotes are still placeholders. Once ${w.customers} sign up, ask them what made them do it and put their words in.`,
    );
  if (facts.visitors > 0 && facts.leads === 0) ideas.push(`Sign-up form: ${fmt(facts.visitors)} visitors and no sign-up yet. Move the form up, and make the button say what happens next.`);
  const top = facts.topSources[0];
  if (top) ideas.push(`Visitors from ${top.source}: ${fmt(top.visitors)} of them this month. Speak to them in the first lines (what brought them from ${top.source}).`);
  const exp = facts.experiments.find((e) => e.status === "running");
  if (exp) ideas.push(`Experiment: the test of the ${exp.field} is running. Let it reach its verdict before changing the same text by hand.`);
  const change = facts.competitorChanges[0];
  if (change) ideas.push(`Competitors: ${change.competitor} changed its ${change.page} (${stop(change.summary)}) Say in the FAQ how ${w.name} differs.`);
  if (ctx.landing && ctx.landing.faq.items.length < 6) ideas.push(`FAQ: add the question ${w.customers} asked most this month (${ctx.landing.faq.items.length} of 6 places used).`);
  if (!ideas.length) ideas.push(`How it works: show ${w.customers} the first step with ${w.name} in one picture.`);
  parts.push(`## Sections`, ideas.map((i) => `- ${i}`).join("\n"));
  return { title: `Landing page refresh for ${w.name} (${w.month})`.slice(0, TITLE_MAX), body: parts.join("\n\n") };
}

export const BUILTIN_WRITERS: Record<ContentPieceKind, (ctx: PieceContext, facts: KitFacts) => WrittenPiece> = {
  blog: builtinBlog,
  newsletter: builtinNewsletter,
  social_pair: builtinSocialPair,
  landing_refresh: builtinLandingRefresh,
};

// ---- the model ----------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().min(1).max(max);
const BlogSchema = z.object({ title: text(TITLE_MAX), intro: text(2000), sections: z.array(z.object({ heading: text(100), body: text(3000) })).min(3).max(8) });
const NewsletterSchema = z.object({ subject: text(120), body: text(6000) });
const SocialSchema = z.object({ posts: z.array(z.object({ angle: text(60), text: text(600) })).length(2) });
const Suggestion = z.object({ proposed: text(160), why: text(200) });
const RefreshSchema = z.object({
  headline: Suggestion.extend({ proposed: text(LANDING_LIMITS.headline) }),
  subheadline: Suggestion.extend({ proposed: text(LANDING_LIMITS.subheadline) }),
  button: Suggestion.extend({ proposed: text(LANDING_LIMITS.button) }),
  sections: z.array(text(300)).min(1).max(5),
});

const RULES = [
  "Write for THIS business only, in its brand's voice: its product, customers and place, never generic filler that would fit any business.",
  "Numbers: use only the numbers given under 'This month's facts', exactly as given. Never invent figures, prices, dates, customer counts, growth, testimonials or awards.",
  "Plain text with simple Markdown (## headings, - lists, **bold**). No links, no images.",
].join("\n");

type Spec<T> = { name: string; schema: z.ZodType<T>; system: string; toPiece: (v: T, ctx: PieceContext, facts: KitFacts) => WrittenPiece; maxTokens: number };

const SPECS: { [K in ContentPieceKind]: Spec<unknown> } = {
  blog: {
    name: "blog_article",
    schema: BlogSchema,
    system: `You write a blog article draft for a new business's website, ${BLOG_MIN_WORDS}–${BLOG_MAX_WORDS} words in all: a title, an intro, 4–6 sections with headings. It says what the business does and for whom, and what happened this month.\n${RULES}`,
    toPiece: (v) => {
      const b = v as z.infer<typeof BlogSchema>;
      return { title: b.title, body: [b.intro, ...b.sections.map((s) => `## ${s.heading.replace(/^#+\s*/, "")}\n\n${s.body}`)].join("\n\n") };
    },
    maxTokens: 3500,
  },
  newsletter: {
    name: "newsletter_issue",
    schema: NewsletterSchema,
    system: `You write this month's newsletter issue a new business sends to the people who signed up on its page: a subject under 60 characters and a body of 150–350 words, signed as the team.\n${RULES}`,
    toPiece: (v) => {
      const n = v as z.infer<typeof NewsletterSchema>;
      return { title: n.subject, body: n.body };
    },
    maxTokens: 1500,
  },
  social_pair: {
    name: "social_posts",
    schema: SocialSchema,
    system: `You write two social media posts for a new business: one about this month's progress, one with something useful for its customers. Each under 280 characters plus up to 3 hashtags made of the business's own words.\n${RULES}`,
    toPiece: (v, ctx, facts) => {
      const s = v as z.infer<typeof SocialSchema>;
      return { title: `${monthName(facts.from)} posts for ${ctx.brand.name}`, body: s.posts.map((p, i) => `## Post ${i + 1}: ${p.angle}\n\n${p.text}`).join("\n\n") };
    },
    maxTokens: 800,
  },
  landing_refresh: {
    name: "landing_refresh",
    schema: RefreshSchema,
    system: `You propose a refresh of a landing page's hero (headline, subheadline, button: each different from the current text, with one sentence on why) and 1–5 section suggestions drawn from this month's facts.\n${RULES}`,
    toPiece: (v, ctx) => {
      const r = v as z.infer<typeof RefreshSchema>;
      const hero = ctx.landing?.hero ?? { headline: "", subheadline: "", button: "" };
      const field = (f: RefreshField, current: string) => [`## ${REFRESH_LABELS[f]}`, `Now: ${current || "(none yet)"}`, `Proposed: ${r[f].proposed}`, `Why: ${r[f].why}`];
      return {
        title: `Landing page refresh for ${ctx.brand.name}`,
        body: [...field("headline", hero.headline), ...field("subheadline", hero.subheadline), ...field("button", hero.button), "## Sections", r.sections.map((s) => `- ${s}`).join("\n")].join("\n\n"),
      };
    },
    maxTokens: 1200,
  },
};

function landingLines(landing: LandingContent | null): string[] {
  if (!landing) return [];
  return [
    `Current headline: ${landing.hero.headline}`,
    `Current subheadline: ${landing.hero.subheadline}`,
    `Current button: ${landing.hero.button}`,
    ...landing.benefits.items.map((b) => `Benefit: ${b.title}: ${b.body}`),
    ...landing.how.steps.map((s) => `Step: ${s.title}: ${s.body}`),
    ...landing.faq.items.map((f) => `FAQ: ${f.question} ${f.answer}`),
  ];
}

/**
 * One piece of `kind` for the kit, from its month's facts: the provider's
 * (the model's, checked for numbers of its own; or the builtin's), cleaned.
 * Throws when the kit has no brand yet or the model fails.
 */
export async function writePiece(kind: ContentPieceKind, ctx: PieceContext, facts: KitFacts, signal?: AbortSignal): Promise<WrittenPiece> {
  const spec = SPECS[kind];
  const builtin = () => BUILTIN_WRITERS[kind](ctx, facts);
  const facts_ = factLines(facts);
  const context = [
    ...answerLines(ctx.input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice", "primary_goal"]),
    ...businessLines(ctx.input, ctx.brand),
    `Brand: ${brandBrief(ctx.brand)}`,
    `Positioning: ${ctx.brand.positioning}`,
    ...landingLines(ctx.landing),
  ];
  const provider = getProvider();
  let written: WrittenPiece;
  if (provider.name === "builtin") written = builtin();
  else {
    let answer: unknown;
    try {
      answer = await provider.structured({ name: spec.name, schema: spec.schema, system: spec.system, user: [...context, "", "This month's facts:", ...facts_].join("\n"), builtin: () => null, maxTokens: spec.maxTokens }, signal);
    } catch (error) {
      // The model answered, twice, with nothing usable: the builtin piece stands in. Any other failure
      // (the model unreachable, a timeout, a rate limit) goes to the caller: no piece, no slot taken.
      if (!(error instanceof GenerationError && error.userMessage === INVALID_JSON_MESSAGE)) throw error;
      logError(`monthly piece (${kind}): the model's answer was not usable, the builtin writer stands in`, error);
      answer = null;
    }
    written = answer === null ? builtin() : spec.toPiece(answer, ctx, facts);
    const stray = answer === null ? [] : strayNumbers(`${written.title}\n${written.body}`, [...facts_, ...context]);
    const words = wordCount(written.body);
    if (stray.length || (kind === "blog" && (words < BLOG_MIN_WORDS * 0.9 || words > BLOG_MAX_WORDS * 1.1))) {
      logError(`monthly piece (${kind}): the model's text was not used`, new Error(stray.length ? `numbers not in the facts: ${stray.join(", ")}` : `${words} words`));
      written = builtin();
    }
  }
  const clean: CleanupContext = { understanding: ctx.understanding, input: ctx.input, brandName: ctx.brand.name };
  return { title: cleanText(written.title, clean).slice(0, TITLE_MAX), body: cleanText(written.body, clean).slice(0, BODY_MAX) };
}
