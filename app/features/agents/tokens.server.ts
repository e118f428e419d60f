import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { first, getDb } from "~/platform/db/client.server";
import { accessTokens, users, type AccessToken, type AccessTokenScope } from "~/platform/db/schema";
import { publicUserColumns, type PublicUser } from "~/features/users/index.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { toOneLine } from "~/platform/text/text";

/**
 * Personal access tokens: how a founder's AI agent reaches the MCP server
 * (/mcp) without a browser. A token is 32 random bytes shown once; only its
 * SHA-256 is stored (a token is a random secret, not a password: a fast hash
 * is enough, and a lookup by hash needs no per-token salt). Scopes: "read"
 * (kits, brand, files, copy, analytics), "write" (read and write: edit the
 * copy, regenerate, publish) and, separately, "leads" (the page's sign-ups,
 * personal data; off unless ticked). Tokens work only on /mcp: the browser's
 * routes read the session cookie alone (session.server.ts), so a Bearer
 * header signs no one in there.
 */

export const TOKEN_PREFIX = "lk_pat_";
/** Per account: enough for a few agents and machines, few enough to review. */
export const MAX_TOKENS = 20;

const hash = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

export const TokenFormSchema = z.object({
  name: z
    .string({ error: "Give the token a name, like “Claude Code on my laptop”." })
    .overwrite(toOneLine)
    .trim()
    .min(1, "Give the token a name, like “Claude Code on my laptop”.")
    .max(60, "Keep the name under 60 characters."),
  scope: z.enum(["read", "write"], { error: "Choose what the token may do: read, or read and write." }),
  leads: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

export type TokenView = Pick<AccessToken, "id" | "name" | "prefix" | "scope" | "leads" | "lastUsedAt" | "createdAt">;

/** The account's live tokens, newest first (revoked ones are gone from the list). */
export async function tokensOf(userId: string): Promise<TokenView[]> {
  return getDb()
    .select({ id: accessTokens.id, name: accessTokens.name, prefix: accessTokens.prefix, scope: accessTokens.scope, leads: accessTokens.leads, lastUsedAt: accessTokens.lastUsedAt, createdAt: accessTokens.createdAt })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .orderBy(desc(accessTokens.createdAt));
}

/** A new token: the secret (to show once) and its row. Null when the account already has MAX_TOKENS. */
export async function createToken(userId: string, input: { name: string; scope: AccessTokenScope; leads: boolean }): Promise<{ token: string; view: TokenView } | null> {
  if ((await tokensOf(userId)).length >= MAX_TOKENS) return null;
  const token = `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row = { id: crypto.randomUUID(), userId, name: input.name, tokenHash: hash(token), prefix: token.slice(0, TOKEN_PREFIX.length + 4), scope: input.scope, leads: input.leads };
  await getDb().insert(accessTokens).values(row);
  return { token, view: { id: row.id, name: row.name, prefix: row.prefix, scope: row.scope, leads: row.leads, lastUsedAt: null, createdAt: new Date() } };
}

/** Revokes one of the account's tokens; false when it is not theirs or already revoked. */
export async function revokeToken(userId: string, tokenId: string): Promise<boolean> {
  const done = await getDb()
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return done.length > 0;
}

export type TokenGrant = { tokenId: string; user: PublicUser; scope: AccessTokenScope; leads: boolean };

/** The live token's owner and scopes, or null for a token that is unknown, revoked or malformed. Marks it used. */
export async function authenticateToken(token: string): Promise<TokenGrant | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await first(
    getDb()
      .select({ id: accessTokens.id, scope: accessTokens.scope, leads: accessTokens.leads, lastUsedAt: accessTokens.lastUsedAt, user: publicUserColumns })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(and(eq(accessTokens.tokenHash, hash(token)), isNull(accessTokens.revokedAt))),
  );
  if (!row) return null;
  const now = new Date();
  // "Last used" to the minute: one write a minute per token, not one per request.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await getDb().update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.id));
  }
  return { tokenId: row.id, user: row.user as PublicUser, scope: row.scope, leads: row.leads };
}

/** Each token's own limit, counted across instances: an agent in a loop slows down, the founder's browser is unaffected. */
export const tokenRequests = new RateLimiter({ name: "access-token", limit: 120, windowMs: 60 * 1000 });

/**
 * Every change made with a token, as one JSON log line: which token (its id,
 * never the secret), whose account, what and on which kit.
 */
export function logTokenWrite(grant: TokenGrant, action: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), message: "access token write", tokenId: grant.tokenId, userId: grant.user.id, action, ...extra }));
}
