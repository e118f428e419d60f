/**
 * What the analytics views and the privacy page share with the server
 * (client-safe: no *.server.ts import). The counting itself lives in
 * collector.server.ts; docs/decisions/026-cookieless-analytics.md says why
 * it works the way it does.
 */

export { LEAD_VARIANT_FIELD } from "~/kit/assets/landing/page-forms";

/** Counts gather in memory and are written this often: a crash loses at most this much. */
export const FLUSH_INTERVAL_MS = 5_000;

/**
 * New visitors counted per address (an IPv4 address, an IPv6 /64), page and
 * day; the address's further browsers still add views, not visitors. Enough
 * for a household or a small office behind one address, too few for one
 * machine to make up a crowd by changing its user agent.
 */
export const VISITORS_PER_ADDRESS = 10;

/**
 * Leads counted for an experiment per address, page and day (only those of
 * visitors who counted): past them a sign-up is still kept as a lead but
 * adds to no version, so one machine cannot post its way to a winner.
 */
export const EXPERIMENT_LEADS_PER_ADDRESS = VISITORS_PER_ADDRESS;

/** A day's salt, and the list of who was seen that day, are deleted this long after the day began. */
export const RETENTION_HOURS = 48;

/** The ranges the Analytics section offers, in days (links: ?days=7). */
export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

export function rangeOf(value: string | null | undefined): RangeDays {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as RangeDays) : 7;
}

export const DEVICE_LABELS: Record<string, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop", "": "Unknown" };

/** How rows counted from a downloaded copy of the page are labelled everywhere. */
export const DOWNLOADED_COPY_LABEL = "downloaded copy";

/** Where a row was counted, as the section names it. */
export const ORIGIN_LABELS: Record<string, string> = { page: "Published page", download: "Downloaded copy" };

/** An empty source: typed in, a bookmark, an app that sends no referrer, or a downloaded copy. */
export const DIRECT_LABEL = "Direct / none";

export type Totals = { visitors: number; views: number; leads: number };

export type DailyRow = Totals & { day: string };

export type BreakdownRow = Totals & { label: string; key: string };

/** The Analytics section's data for one kit and range (report.server.ts). */
export type AnalyticsReport = {
  days: RangeDays;
  /** The first and last UTC day of the range, inclusive. */
  from: string;
  to: string;
  totals: Totals;
  daily: DailyRow[];
  sources: BreakdownRow[];
  campaigns: BreakdownRow[];
  /** Launch links: visits from links with a utm_campaign or utm_content, by both ("launch · top-button"). */
  links: BreakdownRow[];
  devices: BreakdownRow[];
  origins: BreakdownRow[];
};

/** A link's utm_campaign or utm_content when it has none. */
export const NO_CAMPAIGN_LABEL = "(no campaign)";
export const NO_CONTENT_LABEL = "(no utm_content)";

/** Days after sign-up at which the funnel's last step asks whether a lead is still subscribed. */
export const FUNNEL_KEEP_DAYS = 30;

/**
 * From a view to a lead who stayed, over the range: views and visitors as
 * counted, then the sign-ups stored in the range (the leads table), those
 * who confirmed their address, and of those who signed up at least
 * FUNNEL_KEEP_DAYS days ago, how many are still subscribed today.
 */
export type Funnel = {
  views: number;
  visitors: number;
  leads: number;
  confirmed: number;
  /** The range's leads old enough for the last step. */
  keptOf: number;
  /** Of those, the ones whose e-mail enrolment is still active. */
  kept: number;
};

/** `part` as a percentage of `whole` with one decimal, or "—" when there is no whole. */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "—";
}

/** Leads per visitor, as a percentage with one decimal ("3.4%"), or "—" without visitors. */
export function conversionRate(t: Pick<Totals, "visitors" | "leads">): string {
  if (t.visitors <= 0) return "—";
  return `${((100 * t.leads) / t.visitors).toFixed(1)}%`;
}
