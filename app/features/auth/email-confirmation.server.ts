import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import { sendMail } from "~/platform/mail/mailer.server";
import { publicUserColumns, roleFor, type PublicUser } from "~/features/users/index.server";
import { escapeHtml } from "~/platform/text/html";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { linkOrigin, noOriginLog } from "~/platform/http/site-origin.server";
import { getSessionSecret } from "~/platform/secret.server";

/**
 * E-mail confirmation: a signed link (HMAC with the session secret over the
 * user id, the address and an expiry) proves that whoever opens it reads the
 * address's mail. Nothing is stored until it is used, and changing the
 * address voids earlier links. Opening the link shows a button; only the
 * POST confirms, so a mail scanner that follows links confirms nothing.
 *
 * A confirmed address is what the admin role (ADMIN_EMAILS), publishing a
 * page, custom domains and payments require (see `requireConfirmed`).
 */

const VALID_MS = 7 * 24 * 60 * 60 * 1000;

export { CONFIRM_FIRST_MESSAGE, CONFIRMATION_INVALID_MESSAGE, EMAIL_NOT_CONFIRMED_MESSAGE } from "./confirmation-messages";
import { CONFIRM_FIRST_MESSAGE } from "./confirmation-messages";

function signature(userId: string, email: string, expires: number) {
  return crypto.createHmac("sha256", getSessionSecret()).update(`confirm-email\n${userId}\n${email}\n${expires}`).digest("base64url");
}

export function confirmationToken(user: { id: string; email: string }, now = Date.now()): string {
  const expires = now + VALID_MS;
  return `${Buffer.from(`${user.id}.${expires}`).toString("base64url")}.${signature(user.id, user.email, expires)}`;
}

export const confirmationPath = (token: string) => `/confirm-email?token=${encodeURIComponent(token)}`;

/** The user a valid, unexpired token was made for (whose address has not changed since), or null. */
export async function userOfConfirmationToken(token: string, now = Date.now()): Promise<PublicUser | null> {
  const [payload, sig] = token.split(".");
  if (!payload || !sig) return null;
  const [userId, rawExpires] = Buffer.from(payload, "base64url").toString("utf8").split(".");
  const expires = Number(rawExpires);
  if (!userId || !Number.isSafeInteger(expires) || expires < now) return null;
  const user = await first(getDb().select(publicUserColumns).from(users).where(eq(users.id, userId)));
  if (!user) return null;
  const expected = Buffer.from(signature(user.id, user.email, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? user : null;
}

/** Marks the address confirmed (once) and grants what waited for it: the admin role of a listed address. */
export async function confirmEmail(user: PublicUser): Promise<PublicUser> {
  const now = new Date();
  const role = roleFor(user.email, true, user.role);
  await getDb()
    .update(users)
    .set({ emailConfirmedAt: now, role, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt)));
  return { ...user, role, emailConfirmedAt: user.emailConfirmedAt ?? now };
}

const resends = new RateLimiter({ name: "confirm-resend", limit: 3, windowMs: 60 * 60 * 1000 });

/**
 * Sends the confirmation link. Links come from the trusted origin only; with
 * none, nothing is sent and the log gives the operator the link's path.
 * Returns false when the hourly resend limit is reached.
 */
export async function sendConfirmationEmail(request: Request, user: PublicUser): Promise<boolean> {
  if (!(await resends.hit(user.id))) return false;
  const path = confirmationPath(confirmationToken(user));
  const origin = await linkOrigin(request);
  if (!origin) {
    noOriginLog("the e-mail confirmation", user.email, path);
    return true;
  }
  const link = `${origin}${path}`;
  const result = await sendMail({
    to: user.email,
    subject: "Confirm your e-mail address for LaunchKit",
    text: `Hi ${user.name},\n\nPlease confirm that this is your e-mail address:\n\n${link}\n\nThe link works for 7 days. If you didn't create a LaunchKit account, ignore this e-mail.\n\n— LaunchKit`,
    html: `<p>Hi ${escapeHtml(user.name)},</p><p>Please confirm that this is your e-mail address.</p><p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p><p>The link works for 7 days. If you didn't create a LaunchKit account, ignore this e-mail.</p><p>— LaunchKit</p>`,
  });
  if (result.outboxFile) console.log(`E-mail confirmation link for ${user.email}: ${link} (saved to ${result.outboxFile})`);
  return true;
}

/** For actions that need a confirmed address: the message to show, or null when confirmed. */
export function unconfirmedMessage(user: Pick<PublicUser, "emailConfirmedAt">): string | null {
  return user.emailConfirmedAt ? null : CONFIRM_FIRST_MESSAGE;
}
