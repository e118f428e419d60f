import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb, prepared, timestampParam } from "~/platform/db/client.server";
import { analyticsHourly, emailEnrolments, emailSequences, landingPages, leads } from "~/platform/db/schema";
import { utcDay } from "~/platform/jobs/schedule.server";
import { DIRECT_LABEL, FUNNEL_KEEP_DAYS, NO_CAMPAIGN_LABEL, NO_CONTENT_LABEL, ORIGIN_LABELS, type AnalyticsReport, type BreakdownRow, type DailyRow, type Funnel, type RangeDays, type Totals } from "./shared";

/**
 * What the founder sees of the counts (analytics_hourly): the Analytics
 * section of a kit, its CSV, and the dashboard cards' last 7 days. Reads
 * only; days are UTC days, a range of N days ends today and includes it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 10;

/** The first UTC day of a range of `days` days ending on `now`'s day. */
export function rangeStart(days: number, now = new Date()): Date {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return new Date(today - (days - 1) * DAY_MS);
}

const zero = (): Totals => ({ visitors: 0, views: 0, leads: 0 });
const num = (v: unknown) => Number(v ?? 0);

function add(into: Totals, row: Totals) {
  into.visitors += row.visitors;
  into.views += row.views;
  into.leads += row.leads;
}

/** Totals of a page over a range (every plan sees these). */
export async function pageTotals(pageId: string | null | undefined, days: RangeDays, now = new Date()): Promise<Totals> {
  if (!pageId) return zero();
  const totals = prepared("analytics_totals", () =>
    getDb()
      .select({
        visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`,
        views: sql<number>`coalesce(sum(${analyticsHourly.views}), 0)`,
        leads: sql<number>`coalesce(sum(${analyticsHourly.leads}), 0)`,
      })
      .from(analyticsHourly)
      .where(and(eq(analyticsHourly.pageId, sql.placeholder("pageId")), gte(analyticsHourly.hour, sql.placeholder("from")))),
  );
  const [row] = await totals.execute({ pageId, from: timestampParam(rangeStart(days, now)) });
  return { visitors: num(row?.visitors), views: num(row?.views), leads: num(row?.leads) };
}

/** Every day of the range, oldest first, with zeros for days without visits. */
function emptyDays(days: number, now: Date): DailyRow[] {
  const start = rangeStart(days, now).getTime();
  return Array.from({ length: days }, (_, i) => ({ day: utcDay(new Date(start + i * DAY_MS)), ...zero() }));
}

function ranked(map: Map<string, BreakdownRow>, limit = TOP): BreakdownRow[] {
  return [...map.values()].sort((a, b) => b.visitors - a.visitors || b.views - a.views || b.leads - a.leads || a.label.localeCompare(b.label)).slice(0, limit);
}

function bump(map: Map<string, BreakdownRow>, key: string, label: string, row: Totals) {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = { key, label, ...zero() }));
  add(entry, row);
}

const sums = () => ({
  visitors: sql<number>`sum(${analyticsHourly.visitors})`,
  views: sql<number>`sum(${analyticsHourly.views})`,
  leads: sql<number>`sum(${analyticsHourly.leads})`,
});
/** A page's rows from a day on: placeholders `pageId` and `from` (a `timestampParam`). */
const rangeOfPage = () => and(eq(analyticsHourly.pageId, sql.placeholder("pageId")), gte(analyticsHourly.hour, sql.placeholder("from")));

/**
 * The whole section's data for one page and range: two grouped queries on
 * analytics_hourly's primary key (page, hour, ...): one by hour for the
 * daily rows, one by breakdown for sources, campaigns, launch links
 * (utm_campaign and utm_content), devices and where the page was seen
 * (published or a downloaded copy).
 */
export async function pageReport(pageId: string | null | undefined, days: RangeDays, now = new Date()): Promise<AnalyticsReport> {
  const from = rangeStart(days, now);
  const daily = emptyDays(days, now);
  const report: AnalyticsReport = { days, from: daily[0]!.day, to: daily.at(-1)!.day, totals: zero(), daily, sources: [], campaigns: [], links: [], devices: [], origins: [] };
  if (!pageId) return report;
  // Both prepared once per database (the section is read on every visit to it): the range's start is a placeholder.
  const values = { pageId, from: timestampParam(from) };
  const hours = await prepared("analytics_hours", () =>
    getDb().select({ hour: analyticsHourly.hour, ...sums() }).from(analyticsHourly).where(rangeOfPage()).groupBy(analyticsHourly.hour),
  ).execute(values);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  for (const h of hours) {
    const row = { visitors: num(h.visitors), views: num(h.views), leads: num(h.leads) };
    const day = byDay.get(utcDay(h.hour));
    if (day) add(day, row);
    add(report.totals, row);
  }
  const groups = await prepared("analytics_groups", () =>
    getDb()
      .select({ origin: analyticsHourly.origin, source: analyticsHourly.source, medium: analyticsHourly.medium, campaign: analyticsHourly.campaign, content: analyticsHourly.content, device: analyticsHourly.device, ...sums() })
      .from(analyticsHourly)
      .where(rangeOfPage())
      .groupBy(analyticsHourly.origin, analyticsHourly.source, analyticsHourly.medium, analyticsHourly.campaign, analyticsHourly.content, analyticsHourly.device),
  ).execute(values);
  const sources = new Map<string, BreakdownRow>();
  const campaigns = new Map<string, BreakdownRow>();
  const links = new Map<string, BreakdownRow>();
  const devices = new Map<string, BreakdownRow>();
  const origins = new Map<string, BreakdownRow>();
  for (const g of groups) {
    const row = { visitors: num(g.visitors), views: num(g.views), leads: num(g.leads) };
    bump(devices, g.device, g.device, row);
    bump(origins, g.origin, ORIGIN_LABELS[g.origin] ?? g.origin, row);
    // A downloaded copy's image request says nothing of where its visitor came from.
    if (g.origin !== "page") continue;
    bump(sources, g.source, g.source || DIRECT_LABEL, row);
    if (g.campaign) bump(campaigns, `${g.campaign}\u0001${g.source}\u0001${g.medium}`, [g.campaign, g.source, g.medium].filter(Boolean).join(" · "), row);
    if (g.campaign || g.content) bump(links, `${g.campaign}\u0001${g.content}`, `${g.campaign || NO_CAMPAIGN_LABEL} · ${g.content || NO_CONTENT_LABEL}`, row);
  }
  report.sources = ranked(sources);
  report.campaigns = ranked(campaigns);
  report.links = ranked(links);
  report.devices = ranked(devices);
  report.origins = ranked(origins);
  return report;
}

/**
 * The funnel of a kit's page over a range (shared.ts's Funnel): views and
 * visitors from the counts, then the leads stored in the range with their
 * e-mail enrolments (read only): confirmed is a confirmed address (double
 * opt-in), kept is an enrolment still active FUNNEL_KEEP_DAYS days or more
 * after sign-up, out of the range's leads that old.
 */
export async function pageFunnel(kitId: string, totals: Totals, days: RangeDays, now = new Date()): Promise<Funnel> {
  const from = timestampParam(rangeStart(days, now));
  const old = timestampParam(new Date(now.getTime() - FUNNEL_KEEP_DAYS * DAY_MS));
  const [row] = await getDb()
    .select({
      leads: sql<number>`count(*)`,
      confirmed: sql<number>`coalesce(sum(case when ${emailEnrolments.confirmedAt} is not null then 1 else 0 end), 0)`,
      keptOf: sql<number>`coalesce(sum(case when ${leads.createdAt} <= ${old} then 1 else 0 end), 0)`,
      // Still subscribed: active, and confirmed where the page asks for double opt-in (sequences' mayReceive).
      kept: sql<number>`coalesce(sum(case when ${leads.createdAt} <= ${old} and ${emailEnrolments.status} = 'active' and (${emailSequences.doubleOptIn} is null or not ${emailSequences.doubleOptIn} or ${emailEnrolments.confirmedAt} is not null) then 1 else 0 end), 0)`,
    })
    .from(leads)
    .leftJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
    .leftJoin(emailSequences, eq(emailSequences.kitId, leads.kitId))
    .where(and(eq(leads.kitId, kitId), sql`${leads.createdAt} >= ${from}`));
  return { views: totals.views, visitors: totals.visitors, leads: num(row?.leads), confirmed: num(row?.confirmed), keptOf: num(row?.keptOf), kept: num(row?.kept) };
}

/**
 * The dashboard cards' line for published pages: visitors (counted) and
 * leads (stored) of the last 7 days, for every kit of a page of cards in one
 * grouped query (analytics_hourly by its key, leads by leads_kit_created_idx).
 */
export async function weekOfPublishedKits(kitIds: string[], now = new Date()): Promise<Map<string, { visitors: number; leads: number }>> {
  const out = new Map<string, { visitors: number; leads: number }>();
  if (kitIds.length === 0) return out;
  const from = timestampParam(rangeStart(7, now));
  const rows = await getDb()
    .select({
      kitId: landingPages.kitId,
      // Correlated on the outer row by name (drizzle writes a bare column name inside sql``).
      visitors: sql<number>`(select coalesce(sum(h.visitors), 0) from ${analyticsHourly} h where h.page_id = landing_pages.page_id and h.hour >= ${from})`,
      leads: sql<number>`(select count(*) from ${leads} l where l.kit_id = landing_pages.kit_id and l.created_at >= ${from})`,
    })
    .from(landingPages)
    .where(and(inArray(landingPages.kitId, kitIds), eq(landingPages.published, true)));
  for (const r of rows) out.set(r.kitId, { visitors: num(r.visitors), leads: num(r.leads) });
  return out;
}

/** The daily rows as CSV (a header line, then one line per day, oldest first). */
export function dailyCsv(report: AnalyticsReport): string {
  const lines = ["date,visitors,views,leads,conversion_rate"];
  for (const d of report.daily) lines.push(`${d.day},${d.visitors},${d.views},${d.leads},${d.visitors ? (d.leads / d.visitors).toFixed(4) : ""}`);
  return `${lines.join("\r\n")}\r\n`;
}
