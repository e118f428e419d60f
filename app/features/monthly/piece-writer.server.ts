import { z } from "zod";
import type { ContentPieceKind } from "~/platform/db/schema";
import { GenerationError, INVALID_JSON_MESSAGE } from "~/ai/errors";
import { answerLines, generationInput } from "~/kit/input";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getProvider } from "~/ai/index.server";
import { understandingOf } from "~/kit/assets/launch-copy";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { LANDING_LIMITS, type LandingContent, LandingContentSchema } from "~/kit/assets/landing/schema";
import { ResearchContentSchema } from "~/kit/assets/research/schema";
import { SocialContentSchema } from "~/kit/assets/social/schema";
import { DeckContentSchema } from "~/kit/assets/deck/schema";
import { AdsContentSchema } from "~/kit/assets/ads/schema";
import { brandBrief } from "~/kit/brand/brief";
import { type CleanupContext, cleanText } from "~/kit/copy/cleanup";
import { type CustomerCopyKind, numbersIn as allNumbersIn, checkCustomerCopy, kitCheckContext } from "~/kit/copy/customer-check";
import { experimentsOfKit } from "~/features/analytics/index.server";
import { getKit } from "~/kit/kits.server";
import { businessLines } from "~/kit/understanding";
import { logError } from "~/platform/log.server";
import type { KitFacts } from "./facts.server";
import { BLOG_MAX_WORDS, BLOG_MIN_WORDS, BODY_MAX, REFRESH_LABELS, type RefreshField, TITLE_MAX, wordCount } from "./pieces";
import { BUILTIN_WRITERS } from "./piece-builtin.server";
import { factLines, monthName, numbersIn, strayNumbers } from "./piece-facts";
import type { PieceContext, WrittenPiece } from "./piece-types";
import { sameText, triedOn, wordsOf } from "./piece-words";

/**
 * Writes one monthly content piece for a kit: the model through
 * the provider's structured call (a zod schema per kind), or, offline, the
 * builtin writer (piece-builtin.server.ts), which writes from the kit itself (the brand, what
 * LaunchKit understood of the business, the landing page's copy) and the
 * month's facts. Both pass the copy clean-up (cleanText). Every number in
 * a piece comes from the facts (kitFacts, read from the database): the
 * model is given them and told to use no other, and a model's text that
 * carries a number found neither in the facts nor in the founder's own
 * words is not used (the builtin piece is, and the log says why).
 */

export { builtinBlog, monthSection, builtinNewsletter, builtinSocialPair, builtinLandingRefresh, BUILTIN_WRITERS } from "./piece-builtin.server";
export { factsSpan, factLines, strayNumbers } from "./piece-facts";
export type { WrittenPiece, PieceContext } from "./piece-types";
export { endOnNoun, winningMessage, triedOn } from "./piece-words";

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
    published: await landingPageOf(kitId).then((p) => !!p?.published && !p.takenDownAt),
    tried: (await experimentsOfKit(kitId)).flatMap((e) =>
      e.variants.filter((v) => e.status === "running" || e.appliedKey !== v.key).map((v) => ({ field: e.field, text: v.text, running: e.status === "running" })),
    ),
  };
}

/**
 * The founder's figures a public piece (newsletter, posts, blog) shows: the page's visitors, page
 * views, sign-ups (4 and more: smaller numbers are counting words; the blog may quote them) and
 * conversion rate.
 */
