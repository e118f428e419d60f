import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { getDb } from "~/platform/db/client.server";
import { contactMessages, leads, rateLimitHits, users } from "~/platform/db/schema";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { createKit, getKit } from "~/kit/kits.server";
import { createRequestContext } from "~/platform/http/request-context";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { createConfirmedUser } from "../support/users";

/**
 * What an anonymous visitor types into a one-line field is
 * stored as one line, so it cannot write paragraphs of its own into the
 * founder's e-mail, the leads list or the CSV; bidi controls go too.
 */

const ORIGIN = "http://launchkit.test";
const PHISH = "Eve\nYour account needs attention\r\nSign in at http://attacker.example/login\u2028\u202Enow";
const ONE_LINE = "Eve Your account needs attention Sign in at http://attacker.example/login now";

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
});

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));
beforeEach(async () => {
  await getDb().delete(rateLimitHits);
});

async function publishedCallPage() {
  const user = await createConfirmedUser({ name: "Founder", email: `founder-${Date.now()}@one-line.test`, password: "Secret123" });
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  const kit = await createKit(user.id, { idea: "Mobile dog grooming van", audience: "Busy professionals", geography: "", tone: "friendly", competitors: "", goal: "book calls", vibe: "cozy" });
  await startGeneration(kit);
  await settleGenerations();
  const website = await import("~/routes/dashboard/workspace/website");
  const published = await call(() =>
    website.action(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kit.id}/website`, form({ intent: "publish", slug: `calls-${kit.id.slice(0, 8).toLowerCase()}` }, { Cookie: cookie })), { id: kit.id }, createRequestContext("10.0.0.1"))),
  );
  expect(published.status).toBe(303);
  return (await getKit(kit.id))!;
}

const leadRows = async (kitId: string) =>
  getDb().select({ email: leads.email, name: leads.name, preferredTime: leads.preferredTime }).from(leads).where(eq(leads.kitId, kitId)).orderBy(leads.createdAt, leads.id);

describe("one-line fields are stored as one line", () => {
  it("a lead posted with line breaks in its name and preferred time, to the page's form and to its stable id", async () => {
    const kit = await publishedCallPage();
    const page = (await landingPageOf(kit.id))!;

    const byId = await import("~/routes/public/page-lead");
    const first = await call(() =>
      byId.action(routeArgs(new Request(`${ORIGIN}/f/${page.pageId}`, form({ email: "eve@example.com", name: PHISH, phone: "+1 555 0100", time: "Mondays\n\nClick the link" })), { pageId: page.pageId! }, createRequestContext("10.7.0.1"))),
    );
    expect(first.status).toBe(303);

    const bySlug = await import("~/routes/public/lead");
    const second = await call(() =>
      bySlug.action(routeArgs(new Request(`${ORIGIN}/p/${page.slug}/lead`, form({ email: "mallory@example.com", name: "Eve\nYour account needs attention", phone: "+1 555 0101", time: "any\u2029time" })), { slug: page.slug }, createRequestContext("10.7.0.2"))),
    );
    expect(second.status).toBe(303);

    expect(await leadRows(kit.id)).toEqual([
      { email: "eve@example.com", name: ONE_LINE, preferredTime: "Mondays Click the link" },
      { email: "mallory@example.com", name: "Eve Your account needs attention", preferredTime: "any time" },
    ]);
  });

  it("the name given at sign-up", async () => {
    const signup = await import("~/routes/auth/signup");
    const email = `phish-${Date.now()}@one-line.test`;
    const answer = await call(() =>
      signup.action(
        routeArgs(
          new Request(`${ORIGIN}/signup`, form({ name: PHISH, email, password: "Secret123", confirmPassword: "Secret123", acceptTerms: "on" })),
          {},
          createRequestContext("10.7.0.3"),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    const [row] = await getDb().select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(row?.name).toBe(ONE_LINE);
  });

  it("the contact form's name (its message keeps its lines)", async () => {
    const contact = await import("~/routes/marketing/contact");
    const email = `contact-${Date.now()}@one-line.test`;
    await call(() =>
      contact.action(routeArgs(new Request(`${ORIGIN}/contact`, form({ name: PHISH, email, topic: "General question", message: "Hi\r\nthere\u202E" })), {}, createRequestContext("10.7.0.4"))),
    );
    const [row] = await getDb().select({ name: contactMessages.name, message: contactMessages.message }).from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toEqual({ name: ONE_LINE, message: "Hi\nthere" });
  });
});
