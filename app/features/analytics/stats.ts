/**
 * The statistics of an A/B experiment on a landing page: pure,
 * deterministic (closed forms and series, no Monte Carlo draws) and
 * client-safe. Each arm is its visitors and the leads they left.
 *
 * - Bayesian: each arm's conversion rate has the posterior Beta(1 + k, 1 + n − k)
 *   (a uniform prior). The probability that a variant beats the original is
 *   Evan Miller's closed form for P(p_B > p_A); its expected loss,
 *   E[max(p_A − p_B, 0)], is written with the same function (see expectedLoss).
 * - Frequentist: the pooled two-proportion z-test (two-sided), the visitors per
 *   arm a difference needs for 80% power at 5% significance (the normal
 *   approximation with the pooled rate under the null), the smallest
 *   difference the current traffic could detect, and the sample-ratio-mismatch
 *   χ² goodness-of-fit test against an even split.
 *
 * docs/decisions/027-experiments.md says why these and the thresholds below.
 */

export type Arm = { visitors: number; conversions: number };

/** No winner is called before every arm has this many visitors. */
export const MIN_VISITORS_PER_ARM = 100;
/** A variant wins when its chance of beating the original reaches this… */
export const WIN_PROBABILITY = 0.95;
/** …and choosing it risks losing less than this much conversion rate (absolute: 0.005 is half a point). */
export const MAX_EXPECTED_LOSS = 0.005;
/** A sample-ratio mismatch is flagged below this p-value (GrowthBook's and Kohavi's threshold). */
export const SRM_P_VALUE = 0.001;
/** Significance and power of the sample-size and detectable-effect figures. */
export const ALPHA = 0.05;
export const POWER = 0.8;
/** Traffic is "little" when the smallest detectable change is at least this relative lift (or the page has no lead yet). */
export const LARGE_RELATIVE_EFFECT = 0.5;

// ---- special functions ------------------------------------------------------------

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = LANCZOS[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln B(a, b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

const EPS = 1e-16;
const TINY = 1e-300;

/**
 * The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a):
 * the series of P below a + 1, Lentz's continued fraction above (the
 * classic split of Numerical Recipes' gammq).
 */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * front);
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPS) break;
  }
  return front * h;
}

/** P(Z > z) for a standard normal Z, accurate in the far tail too (erfc(x) = Q(½, x²)). */
export function normalSurvival(z: number): number {
  if (z < 0) return 1 - normalSurvival(-z);
  return 0.5 * gammaQ(0.5, (z * z) / 2);
}

/** Φ(z). */
export function normalCdf(z: number): number {
  return normalSurvival(-z);
}

/** Φ⁻¹(p): Acklam's rational approximation, polished by one Halley step. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError("normalQuantile needs 0 < p < 1");
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** P(X > x) for X ~ χ²(df). */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

// ---- the arms ------------------------------------------------------------------------

/**
 * The counts as the statistics read them: whole, non-negative, and never more
 * conversions than visitors (a lead can come without a counted view: a visitor
 * filtered as a bot, a form posted from a copy the cache served before the
 * count): the extra leads are capped.
 */
export function cleanArm(arm: Arm): Arm {
  const visitors = Math.max(0, Math.floor(Number.isFinite(arm.visitors) ? arm.visitors : 0));
  const conversions = Math.min(visitors, Math.max(0, Math.floor(Number.isFinite(arm.conversions) ? arm.conversions : 0)));
  return { visitors, conversions };
}

export function conversionRate(arm: Arm): number {
  const { visitors, conversions } = cleanArm(arm);
  return visitors === 0 ? 0 : conversions / visitors;
}

/** The posterior Beta(α, β) of an arm's rate under the uniform prior Beta(1, 1). */
export function posterior(arm: Arm): { alpha: number; beta: number } {
  const { visitors, conversions } = cleanArm(arm);
  return { alpha: 1 + conversions, beta: 1 + visitors - conversions };
}

/** Above this many terms the closed form gives way to the normal approximation of the two posteriors (far beyond a landing page's traffic). */
const MAX_TERMS = 200_000;

/**
 * P(X_B > X_A) for X_A ~ Beta(αA, βA), X_B ~ Beta(αB, βB) with integer αB
 * (Evan Miller, "Formulas for Bayesian A/B Testing"):
 *
 *   Σ_{i=0}^{αB−1} B(αA + i, βA + βB) / ((βB + i) · B(1 + i, βB) · B(αA, βA))
 *
 * Summed over the smaller α (P(B > A) = 1 − P(A > B), the posteriors being
 * continuous), every term in logarithms.
 */
