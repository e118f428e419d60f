import { ALPHA, readExperiment, type ArmInput } from "~/features/analytics/stats";

/**
 * When a variant may be called what works (client-safe): the reading names
 * it the winner (every version has MIN_VISITORS_PER_ARM visitors, no uneven
 * split, at least a 95% chance of beating the original and little to lose)
 * and its difference from the original is significant by the pooled
 * two-proportion z-test, two-sided, at 5% shared among the variants
 * (Bonferroni: 5% / number of variants), so a three-way test does not get
 * two tries at luck. A larger rate alone is never enough.
 */

export const SIGNIFICANCE_TEST = "two-proportion z-test";

export type SignificantWinner = { key: string; pValue: number; alpha: number; probabilityToBeat: number };

export function significantWinner(arms: readonly ArmInput[]): SignificantWinner | null {
  if (arms.length < 2) return null;
  const reading = readExperiment(arms);
  if (reading.verdict.kind !== "winner") return null;
  const key = reading.verdict.key;
  const arm = reading.arms.find((a) => a.key === key)!;
  const alpha = ALPHA / (arms.length - 1);
  if (arm.pValue === null || arm.pValue >= alpha || arm.probabilityToBeat === null) return null;
  return { key, pValue: arm.pValue, alpha, probabilityToBeat: arm.probabilityToBeat };
}