export function internalFigures(kind: ContentPieceKind, text: string, facts: KitFacts): string[] {
  if (kind === "landing_refresh") return [];
  // The blog may quote the month's sign-ups (its "this month" section): a true count, not the page's analytics.
  const figures = [facts.visitors, facts.pageviews, ...(kind === "blog" ? [] : [facts.leads])].filter((n) => n >= 4).map(String);
  if (facts.conversionRate !== null && facts.leads > 0) figures.push(String(Math.round(facts.conversionRate * 1000) / 10));
  const said = new Set(numbersIn(text));
  return [...new Set(figures.filter((n) => said.has(n)))].map((n) => `${n} (the founder's figure)`);
}

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
    system: `You write a blog article draft for a new business's website, ${BLOG_MIN_WORDS}–${BLOG_MAX_WORDS} words in all: a title, an intro, 4–6 sections with headings. An article for the business's customers on a topic of the business (a title that promises something to the reader, an intro, sections built from the business's specifics, a closing call to action), not the landing page reflowed. The page's analytics (visitors, page views, conversion, sources, experiment counts) are the founder's: never show them; the one figure a reader may see is the month's sign-ups, in a short section on the month, with the founder's facts (prices as given, in their currency, the area served, ages, facts). The month's facts also choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Say the product's full name once or twice, then a short name or "it". Never paste the founder's answers verbatim.\n${RULES}`,
    toPiece: (v) => {
      const b = v as z.infer<typeof BlogSchema>;
      return { title: b.title, body: [b.intro, ...b.sections.map((s) => `## ${s.heading.replace(/^#+\s*/, "")}\n\n${s.body}`)].join("\n\n") };
    },
    maxTokens: 3500,
  },
  newsletter: {
    name: "newsletter_issue",
    schema: NewsletterSchema,
    system: `You write this month's newsletter issue a new business sends to the people who signed up on its page: a subject under 60 characters and a body of 150–350 words, signed as the team. It talks about the product, news, an offer or a tip. The page's analytics (visitors, page views, sign-ups, conversion, sources, experiment counts) are the founder's: never show them; the month's facts only choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Never paste the founder's answers verbatim.\n${RULES}`,
    toPiece: (v) => {
      const n = v as z.infer<typeof NewsletterSchema>;
      return { title: n.subject, body: n.body };
    },
    maxTokens: 1500,
  },
  social_pair: {
    name: "social_posts",
    schema: SocialSchema,
    system: `You write two public social media posts for a business: one with its news this month, one with something useful for its customers. The page's analytics (visitors, page views, sign-ups, conversion, sources, experiment counts) are the founder's: never show them; the month's facts only choose the topic (a competitor's price rise: a line on value; an experiment's winning text: its message). Each under 280 characters plus up to 3 hashtags made of the business's own words.\n${RULES}`,
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
  if (provider.offline) written = builtin();
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
    const stray = answer === null ? [] : [...strayNumbers(`${written.title}\n${written.body}`, [...factLines(facts, { forNumbers: true }), ...context]), ...internalFigures(kind, `${written.title}\n${written.body}`, facts)];
    const words = wordCount(written.body);
    const stale = answer !== null && kind === "landing_refresh" ? staleProposals(answer as z.infer<typeof RefreshSchema>, ctx, facts) : [];
    if (stray.length || stale.length || (kind === "blog" && (words < BLOG_MIN_WORDS * 0.9 || words > BLOG_MAX_WORDS * 1.1))) {
      const why = stray.length ? `numbers not in the facts: ${stray.join(", ")}` : stale.length ? `proposes what an experiment tried or is testing: ${stale.join(", ")}` : `${words} words`;
      logError(`monthly piece (${kind}): the model's text was not used`, new Error(why));
      written = builtin();
    }
  }
  const clean: CleanupContext = { understanding: ctx.understanding, input: ctx.input, brandName: ctx.brand.name };
  const checked = (p: WrittenPiece) => checkPiece(kind, { title: cleanText(p.title, clean), body: cleanText(p.body, clean) }, ctx, facts);
  const out = checked(written);
  // A text the check emptied (every sentence a note or a claim): the builtin piece, checked the same way.
  return out.title && out.body ? out : checked(builtin());
}

/** How the customer-copy check reads each kind: the newsletter is an e-mail to the leads, the refresh the founder's. */
const CHECK_KIND: Record<ContentPieceKind, CustomerCopyKind> = { blog: "article", newsletter: "email", social_pair: "article", landing_refresh: "founder" };

/** A piece through the customer-copy check, with the month's figures and the founder's own numbers as the only true counts. */
export function checkPiece(kind: ContentPieceKind, piece: WrittenPiece, ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const check = kitCheckContext(ctx.input, ctx.brand, ctx.understanding, {
    productPhrases: [ctx.understanding.product, w.product, w.what, w.stuff],
    knownNumbers: allNumbersIn(...factLines(facts, { forNumbers: true }), ...facts.competitorChanges.map((c) => c.summary)),
  });
  return {
    title: checkCustomerCopy(piece.title, { ...check, maxLength: TITLE_MAX }, CHECK_KIND[kind]).text,
    body: checkCustomerCopy(piece.body, { ...check, maxLength: BODY_MAX }, CHECK_KIND[kind]).text,
  };
}

/** The model's refresh proposals that an experiment tried without winning, or for a field under test. */
function staleProposals(r: z.infer<typeof RefreshSchema>, ctx: PieceContext, facts: KitFacts): string[] {
  const out: string[] = [];
  for (const [field, experimentField] of [["headline", "headline"], ["subheadline", "subheadline"], ["button", "cta"]] as const) {
    const tried = triedOn(ctx, facts, experimentField);
    if (tried.running || tried.losing.has(sameText(r[field].proposed))) out.push(field);
  }
  return out;
}
