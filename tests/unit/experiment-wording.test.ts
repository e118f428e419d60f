import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { minimumDetectableEffect, readExperiment, type ArmInput } from "~/features/analytics/stats";
import { mismatchSentence, percent, trafficSentence, verdictSentence, visitorsPerVersion, waitingSentence } from "~/features/analytics/experiments/format";
import { Reading, ResultsTable } from "~/features/analytics/experiments/ui";
import type { ExperimentView } from "~/features/analytics/experiments/view";

/**
 * What the experiments panel says of its numbers: the detectable effect from
 * the original's rate (not all versions' average), every version's visitors
 * exactly (not the fewest as if every version had them), and no chance or
 * expected loss before a version and the original have visitors.
 */

const arms = (...counts: Array<[number, number]>): ArmInput[] => counts.map(([visitors, conversions], i) => ({ key: "abcd"[i]!, visitors, conversions }));

function view(input: ArmInput[]): ExperimentView {
  return {
    id: "e1",
    field: "headline",
    fieldLabel: "Headline",
    status: "running",
    startedAt: "2026-11-01T00:00:00.000Z",
    stoppedAt: null,
    appliedKey: null,
    srmAtStop: null,
    texts: input.map((a) => ({ key: a.key, text: `Text ${a.key}`, reason: null })),
    reading: readExperiment(input),
  };
}

const html = (v: ExperimentView) => renderToStaticMarkup(createElement("div", null, createElement(Reading, { view: v }), createElement(ResultsTable, { view: v })));

describe("the detectable effect", () => {
  it("starts from the original's rate, not from the average of all versions", () => {
    // The original at 2.8%, the variants far above it: the average of all three is 8.5%.
    const input = arms([250, 7], [250, 30], [250, 27]);
    const reading = readExperiment(input);
    expect(reading.baseline).toBeCloseTo(7 / 250, 12);
    expect(reading.detectableEffect).toBeCloseTo(minimumDetectableEffect(7 / 250, 250)!, 12);
    const sentence = trafficSentence(reading)!;
    expect(sentence).toContain(`from the original's 2.8% to about ${percent(7 / 250 + minimumDetectableEffect(7 / 250, 250)!)}`);
    expect(sentence).not.toContain(percent(64 / 750));
  });
});

describe("visitors per version", () => {
  it("are written exactly for each version in every sentence, never the fewest as everyone's", () => {
    // The founder's three-way test: 170 / 189 / 121 (an uneven split, too).
    const reading = readExperiment(arms([170, 5], [189, 9], [121, 4]));
    expect(visitorsPerVersion(reading)).toBe("170 visitors on the original, 189 on Variant B and 121 on Variant C");
    for (const sentence of [trafficSentence(reading)!, mismatchSentence(reading)!]) {
      expect(sentence).toContain("170 visitors on the original, 189 on Variant B and 121 on Variant C");
      expect(sentence).not.toMatch(/121 visitors per version|fewest so far/);
    }
    expect(trafficSentence(reading)).toContain("reckoned at 121 visitors, the fewest a version has");
    const early = readExperiment(arms([70, 2], [89, 3], [61, 1]));
    expect(verdictSentence(early)).toBe("Too early to call: no winner is named before every version has 100 visitors (so far 70 visitors on the original, 89 on Variant B and 61 on Variant C).");
  });

  it("the uneven-split warning names each version's count", () => {
    const reading = readExperiment(arms([400, 10], [200, 8]));
    expect(reading.srm!.mismatch).toBe(true);
    expect(html(view(arms([400, 10], [200, 8])))).toContain("uneven numbers of visitors (400 visitors on the original and 200 on Variant B; χ² p &lt;0.001)");
  });
});

describe("before the visitors", () => {
  it("shows no chance to beat and no expected loss while nobody came, and says why", () => {
    const reading = readExperiment(arms([0, 0], [0, 0], [0, 0]));
    expect(reading.arms.map((a) => [a.probabilityToBeat, a.expectedLoss])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    const page = html(view(arms([0, 0], [0, 0], [0, 0])));
    expect(page).not.toContain("50.0%");
    expect(page).not.toContain("16.67 pts");
    expect(page).toContain("needs visitors");
    expect(page).toContain("No visitors yet: share the page&#x27;s address to start.");
  });

  it("shows none for a version without visitors while the others have some, and names it", () => {
    const input = arms([30, 1], [28, 2], [0, 0]);
    const reading = readExperiment(input);
    expect(reading.arms[1]!.probabilityToBeat).not.toBeNull();
    expect(reading.arms[2]!.probabilityToBeat).toBeNull();
    expect(reading.arms[2]!.expectedLoss).toBeNull();
    expect(waitingSentence(reading)).toBe("The chance of beating the original and the expected loss are shown once a version and the original both have visitors: Variant C has none yet.");
    const page = html(view(input));
    expect(page).toContain("Variant C has none yet");
    expect(page).not.toContain("16.67 pts");
  });
});

describe("the minimum sample", () => {
  it("names no winner before every version has 100 visitors, however large the lead", () => {
    const input = arms([99, 1], [150, 60]);
    const reading = readExperiment(input);
    expect(reading.verdict.kind).toBe("too-early");
    const page = html(view(input));
    expect(page).toContain("Too early to call: no winner is named before every version has 100 visitors");
    expect(page).not.toContain("is ahead");
    expect(page).not.toContain("bg-emerald-50");
  });
});