export function probabilityBBeatsA(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  if (alphaB > alphaA) return 1 - probabilityBBeatsA(alphaB, betaB, alphaA, betaA);
  if (!Number.isInteger(alphaB)) throw new RangeError("the closed form needs a whole αB");
  if (alphaB > MAX_TERMS) return normalApproximation(alphaA, betaA, alphaB, betaB);
  const base = logBeta(alphaA, betaA);
  let total = 0;
  for (let i = 0; i < alphaB; i++) {
    total += Math.exp(logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - base);
  }
  return Math.min(1, Math.max(0, total));
}

function normalApproximation(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  const mean = (a: number, b: number) => a / (a + b);
  const variance = (a: number, b: number) => (a * b) / ((a + b) ** 2 * (a + b + 1));
  const sd = Math.sqrt(variance(alphaA, betaA) + variance(alphaB, betaB));
  return normalCdf((mean(alphaB, betaB) - mean(alphaA, betaA)) / sd);
}

/** The probability that the variant's true rate is above the original's. */
export function probabilityToBeat(control: Arm, variant: Arm): number {
  const a = posterior(control);
  const b = posterior(variant);
  return probabilityBBeatsA(a.alpha, a.beta, b.alpha, b.beta);
}

/**
 * The expected loss of choosing the variant: E[max(p_A − p_B, 0)], the
 * conversion rate given up on average if it is in fact worse (GrowthBook's
 * "risk", Chris Stucchio's decision rule). Exactly, with p·Beta(α, β) =
 * α/(α+β) · Beta(α+1, β):
 *
 *   E[p_A · 1{p_A > p_B}] − E[p_B · 1{p_A > p_B}]
 *   = αA/(αA+βA) · P(Beta(αA+1, βA) > p_B) − αB/(αB+βB) · P(p_A > Beta(αB+1, βB))
 */
export function expectedLoss(control: Arm, variant: Arm): number {
  const { alpha: aA, beta: bA } = posterior(control);
  const { alpha: aB, beta: bB } = posterior(variant);
  const loss = (aA / (aA + bA)) * probabilityBBeatsA(aB, bB, aA + 1, bA) - (aB / (aB + bB)) * probabilityBBeatsA(aB + 1, bB, aA, bA);
  return Math.max(0, loss);
}

// ---- frequentist ---------------------------------------------------------------------------

/**
 * The pooled two-proportion z-test, two-sided: z = (p_B − p_A) / √(p̂(1−p̂)(1/n_A + 1/n_B)).
 * Null (not computable) while an arm has no visitor or every visitor, or none, converted.
 */
export function zTest(control: Arm, variant: Arm): { z: number; pValue: number } | null {
  const a = cleanArm(control);
  const b = cleanArm(variant);
  if (a.visitors === 0 || b.visitors === 0) return null;
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (se === 0) return null;
  const z = (b.conversions / b.visitors - a.conversions / a.visitors) / se;
  return { z, pValue: Math.min(1, 2 * normalSurvival(Math.abs(z))) };
}

/**
 * Visitors per arm for a two-sided test at `alpha` to detect p1 → p2 with
 * `power`:
 *
 *   n = [z_{1−α/2} · √(2 p̄ (1 − p̄)) + z_{power} · √(p1 q1 + p2 q2)]² / (p2 − p1)²,  p̄ = (p1 + p2) / 2
 *
 * (Fleiss' formula without continuity correction). Rounded up; Infinity when
 * the rates are equal.
 */
export function sampleSizePerArm(p1: number, p2: number, options: { alpha?: number; power?: number } = {}): number {
  const delta = Math.abs(p2 - p1);
  if (delta === 0) return Infinity;
  const zAlpha = normalQuantile(1 - (options.alpha ?? ALPHA) / 2);
  const zBeta = normalQuantile(options.power ?? POWER);
  const mean = (p1 + p2) / 2;
  const root = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / (delta * delta) - 1e-9);
}

/**
 * The smallest rise above `baseline` that `visitorsPerArm` visitors in each
 * arm detect with the given power (the inverse of sampleSizePerArm, by
 * bisection). Null when not even a rise to 100% would be detected.
 */
