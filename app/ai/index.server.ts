import { getConfig } from "~/platform/config.server";
import { createBuiltinProvider } from "./builtin.server";
import { createCallLimiter, limitProvider, limitsOf, type CallLimiter } from "./limits.server";
import { createOpenAIProvider } from "./openai.server";
import type { AIProvider } from "./types";

let provider: AIProvider | undefined;
let limiter: CallLimiter | undefined;

/**
 * The configured generator: `openai` when a key is set (or asked for), else
 * `builtin`. The openai provider's calls go through the limiter
 * (AI_CONCURRENCY, Retry-After); the builtin one makes no calls.
 */
export function getProvider(): AIProvider {
  const config = getConfig();
  if (!provider) {
    if (config.ai.provider === "openai") {
      limiter = createCallLimiter(limitsOf(config.ai), config.databaseUrl);
      provider = limitProvider(createOpenAIProvider(config.ai), limiter);
    } else {
      provider = createBuiltinProvider({ callDelayMs: config.ai.builtinDelayMs });
    }
  }
  return provider;
}

/** AI calls running now on this instance (0 with the builtin provider). */
export function aiCallsRunning() {
  return limiter?.running() ?? 0;
}

/** Tests swap providers. */
export function setProviderForTests(p: AIProvider | undefined) {
  void limiter?.close();
  limiter = undefined;
  provider = p;
}
