/**
 * What other features use of analytics: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { visitorHash } from "./collector.server";
export { attributeLead } from "./count.server";
export { builtinVariantSuggestions } from "./experiments/builtin";
export { experimentCounts, experimentsOfKit } from "./experiments/experiments.server";
export { CONTROL_KEY } from "./experiments/schema";
export { SIGNIFICANCE_TEST, significantWinner } from "./experiments/significance";
export { pageTotals } from "./report.server";
export { saltFor } from "./salts.server";
export { DIRECT_LABEL, RANGES } from "./shared";
export type { RangeDays } from "./shared";
export { addressOf } from "./visit.server";
