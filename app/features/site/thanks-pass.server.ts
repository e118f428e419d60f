import crypto from "node:crypto";
import { getSessionSecret } from "~/platform/secret.server";

/**
 * The pass a visitor gets with a sign-up: `?pass=` on the thank-you page's
 * address. For the downloads goal the thank-you page shows the founder's
 * link only with a valid pass, so the link goes to people who left their
 * e-mail, not to whoever opens /p/<slug>/thanks. Signed with the server's
 * secret, for one kit, valid for a day (long enough to come back to the tab).
 */
const VALID_MS = 24 * 60 * 60 * 1000;

function sign(kitId: string, expires: number): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`thanks:${kitId}:${expires}`).digest("base64url").slice(0, 32);
}

export function thanksPass(kitId: string, now = Date.now()): string {
  const expires = now + VALID_MS;
  return `${expires.toString(36)}.${sign(kitId, expires)}`;
}

export function isValidThanksPass(kitId: string, pass: string | null, now = Date.now()): boolean {
  const match = pass?.match(/^([0-9a-z]{1,12})\.([\w-]{32})$/);
  if (!match) return false;
  const expires = parseInt(match[1]!, 36);
  if (!(expires > now) || expires > now + VALID_MS) return false;
  const expected = Buffer.from(sign(kitId, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
