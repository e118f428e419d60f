import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { getConfig } from "~/platform/config.server";
import type { FetchFailure } from "./fetch-failure";
import { robotsAllows } from "./robots.server";

/**
 * The competitor watch's fetcher: safe to point at any address a founder types.
 *
 * - http and https only, ports 80 and 443 only, no credentials in the URL.
 * - Every address is checked: IP literals in any spelling (the WHATWG URL
 *   parser turns 2130706433, 0177.0.0.1, 0x7f.1 into 127.0.0.1 first) and,
 *   for names, EVERY address DNS gives, inside the `lookup` the socket itself
 *   uses. The socket connects only to addresses that passed the check, so a
 *   name that changes its answer between a check and the connect (DNS
 *   rebinding) cannot reach a private address.
 * - Redirects are followed by hand, at most 5, each Location checked the same way.
 * - One deadline for the whole fetch (robots.txt, redirects and body): 10 s.
 * - At most 2 MB of (decompressed) body: past that the fetch stops and is refused.
 * - robots.txt is honoured for our User-Agent (robots.server.ts).
 * - One request per host at a time within this process.
 *
 * WATCH_ALLOW_LOOPBACK (tests only; the app refuses to start with it unless
 * APP_URL is a loopback origin) lets 127.0.0.0/8 and ::1 through, on any port.
 */

export type FetchOutcome = { ok: true; url: string; status: number; contentType: string; body: string } | FetchFailure;

type Failure = Extract<FetchOutcome, { ok: false }>;

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/** The name we fetch under, with a page that explains the bot (the configured origin, never a request's Host). */
export function userAgent(): string {
  const origin = getConfig().appUrl;
  return origin ? `LaunchKitBot/1.0 (+${origin}/bot)` : "LaunchKitBot/1.0";
}

// ---------------------------------------------------------------------------
// Address classes

const blockedV4 = [
  "0.0.0.0/8", // "this network", unspecified
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (cloud metadata 169.254.169.254)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, broadcast
].map((c) => ipaddr.IPv4.parseCIDR(c));

// IPv6: only global unicast (2000::/3) is allowed at all, minus these.
const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");
const blockedV6 = [
  "2001::/32", // Teredo (embeds an IPv4 address)
  "2001:2::/48", // benchmarking
  "2001:10::/28", // ORCHID
  "2001:20::/28", // ORCHIDv2
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4 (embeds an IPv4 address)
  "3fff::/20", // documentation
].map((c) => ipaddr.IPv6.parseCIDR(c));

const loopbackV4 = ipaddr.IPv4.parseCIDR("127.0.0.0/8");

function loopbackAllowed() {
  return getConfig().watchAllowLoopback;
}

/** True when this address is loopback (127.0.0.0/8 or ::1). */
function isLoopback(address: string) {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv4") return (ip as ipaddr.IPv4).match(loopbackV4);
  return (ip as ipaddr.IPv6).toNormalizedString() === "0:0:0:0:0:0:0:1";
}

