import { describe, expect, test } from "vitest";
import {
  chiSquareSurvival,
  cleanArm,
  conversionRate,
  expectedLoss,
  logBeta,
  MIN_VISITORS_PER_ARM,
  minimumDetectableEffect,
  normalCdf,
  normalQuantile,
  probabilityBBeatsA,
  probabilityToBeat,
  readExperiment,
  sampleRatioTest,
  sampleSizePerArm,
  zTest,
} from "~/features/analytics/stats";

const arm = (visitors: number, conversions: number) => ({ visitors, conversions });

/**
 * An independent check of the closed forms: the double integral over the two
 * Beta posteriors, by the midpoint rule on a fine grid (for A's density times
 * B's CDF, itself accumulated on the same grid).
 */
function integrate(a: { alpha: number; beta: number }, b: { alpha: number; beta: number }, f: "win" | "loss", steps = 20_000) {
  const h = 1 / steps;
  const density = (x: number, p: { alpha: number; beta: number }) => Math.exp((p.alpha - 1) * Math.log(x) + (p.beta - 1) * Math.log(1 - x) - logBeta(p.alpha, p.beta));
  // P(B > A) = ∫ f_A(x) · P(B > x) dx; E[max(A − B, 0)] = ∫∫_{y<x} (x − y) f_A(x) f_B(y).
  let cdfB = 0;
  let meanBelow = 0; // ∫_0^x y f_B(y) dy
  let total = 0;
  for (let i = 0; i < steps; i++) {
    const x = (i + 0.5) * h;
    const fb = density(x, b) * h;
    // Half of this cell's mass counts as below x (the midpoint rule's share).
    const below = cdfB + fb / 2;
    const belowMean = meanBelow + (x * fb) / 2;
    const fa = density(x, a) * h;
    total += f === "win" ? fa * (1 - below) : fa * (x * below - belowMean);
    cdfB += fb;
    meanBelow += x * fb;
  }
  return total;
}

describe("the normal and χ² distributions", () => {
  test("quantiles and tails match the printed tables", () => {
    // Any z table: z_{0.975} = 1.959964, z_{0.8} = 0.841621, 2·(1 − Φ(1.96)) = 0.0500.
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 10);
    expect(2 * (1 - normalCdf(1.96))).toBeCloseTo(0.04999579029644087, 12);
    // Far tail: Φ(−8) = 6.22096e−16 (computed in the tail, not as 1 − Φ(8)).
    expect(normalCdf(-8) / 6.220960574271785e-16).toBeCloseTo(1, 8);
    // χ² table, 5% critical values for 1, 2 and 3 degrees of freedom.
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(5.991464547107979, 2)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(7.814727903251178, 3)).toBeCloseTo(0.05, 12);
    // df = 2 has the closed form e^{−x/2}.
    expect(chiSquareSurvival(13.8, 2)).toBeCloseTo(Math.exp(-6.9), 14);
  });
});

describe("conversion rate", () => {
  test("leads over visitors; none without visitors; never above 100%", () => {
    expect(conversionRate(arm(200, 14))).toBe(0.07);
    expect(conversionRate(arm(0, 0))).toBe(0);
    // A lead can arrive without a counted view: the statistics cap it.
    expect(cleanArm(arm(3, 5))).toEqual({ visitors: 3, conversions: 3 });
    expect(conversionRate(arm(3, 5))).toBe(1);
  });
});

