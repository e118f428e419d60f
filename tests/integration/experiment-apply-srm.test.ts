import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { analyticsHourly, experiments, users } from "~/platform/db/schema";
import { experimentOfKit } from "~/features/analytics/experiments/experiments.server";
import { readyContent } from "~/kit/content.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { createRequestContext } from "~/platform/http/request-context";
import { clearFakeOpenAIEnv, useBuiltinProvider } from "../support/ai-env";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call, type Answer } from "../support/route-call";

/**
 * Applying a variant under the uneven-split (sample-ratio mismatch) warning,
 * through the route module, on SQLite and PostgreSQL: the first POST changes
 * nothing and answers a confirmation (the warning's numbers, a 409), only a
 * second POST that says so applies it; the stopped experiment keeps the
 * warning and the list of past experiments shows it. With an even split a
 * variant is applied at once, and no warning is stored.
 */

const HOUR = 60 * 60 * 1000;
const hourAgo = (n: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - n * HOUR);

async function experimentsRoute(cookie: string, kitId: string, fields?: Record<string, string>): Promise<Answer> {
  const route = await import("~/routes/dashboard/workspace/experiments");
  const url = `${ORIGIN}/dashboard/kits/${kitId}/experiments`;
  const args = (request: Request) => routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers: { Cookie: cookie } }))));
  return call(() => route.action(args(new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } }))));
}

let owner: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let pageId = "";

/** Starts an experiment on the headline, moved `hours` back so its counts are its own, with these visitors and leads per arm. */
async function experimentWith(texts: string[], counts: Array<[string, number, number]>, hours: number) {
  const fields: Record<string, string> = { intent: "start", field: "headline" };
  texts.forEach((t, i) => (fields[`variants[${i}].text`] = t));
  expect((await experimentsRoute(owner.cookie, kitId, fields)).status).toBe(303);
  const row = (await getDb().select().from(experiments).where(and(eq(experiments.kitId, kitId), eq(experiments.status, "running"))))[0]!;
  await getDb().update(experiments).set({ startedAt: hourAgo(hours) }).where(eq(experiments.id, row.id));
  for (const [variant, visitors, leads] of counts) {
    await getDb().insert(analyticsHourly).values({ pageId, hour: hourAgo(hours - 1), origin: "page", variant, views: visitors, visitors, leads });
  }
  return row.id;
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  owner = await founder("srm-apply");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id, "waitlist")).id;
  expect((await workspace(owner.cookie, kitId, { intent: "publish", slug: `srm-${Date.now().toString(36)}` })).status).toBe(303);
  const { landingPageOf } = await import("~/kit/assets/landing/pages.server");
  pageId = (await landingPageOf(kitId))!.pageId!;
}, 120_000);

afterAll(() => clearFakeOpenAIEnv());

describe("applying a variant", () => {
  it("with an even split: at once, and the record has no warning", async () => {
    const id = await experimentWith(["Even split headline"], [["a", 150, 6], ["b", 152, 9]], 10);
    const applied = await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: id, apply: "b" });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe(`/dashboard/kits/${kitId}/experiments?saved=applied-b`);
    const stored = (await experimentOfKit(kitId, id))!;
    expect(stored).toMatchObject({ status: "stopped", appliedKey: "b", srmAtStop: null });
    // Its hours end here, so the next experiment's counts are its own.
    await getDb().update(experiments).set({ stoppedAt: hourAgo(8) }).where(eq(experiments.id, id));
  });

  it("under the uneven-split warning: asks again, applies only when confirmed, and the past experiment keeps the warning", async () => {
    const id = await experimentWith(["Uneven split headline B", "Uneven split headline C"], [["a", 170, 5], ["b", 189, 9], ["c", 121, 4]], 6);
    const before = (await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline;

    // The first POST: nothing changes; the answer is the confirmation, with the warning's numbers.
    const asked = await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: id, apply: "c" });
    expect(asked.status).toBe(409);
    const confirm = (asked.data as { confirm: { experimentId: string; key: string; srm: { visitors: Array<{ key: string; visitors: number }>; pValue: number } } }).confirm;
    expect(confirm.experimentId).toBe(id);
    expect(confirm.key).toBe("c");
    expect(confirm.srm.visitors).toEqual([
      { key: "a", visitors: 170 },
      { key: "b", visitors: 189 },
      { key: "c", visitors: 121 },
    ]);
    expect(confirm.srm.pValue).toBeLessThan(0.001);
    expect((await experimentOfKit(kitId, id))!.status).toBe("running");
    expect((await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline).toBe(before);

    // A confirmation field with another value is not a confirmation.
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: id, apply: "c", confirm: "yes" })).status).toBe(409);

    // The second, explicit POST applies it.
    const applied = await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: id, apply: "c", confirm: "uneven-split" });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe(`/dashboard/kits/${kitId}/experiments?saved=applied-c`);
    expect((await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline).toBe("Uneven split headline C");
    const stored = (await experimentOfKit(kitId, id))!;
    expect(stored.status).toBe("stopped");
    expect(stored.appliedKey).toBe("c");
    expect(stored.srmAtStop).toEqual({ visitors: confirm.srm.visitors, pValue: confirm.srm.pValue });

    // The list of past experiments keeps the warning, whatever the counts read later.
    await getDb().delete(analyticsHourly).where(eq(analyticsHourly.pageId, pageId));
    const panel = (await experimentsRoute(owner.cookie, kitId)).data as { history: Array<{ id: string; srmAtStop: unknown }> };
    expect(panel.history.find((h) => h.id === id)!.srmAtStop).toEqual(stored.srmAtStop);
    expect(panel.history.find((h) => h.id !== id)!.srmAtStop).toBeNull();
  });
});
