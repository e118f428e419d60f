import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";

/** Subscribes an address; returns false when it was already subscribed. */
export function subscribe(email: string): boolean {
  const result = getDb()
    .insert(newsletterSubscribers)
    .values({ id: crypto.randomUUID(), email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .run();
  return result.changes > 0;
}
