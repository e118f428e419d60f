import type { IncomingMessage } from "node:http";
import { isbot } from "isbot";
import type { DeviceClass } from "~/platform/db/schema";

/**
 * What a request to a published page says about its visitor, read the same
 * way on the page cache's hit path (a Node request, before Express) and in
 * the page's loader (a Fetch request): whether it is a visit at all, where
 * it came from, and the kind of device. Pure functions; nothing here is
 * stored but the results.
 */

type HeaderValue = string | string[] | undefined;
/** The headers this module reads, from either kind of request. */
export type VisitHeaders = { get(name: string): string | null | undefined };

export function nodeHeaders(req: Pick<IncomingMessage, "headers">): VisitHeaders {
  return { get: (name) => first(req.headers[name]) };
}

function first(v: HeaderValue): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export type SkipReason = "method" | "prefetch" | "bot";

/** What a user agent says, worked out once per distinct string (a busy page sees few). */
type AgentFacts = { bot: boolean; device: DeviceClass };
const agents = new Map<string, AgentFacts>();
const AGENT_CACHE_SIZE = 2_000;

function agentFacts(ua: string): AgentFacts {
  let facts = agents.get(ua);
  if (!facts) {
    facts = { bot: isbot(ua), device: deviceClass(ua) };
    if (agents.size >= AGENT_CACHE_SIZE) agents.delete(agents.keys().next().value!);
    agents.set(ua, facts);
  }
  return facts;
}

/**
 * Why a request is not a visit, or null when it is one. Not counted:
 * - anything but GET (HEAD asks for headers only; nobody saw the page);
 * - a prefetch or prerender (`Sec-Purpose: prefetch` / `prefetch;prerender`,
 *   or the older `Purpose: prefetch`): the browser fetched the page in case
 *   someone opens it, and may never show it;
 * - bots, by the isbot package's list (crawlers, link previews, headless
 *   browsers, curl and HTTP libraries), and requests with no user agent at all.
 * The signed-in owner is left out by the caller (it needs the session).
 */
/** A user agent on the isbot list (the answer remembered per string). */
export function isBotAgent(ua: string): boolean {
  return agentFacts(ua).bot;
}

export function skipReason(method: string | undefined, headers: VisitHeaders): SkipReason | null {
  if (method !== "GET") return "method";
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender") || purpose.includes("preview")) return "prefetch";
  const ua = headers.get("user-agent");
  if (!ua || agentFacts(ua).bot) return "bot";
  return null;
}

/**
 * The device class from the user agent, by a small rule set (in this order):
 * - tablet: iPad, "Tablet", Kindle/Silk, PlayBook, or Android without "Mobile"
 *   (Android phones' browsers say "Mobile", tablets' do not);
 * - mobile: "Mobi" (every major phone browser), iPhone, iPod, Windows Phone,
 *   BlackBerry, Opera Mini;
 * - desktop: everything else. An iPad asking for the desktop site (Safari's
 *   default since iPadOS 13) says it is a Mac and is counted as desktop.
 */
export function deviceClass(ua: string | null | undefined): DeviceClass {
  if (!ua) return "desktop";
  if (/iPad|Tablet|Kindle|Silk\/|PlayBook/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini/i.test(ua)) return "mobile";
  return "desktop";
}

/** The device class of a request's user agent (cached per string). */
export function deviceOf(headers: VisitHeaders): DeviceClass {
  const ua = headers.get("user-agent");
  return ua ? agentFacts(ua).device : "desktop";
}

export type TrafficSource = { source: string; medium: string; campaign: string; content: string };

/** The longest source, medium, campaign or content kept; longer values are cut. */
const FIELD_MAX = 100;

/** A UTM value as kept: trimmed, lower-case, control characters dropped, at most FIELD_MAX characters. */
function utmValue(raw: string | null): string {
  if (!raw) return "";
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().toLowerCase().slice(0, FIELD_MAX);
}

