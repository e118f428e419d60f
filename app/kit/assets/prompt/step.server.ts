import { GenerationError, PROMPT_ERRORS } from "~/ai/errors";
import type { GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import { builtinPrompt } from "./builtin";
import { PROMPT_SYSTEM_MESSAGE, promptUserMessage } from "./messages";

/**
 * The website prompt (spec section 7, first call), streamed: `onDelta` gets
 * each piece as it comes; resolves to the whole prompt. `brief`: the brand
 * (name, tagline, colours, fonts) the prompt must use.
 */
export async function writeWebsitePrompt(
  input: GenerationInput,
  provider: AIProvider,
  onDelta: (delta: string) => void,
  signal?: AbortSignal,
  brief?: string,
): Promise<string> {
  const text = await provider.text(
    {
      system: PROMPT_SYSTEM_MESSAGE,
      user: promptUserMessage(input, brief),
      temperature: 0.7,
      maxTokens: 4000,
      builtin: () => builtinPrompt(input, brief),
    },
    signal,
    onDelta,
  );
  const prompt = text.trim();
  if (!prompt) throw new GenerationError(PROMPT_ERRORS.empty);
  return prompt;
}
