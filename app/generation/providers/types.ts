import type { GenerationInput } from "../input";

export type LogoConcept = {
  reasoning_steps: Record<string, string>;
  final_logo_concept: string;
};

export type LogoImage = { data: Buffer; contentType: string };

/** What a generator must do; `openai` and `builtin` implement it. */
export interface AIProvider {
  readonly name: "openai" | "builtin";
  readonly textModel: string;
  readonly imageModel: string;
  /** Streams the website prompt; calls onDelta with each piece; resolves to the full text. */
  writePrompt(input: GenerationInput, onDelta: (delta: string) => void, signal?: AbortSignal): Promise<string>;
  logoConcept(input: GenerationInput, signal?: AbortSignal): Promise<LogoConcept>;
  /** Draws the logo; resolves to the image bytes we store. */
  logoImage(prompt: string, input: GenerationInput, signal?: AbortSignal): Promise<LogoImage>;
}
