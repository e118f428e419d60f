/**
 * What other features use of support: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { waitInfo } from "./priority";
export { threadsOf } from "./replies.server";
