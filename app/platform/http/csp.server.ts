import crypto from "node:crypto";
import { paymentFormOrigins } from "~/platform/http/payment-origins.server";

/**
 * The enforced Content-Security-Policy of an HTML document: scripts from our
 * own origin, plus the inline scripts React Router wrote into this document,
 * each allowed by its sha256 hash (no nonce, so the same bytes can be served
 * to every visitor from the page cache).
 */
export function contentSecurityPolicy(scriptHashes: string[]) {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    // The pricing and account forms redirect to Stripe Checkout and the customer portal (app/features/billing).
    ["form-action 'self'", ...paymentFormOrigins()].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

const LT = 0x3c; // <
const GT = 0x3e; // >
const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");

/**
 * Finds the inline scripts marked with `token` (React Router's own, rendered
 * with it as their nonce), returns their hashes and the HTML without the
 * marker. A script that does not carry the token (say, markup injected
 * through user content) gets no hash, so the browser refuses to run it.
 * Works on the bytes (no decoding and re-encoding of the document).
 */
export function hashMarkedScripts(html: Buffer, token: string): { html: Buffer; hashes: string[] } {
  const marker = Buffer.from(` nonce="${token}"`);
  const hashes = new Set<string>();
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
    parts.push(html.subarray(from, at));
    from = at + marker.length;
    const tagStart = html.lastIndexOf(LT, at);
    const tagEnd = html.indexOf(GT, from);
    if (tagStart === -1 || tagEnd === -1 || !html.subarray(tagStart, tagStart + SCRIPT_OPEN.length).equals(SCRIPT_OPEN)) continue;
    if (/\ssrc=/.test(html.toString("latin1", tagStart, tagEnd))) continue;
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close === -1) continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(html.subarray(tagEnd + 1, close)).digest("base64")}`);
  }
  parts.push(html.subarray(from));
  return { html: parts.length === 1 ? html : Buffer.concat(parts), hashes: [...hashes] };
}
