import crypto from "node:crypto";
import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { first, getDb, prepared, timestampParam } from "~/platform/db/client.server";
import { sessions, users } from "~/platform/db/schema";
import { publicUserColumns, type PublicUser } from "~/features/users/index.server";
import { getSessionSecret } from "~/platform/secret.server";

const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("launchkit_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getSessionSecret()],
  });
  return cookie;
}

function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

// Checking the cookie's signature (WebCrypto, a key import and an HMAC) cost
// ~4% of the CPU of a signed-in page; the same signed value always gives the
// same answer, so valid ones are remembered (bounded; the secret is fixed for
// the life of the process).
const verified = new Map<string, string>();
const VERIFIED_MAX = 10_000;
const RAW_COOKIE = /(?:^|;\s*)launchkit_session=([^;]*)/;

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  const raw = header?.match(RAW_COOKIE)?.[1];
  if (!raw) return null;
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const value = await sessionCookie().parse(header);
  if (typeof value !== "string") return null;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(raw, value);
  return value;
}

function lookupSession(id: string) {
  // This runs on every signed-in request: one indexed join, prepared once.
  const lookup = prepared("session_lookup", () =>
    getDb()
      .select(publicUserColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now")))),
  );
  return first(lookup.execute({ id, now: timestampParam(new Date()) }));
}

const cache = new WeakMap<Request, Promise<{ user: PublicUser; sessionId: string } | null>>();

/** The signed-in user of this request, or null. Looked up once per request. */
export function getSession(request: Request) {
  let found = cache.get(request);
  if (!found) {
    found = (async () => {
      const id = await readSessionId(request);
      if (!id) return null;
      const row = await lookupSession(id);
      return row ? { user: row, sessionId: id } : null;
    })();
    cache.set(request, found);
  }
  return found;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await getSession(request))?.user ?? null;
}

/**
 * Creates a server-side session and returns the Set-Cookie header. With
 * "remember me" the cookie lasts 30 days; without it, it is a browser-session
 * cookie (no Expires), and the row expires after a day regardless.
 */
export async function createSession(
  request: Request,
  userId: string,
  persistent: boolean,
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  const db = getDb();
  await db.delete(sessions).where(lte(sessions.expiresAt, new Date()));
  await db.insert(sessions).values({ id, userId, expiresAt, persistent });
  return sessionCookie().serialize(id, {
    secure: isHttps(request),
    ...(persistent ? { expires: expiresAt } : {}),
  });
}

/** Deletes the session row and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await getDb().delete(sessions).where(eq(sessions.id, id));
  return sessionCookie().serialize("", { secure: isHttps(request), expires: new Date(0) });
}

/** Ends every session of a user except, optionally, one to keep. */
export async function destroyUserSessions(userId: string, exceptId?: string) {
  await getDb()
    .delete(sessions)
    .where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId));
}
