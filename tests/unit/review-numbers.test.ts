import { describe, expect, it } from "vitest";
import { builtinReview } from "~/features/monthly/review-writer.server";
import { allowedNumbers, count, figuresFrom, keepFactNumbers, keepFactNumbersIn, numbersIn, percent, topicFacts, topicsFor, windowDays, type ReviewText } from "~/features/monthly/review";
import { brewCrew as business, D, monthFacts as facts } from "../support/review-fixtures";

/**
 * The monthly strategy review's numbers: the figures built from
 * facts with known rows, the numbers each priority shows (written from the
 * figures), and the clean-up that removes any number a writer invented.
 */




describe("figures from facts", () => {
  it("keeps every number as read and derives only the previous rate", () => {
    const f = figuresFrom(facts(), "2026-10", false);
    expect(f).toMatchObject({ period: "2026-10", visitors: 1204, pageviews: 1530, leads: 36, partial: false, emails: { sent: 48, subscribers: 30, unsubscribed: 2 } });
    expect(f.previous).toEqual({ visitors: 800, leads: 12, conversionRate: 12 / 800, from: "2026-08-31T00:00:00.000Z" });
    expect(windowDays(f)).toBe(31);
    expect(count(f.visitors)).toBe("1,204");
    expect(percent(f.conversionRate)).toBe("3.0%");
    expect(percent(f.previous.conversionRate)).toBe("1.5%");
    expect(percent(null)).toBe("—");
  });

  it("reads an experiment's result from its arms", () => {
    const arms = [
      { label: "a", text: "Fresh beans every week", visitors: 400, leads: 8 },
      { label: "b", text: "Coffee your team will queue for", visitors: 400, leads: 40 },
    ];
    const f = figuresFrom(facts({ experiments: [{ id: "e1", field: "headline", status: "running", startedAt: D("2026-10-02T00:00:00Z"), arms }] }), "2026-10", false);
    expect(f.experiments[0]).toMatchObject({ verdict: "winner", winner: "b", startedAt: "2026-10-02T00:00:00.000Z" });
    expect(topicFacts("experiment-apply", f)).toEqual(["Original: 400 visitors, 8 leads (2.0%)", "Version B: 400 visitors, 40 leads (10.0%)", "Version B works better than the original (two-proportion z-test, p < 0.001, below 0.05)"]);
    const early = figuresFrom(facts({ experiments: [{ id: "e2", field: "cta", status: "running", startedAt: null, arms: arms.map((a) => ({ ...a, visitors: 20 })) }] }), "2026-10", false);
    expect(early.experiments[0]).toMatchObject({ verdict: "too-early", winner: null });
    expect(topicsFor(early)).not.toContain("experiment-apply");
  });

  it("writes each priority's numbers from the figures", () => {
    const f = figuresFrom(facts(), "2026-10", false);
    expect(topicFacts("signup", f)).toEqual(["1,204 visitors and 36 leads: 3.0% conversion", "The 31 days before: 1.5% conversion"]);
    expect(topicFacts("top-source", f)).toEqual(["news.ycombinator.com: 700 visitors, 20 leads (2.9%)"]);
    expect(topicFacts("email-list", f)).toEqual(["30 subscribers, 2 unsubscribed"]);
    const none = figuresFrom(facts({ visitors: 0, pageviews: 0, leads: 0, conversionRate: null, topSources: [], previous: { visitors: 0, leads: 0 } }), "2026-10", false);
    expect(topicFacts("distribution", none)).toEqual(["0 visitors (the first period with numbers)"]);
    // Every number a topic shows is one of the figures.
    const allowed = allowedNumbers(f);
    for (const t of topicsFor(f)) for (const line of topicFacts(t, f)) for (const n of numbersIn(line.replace(/\b31 days\b/, ""))) expect(allowed.has(n), `${n} in ${line}`).toBe(true);
  });
});

describe("numbers a visitor wrote", () => {
  // Security review: a utm_source is anybody's text; a number in it must not become a figure the model may state.
  it("does not allow the numbers in a source's name", () => {
    const f = figuresFrom(facts({ topSources: [{ source: "report 48213 visitors 6120 signups 12.7%", visitors: 3, leads: 0 }] }), "2026-10", false);
    const allowed = allowedNumbers(f);
    for (const n of ["48213", "6120", "12.7%"]) expect(allowed.has(n)).toBe(false);
    expect(keepFactNumbers("Your page had 48213 visitors and 6120 sign-ups: a 12.7% conversion.", allowed)).not.toMatch(/48213|6120|12\.7/);
  });
});

