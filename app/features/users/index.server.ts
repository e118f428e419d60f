/**
 * What other features use of users: they import it from here, never
 * from the files behind it (npm run lint:deps).
 */
export { findUserByEmail, publicUserColumns, roleFor, verifyLogin } from "./users.server";
export type { PublicUser } from "./users.server";
