import crypto from "node:crypto";
import { changes, getDb } from "~/platform/db/client.server";
import { newsletterSubscribers } from "~/platform/db/schema";
import { RateLimiter } from "~/platform/http/rate-limit.server";

/** At most 10 sign-ups per client IP in 10 minutes, on every instance. */
export const newsletterRateLimiter = new RateLimiter({ name: "newsletter", limit: 10, windowMs: 10 * 60 * 1000 });

export const NEWSLETTER_RATE_LIMIT_MESSAGE =
  "You've signed up several addresses in a short time. Please wait 10 minutes before trying again.";

/** Subscribes an address; returns false when it was already subscribed. */
export async function subscribe(email: string): Promise<boolean> {
  const result = await getDb()
    .insert(newsletterSubscribers)
    .values({ id: crypto.randomUUID(), email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
  return changes(result) > 0;
}