/**
 * Whether an address may be fetched: public unicast only. Every IPv4-mapped,
 * IPv4-compatible, NAT64, 6to4 and Teredo form is refused outright (they
 * reach IPv4 addresses by another name), as are ULA fc00::/7 (AWS's metadata
 * fd00:ec2::254), link-local, multicast and the rest outside 2000::/3.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIP(bare)) return false;
  if (allowLoopback && isLoopback(bare)) return true;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === "ipv4") {
    const v4 = ip as ipaddr.IPv4;
    return !blockedV4.some((range) => v4.match(range));
  }
  const v6 = ip as ipaddr.IPv6;
  if (!v6.match(globalUnicast)) return false;
  return !blockedV6.some((range) => v6.match(range));
}

// Names that are never on the public internet (or are a cloud's metadata service).
const blockedNames = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.intranet$/, /\.lan$/, /\.home\.arpa$/, /^metadata$/, /^instance-data$/];

type UrlCheck = { ok: true; url: URL } | { ok: false; reason: "invalid" | "blocked"; message: string };

function checkUrl(input: string | URL): UrlCheck {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input) : input;
  } catch {
    return { ok: false, reason: "invalid", message: "That is not a web address LaunchKit can read (try the full address, such as https://example.com/pricing)." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: "invalid", message: "Only http:// and https:// addresses can be watched." };
  }
  if (url.username || url.password) {
    return { ok: false, reason: "invalid", message: "Addresses with a user name or password in them cannot be watched." };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  if (!host) return { ok: false, reason: "invalid", message: "That address has no host name." };
  const loopbackOk = loopbackAllowed();
  const literal = isIP(host) !== 0;
  // Under WATCH_ALLOW_LOOPBACK another port is allowed for a loopback address, or for a name
  // whose addresses the connect-time guard then requires to be loopback (see guardedLookup).
  const loopbackHost = literal ? isLoopback(host) : true;
  if (url.port !== "" && !(loopbackOk && loopbackHost)) {
    // The URL parser drops a port that is the protocol's default, so any port left is not 80 or 443.
    return { ok: false, reason: "invalid", message: "Only addresses on the standard web ports (80 and 443) can be watched." };
  }
  if (literal) {
    if (!isPublicAddress(host, loopbackOk)) {
      return { ok: false, reason: "blocked", message: "That address points into a private or reserved network, which LaunchKit never fetches." };
    }
  } else if (!(loopbackOk && host === "localhost")) {
    if (!host.includes(".") || blockedNames.some((re) => re.test(host))) {
      return { ok: false, reason: "blocked", message: "That host name is not on the public internet, so LaunchKit doesn't fetch it." };
    }
  }
  return { ok: true, url };
}

/**
 * Form-level check of an address a founder types: http/https only, ports 80
 * and 443 only, no credentials, and IP literals in any form refused when
 * private. Adds https:// when no scheme is given; drops the #fragment.
 */
export function checkCompetitorUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
  let raw = input.trim();
  if (!raw) return { ok: false, message: "Enter the page's address, such as https://example.com/pricing." };
  if (raw.length > 2000) return { ok: false, message: "That address is too long." };
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw)) raw = `https://${raw.replace(/^\/+/, "")}`;
  const checked = checkUrl(raw);
  if (!checked.ok) return { ok: false, message: checked.message };
  const url = checked.url;
  url.hash = "";
  return { ok: true, url: url.toString() };
}

// ---------------------------------------------------------------------------
// The connect-time guard

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

class BlockedAddressError extends Error {
  code = "EBLOCKED";
}

/**
 * The `lookup` the socket uses: resolves every address, refuses the lot if
 * any is not public (or, on a test-only port, not loopback), and hands the
 * socket only those checked addresses.
 */
function guardedLookup(resolve: Resolver, allowLoopback: boolean, loopbackOnly: boolean): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          const error = Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" });
          return callback(error);
        }
        const bad = addresses.find((a) => !isPublicAddress(a.address, allowLoopback) || (loopbackOnly && !isLoopback(a.address)));
        if (bad) return callback(new BlockedAddressError(`${hostname} resolves to ${bad.address}`));
        const wanted = options?.family === 4 || options?.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length > 0 ? wanted : addresses;
        if (options?.all) callback(null, list.map((a) => ({ address: a.address, family: a.family })));
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as LookupFunction;
}

// ---------------------------------------------------------------------------
// One request per host at a time

const hostQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(host: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const before = hostQueues.get(host) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const tail = before.then(() => mine);
  hostQueues.set(host, tail);
  try {
    await before;
    signal?.throwIfAborted();
    return await work();
  } finally {
    release();
    if (hostQueues.get(host) === tail) hostQueues.delete(host);
  }
}

// ---------------------------------------------------------------------------
// One request

export type FetchOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests only: answers DNS instead of the system resolver (the guard still checks every address). */
  resolve?: Resolver;
};

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer | null; location: string | null };

const failure = (reason: Failure["reason"], message: string): Failure => ({ ok: false, reason, message });

