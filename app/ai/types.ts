import type { z } from "zod";

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

/**
 * A request for free text. The `openai` provider sends the messages (the
 * system message only when given); the `builtin` provider answers with
 * `builtin()`. With an `onDelta`, the text streams: each piece as it comes.
 */
export type TextRequest = {
  system?: string;
  user: string;
  /** The offline answer for the builtin provider. */
  builtin: () => string;
  maxTokens: number;
  temperature: number;
};

/** A picture, as the bytes we store. */
export type GeneratedImage = { data: Buffer; contentType: string };

/** A request for one square picture; the `builtin` provider answers with `builtin()`. */
export type ImageRequest = {
  prompt: string;
  /** The offline picture for the builtin provider. */
  builtin: () => GeneratedImage;
};

/** A question for the web search tool (research snapshot). */
export type WebSearchRequest = { instructions: string; input: string; maxTokens?: number };

/** The model's notes and the pages the search returned (the only URLs a snapshot may show). */
export type WebSearchResult = { text: string; sources: Array<{ url: string; title: string }> };

/** What a generator must do; `openai` and `builtin` implement it. */
export interface AIProvider {
  /** Which provider this is (stored with a kit's metadata, shown to admins). */
  readonly name: "openai" | "builtin";
  /**
   * No model answers: every request gets its `builtin` answer. Callers that
   * label content as a model's, or skip asking, read this (never the name).
   */
  readonly offline: boolean;
  readonly textModel: string;
  readonly imageModel: string;
  /** Free text; with `onDelta` it streams, each piece passed on as it comes. Resolves to the whole text, untrimmed ("" when the model said nothing). */
  text(request: TextRequest, signal?: AbortSignal, onDelta?: (delta: string) => void): Promise<string>;
  /** Structured content of one asset kind, validated by its schema. */
  structured<T>(request: StructuredRequest<T>, signal?: AbortSignal): Promise<T>;
  /** One square picture. */
  image(request: ImageRequest, signal?: AbortSignal): Promise<GeneratedImage>;
  /** Web research with sources; absent when the provider has no web access (builtin, AI_WEB_SEARCH=off). */
  webSearch?(request: WebSearchRequest, signal?: AbortSignal): Promise<WebSearchResult>;
}