describe("probability of beating the original (beta-binomial, Evan Miller's closed form)", () => {
  test("values worked out by hand from the Beta densities", () => {
    // No data: two uniform posteriors, P(B > A) = 1/2.
    expect(probabilityToBeat(arm(0, 0), arm(0, 0))).toBeCloseTo(0.5, 14);
    // B saw 1 visitor who converted: Beta(2, 1), density 2b; ∫ 2b · b db = 2/3.
    expect(probabilityToBeat(arm(0, 0), arm(1, 1))).toBeCloseTo(2 / 3, 14);
    // B saw 1 visitor who did not: Beta(1, 2), density 2(1 − b); ∫ 2(1 − b) b db = 1/3.
    expect(probabilityToBeat(arm(0, 0), arm(1, 0))).toBeCloseTo(1 / 3, 14);
    // Beta(1, 2) against Beta(3, 4): 9/14 (worked with the closed form's four terms, and below by ankane/field_test).
    expect(probabilityBBeatsA(1, 2, 3, 4)).toBeCloseTo(9 / 14, 14);
  });

  test("the published test values of ankane/field_test (test/calculations_test.rb), which implements the same formula", () => {
    expect(probabilityBBeatsA(1, 2, 3, 4)).toBeCloseTo(0.6428571428571429, 10);
    expect(probabilityBBeatsA(55, 50, 30, 30)).toBeCloseTo(0.38386463776317903, 10);
    expect(probabilityBBeatsA(50, 50, 35, 30)).toBeCloseTo(0.6867997222295887, 10);
  });

  test("agrees with numerical integration, and is symmetric", () => {
    const cases: Array<[number, number, number, number]> = [
      [1000, 100, 1000, 140],
      [250, 12, 240, 19],
      [120, 30, 130, 20],
    ];
    for (const [na, ka, nb, kb] of cases) {
      const p = probabilityToBeat(arm(na, ka), arm(nb, kb));
      const numeric = integrate({ alpha: 1 + ka, beta: 1 + na - ka }, { alpha: 1 + kb, beta: 1 + nb - kb }, "win");
      expect(p).toBeCloseTo(numeric, 6);
      expect(p + probabilityToBeat(arm(nb, kb), arm(na, ka))).toBeCloseTo(1, 12);
    }
  });
});

describe("expected loss of choosing the variant", () => {
  test("values worked out by hand", () => {
    // Two uniforms: E[max(A − B, 0)] = ∫∫_{b<a} (a − b) = 1/6.
    expect(expectedLoss(arm(0, 0), arm(0, 0))).toBeCloseTo(1 / 6, 13);
    // A uniform, B ~ Beta(2, 1): ∫ 2b ∫_b^1 (a − b) da db = ∫ b(1 − b)² db = B(2, 3) = 1/12.
    expect(expectedLoss(arm(0, 0), arm(1, 1))).toBeCloseTo(1 / 12, 13);
    // The other way round: A ~ Beta(2, 1), B uniform: ∫ 2a ∫_0^a (a − b) db da = ∫ a³ da = 1/4.
    expect(expectedLoss(arm(1, 1), arm(0, 0))).toBeCloseTo(1 / 4, 13);
  });

  test("agrees with numerical integration; E[loss(B)] − E[loss(A)] = E[p_A] − E[p_B]", () => {
    const a = arm(400, 30);
    const b = arm(410, 41);
    const numeric = integrate({ alpha: 31, beta: 371 }, { alpha: 42, beta: 370 }, "loss");
    expect(expectedLoss(a, b)).toBeCloseTo(numeric, 7);
    // E[max(A−B,0)] − E[max(B−A,0)] = E[A − B], with posterior means 31/402 and 42/412.
    expect(expectedLoss(a, b) - expectedLoss(b, a)).toBeCloseTo(31 / 402 - 42 / 412, 12);
  });
});

describe("two-proportion z-test (pooled, two-sided)", () => {
  test("statsmodels' documented example: 5/83 against 12/99 gives z = −1.40783, p = 0.159", () => {
    // statsmodels.stats.proportion.proportions_ztest docstring and its test_default_values (GH 2969).
    const r = zTest(arm(99, 12), arm(83, 5))!;
    expect(r.z).toBeCloseTo(-1.4078304151258787, 10);
    expect(r.pValue).toBeCloseTo(0.15918129181156992, 10);
    // The sign follows the variant: better than the original is positive.
    expect(zTest(arm(83, 5), arm(99, 12))!.z).toBeCloseTo(1.4078304151258787, 10);
  });

  test("a textbook exercise: 28/254 against 36/301 gives |z| = 0.344, two-tailed p = 0.7307", () => {
    const r = zTest(arm(254, 28), arm(301, 36))!;
    expect(r.z).toBeCloseTo(0.3441, 4);
    expect(r.pValue).toBeCloseTo(0.7307, 4);
  });

  test("z² is the χ² statistic of the 2×2 table, so the p-values agree", () => {
    const r = zTest(arm(1000, 100), arm(1000, 130))!;
    expect(chiSquareSurvival(r.z * r.z, 1)).toBeCloseTo(r.pValue, 12);
  });

  test("not computable without visitors or without any difference in outcomes", () => {
    expect(zTest(arm(0, 0), arm(10, 1))).toBeNull();
    expect(zTest(arm(10, 0), arm(10, 0))).toBeNull();
    expect(zTest(arm(10, 10), arm(10, 10))).toBeNull();
  });
});

