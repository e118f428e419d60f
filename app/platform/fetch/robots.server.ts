import robotsParser from "robots-parser";
import type { FetchFailure } from "./fetch-failure";

/**
 * Reads /robots.txt through the caller's safe fetcher (its address checks, redirects and deadline),
 * at most `maxBytes`, keeping the body of a 2xx answer. Passed in by safe-fetch.server.ts, which
 * checks robots.txt before each hop, so neither module imports the other.
 */
export type RobotsReader = (
  robotsUrl: URL,
  maxBytes: number,
) => Promise<{ ok: true; response: { status: number; body: Buffer | null } } | FetchFailure>;

/**
 * robots.txt for the competitor watch, read through the same safe fetcher
 * (same address checks, redirects, deadline) and kept per origin for the
 * run (a few minutes). RFC 9309: a missing robots.txt (4xx) allows
 * everything; a server error (5xx) means "don't crawl now".
 */

/** The token robots.txt groups are matched against (the product token of our User-Agent). */
export const ROBOTS_AGENT = "LaunchKitBot";
const ROBOTS_MAX_BYTES = 512 * 1024;
const CACHE_MS = 10 * 60 * 1000;

type Verdict = { kind: "rules"; robots: ReturnType<typeof robotsParser> } | { kind: "allow" } | { kind: "server_error"; status: number };

const cache = new Map<string, { until: number; verdict: Promise<Verdict | FetchFailure> }>();

/** Tests (and a new run) start with no remembered robots.txt. */
export function clearRobotsCache() {
  cache.clear();
}

async function load(origin: string, read: RobotsReader): Promise<Verdict | FetchFailure> {
  const robotsUrl = new URL("/robots.txt", origin);
  const result = await read(robotsUrl, ROBOTS_MAX_BYTES);
  if (!result.ok) {
    // Unreachable (timeout, network) is "don't crawl now": that failure is the page's.
    // Too large, too many redirects or a redirect LaunchKit never follows: treated as no
    // robots.txt (RFC 9309 5.1 / 2.3.1.2); the page's own address is checked on its own.
    return result.reason === "timeout" || result.reason === "network" ? result : { kind: "allow" };
  }
  const { status } = result.response;
  if (status >= 500) return { kind: "server_error", status };
  if (status < 200 || status >= 300 || !result.response.body) return { kind: "allow" };
  const text = new TextDecoder("utf-8").decode(result.response.body);
  return { kind: "rules", robots: robotsParser(robotsUrl.toString(), text) };
}

/**
 * Null when robots.txt lets LaunchKitBot fetch `url`; otherwise why not (the
 * robots rule, or the failure that kept robots.txt from being read, such as a
 * blocked address or a timeout).
 */
export async function robotsAllows(url: URL, read: RobotsReader): Promise<FetchFailure | null> {
  const origin = url.origin;
  const now = Date.now();
  let entry = cache.get(origin);
  if (!entry || entry.until < now) {
    entry = { until: now + CACHE_MS, verdict: load(origin, read) };
    cache.set(origin, entry);
  }
  const verdict = await entry.verdict;
  if ("ok" in verdict) {
    // A failed read is not remembered: the next page (or run) tries again.
    if (cache.get(origin) === entry) cache.delete(origin);
    return verdict;
  }
  if (verdict.kind === "allow") return null;
  if (verdict.kind === "server_error") {
    return {
      ok: false,
      reason: "robots",
      message: `${url.hostname}'s robots.txt answered with a server error (HTTP ${verdict.status}), so LaunchKit didn't fetch the page this time.`,
    };
  }
  if (verdict.robots.isAllowed(url.toString(), ROBOTS_AGENT) === false) {
    return { ok: false, reason: "robots", message: `${url.hostname}'s robots.txt asks bots like LaunchKit's not to read this page, so it isn't fetched.` };
  }
  return null;
}
