import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { newsletterSubscribers } from "~/platform/db/schema";
import { NEWSLETTER_RATE_LIMIT_MESSAGE, newsletterRateLimiter, subscribe } from "~/features/marketing/newsletter.server";
import { action } from "~/routes/marketing/newsletter";
import { createRequestContext } from "~/platform/http/request-context";

type ActionResult = { data?: unknown; init?: { status?: number } | null };

async function post(email: string, ip: string) {
  const request = new Request("http://localhost/newsletter", { method: "POST", body: new URLSearchParams({ email }) });
  const result = (await action({ request, context: createRequestContext(ip), params: {} } as never)) as ActionResult;
  return { status: result.init?.status ?? 200, payload: (result.data ?? result) as { ok: boolean; message: string } };
}

describe("newsletter", () => {
  beforeEach(async () => {
    for (const ip of ["10.1.0.1", "10.1.0.2"]) await newsletterRateLimiter.reset(ip);
  });

  it("subscribes an address once, lower-cased", async () => {
    expect(await subscribe("  News@Example.com ")).toBe(true);
    expect(await subscribe("news@example.com")).toBe(false);
    expect(await getDb().select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "news@example.com"))).toHaveLength(1);
  });

  it("answers 400 for a bad address without counting it, and 429 after 10 sign-ups from one IP in 10 minutes", async () => {
    expect((await post("nope", "10.1.0.1")).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await post(`reader${i}@limit.test`, "10.1.0.1")).status).toBe(200);
    const limited = await post("reader10@limit.test", "10.1.0.1");
    expect(limited.status).toBe(429);
    expect(limited.payload).toEqual({ ok: false, message: NEWSLETTER_RATE_LIMIT_MESSAGE });
    expect(await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader10@limit.test"))).toHaveLength(0);
    // Another IP is not limited.
    expect((await post("reader10@limit.test", "10.1.0.2")).status).toBe(200);
  });
});
