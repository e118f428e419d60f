import { Link } from "react-router";
import { CHART, CHART_COMPACT, chartGeometry, shortDay, type ChartSize } from "~/features/analytics/chart";
import { conversionRate, DEVICE_LABELS, FUNNEL_KEEP_DAYS, RANGES, share, type BreakdownRow, type DailyRow, type Funnel, type RangeDays } from "~/features/analytics/shared";

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

/**
 * The tables' numbers on a phone: below the `sm` width a row is a card (its
 * label on a line of its own, then the four numbers, each under its name),
 * so Leads and Conversion are never pushed behind a sideways scroll. The
 * explicit roles keep the table a table for screen readers when CSS changes
 * its display; the column names shown on phones are drawn by CSS (the
 * header cells name the columns for screen readers).
 */
const cls = {
  table: "block w-full text-left text-sm tabular-nums sm:table",
  head: "sr-only sm:not-sr-only sm:table-header-group",
  body: "block divide-y divide-slate-100 sm:table-row-group",
  row: "grid grid-cols-4 gap-x-2 gap-y-1 py-2 sm:table-row sm:py-0",
  label: "col-span-4 min-w-0 font-medium text-slate-800 [overflow-wrap:anywhere] sm:table-cell sm:whitespace-normal",
  cell: "flex min-w-0 flex-col text-left font-medium text-slate-900 before:text-xs before:font-normal before:text-slate-500 max-sm:before:content-[attr(data-label)] sm:table-cell sm:text-right sm:font-normal sm:text-inherit",
};

/** A number with, on phones, the name of its column above it (drawn by CSS from data-label: the cell's text stays the number). */
function Cell({ name, value, className = "" }: { name: string; value: string; className?: string }) {
  return (
    <td role="cell" data-label={name} className={`${cls.cell} ${className}`}>
      {value}
    </td>
  );
}

/** The chart's numbers, newest day first, in a box that scrolls up and down (and takes the keyboard's focus to do so). */
export function DailyTable({ daily }: { daily: DailyRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Visitors, views and leads a day" className="mt-4 max-h-80 overflow-y-auto rounded-xl border border-slate-200">
      <table role="table" data-testid="analytics-daily-table" className={cls.table}>
        <caption className="sr-only">Visitors, views, leads and conversion rate a day, newest first</caption>
        <thead role="rowgroup" className={`${cls.head} text-xs uppercase tracking-wide text-slate-600 sm:sticky sm:top-0 sm:bg-slate-50`}>
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">Day</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">Visitors</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">Views</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">Leads</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">Conversion</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={cls.body}>
          {[...daily].reverse().map((d) => (
            <tr role="row" key={d.day} data-day={d.day} className={`${cls.row} px-3 sm:px-0`}>
              <th role="rowheader" scope="row" className={`${cls.label} sm:px-3 sm:py-1.5`}>
                <time dateTime={d.day}>{shortDay(d.day)}</time>
              </th>
              <Cell name="Visitors" value={n(d.visitors)} className="sm:px-3 sm:py-1.5" />
              <Cell name="Views" value={n(d.views)} className="sm:px-3 sm:py-1.5" />
              <Cell name="Leads" value={n(d.leads)} className="sm:px-3 sm:py-1.5" />
              <Cell name="Conversion" value={conversionRate(d)} className="sm:px-3 sm:py-1.5" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A top-N table: sources, campaigns, launch links, devices, where the page was seen. */
export function BreakdownTable({ rows, heading, testId, empty, device = false }: { rows: BreakdownRow[]; heading: string; testId: string; empty: string; device?: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <table role="table" data-testid={testId} aria-label={`${heading}: visitors, views, leads and conversion`} className={cls.table}>
      <thead role="rowgroup" className={`${cls.head} text-xs uppercase tracking-wide text-slate-600`}>
        <tr role="row" className="border-b border-slate-200">
          <th role="columnheader" scope="col" className="py-2 pr-3 font-semibold">{heading}</th>
          <th role="columnheader" scope="col" className="px-2 py-2 text-right font-semibold">Visitors</th>
          <th role="columnheader" scope="col" className="px-2 py-2 text-right font-semibold">Views</th>
          <th role="columnheader" scope="col" className="px-2 py-2 text-right font-semibold">Leads</th>
          <th role="columnheader" scope="col" className="py-2 pl-2 text-right font-semibold">Conv.</th>
        </tr>
      </thead>
      <tbody role="rowgroup" className={cls.body}>
        {rows.map((r) => (
          <tr role="row" key={r.key} className={cls.row}>
            <th role="rowheader" scope="row" className={`${cls.label} sm:max-w-[16rem] sm:py-1.5 sm:pr-3`}>
              {device ? (DEVICE_LABELS[r.label] ?? r.label) : r.label}
            </th>
            <Cell name="Visitors" value={n(r.visitors)} className="sm:px-2 sm:py-1.5" />
            <Cell name="Views" value={n(r.views)} className="sm:px-2 sm:py-1.5" />
            <Cell name="Leads" value={n(r.leads)} className="sm:px-2 sm:py-1.5" />
            <Cell name="Conv." value={conversionRate(r)} className="sm:py-1.5 sm:pl-2" />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The funnel: each step a bar as wide as its share of the views, with its
 * number and its share of the step before it (plain markup: an ordered
 * list, readable without CSS or a chart).
 */
export function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const steps = [
    { key: "views", label: "Views", value: funnel.views, note: "" },
    { key: "visitors", label: "Visitors", value: funnel.visitors, note: share(funnel.visitors, funnel.views) + " of views" },
    { key: "leads", label: "Leads", value: funnel.leads, note: share(funnel.leads, funnel.visitors) + " of visitors" },
    { key: "confirmed", label: "Confirmed their address", value: funnel.confirmed, note: share(funnel.confirmed, funnel.leads) + " of leads" },
    {
      key: "kept",
      label: `Still subscribed after ${FUNNEL_KEEP_DAYS} days`,
      value: funnel.kept,
      note: funnel.keptOf ? `${share(funnel.kept, funnel.keptOf)} of the ${n(funnel.keptOf)} ${funnel.keptOf === 1 ? "lead" : "leads"} who signed up ${FUNNEL_KEEP_DAYS}+ days ago` : `no lead in this range signed up ${FUNNEL_KEEP_DAYS}+ days ago yet`,
    },
  ];
  const top = Math.max(funnel.views, 1);
  return (
    <ol data-testid="analytics-funnel" className="space-y-3">
      {steps.map((s) => (
        <li key={s.key} data-step={s.key}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-medium text-slate-800">{s.label}</span>
            <span className="tabular-nums">
              <strong data-testid={`funnel-${s.key}`} className="font-semibold text-slate-900">
                {n(s.value)}
              </strong>
              {s.note ? <span className="text-slate-500"> · {s.note}</span> : null}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(100, (100 * s.value) / top)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
