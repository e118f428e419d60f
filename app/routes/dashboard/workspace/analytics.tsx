import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageFunnel, pageReport, pageTotals } from "~/features/analytics/report.server";
import { conversionRate, DOWNLOADED_COPY_LABEL, rangeOf, VISITORS_PER_ADDRESS, type Funnel } from "~/features/analytics/shared";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { BreakdownTable, DailyChart, DailyTable, FunnelSteps, RangeLinks, StatTiles } from "~/ui/analytics/analytics-ui";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { getConfig } from "~/platform/config.server";
import { experimentsReport } from "~/features/analytics/experiments/report.server";
import { ExperimentsSummary } from "~/features/analytics/experiments/ui";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Analytics · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * The Analytics section of a kit (owner only; another user's kit is a 404):
 * visits and leads of its published page over 7, 30 or 90 days, counted
 * without cookies or scripts (app/features/analytics, decision 026). Every plan sees
 * the totals; Pro sees the whole section.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const { fullAnalytics } = await entitlementsFor(kit.userId, new Date());
  const days = rangeOf(url.searchParams.get("days"));
  const page = await landingPageOf(kit.id);
  const state = !page ? "none" : page.takenDownAt ? "taken-down" : page.published ? "live" : "offline";
  const common = { days, state, slug: page?.slug ?? null, counting: getConfig().analytics };
  if (!fullAnalytics) {
    const { visitors, leads } = await pageTotals(page?.pageId, days);
    return { ...common, full: false as const, totals: { visitors, leads }, report: null };
  }
  // The running experiment's numbers (app/features/analytics/experiments), shown in the full report.
  const experiment = (await experimentsReport(kit.id)).running;
  const report = await pageReport(page?.pageId, days);
  return { ...common, full: true as const, totals: null, report, funnel: await pageFunnel(kit.id, report.totals, days), experiment };
}

export const action = refusePost;

function PageState({ state, kitId, counting }: { state: string; kitId: string; counting: boolean }) {
  if (!counting) return <Notice tone="warning">Counting is turned off on this LaunchKit server (ANALYTICS=off): no new visits are counted.</Notice>;
  if (state === "live") return null;
  const website = `/dashboard/kits/${kitId}/website`;
  return (
    <Notice tone="info">
      {state === "taken-down" ? "This page was taken down, so nobody can visit it. " : "Your landing page is not published, so nobody can visit it yet. "}
      {state === "taken-down" ? null : (
        <Link to={website} className="font-semibold underline underline-offset-2">
          Publish it from the landing page section
        </Link>
      )}
      {state === "taken-down" ? null : " and visits are counted from then on."}
    </Notice>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { days, state, counting } = loaderData;
  const base = `/dashboard/kits/${summary.id}/analytics`;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Analytics</h2>
          <p className="mt-1 text-sm text-slate-600">Your published page's visitors and leads, counted without cookies. The last {days} days.</p>
        </div>
        <RangeLinks base={base} days={days} />
      </div>
      <div className="mt-4">
        <PageState state={state} kitId={summary.id} counting={counting} />
      </div>
      {loaderData.full ? (
        <FullReport report={loaderData.report} funnel={loaderData.funnel} base={base} experiments={<ExperimentsSummary kitId={summary.id} running={loaderData.experiment} />} />
      ) : (
        <TotalsOnly totals={loaderData.totals} />
      )}
      <p className="mt-6 text-xs text-slate-500">
        A visitor is one person on one day (from a daily hash of their address and browser that is deleted after 48 hours; no cookie, no script).
        Every view of a visitor counts under the source of their first visit that day (a reload or a click back sends none). At most{" "}
        {VISITORS_PER_ADDRESS} new visitors a day come from one internet address; only their sign-ups count for an experiment's versions (the rest are still your leads). Your own visits while signed in, bots, and prefetches are not counted.{" "}
        <Link to="/privacy#analytics" className="underline underline-offset-2">What is counted</Link>
      </p>
    </>
  );
}

