/**
 * What other features use of auth: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { unconfirmedMessage } from "./email-confirmation.server";
export { requireUser } from "./guards.server";
export { getUser } from "./session.server";
