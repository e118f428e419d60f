import { Link } from "react-router";
import { CHART, CHART_COMPACT, chartGeometry, shortDay, type ChartSize } from "~/analytics/chart";
import { conversionRate, DEVICE_LABELS, RANGES, type BreakdownRow, type DailyRow, type RangeDays } from "~/analytics/shared";

/** The view pieces of a kit's Analytics section (app/routes/dashboard/workspace/analytics.tsx). */

const n = (v: number) => v.toLocaleString("en-US");

/** 7 / 30 / 90 days: plain links (no script needed), the current one marked. */
export function RangeLinks({ base, days }: { base: string; days: RangeDays }) {
  return (
    <nav aria-label="Time range">
      <ul className="flex gap-1 rounded-xl bg-slate-100 p-1 text-sm font-semibold">
        {RANGES.map((d) => (
          <li key={d}>
            <Link
              to={`${base}?days=${d}`}
              aria-current={d === days ? "page" : undefined}
              className={`block rounded-lg px-3 py-1.5 ${d === days ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {d} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StatTiles({ tiles }: { tiles: Array<{ label: string; value: string; testId: string; note?: string }> }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 sm:gap-4 ${tiles.length > 2 ? "lg:grid-cols-4" : ""}`}>
      {tiles.map((t) => (
        <div key={t.testId} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <dt className="text-sm font-medium text-slate-600">{t.label}</dt>
          <dd data-testid={t.testId} className="mt-2 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
            {t.value}
          </dd>
          {t.note ? <dd className="mt-1 text-xs text-slate-500">{t.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * Visitors a day as bars, leads inside them, drawn on the server. Each bar
 * has a <title> (the browser shows it on hover, no script) and the whole
 * chart is described for screen readers; the same numbers follow as a table.
 */
export function DailyChart({ daily }: { daily: DailyRow[] }) {
  const total = daily.reduce((s, d) => s + d.visitors, 0);
  const peak = daily.reduce((best, d) => (d.visitors > best.visitors ? d : best), daily[0]!);
  const summary = total
    ? `Visitors a day from ${shortDay(daily[0]!.day)} to ${shortDay(daily.at(-1)!.day)}: ${n(total)} in all, most on ${shortDay(peak.day)} (${n(peak.visitors)}).`
    : `No visitors from ${shortDay(daily[0]!.day)} to ${shortDay(daily.at(-1)!.day)}.`;
  return (
    <figure>
      {/* One drawing per width (CSS shows one), so its text stays readable on a phone. */}
      <ChartSvg daily={daily} size={CHART} summary={summary} id="wide" className="hidden h-auto w-full sm:block" />
      <ChartSvg daily={daily} size={CHART_COMPACT} summary={summary} id="compact" className="h-auto w-full sm:hidden" />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#93c5fd]" /> Visitors
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#1d4ed8]" /> Leads
        </span>
        <span>Days are UTC days.</span>
      </figcaption>
    </figure>
  );
}

function ChartSvg({ daily, size, summary, id, className }: { daily: DailyRow[]; size: ChartSize; summary: string; id: string; className: string }) {
  const g = chartGeometry(daily, size);
  return (
    <svg data-testid="analytics-chart" data-size={id} viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-labelledby={`chart-title-${id} chart-desc-${id}`} className={className}>
      <title id={`chart-title-${id}`}>Visitors and leads a day</title>
      <desc id={`chart-desc-${id}`}>{summary}</desc>
      {g.ticks.map((t) => (
        <g key={t.value}>
          <line x1={size.left} x2={size.width - size.right} y1={t.y} y2={t.y} stroke="#e2e8f0" strokeWidth="1" />
          <text x={size.left - 6} y={t.y + size.font / 3} textAnchor="end" fontSize={size.font} fill="#64748b">
            {n(t.value)}
          </text>
        </g>
      ))}
      {g.bars.map((b) => (
        <g key={b.day} data-day={b.day}>
          <title>{`${shortDay(b.day)}: ${n(b.row.visitors)} visitors, ${n(b.row.views)} views, ${n(b.row.leads)} leads`}</title>
          {/* A transparent full-height target, so a day without visitors still shows its numbers on hover. */}
          <rect x={b.x} y={size.top} width={b.width} height={g.baseline - size.top} fill="transparent" />
          {b.visitorsHeight > 0 ? <rect x={b.x} y={b.visitorsY} width={b.width} height={b.visitorsHeight} rx="2" fill="#93c5fd" /> : null}
          {b.leadsHeight > 0 ? <rect x={b.x} y={b.leadsY} width={b.width} height={b.leadsHeight} rx="2" fill="#1d4ed8" /> : null}
        </g>
      ))}
      <line x1={size.left} x2={size.width - size.right} y1={g.baseline} y2={g.baseline} stroke="#94a3b8" strokeWidth="1" />
      {g.labels.map((l) => (
        <text key={l.x} x={l.x} y={g.baseline + size.font + 8} textAnchor="middle" fontSize={size.font} fill="#475569">
          {l.text}
        </text>
      ))}
    </svg>
  );
}

/** The chart's numbers, newest day first, in a box that scrolls (and takes the keyboard's focus to do so). */
export function DailyTable({ daily }: { daily: DailyRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Visitors, views and leads a day" className="mt-4 max-h-80 overflow-auto rounded-xl border border-slate-200">
      <table data-testid="analytics-daily-table" className="w-full whitespace-nowrap text-left text-sm tabular-nums">
        <caption className="sr-only">Visitors, views, leads and conversion rate a day, newest first</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Day</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Visitors</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Views</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Leads</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Conversion</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...daily].reverse().map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row" className="px-3 py-1.5 font-medium text-slate-800">
                <time dateTime={d.day}>{shortDay(d.day)}</time>
              </th>
              <td className="px-3 py-1.5 text-right">{n(d.visitors)}</td>
              <td className="px-3 py-1.5 text-right">{n(d.views)}</td>
              <td className="px-3 py-1.5 text-right">{n(d.leads)}</td>
              <td className="px-3 py-1.5 text-right">{conversionRate(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A top-N table: sources, campaigns, devices, where the page was seen. */
export function BreakdownTable({ rows, heading, testId, empty, device = false }: { rows: BreakdownRow[]; heading: string; testId: string; empty: string; device?: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div tabIndex={0} role="region" aria-label={`${heading}: visitors, views, leads and conversion`} className="overflow-x-auto">
      <table data-testid={testId} className="w-full whitespace-nowrap text-left text-sm tabular-nums">
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3 font-semibold">{heading}</th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">Visitors</th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">Views</th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">Leads</th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">Conv.</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="min-w-[8rem] max-w-[16rem] whitespace-normal break-words py-1.5 pr-3 font-medium text-slate-800">
                {device ? (DEVICE_LABELS[r.label] ?? r.label) : r.label}
              </th>
              <td className="px-2 py-1.5 text-right">{n(r.visitors)}</td>
              <td className="px-2 py-1.5 text-right">{n(r.views)}</td>
              <td className="px-2 py-1.5 text-right">{n(r.leads)}</td>
              <td className="py-1.5 pl-2 text-right">{conversionRate(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