describe("visitors needed (80% power, 5% two-sided)", () => {
  test("the figures of the normal-approximation formula n = [1.96·√(2p̄q̄) + 0.84·√(p₁q₁+p₂q₂)]² / (p₂−p₁)²", () => {
    // JMP 13.2 documentation, Two Sample Proportions: 0.08 against 0.06, α = 0.05 two-sided, power 0.8 → 2554.
    expect(sampleSizePerArm(0.08, 0.06)).toBe(2554);
    // The team's design notes (growth-loop.md): 10% → 13% about 1,770; 5% → 6% about 8,160. Worked by hand:
    // 10% → 13%: p̄ = 0.115, [1.959964·√0.20355 + 0.841621·√0.2031]² / 0.03² = 1.596606 / 0.0009 = 1774.0.
    expect(sampleSizePerArm(0.1, 0.13)).toBe(1774);
    expect(sampleSizePerArm(0.05, 0.06)).toBe(8158);
    // Symmetric in the two rates; stricter settings need more.
    expect(sampleSizePerArm(0.13, 0.1)).toBe(1774);
    expect(sampleSizePerArm(0.1, 0.13, { power: 0.9 })).toBeGreaterThan(1774);
    expect(sampleSizePerArm(0.1, 0.1)).toBe(Infinity);
  });

  test("the minimum detectable effect is its inverse", () => {
    expect(minimumDetectableEffect(0.1, 1774)!).toBeCloseTo(0.03, 4);
    // A rise above the baseline: 6% → 8% needs JMP's 2,554 a version.
    expect(minimumDetectableEffect(0.06, 2554)!).toBeGreaterThan(0.0199);
    expect(minimumDetectableEffect(0.06, 2554)!).toBeLessThan(0.0201);
    // 50 visitors a version on a 5% page: only a rise of about 16 points would show.
    const small = minimumDetectableEffect(0.05, 50)!;
    expect(sampleSizePerArm(0.05, 0.05 + small)).toBeLessThanOrEqual(50);
    expect(sampleSizePerArm(0.05, 0.05 + small * 0.99)).toBeGreaterThan(50);
    expect(small).toBeGreaterThan(0.15);
    // Two visitors detect nothing, not even 5% → 100%.
    expect(minimumDetectableEffect(0.05, 2)).toBeNull();
  });
});

describe("sample-ratio mismatch (χ² goodness of fit to an even split)", () => {
  test("srm.osc.garden's example: 44,000 against 45,000 is p ≈ 0.0008, a mismatch", () => {
    const r = sampleRatioTest([44_000, 45_000])!;
    // By hand: expected 44,500 each; χ² = 2 · 500² / 44,500 = 11.2360; p = erfc(√5.6180) = 0.000802.
    expect(r.chiSquare).toBeCloseTo(11.235955, 5);
    expect(r.pValue).toBeCloseTo(0.000802, 6);
    expect(r.mismatch).toBe(true);
  });

  test("10,000 against 10,050 (the GIGA calculator guide's R example) is no mismatch", () => {
    // χ² = 2 · 25² / 10,025 = 0.124688, p = erfc(√0.062344) = 0.7240.
    const r = sampleRatioTest([10_000, 10_050])!;
    expect(r.chiSquare).toBeCloseTo(0.124688, 6);
    expect(r.pValue).toBeCloseTo(0.724, 4);
    expect(r.mismatch).toBe(false);
  });

  test("three arms: 1,000 / 1,000 / 1,100 has df 2 and p = e^{−χ²/2}", () => {
    // Expected 1,033.33; χ² = (33.33² + 33.33² + 66.67²) / 1,033.33 = 6.4516; p = e^{−3.2258} = 0.03972.
    const r = sampleRatioTest([1000, 1000, 1100])!;
    expect(r.df).toBe(2);
    expect(r.chiSquare).toBeCloseTo(6.451613, 6);
    expect(r.pValue).toBeCloseTo(0.039724, 6);
    expect(r.mismatch).toBe(false);
    expect(sampleRatioTest([0, 0])).toBeNull();
  });
});

