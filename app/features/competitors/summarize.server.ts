import { z } from "zod";
import type { CompetitorQuote, LaunchKit } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { answerLines, generationInput } from "~/kit/input";
import { getProvider } from "~/ai/index.server";
import { understandingOf } from "~/kit/assets/launch-copy";
import { brandBrief } from "~/kit/brand/brief";
import { cleanText, type CleanupContext } from "~/kit/copy/cleanup";
import { businessName } from "~/kit/format";
import { businessLines } from "~/kit/understanding";
import { logError } from "~/platform/log.server";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { describeChanges, SUMMARY_LIMIT } from "./rules";

/**
 * "What changed and why it matters to you" for one page's changed lines:
 * the configured model writes it (through the provider's structured call,
 * held to ChangeSummarySchema), the built-in describer (rules.ts: prices,
 * plan names, headings, features) offline or when the model fails. Both
 * texts get the kit's copy clean-up (cleanText). The quotes are always the
 * real changed lines, never the model's: every one of them, the describer's
 * choice first (the section lists every change; the digest quotes the first
 * ones and counts the rest). Advice fits the founder's own page: what it
 * shows (prices or not) and what it leads with are passed to both writers.
 */

export const SUMMARY_MAX = SUMMARY_LIMIT;
const LINE_MAX = 300;

export const ChangeSummarySchema = z.object({
  /** False when the change is noise for this business (a reworded sentence, a new blog teaser…). */
  matters: z.boolean(),
  summary: z.string().trim().max(SUMMARY_MAX),
  importance: z.enum(["high", "normal"]),
});
export type ChangeSummary = z.infer<typeof ChangeSummarySchema>;

export type Summarised = { summary: string; importance: "high" | "normal"; quotes: CompetitorQuote[]; source: "model" | "builtin" };

const SYSTEM = [
  "You watch a competitor's web page for the founder of a small business and tell them, in two or three plain sentences, what changed on it and why it matters to THEIR business.",
  "You get the lines added to and removed from the page since the last check. Say what changed (prices, plans, features, positioning, offers), then what the founder could do about it.",
  "Set matters to false when the change means nothing for the founder (typo fixes, reworded sentences, new blog teasers, cookie banners); importance is high for prices, plans and features, normal otherwise.",
  "Quote nothing and invent nothing: use only numbers and names that appear in the changed lines. No greeting, no sign-off, no Markdown.",
  "Give advice only where it applies to the founder's own page: when it shows no prices, say nothing about their pricing. A competitor's new line that says what the founder leads with matters: say so.",
].join("\n");

const clip = (line: string) => (line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1)}…` : line);

/** Every changed line, removed then added, as the page had them. */
function plainQuotes(added: string[], removed: string[]): CompetitorQuote[] {
  return [...removed.map((text) => ({ kind: "removed" as const, text })), ...added.map((text) => ({ kind: "added" as const, text }))].map((x) => ({ ...x, text: clip(x.text) }));
}

/** The describer's quotes, held to lines that really changed (whatever it returns), then every other changed line: none is left out. */
function realQuotes(picked: CompetitorQuote[], added: string[], removed: string[]): CompetitorQuote[] {
  // The describer may shorten a long line ("…"): kept when it is the start of a changed line.
  const lineOf = (q: CompetitorQuote) => (q.kind === "added" ? added : removed).find((l) => l === q.text || (q.text.endsWith("…") && l.startsWith(q.text.slice(0, -1))));
  const covered = new Set<string>();
  const kept: CompetitorQuote[] = [];
  for (const q of picked) {
    const line = lineOf(q);
    if (line === undefined || covered.has(`${q.kind}:${line}`)) continue;
    covered.add(`${q.kind}:${line}`);
    kept.push(q);
  }
  const others = plainQuotes(
    added.filter((l) => !covered.has(`added:${l}`)),
    removed.filter((l) => !covered.has(`removed:${l}`)),
  );
  return [...kept, ...others].map((x) => ({ ...x, text: clip(x.text) }));
}

/** Whether the founder's page shows a price: a price line of its own with a figure in it ("Quote on request" is none). */
export function pageShowsPrices(content: LandingContent | null): boolean {
  return Boolean(content?.category.prices?.items.some((i) => /\d/.test(i.price)));
}

/** What the founder leads with: the idea, the positioning, the page's headline, subheadline and benefits. */
function founderClaims(kit: LaunchKit, brand: { positioning?: string } | null, content: LandingContent | null): string[] {
  return [kit.businessIdea, brand?.positioning ?? "", content?.hero.headline ?? "", content?.hero.subheadline ?? "", ...(content?.benefits.items.map((b) => `${b.title} ${b.body}`) ?? [])].filter(Boolean);
}

export async function summarizeChange(
  kit: LaunchKit,
  change: { competitor: string; page: string; added: string[]; removed: string[]; context?: Record<string, string> },
  signal?: AbortSignal,
): Promise<Summarised | null> {
  const brand = await kitBrand(kit.id);
  const input = generationInput(kit);
  const understanding = understandingOf(input, brand);
  const name = brand?.name ?? businessName(kit.businessIdea);
  const landing = await readyContent(kit.id, "landing", LandingContentSchema);
  const showsPrices = pageShowsPrices(landing);
  const rules = describeChanges({ ...change, business: { name, productWord: understanding.productWord, showsPrices, claims: founderClaims(kit, brand, landing) } });
  const builtin = (): ChangeSummary => (rules ? { matters: true, summary: rules.summary, importance: rules.importance } : { matters: false, summary: "Nothing that matters changed.", importance: "normal" });
  const provider = getProvider();
  let written: ChangeSummary;
  let source: Summarised["source"] = provider.offline ? "builtin" : "model";
  try {
    written = await provider.structured(
      {
        name: "competitor_change",
        schema: ChangeSummarySchema,
        system: SYSTEM,
        user: [
          ...answerLines(input, ["business_idea", "target_audience", "geographic_market"]),
          ...businessLines(input, brand),
          ...(brand ? [`Brand: ${brandBrief(brand)}`, `Positioning: ${brand.positioning}`] : []),
          `The founder's page shows prices: ${showsPrices ? "yes" : "no"}.`,
          "",
          `Competitor: ${change.competitor} (page: ${change.page})`,
          "Lines removed from the page:",
          ...(change.removed.length ? change.removed.slice(0, 40).map((l) => `- ${clip(l)}`) : ["(none)"]),
          "Lines added to the page:",
          ...(change.added.length ? change.added.slice(0, 40).map((l) => `+ ${clip(l)}`) : ["(none)"]),
        ].join("\n"),
        builtin,
        maxTokens: 500,
        temperature: 0.3,
      },
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    logError("competitor change summary failed: the built-in describer wrote it", error, { kitId: kit.id });
    written = builtin();
    source = "builtin";
  }
  // The model decides what matters; a price or plan change the rules found is kept whatever it says.
  const keepRules = rules !== null && !written.matters;
  if (!written.matters && rules?.importance !== "high") return null;
  const ctx: CleanupContext = { understanding, input, brandName: name };
  let summary = keepRules ? "" : cleanText(written.summary, ctx, { style: false }).trim();
  if (!summary && rules) summary = cleanText(rules.summary, ctx, { style: false }).trim();
  if (!summary) return null;
  return {
    summary: summary.slice(0, SUMMARY_MAX),
    importance: rules?.importance === "high" || written.importance === "high" ? "high" : "normal",
    quotes: rules ? realQuotes(rules.quotes, change.added, change.removed) : plainQuotes(change.added, change.removed),
    source,
  };
}
