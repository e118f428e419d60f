import { describe, expect, it } from "vitest";
import { readExperiment } from "~/features/analytics/stats";
import { significantWinner } from "~/features/analytics/experiments/significance";
import { winningMessage } from "~/features/monthly/piece-writer.server";
import { experimentDates, experimentStanding, figuresFrom, topicFacts, topicsFor, winningExperiment, type FactsLike, type ReviewFigures } from "~/features/monthly/review";
import { builtinReview, recommendsNewExperiment } from "~/features/monthly/review-writer.server";
import { brewCrew as business, D, monthFacts } from "../support/review-fixtures";

/**
 * What the monthly review and the monthly pieces say about experiments: a
 * running experiment is reported, never a reason to start one; a version is
 * called what works only when the experiments' own rule names it the winner
 * (every version at 100 visitors, no uneven split) and a two-proportion
 * z-test finds the difference significant (5%, shared among the variants).
 */

type Arm = { label: string; text: string; visitors: number; leads: number };
/** The month's facts with these experiments (one source: the experiments' own traffic is not the point here). */
const facts = (experiments: FactsLike["experiments"]) => monthFacts({ topSources: [{ source: "news.ycombinator.com", visitors: 700, leads: 20 }], experiments });
const arm = (label: string, visitors: number, leads: number): Arm => ({ label, text: `The ${label} headline`, visitors, leads });



const experiment = (status: string, arms: Arm[]) => ({ id: "e1", field: "headline", status, startedAt: D("2026-10-02T00:00:00Z"), arms });
const figures = (status: string, arms: Arm[]): ReviewFigures => figuresFrom(facts([experiment(status, arms)]), "2026-10", false);
const wordsOf = (r: ReturnType<typeof builtinReview>) => [r.summary, r.competitors, ...r.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...r.plan.days30, ...r.plan.days60, ...r.plan.days90].join("\n");

describe("a running experiment", () => {
  it("is reported in the review, and no line recommends starting one", () => {
    const f = figures("running", [arm("a", 60, 3), arm("b", 58, 4), arm("c", 61, 2)]);
    expect(topicsFor(f)).not.toContain("experiment-start");
    const r = builtinReview(f, business);
    expect(r.summary).toContain("The experiment on the headline is still running: it is too early to call");
    const words = wordsOf(r);
    expect(words).not.toMatch(/Start an experiment/i);
    for (const line of words.split("\n")) expect(recommendsNewExperiment(line), line).toBe(false);
    expect(experimentDates(f.experiments[0]!)).toBe("running since 2 Oct 2026");
    expect(experimentDates({ status: "stopped", startedAt: "2026-10-02T00:00:00.000Z" })).toBe("started 2 Oct 2026, stopped");
    expect(r.plan.days60).toContain("Let the experiment on the headline run until it has a result, without changing the headline by hand meanwhile; then test the part of the page it did not.");
  });

  it("a model's line that recommends another experiment is recognised; one that waits for the running one is not", () => {
    expect(recommendsNewExperiment("Start an experiment on the headline.")).toBe(true);
    expect(recommendsNewExperiment("Launch a new A/B test of the button this month.")).toBe(true);
    expect(recommendsNewExperiment("Let the headline experiment run until it names a winner.")).toBe(false);
    expect(recommendsNewExperiment("After applying it, start the next experiment on the button.")).toBe(false);
  });
});

describe("what works", () => {
  it("is never a version ahead by chance: 11.9% vs 10.5% vs 9.8% is no winner in the review, and no message in the pieces", () => {
    const arms = [arm("a", 400, 42), arm("b", 403, 48), arm("c", 398, 39)];
    expect(figures("stopped", arms).experiments[0]).toMatchObject({ verdict: "undecided", winner: null });
    expect(winningExperiment(figures("stopped", arms))).toBeNull();
    expect(winningMessage({ experiments: [experiment("stopped", arms)] })).toBeNull();
    expect(experimentStanding(figures("stopped", arms).experiments[0]!)).toBe("no clear winner yet (no difference significant by a two-proportion z-test)");
  });

  it("needs the z-test at 5% shared among the variants: a Bayesian lead with p = 0.049 is enough for one variant, not for two", () => {
    const three = [arm("a", 1000, 100), arm("b", 1000, 128), arm("c", 1000, 100)];
    const inputs = three.map((a) => ({ key: a.label, visitors: a.visitors, conversions: a.leads }));
    // The experiments' own reading calls B ahead…
    expect(readExperiment(inputs).verdict).toEqual({ kind: "winner", key: "b" });
    const p = readExperiment(inputs).arms[1]!.pValue!;
    expect(p).toBeGreaterThan(0.025);
    expect(p).toBeLessThan(0.05);
    // …but with two variants the 5% is shared: 0.025 each.
    expect(significantWinner(inputs)).toBeNull();
    const f = figures("stopped", three);
    expect(f.experiments[0]!.verdict).toBe("undecided");
    expect(topicsFor(f)).not.toContain("experiment-apply");
    expect(builtinReview(f, business).priorities.map((p) => p.title)).not.toContain("Keep the winning headline");
    // One variant against the original: the same difference is significant at 5%.
    const two = [three[0]!, three[1]!];
    expect(significantWinner(two.map((a) => ({ key: a.label, visitors: a.visitors, conversions: a.leads })))).toMatchObject({ key: "b", alpha: 0.05 });
    expect(figures("stopped", two).experiments[0]).toMatchObject({ verdict: "winner", winner: "b" });
  });

  it("a significant winner is named with the test that decided it, in the review and in the pieces", () => {
    const arms = [arm("a", 400, 8), arm("b", 400, 40)];
    const f = figures("stopped", arms);
    expect(winningExperiment(f)?.winner).toBe("b");
    expect(topicFacts("experiment-apply", f).at(-1)).toBe("Version B works better than the original (two-proportion z-test, p < 0.001, below 0.05)");
    const r = builtinReview(f, business);
    expect(r.priorities[0]!.why).toContain("the difference passes a two-proportion z-test at the five-percent level");
    expect(winningMessage({ experiments: [experiment("stopped", arms)] })).toBe("The b headline");
  });
});

describe("the minimum sample", () => {
  it("holds in the pieces too: no message 'won' before every version has 100 visitors, however large the lead", () => {
    const arms = [arm("a", 99, 1), arm("b", 99, 40)];
    expect(winningMessage({ experiments: [experiment("stopped", arms)] })).toBeNull();
    expect(figures("stopped", arms).experiments[0]).toMatchObject({ verdict: "too-early", winner: null });
    expect(experimentStanding(figures("stopped", arms).experiments[0]!)).toBe("too early to call (no winner is named before every version has 100 visitors)");
  });
});