describe("reading an experiment", () => {
  test("no winner under 100 visitors per variant, however large the difference looks", () => {
    const r = readExperiment([
      { key: "a", visitors: 99, conversions: 2 },
      { key: "b", visitors: 99, conversions: 30 },
    ]);
    expect(r.verdict).toEqual({ kind: "too-early", minimum: MIN_VISITORS_PER_ARM });
    expect(r.arms[1]!.probabilityToBeat!).toBeGreaterThan(0.999);
  });

  test("a clear winner once every arm has 100 visitors", () => {
    const r = readExperiment([
      { key: "a", visitors: 1000, conversions: 100 },
      { key: "b", visitors: 1000, conversions: 140 },
      { key: "c", visitors: 1000, conversions: 105 },
    ]);
    expect(r.verdict).toEqual({ kind: "winner", key: "b" });
    const b = r.arms[1]!;
    expect(b.rate).toBe(0.14);
    expect(b.pValue!).toBeCloseTo(zTest(arm(1000, 100), arm(1000, 140))!.pValue, 14);
    expect(b.neededPerArm).toBe(sampleSizePerArm(0.1, 0.14));
    expect(r.arms[0]!.probabilityToBeat).toBeNull();
    expect(r.littleTraffic).toBe(false);
  });

  test("the original holds when every variant is clearly worse; undecided in between", () => {
    expect(
      readExperiment([
        { key: "a", visitors: 800, conversions: 120 },
        { key: "b", visitors: 800, conversions: 70 },
      ]).verdict,
    ).toEqual({ kind: "original" });
    expect(
      readExperiment([
        { key: "a", visitors: 300, conversions: 30 },
        { key: "b", visitors: 300, conversions: 33 },
      ]).verdict,
    ).toEqual({ kind: "undecided" });
  });

  test("a sample-ratio mismatch stops any call, even with a large lift", () => {
    const r = readExperiment([
      { key: "a", visitors: 1000, conversions: 50 },
      { key: "b", visitors: 1300, conversions: 130 },
    ]);
    expect(r.srm!.mismatch).toBe(true);
    expect(r.verdict).toEqual({ kind: "mismatch" });
  });

  test("little traffic: the detectable effect from the original's rate is at least half of it, said plainly", () => {
    const r = readExperiment([
      { key: "a", visitors: 120, conversions: 6 },
      { key: "b", visitors: 118, conversions: 8 },
    ]);
    expect(r.littleTraffic).toBe(true);
    expect(r.detectableEffect!).toBeGreaterThan(0.5 * r.baseline);
    expect(r.baseline).toBe(6 / 120);
    expect(r.detectableEffect).toBeCloseTo(minimumDetectableEffect(6 / 120, 118)!, 12);
    // No lead at all: nothing but large differences.
    expect(readExperiment([{ key: "a", visitors: 500, conversions: 0 }, { key: "b", visitors: 500, conversions: 0 }]).littleTraffic).toBe(true);
  });

  test("deterministic: the same counts always read the same", () => {
    const input = [
      { key: "a", visitors: 431, conversions: 37 },
      { key: "b", visitors: 427, conversions: 49 },
      { key: "c", visitors: 440, conversions: 35 },
    ];
    expect(readExperiment(input)).toEqual(readExperiment(input));
  });
});
