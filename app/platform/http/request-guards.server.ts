import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { RateLimiter } from "./rate-limit.server";

/** Forms here are small: the longest field is an edited prompt (20,000 characters). */
export const MAX_BODY_BYTES = 100 * 1024;

/** Every form here posts urlencoded, with or without JavaScript; nothing uploads files. */
const FORM_TYPE = "application/x-www-form-urlencoded";

function plain(res: Parameters<RequestHandler>[1], status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/**
 * A host name (letters, digits, dots, hyphens, underscores) or a bracketed
 * IPv6 address, and an optional port: all a Host header may be. Anything
 * else (a comma, a space, a slash, "@") is refused rather than cut down,
 * because the parts of the app that read the host would not all cut it the
 * same way: absolute links on pages (og:image, og:url, the badge) come from
 * it when APP_URL is not set, and the page cache keys its copies by it.
 */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Hosts already found valid: every request is checked, a cached page's
 * included (before the page cache answers), and a server sees the same few
 * hosts over and over, so a known one costs a set lookup instead of the
 * expression. Bounded, so made-up hosts cannot grow it.
 */
const validHosts = new Set<string>();

export function isValidHost(value: string): boolean {
  if (validHosts.has(value)) return true;
  if (value.length > 260 || !HOST.test(value)) return false;
  if (validHosts.size < 1000) validHosts.add(value);
  return true;
}

/**
 * Whether a request names a host the app can build its own address from:
 * its Host header (a request without one, HTTP/1.0's, is let through: the
 * app then uses "localhost") and, behind a trusted proxy, the first
 * X-Forwarded-Host value, which is the one read instead. Checked before the
 * page cache, so no copy is kept or served for such a request.
 */
export function hasValidHost(req: Pick<IncomingMessage, "headers">, trustProxy: boolean): boolean {
  const host = req.headers.host;
  if (host !== undefined && !isValidHost(host)) return false;
  if (!trustProxy) return true;
  const forwarded = req.headers["x-forwarded-host"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first === undefined || isValidHost(first);
}

/**
 * Pages are read with GET and forms post with POST, with or without
 * JavaScript; no route takes PUT, PATCH, DELETE or the rest, so they get a 405
 * here instead of reaching an action written for POST.
 */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res.setHeader("Allow", "GET, HEAD, POST");
    plain(res, 405, "Method Not Allowed");
  };
}

/**
 * The one POST that is not a form: Stripe's webhook (app/routes/billing/stripe-webhook.ts)
 * sends JSON, with no Origin header and no cookie, and is authenticated by its
 * signature. It alone may post JSON, up to STRIPE_WEBHOOK_MAX_BYTES.
 */
const STRIPE_WEBHOOK_PATH = "/stripe/webhook";
const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;
const isStripeWebhook = (req: Parameters<RequestHandler>[0]) => req.method === "POST" && req.path === STRIPE_WEBHOOK_PATH;

/**
 * Refuses oversized or unexpected bodies before anything parses them:
 * 413 past MAX_BODY_BYTES (declared or streamed), 415 for anything but a
 * urlencoded form (JSON for the Stripe webhook).
 */
export function bodyGuard(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const webhook = isStripeWebhook(req);
    const limit = webhook ? STRIPE_WEBHOOK_MAX_BYTES : MAX_BODY_BYTES;
    const declared = Number(req.headers["content-length"] ?? NaN);
    if (declared > limit) return plain(res, 413, "Request too large.");
    const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    // RFC 8058 lets a mail client send its one-click unsubscribe as multipart/form-data (app/routes/public/email-unsubscribe.ts).
    const oneClick = type === "multipart/form-data" && req.path.startsWith("/e/u/");
    if (webhook ? type !== "application/json" : type !== FORM_TYPE && !oneClick) {
      return plain(res, 415, webhook ? "Unsupported request body: Stripe events are JSON." : "Unsupported request body: send a form (application/x-www-form-urlencoded).");
    }
    if (Number.isNaN(declared)) {
      // No declared length (chunked): count as it streams and cut it off past the limit.
      let seen = 0;
      req.on("data", (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limit && !res.headersSent) {
          plain(res, 413, "Request too large.");
          req.destroy();
        }
      });
    }
    next();
  };
}

const postsPerIp = new RateLimiter({ name: "posts", limit: 120, windowMs: 60 * 1000, shared: false });
/** Stripe delivers bursts from a few addresses (a busy hour of renewals): a tier of its own. */
const webhookPostsPerIp = new RateLimiter({ name: "webhook-posts", limit: 1200, windowMs: 60 * 1000, shared: false });

/** The generous general tier: every POST counts; the auth and wizard routes add stricter tiers. */
export function postRateLimit(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    (isStripeWebhook(req) ? webhookPostsPerIp : postsPerIp).hit(req.ip ?? "unknown").then((allowed) => {
      if (allowed) return next();
      res.setHeader("Retry-After", "60");
      plain(res, 429, "Too many requests. Please slow down and try again in a minute.");
    }, next);
  };
}
