import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import {
  analyticsHourly,
  competitorChanges,
  competitorPages,
  competitors,
  emailEnrolments,
  emailSends,
  emailSequences,
  emailSuppressions,
  experiments,
  kitAssets,
  leads,
  strategyReviews,
  users,
} from "~/platform/db/schema";
import { describeChanges } from "~/features/competitors/rules";
import { kitFacts } from "~/features/monthly/facts.server";
import { allowedNumbers, count, numbersIn, percent, type ReviewBody, type ReviewFigures } from "~/features/monthly/review";
import { monthWindow, reviewOfKit, writeMonthlyReviews } from "~/features/monthly/review.server";
import { runOncePerPeriod, utcMonth } from "~/platform/jobs/schedule.server";
import { createRequestContext } from "~/platform/http/request-context";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call, type Answer } from "../support/route-call";

/**
 * The monthly strategy review, on SQLite and PostgreSQL: known
 * analytics rows, leads, an experiment with a clear winner, a competitor's
 * price change and e-mails are inserted; the monthly schedule (three runs
 * at once) writes exactly one review per Pro kit and none for a free one; a
 * missed month is caught up once. Every number in the stored review and in
 * the PDF's text (pdftotext) is one the database gives (direct SQL counts);
 * the model's invented numbers are removed. The section: another user's kit
 * is a 404 (page, PDF, POST), a free founder gets 403, a Pro founder's
 * "this month so far" replaces itself.
 */

const H = (iso: string) => new Date(iso);
const OCT = monthWindow("2026-10");

let owner: Awaited<ReturnType<typeof founder>>;
let free: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let freeKitId = "";
let pageId = "";

async function section(cookie: string | null, kit: string, fields?: Record<string, string>, query = ""): Promise<Answer> {
  const route = await import("~/routes/dashboard/workspace/review");
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const url = `${ORIGIN}/dashboard/kits/${kit}/review${query}`;
  const args = (request: Request) => routeArgs(request, { id: kit }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers }))));
  return call(() =>
    route.action(args(new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" } }))),
  );
}

/** The PDF route's answer: status and bytes. */
async function pdf(cookie: string, kit: string, file: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const route = await import("~/routes/dashboard/workspace/review-pdf");
  let res: Response;
  try {
    res = (await route.loader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kit}/review/${file}`, { headers: { Cookie: cookie } }), { id: kit, file }, createRequestContext("10.0.0.1")))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) res = thrown;
    else throw thrown;
  }
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("Content-Type") };
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "review-pdf-"));
  try {
    fs.writeFileSync(path.join(dir, "r.pdf"), bytes);
    return execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const n = (v: unknown) => Number(v ?? 0);

/** Every text of the written part (the values, not the keys), one a line. */
const wordsOf = (body: ReviewBody) => [body.summary, body.competitors, ...body.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...body.plan.days30, ...body.plan.days60, ...body.plan.days90].join("\n");

/** The figures straight from SQL (not through kitFacts), for the comparison. */
async function sqlCounts(kit: string, page: string, from: Date, to: Date) {
  const db = getDb();
  const [t] = await db
    .select({ v: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`, p: sql<number>`coalesce(sum(${analyticsHourly.views}), 0)` })
    .from(analyticsHourly)
    .where(and(eq(analyticsHourly.pageId, page), gte(analyticsHourly.hour, from), lt(analyticsHourly.hour, to)));
  const [l] = await db.select({ c: sql<number>`count(*)` }).from(leads).where(and(eq(leads.kitId, kit), gte(leads.createdAt, from), lt(leads.createdAt, to)));
  const [s] = await db.select({ c: sql<number>`count(*)` }).from(emailSends).where(and(eq(emailSends.kitId, kit), eq(emailSends.status, "sent"), gte(emailSends.sentAt, from), lt(emailSends.sentAt, to)));
  return { visitors: n(t?.v), pageviews: n(t?.p), leads: n(l?.c), sent: n(s?.c) };
}

