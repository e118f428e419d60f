import { pageReport, dailyCsv } from "~/features/analytics/report.server";
import { rangeOf } from "~/features/analytics/shared";
import { requireFullAnalytics } from "~/kit/plans/entitlements.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/analytics-csv";

/** The daily rows of the Analytics section as CSV (owner only, Pro: the rest get the /upgrade page). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  await requireFullAnalytics(user.id, `/dashboard/kits/${kit.id}/analytics`);
  const days = rangeOf(url.searchParams.get("days"));
  const page = await landingPageOf(kit.id);
  const report = await pageReport(page?.pageId, days);
  return new Response(dailyCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${page?.slug ?? "landing-page"}-${report.from}-to-${report.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = refusePost;
