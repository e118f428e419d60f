import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig, resetConfigForTests } from "~/platform/config.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { getProvider, setProviderForTests } from "~/ai/index.server";
import { logoArt, logoConcept } from "~/kit/assets/logo/art-step.server";
import { conceptArtOf } from "~/kit/assets/logo/builtin-art";
import { writeWebsitePrompt } from "~/kit/assets/prompt/step.server";

const input = {
  business_idea: "A subscription box of single-origin coffee",
  target_audience: "Remote workers",
  geographic_market: "Not specified",
  tone_of_voice: "friendly",
  competitors: "Not specified",
  primary_goal: "waitlist",
  brand_vibe: "cozy",
};

/** Whether the promise is still pending after the other timers of this turn have run. */
async function pending(p: Promise<unknown>) {
  p.catch(() => {});
  return Promise.race([p.then(() => false, () => false), new Promise((r) => setTimeout(r, 30, true))]);
}

describe("BUILTIN_DELAY_MS (the built-in generator slowed for container tests)", () => {
  afterEach(() => {
    delete process.env.BUILTIN_DELAY_MS;
    resetConfigForTests();
    setProviderForTests(undefined);
  });

  it("is 0 unless set, and a bad value names the variable", () => {
    expect(parseConfig({}).ai.builtinDelayMs).toBe(0);
    expect(parseConfig({ BUILTIN_DELAY_MS: "1500" }).ai.builtinDelayMs).toBe(1500);
    for (const bad of ["soon", "-1", "1.5", "60001"]) {
      expect(() => parseConfig({ BUILTIN_DELAY_MS: bad }), bad).toThrow(/BUILTIN_DELAY_MS: BUILTIN_DELAY_MS must be a whole number/);
    }
  });

  it("makes every call wait, and the step's signal ends the wait (a shutdown hands the step back)", async () => {
    const provider = createBuiltinProvider({ chunkDelayMs: 0, callDelayMs: 60_000 });
    const controller = new AbortController();
    const art = conceptArtOf(input);
    const concept = { reasoning_steps: {}, final_logo_concept: "A cup." };
    const calls = [
      logoConcept(input, provider, controller.signal),
      logoArt(concept, input, provider, art, controller.signal),
      writeWebsitePrompt(input, provider, () => {}, controller.signal),
      provider.structured({ name: "x", schema: z.string(), system: "", user: "", builtin: () => "x" }, controller.signal),
    ];
    for (const call of calls) expect(await pending(call)).toBe(true);
    controller.abort(new Error("server shutting down"));
    for (const call of calls) await expect(call).rejects.toThrow();
  });

  it("reaches the configured provider; without it the built-in generator answers at once", async () => {
    process.env.BUILTIN_DELAY_MS = "60000";
    resetConfigForTests();
    setProviderForTests(undefined);
    const controller = new AbortController();
    const slow = logoConcept(input, getProvider(), controller.signal);
    expect(await pending(slow)).toBe(true);
    controller.abort();
    await expect(slow).rejects.toThrow();

    delete process.env.BUILTIN_DELAY_MS;
    resetConfigForTests();
    setProviderForTests(undefined);
    const fast = logoConcept(input, getProvider());
    expect(await pending(fast)).toBe(false);
    expect((await fast).final_logo_concept).toMatch(/text-free/);
  });
});