/** Dates, the plan's own periods and page numbers are the review's frame, not figures: removed before comparing. */
function figuresOnly(text: string): string {
  return text
    // A date or a plan's period may be wrapped onto the next line of the PDF's text.
    .replace(/\b\d{1,2}\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{4}\b/g, " ")
    .replace(/\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}\b/g, " ")
    .replace(/\b(30), (60) and (90) days\b/g, " ")
    .replace(/\b(30|60|90)(?=[-\s]+day)/g, " ")
    .replace(/Days (31) to (60)|Days (61) to (90)|First (30) days/g, " ")
    // An experiment's standing names its test's statistic and the minimum sample rule: numbers of the rule, not figures.
    .replace(/\(two-proportion\s+z-test,\s+p\s+[<=]\s+[\d.]+,\s+below\s+[\d.]+\)/g, " ")
    .replace(/every\s+version\s+has\s+100\s+visitors/g, " ")
    .replace(/^\s*\d+ \/ \d+\s*$/gm, " ");
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  owner = await founder("reviewer");
  free = await founder("freebie");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id, "waitlist")).id;
  freeKitId = (await kitFor(free.user.id, "waitlist")).id;
  const slug = `review-${Date.now().toString(36)}`;
  expect((await workspace(owner.cookie, kitId, { intent: "publish", slug })).status).toBe(303);
  const { landingPageOf } = await import("~/kit/assets/landing/pages.server");
  pageId = (await landingPageOf(kitId))!.pageId!;
  const db = getDb();
  const row = (hour: string, source: string, visitors: number, views: number, leadCount: number, extra: Partial<typeof analyticsHourly.$inferInsert> = {}) => ({
    pageId,
    hour: H(hour),
    origin: "page" as const,
    variant: "",
    source,
    medium: "",
    campaign: "",
    device: "desktop",
    visitors,
    views,
    leads: leadCount,
    ...extra,
  });
  await db.insert(analyticsHourly).values([
    // October 2026: the review's month.
    row("2026-10-03T10:00:00Z", "news.ycombinator.com", 120, 150, 3),
    row("2026-10-04T11:00:00Z", "", 40, 44, 1),
    row("2026-10-20T09:00:00Z", "twitter.com", 25, 30, 0),
    row("2026-10-21T09:00:00Z", "", 5, 5, 0, { origin: "download" }),
    // The experiment's arms (from 5 October): the variant wins clearly.
    row("2026-10-06T12:00:00Z", "google", 300, 320, 6, { variant: "a" }),
    row("2026-10-06T12:00:00Z", "google", 300, 330, 24, { variant: "b" }),
    // The previous 31 days (31 Aug to 30 Sep) and November: outside the month.
    row("2026-09-15T08:00:00Z", "news.ycombinator.com", 60, 70, 1),
    row("2026-08-30T08:00:00Z", "news.ycombinator.com", 1000, 1000, 0),
    row("2026-11-02T08:00:00Z", "news.ycombinator.com", 999, 999, 9),
  ]);
  const lead = (id: string, at: string, email: string) => ({ id, kitId, email, createdAt: H(at) });
  await db.insert(leads).values([
    lead(`${kitId}-l1`, "2026-10-03T10:30:00Z", "one@example.com"),
    lead(`${kitId}-l2`, "2026-10-06T12:30:00Z", "two@example.com"),
    lead(`${kitId}-l3`, "2026-10-15T12:30:00Z", "three@example.com"),
    lead(`${kitId}-l4`, "2026-10-31T23:59:00Z", "four@example.com"),
    lead(`${kitId}-l5`, "2026-09-20T12:00:00Z", "five@example.com"),
    lead(`${kitId}-l6`, "2026-09-21T12:00:00Z", "six@example.com"),
    lead(`${kitId}-l7`, "2026-11-01T00:00:00Z", "seven@example.com"),
  ]);
  await db.insert(experiments).values({
    id: `${kitId}-exp`,
    kitId,
    pageId,
    field: "headline",
    status: "running",
    control: "Grooming that comes to you",
    variants: [{ key: "b", text: "Your dog groomed in your driveway", reason: "Tests a concrete picture." }],
    startedAt: H("2026-10-05T09:00:00Z"),
    createdAt: H("2026-10-05T09:00:00Z"),
  });
  await db.insert(competitors).values({ id: `${kitId}-c1`, kitId, name: "Groomly", createdAt: H("2026-09-01T00:00:00Z") });
  await db.insert(competitorPages).values({ id: `${kitId}-p1`, competitorId: `${kitId}-c1`, kitId, url: "https://groomly.example/pricing", label: "pricing", createdAt: H("2026-09-01T00:00:00Z") });
  await db.insert(competitorChanges).values([
    { id: `${kitId}-ch1`, kitId, competitorId: `${kitId}-c1`, pageId: `${kitId}-p1`, period: "2026-W42", summary: "Raised the monthly plan from $29 to $39 per month.", quotes: [{ kind: "added", text: "$39 per month" }], importance: "high", createdAt: H("2026-10-14T06:00:00Z") },
    { id: `${kitId}-ch0`, kitId, competitorId: `${kitId}-c1`, pageId: `${kitId}-p1`, period: "2026-W38", summary: "Added a FAQ section.", quotes: [], importance: "normal", createdAt: H("2026-09-16T06:00:00Z") },
  ]);
  const enrol = (leadId: string, status: "active" | "unsubscribed", at: string) => ({ leadId, kitId, status, unsubscribeToken: `${leadId}-t`, createdAt: H(at), updatedAt: H(at) });
  await db.insert(emailEnrolments).values([enrol(`${kitId}-l1`, "active", "2026-10-03T10:30:00Z"), enrol(`${kitId}-l2`, "active", "2026-10-06T12:30:00Z"), enrol(`${kitId}-l3`, "unsubscribed", "2026-10-15T12:30:00Z")]);
  const send = (leadId: string, key: string, at: string) => ({ id: `${leadId}-${key}`, leadId, kitId, key, messageId: `<${leadId}-${key}@test>`, status: "sent" as const, nextAttemptAt: H(at), sentAt: H(at), createdAt: H(at) });
  await db.insert(emailSends).values([send(`${kitId}-l1`, "step:1", "2026-10-03T10:31:00Z"), send(`${kitId}-l2`, "step:1", "2026-10-06T12:31:00Z"), send(`${kitId}-l3`, "step:1", "2026-10-15T12:31:00Z"), send(`${kitId}-l1`, "step:2", "2026-11-02T10:31:00Z")]);
  await db.insert(emailSuppressions).values({ kitId, email: "three@example.com", reason: "unsubscribed", createdAt: H("2026-10-20T10:00:00Z") });
}, 180_000);

