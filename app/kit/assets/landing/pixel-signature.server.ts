import crypto from "node:crypto";
import { getSessionSecret } from "~/platform/secret.server";

/**
 * The downloaded copy's 1×1 image counts only with its page's signature
 * (`/a/<page_id>.gif?s=<signature>`), written into the copy when it is made:
 * a page id alone is public (the copy's form posts to it), and without the
 * signature anybody could load the image in a loop from anywhere and call it
 * the copy's visitors. An HMAC of the page id under the server's secret:
 * the same for every copy of the page, so copies downloaded earlier keep
 * counting after a new download.
 */
export function pixelSignature(pageId: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`analytics-pixel\n${pageId}`).digest("base64url").slice(0, 22);
}

/** Whether `signature` is this page's (compared in constant time). */
export function isPixelSignature(pageId: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(pixelSignature(pageId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
