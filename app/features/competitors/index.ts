/**
 * What other features use of competitors: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { possessive } from "./rules";