afterAll(() => clearFakeOpenAIEnv());

describe("the month's facts", () => {
  it("reads every number from the rows (known values and direct SQL agree)", async () => {
    const f = await kitFacts(kitId, OCT.from, OCT.to);
    expect(f.visitors).toBe(120 + 40 + 25 + 5 + 300 + 300);
    expect(f.pageviews).toBe(150 + 44 + 30 + 5 + 320 + 330);
    expect(f.leads).toBe(4);
    expect(f.conversionRate).toBeCloseTo(4 / 790, 10);
    expect(f.previous).toEqual({ visitors: 60, leads: 2 });
    expect(f.topSources).toEqual([
      { source: "google", visitors: 600, leads: 30 },
      { source: "news.ycombinator.com", visitors: 120, leads: 3 },
      { source: "Direct / none", visitors: 40, leads: 1 },
      { source: "twitter.com", visitors: 25, leads: 0 },
    ]);
    expect(f.experiments).toHaveLength(1);
    expect(f.experiments[0]!.arms).toEqual([
      { label: "a", text: "Grooming that comes to you", visitors: 300, leads: 6 },
      { label: "b", text: "Your dog groomed in your driveway", visitors: 300, leads: 24 },
    ]);
    expect(f.competitorChanges.map((c) => [c.competitor, c.page, c.importance])).toEqual([["Groomly", "pricing", "high"]]);
    expect(f.emails).toEqual({ sent: 3, subscribers: 2, unsubscribed: 1 });
    const direct = await sqlCounts(kitId, pageId, OCT.from, OCT.to);
    expect({ visitors: f.visitors, pageviews: f.pageviews, leads: f.leads, sent: f.emails.sent }).toEqual(direct);
  });

  it("counts as subscribers, with double opt-in on, only the leads who confirmed (the others are sent nothing)", async () => {
    const db = getDb();
    const before = (await kitFacts(kitId, OCT.from, OCT.to)).emails.subscribers;
    // l1 confirmed; l2 was enrolled before double opt-in and never confirmed.
    await db.update(emailEnrolments).set({ confirmedAt: H("2026-10-03T10:35:00Z") }).where(eq(emailEnrolments.leadId, `${kitId}-l1`));
    await db.insert(emailSequences).values({ kitId, enabled: true, doubleOptIn: true }).onConflictDoUpdate({ target: emailSequences.kitId, set: { doubleOptIn: true } });
    try {
      expect((await kitFacts(kitId, OCT.from, OCT.to)).emails.subscribers).toBe(before - 1);
    } finally {
      await db.update(emailSequences).set({ doubleOptIn: false }).where(eq(emailSequences.kitId, kitId));
      await db.update(emailEnrolments).set({ confirmedAt: null }).where(eq(emailEnrolments.leadId, `${kitId}-l1`));
    }
    expect((await kitFacts(kitId, OCT.from, OCT.to)).emails.subscribers).toBe(before);
  });
});

