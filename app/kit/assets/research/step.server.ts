import { businessLines } from "~/kit/understanding";
import OpenAI from "openai";
import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider, WebSearchResult } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { builtinResearchDraft } from "./builtin";
import { namedCompetitors } from "./competitors";
import { finalizeResearch, repairResearchDraft } from "./finalize";
import { ResearchDraftSchema, type OfflineReason, type ResearchContent, type ResearchDraft } from "./schema";
import { sourceIndex } from "./sources";

/**
 * The research step. With web access (the openai provider and AI_WEB_SEARCH
 * on), the Responses API's web search writes notes with citations first;
 * then the structured call turns notes and numbered sources into the
 * snapshot, and finalizeResearch keeps only links the search returned.
 * Without it (builtin, search off, a server without the tool, no results),
 * the snapshot is written without links and says so.
 */

const SEARCH_INSTRUCTIONS = [
  "You are a market researcher for an early-stage founder. Search the web for current, factual information and cite every fact with its source.",
  "Prefer the competitors' own websites and pricing pages, reputable reviews and recent market reports.",
  "Write concise notes. If you cannot find something, say so instead of guessing.",
].join(" ");

function searchInput(input: GenerationInput, brand: Brand, named: readonly string[]) {
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market"]),
    ...businessLines(input, brand),
    "",
    "Find:",
    `1. Five competitors (direct, or the alternatives these customers use today)${named.length ? `, starting with these, named by the founder: ${named.join(", ")}` : ""}.`,
    "   For each: the official website, how they position themselves, their pricing model as published, one strength and one weakness (from reviews or comparisons).",
    "2. Two to four facts about this market (size, growth, trends, how these customers buy), each with its source.",
    "3. Where these customers gather online and what triggers them to buy, if sources say so.",
  ].join("\n");
}

const SYSTEM = [
  "You are a market researcher writing a research snapshot for an early-stage founder:",
  "an ideal customer profile (who, jobs to be done, exactly 5 pains, where to reach them, buying triggers, objections),",
  "market claims with their sources, and 5 competitors (name, website, positioning, pricing model, one strength, one weakness, how this business differs).",
  "The founder's named competitors come first.",
].join(" ");

function withSources(notes: WebSearchResult, list: Array<{ url: string; title: string }>) {
  return [
    "Research notes from a web search:",
    notes.text.slice(0, 12_000),
    "",
    "Sources the search returned (the ONLY URLs you may use; copy them exactly into `sources` and `website`):",
    ...list.map((s, i) => `[${i + 1}] ${s.title} ${s.url}`),
    "",
    "Every competitor and every market claim lists the URLs of the sources that support it. Leave out any claim no source supports. Never write any other URL.",
  ].join("\n");
}

const WITHOUT_WEB =
  "You have no web access. Write from general knowledge, as hypotheses to check: no URLs (website null, sources empty), no market figures or statistics (marketClaims empty). If you don't know a competitor, say what to check instead of guessing.";

function userMessage(input: GenerationInput, brand: Brand, named: readonly string[], notes: string, salt: string) {
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "primary_goal"]),
    ...businessLines(input, brand),
    `Brand: ${brand.name}: ${brand.tagline}. ${brand.positioning}`,
    named.length ? `Competitors named by the founder (put them first, in this order): ${named.join(", ")}` : "The founder named no competitors.",
    "",
    notes,
    salt ? `\nThis is a new attempt (${salt}).` : "",
  ].join("\n");
}

export async function generateResearch(
  input: GenerationInput,
  brand: Brand,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
  now = () => new Date(),
): Promise<ResearchContent> {
  const named = namedCompetitors(input.competitors);
  let found: WebSearchResult | null = null;
  let offline: OfflineReason | null = null;
  if (provider.offline) offline = "builtin";
  else if (!provider.webSearch) offline = "off";
  else {
    try {
      const result = await provider.webSearch({ instructions: SEARCH_INSTRUCTIONS, input: searchInput(input, brand, named) }, signal);
      if (sourceIndex(result.sources).sources.length === 0) offline = "no-results";
      else found = result;
    } catch (error) {
      if (signal?.aborted) throw error;
      // A server without the tool (or without the Responses API): research without web access.
      offline = "unavailable";
      const status = error instanceof OpenAI.APIError ? ` (HTTP ${error.status ?? "error"})` : "";
      console.warn(`Web search unavailable${status}: the research snapshot is written without web access.`);
    }
  }
  const index = sourceIndex(found?.sources ?? []);
  const draft = await provider.structured(
    {
      name: "research",
      schema: ResearchDraftSchema,
      system: SYSTEM,
      user: userMessage(input, brand, named, found ? withSources(found, index.sources) : WITHOUT_WEB, salt),
      builtin: () => builtinResearchDraft(input, brand, named),
      repair: (raw) => repairResearchDraft(raw) as ResearchDraft | null,
      maxTokens: 5000,
    },
    signal,
  );
  return finalizeResearch(draft, { index, webAccess: found !== null, offlineReason: offline, named, input, brand, now: now() });
}
