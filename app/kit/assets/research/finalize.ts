import type { GenerationInput } from "~/kit/input";
import type { Brand } from "~/kit/brand/brand";
import { alternativeCategories, unresearchedCompetitor } from "./builtin";
import { sameCompetitor } from "./competitors";
import type { Competitor, OfflineReason, ResearchContent, ResearchDraft } from "./schema";
import type { SourceIndex } from "./sources";

/**
 * From the model's draft to the stored snapshot. The honesty rules live here:
 * - a source link is kept only if the web search returned it (SourceIndex);
 *   every other URL is dropped;
 * - a competitor's website is kept only if the search returned pages on that
 *   host and the host looks like the competitor's name;
 * - a competitor is "verified" only with at least one kept source; without
 *   web access none is, and no market claim is kept at all;
 * - the competitors the founder named come first (an unresearched entry
 *   stands in for one the model left out), then the model's others, then,
 *   to make five, categories of alternatives.
 */

export type FinalizeOptions = {
  index: SourceIndex;
  webAccess: boolean;
  offlineReason: OfflineReason | null;
  named: readonly string[];
  input: GenerationInput;
  brand: Brand;
  now: Date;
};

const unique = <T,>(xs: T[]) => [...new Set(xs)];

/** "wagwalking.com" looks like "Wag!"; "techcrunch.com" does not look like "Rover". */
export function hostLooksLike(url: string, name: string) {
  const host = new URL(url).hostname.replace(/^www\./, "").split(".").slice(0, -1).join("").replace(/[^a-z0-9]/g, "");
  const n = name.toLowerCase().replace(/\.(com|io|co|net|org|app)\b/g, "").replace(/[^a-z0-9]/g, "");
  return n.length >= 3 && host.length >= 2 && (host.includes(n) || n.includes(host));
}

export function finalizeResearch(draft: ResearchDraft, o: FinalizeOptions): ResearchContent {
  const keep = (urls: readonly string[]) => (o.webAccess ? unique(urls.map((u) => o.index.find(u)).filter((u): u is string => u !== null)).slice(0, 5) : []);
  const toCompetitor = (c: ResearchDraft["competitors"][number], namedByFounder: boolean): Competitor => {
    const sources = keep(c.sources);
    const site = o.webAccess && c.website ? o.index.siteOf(c.website) : null;
    return {
      name: c.name,
      positioning: c.positioning,
      pricingModel: c.pricingModel,
      strength: c.strength,
      weakness: c.weakness,
      difference: c.difference,
      website: site && hostLooksLike(site, c.name) ? site : null,
      sources,
      namedByFounder,
      verified: o.webAccess && sources.length > 0,
    };
  };

  const remaining = [...draft.competitors];
  const ordered: Competitor[] = [];
  for (const name of o.named) {
    const i = remaining.findIndex((c) => sameCompetitor(c.name, name));
    if (i >= 0) ordered.push(toCompetitor(remaining.splice(i, 1)[0]!, true));
    else ordered.push(toCompetitor(unresearchedCompetitor(name, o.brand.name, o.brand.tagline), true));
  }
  for (const c of remaining) ordered.push(toCompetitor(c, false));
  for (const c of alternativeCategories(o.input, o.brand)) {
    if (ordered.length >= 5) break;
    if (!ordered.some((x) => sameCompetitor(x.name, c.name))) ordered.push(toCompetitor(c, false));
  }

  const claims = o.webAccess
    ? draft.marketClaims.map((c) => ({ claim: c.claim, sources: keep(c.sources) })).filter((c) => c.sources.length > 0)
    : [];

  return {
    webAccess: o.webAccess,
    offlineReason: o.webAccess ? null : o.offlineReason,
    icp: draft.icp,
    marketClaims: claims,
    competitors: ordered.slice(0, 5),
    sources: o.webAccess ? o.index.sources.slice(0, 40) : [],
    researchedAt: o.now.toISOString(),
  };
}

// ---- repair -----------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const clip = (v: unknown, max: number) => (typeof v === "string" && v.trim().length > max ? `${v.trim().slice(0, max - 1).replace(/\s+\S*$/, "")}…` : v);
const clipList = (v: unknown, max: number, each = 240) => (Array.isArray(v) ? v.slice(0, max).map((x) => clip(x, each)) : v);

/** Over-long texts cut with "…", over-long lists shortened; the caller validates again. */
export function repairResearchDraft(raw: unknown): unknown {
  if (!isRecord(raw)) return null;
  const icp = isRecord(raw.icp)
    ? {
        ...raw.icp,
        who: clip(raw.icp.who, 600),
        jobsToBeDone: clipList(raw.icp.jobsToBeDone, 5),
        pains: clipList(raw.icp.pains, 5),
        whereToReach: clipList(raw.icp.whereToReach, 6),
        buyingTriggers: clipList(raw.icp.buyingTriggers, 5),
        objections: clipList(raw.icp.objections, 5),
      }
    : raw.icp;
  const marketClaims = Array.isArray(raw.marketClaims)
    ? raw.marketClaims.slice(0, 6).map((c) => (isRecord(c) ? { ...c, claim: clip(c.claim, 400), sources: Array.isArray(c.sources) ? c.sources.slice(0, 5) : [] } : c))
    : [];
  const limits: Record<string, number> = { name: 80, positioning: 400, pricingModel: 240, strength: 300, weakness: 300, difference: 400 };
  const competitors = Array.isArray(raw.competitors)
    ? raw.competitors.slice(0, 7).map((c) => {
        if (!isRecord(c)) return c;
        const out: Record<string, unknown> = { ...c, website: typeof c.website === "string" ? c.website.slice(0, 400) : null, sources: Array.isArray(c.sources) ? c.sources.slice(0, 5) : [] };
        for (const [k, max] of Object.entries(limits)) out[k] = clip(c[k], max);
        return out;
      })
    : raw.competitors;
  return { ...raw, icp, marketClaims, competitors };
}
