import { getConfig } from "~/config.server";
import { createBuiltinProvider } from "./builtin.server";
import { createOpenAIProvider } from "./openai.server";
import type { AIProvider } from "./types";

let provider: AIProvider | undefined;

/** The configured generator: `openai` when a key is set (or asked for), else `builtin`. */
export function getProvider(): AIProvider {
  const { ai } = getConfig();
  provider ??= ai.provider === "openai" ? createOpenAIProvider(ai) : createBuiltinProvider();
  return provider;
}

/** Tests swap providers. */
export function setProviderForTests(p: AIProvider | undefined) {
  provider = p;
}
