import crypto from "node:crypto";
import type { RequestHandler } from "express";

/**
 * A short-lived in-memory cache of the HTML of anonymous marketing pages.
 * These pages are the same for every signed-out visitor, and they are most of
 * the traffic. The per-request CSP nonce stays per request: the cached copy
 * holds a placeholder, replaced by a fresh nonce in the body and the header of
 * every response.
 */

const CACHEABLE = new Set([
  "/", "/process", "/samples", "/pricing", "/templates", "/blog", "/about", "/contact",
  "/privacy", "/terms", "/cookies",
]);
const PLACEHOLDER = "__LAUNCHKIT_NONCE__";
const MAX_ENTRIES = 100;

type Entry = { expires: number; body: string; headers: Record<string, string> };

function cacheKey(url: URL): string | null {
  if (!CACHEABLE.has(url.pathname)) return null;
  const params = [...url.searchParams.keys()];
  if (params.length === 0) return url.pathname;
  // /samples?category=... is bounded by the category names (and MAX_ENTRIES).
  const category = url.searchParams.get("category");
  if (url.pathname === "/samples" && params.length === 1 && category && /^[a-z-]{1,24}$/.test(category)) {
    return `${url.pathname}?category=${category}`;
  }
  return null;
}

export function pageCache(ttlSeconds: number): RequestHandler {
  const entries = new Map<string, Entry>();
  return (req, res, next) => {
    if (ttlSeconds <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    if (/(^|;\s*)launchkit_session=/.test(req.headers.cookie ?? "")) return next();
    const key = cacheKey(new URL(req.originalUrl, "http://x"));
    if (!key) return next();

    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const nonce = crypto.randomBytes(16).toString("base64");
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value.replaceAll(PLACEHOLDER, nonce));
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).send(hit.body.replaceAll(PLACEHOLDER, nonce));
      return;
    }

    // Miss: render as usual and keep a copy of a successful HTML response.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("finish", () => {
      const csp = String(res.getHeader("Content-Security-Policy") ?? "");
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      const type = String(res.getHeader("Content-Type") ?? "");
      if (req.method !== "GET" || res.statusCode !== 200 || !nonce || !type.startsWith("text/html") || res.getHeader("Set-Cookie")) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, {
        expires: Date.now() + ttlSeconds * 1000,
        body: Buffer.concat(chunks).toString("utf8").replaceAll(nonce, PLACEHOLDER),
        headers: { "Content-Type": type, "Content-Security-Policy": csp.replaceAll(nonce, PLACEHOLDER) },
      });
    });
    next();
  };
}
