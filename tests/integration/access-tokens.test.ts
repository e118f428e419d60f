import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authenticateToken, createToken, revokeToken, tokenRequests, tokensOf } from "~/features/agents/tokens.server";
import { getDb } from "~/platform/db/client.server";
import { accessTokens } from "~/platform/db/schema";
import { createRequestContext } from "~/platform/http/request-context";
import { founder, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * Personal access tokens in /account: named, shown once, stored hashed,
 * scoped (leads off unless ticked), revocable, last use kept, their own rate
 * limit; and no way into the browser's routes.
 */

async function account(cookie: string, fields?: Record<string, string>) {
  const route = await import("~/routes/account");
  const headers: Record<string, string> = { Cookie: cookie };
  if (!fields) return call(() => route.loader(routeArgs(new Request(`${ORIGIN}/account`, { headers }), {}, createRequestContext("10.0.0.3"))));
  const init = { method: "POST", body: new URLSearchParams(fields), headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" } };
  return call(() => route.action(routeArgs(new Request(`${ORIGIN}/account`, init), {}, createRequestContext("10.0.0.3"))));
}

describe("personal access tokens", () => {
  it("are shown once, stored as a hash, scoped as asked with leads off by default, listed with their last use, and revocable", async () => {
    const { user, cookie } = await founder("tokens");
    const created = await account(cookie, { intent: "create-token", name: "  Cursor\non my desk ", scope: "read" });
    expect(created.status).toBe(200);
    const token = (created.data as { created: { token: string; name: string } }).created.token;
    expect(token).toMatch(/^lk_pat_[A-Za-z0-9_-]{43}$/);
    expect((created.data as { created: { name: string } }).created.name).toBe("Cursor on my desk");

    const [row] = await getDb().select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(row).toMatchObject({ name: "Cursor on my desk", scope: "read", leads: false, lastUsedAt: null, revokedAt: null });
    // Only a hash: nothing stored holds the secret part of the token.
    expect(JSON.stringify(row)).not.toContain(token.slice(7, 20));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The page lists it without the secret.
    const page = await account(cookie);
    expect(JSON.stringify(page.data)).not.toContain(token);
    expect((page.data as { tokens: unknown[] }).tokens).toHaveLength(1);

    const grant = await authenticateToken(token);
    expect(grant).toMatchObject({ user: { id: user.id }, scope: "read", leads: false });
    expect((await tokensOf(user.id))[0]!.lastUsedAt).toBeInstanceOf(Date);

    const leads = await account(cookie, { intent: "create-token", name: "With leads", scope: "write", leads: "on" });
    expect(await authenticateToken((leads.data as { created: { token: string } }).created.token)).toMatchObject({ scope: "write", leads: true });

    expect((await account(cookie, { intent: "revoke-token", token: row!.id })).data).toEqual({ revoked: "Cursor on my desk" });
    expect(await authenticateToken(token)).toBeNull();
    expect((await tokensOf(user.id)).map((t) => t.name)).toEqual(["With leads"]);
  });

  it("refuses bad input with a message and a 4xx, writing nothing; another user's token cannot be revoked", async () => {
    const { user, cookie } = await founder("tokens-bad");
    for (const [fields, field] of [
      [{ intent: "create-token", name: "", scope: "read" }, "name"],
      [{ intent: "create-token", name: "x".repeat(61), scope: "read" }, "name"],
      [{ intent: "create-token", name: "Agent", scope: "admin" }, "scope"],
      [{ intent: "create-token", name: "Agent" }, "scope"],
    ] as const) {
      const res = await account(cookie, fields);
      expect(res.status).toBe(400);
      expect((res.data as { tokenError: { field: string; message: string } }).tokenError.field).toBe(field);
    }
    expect(await tokensOf(user.id)).toHaveLength(0);
    const other = await founder("tokens-other");
    const theirs = (await createToken(other.user.id, { name: "Theirs", scope: "write", leads: true }))!;
    const res = await account(cookie, { intent: "revoke-token", token: theirs.view.id });
    expect(res.status).toBe(404);
    expect(await authenticateToken(theirs.token)).not.toBeNull();
    expect(await revokeToken(user.id, theirs.view.id)).toBe(false);
  });

  it("sign no one in on the browser's routes: a Bearer header is not a session", async () => {
    const { user } = await founder("tokens-browser");
    const { token } = (await createToken(user.id, { name: "Agent", scope: "write", leads: true }))!;
    const dashboard = await import("~/routes/dashboard/index");
    const res = await call(() => dashboard.loader(routeArgs(new Request(`${ORIGIN}/dashboard`, { headers: { Authorization: `Bearer ${token}` } }), {}, createRequestContext("10.0.0.4"))));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/signin/);
    const acc = await import("~/routes/account");
    const post = await call(() =>
      acc.action(routeArgs(new Request(`${ORIGIN}/account`, { method: "POST", body: new URLSearchParams({ intent: "create-token", name: "x", scope: "write" }), headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded" } }), {}, createRequestContext("10.0.0.4"))),
    );
    expect(post.status).toBe(302);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });

  it("unknown, malformed and revoked tokens are refused; each token has its own rate limit", async () => {
    expect(await authenticateToken("lk_pat_nope")).toBeNull();
    expect(await authenticateToken("Bearer something")).toBeNull();
    const { user } = await founder("tokens-limit");
    const a = (await createToken(user.id, { name: "A", scope: "read", leads: false }))!;
    const b = (await createToken(user.id, { name: "B", scope: "read", leads: false }))!;
    for (let i = 0; i < 120; i++) expect(await tokenRequests.hit(a.view.id)).toBe(true);
    expect(await tokenRequests.hit(a.view.id)).toBe(false);
    expect(await tokenRequests.hit(b.view.id)).toBe(true);
  });
});
