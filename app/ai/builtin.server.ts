import { setTimeout as sleep } from "node:timers/promises";
import { builtinStructured } from "./structured.server";
import type { AIProvider } from "./types";

/**
 * The offline generator: used when no OpenAI key is set. Every request
 * carries its own offline answer (`builtin()`), written by the kit's
 * templates; this provider returns it, streaming text in word groups like
 * the real provider so the whole UI path runs.
 */

/**
 * `callDelayMs` (BUILTIN_DELAY_MS, tests only) makes every call wait first, as
 * a model's answer would: a kit then takes long enough that a test can stop an
 * instance while one of its steps runs. The wait ends with the step's signal.
 */
export function createBuiltinProvider(options: { chunkDelayMs?: number; callDelayMs?: number } = {}): AIProvider {
  const delay = options.chunkDelayMs ?? 30;
  const callDelay = options.callDelayMs ?? 0;
  const wait = async (signal?: AbortSignal) => {
    if (callDelay) await sleep(callDelay, undefined, { signal });
  };
  return {
    name: "builtin",
    offline: true,
    textModel: "builtin",
    imageModel: "builtin-svg",

    async text(request, signal, onDelta) {
      await wait(signal);
      const text = request.builtin();
      if (!onDelta) return text;
      // Stream word groups like a model would.
      const pieces = text.match(/\S+\s*/g) ?? [text];
      for (let i = 0; i < pieces.length; i += 6) {
        // timers/promises removes its abort listener when the timer ends.
        if (delay) await sleep(delay, undefined, { signal });
        onDelta(pieces.slice(i, i + 6).join(""));
      }
      return text;
    },

    async structured(request, signal) {
      await wait(signal);
      return builtinStructured(request);
    },

    async image(request, signal) {
      await wait(signal);
      return request.builtin();
    },
  };
}
