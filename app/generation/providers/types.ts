import type { z } from "zod";
import type { ConceptArt } from "~/kits/assets/logo/concept-art.server";
import type { GenerationInput } from "../input";

export type LogoConcept = {
  reasoning_steps: Record<string, string>;
  final_logo_concept: string;
};

export type LogoImage = { data: Buffer; contentType: string };

/**
 * A request for structured content (one asset kind's content). The `openai`
 * provider asks the model for JSON matching the schema; the `builtin`
 * provider answers with `builtin()`, offline and deterministic. Both validate
 * the answer with `schema`.
 */
export type StructuredRequest<T> = {
  /** A short identifier of the content kind, used as the JSON schema's name ("brand", "logo_marks"...). */
  name: string;
  schema: z.ZodType<T>;
  system: string;
  user: string;
  /** The offline answer for the builtin provider. */
  builtin: () => T;
  /**
   * Last resort for an answer that is valid JSON but breaks the schema twice
   * (for example a post over its platform's limit): returns fixed content, or
   * null when it cannot be fixed.
   */
  repair?: (raw: unknown) => T | null;
  maxTokens?: number;
  temperature?: number;
};

/** A question for the web search tool (research snapshot). */
export type WebSearchRequest = { instructions: string; input: string; maxTokens?: number };

/** The model's notes and the pages the search returned (the only URLs a snapshot may show). */
export type WebSearchResult = { text: string; sources: Array<{ url: string; title: string }> };

/** What a generator must do; `openai` and `builtin` implement it. */
export interface AIProvider {
  readonly name: "openai" | "builtin";
  readonly textModel: string;
  readonly imageModel: string;
  /** Streams the website prompt; calls onDelta with each piece; resolves to the full text. */
  writePrompt(input: GenerationInput, onDelta: (delta: string) => void, signal?: AbortSignal, brief?: string): Promise<string>;
  /** `art`: the motif, design and palette of the brand's first mark, which the concept must show. */
  logoConcept(input: GenerationInput, signal?: AbortSignal, art?: ConceptArt): Promise<LogoConcept>;
  /** Draws the logo concept art (of `art` when given); resolves to the image bytes we store. */
  logoImage(prompt: string, input: GenerationInput, signal?: AbortSignal, art?: ConceptArt): Promise<LogoImage>;
  /** Structured content of one asset kind, validated by its schema. */
  structured<T>(request: StructuredRequest<T>, signal?: AbortSignal): Promise<T>;
  /** Web research with sources; absent when the provider has no web access (builtin, AI_WEB_SEARCH=off). */
  webSearch?(request: WebSearchRequest, signal?: AbortSignal): Promise<WebSearchResult>;
}
