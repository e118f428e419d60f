import type { IncomingMessage } from "node:http";
import { visitorHash } from "~/features/analytics/collector.server";
import { saltFor, saltInMemory } from "~/features/analytics/salts.server";
import { clientIpOf } from "~/features/analytics/visit.server";
import { getConfig } from "~/platform/config.server";
import type { Experiment } from "~/platform/db/schema";
import type { PublicPage } from "~/kit/assets/landing/public-page";
import type { LandingContent } from "~/kit/assets/landing/schema";
import { pageCacheGeneration, setPageVariants, type VariantRequest } from "~/platform/render/page-cache.server";
import { utcDay } from "~/platform/jobs/schedule.server";
import { assignArm } from "./assign.server";
import { runningExperimentOfPage } from "./experiments.server";
import { armKeys, contentForArm } from "./variant";

/**
 * The copy a visit to a published page is shown while an experiment runs on
 * it: the arm assigned to the visitor (a hash of the experiment and the
 * visitor's daily hash, no cookie), with the arm's text in place of the
 * field. The same choice is made on the page cache's hit path, before the
 * loader runs, so the cache keeps one copy per arm and hands each visitor
 * theirs (setPageVariants, app/platform/render/page-cache.server.ts).
 */

/** The arm of this experiment for a visitor of the page, given the day's salt. */
function armOf(experiment: Pick<Experiment, "id">, keys: readonly string[], salt: string, ip: string, userAgent: string, pageId: string): string {
  return assignArm(experiment.id, visitorHash(salt, ip, userAgent, pageId), keys);
}

/**
 * The page cache's chooser for a page running `experiment`: synchronous, so
 * only with the day's salt already in memory; without it (the first request
 * of a day on this instance) the request is rendered, and its loader reads
 * the salt.
 */
function chooser(experiment: Experiment, pageId: string, keys: readonly string[]) {
  return (req: VariantRequest): string | undefined => {
    const salt = saltInMemory(utcDay(new Date()));
    if (!salt) return undefined;
    const ip = req.socket ? clientIpOf(req as Pick<IncomingMessage, "headers" | "socket">, getConfig().trustProxy) : "unknown";
    const ua = req.headers["user-agent"];
    return armOf(experiment, keys, salt, ip, (Array.isArray(ua) ? ua[0] : ua) ?? "", pageId);
  };
}

/**
 * The content to render for this request, and its arm ("" when the page
 * runs no experiment). `ip` is the client's address as the rest of the app
 * reads it (the request context's), which is what the cache's chooser reads
 * from the connection.
 */
export async function copyForVisit(data: PublicPage, request: Request, ip: string): Promise<{ content: LandingContent; variant: string }> {
  const since = pageCacheGeneration();
  const path = `/p/${data.page.slug}`;
  const pageId = data.page.pageId;
  const experiment = pageId && getConfig().analytics ? await runningExperimentOfPage(pageId) : undefined;
  if (!pageId || !experiment) {
    setPageVariants(path, null, since);
    return { content: data.content, variant: "" };
  }
  const keys = armKeys(experiment);
  const salt = await saltFor(utcDay(new Date()));
  const key = armOf(experiment, keys, salt, ip, request.headers.get("user-agent") ?? "", pageId);
  setPageVariants(path, chooser(experiment, pageId, keys), since);
  return { content: contentForArm(data.content, experiment, key), variant: key };
}