function failureFromError(error: unknown, url: URL, signal: AbortSignal, outer?: AbortSignal): Failure {
  const code = (error as { code?: string })?.code;
  if (error instanceof BlockedAddressError || code === "EBLOCKED") {
    return failure("blocked", `${url.hostname} points into a private or reserved network, which LaunchKit never fetches.`);
  }
  if (error instanceof TooLargeError) return failure("too_large", error.message);
  if (outer?.aborted && !signal.reason?.timeout) return failure("network", "The fetch was cancelled.");
  if (signal.aborted) return failure("timeout", `${url.hostname} took too long to answer, so LaunchKit gave up.`);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return failure("network", `${url.hostname} could not be found (no such site, or its DNS is down).`);
  }
  if (code === "ECONNREFUSED") return failure("network", `${url.hostname} refused the connection.`);
  if (typeof code === "string" && /CERT|SSL|TLS/i.test(code)) {
    return failure("network", `${url.hostname}'s security certificate could not be verified.`);
  }
  return failure("network", `LaunchKit could not reach ${url.hostname}${code ? ` (${code})` : ""}.`);
}

class TooLargeError extends Error {}

function tooLargeMessage(maxBytes: number) {
  const size = maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.max(1, Math.round(maxBytes / 1024))} KB`;
  return `The page is larger than ${size}, so LaunchKit stopped reading it (pages that big are not watched).`;
}

/**
 * GET one URL (already checked) with the guarded lookup. Reads the body only
 * when `wantBody(status, headers)` says so; never follows redirects itself.
 */
function request(
  url: URL,
  opts: { signal: AbortSignal; maxBytes: number; resolve: Resolver; allowLoopback: boolean; accept: string },
  wantBody: (status: number, headers: http.IncomingHttpHeaders) => boolean,
): Promise<RawResponse> {
  return new Promise((resolvePromise, reject) => {
    const mod = url.protocol === "https:" ? https : http;
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    const req = mod.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        agent: false,
        // A port other than 80/443 got past checkUrl only under WATCH_ALLOW_LOOPBACK: then loopback addresses only.
        lookup: guardedLookup(opts.resolve, opts.allowLoopback, url.port !== ""),
        signal: opts.signal,
        headers: {
          "User-Agent": userAgent(),
          Accept: opts.accept,
          "Accept-Language": "en",
          "Accept-Encoding": "gzip, deflate, br",
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === "string" ? res.headers.location : null;
        if (!wantBody(status, res.headers)) {
          res.resume();
          res.on("error", () => {});
          req.destroy();
          return resolvePromise({ status, headers: res.headers, body: null, location });
        }
        const declared = Number(res.headers["content-length"]);
        const encoding = String(res.headers["content-encoding"] ?? "identity").toLowerCase().trim();
        if (Number.isFinite(declared) && declared > opts.maxBytes && (encoding === "identity" || encoding === "")) {
          req.destroy();
          return reject(new TooLargeError(tooLargeMessage(opts.maxBytes)));
        }
        let stream: NodeJS.ReadableStream = res;
        if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(zlib.createGunzip());
        else if (encoding === "deflate") stream = res.pipe(zlib.createInflate());
        else if (encoding === "br") stream = res.pipe(zlib.createBrotliDecompress());
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const fail = (error: unknown) => {
          if (done) return;
          done = true;
          req.destroy();
          reject(error);
        };
        stream.on("data", (chunk: Buffer) => {
          if (done) return;
          size += chunk.length;
          if (size > opts.maxBytes) return fail(new TooLargeError(tooLargeMessage(opts.maxBytes)));
          chunks.push(chunk);
        });
        stream.on("end", () => {
          if (done) return;
          done = true;
          resolvePromise({ status, headers: res.headers, body: Buffer.concat(chunks), location });
        });
        stream.on("error", fail);
        res.on("error", fail);
        res.on("aborted", () => fail(Object.assign(new Error("The connection was cut"), { code: "ECONNRESET" })));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Chain = { signal: AbortSignal; outer?: AbortSignal; maxBytes: number; resolve: Resolver; allowLoopback: boolean };

/**
 * Follows up to 5 redirects, each hop checked (URL and connect-time guard).
 * `accept` and `wantBody` decide what is read at the end.
 */
export async function followChain(
  start: URL,
  chain: Chain,
  accept: string,
  beforeHop: (url: URL) => Promise<Failure | null>,
  wantBody: (status: number, headers: http.IncomingHttpHeaders) => boolean,
): Promise<{ ok: true; url: URL; response: RawResponse } | Failure> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const stop = await beforeHop(url);
    if (stop) return stop;
    let response: RawResponse;
    try {
      response = await request(url, { ...chain, accept }, (status, headers) => !(REDIRECTS.has(status) && headers.location) && wantBody(status, headers));
    } catch (error) {
      return failureFromError(error, url, chain.signal, chain.outer);
    }
    if (REDIRECTS.has(response.status) && response.location) {
      if (hop >= MAX_REDIRECTS) return failure("http", `The page redirected more than ${MAX_REDIRECTS} times, so LaunchKit stopped following it.`);
      let next: URL;
      try {
        next = new URL(response.location, url);
      } catch {
        return failure("http", "The page redirected to an address that is not valid.");
      }
      next.hash = "";
      const checked = checkUrl(next);
      if (!checked.ok) {
        // Whatever the reason (a private address, another scheme or port, credentials), a redirect there is refused.
        const where = next.host || `a ${next.protocol.replace(/:$/, "")}: address`;
        const what = checked.reason === "blocked" ? (isIP(next.hostname.replace(/^\[|\]$/g, "")) ? ", an address in a private or reserved network" : ", a host that is not on the public internet") : "";
        return failure("blocked", `The page redirected to ${where}${what}, which LaunchKit never fetches.`);
      }
      url = checked.url;
      continue;
    }
    return { ok: true, url, response };
  }
}

function httpMessage(status: number) {
  if (status === 404 || status === 410) return `The page answered with HTTP ${status}${status === 404 ? " (not found)" : ""}.`;
  if (status === 401 || status === 403) return `The site refused LaunchKit's request (HTTP ${status}): the page may need a login, or the site turns bots away.`;
  if (status === 429) return "The site asked LaunchKit to slow down (HTTP 429); the next check tries again.";
  if (status >= 500) return `The site had a server error (HTTP ${status}); the next check tries again.`;
  return `The page answered with HTTP ${status}.`;
}