describe("the monthly schedule", () => {
  it("writes last month's review once for each Pro kit with a brand, even when three instances run at once; none for a free kit", async () => {
    const now = H("2026-11-01T00:05:00Z");
    const outcomes = await Promise.all([0, 1, 2].map(() => runOncePerPeriod("strategy-review", utcMonth(now), () => writeMonthlyReviews(now), { now })));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    const rows = await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, kitId));
    expect(rows.map((r) => r.period)).toEqual(["2026-10"]);
    expect(await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, freeKitId))).toEqual([]);
    // Called again directly (a second writer after the claim): the unique (kit, period) keeps one.
    await Promise.all([writeMonthlyReviews(now), writeMonthlyReviews(now)]);
    expect(await getDb().select({ id: strategyReviews.id }).from(strategyReviews).where(eq(strategyReviews.kitId, kitId))).toHaveLength(1);
  });

  it("stores figures that match the database, and builtin priorities written for this business and these numbers", async () => {
    const review = (await reviewOfKit(kitId, "2026-10"))!;
    const f = review.figures;
    const direct = await sqlCounts(kitId, pageId, OCT.from, OCT.to);
    expect({ visitors: f.visitors, pageviews: f.pageviews, leads: f.leads, sent: f.emails.sent }).toEqual(direct);
    const before = await sqlCounts(kitId, pageId, H("2026-08-31T00:00:00Z"), OCT.from);
    expect(f.previous).toMatchObject({ visitors: before.visitors, leads: before.leads });
    expect(f.partial).toBe(false);
    expect(f.experiments[0]).toMatchObject({ verdict: "winner", winner: "b" });
    const body = review.body;
    expect(body.source).toBe("builtin");
    const topics = body.priorities.map((p) => p.topic);
    expect(topics).toHaveLength(3);
    // The experiment's winner is applied first; visitors but few sign-ups; a competitor's price rise.
    expect(topics).toEqual(["experiment-apply", "signup", "competitor-pricing"]);
    expect(body.priorities[0]!.actions.join(" ")).toMatch(/apply Version B/);
    expect(body.priorities[2]!.title).toMatch(/Groomly/);
    expect(JSON.stringify(body)).toMatch(/dog|groom/i);
    // The words hold no number of their own: every digit is one of the figures (or the plan's 30/60/90).
    const allowed = allowedNumbers(f);
    for (const n of numbersIn(figuresOnly(wordsOf(body)))) expect(allowed.has(n), `number ${n} in the written part`).toBe(true);
  });

  it("catches a missed month up once", async () => {
    // Every instance was down on 1 December: the first look on the 5th writes November's review, later looks skip.
    const dec5 = H("2026-12-05T08:00:00Z");
    const first = await runOncePerPeriod("strategy-review", utcMonth(dec5), () => writeMonthlyReviews(dec5), { now: dec5 });
    const again = await runOncePerPeriod("strategy-review", utcMonth(dec5), () => writeMonthlyReviews(dec5), { now: H("2026-12-05T08:10:00Z") });
    expect([first, again]).toEqual(["ran", "skipped"]);
    const rows = await getDb().select({ period: strategyReviews.period }).from(strategyReviews).where(eq(strategyReviews.kitId, kitId)).orderBy(strategyReviews.period);
    expect(rows.map((r) => r.period)).toEqual(["2026-10", "2026-11"]);
    const nov = (await reviewOfKit(kitId, "2026-11"))!;
    const direct = await sqlCounts(kitId, pageId, H("2026-11-01T00:00:00Z"), H("2026-12-01T00:00:00Z"));
    expect({ visitors: nov.figures.visitors, leads: nov.figures.leads }).toEqual({ visitors: direct.visitors, leads: direct.leads });
    expect(nov.figures.previous.leads).toBe(4);
  });
});

