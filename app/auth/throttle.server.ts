import { RateLimiter } from "~/utils/rate-limit.server";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in throttling: after 5 failed attempts for one e-mail, or 20 from one
 * IP, within 15 minutes, sign-in answers 429 until the window passes.
 */
export function createSigninThrottle(now: () => number = Date.now) {
  const byEmail = new RateLimiter({ name: "signin-email", limit: 5, windowMs: WINDOW_MS, now });
  const byIp = new RateLimiter({ name: "signin-ip", limit: 20, windowMs: WINDOW_MS, now });
  return {
    async isBlocked(email: string, ip: string) {
      return (await byEmail.isLimited(email.toLowerCase())) || (await byIp.isLimited(ip));
    },
    async recordFailure(email: string, ip: string) {
      await byEmail.hit(email.toLowerCase());
      await byIp.hit(ip);
    },
    async recordSuccess(email: string) {
      await byEmail.reset(email.toLowerCase());
    },
  };
}

export const signinThrottle = createSigninThrottle();

export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a moment and try again.";
