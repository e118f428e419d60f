import { describe, expect, it } from "vitest";
import { describeChanges } from "~/features/competitors/rules";
import { builtinReview, localPlace, reviewNames, sourceName, sourceWorks, type ReviewBusiness } from "~/features/monthly/review-writer.server";
import {
  allowedNumbers,
  bestSource,
  comparisonLabel,
  figuresFrom,
  firstSentence,
  keepFactNumbers,
  keepFactNumbersIn,
  nameWords,
  numbersIn,
  possessive,
  previousNote,
  topicFacts,
  topicsFor,
  type FactsLike,
  type ReviewFigures,
  type ReviewText,
} from "~/features/monthly/review";

/**
 * The strategy review's words, from a design review of three kits (a Leeds
 * sourdough bakery, a dental-clinic scheduling SaaS named "B2b Point", a
 * wedding photographer): the brand's name written whole ("B2b" is a name,
 * not a stray number), competitors' names never re-cased and their
 * possessives alike everywhere, each competitor change said once in full, a
 * first period that compares with nothing, exact window wording, and the
 * "do more of what works" source chosen by sign-ups.
 */

const D = (iso: string) => new Date(iso);

function facts(over: Partial<FactsLike> = {}): FactsLike {
  return {
    from: D("2026-10-01T00:00:00Z"),
    to: D("2026-11-01T00:00:00Z"),
    visitors: 420,
    pageviews: 510,
    leads: 12,
    conversionRate: 12 / 420,
    previous: { visitors: 300, leads: 6 },
    topSources: [
      { source: "linkedin.com", visitors: 200, leads: 8 },
      { source: "Direct / none", visitors: 120, leads: 4 },
    ],
    experiments: [],
    competitorChanges: [],
    emails: { sent: 0, subscribers: 0, unsubscribed: 0 },
    ...over,
  };
}

const b2bPoint: ReviewBusiness = {
  name: "B2b Point",
  what: "b2b SaaS",
  product: "b2b SaaS",
  customers: "dental clinic managers",
  place: "United States",
  channels: ["LinkedIn", "Product Hunt", "G2", "Slack communities"],
  payment: "booking",
  goal: "waitlist",
};

const haven: ReviewBusiness = {
  name: "Sourdough Haven",
  what: "sourdough bakery",
  product: "sourdough bakery",
  customers: "busy households and independent cafes",
  place: "Leeds",
  channels: ["Google Business Profile", "Nextdoor", "local Facebook groups", "Instagram"],
  payment: "subscription",
  goal: "waitlist",
};

/** Every text of the written part, one a line. */
const textOf = (r: ReviewText) => [r.summary, r.competitors, ...r.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...r.plan.days30, ...r.plan.days60, ...r.plan.days90].join("\n");

/** The builtin writer's text through the number clean-up, as writeReviewText applies it. */
const written = (f: ReviewFigures, b: ReviewBusiness) => keepFactNumbersIn(builtinReview(f, b), allowedNumbers(f), reviewNames(f, b));

/** DentiBook's recorded pricing change, described by the offline describer for B2b Point. */
const dentiBook = describeChanges({
  competitor: "DentiBook",
  page: "Pricing",
  added: ["$179/month", "New: AI receptionist"],
  removed: ["$149/month"],
  context: { "$179/month": "Clinic", "$149/month": "Clinic" },
  business: { name: "B2b Point", productWord: "b2b" },
})!;

