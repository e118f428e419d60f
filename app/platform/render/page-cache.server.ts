import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { securityHeaderList } from "../http/security-headers.server";
import { logRequestLine } from "../log.server";

/**
 * The page cache: whole HTML documents of pages that are the same for every
 * signed-out visitor (the marketing pages today, published landing pages
 * `/p/<slug>` later), kept in memory and written back as they are.
 *
 * API for the rest of the app:
 *
 * - `registerCacheablePages(pattern, options?)`: makes a path pattern
 *   cacheable. `pattern` is an exact pathname ("/pricing") or a RegExp tested
 *   against the pathname (/^\/p\/[a-z0-9-]+$/). By default only URLs without a
 *   query string are cached; `options.query(url)` may return a canonical query
 *   string to cache under (keep it bounded: "?category=x" for known x), or
 *   null. Call it at module load (a route module's top level runs when the
 *   server starts), for example in a published-page module:
 *   `registerCacheablePages(/^\/p\/[a-z0-9-]+$/)`.
 * - `invalidatePage(path)`: drops the cached copies of one page (every query
 *   variant of that pathname). Call it after anything a page shows changes:
 *   editing or unpublishing `/p/acme` calls `invalidatePage("/p/acme")`.
 * - `invalidatePrefix(prefix)`: drops every page under a prefix
 *   (`invalidatePrefix("/p/")`), `invalidateAllPages()` drops everything.
 * - `setPageVariants(path, choose, since)`: keeps a page in one copy per
 *   variant (an A/B experiment's), the variant of each request named by
 *   `choose` before anything renders.
 *
 * What is cached, and what never is:
 *
 * - Only GET and HEAD of a registered path, from a request without a session
 *   cookie, answered 200 `text/html` without `Set-Cookie`. A request with a
 *   session cookie (even an expired one) never reads the cache and its page is
 *   never stored, so a signed-in visitor never gets an anonymous copy and an
 *   anonymous visitor never gets a signed-in one. Both carry `Vary: Cookie`,
 *   so HTTP caches keep them apart as well.
 * - Each entry holds the identity, gzip and brotli bytes (compressed once, off
 *   the event loop), a weak ETag, and every header, the Content-Security-Policy
 *   included: documents carry hashes of their inline scripts, not a nonce
 *   (see entry.server.tsx), so the cached bytes need no rewriting. A hit is
 *   answered before Express runs (server/app.ts): a map lookup, an
 *   Accept-Encoding choice and one `writeHead` + `end`.
 * - Entries live `ttlSeconds` (PAGE_CACHE_SECONDS). An expired entry is still
 *   served while one request renders its replacement (stale-while-revalidate);
 *   invalidated entries are gone at once. A new build (a deploy, or a rebuild
 *   under the dev server) empties the cache: entries are tied to the build's
 *   version, and the ETag is a hash of the bytes, so a browser's copy from the
 *   previous build does not revalidate either.
 */

type Pattern = { match: string | RegExp; query?: (url: URL) => string | null };
/** One encoding of a page, with its response headers prebuilt (over https, with HSTS as well). */
type Variant = { body: Buffer; headers: string[]; headersHttps: string[] };
type Entry = {
  path: string;
  /** The page's PAGE_CACHE_TAG, handed to the hit observer with each hit. */
  tag: string | null;
  version: string;
  expires: number;
  etag: string;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  notModified: string[];
  notModifiedHttps: string[];
  refreshingSince: number;
};

const SESSION_COOKIE = /(?:^|;\s*)launchkit_session=/;
const MAX_ENTRIES = 500;
/** A render that refreshes an expired entry gets this long before another request tries. */
const REFRESH_GRACE_MS = 10_000;

const patterns: Pattern[] = [];
const entries = new Map<string, Entry>();
const pending = new Set<string>();
let settings = { ttlSeconds: 60, trustProxy: false, keyByHost: false };
let buildVersion = "";
/** Bumped by every invalidation: a page rendered before one is not stored after it. */
let generation = 0;

export function registerCacheablePages(match: string | RegExp, options: { query?: (url: URL) => string | null } = {}) {
  patterns.push({ match, query: options.query });
}