function isHtml(contentType: string) {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

/**
 * Fetches one competitor page safely (see the top of this file). Never throws:
 * every failure is an outcome with a reason and a sentence for the founder.
 */
export async function fetchPage(input: string, opts: FetchOptions = {}): Promise<FetchOutcome> {
  const checked = checkUrl(input);
  if (!checked.ok) return failure(checked.reason, checked.message);
  const start = checked.url;
  start.hash = "";
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolve = opts.resolve ?? systemResolver;
  const allowLoopback = loopbackAllowed();
  const host = start.host.toLowerCase();
  try {
    return await oneAtATime(host, opts.signal, async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort({ timeout: true }), timeoutMs);
      const onOuterAbort = () => controller.abort(opts.signal?.reason);
      opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
      const chain: Chain = { signal: controller.signal, outer: opts.signal, maxBytes, resolve, allowLoopback };
      try {
        const result = await followChain(
          start,
          chain,
          "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          (url) => robotsAllows(url, (robotsUrl, robotsMaxBytes) =>
            followChain(robotsUrl, { ...chain, maxBytes: robotsMaxBytes }, "text/plain,*/*;q=0.5", async () => null, (status) => status >= 200 && status < 300),
          ),
          (status, headers) => status >= 200 && status < 300 && isHtml(String(headers["content-type"] ?? "")),
        );
        if (!result.ok) return result;
        const { response, url } = result;
        const contentType = String(response.headers["content-type"] ?? "");
        if (response.status < 200 || response.status >= 300) {
          return failure("http", httpMessage(response.status));
        }
        if (!isHtml(contentType)) {
          return failure("not_html", `The address serves ${contentType.split(";")[0]!.trim() || "something without a type"}, not a web page, so there is no text to watch.`);
        }
        return { ok: true as const, url: url.toString(), status: response.status, contentType, body: decode(response.body ?? Buffer.alloc(0), contentType) };
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", onOuterAbort);
      }
    });
  } catch {
    // Only an abort while waiting for the host's turn lands here.
    return failure("network", "The fetch was cancelled.");
  }
}