describe("the PDF", () => {
  it("is the owner's, in the brand, and every number in its text comes from the database", async () => {
    const answer = await pdf(owner.cookie, kitId, "2026-10.pdf");
    expect(answer.status).toBe(200);
    expect(answer.type).toBe("application/pdf");
    expect(answer.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(answer.bytes);
    if (process.env.REVIEW_DUMP_DIR) {
      fs.mkdirSync(process.env.REVIEW_DUMP_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.REVIEW_DUMP_DIR, "groomly-review.txt"), text);
    }
    const review = (await reviewOfKit(kitId, "2026-10"))!;
    const f: ReviewFigures = review.figures;
    const direct = await sqlCounts(kitId, pageId, OCT.from, OCT.to);
    // Each figure, written as the page writes it, from a fresh count.
    for (const shown of [count(direct.visitors), count(direct.pageviews), count(direct.leads), percent(direct.leads / direct.visitors), count(direct.sent), count(60), "600", "30", "8.0%", "2.0%"]) expect(text).toContain(shown);
    expect(text).toContain("October 2026");
    expect(text).toMatch(/Groomly/);
    // Nothing else: every number shown is one of the figures (or a date, a page number, the plan's 30/60/90).
    const allowed = allowedNumbers(f);
    for (const num of numbersIn(figuresOnly(text))) expect(allowed.has(num), `number ${num} in the PDF`).toBe(true);
  });

  it("is a 404 for another user, and for a month without a review", async () => {
    expect((await pdf(free.cookie, kitId, "2026-10.pdf")).status).toBe(404);
    expect((await pdf(owner.cookie, kitId, "2026-07.pdf")).status).toBe(404);
    expect((await pdf(owner.cookie, kitId, "nonsense.pdf")).status).toBe(404);
  });
});

