import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { chooseLayouts } from "~/kit/layouts";
import { businessLines } from "~/kit/understanding";
import { understandingOf } from "../launch-copy";
import { builtinDeck } from "./builtin";
import { researchSources } from "./research";
import { DeckModelSchema, LIMITS, type DeckContent } from "./schema";

const SYSTEM = [
  "You write 5-slide pitch decks for early-stage founders: problem, solution, market, business model, and the ask with next steps.",
  `Each slide: a headline (at most ${LIMITS.title} characters), ${LIMITS.bullets.min} to ${LIMITS.bullets.max} bullets (at most ${LIMITS.bullet} characters each),`,
  `a callout of a few words shown large (at most ${LIMITS.callout} characters), and speaker notes the founder reads aloud (at most ${LIMITS.notes} characters).`,
  "The market slide also says who the customers are and how many there are.",
  "Never invent statistics, customers, revenue, traction or quotes. Use a number only when the research snapshot gives it;",
  "otherwise say how to size it and give a labelled estimate range the founder can check (for example: 'Estimate: $15–25 a month'), never a placeholder in brackets.",
  "Write in the brand's tone of voice; plain words, no hype.",
].join(" ");

/** What the model needs of the research: its market claims (with their sources), the customer and the competitors' names. */
function researchSummary(research: unknown): string {
  if (!research || typeof research !== "object") return "";
  const r = research as { marketClaims?: unknown; icp?: { who?: unknown }; competitors?: Array<{ name?: unknown }> };
  if (Array.isArray(r.marketClaims)) {
    return JSON.stringify({
      marketClaims: r.marketClaims,
      customer: r.icp?.who ?? null,
      competitors: Array.isArray(r.competitors) ? r.competitors.map((c) => c?.name).filter(Boolean) : [],
    }).slice(0, 6000);
  }
  return JSON.stringify(research).slice(0, 6000);
}

function userMessage(input: GenerationInput, brand: Brand, research: unknown, salt: string) {
  const snapshot = researchSummary(research);
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "competitors", "primary_goal", "tone_of_voice"]),
    ...businessLines(input, brand),
    `Brand: ${brandBrief(brand)} Positioning: ${brand.positioning}`,
    `Voice: do ${brand.voice.dos.join(" / ")}; don't ${brand.voice.donts.join(" / ")}.`,
    "",
    snapshot
      ? `Research snapshot (the only source of figures; the deck lists its sources itself, do not write URLs):\n${snapshot}`
      : "There is no research snapshot: the market size must be an estimate method, not a figure.",
    salt ? `This is a new attempt (${salt}): write different headlines and callouts than before.` : "",
  ].join("\n");
}

/**
 * The deck step: the provider writes the five slides; the step adds the
 * market's basis and sources, which never come from the model: sources are
 * the research snapshot's (when it has any), else the market is an estimate.
 * The research is read if it is ready when the deck runs (the plan puts
 * research first); a deck made before it stays an estimate until regenerated.
 */
export async function generateDeck(
  input: GenerationInput,
  brand: Brand,
  research: unknown,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
): Promise<DeckContent> {
  const model = await provider.structured(
    {
      name: "deck",
      schema: DeckModelSchema,
      system: SYSTEM,
      user: userMessage(input, brand, research, salt),
      builtin: () => builtinDeck(input, brand, salt),
      maxTokens: 4000,
    },
    signal,
  );
  const sources = researchSources(research);
  // The offline deck never reads figures from the research, so it stays an estimate (its sources are still listed).
  const basis = sources.length > 0 && !provider.offline ? "research" : "estimate";
  return {
    ...model,
    market: { ...model.market, basis, sources },
    writtenFor: brand.name,
    layout: chooseLayouts(input.brand_vibe, understandingOf(input, brand)).deck,
  };
}
