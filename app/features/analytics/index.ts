/**
 * What other features use of analytics: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { CONTROL_KEY } from "./experiments/schema";
export { SIGNIFICANCE_TEST, significantWinner } from "./experiments/significance";
export { MIN_VISITORS_PER_ARM, readExperiment } from "./stats";