/** Sets the lifetime of entries (0 turns the cache off) and how https is detected (for HSTS). */
/**
 * `keyByHost`: pages are kept per host. On when APP_URL is not set: pages
 * then build their absolute links (canonical, OpenGraph) from the request's
 * host, so a request with a forged Host must not leave its links in the copy
 * every other visitor gets.
 */
export function configurePageCache(options: { ttlSeconds: number; trustProxy: boolean; keyByHost?: boolean }) {
  settings = { keyByHost: false, ...options };
}

/** The origin a request's page is rendered for (what the app's own URL building sees). */
function hostOf(req: Pick<IncomingMessage, "headers">): string {
  // Forwarded headers may list one value per proxy: the first is the client's, as Express reads it.
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim().toLowerCase() ?? "";
  // The Host header whole, as the request's URL takes it: one with a comma is refused before the cache (request-guards.server.ts).
  const host = (req.headers.host ?? "").toLowerCase();
  if (settings.trustProxy) return `${first(req.headers["x-forwarded-proto"])}://${first(req.headers["x-forwarded-host"]) || host}`;
  return host;
}

export type Invalidation = { op: "page" | "prefix" | "all"; path: string };

/**
 * Applies an invalidation to this process's cache only. With several
 * instances (PostgreSQL), every invalidation also goes to the others
 * (setInvalidationRelay, wired by the event relay), so an edited or
 * unpublished page is gone from every instance's cache, not just the one
 * that served the edit.
 */
export function applyInvalidation({ op, path }: Invalidation) {
  generation++;
  if (op === "all") entries.clear();
  else for (const [key, entry] of entries) if (op === "page" ? entry.path === path : entry.path.startsWith(path)) entries.delete(key);
  forgetVariants(op, path);
}

let relayInvalidation: (invalidation: Invalidation) => void = () => {};
export function setInvalidationRelay(relay: (invalidation: Invalidation) => void) {
  relayInvalidation = relay;
}

function invalidate(invalidation: Invalidation) {
  applyInvalidation(invalidation);
  relayInvalidation(invalidation);
}

export function invalidatePage(path: string) {
  invalidate({ op: "page", path });
}

export function invalidatePrefix(prefix: string) {
  invalidate({ op: "prefix", path: prefix });
}

export function invalidateAllPages() {
  invalidate({ op: "all", path: "" });
}

/** Called with the server build's version on every rendered request: a new build empties the cache. */
export function noteBuildVersion(version: string) {
  if (version === buildVersion) return;
  buildVersion = version;
  generation++;
  entries.clear();
}

/**
 * A request whose page may be stored: its key, and the moment it started
 * (the invalidation count), taken before the page is rendered so that an
 * edit made while it renders is never overwritten by the older copy.
 */
export type PageTicket = { key: string; generation: number; version: string; variants?: boolean };

export function pageCacheTicket(req: IncomingMessage): PageTicket | null {
  const key = pageCacheKey(req);
  return key ? { key, generation, version: buildVersion, variants: variantChoosers.has(pathOfKey(key)) } : null;
}