describe("the section", () => {
  it("lists the reviews and shows the chosen one to the owner; another user gets 404 on the page and the POST", async () => {
    const page = await section(owner.cookie, kitId, undefined, "?period=2026-10");
    expect(page.status).toBe(200);
    const d = page.data as { pro: boolean; reviews: Array<{ period: string }>; review: { period: string; figures: ReviewFigures; body: ReviewBody } };
    expect(d.pro).toBe(true);
    expect(d.reviews.map((r) => r.period)).toEqual(["2026-11", "2026-10"]);
    expect(d.review.period).toBe("2026-10");
    expect((await section(free.cookie, kitId)).status).toBe(404);
    expect((await section(free.cookie, kitId, { intent: "write" })).status).toBe(404);
    expect((await section(null, kitId)).status).toBeGreaterThanOrEqual(300);
  });

  it("refuses a free founder's POST with 403 and shows what Pro adds", async () => {
    const page = await section(free.cookie, freeKitId);
    expect((page.data as { pro: boolean }).pro).toBe(false);
    const refused = await section(free.cookie, freeKitId, { intent: "write" });
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toMatch(/Pro/);
    expect(await getDb().select().from(strategyReviews).where(eq(strategyReviews.kitId, freeKitId))).toEqual([]);
    expect((await section(owner.cookie, kitId, { intent: "explode" })).status).toBe(400);
  });

  it("writes this month so far on demand, and writing it again replaces it", async () => {
    const period = utcMonth(new Date());
    const first = await section(owner.cookie, kitId, { intent: "write" });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/dashboard/kits/${kitId}/review?period=${period}&saved=1`);
    const a = (await reviewOfKit(kitId, period))!;
    expect(a.figures.partial).toBe(true);
    await section(owner.cookie, kitId, { intent: "write" });
    const rows = await getDb().select({ id: strategyReviews.id }).from(strategyReviews).where(and(eq(strategyReviews.kitId, kitId), eq(strategyReviews.period, period)));
    expect(rows).toHaveLength(1);
    const b = (await reviewOfKit(kitId, period))!;
    expect(b.createdAt.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime());
    const direct = await sqlCounts(kitId, pageId, new Date(b.figures.from), new Date(b.figures.to));
    expect({ visitors: b.figures.visitors, leads: b.figures.leads }).toEqual({ visitors: direct.visitors, leads: direct.leads });
  });
});

describe("the model's words", () => {
  it("lose every number the model invented; the figures stay the database's", async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const invented = {
        summary: "Visitors reached 790 this month, up 412% on a market of 2,000,000 dog owners; aim for 5000 sign-ups by March.",
        // The second sentence copies the change's stored summary, which the review shows in full below the paragraph.
        competitors: "Groomly now charges $39 per month, a jump of 34% that 9 in 10 owners will notice. Raised the monthly plan from $29 to $39 per month.",
        priorities: [
          { topic: "experiment-apply", title: "Apply the winning headline for 3x growth", why: "Version B converts at 8.0% against 2.0%, so 17 more sign-ups a week.", actions: ["Apply Version B today.", "Repeat its promise in 2 posts."] },
          { topic: "experiment-start", title: "Hire 4 groomers", why: "Demand grows 25% a month.", actions: ["Post a job ad.", "Interview people."] },
          { topic: "signup", title: "Shorten the form", why: "Only 4 of 790 visitors signed up.", actions: ["Keep the e-mail field alone.", "Say what people get."] },
        ],
        plan: { days30: ["Apply the winner in the next 30 days.", "Reach 1,000 visitors."], days60: ["Add 3 channels.", "Test the button."], days90: ["Hit 12% conversion.", "Ask for reviews."] },
      };
      fake.queue("chat", { structured: true, match: "strategy_review", content: JSON.stringify(invented) });
      const { writeReview } = await import("~/features/monthly/review.server");
      const { getKit } = await import("~/kit/kits.server");
      await writeReview((await getKit(kitId))!, { period: "2026-10", ...OCT, partial: false }, { replace: true });
      const review = (await reviewOfKit(kitId, "2026-10"))!;
      expect(review.body.source).toBe("model");
      expect(review.body.competitors).not.toContain("Raised the monthly plan");
      const written = wordsOf(review.body);
      for (const gone of ["412", "2,000,000", "5000", "34%", "9 in 10", "3x", "17", "25%", "1,000", "12%", "Hire"]) expect(written).not.toContain(gone);
      for (const kept of ["790", "$39", "8.0%", "2.0%", "30 days"]) expect(written).toContain(kept);
      // A topic the figures do not support (an experiment is running already) was replaced by one they do.
      expect(review.body.priorities.map((p) => p.topic)).toEqual(["experiment-apply", "signup", "competitor-pricing"]);
      const allowed = allowedNumbers(review.figures);
      for (const num of numbersIn(figuresOnly(written))) expect(allowed.has(num), `number ${num}`).toBe(true);
    } finally {
      useBuiltinProvider("AI_WEB_SEARCH");
      await fake.close();
    }
  });
});

describe("a B2b Point-like kit (the design review's findings)", () => {
  it("writes its first month whole: the name with its digit, no comparison with zeros, the source that brought sign-ups, each competitor change once", async () => {
    const db = getDb();
    const kit = await kitFor(owner.user.id, "waitlist", "B2B SaaS that lets dental clinics fill cancelled appointments automatically");
    const [asset] = await db.select().from(kitAssets).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
    await db.update(kitAssets).set({ content: { ...(asset!.content as object), name: "B2b Point" } }).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
    expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug: `b2b-point-${Date.now().toString(36)}` })).status).toBe(303);
    const { landingPageOf } = await import("~/kit/assets/landing/pages.server");
    const page = (await landingPageOf(kit.id))!.pageId!;
    const row = (hour: string, source: string, visitors: number, leadCount: number) => ({ pageId: page, hour: H(hour), origin: "page" as const, variant: "", source, medium: "", campaign: "", device: "desktop", visitors, views: visitors, leads: leadCount });
    // The page is new in October: nothing before it. instagram.com sends the most visitors and no sign-up; LinkedIn the sign-ups.
    await db.insert(analyticsHourly).values([row("2026-10-05T10:00:00Z", "instagram.com", 23, 0), row("2026-10-06T10:00:00Z", "linkedin.com", 9, 2), row("2026-10-07T10:00:00Z", "", 4, 0)]);
    await db.insert(leads).values([
      { id: `${kit.id}-l1`, kitId: kit.id, email: "clinic1@example.com", createdAt: H("2026-10-06T10:30:00Z") },
      { id: `${kit.id}-l2`, kitId: kit.id, email: "clinic2@example.com", createdAt: H("2026-10-06T11:30:00Z") },
    ]);
    const change = describeChanges({
      competitor: "DentiBook",
      page: "Pricing",
      added: ["$179/month", "New: AI receptionist"],
      removed: ["$149/month"],
      context: { "$179/month": "Clinic", "$149/month": "Clinic" },
      business: { name: "B2b Point", productWord: "b2b" },
    })!;
    await db.insert(competitors).values({ id: `${kit.id}-c1`, kitId: kit.id, name: "DentiBook", createdAt: H("2026-09-01T00:00:00Z") });
    await db.insert(competitorPages).values({ id: `${kit.id}-p1`, competitorId: `${kit.id}-c1`, kitId: kit.id, url: "https://dentibook.example/pricing", label: "pricing", createdAt: H("2026-09-01T00:00:00Z") });
    await db.insert(competitorChanges).values({ id: `${kit.id}-ch1`, kitId: kit.id, competitorId: `${kit.id}-c1`, pageId: `${kit.id}-p1`, period: "2026-W42", summary: change.summary, quotes: change.quotes, importance: "high", createdAt: H("2026-10-14T06:00:00Z") });

    const { writeReview } = await import("~/features/monthly/review.server");
    const { getKit } = await import("~/kit/kits.server");
    await writeReview((await getKit(kit.id))!, { period: "2026-10", ...OCT, partial: false }, { replace: true });
    const review = (await reviewOfKit(kit.id, "2026-10"))!;
    const words = wordsOf(review.body);
    // The name whole, everywhere.
    expect(words).toContain("B2b Point");
    expect(words.match(/\bPoint\b/g)!.length).toBe(words.match(/\bB2b Point\b/g)!.length);
    // A first period: no comparison with the zeros before it.
    expect(review.body.summary).toMatch(/^This is the first period with numbers for B2b Point/);
    expect(words).not.toMatch(/than in the|period before/);
    // The source that brought sign-ups, not the one with the most visitors.
    expect(words).not.toMatch(/instagram\.com sent people from|Do more of what works: Instagram/);
    // The competitor's change is written once in full (its card); the paragraph and the priority refer to it.
    expect(words).not.toContain(change.summary);
    expect(words.split("If B2b Point costs less").length - 1).toBe(0);

    const answer = await pdf(owner.cookie, kit.id, "2026-10.pdf");
    expect(answer.status).toBe(200);
    const text = pdfText(answer.bytes);
    // REVIEW_DUMP_DIR=<dir>: the review and the PDF's text are written there, to be read by a person.
    const dump = process.env.REVIEW_DUMP_DIR;
    if (dump) {
      fs.mkdirSync(dump, { recursive: true });
      fs.writeFileSync(path.join(dump, "b2b-point-review.json"), JSON.stringify(review, null, 2));
      fs.writeFileSync(path.join(dump, "b2b-point-review.txt"), text);
    }
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("B2b Point · 1 Oct 2026 – 31 Oct 2026 (UTC) · the first period with numbers");
    expect(flat).toContain("First period with numbers");
    expect(flat).toContain("B2b Point's records");
    expect(flat).not.toMatch(/(?<!B2b )Point\b(?! ·)/);
    expect(flat.split("If B2b Point costs less").length - 1).toBe(1);
    const allowed = allowedNumbers(review.figures);
    for (const num of numbersIn(figuresOnly(text))) expect(allowed.has(num), `number ${num} in the PDF`).toBe(true);
  }, 180_000);
});
