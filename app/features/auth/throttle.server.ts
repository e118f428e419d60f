import crypto from "node:crypto";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { getSessionSecret } from "~/platform/secret.server";

const WINDOW_MS = 15 * 60 * 1000;
const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Sign-in throttling that nobody can turn against the account's owner.
 *
 * - 5 failures for one e-mail from one client address, or 20 from one
 *   address, within 15 minutes: that address gets 429 (TOO_MANY_ATTEMPTS).
 *   Failures from other addresses never count against the owner's.
 * - Guessing one account from many addresses (a botnet, an IPv6 range): after
 *   10 failures within 15 minutes from addresses that have not signed in to
 *   it, such addresses get 429 for it. An address the account signed in from
 *   in the last 90 days is "known" and not held back by them, so an attacker
 *   cannot lock the owner out of a device they use; from a new device the
 *   owner can still reset the password (which signs them in).
 *
 * Everything is kept in rate_limit_hits (shared by every instance); a known
 * address is one hit, its key an HMAC of the e-mail and the address, so that
 * table does not list who signed in from where for 90 days.
 */
export function createSigninThrottle(now: () => number = Date.now) {
  const byPair = new RateLimiter({ name: "signin-pair", limit: 5, windowMs: WINDOW_MS, now });
  const byIp = new RateLimiter({ name: "signin-ip", limit: 20, windowMs: WINDOW_MS, now });
  const byAccount = new RateLimiter({ name: "signin-account", limit: 10, windowMs: WINDOW_MS, now });
  // A limit of one: a key with a hit in its window is a known address.
  const known = new RateLimiter({ name: "signin-known", limit: 1, windowMs: KNOWN_FOR_MS, now });

  const pairKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;
  const knownKey = (email: string, ip: string) => crypto.createHmac("sha256", getSessionSecret()).update(pairKey(email, ip)).digest("base64url");
  const isKnown = (email: string, ip: string) => known.isLimited(knownKey(email, ip));

  return {
    async isBlocked(email: string, ip: string) {
      if ((await byPair.isLimited(pairKey(email, ip))) || (await byIp.isLimited(ip))) return true;
      return (await byAccount.isLimited(email.toLowerCase())) && !(await isKnown(email, ip));
    },
    async recordFailure(email: string, ip: string) {
      await byPair.hit(pairKey(email, ip));
      await byIp.hit(ip);
      // The owner's own typos on a known device do not fill the account's limit for new devices.
      if (!(await isKnown(email, ip))) await byAccount.hit(email.toLowerCase());
    },
    async recordSuccess(email: string, ip: string) {
      await byPair.reset(pairKey(email, ip));
      // Renewed on every sign-in: known for 90 days after the last one.
      const key = knownKey(email, ip);
      await known.reset(key);
      await known.hit(key);
    },
  };
}

export const signinThrottle = createSigninThrottle();

export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a moment and try again.";
