import crypto from "node:crypto";
import { getUser } from "~/features/auth/index.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { getDb } from "~/platform/db/client.server";
import { contactMessages } from "~/platform/db/schema";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import type { ContactInput } from "./schemas";

/** At most 5 contact messages per client IP in 10 minutes. */
export const contactRateLimiter = new RateLimiter({ name: "contact", limit: 5, windowMs: 10 * 60 * 1000 });

export const CONTACT_RATE_LIMIT_MESSAGE =
  "You've sent several messages in a short time. Please wait 10 minutes before sending another one.";

export type ContactSender = { userId: string | null; pro: boolean; name: string | null; email: string | null };

/**
 * Who sent a contact message: the signed-in account (from the session, never
 * from the form) with its name and address, and whether its effective plan
 * is Pro at send time (an admin is Pro only with a Pro plan). A visitor is
 * { userId: null, pro: false, name: null, email: null }.
 */
export async function contactSender(request: Request): Promise<ContactSender> {
  const user = await getUser(request);
  if (!user) return { userId: null, pro: false, name: null, email: null };
  return { userId: user.id, pro: (await entitlementsFor(user.id)).effectivePlan === "pro", name: user.name, email: user.email };
}

/**
 * Stores a validated message for the admins (one insert: a row is complete
 * or absent). A signed-in sender's message carries the account's address,
 * whatever the form said: replies go to the account (app/features/support).
 */
export async function saveContactMessage(input: ContactInput, sender: Pick<ContactSender, "userId" | "pro"> & { email?: string | null } = { userId: null, pro: false }) {
  const id = crypto.randomUUID();
  await getDb()
    .insert(contactMessages)
    .values({
      id,
      name: input.name,
      email: (sender.userId && sender.email ? sender.email : input.email).toLowerCase(),
      topic: input.topic,
      message: input.message,
      userId: sender.userId,
      pro: sender.pro,
    });
  return id;
}
