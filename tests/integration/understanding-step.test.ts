import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { kitAssets, launchKits } from "~/platform/db/schema";
import { settleGenerations } from "~/kit/runner/job.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { generationInput } from "~/kit/input";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { founderFactsOf, getKit } from "~/kit/kits.server";
import { storedUnderstanding, understandIdea } from "~/kit/understanding";
import { action as kitAction, loader as kitLoader } from "~/routes/dashboard/kit";
import { action as wizardAction, loader as wizardLoader } from "~/routes/wizard/wizard";
import { clearFakeOpenAIEnv, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";
import { call } from "../support/route-call";
import { routeArgs } from "../support/route-args";

/**
 * The wizard's last step (what was understood, editable) and the overview's
 * editor: the founder's facts are stored with the kit and win over the
 * automatic reading and a model's refinement; a client posting only the
 * spec's wizard fields still gets a kit from the automatic reading.
 */

const CAMP = {
  idea: "A summer pottery camp for kids aged 8-12 in Lisbon at €295 a week, run by two ceramicists",
  audience: "Parents in Lisbon",
  geography: "Lisbon",
  tone: "friendly",
  competitors: "",
  goal: "book calls",
  vibe: "playful",
};

const post = (cookie: string | null, path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });

const wizard = (cookie: string | null, fields: Record<string, string>) => call(() => wizardAction(routeArgs(post(cookie, "/wizard", fields))));

/** The last step as the server prefilled it (what a no-JS browser posts back unchanged). */
async function lastStep(cookie: string) {
  const answer = await wizard(cookie, { ...CAMP, step: "1", intent: "next" });
  expect(answer.status).toBe(200);
  const state = (answer.data as { state: { step: number; understood: Record<string, string> } }).state;
  expect(state.step).toBe(2);
  return state.understood;
}

const save = (cookie: string, kitId: string, fields: Record<string, string>) =>
  call(() => kitAction(routeArgs(post(cookie, `/dashboard/kits/${kitId}`, { intent: "save-understanding", ...fields }), { id: kitId })));
