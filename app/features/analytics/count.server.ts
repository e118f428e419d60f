import type { IncomingMessage } from "node:http";
import { getUser } from "~/features/auth/index.server";
import { getConfig } from "~/platform/config.server";
import type { AnalyticsOrigin } from "~/platform/db/schema";
import { kitForUser } from "~/kit/kits.server";
import { logError } from "~/platform/log.server";
import { assignArm } from "~/features/analytics/experiments/assign.server";
import { runningExperimentOfPage } from "~/features/analytics/experiments/experiments.server";
import { armKeys } from "~/features/analytics/experiments/variant";
import { utcDay } from "~/platform/jobs/schedule.server";
import { Collector, visitorHash, type Attribution } from "./collector.server";
import { isPixelSignature } from "~/kit/assets/landing/pixel-signature.server";
import { existingSalt, saltFor } from "./salts.server";
import { clientIpOf, deviceOf, hostOf, isBotAgent, nodeHeaders, searchOf, skipReason, trafficSource, type VisitHeaders } from "./visit.server";

/**
 * Where visits are counted: the published page's loader (a page rendered
 * for this request), the page cache's hit path (the same page answered from
 * memory, before Express), and the downloaded copy's 1×1 image. One
 * collector per process (collector.server.ts) gathers them.
 */

const collector = new Collector();

/** This process's collector (tests flush it; the bench's SIGTERM does too). */
export function analyticsCollector() {
  return collector;
}

const enabled = () => getConfig().analytics;

/**
 * A cached copy of a published page remembers which page (and variant) it
 * is: the loader puts this in its response's PAGE_CACHE_TAG header, and a
 * hit hands it back to `countCachedPage`.
 */
const TAG_PREFIX = "analytics ";

export function viewTag(pageId: string, variant = ""): string {
  return variant ? `${TAG_PREFIX}${pageId} ${variant}` : `${TAG_PREFIX}${pageId}`;
}

function parseViewTag(tag: string): { pageId: string; variant: string } | null {
  const [pageId, variant = ""] = tag.slice(TAG_PREFIX.length).split(" ");
  return tag.startsWith(TAG_PREFIX) && pageId ? { pageId, variant } : null;
}

function record(pageId: string, origin: AnalyticsOrigin, variant: string, ip: string, headers: VisitHeaders, search: URLSearchParams | null, host: string) {
  collector.record({
    pageId,
    origin,
    variant,
    ip,
    userAgent: headers.get("user-agent") ?? "",
    // A downloaded copy's image request only names the site hosting the copy: no source.
    from: origin === "download" ? { source: "", medium: "", campaign: "", content: "" } : trafficSource(search, headers.get("referer"), host),
    device: deviceOf(headers),
    at: Date.now(),
  });
  collector.start();
}

/**
 * The page cache answered a published page. A request with a session
 * cookie never gets a cached page, so the owner never reaches this path;
 * the rest of the filters apply as in the loader.
 */
export function countCachedPage(req: IncomingMessage, tag: string) {
  const config = getConfig();
  if (!config.analytics || !tag.startsWith(TAG_PREFIX)) return;
  const h = req.headers;
  const ua = h["user-agent"];
  // The common case first, without building anything: a browser's GET, no prefetch.
  if (req.method !== "GET" || !ua || h["sec-purpose"] || h.purpose || h["x-purpose"] ? skipReason(req.method, nodeHeaders(req)) : isBotAgent(ua)) return;
  const ip = clientIpOf(req, config.trustProxy);
  const host = hostOf(req, config.trustProxy);
  const referer = h.referer ?? "";
  collector.recordRepeat(`${tag}\n${ip}\n${ua}\n${referer}\n${host}\n${req.url}`, Date.now(), () => {
    const view = parseViewTag(tag)!;
    const headers = nodeHeaders(req);
    return { pageId: view.pageId, origin: "page", variant: view.variant, ip, userAgent: ua!, from: trafficSource(searchOf(req.url), referer, host), device: deviceOf(headers), at: Date.now() };
  });
  collector.start();
}

/** The signed-in owner of the kit, or an admin (looking at a page they may take down): not a visitor. */
async function ownerOrAdmin(request: Request, kitId: string): Promise<boolean> {
  if (!request.headers.get("cookie")) return false;
  const user = await getUser(request);
  if (!user) return false;
  return user.role === "admin" || !!(await kitForUser(kitId, user.id));
}

/**
 * A published page rendered for this request (slug or custom domain, any
 * query string): counted unless it is not a visit (HEAD, prefetch, bot) or
 * the visitor is its signed-in owner or an admin. Never throws: counting
 * must not cost a visitor their page.
 */
export async function countPageView(request: Request, ip: string, page: { pageId: string | null; kitId: string }, variant = "") {
  if (!enabled() || !page.pageId) return;
  try {
    if (skipReason(request.method, request.headers)) return;
    if (await ownerOrAdmin(request, page.kitId)) return;
    const url = new URL(request.url);
    record(page.pageId, "page", variant, ip, request.headers, url.searchParams, url.host);
  } catch (error) {
    logError("analytics: counting a view failed", error);
  }
}

