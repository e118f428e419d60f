import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsCollector } from "~/features/analytics/count.server";
import { pageFunnel, pageReport } from "~/features/analytics/report.server";
import { adminSetPlan } from "~/kit/plans/account.server";
import { getDb } from "~/platform/db/client.server";
import { emailEnrolments, emailSequences, leads } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { createRequestContext } from "~/platform/http/request-context";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * The Analytics section past the totals, on SQLite and PostgreSQL: the
 * funnel from views to leads still subscribed after 30 days (the leads and
 * their e-mail enrolments, read only), and launch links by utm_campaign and
 * utm_content.
 */

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

async function publishedPage(slug: string) {
  const { user, cookie } = await founder("funnel");
  const kit = await kitFor(user.id, "waitlist");
  expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { user, cookie, kit, slug, pageId: (await landingPageOf(kit.id))!.pageId! };
}

async function visit(slug: string, ip: string, query = "") {
  const route = await import("~/routes/public/page");
  const request = new Request(`${ORIGIN}/p/${slug}${query}`, { headers: { "User-Agent": CHROME } });
  const answer = await call(() => route.loader(routeArgs(request, { slug }, createRequestContext(ip))));
  await new Promise((r) => setTimeout(r, 20));
  return answer;
}

async function section(cookie: string, kitId: string, days = "7") {
  const route = await import("~/routes/dashboard/workspace/analytics");
  const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/analytics?days=${days}`, { headers: { Cookie: cookie } });
  return call(() => route.loader(routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"))));
}

/** A lead of the kit signed up `daysAgo` days ago, with an e-mail enrolment in `status` (none: no enrolment). */
async function lead(kitId: string, email: string, daysAgo: number, enrolment?: { status: "active" | "unconfirmed" | "unsubscribed" | "bounced"; confirmed: boolean }) {
  const id = crypto.randomUUID();
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS);
  await getDb().insert(leads).values({ id, kitId, email, createdAt });
  if (enrolment) {
    await getDb()
      .insert(emailEnrolments)
      .values({ leadId: id, kitId, status: enrolment.status, unsubscribeToken: crypto.randomBytes(16).toString("hex"), confirmedAt: enrolment.confirmed ? createdAt : null, createdAt });
  }
}

describe("the funnel", () => {
  it("goes from views and visitors to the range's leads, those who confirmed, and those still subscribed 30 days after signing up", async () => {
    const p = await publishedPage(`funnel-${Date.now()}`);
    await visit(p.slug, "192.0.2.1");
    await visit(p.slug, "192.0.2.1");
    await visit(p.slug, "192.0.2.2");
    await analyticsCollector().flush();
    await lead(p.kit.id, "today-confirmed@example.com", 0, { status: "active", confirmed: true });
    await lead(p.kit.id, "today-waiting@example.com", 1, { status: "unconfirmed", confirmed: false });
    await lead(p.kit.id, "stayed@example.com", 40, { status: "active", confirmed: true });
    await lead(p.kit.id, "left@example.com", 45, { status: "unsubscribed", confirmed: true });
    await lead(p.kit.id, "bounced@example.com", 60, { status: "bounced", confirmed: false });
    await lead(p.kit.id, "no-email-section@example.com", 35);
    await lead(p.kit.id, "too-old@example.com", 100, { status: "active", confirmed: true });

    const totals = { views: 3, visitors: 2, leads: 0 };
    expect(await pageFunnel(p.kit.id, totals, 90)).toEqual({ views: 3, visitors: 2, leads: 6, confirmed: 3, keptOf: 4, kept: 1 });
    expect(await pageFunnel(p.kit.id, totals, 30)).toEqual({ views: 3, visitors: 2, leads: 2, confirmed: 1, keptOf: 0, kept: 0 });
    // Another kit's leads are not this one's.
    const other = await publishedPage(`funnel-other-${Date.now()}`);
    expect(await pageFunnel(other.kit.id, totals, 90)).toMatchObject({ leads: 0, confirmed: 0, kept: 0 });

    // The section shows it to Pro, with the range's counted views and visitors.
    await adminSetPlan(p.user.id, p.user.id, "pro");
    const pro = await section(p.cookie, p.kit.id, "90");
    expect(pro.status).toBe(200);
    expect(pro.data).toMatchObject({ funnel: { views: 3, visitors: 2, leads: 6, confirmed: 3, keptOf: 4, kept: 1 } });
  });

  it("with double opt-in on, counts as still subscribed only the leads who confirmed (the others are sent nothing)", async () => {
    const p = await publishedPage(`funnel-doi-${Date.now()}`);
    await lead(p.kit.id, "confirmed@example.com", 40, { status: "active", confirmed: true });
    // Enrolled before double opt-in was turned on, never confirmed: active, but held back from every e-mail.
    await lead(p.kit.id, "from-before@example.com", 40, { status: "active", confirmed: false });
    const totals = { views: 0, visitors: 0, leads: 0 };
    expect(await pageFunnel(p.kit.id, totals, 90)).toMatchObject({ leads: 2, confirmed: 1, keptOf: 2, kept: 2 });
    await getDb().insert(emailSequences).values({ kitId: p.kit.id, enabled: true, doubleOptIn: true });
    expect(await pageFunnel(p.kit.id, totals, 90)).toMatchObject({ leads: 2, confirmed: 1, keptOf: 2, kept: 1 });
  });
});

describe("launch links", () => {
  it("are broken down by utm_campaign and utm_content, each visitor's views under their first link of the day", async () => {
    const p = await publishedPage(`links-${Date.now()}`);
    await visit(p.slug, "198.51.100.1", "?utm_source=hn&utm_campaign=launch&utm_content=Maker-Comment");
    await visit(p.slug, "198.51.100.1"); // a reload without the query: still the maker comment's
    await visit(p.slug, "198.51.100.2", "?utm_source=twitter&utm_campaign=launch&utm_content=top-button");
    await visit(p.slug, "198.51.100.3", "?utm_source=twitter&utm_campaign=launch");
    await visit(p.slug, "198.51.100.4", "?utm_content=footer");
    await visit(p.slug, "198.51.100.5");
    await analyticsCollector().flush();
    const report = await pageReport(p.pageId, 7);
    expect(report.links.map((l) => [l.label, l.visitors, l.views])).toEqual([
      ["launch · maker-comment", 1, 2],
      ["(no campaign) · footer", 1, 1],
      ["launch · (no utm_content)", 1, 1],
      ["launch · top-button", 1, 1],
    ]);
    // The campaigns table is unchanged: one row per campaign, source and medium.
    expect(report.campaigns.map((c) => [c.label, c.visitors, c.views])).toEqual([
      ["launch · twitter", 2, 2],
      ["launch · hn", 1, 2],
    ]);
  });
});