function TotalsOnly({ totals }: { totals: { visitors: number; leads: number } }) {
  return (
    <div className="mt-2 space-y-4">
      <StatTiles
        tiles={[
          { label: "Visitors", value: totals.visitors.toLocaleString("en-US"), testId: "analytics-visitors" },
          { label: "Leads", value: totals.leads.toLocaleString("en-US"), testId: "analytics-leads" },
        ]}
      />
      <div data-testid="analytics-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">See where your visitors come from with Pro</p>
        <p className="mt-1">
          Views and conversion rate, a daily chart and table, a funnel from views to leads who stay subscribed, top sources, campaigns and launch links, devices, a CSV
          of the daily numbers, and A/B experiments on your headline.
        </p>
        <Link to="/pricing" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
          Compare plans →
        </Link>
      </div>
    </div>
  );
}

function FullReport({ report, funnel, base, experiments }: { report: NonNullable<Route.ComponentProps["loaderData"]["report"]>; funnel: Funnel; base: string; experiments: ReactNode }) {
  const t = report.totals;
  const downloaded = report.origins.find((o) => o.key === "download");
  return (
    <div className="mt-2 space-y-6">
      <StatTiles
        tiles={[
          { label: "Visitors", value: t.visitors.toLocaleString("en-US"), testId: "analytics-visitors" },
          { label: "Views", value: t.views.toLocaleString("en-US"), testId: "analytics-views" },
          { label: "Leads", value: t.leads.toLocaleString("en-US"), testId: "analytics-leads" },
          { label: "Conversion rate", value: conversionRate(t), testId: "analytics-conversion", note: "leads per visitor" },
        ]}
      />
      <Panel
        title="Visitors a day"
        id="daily-heading"
        actions={
          <a href={`${base}.csv?days=${report.days}`} download className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            Download the daily rows (CSV)
          </a>
        }
      >
        <DailyChart daily={report.daily} />
        <DailyTable daily={report.daily} />
      </Panel>
      <Panel title="From a view to a lead who stays" id="funnel-heading">
        <FunnelSteps funnel={funnel} />
        <p className="mt-3 text-xs text-slate-500">
          Leads are the sign-ups stored in these days. Confirmed: they clicked the link in the confirmation e-mail (sent when double opt-in is on in the E-mail section).
          Still subscribed: their e-mail is still active today, counted for the leads who signed up at least that long ago.
        </p>
      </Panel>
      {/* ---- Experiments: the running experiment at a glance, between the daily numbers and the breakdowns. ---- */}
      {experiments}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Top sources" id="sources-heading">
          <BreakdownTable rows={report.sources} heading="Source" testId="analytics-sources" empty="No visits with a source yet." />
          <p className="mt-3 text-xs text-slate-500">
            A link's utm_source, else the site the visitor came from, at their first visit of the day: their later views and their sign-up count there too. Direct: typed
            in, a bookmark, or an app that does not say.
          </p>
        </Panel>
        <Panel title="Campaigns" id="campaigns-heading">
          <BreakdownTable rows={report.campaigns} heading="Campaign" testId="analytics-campaigns" empty="No visits from links with a utm_campaign yet." />
          <p className="mt-3 text-xs text-slate-500">A link's utm_campaign, with its utm_source and utm_medium.</p>
        </Panel>
        <Panel title="Launch links" id="links-heading">
          <BreakdownTable rows={report.links} heading="Campaign · link" testId="analytics-links" empty="No visits from links with a utm_campaign or utm_content yet." />
          <p className="mt-3 text-xs text-slate-500">
            Each link of a launch by its utm_campaign and utm_content (for example ?utm_campaign=launch&amp;utm_content=maker-comment), to see which post or button brought people.
          </p>
        </Panel>
        <Panel title="Devices" id="devices-heading">
          <BreakdownTable rows={report.devices} heading="Device" testId="analytics-devices" empty="No visits yet." device />
        </Panel>
        <Panel title="Where it was seen" id="origins-heading">
          <BreakdownTable rows={report.origins} heading="Page" testId="analytics-origins" empty="No visits yet." />
          <p className="mt-3 text-xs text-slate-500">
            {downloaded
              ? `A ${DOWNLOADED_COPY_LABEL} is the downloaded index.html hosted elsewhere: it counts through a 1×1 image, which does not say where its visitors came from.`
              : `A ${DOWNLOADED_COPY_LABEL} (the downloaded index.html hosted elsewhere) counts here too, through a 1×1 image on LaunchKit.`}
          </p>
        </Panel>
      </div>
    </div>
  );
}
