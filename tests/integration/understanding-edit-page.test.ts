import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { getAsset } from "~/kit/assets/assets.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { action as kitAction, loader as kitLoader } from "~/routes/dashboard/kit";
import { action as wizardAction } from "~/routes/wizard/wizard";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * Outside review: a change of the founder's facts on the kit overview
 * "rewrites what is written from them". The landing step keeps the previous
 * page's category sections on a regeneration (to keep the founder's own edits
 * of them), so the page's prices block, area and repository still show the
 * old facts after the founder corrected them.
 */

const IDEA = "A summer pottery camp for kids aged 8-12 in Lisbon at €295 a week, run by two ceramicists";

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

describe("editing the understanding rewrites the page's facts", () => {
  it("a new price and place saved on the overview reach the landing page's prices and area sections", { timeout: 90_000 }, async () => {
    const { user, cookie } = await founder("r1-understood");
    const kit = await kitFor(user.id, "book calls", IDEA);
    expect(await kitBrand(kit.id)).toBeTruthy();
    const values = ((await kitLoader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kit.id}`, { headers: { Cookie: cookie } }), { id: kit.id }))) as { understood: Record<string, string> }).understood;
    const answer = await call(() =>
      kitAction(
        routeArgs(
          post(cookie, `/dashboard/kits/${kit.id}`, { intent: "save-understanding", ...values, model: "class-or-event", place: "Porto", serviceArea: "", price1Amount: "410", price1Currency: "EUR", price1Period: "week", price1Per: "", price1Label: "" }),
          { id: kit.id },
        ),
      ),
    );
    expect(answer.status).toBe(303);
    await settleGenerations();
    const landing = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    const text = JSON.stringify(landing.category);
    expect(text).toContain("410");
    expect(text).not.toContain("295");
    expect(text).not.toContain("Lisbon");
  });
});

describe("a repository the wizard's last step accepts", () => {
  it("never leaves the new kit without a readable landing page", { timeout: 90_000 }, async () => {
    const { cookie } = await founder("r1-repo");
    const answers = { idea: "An open-source Go CLI that finds cost leaks in Terraform plans", audience: "Platform teams", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "playful" };
    const wizard = (fields: Record<string, string>) => call(() => wizardAction(routeArgs(post(cookie, "/wizard", fields))));
    const step = await wizard({ ...answers, step: "1", intent: "next" });
    const understood = (step.data as { state: { understood: Record<string, string> } }).state.understood;
    const answer = await wizard({ ...answers, ...understood, understood: "1", model: "developer-tool", language: "Go", install: "", repository: 'https://github.com/acme/leak"finder', step: "2", intent: "generate" });
    // Either the step refuses the address (400, no kit), or the kit's page is written and readable.
    if (answer.status === 400) return;
    expect(answer.status).toBe(303);
    const kitId = answer.location!.split("/").pop()!;
    await settleGenerations();
    const row = await getAsset(kitId, "landing");
    expect({ status: row?.status, error: row?.error ?? null }).toEqual({ status: "ready", error: null });
    expect(await readyContent(kitId, "landing", LandingContentSchema)).toBeTruthy();
  });
});
