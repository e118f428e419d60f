import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { appSettings } from "~/platform/db/schema";

/**
 * The key that signs the links in lead e-mails (confirm, unsubscribe) and
 * keys the per-address counts. It lives in app_settings, apart from
 * SESSION_SECRET: a delivered e-mail's one-click unsubscribe must keep
 * working when the session secret is rotated or lost. Made once, on first
 * use, by whichever instance inserts it first; every instance then reads
 * that one (insert-if-absent, then read: no race on either dialect).
 */
export const MAIL_KEY_SETTING = "mail_link_key";
let key: string | undefined;

export async function loadMailKey(): Promise<string> {
  if (key) return key;
  await getDb().insert(appSettings).values({ key: MAIL_KEY_SETTING, value: crypto.randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const row = await first(getDb().select({ v: appSettings.value }).from(appSettings).where(eq(appSettings.key, MAIL_KEY_SETTING)));
  if (!row) throw new Error("the mail link key could not be stored");
  return (key = row.v);
}

/** The key once loadMailKey has run in this process (every path that signs or reads a link awaits it first). */
export function mailKey(): string {
  if (!key) throw new Error("mail link key not loaded: await loadMailKey() first");
  return key;
}

/** Forgets this instance's copy (tests; the next load reads the database). */
export function forgetMailKey() {
  key = undefined;
}
