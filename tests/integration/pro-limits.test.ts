// Found by a security review: what a Pro founder may ask of the model or the CPU on demand is limited,
// before the work starts (a burst of requests must not become a burst of model calls or PDF renders).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { strategyReviews, users } from "~/platform/db/schema";
import { createRequestContext } from "~/platform/http/request-context";
import { useBuiltinProvider } from "../support/ai-env";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

let owner: Awaited<ReturnType<typeof founder>>;
let kitId = "";

beforeAll(async () => {
  useBuiltinProvider();
  owner = await founder("pro-limits");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id)).id;
}, 60_000);

async function writeReview() {
  const route = await import("~/routes/dashboard/workspace/review");
  const url = `${ORIGIN}/dashboard/kits/${kitId}/review`;
  const request = new Request(url, { method: "POST", body: new URLSearchParams({ intent: "write" }), headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" } });
  return call(() => route.action(routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"))));
}

async function pdfStatus(file: string) {
  const route = await import("~/routes/dashboard/workspace/review-pdf");
  const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/review/${file}`, { headers: { Cookie: owner.cookie } });
  try {
    return ((await route.loader(routeArgs(request, { id: kitId, file }, createRequestContext("10.0.0.1")))) as Response).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("on-demand Pro work", () => {
  it("rewrites the month's review 5 times a day per kit, then answers 429 without writing", async () => {
    for (let i = 0; i < 5; i++) expect((await writeReview()).status).toBe(303);
    const [before] = await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, kitId));
    const refused = await writeReview();
    expect(refused.status).toBe(429);
    expect(String(refused.data!.message)).toContain("tomorrow");
    const [after] = await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, kitId));
    expect(after!.createdAt.getTime()).toBe(before!.createdAt.getTime());
  }, 60_000);

  it("draws the review's PDF 20 times a minute per account, then answers 429", async () => {
    const [review] = await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, kitId));
    const file = `${review!.period}.pdf`;
    const statuses = await Promise.all(Array.from({ length: 24 }, () => pdfStatus(file)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  }, 120_000);
});
