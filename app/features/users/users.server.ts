import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { first, getDb, isUniqueViolation } from "~/platform/db/client.server";
import { users, type Role } from "~/platform/db/schema";
import { getDummyHash, hashPassword, verifyPassword } from "./password.server";

/** The columns every query selects: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
} as const;

export type PublicUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Null until the owner of the address opened the confirmation link (app/features/auth/email-confirmation.server.ts). */
  emailConfirmedAt: Date | null;
  createdAt: Date;
};

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * ADMIN_EMAILS grants the admin role only to a confirmed address: whoever
 * signs up first with a listed address proves nothing until they open the
 * link sent to it.
 */
export function roleFor(email: string, confirmed: boolean, current: Role = "user"): Role {
  return confirmed && getConfig().adminEmails.includes(email) ? "admin" : current;
}

export class EmailTakenError extends Error {}

export async function createUser(input: { name: string; email: string; password: string }) {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const db = getDb();
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email,
        name: input.name.trim(),
        passwordHash,
        role: "user",
      })
      .returning(publicUserColumns);
    return user!;
  } catch (error) {
    // The id is a fresh UUID, so a unique violation here is the e-mail.
    if (isUniqueViolation(error)) {
      throw new EmailTakenError();
    }
    throw error;
  }
}

export async function findUserByEmail(email: string): Promise<PublicUser | undefined> {
  return first(getDb().select(publicUserColumns).from(users).where(eq(users.email, normalizeEmail(email))));
}

/** Checks e-mail and password; the same work is done for unknown e-mails. */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const row = await first(
    getDb()
      .select({ ...publicUserColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, normalizeEmail(email))),
  );
  if (!row) {
    await verifyPassword(password, await getDummyHash());
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _omit, ...user } = row;
  // ADMIN_EMAILS grants the admin role at sign-in too (once the address is confirmed).
  const role = roleFor(user.email, !!user.emailConfirmedAt, user.role);
  if (role !== user.role) await setRole(user.id, role);
  return { ...user, role };
}

export async function setRole(userId: string, role: Role) {
  await getDb().update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPassword(userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await getDb().update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
