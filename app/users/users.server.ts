import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { users, type Role } from "~/db/schema";
import { getDummyHash, hashPassword, verifyPassword } from "./password.server";

/** The columns every query selects: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
} as const;

export type PublicUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
};

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

function roleFor(email: string, current: Role = "user"): Role {
  return getConfig().adminEmails.includes(email) ? "admin" : current;
}

export class EmailTakenError extends Error {}

export async function createUser(input: { name: string; email: string; password: string }) {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const db = getDb();
  try {
    const [user] = db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email,
        name: input.name.trim(),
        passwordHash,
        role: roleFor(email),
      })
      .returning(publicUserColumns)
      .all();
    return user!;
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) {
      throw new EmailTakenError();
    }
    throw error;
  }
}

export function findUserByEmail(email: string): PublicUser | undefined {
  return getDb()
    .select(publicUserColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

/** Checks e-mail and password; the same work is done for unknown e-mails. */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const row = getDb()
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
  if (!row) {
    await verifyPassword(password, await getDummyHash());
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _omit, ...user } = row;
  // ADMIN_EMAILS grants the admin role at sign-in too.
  const role = roleFor(user.email, user.role);
  if (role !== user.role) setRole(user.id, role);
  return { ...user, role };
}

export function setRole(userId: string, role: Role) {
  getDb().update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}

export async function setPassword(userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  getDb().update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}