/** The cache key of a request whose page may be cached, or null. */
export function pageCacheKey(req: Pick<IncomingMessage, "method" | "url" | "headers"> & { socket?: IncomingMessage["socket"] }): string | null {
  if (settings.ttlSeconds <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return null;
  if (req.headers.cookie && SESSION_COOKIE.test(req.headers.cookie)) return null;
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const pathname = q === -1 ? raw : raw.slice(0, q);
  // "<host> <path>" when keyed by host (a space never appears in a request's path).
  const prefix = settings.keyByHost ? `${hostOf(req)} ` : "";
  for (const p of patterns) {
    if (typeof p.match === "string" ? p.match !== pathname : !p.match.test(pathname)) continue;
    if (q === -1 || q === raw.length - 1) return withVariant(`${prefix}${pathname}`, pathname, req);
    const canonical = p.query?.(new URL(raw, "http://x"));
    return canonical ? withVariant(`${prefix}${pathname}${canonical}`, pathname, req) : null;
  }
  return null;
}

// ---- pages kept in one copy per variant ---------------------------------------

/** What a variant chooser may read of a request: its headers, its URL and, on a real request, its connection. */
export type VariantRequest = Pick<IncomingMessage, "headers" | "url"> & { socket?: IncomingMessage["socket"] };
type VariantChooser = (req: VariantRequest) => string | undefined;

const variantChoosers = new Map<string, VariantChooser>();

/** The invalidation count now: read it before looking up what decides a page's variants (setPageVariants). */
export function pageCacheGeneration(): number {
  return generation;
}

/**
 * A page that shows each visitor one of several variants (an A/B experiment,
 * app/features/analytics/experiments) is kept in one copy per variant. `choose(req)` names the
 * variant of a request from the request alone, before anything renders (""
 * is the page's own copy), or undefined when it cannot tell (that request is
 * rendered and not kept). Set by the page's loader as it renders, with
 * `since` read from pageCacheGeneration() before it looked anything up: an
 * invalidation in between means what it read may be outdated, and the call
 * is ignored. `choose` null: the page has one copy. Invalidating the page
 * forgets its chooser (on every instance, like its copies).
 */
export function setPageVariants(path: string, choose: VariantChooser | null, since: number) {
  if (since !== generation) return;
  if (choose) variantChoosers.set(path, choose);
  else variantChoosers.delete(path);
}

function forgetVariants(op: Invalidation["op"], path: string) {
  if (op === "all") variantChoosers.clear();
  else for (const known of variantChoosers.keys()) if (op === "page" ? known === path : known.startsWith(path)) variantChoosers.delete(known);
}

/** "<key>#<variant>" for a page kept per variant (neither a path nor a query string the patterns accept holds a "#"). */
function withVariant(key: string, pathname: string, req: VariantRequest): string | null {
  const choose = variantChoosers.get(pathname);
  if (!choose) return key;
  const variant = choose(req);
  if (variant === undefined) return null;
  return variant ? `${key}#${variant}` : key;
}

/** The page's path in a cache key ("<host> /p/acme?x#b" → "/p/acme"). */
function pathOfKey(key: string): string {
  return key.slice(key.indexOf(" ") + 1).split(/[?#]/)[0]!;
}

const accepted = new Map<string, { br: boolean; gzip: boolean }>();

/** Which of br and gzip an Accept-Encoding header accepts (a q=0 refuses a coding). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  if (!header) return { br: false, gzip: false };
  let found = accepted.get(header);
  if (found) return found;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const weight = params.map((x) => x.trim()).find((x) => x.startsWith("q="));
    q.set(name!.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  found = { br: ok("br"), gzip: ok("gzip") };
  if (accepted.size < 100) accepted.set(header, found);
  return found;
}

/** br when acceptable, else gzip, else identity. */
export function chooseEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  const a = acceptedEncodings(header);
  return a.br ? "br" : a.gzip ? "gzip" : "identity";
}

const HSTS = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"];

function isHttps(req: IncomingMessage) {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!settings.trustProxy) return false;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0]!.trim() === "https";
}

/**
 * The hit path, run before Express: answers from the cache and returns true,
 * or returns false and lets the request go on (and maybe refresh the entry).
 */
export function servePageFromCache(req: IncomingMessage, res: ServerResponse): boolean {
  const key = pageCacheKey(req);
  if (!key || !validHost(req.headers.host)) return false;
  const entry = entries.get(key);
  if (!entry || entry.version !== buildVersion) return false;
  const now = Date.now();
  if (entry.expires <= now && now - entry.refreshingSince > REFRESH_GRACE_MS) {
    // Expired: this request renders a fresh copy, the others keep getting this one.
    entry.refreshingSince = now;
    return false;
  }
  const start = process.hrtime.bigint();
  const https = isHttps(req);
  const inm = req.headers["if-none-match"];
  if (inm && etagMatches(inm, entry.etag)) {
    res.writeHead(304, https ? entry.notModifiedHttps : entry.notModified);
    res.end();
  } else {
    const variant = entry[chooseEncoding(req.headers["accept-encoding"] as string | undefined)];
    res.writeHead(200, https ? variant.headersHttps : variant.headers);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }
  logRequestLine(req.method!, req.url!, res.statusCode, start);
  if (entry.tag && hitObserver) hitObserver(req, entry.tag);
  return true;
}

let hitObserver: ((req: IncomingMessage, tag: string) => void) | null = null;

