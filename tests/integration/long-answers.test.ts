import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { assetsOfKit } from "~/kit/assets/assets.server";
import { createKit, getKit } from "~/kit/kits.server";
import { WizardSchema, type WizardInput } from "~/kit/schema";
import { STEPS } from "~/kit/runner/steps.server";
import { GOALS, TONES, VIBES } from "~/kit/options";
import { KIT_PLAN } from "~/kit/plan";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import type { StructuredRequest } from "~/ai/types";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { STRUCTURED_DEFAULTS } from "../support/fake-structured.mjs";

/**
 * Long but valid wizard answers: every field at its maximum length, with
 * words longer than any line. Generated text must fit each asset's schema
 * (the builtin templates shorten what they quote; a model's text over a limit
 * is cut), never fail it.
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;

/** `length` characters of words, some of them very long, ending on a letter. */
function longText(length: number, seed: string) {
  const words = [`${seed}`, "Supercalifragilisticexpialidociousnessfulnesslessnessishlikeness", "and", "pneumonoultramicroscopicsilicovolcanoconiosis", "for", "everyone"];
  let text = "";
  for (let i = 0; text.length < length; i++) text += `${words[i % words.length]} `;
  return text.slice(0, length).trimEnd().padEnd(length, "x");
}

const input: WizardInput = {
  idea: longText(2000, "Antidisestablishmentarianism"),
  audience: longText(500, "Hippopotomonstrosesquippedaliophobic"),
  geography: longText(200, "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"),
  tone: "technical",
  competitors: `${longText(240, "Floccinaucinihilipilification")}, ${longText(257, "Incomprehensibilities")}`,
  goal: "pre-orders",
  vibe: "corporate",
};

async function generateAll(choices: Partial<WizardInput> = {}) {
  const answers = { ...input, ...choices };
  expect(WizardSchema.parse(answers)).toEqual(answers);
  const kit = await createKit(userId, answers);
  await startGeneration(kit);
  await settleGenerations();
  return (await getKit(kit.id))!;
}

async function expectEveryAssetValid(kitId: string) {
  const rows = await assetsOfKit(kitId);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  for (const { kind } of KIT_PLAN) {
    const row = byKind.get(kind);
    expect({ kind, status: row?.status, error: row?.error ?? null }).toEqual({ kind, status: "ready", error: null });
    const schema = STEPS[kind]?.schema;
    if (schema) expect(schema.safeParse(row!.content).error?.issues ?? [], kind).toEqual([]);
  }
}

/** The fake model quoting the founder's long answers in every sentence it writes (names, links and tags stay as they are). */
function echoing(value: unknown): unknown {
  if (typeof value === "string") return / /.test(value) && !/^(https?:|#|<)/.test(value) ? `${value} ${input.idea.slice(0, 700)}` : value;
  if (Array.isArray(value)) return value.map(echoing);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, echoing(v)]));
  return value;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Long", email: "long-answers@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});
beforeEach(() => fake.reset());

describe("every wizard answer at its maximum length", () => {
  it("the builtin generator completes every step, each asset within its schema", async () => {
    useBuiltinProvider("AI_WEB_SEARCH");
    // The templates themselves must fit: the cut to the schema is only a safety net.
    const overLimit: unknown[] = [];
    const builtin = createBuiltinProvider({ chunkDelayMs: 0 });
    setProviderForTests({
      ...builtin,
      async structured<T>(request: StructuredRequest<T>) {
        const strict = request.schema.safeParse(request.builtin());
        if (!strict.success) overLimit.push({ name: request.name, issues: strict.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
        return builtin.structured(request);
      },
    });
    // Every tone, goal and vibe at least once: each picks other templates.
    for (let i = 0; i < TONES.length; i++) {
      const kit = await generateAll({ tone: TONES[i], goal: GOALS[i % GOALS.length], vibe: VIBES[i] });
      expect(kit.status).toBe("completed");
      await expectEveryAssetValid(kit.id);
    }
    expect(fake.requests).toHaveLength(0);
    expect(overLimit).toEqual([]);
  });

  it("the fake OpenAI model completes every step, each asset within its schema", async () => {
    useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: undefined });
    for (const [name, content] of Object.entries(STRUCTURED_DEFAULTS)) {
      fake.queue("chat", { structured: true, match: `(content: ${name})`, content: JSON.stringify(echoing(content)), times: 20 });
    }
    const kit = await generateAll();
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(kit.status).toBe("completed");
    await expectEveryAssetValid(kit.id);
  });
});