/** A host name without "www." and without the port, lower-case. */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, "").replace(/^www\./, "");
}

/**
 * Where a visit came from:
 * - `utm_source`, `utm_medium`, `utm_campaign` and `utm_content` of the
 *   page's own address, when present, win (a link in a newsletter says which
 *   newsletter; `utm_content` which of a campaign's links or posts);
 * - otherwise the source is the referrer's host name (without "www."): only
 *   http(s) referrers, and never the page's own host (a visitor moving
 *   around the page, or coming back to it from its thank-you page);
 * - none of these: "" (direct, a bookmark, an app that sends no referrer).
 * `host` is the host the page was asked for (its Host header: LaunchKit's or
 * the founder's own domain).
 */
export function trafficSource(search: URLSearchParams | null, referer: string | null | undefined, host: string | null | undefined): TrafficSource {
  // Most visits have no query string (the page cache serves those): their source depends on the referrer alone.
  if (!search) return referer ? referrerSource(referer, host) : NO_SOURCE;
  const utm = (name: string) => utmValue(search?.get(name) ?? null);
  const medium = utm("utm_medium");
  const campaign = utm("utm_campaign");
  const content = utm("utm_content");
  // A waitlist's referral link (?r=<code>) is the source "referral", wherever the link was posted.
  let source = utm("utm_source") || (search.has("r") ? "referral" : "");
  if (!source && referer) source = refererHost(referer, host);
  return { source, medium, campaign, content };
}

const NO_SOURCE: TrafficSource = Object.freeze({ source: "", medium: "", campaign: "", content: "" });
const referrers = new Map<string, TrafficSource>();

/** The source of a visit without UTM fields, remembered per referrer and host (a busy page sees the same few). */
function referrerSource(referer: string, host: string | null | undefined): TrafficSource {
  const key = `${host ?? ""} ${referer}`;
  let found = referrers.get(key);
  if (!found) {
    const source = refererHost(referer, host);
    found = source ? Object.freeze({ source, medium: "", campaign: "", content: "" }) : NO_SOURCE;
    if (referrers.size >= AGENT_CACHE_SIZE) referrers.delete(referrers.keys().next().value!);
    referrers.set(key, found);
  }
  return found;
}

function refererHost(referer: string, host: string | null | undefined): string {
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const from = bareHost(url.host);
  if (!from || (host && from === bareHost(host))) return "";
  return from.slice(0, FIELD_MAX);
}

/** The query string of a Node request's URL, or null when it has none. */
export function searchOf(url: string | undefined): URLSearchParams | null {
  const q = url?.indexOf("?") ?? -1;
  return q === -1 ? null : new URLSearchParams(url!.slice(q + 1));
}

/**
 * The client's IP address of a Node request as Express works it out for the
 * rest of the app (`req.ip`, with `trust proxy` set to TRUST_PROXY): the
 * first X-Forwarded-For address when the proxy is trusted, else the
 * connection's own address. Never X-Forwarded-For without TRUST_PROXY.
 */
export function clientIpOf(req: Pick<IncomingMessage, "headers" | "socket">, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = first(req.headers["x-forwarded-for"]);
    const leftmost = forwarded?.split(",")[0]?.trim();
    if (leftmost) return leftmost;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** The host a Node request was made to, as the rest of the app reads it (X-Forwarded-Host behind a trusted proxy). */
export function hostOf(req: Pick<IncomingMessage, "headers">, trustProxy: boolean): string {
  const forwarded = trustProxy ? first(req.headers["x-forwarded-host"])?.split(",")[0]?.trim() : undefined;
  return forwarded || first(req.headers.host) || "";
}

/**
 * The address a visitor's new browsers are capped by: an IPv4 address as it
 * is, an IPv6 address's /64 (one home or phone is given a whole /64 and may
 * change the rest at will), an IPv4 address mapped into IPv6 as IPv4.
 */
export function addressOf(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(":")) return bare;
  const [head = "", tail] = bare.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