/**
 * Called after every hit on a page stored with a PAGE_CACHE_TAG, with the
 * request and the tag (the published pages' visit counter, app/features/analytics):
 * the hit path stays the cache's own, and whoever counts decides what a hit
 * is. Must be cheap and must not throw.
 */
export function onPageCacheHit(observer: (req: IncomingMessage, tag: string) => void) {
  hitObserver = observer;
}

const goodHosts = new Set<string>();

/** A Host no URL can be built from gets its 400 from the request handler, never a cached page. */
function validHost(host: string | undefined): boolean {
  if (!host) return false;
  if (goodHosts.has(host)) return true;
  try {
    new URL(`http://${host}/`);
  } catch {
    return false;
  }
  if (goodHosts.size < 1000) goodHosts.add(host);
  return true;
}

function etagMatches(header: string, etag: string) {
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A response header a page sets when it will change at a known time (epoch
 * milliseconds): its cached copy expires then at the latest. Internal: the
 * request handler takes it off before the response goes out.
 */
export const PAGE_CACHE_UNTIL = "X-Page-Cache-Until";

/**
 * A response header a page sets to be told about its cache hits
 * (`onPageCacheHit`): any short string, kept with the cached copy. Internal,
 * taken off by the request handler like PAGE_CACHE_UNTIL.
 */
export const PAGE_CACHE_TAG = "X-Page-Cache-Tag";

/**
 * Keeps a rendered page (called by the request handler on a miss). The
 * compressed variants are made off the event loop; the entry is served once
 * they are ready. Resolves when stored (or skipped).
 */
export async function storePage(ticket: PageTicket, response: { status: number; headers: Headers; body: Buffer; until?: number | null; tag?: string | null }) {
  const { key } = ticket;
  const stale = () => ticket.generation !== generation || ticket.version !== buildVersion;
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie")) return;
  // A page that changes at a known time (its PAGE_CACHE_UNTIL header, read by the request handler) is kept until then at most.
  const expires = Math.min(Date.now() + settings.ttlSeconds * 1000, response.until ?? Infinity);
  if (expires <= Date.now()) return;
  if (pending.has(key) || stale()) return;
  // Rendered before the page said it has variants: which one it shows is not in its key.
  if (!ticket.variants && variantChoosers.has(pathOfKey(key))) return;
  pending.add(key);
  try {
    const { body } = response;
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    if (stale() || (!ticket.variants && variantChoosers.has(pathOfKey(key)))) return;
    const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const common = [
      "Content-Type", type,
      "Vary", "Accept-Encoding, Cookie",
      "Cache-Control", "no-cache",
      "ETag", etag,
      ...securityHeaderList(),
      ...pageHeaders(response.headers),
      "X-Page-Cache", "hit",
    ];
    const variant = (bytes: Buffer, encoding?: string): Variant => {
      const headers = [...common, ...(encoding ? ["Content-Encoding", encoding] : []), "Content-Length", String(bytes.length)];
      return { body: bytes, headers, headersHttps: [...headers, ...HSTS] };
    };
    const notModified = ["Vary", "Accept-Encoding, Cookie", "Cache-Control", "no-cache", "ETag", etag, "X-Page-Cache", "hit"];
    const path = pathOfKey(key);
    if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.delete(entries.keys().next().value!);
    entries.set(key, {
      path,
      tag: response.tag ?? null,
      version: ticket.version,
      expires,
      etag,
      identity: variant(body),
      gzip: variant(gz, "gzip"),
      br: variant(br, "br"),
      notModified,
      notModifiedHttps: [...notModified, ...HSTS],
      refreshingSince: 0,
    });
  } finally {
    pending.delete(key);
  }
}

/** The page's own headers worth keeping (the CSP above all), without the ones the cache sets itself. */
function pageHeaders(headers: Headers): string[] {
  const skip = new Set(["content-type", "content-length", "content-encoding", "vary", "cache-control", "etag", "set-cookie", "date", "connection", "transfer-encoding", "x-page-cache", "x-render-cache"]);
  const out: string[] = [];
  for (const [name, value] of headers) if (!skip.has(name)) out.push(name, value);
  return out;
}

/** For tests: how many entries are cached. */
export function pageCacheSize() {
  return entries.size;
}
