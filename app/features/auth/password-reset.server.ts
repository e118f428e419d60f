import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { changes, first, getDb, transaction } from "~/platform/db/client.server";
import { passwordResetTokens } from "~/platform/db/schema";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A random single-use token; only its hash is stored. Expires after one hour. */
export async function createResetToken(userId: string, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(passwordResetTokens)
    .values({
      id: crypto.randomUUID(),
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  return token;
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: "invalid" | "used" | "expired" };

export async function checkResetToken(token: string | null | undefined, now = new Date()): Promise<TokenCheck> {
  if (!token || token.length > 200) return { ok: false, reason: "invalid" };
  const row = await first(
    getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token))),
  );
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.userId };
}

/**
 * Marks the token used, and with it every other unused link of the same
 * account: after a reset, an older e-mail (say, one still sitting in a
 * mailbox someone else can read) must not be able to reset the password
 * again. Returns the check result; only one caller can win.
 */
export async function consumeResetToken(token: string, now = new Date()): Promise<TokenCheck> {
  const check = await checkResetToken(token, now);
  if (!check.ok) return check;
  return transaction(async (tx): Promise<TokenCheck> => {
    const result = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)));
    if (changes(result) !== 1) return { ok: false, reason: "used" } as const;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, check.userId), isNull(passwordResetTokens.usedAt)));
    return check;
  });
}

export const RESET_LINK_MESSAGES: Record<"invalid" | "used" | "expired", string> = {
  invalid: "This password reset link is invalid.",
  used: "This password reset link has already been used.",
  expired: "This password reset link has expired.",
};