const shown = async (cookie: string, kitId: string) =>
  ((await kitLoader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kitId}`, { headers: { Cookie: cookie } }), { id: kitId }))) as { understood: Record<string, string> }).understood;

const kitsOf = async (userId: string) => (await getDb().select({ n: count() }).from(launchKits).where(eq(launchKits.userId, userId)))[0]!.n;

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

describe("the wizard's last step", () => {
  it("is prefilled on the server with the reading of the answers", async () => {
    const { cookie } = await founder("understood");
    const understood = await lastStep(cookie);
    const reading = understandIdea(generationInput({ businessIdea: CAMP.idea, targetAudience: CAMP.audience, geography: CAMP.geography, tone: CAMP.tone, competitors: "", primaryGoal: CAMP.goal, brandVibe: CAMP.vibe }));
    expect(understood.model).toBe(reading.model ?? "");
    expect(understood.place).toBe(reading.place ?? "");
    expect(understood.price1Amount).toBe(reading.prices?.[0]?.amount ?? "");
  });

  it("stores the founder's edit with the kit, and the brand's understanding has it", async () => {
    const { user, cookie } = await founder("understood");
    const understood = await lastStep(cookie);
    const answer = await wizard(cookie, {
      ...CAMP,
      ...understood,
      understood: "1",
      model: "class-or-event",
      price1Amount: "350",
      price1Currency: "EUR",
      price1Period: "week",
      price1Per: "child",
      serviceArea: "Arroios and Graça",
      fact1: "Groups of 8",
      step: "2",
      intent: "generate",
    });
    expect(answer.status).toBe(303);
    const kitId = answer.location!.split("/").pop()!;
    await settleGenerations();
    const kit = (await getKit(kitId))!;
    expect(await founderFactsOf(kit.id)).toMatchObject({ model: "class-or-event", prices: [{ amount: "350", currency: "EUR", period: "week", per: "child", text: "€350 per child a week" }], serviceArea: "Arroios and Graça" });
    const stored = storedUnderstanding(await kitBrand(kitId))!;
    expect(stored).toMatchObject({ model: "class-or-event", serviceArea: "Arroios and Graça", prices: [{ amount: "350", currency: "EUR" }] });
    expect(stored.facts?.[0]).toBe("Groups of 8");
    expect(await kitsOf(user.id)).toBe(1);
  });

  it("refuses a bad price with the step's message and a 400, and writes no kit", async () => {
    const { user, cookie } = await founder("understood");
    const understood = await lastStep(cookie);
    const answer = await wizard(cookie, { ...CAMP, ...understood, understood: "1", price1Amount: "cheap", price1Currency: "EUR", step: "2", intent: "generate" });
    expect(answer.status).toBe(400);
    const state = (answer.data as { state: { step: number; errors: Record<string, string[]>; understood: Record<string, string> } }).state;
    expect(state.step).toBe(2);
    expect(state.errors.price1Amount).toEqual(["Write the price as a number, like 29 or 12.50"]);
    // What was typed comes back to correct.
    expect(state.understood.price1Amount).toBe("cheap");
    expect(await kitsOf(user.id)).toBe(0);
  });

  it("keeps the founder's edits through Back and Next, and reads the answers again once they change", async () => {
    const { cookie } = await founder("understood");
    const first = (await wizard(cookie, { ...CAMP, step: "1", intent: "next" })).data as { state: { understood: Record<string, string>; understoodFor: string } };
    const edited = { ...first.state.understood, price1Amount: "350" };
    const back = (await wizard(cookie, { ...CAMP, ...edited, understood: "1", understoodFor: first.state.understoodFor, step: "2", intent: "back" })).data as { state: { step: number; understood: Record<string, string>; understoodFor: string } };
    expect(back.state.step).toBe(1);
    expect(back.state.understood.price1Amount).toBe("350");
    const again = (await wizard(cookie, { ...CAMP, ...back.state.understood, understood: "1", understoodFor: back.state.understoodFor, step: "1", intent: "next" })).data as { state: { step: number; understood: Record<string, string> } };
    expect(again.state.step).toBe(2);
    expect(again.state.understood.price1Amount).toBe("350");
    // Another idea: what was understood of the old one is not kept.
    const changed = (await wizard(cookie, { ...CAMP, ...back.state.understood, idea: "A summer surf camp for teens in Ericeira at €410 a week", understood: "1", understoodFor: back.state.understoodFor, step: "1", intent: "next" })).data as { state: { understood: Record<string, string> } };
    expect(changed.state.understood.price1Amount).toBe("410");
  });

  it("keeps the edits through the sign-in round trip, while the answers stay the same", async () => {
    const { cookie } = await founder("understood");
    const first = (await wizard(cookie, { ...CAMP, step: "1", intent: "next" })).data as { state: { understood: Record<string, string>; understoodFor: string } };
    const refused = await wizard(null, { ...CAMP, ...first.state.understood, price1Amount: "350", understood: "1", understoodFor: first.state.understoodFor, step: "2", intent: "generate" });
    expect(refused.status).toBe(401);
    const href = (refused.data as { state: { formError: { signinHref: string } } }).state.formError.signinHref;
    const back = new URL(new URL(href, ORIGIN).searchParams.get("redirectTo")!, ORIGIN);
    const loaded = (await wizardLoader(routeArgs(new Request(back)))) as { server: { step: number; understood: Record<string, string> } };
    expect(loaded.server.step).toBe(2);
    expect(loaded.server.understood.price1Amount).toBe("350");
    // The answers changed in the address: what was understood of the old ones is not kept.
    back.searchParams.set("idea", "A summer surf camp for teens in Ericeira at €410 a week");
    const other = (await wizardLoader(routeArgs(new Request(back)))) as { server: { understood: Record<string, string> } };
    expect(other.server.understood.price1Amount).toBe("410");
  });

  it("gives a client that posts only the spec's wizard fields a kit from the automatic reading", async () => {
    const { cookie } = await founder("understood");
    const answer = await wizard(cookie, { ...CAMP, intent: "generate" });
    expect(answer.status).toBe(303);
    const kitId = answer.location!.split("/").pop()!;
    await settleGenerations();
    const kit = (await getKit(kitId))!;
    expect(await founderFactsOf(kit.id)).toBeNull();
    const stored = storedUnderstanding(await kitBrand(kitId))!;
    const reading = understandIdea(generationInput(kit));
    expect(stored.model).toBe(reading.model);
    expect(stored.prices).toEqual(reading.prices);
    expect(stored.place).toBe(reading.place);
  });
});

describe("the founder's facts against a model's refinement", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    setProviderForTests(undefined);
    useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
  });
  afterAll(async () => {
    await fake.close();
    clearFakeOpenAIEnv("AI_WEB_SEARCH");
    setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  });

  it("keeps the founder's place and prices whatever the model read", async () => {
    const { cookie } = await founder("understood");
    const understood = await lastStep(cookie);
    const answer = await wizard(cookie, { ...CAMP, ...understood, understood: "1", place: "Porto", price1Amount: "310", price1Currency: "EUR", price1Period: "week", step: "2", intent: "generate" });
    expect(answer.status).toBe(303);
    const kitId = answer.location!.split("/").pop()!;
    await settleGenerations();
    expect(fake.requests.some((r) => r.body?.response_format?.json_schema?.name === "brand")).toBe(true);
    const stored = storedUnderstanding(await kitBrand(kitId))!;
    expect(stored.place).toBe("Porto");
    expect(stored.prices).toEqual([{ text: "€310 a week", amount: "310", currency: "EUR", period: "week", per: null, label: null }]);
  });

  it("makes the landing page's prices again from a later edit (a regeneration keeps the page's own sections)", async () => {
    const { cookie } = await founder("understood");
    const answer = await wizard(cookie, { ...CAMP, intent: "generate" });
    const kitId = answer.location!.split("/").pop()!;
    await settleGenerations();
    const pricesOf = async () => (await readyContent(kitId, "landing", LandingContentSchema))!.category.prices?.items.map((i) => i.price);
    expect(await pricesOf()).toEqual(["€295 a week"]);
    const edited = await save(cookie, kitId, { ...(await shown(cookie, kitId)), price1Amount: "275" });
    expect(edited.status).toBe(303);
    await settleGenerations();
    expect(await pricesOf()).toEqual(["€275 a week"]);
  });
});

describe("the overview's understanding editor", () => {
  it("saves the facts, puts them in the brand's understanding and rewrites what is written from them", async () => {
    const { user, cookie } = await founder("understood");
    const kit = await kitFor(user.id, "book calls", CAMP.idea);
    const before = new Map((await getDb().select().from(kitAssets).where(eq(kitAssets.kitId, kit.id))).map((a) => [a.kind, a.version]));
    const values = await shown(cookie, kit.id);
    const name = (await kitBrand(kit.id))!.name;
    const answer = await save(cookie, kit.id, { ...values, model: "class-or-event", price1Amount: "320", price1Currency: "EUR", price1Period: "week", fact1: "Kilns on site" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/dashboard/kits/${kit.id}?saved=understanding#understanding`);
    expect(await founderFactsOf(kit.id)).toMatchObject({ prices: [{ amount: "320", currency: "EUR", period: "week" }] });
    await settleGenerations();
    const after = new Map((await getDb().select().from(kitAssets).where(eq(kitAssets.kitId, kit.id))).map((a) => [a.kind, a]));
    // Written again: a new version each. Kept: the name and the logo.
    for (const kind of ["landing", "social", "ads", "research", "deck"]) expect(after.get(kind)!.version, kind).toBeGreaterThan(before.get(kind)!);
    expect(after.get("logo")!.version).toBe(before.get("logo"));
    expect((await kitBrand(kit.id))!.name).toBe(name);
    const stored = storedUnderstanding(await kitBrand(kit.id))!;
    expect(stored).toMatchObject({ model: "class-or-event", prices: [{ text: "€320 a week", amount: "320", currency: "EUR", period: "week" }] });
    expect(stored.facts?.[0]).toBe("Kilns on site");
    expect(await shown(cookie, kit.id)).toMatchObject({ price1Amount: "320", fact1: "Kilns on site", model: "class-or-event" });
  });

  it("refuses a bad value with a 400 and changes nothing", async () => {
    const { user, cookie } = await founder("understood");
    const kit = await kitFor(user.id, "book calls", CAMP.idea);
    const values = await shown(cookie, kit.id);
    const brandBefore = await kitBrand(kit.id);
    const answer = await save(cookie, kit.id, { ...values, price1Amount: "320", price1Currency: "euros" });
    expect(answer.status).toBe(400);
    expect((answer.data as { understanding: { errors: Record<string, string[]> } }).understanding.errors.price1Currency).toEqual(["Write the currency as three letters, like USD, EUR or GBP"]);
    expect(await founderFactsOf(kit.id)).toBeNull();
    expect(await kitBrand(kit.id)).toEqual(brandBefore);
  });

  it("is a 404 for another founder's kit", async () => {
    const owner = await founder("understood");
    const kit = await kitFor(owner.user.id, "book calls", CAMP.idea);
    const other = await founder("understood");
    const answer = await save(other.cookie, kit.id, { model: "class-or-event" });
    expect(answer.status).toBe(404);
    expect(await founderFactsOf(kit.id)).toBeNull();
  });
});
