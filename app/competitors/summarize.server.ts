import { z } from "zod";
import type { CompetitorQuote, LaunchKit } from "~/db/schema";
import { kitBrand } from "~/generation/job.server";
import { answerLines, generationInput } from "~/generation/input";
import { getProvider } from "~/generation/providers/index.server";
import { understandingOf } from "~/kits/assets/launch-copy";
import { brandBrief } from "~/kits/brand/brief";
import { cleanText, type CleanupContext } from "~/kits/copy/cleanup";
import { businessName } from "~/kits/format";
import { businessLines } from "~/kits/understanding";
import { logError } from "~/utils/log.server";
import { describeChanges } from "./rules";

/**
 * "What changed and why it matters to you" for one page's changed lines:
 * the configured model writes it (through the provider's structured call,
 * held to ChangeSummarySchema), the built-in describer (rules.ts: prices,
 * plan names, headings, features) offline or when the model fails. Both
 * texts get the kit's copy clean-up (cleanText). The quotes are always the
 * real changed lines, never the model's: the describer's choice of them, or
 * the first added and removed lines when it found nothing to pick.
 */

export const SUMMARY_MAX = 600;
const QUOTES_MAX = 6;
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
].join("\n");

const clip = (line: string) => (line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1)}…` : line);

/** The real changed lines to quote when the describer picked none. */
function plainQuotes(added: string[], removed: string[]): CompetitorQuote[] {
  const q: CompetitorQuote[] = [...removed.slice(0, 3).map((text) => ({ kind: "removed" as const, text })), ...added.slice(0, 3).map((text) => ({ kind: "added" as const, text }))];
  return q.slice(0, QUOTES_MAX).map((x) => ({ ...x, text: clip(x.text) }));
}

/** The describer's quotes, held to lines that really changed (whatever it returns). */
function realQuotes(picked: CompetitorQuote[], added: string[], removed: string[]): CompetitorQuote[] {
  // The describer may shorten a long line ("…"): kept when it is the start of a changed line.
  const isLine = (q: CompetitorQuote) => (q.kind === "added" ? added : removed).some((l) => l === q.text || (q.text.endsWith("…") && l.startsWith(q.text.slice(0, -1))));
  const kept = picked.filter(isLine).slice(0, QUOTES_MAX);
  return (kept.length ? kept : plainQuotes(added, removed)).map((x) => ({ ...x, text: clip(x.text) }));
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
  const rules = describeChanges({ ...change, business: { name, productWord: understanding.productWord } });
  const builtin = (): ChangeSummary => (rules ? { matters: true, summary: rules.summary, importance: rules.importance } : { matters: false, summary: "Nothing that matters changed.", importance: "normal" });
  const provider = getProvider();
  let written: ChangeSummary;
  let source: Summarised["source"] = provider.name === "builtin" ? "builtin" : "model";
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
