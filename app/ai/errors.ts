import OpenAI from "openai";

/** A failure with the message the user sees (the spec's error catalogue, section 8). */
export class GenerationError extends Error {
  constructor(public readonly userMessage: string, options?: { cause?: unknown }) {
    super(userMessage, options);
    this.name = "GenerationError";
  }
}

export const PROMPT_ERRORS = {
  apiKey: "Invalid OpenAI API key. Please check your configuration.",
  quota: "OpenAI API quota exceeded. Please check your billing.",
  rateLimit: "Rate limit exceeded. Please try again in a moment.",
  empty: "No response received from OpenAI",
  other: "Failed to generate website prompt. Please try again.",
} as const;

export const LOGO_ERRORS = {
  billing: "OpenAI billing required for DALL-E 3. Please check your OpenAI account.",
  quota: "DALL-E 3 quota exceeded. Please check your OpenAI usage limits.",
  contentPolicy: "Logo request violates content policy. Please try a different business idea.",
  emptyConcept: "No concept response received from OpenAI",
  unparseableConcept: "Failed to parse logo concept analysis",
  noImage: "No image URL received from DALL-E 3",
  other: "Failed to generate logo. Please try again.",
} as const;

/** The model answered something that is not the JSON we asked for, twice. */
export const INVALID_JSON_MESSAGE =
  "The AI model did not return valid content (invalid JSON, twice). Please try again, or set AI_TEXT_MODEL to a model that supports JSON output.";

export function modelNotFoundMessage(setting: "AI_TEXT_MODEL" | "AI_IMAGE_MODEL", model: string) {
  return `The AI model "${model}" is not available on your OpenAI account or server. Set ${setting} to a model it offers.`;
}

type ApiErrorLike = { status?: number; code?: string | null; type?: string; message: string };

function describe(error: unknown): ApiErrorLike | null {
  if (error instanceof OpenAI.APIError) {
    return { status: error.status, code: error.code, type: error.type, message: error.message };
  }
  return null;
}

function isModelNotFound(e: ApiErrorLike) {
  return e.code === "model_not_found" || (e.status === 404 && /model/i.test(e.message));
}

/** Maps an error of the prompt stage to the catalogue's message. */
export function promptErrorMessage(error: unknown, textModel: string): string {
  if (error instanceof GenerationError) return error.userMessage;
  const e = describe(error);
  if (!e) return PROMPT_ERRORS.other;
  if (isModelNotFound(e)) return modelNotFoundMessage("AI_TEXT_MODEL", textModel);
  if (error instanceof OpenAI.AuthenticationError || e.code === "invalid_api_key" || /API key/i.test(e.message)) {
    return PROMPT_ERRORS.apiKey;
  }
  if (e.code === "insufficient_quota" || e.type === "insufficient_quota" || /quota/i.test(e.message)) {
    return PROMPT_ERRORS.quota;
  }
  if (error instanceof OpenAI.RateLimitError || /rate limit/i.test(e.message)) return PROMPT_ERRORS.rateLimit;
  return PROMPT_ERRORS.other;
}

/** Maps an error of the logo stage (concept or image) to the catalogue's message. */
export function logoErrorMessage(
  error: unknown,
  models: { setting: "AI_TEXT_MODEL" | "AI_IMAGE_MODEL"; model: string },
): string {
  if (error instanceof GenerationError) return error.userMessage;
  const e = describe(error);
  if (!e) return LOGO_ERRORS.other;
  if (isModelNotFound(e)) return modelNotFoundMessage(models.setting, models.model);
  if (e.code === "content_policy_violation" || /content[_ ]policy|safety system/i.test(e.message)) {
    return LOGO_ERRORS.contentPolicy;
  }
  if (/billing/i.test(e.code ?? "") || /billing/i.test(e.message) && !/quota/i.test(e.message)) return LOGO_ERRORS.billing;
  if (e.code === "insufficient_quota" || e.type === "insufficient_quota" || /quota/i.test(e.message)) return LOGO_ERRORS.quota;
  return LOGO_ERRORS.other;
}

/**
 * Maps an error of an asset step (brand, landing copy, posts...) to a message:
 * the provider's catalogue messages where they apply (key, quota, rate limit,
 * missing model), the invalid-JSON message, else `fallback`.
 */
export function assetErrorMessage(error: unknown, textModel: string, fallback: string): string {
  if (error instanceof GenerationError) return error.userMessage;
  const message = promptErrorMessage(error, textModel);
  return message === PROMPT_ERRORS.other || message === PROMPT_ERRORS.empty ? fallback : message;
}