describe("a brand name holding a digit", () => {
  it("is written whole: the number clean-up keeps the business's own words with digits", () => {
    const names = nameWords(["B2b Point", "Web3 Studio", "3D Print Lab", "24/7 Plumbing"]);
    const none = new Set<string>();
    for (const text of ["If B2b Point costs less, say so.", "More people found Web3 Studio.", "3D Print Lab ships in a day.", "Call 24/7 Plumbing."]) expect(keepFactNumbers(text, none, names)).toBe(text);
    // A name whose number stands apart is kept whole; the same number elsewhere is not a figure.
    expect(keepFactNumbers("Studio 54 opens late. Aim for 54 sign-ups (studio 54 style).", none, nameWords(["Studio 54"]))).toBe("Studio 54 opens late. Aim for sign-ups (studio 54 style).");
    // Any other word with digits still goes.
    expect(keepFactNumbers("Grow B2b Point 3x by Q3.", none, names)).toBe("Grow B2b Point by.");
    // Digits inside a name are not numbers shown.
    expect(numbersIn("B2b Point · Web3 · 24/7 · $29/month · 8.0% · 1,204")).toEqual(["29", "8.0%", "1204"]);
  });

  it("survives in every sentence of B2b Point's review, with its competitor's change", () => {
    const f = figuresFrom(facts({ competitorChanges: [{ competitor: "DentiBook", page: "pricing", summary: dentiBook.summary, importance: "high", at: D("2026-10-14T06:00:00Z") }] }), "2026-10", false);
    const text = textOf(written(f, b2bPoint));
    expect(text).toContain("More people found B2b Point than in the 31 days before");
    expect(text).toContain("People who sign up for B2b Point hear nothing yet");
    expect(text).toContain("Add one e-mail with a practical tip about b2b SaaS for dental clinic managers.");
    // "Point" never stands alone, "SaaS" never without its "b2b".
    expect(text.match(/\bPoint\b/g)!.length).toBe(text.match(/\bB2b Point\b/g)!.length);
    expect(text).not.toMatch(/(?<!b2b )SaaS/);
    // The competitor change's own words keep the name too (the describer writes it whole).
    expect(dentiBook.summary).toContain("If B2b Point costs less");
    expect(dentiBook.summary).not.toMatch(/Point's b2b/);
    for (const fact of topicFacts("competitor-pricing", f)) expect(fact).toContain("DentiBook raised Clinic from $149 to $179 a month.");
  });
});

describe("competitors' names", () => {
  const headrow = describeChanges({
    competitor: "Headrow Loaves",
    page: "Subscriptions",
    added: ["The Weekly Loaf costs £7.25 a week"],
    removed: ["The Weekly Loaf costs £6.50 a week"],
    business: { name: "Sourdough Haven", productWord: "sourdough" },
  })!;
  const amber = describeChanges({
    competitor: "Amber & Oak Photography",
    page: "Pricing",
    added: ["The Full Day package is £2,400"],
    removed: ["The Full Day package is £2,100 and includes a printed album"],
    business: { name: "Lens & Vow", productWord: "wedding photography" },
  })!;
  const f = figuresFrom(
    facts({
      competitorChanges: [
        { competitor: "Headrow Loaves", page: "subscriptions", summary: headrow.summary, importance: "high", at: D("2026-10-08T06:00:00Z") },
        { competitor: "DentiBook", page: "pricing", summary: dentiBook.summary, importance: "high", at: D("2026-10-14T06:00:00Z") },
        { competitor: "Amber & Oak Photography", page: "pricing", summary: amber.summary, importance: "high", at: D("2026-10-21T06:00:00Z") },
      ],
    }),
    "2026-10",
    false,
  );

  it("keep their case and one possessive rule", () => {
    expect(possessive("Headrow Loaves")).toBe("Headrow Loaves'");
    expect(possessive("DentiBook")).toBe("DentiBook's");
    const r = written(f, haven);
    const text = textOf(r);
    expect(text).not.toMatch(/headrow Loaves|dentiBook|amber & Oak|Loaves's/);
    expect(r.competitors).toBe("Headrow Loaves changed its subscriptions page, DentiBook its pricing page and Amber & Oak Photography its pricing page. Each change and what it means for you is below.");
    const pricing = r.priorities.find((p) => p.topic === "competitor-pricing")!;
    expect(pricing.title).toBe("Answer Headrow Loaves' pricing change");
    expect(pricing.why).toMatch(/^Headrow Loaves changed its subscriptions page \(the change is under "What competitors did"\)\. .* Sourdough Haven's price/);
  });

  it("say each change once in full: the paragraph names who changed what, the priority only what happened", () => {
    const r = written(f, haven);
    for (const c of f.competitorChanges) {
      expect(r.competitors).not.toContain(firstSentence(c.summary));
      for (const p of r.priorities) expect([p.why, ...p.actions].join(" ")).not.toContain(c.summary);
    }
    const facts = topicFacts("competitor-pricing", f);
    expect(facts[0]).toBe("Headrow Loaves (subscriptions), 8 Oct 2026: Headrow Loaves raised The Weekly Loaf from £6.50 to £7.25 a week.");
    // The advice is in the change's card only.
    for (const fact of facts) expect(fact).not.toMatch(/If .* costs less|say so/);
  });
});

describe("the window and a first period", () => {
  it("says a first period with numbers instead of comparing with zeros", () => {
    const f = figuresFrom(facts({ previous: { visitors: 0, leads: 0 } }), "2026-10", false);
    const r = written(f, haven);
    expect(r.summary).toMatch(/^This is the first period with numbers for Sourdough Haven, so there is nothing to compare with yet: people found the page and some of them signed up\./);
    expect(textOf(r)).not.toMatch(/than in the|period before/);
    expect(comparisonLabel(f)).toBe("the first period with numbers (nothing was counted in the 31 days before)");
    expect(previousNote(f, "0")).toBe("First period with numbers");
    expect(topicFacts("signup", f)[1]).toBe("The first period with numbers: nothing to compare with yet");
  });

  it("names the comparison exactly: whole months by their days, a month so far by the same length of time", () => {
    const month = figuresFrom(facts(), "2026-10", false);
    expect(comparisonLabel(month)).toBe("compared with the 31 days before (31 Aug 2026 – 30 Sep 2026)");
    expect(topicFacts("signup", month)[1]).toBe("The 31 days before: 2.0% conversion");
    const soFar = figuresFrom(facts({ from: D("2026-11-01T00:00:00Z"), to: D("2026-11-26T05:40:00Z") }), "2026-11", true);
    expect(comparisonLabel(soFar)).toBe("compared with the same length of time before (6 Oct 2026 – 31 Oct 2026)");
    expect(comparisonLabel(soFar)).not.toMatch(/\b25 days\b/);
    expect(written(soFar, haven).summary).toContain("than in the same length of time before");
    const newSoFar = figuresFrom(facts({ from: D("2026-11-01T00:00:00Z"), to: D("2026-11-26T05:40:00Z"), previous: { visitors: 0, leads: 0 } }), "2026-11", true);
    expect(comparisonLabel(newSoFar)).toBe("the first period with numbers (nothing was counted in 6 Oct 2026 – 31 Oct 2026)");
  });
});

describe("the source that works", () => {
  it("is the one with the most sign-ups (then the best conversion), not the most visitors", () => {
    const f = figuresFrom(
      facts({
        topSources: [
          { source: "instagram.com", visitors: 23, leads: 0 },
          { source: "google", visitors: 10, leads: 2 },
          { source: "nextdoor.co.uk", visitors: 4, leads: 2 },
          { source: "Direct / none", visitors: 5, leads: 1 },
        ],
      }),
      "2026-10",
      false,
    );
    expect(bestSource(f)?.source).toBe("nextdoor.co.uk");
    expect(topicFacts("top-source", f)).toEqual(["nextdoor.co.uk: 4 visitors, 2 leads (50.0%)"]);
    const p = builtinReview(f, haven).priorities.find((x) => x.topic === "top-source")!;
    // 2 sign-ups of 4 visitors against 3 of 38 elsewhere: more, but not significantly so (two-proportion z-test).
    expect(p.title).toBe("Build on Nextdoor");
    expect(p.actions[0]).toBe("Post again on Nextdoor, with a new angle on sourdough bakery, and answer the comments yourself.");
  });

  it("when no source brought a sign-up: a priority on turning visitors into sign-ups, not 'do more of it'", () => {
    const f = figuresFrom(facts({ leads: 1, conversionRate: 1 / 30, topSources: [{ source: "instagram.com", visitors: 23, leads: 0 }] }), "2026-10", false);
    expect(bestSource(f)).toBeNull();
    expect(topicsFor(f)).not.toContain("top-source");
    const r = written(f, haven);
    const signup = r.priorities.find((p) => p.topic === "signup")!;
    expect(signup.title).toBe("Turn visitors from Instagram into sign-ups");
    expect(signup.why).toMatch(/^Instagram sent the most visitors, but none of them signed up/);
    expect(textOf(r)).not.toMatch(/Do more of what works|sent people from/);
  });

  it("names sources as a founder would", () => {
    expect(sourceName("instagram.com")).toEqual({ name: "Instagram", kind: "social" });
    expect(sourceName("l.facebook.com")).toEqual({ name: "Facebook", kind: "social" });
    expect(sourceName("google")).toEqual({ name: "Google search", kind: "search" });
    expect(sourceName("Direct / none")).toEqual({ name: "direct visits", kind: "direct" });
    expect(sourceName("bakersguild.org")).toEqual({ name: "bakersguild.org", kind: "site" });
    const direct = figuresFrom(facts({ topSources: [{ source: "instagram.com", visitors: 23, leads: 0 }, { source: "Direct / none", visitors: 8, leads: 1 }] }), "2026-10", false);
    const p = builtinReview(direct, haven).priorities.find((x) => x.topic === "top-source")!;
    expect(p.title).toBe("Build on direct visits");
    expect(p.actions[1]).toBe("Ask the people who signed up how they heard of Sourdough Haven, and use their words on the page.");
  });
});

describe("what works", () => {
  it("a source is 'what works' only when its sign-up rate beats the other sources' by a significant two-proportion z-test", () => {
    const sources = (best: number) => [
      { source: "instagram.com", visitors: 2000, leads: best },
      { source: "google", visitors: 1000, leads: 50 },
      { source: "Direct / none", visitors: 1000, leads: 50 },
    ];
    const clear = figuresFrom(facts({ visitors: 4000, leads: 400, conversionRate: 0.1, topSources: sources(300) }), "2026-10", false);
    expect(sourceWorks(clear)).toBe(true);
    const p = builtinReview(clear, haven).priorities.find((x) => x.topic === "top-source")!;
    expect(p.title).toBe("Do more of what works: Instagram");
    expect(p.why).toContain("by a difference a two-proportion z-test calls significant");
    // 11.9% against 10.5% and 9.8%: ahead, not significant.
    const close = figuresFrom(
      facts({ topSources: [{ source: "instagram.com", visitors: 420, leads: 50 }, { source: "google", visitors: 400, leads: 42 }, { source: "Direct / none", visitors: 410, leads: 40 }] }),
      "2026-10",
      false,
    );
    expect(sourceWorks(close)).toBe(false);
    expect(textOf(written(close, haven))).not.toMatch(/what works/i);
  });
});

describe("the 90-day steps", () => {
  it("ask paying customers plainly, and name a place only when a person would say it", () => {
    const f = figuresFrom(facts(), "2026-10", false);
    expect(written(f, haven).plan.days90[0]).toBe("Ask your first paying customers why they stay with Sourdough Haven, and put their words on the page.");
    expect(written(f, b2bPoint).plan.days90[0]).toBe("Ask happy customers for a review and show the best ones on the page.");
    const photographer: ReviewBusiness = { ...haven, name: "Lens & Vow", what: "wedding photography", customers: "engaged couples", place: "Yorkshire", payment: "booking" };
    expect(written(f, photographer).plan.days90[0]).toBe("Ask happy customers in Yorkshire for a review and show the best ones on the page.");
    expect(localPlace("United States")).toBeNull();
    expect(localPlace("UK")).toBeNull();
    expect(localPlace("Leeds, UK")).toBe("Leeds");
    expect(localPlace("Austin, Texas")).toBe("Austin, Texas");
    const none = figuresFrom(facts({ visitors: 0, pageviews: 0, leads: 0, conversionRate: null, topSources: [], previous: { visitors: 0, leads: 0 } }), "2026-10", false);
    // Channels with their prepositions: on a platform, in a community.
    expect(written(none, b2bPoint).priorities[0]!.why).toContain("Dental clinic managers gather on LinkedIn and Product Hunt");
    expect(written(none, haven).priorities[0]!.why).toContain("Busy households and independent cafes in Leeds gather on Google Business Profile and Nextdoor");
    expect(written(none, { ...haven, channels: ["Nextdoor", "local Facebook groups"] }).priorities[0]!.actions[1]).toBe(
      "Answer questions about sourdough bakery in local Facebook groups each week, and mention Sourdough Haven only where it really helps.",
    );
  });
});
