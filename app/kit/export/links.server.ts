import crypto from "node:crypto";
import { and, count, desc, eq, gt, gte, isNull } from "drizzle-orm";
import { getSessionSecret } from "~/platform/secret.server";
import { changes, first, getDb } from "~/platform/db/client.server";
import { kitDownloadLinks } from "~/platform/db/schema";

/**
 * "E-mail me my kit": a link to the kit's ZIP that works without signing in
 * for 7 days. The link names its kit and its row (`/kits/<kit>/download/<id>`)
 * and carries an HMAC of both and of the expiry, keyed by the session secret:
 * a changed kit id, link id or signature is refused, so a link opens one kit
 * only. The row is the kill switch: the founder revokes it, and expiry is
 * checked against it too.
 */

export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** E-mails a kit may send in an hour: enough for typos, not a mail cannon. */
export const LINKS_PER_HOUR = 5;

export type DownloadLink = { id: string; kitId: string; expiresAt: Date; revokedAt: Date | null; createdAt: Date };

function signingKey() {
  // A key of its own, derived from the session secret: a signature made for one purpose is no good for another.
  return crypto.createHmac("sha256", getSessionSecret()).update("launchkit kit-download-link v1").digest();
}

export function linkSignature(kitId: string, linkId: string, expiresAt: Date): string {
  return crypto.createHmac("sha256", signingKey()).update(`${kitId}\n${linkId}\n${expiresAt.getTime()}`).digest("base64url");
}

export function downloadPath(link: Pick<DownloadLink, "id" | "kitId" | "expiresAt">): string {
  return `/kits/${encodeURIComponent(link.kitId)}/download/${encodeURIComponent(link.id)}?sig=${linkSignature(link.kitId, link.id, link.expiresAt)}`;
}

export async function createDownloadLink(kitId: string, now = new Date()): Promise<DownloadLink> {
  const link = { id: crypto.randomBytes(18).toString("base64url"), kitId, expiresAt: new Date(now.getTime() + LINK_TTL_MS), revokedAt: null, createdAt: now };
  await getDb().insert(kitDownloadLinks).values(link);
  return link;
}

export type LinkCheck = { ok: true; link: DownloadLink } | { ok: false; reason: "invalid" | "expired" | "revoked" };

export const LINK_MESSAGES: Record<"invalid" | "expired" | "revoked", string> = {
  invalid: "This download link is not valid. Open your kit from your LaunchKit dashboard, or e-mail yourself a new link from its Export page.",
  expired: "This download link has expired: links work for 7 days. Sign in to LaunchKit to download your kit or e-mail yourself a new link.",
  revoked: "This download link was turned off by the kit's owner. Sign in to LaunchKit to download the kit or send a new link.",
};

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function checkDownloadLink(kitId: string, linkId: string, sig: string | null | undefined, now = new Date()): Promise<LinkCheck> {
  if (!sig || sig.length > 100 || linkId.length > 100) return { ok: false, reason: "invalid" };
  const row = await first(getDb().select().from(kitDownloadLinks).where(eq(kitDownloadLinks.id, linkId)));
  // The signature covers the kit id: a link of one kit never opens another.
  if (!row || row.kitId !== kitId || !safeEqual(sig, linkSignature(kitId, linkId, row.expiresAt))) return { ok: false, reason: "invalid" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (now.getTime() >= row.expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, link: row };
}

/** Links that still work, newest first. */
export async function activeLinks(kitId: string, now = new Date()): Promise<DownloadLink[]> {
  return getDb()
    .select()
    .from(kitDownloadLinks)
    .where(and(eq(kitDownloadLinks.kitId, kitId), isNull(kitDownloadLinks.revokedAt), gt(kitDownloadLinks.expiresAt, now)))
    .orderBy(desc(kitDownloadLinks.createdAt), desc(kitDownloadLinks.id));
}

/** Turns a link off; false when it is not this kit's or already off. */
export async function revokeLink(kitId: string, linkId: string, now = new Date()): Promise<boolean> {
  const result = await getDb()
    .update(kitDownloadLinks)
    .set({ revokedAt: now })
    .where(and(eq(kitDownloadLinks.id, linkId), eq(kitDownloadLinks.kitId, kitId), isNull(kitDownloadLinks.revokedAt)));
  return changes(result) > 0;
}

export async function linksSentSince(kitId: string, since: Date): Promise<number> {
  const row = await first(
    getDb()
      .select({ n: count() })
      .from(kitDownloadLinks)
      .where(and(eq(kitDownloadLinks.kitId, kitId), gte(kitDownloadLinks.createdAt, since))),
  );
  return row?.n ?? 0;
}
