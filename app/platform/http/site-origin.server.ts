import { eq } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { first, getDb } from "~/platform/db/client.server";
import { appSettings } from "~/platform/db/schema";
import { logError } from "~/platform/log.server";

/**
 * The site's address, in two strengths.
 *
 * - `siteOrigin(request)`: for links the requester follows themselves (their
 *   Checkout return, their own downloads, a page's canonical link as served to
 *   the visitor who asked with that Host). APP_URL when configured, else the
 *   request's own origin: a forged Host only misleads the one who forged it.
 * - `trustedOrigin()` / `linkOrigin(request)`: for anything that reaches
 *   someone else (every e-mailed link). Never taken from a client's Host:
 *   APP_URL, else the address an admin confirmed on /admin (stored in
 *   app_settings), else, for a request made to a loopback address, that
 *   address (a link to localhost leads the reader to their own machine, never
 *   to an attacker). Otherwise there is no trusted address and such mail is
 *   not sent (see `noOriginLog`).
 */
export function siteOrigin(request: Request) {
  return getConfig().appUrl ?? new URL(request.url).origin;
}

export const SITE_ORIGIN_KEY = "site_origin";
// Read at most every few seconds per instance: another instance's admin may set it.
const TTL_MS = 10_000;
let cached: { value: string | null; until: number } | undefined;

/** APP_URL, else the address an admin confirmed; null when neither is known. */
export async function trustedOrigin(): Promise<string | null> {
  const configured = getConfig().appUrl;
  if (configured) return configured;
  const now = Date.now();
  if (cached && cached.until > now) return cached.value;
  let value: string | null = null;
  try {
    value = (await first(getDb().select({ v: appSettings.value }).from(appSettings).where(eq(appSettings.key, SITE_ORIGIN_KEY))))?.v ?? null;
  } catch (error) {
    logError("reading the confirmed site address failed", error);
    return cached?.value ?? null;
  }
  cached = { value, until: now + TTL_MS };
  return value;
}

/** Drops this instance's copy of the confirmed address (tests; the next read asks the database). */
export function forgetTrustedOrigin() {
  cached = undefined;
}

/** An admin confirms the address they are using as the site's own (used when APP_URL is unset). */
export async function confirmSiteOrigin(origin: string) {
  const value = new URL(origin).origin;
  await getDb()
    .insert(appSettings)
    .values({ key: SITE_ORIGIN_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  cached = { value, until: Date.now() + TTL_MS };
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackOrigin(origin: string) {
  return LOOPBACK.test(new URL(origin).hostname);
}

/** The origin for links that go to someone else (e-mails), or null when none can be trusted. */
export async function linkOrigin(request?: Request): Promise<string | null> {
  const trusted = await trustedOrigin();
  if (trusted) return trusted;
  if (!request) return null;
  const own = new URL(request.url).origin;
  return isLoopbackOrigin(own) ? own : null;
}

/** The log line for an e-mail not sent because no address can be trusted. */
export function noOriginLog(what: string, to: string, path?: string) {
  console.error(
    `Not sending ${what} to ${to}: LaunchKit does not know its public address, and links in e-mails never come from a request's Host. ` +
      `Set APP_URL, or sign in as an admin at the address people use and confirm it on /admin.` +
      (path ? ` The link's path on this site: ${path}` : ""),
  );
}
