/**
 * What other features use of site: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { markdownToText } from "./sequences/markdown";
export { sendingBlocked } from "./sequences/sender.server";
export { createBroadcast, sequenceOf } from "./sequences/sequences.server";
export { kitFactLines } from "./sequences/welcome";