describe("the clean-up of a writer's numbers", () => {
  const f = figuresFrom(
    facts({ competitorChanges: [{ competitor: "BeanBox", page: "pricing", summary: "Raised the team plan from $49 to $59 a month.", importance: "high", at: D("2026-10-10T00:00:00Z") }] }),
    "2026-10",
    false,
  );
  const allowed = allowedNumbers(f);

  it("keeps the figures' numbers in any usual form and removes every other", () => {
    expect(keepFactNumbers("You had 1,204 visitors and 36 leads (3.0%).", allowed)).toBe("You had 1,204 visitors and 36 leads (3.0%).");
    expect(keepFactNumbers("You had 1204 visitors, up 50% from last month.", allowed)).toBe("You had 1204 visitors, up from last month.");
    expect(keepFactNumbers("Aim for 5,000 sign-ups by 2027 (a 10x jump).", allowed)).toBe("Aim for sign-ups by (a jump).");
    expect(keepFactNumbers("Reach 12% conversion in Q3.", allowed)).toBe("Reach conversion in.");
    expect(keepFactNumbers("BeanBox now charges $59, so price at $45.", allowed)).toBe("BeanBox now charges $59, so price at.");
    expect(keepFactNumbers("Post twice a week for the next 30 days; a 90-day plan follows.", allowed)).toBe("Post twice a week for the next 30 days; a 90-day plan follows.");
    expect(keepFactNumbers("Only 7 (seven) people replied.", allowed)).toBe("Only (seven) people replied.");
    expect(keepFactNumbers("No numbers here.", allowed)).toBe("No numbers here.");
  });

  it("cleans every text of a written review", () => {
    const text: ReviewText = {
      summary: "Traffic grew 51% to 1,204 visitors.",
      competitors: "BeanBox raised prices by 20%.",
      priorities: [
        { topic: "signup", title: "Win 100 more sign-ups", why: "36 of 1,204 visitors signed up.", actions: ["Cut the form to 1 field.", "Test 3 headlines."] },
        { topic: "distribution", title: "Post in Slack", why: "Remote teams are there.", actions: ["Post 4 times.", "Reply daily."] },
        { topic: "email-list", title: "Ask subscribers", why: "30 people said yes.", actions: ["Send one e-mail.", "Read the replies."] },
      ],
      plan: { days30: ["Do 9 things."], days60: ["Keep going."], days90: ["Grow 3x."] },
    };
    const out = keepFactNumbersIn(text, allowed);
    expect(out.summary).toBe("Traffic grew to 1,204 visitors.");
    expect(out.competitors).toBe("BeanBox raised prices by.");
    expect(out.priorities[0]!.title).toBe("Win more sign-ups");
    expect(out.priorities[0]!.why).toBe("36 of 1,204 visitors signed up.");
    expect(out.plan.days90).toEqual(["Grow."]);
    const all = JSON.stringify(out).replace(/"days\d+"/g, "");
    for (const n of numbersIn(all)) expect(allowed.has(n), n).toBe(true);
  });
});

describe("the builtin writer", () => {
  it("names the channels of this business when the page had no visitors", () => {
    const f = figuresFrom(facts({ visitors: 0, pageviews: 0, leads: 0, conversionRate: null, topSources: [], previous: { visitors: 0, leads: 0 }, emails: { sent: 0, subscribers: 0, unsubscribed: 0 } }), "2026-10", false);
    const r = builtinReview(f, business);
    expect(r.priorities[0]!.topic).toBe("distribution");
    expect(r.priorities[0]!.title).toBe("Bring the first visitors to Brew Crew");
    expect(r.priorities[0]!.why).toMatch(/gather in Slack communities and on LinkedIn/);
    expect(r.priorities[0]!.actions[0]).toMatch(/Slack communities/);
    expect(r.summary).toMatch(/no visitors yet/);
    expect(r.priorities).toHaveLength(3);
    expect(new Set(r.priorities.map((p) => p.topic)).size).toBe(3);
  });

  it("works on the sign-up when visitors leave no e-mail, and on the price message after a competitor's price rise", () => {
    const f = figuresFrom(
      facts({
        leads: 0,
        conversionRate: 0,
        competitorChanges: [{ competitor: "BeanBox", page: "pricing", summary: "Raised the team plan from $49 to $59 a month.", importance: "high", at: D("2026-10-10T00:00:00Z") }],
      }),
      "2026-10",
      false,
    );
    const r = builtinReview(f, business);
    expect(r.priorities.map((p) => p.topic)).toEqual(["signup", "competitor-pricing", "experiment-start"]);
    expect(r.priorities[0]!.title).toBe("Turn visitors into the first sign-ups");
    expect(r.priorities[0]!.why).toMatch(/coffee subscription/);
    expect(r.priorities[1]!.title).toBe("Answer BeanBox's pricing change");
    expect(r.priorities[1]!.actions[0]).toMatch(/what Brew Crew costs/);
    // Who changed what, briefly: the change itself is written in full once, in the list below the paragraph.
    expect(r.competitors).toBe("BeanBox changed its pricing page. What changed and what it means for you is below.");
    // Its words hold no number that is not a figure.
    const allowed = allowedNumbers(f);
    const words = [r.summary, r.competitors, ...r.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...r.plan.days30, ...r.plan.days60, ...r.plan.days90].join(" ");
    for (const n of numbersIn(words.replace(/\b30 days\b/g, ""))) expect(allowed.has(n), n).toBe(true);
  });

  it("applies an experiment's likely winner first, and welcomes leads when no e-mail went out", () => {
    const arms = [
      { label: "a", text: "Fresh beans every week", visitors: 400, leads: 8 },
      { label: "b", text: "Coffee your team will queue for", visitors: 400, leads: 40 },
    ];
    const f = figuresFrom(facts({ experiments: [{ id: "e1", field: "headline", status: "stopped", startedAt: D("2026-10-02T00:00:00Z"), arms }], emails: { sent: 0, subscribers: 0, unsubscribed: 0 } }), "2026-10", false);
    const r = builtinReview(f, business);
    expect(r.priorities.map((p) => p.topic)).toEqual(["experiment-apply", "email-sequence", "top-source"]);
    expect(r.priorities[0]!.why).toMatch(/Coffee your team will queue for/);
    expect(r.priorities[1]!.title).toBe("Welcome every new lead by e-mail");
    expect(r.plan.days90[0]).toBe("Ask your first paying customers why they stay with Brew Crew, and put their words on the page.");
  });
});
