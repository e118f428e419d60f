// The AI provider an integration test runs against, chosen the way production
// chooses it: through the environment. With an OpenAI key and base URL the app
// talks to the fake OpenAI server (tests/support/fake-openai.mjs); without a
// key it uses its builtin provider. Each switch resets the cached config and
// provider so the next generation picks the change up.
import { resetConfigForTests } from "~/platform/config.server";
import { setProviderForTests } from "~/ai/index.server";

function reload() {
  resetConfigForTests();
  setProviderForTests(undefined);
}

/**
 * Points the app at the fake OpenAI server at `baseURL` (key "sk-test-key", no
 * retries, AI_PROVIDER unset). `env` sets further variables; an undefined
 * value deletes one.
 */
export function useFakeOpenAI(baseURL: string, env: Record<string, string | undefined> = {}) {
  process.env.OPENAI_API_KEY = "sk-test-key";
  process.env.OPENAI_BASE_URL = baseURL;
  process.env.AI_MAX_RETRIES = "0";
  delete process.env.AI_PROVIDER;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  reload();
}

/** No OpenAI key or base URL (and none of `alsoUnset`): the app falls back to its builtin provider. */
export function useBuiltinProvider(...alsoUnset: string[]) {
  for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", ...alsoUnset]) delete process.env[key];
  reload();
}

/** Deletes what useFakeOpenAI set (and `alsoUnset`), for a test file's afterAll. */
export function clearFakeOpenAIEnv(...alsoUnset: string[]) {
  for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MAX_RETRIES", ...alsoUnset]) delete process.env[key];
}
