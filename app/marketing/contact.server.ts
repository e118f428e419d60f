import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { RateLimiter } from "~/utils/rate-limit.server";
import type { ContactInput } from "./schemas";

/** At most 5 contact messages per client IP in 10 minutes. */
export const contactRateLimiter = new RateLimiter({ name: "contact", limit: 5, windowMs: 10 * 60 * 1000 });

export const CONTACT_RATE_LIMIT_MESSAGE =
  "You've sent several messages in a short time. Please wait 10 minutes before sending another one.";

/** Stores a validated message for the admins (one insert: a row is complete or absent). */
export async function saveContactMessage(input: ContactInput) {
  const id = crypto.randomUUID();
  await getDb()
    .insert(contactMessages)
    .values({
      id,
      name: input.name,
      email: input.email.toLowerCase(),
      topic: input.topic,
      message: input.message,
    });
  return id;
}
