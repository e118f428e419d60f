import type { ReactNode } from "react";
import { SelfRefresh } from "~/ui/self-refresh";
import { Link, useLocation } from "react-router";
import { StatusBadge } from "~/ui/kit-ui";
import type { WorkspaceSummary } from "~/features/workspace/workspace-summary";
import { useAssetEvents } from "./use-asset-events";

const STATUS_LABEL: Record<string, string> = { queued: "Queued", generating: "Generating…", ready: "Ready", failed: "Failed" };

export function AssetStatus({ status }: { status: string }) {
  const tone =
    status === "ready"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-600/20"
      : status === "failed"
        ? "bg-red-50 text-red-800 ring-red-600/20"
        : "bg-amber-50 text-amber-800 ring-amber-600/30";
  return (
    <span data-asset-status={status} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}

/**
 * Whether a tab is the current section: NavLink's own test (case-insensitive;
 * `end` for the overview, else the path or anything under it), made here once
 * per page. A NavLink resolves its path three times (its own, its view
 * transition's, the Link's): rendered on the server it cost twice the Link
 * it renders (docs/performance.md). The tabs' paths are absolute,
 * so the location is all the test needs.
 */
function isActiveTab(pathname: string, to: string, end: boolean) {
  const current = pathname.toLowerCase();
  const tab = to.toLowerCase();
  return current === tab || (!end && current.startsWith(tab) && current.charAt(tab.length) === "/");
}

/**
 * The frame of every workspace section: the kit's name and status, a
 * keyboard-reachable section nav (plain links), live updates with JS and a
 * self-refreshing page without JS while any asset is pending.
 */
export function WorkspaceShell({ summary, children, title }: { summary: WorkspaceSummary; children: ReactNode; title?: string }) {
  useAssetEvents(summary.id, summary.pending);
  const { pathname } = useLocation();
  const base = `/dashboard/kits/${summary.id}`;
  // The kit's own parts, then what grows the business from its published page (Pro's sections among them).
  const tabs = [{ to: base, label: "Overview", end: true }, ...summary.sections.map((s) => ({ to: `${base}/${s.path}`, label: s.label, end: false, status: s.status })), { to: `${base}/export`, label: "Export", end: false }];
  const growTabs = [
    { to: `${base}/analytics`, label: "Analytics" },
    { to: `${base}/email`, label: "E-mail" },
    { to: `${base}/waitlist`, label: "Waitlist" },
    { to: `${base}/competitors`, label: "Competitors" },
    { to: `${base}/month`, label: "This month" },
    { to: `${base}/review`, label: "Strategy review" },
  ];
  return (
    <main className="container-page pt-28 pb-12">
      {summary.pending ? (
        <SelfRefresh seconds={3} />
      ) : null}
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
        ← Back to dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Launch kit</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title ?? summary.name}</h1>
        </div>
        <StatusBadge status={summary.status} />
      </div>
      <nav aria-label="Kit sections" className="mt-6 -mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {tabs.map((t) => {
            const active = isActiveTab(pathname, t.to, t.end);
            return (
              <li key={t.to}>
                <Link
                  to={t.to}
                  prefetch="intent"
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold ${active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
                >
                  {t.label}
                  {"status" in t && t.status !== "ready" ? <AssetStatus status={t.status!} /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-2 flex flex-wrap items-center gap-x-1 gap-y-1">
          <span id="grow-tabs" className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Grow
          </span>
          <ul aria-labelledby="grow-tabs" className="flex flex-wrap gap-1">
            {growTabs.map((t) => {
              const active = isActiveTab(pathname, t.to, false);
              return (
                <li key={t.to}>
                  <Link
                    to={t.to}
                    prefetch="intent"
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex rounded-full px-3 py-1.5 text-sm font-semibold ${active ? "bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-200" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`}
                  >
                    {t.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </nav>
      {summary.pending ? (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          Parts of this kit are still being generated. They appear here as soon as they are ready.
        </p>
      ) : null}
      <PlanBar plan={summary.plan} />
      <div className="mt-6">{children}</div>
    </main>
  );
}

/** A card of a section. */
export function Panel({ title, children, actions, id }: { title: string; children: ReactNode; actions?: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* scroll-mt: a link to the panel (#seo) lands below the fixed navbar, not under it. */}
        <h2 id={id} className="scroll-mt-28 text-base font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The owner's plan under the tabs: watermark or not, and the month's regenerations (app/features/billing). */
function PlanBar({ plan }: { plan: WorkspaceSummary["plan"] }) {
  const { left, limit } = plan.regenerations;
  return (
    <div data-testid="plan-bar" className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-1 text-xs text-slate-600">
      <p>
        <span className="font-semibold text-slate-800">{plan.name}</span>
        {plan.watermarked ? (
          <>
            {" "}· previews are watermarked, downloads and the ZIP come with a paid plan.{" "}
            <Link to="/pricing" className="font-semibold text-brand-700 hover:text-brand-800">
              Upgrade
            </Link>
          </>
        ) : (
          " · every download and the ZIP, no watermark."
        )}
      </p>
      <p data-testid="regenerations-left">
        <Link to="/account" className="hover:text-slate-900">
          Regenerations: <span className="font-semibold text-slate-800">{left} of {limit}</span> left this month
        </Link>
      </p>
    </div>
  );
}
