/**
 * What other features use of support: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { PRO_RESPONSE_TARGET } from "./priority";