export function minimumDetectableEffect(baseline: number, visitorsPerArm: number, options: { alpha?: number; power?: number } = {}): number | null {
  const p = Math.min(Math.max(baseline, 0), 1);
  const room = 1 - p;
  if (visitorsPerArm <= 0 || room <= 0) return null;
  const need = (delta: number) => sampleSizePerArm(p, p + delta, options);
  if (need(room) > visitorsPerArm) return null;
  let lo = 0;
  let hi = room;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (need(mid) > visitorsPerArm) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Sample-ratio mismatch: the χ² goodness-of-fit of the visitors per arm to
 * an even split (df = arms − 1). A p-value under SRM_P_VALUE means the
 * assignment or the counting is broken, and the results are not to be read.
 */
export function sampleRatioTest(visitors: readonly number[]): { chiSquare: number; df: number; pValue: number; mismatch: boolean } | null {
  const counts = visitors.map((v) => Math.max(0, Math.floor(v)));
  const total = counts.reduce((s, v) => s + v, 0);
  if (counts.length < 2 || total === 0) return null;
  const expected = total / counts.length;
  const chiSquare = counts.reduce((s, v) => s + (v - expected) ** 2 / expected, 0);
  const df = counts.length - 1;
  const pValue = chiSquareSurvival(chiSquare, df);
  return { chiSquare, df, pValue, mismatch: pValue < SRM_P_VALUE };
}

// ---- one experiment's reading ---------------------------------------------------------------

export type ArmInput = Arm & { key: string };

export type ArmResult = {
  key: string;
  visitors: number;
  conversions: number;
  rate: number;
  /** Against the original (null for the original itself, and while it or the original has no visitor: a prior is not a result). */
  probabilityToBeat: number | null;
  expectedLoss: number | null;
  pValue: number | null;
  /** Visitors per arm the observed difference needs (80% power, 5% two-sided); null for the original or no difference. */
  neededPerArm: number | null;
};

export type Verdict =
  | { kind: "too-early"; minimum: number }
  | { kind: "mismatch" }
  | { kind: "winner"; key: string }
  | { kind: "original" }
  | { kind: "undecided" };

export type ExperimentReading = {
  arms: ArmResult[];
  srm: ReturnType<typeof sampleRatioTest>;
  verdict: Verdict;
  /** The original's rate, the baseline of the detectable effect. */
  baseline: number;
  /** The smallest absolute rise the traffic so far detects (80% power, 5% two-sided), at the smallest arm's visitors. */
  detectableEffect: number | null;
  /** Only large differences can be detected yet (see LARGE_RELATIVE_EFFECT). */
  littleTraffic: boolean;
};

/**
 * Everything the experiments panel shows, from the visitors and leads of
 * each arm (the first one is the original). A winner is called only with
 * MIN_VISITORS_PER_ARM in every arm and no sample-ratio mismatch: the variant
 * with the highest chance of beating the original when that chance is at
 * least WIN_PROBABILITY and its expected loss under MAX_EXPECTED_LOSS; the
 * original when no variant has more than 1 − WIN_PROBABILITY of beating it.
 */
export function readExperiment(input: readonly ArmInput[]): ExperimentReading {
  if (input.length < 2) throw new RangeError("an experiment has the original and at least one variant");
  const clean = input.map((a) => ({ key: a.key, ...cleanArm(a) }));
  const control = clean[0]!;
  const arms: ArmResult[] = clean.map((arm, i) => {
    const rate = conversionRate(arm);
    if (i === 0) return { ...arm, rate, probabilityToBeat: null, expectedLoss: null, pValue: null, neededPerArm: null };
    const needed = sampleSizePerArm(conversionRate(control), rate);
    // Without a visitor on both sides the posteriors are the prior alone: 50% and 16.67 points would be read as results.
    const measured = control.visitors > 0 && arm.visitors > 0;
    return {
      ...arm,
      rate,
      probabilityToBeat: measured ? probabilityToBeat(control, arm) : null,
      expectedLoss: measured ? expectedLoss(control, arm) : null,
      pValue: zTest(control, arm)?.pValue ?? null,
      neededPerArm: Number.isFinite(needed) ? needed : null,
    };
  });
  const srm = sampleRatioTest(clean.map((a) => a.visitors));
  const smallest = Math.min(...clean.map((a) => a.visitors));
  const totals = clean.reduce((s, a) => ({ n: s.n + a.visitors, k: s.k + a.conversions }), { n: 0, k: 0 });
  // A variant is judged against the original: its rate is where a rise starts (all versions' average would hide a low original).
  const baseline = conversionRate(control);
  const detectableEffect = minimumDetectableEffect(baseline, smallest);
  const littleTraffic = totals.k === 0 || detectableEffect === null || detectableEffect >= LARGE_RELATIVE_EFFECT * baseline;

  let verdict: Verdict;
  if (smallest < MIN_VISITORS_PER_ARM) verdict = { kind: "too-early", minimum: MIN_VISITORS_PER_ARM };
  else if (srm?.mismatch) verdict = { kind: "mismatch" };
  else {
    const variants = arms.slice(1);
    const best = [...variants].sort((x, y) => y.probabilityToBeat! - x.probabilityToBeat!)[0]!;
    if (best.probabilityToBeat! >= WIN_PROBABILITY && best.expectedLoss! < MAX_EXPECTED_LOSS) verdict = { kind: "winner", key: best.key };
    else if (variants.every((v) => v.probabilityToBeat! <= 1 - WIN_PROBABILITY)) verdict = { kind: "original" };
    else verdict = { kind: "undecided" };
  }
  return { arms, srm, verdict, baseline, detectableEffect, littleTraffic };
}