/**
 * A downloaded copy of the page was opened somewhere (its 1×1 image was
 * asked for): counted only with the page's signature in the image's address
 * (`?s=`, pixel-signature.server.ts), which only a copy made by LaunchKit has.
 */
export async function countDownloadedCopy(request: Request, ip: string, page: { pageId: string | null; kitId: string }) {
  if (!enabled() || !page.pageId) return;
  if (!isPixelSignature(page.pageId, new URL(request.url).searchParams.get("s"))) return;
  if (skipReason(request.method, request.headers)) return;
  if (await ownerOrAdmin(request, page.kitId)) return;
  record(page.pageId, "download", "", ip, request.headers, null, "");
}

/** What a new lead is stored with, and how it is counted once stored. */
export type LeadAttribution = {
  /** Where the visitor came from ("" direct), null when unknown (counting off). */
  source: string | null;
  /** The variant the visitor saw, null without one. */
  variant: string | null;
  /** Adds the lead to its visitor's hourly row: call it once the lead is stored as new. */
  count(): void;
};

/**
 * The version of the running experiment the server showed this visitor on
 * `day`: worked out again from their daily hash, as the page did
 * (app/features/analytics/experiments/page-copy.server.ts), so it is always one of the
 * experiment's versions. "" when the page runs no experiment or that day's
 * salt is gone.
 */
async function versionShown(pageId: string, ip: string, userAgent: string, day: string): Promise<string> {
  const experiment = await runningExperimentOfPage(pageId);
  if (!experiment) return "";
  const salt = day === utcDay(new Date()) ? await saltFor(day) : await existingSalt(day);
  return salt ? assignArm(experiment.id, visitorHash(salt, ip, userAgent, pageId), armKeys(experiment)) : "";
}

/**
 * Who posted a lead: the visitor with the same IP and user agent on the
 * page today (or yesterday), whose source and device the lead takes. The
 * experiment version is the one the server assigned to that visitor, worked
 * out again here: the form's `variant` field is never read (anybody can
 * post any value to /f/<page_id>). A lead from a downloaded copy saw no
 * experiment. A visitor never seen (counting off then, the owner, a copy
 * opened from disk, a page only prefetched) is attributed to the lead's own
 * request: UTM fields of the page it was posted from, else no source.
 *
 * A lead counts for the experiment (has a version) only when its visitor
 * was seen AND counted as a new visitor (inside the cap per address), and
 * only the first EXPERIMENT_LEADS_PER_ADDRESS of an address's such leads on
 * the page that day: otherwise one machine could fetch the page as many
 * browsers (prefetches and capped visitors cost nothing), keep those shown
 * the version it wants, and sign up from them. Such a lead is still stored
 * and counted as a lead, under no version.
 */
export async function attributeLead(request: Request, ip: string, page: { pageId: string | null }): Promise<LeadAttribution> {
  const pageId = page.pageId;
  if (!enabled() || !pageId) return { source: null, variant: null, count: () => {} };
  const at = Date.now();
  const origin = leadOrigin(request);
  const userAgent = request.headers.get("user-agent") ?? "";
  let found: (Attribution & { day: string; counted: boolean }) | null = null;
  try {
    found = await collector.visitorAttribution(pageId, ip, userAgent, at);
  } catch (error) {
    logError("analytics: looking up a lead's visitor failed", error);
  }
  const { day = utcDay(new Date(at)), counted = false, ...seen } = found ?? {};
  const attribution: Attribution = found ? (seen as Attribution) : { ...fromLeadRequest(request, origin), device: deviceOf(request.headers), variant: "" };
  try {
    const version = origin === "page" && counted ? await versionShown(pageId, ip, userAgent, day) : "";
    attribution.variant = version && (await collector.experimentLeadAllowed(pageId, ip, day)) ? version : "";
  } catch (error) {
    attribution.variant = "";
    logError("analytics: working out a lead's experiment version failed", error);
  }
  return {
    source: attribution.source,
    variant: attribution.variant || null,
    count: () => {
      collector.recordLead(pageId, origin, attribution, at);
      collector.start();
    },
  };
}

/** A lead posted from another site than the one it is posted to came from a downloaded copy. */
function leadOrigin(request: Request): AnalyticsOrigin {
  const referer = request.headers.get("referer");
  if (!referer) return "page";
  try {
    return new URL(referer).host === new URL(request.url).host ? "page" : "download";
  } catch {
    return "page";
  }
}

function fromLeadRequest(request: Request, origin: AnalyticsOrigin) {
  if (origin === "download") return { source: "", medium: "", campaign: "", content: "" };
  const referer = request.headers.get("referer");
  let search: URLSearchParams | null = null;
  try {
    if (referer) search = new URL(referer).searchParams;
  } catch {
    // no usable referrer
  }
  return trafficSource(search, null, null);
}

/** SIGTERM: stop the timer and write what was gathered; the last requests' counts are written once they are answered (`flushCounts`). */
export async function stopCounting() {
  collector.stop();
  await collector.flush().catch((error) => logError("analytics: writing counts at shutdown failed", error));
}

/** The end of a graceful stop: the counts of the last requests answered. */
export async function flushCounts() {
  await collector.flush().catch((error) => logError("analytics: writing the last counts failed", error));
}
