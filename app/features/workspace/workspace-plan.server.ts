import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { PLAN_NAMES } from "~/kit/plans/plans";
import { regenerationAllowance } from "~/kit/plans/regenerations.server";

/** What the kit workspace shows of its owner's plan: the plan bar under the section tabs. */
export async function workspacePlan(userId: string) {
  const now = new Date();
  const e = await entitlementsFor(userId, now);
  const r = await regenerationAllowance(userId, now, e.monthlyRegenerations);
  return {
    name: PLAN_NAMES[e.effectivePlan],
    paid: e.paid,
    watermarked: e.watermarked,
    canDownload: e.canDownload,
    canPreviewGuidelines: e.canPreviewGuidelines,
    canExport: e.canExport,
    /** The whole Analytics section and experiments (Pro); without it, the totals. */
    fullAnalytics: e.fullAnalytics,
    regenerations: { used: r.used, limit: r.limit, left: r.left, resetsOn: r.resetsOn.toISOString().slice(0, 10) },
  };
}

export type WorkspacePlan = Awaited<ReturnType<typeof workspacePlan>>;
