import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { DIRECT_LABEL } from "~/features/analytics/index.server";
import { first, getDb } from "~/platform/db/client.server";
import {
  analyticsHourly,
  competitorChanges,
  competitorPages,
  competitors,
  emailEnrolments,
  emailSends,
  emailSequences,
  emailSuppressions,
  experiments,
  landingPages,
  leads,
} from "~/platform/db/schema";
import { experimentCounts } from "~/features/analytics/index.server";
import { CONTROL_KEY } from "~/features/analytics/index.server";

/**
 * The month's facts of a kit: every number the monthly strategy
 * review and the monthly content pieces show, read from the database for a
 * window [from, to). Nothing here is estimated or computed from guesses:
 *
 * - visitors / pageviews: analytics_hourly of the kit's page (every origin,
 *   as the Analytics section's totals); top sources: the published page's
 *   rows by source (a downloaded copy says nothing of where its visitor came
 *   from), their visitors and the leads counted with them.
 * - leads: rows of `leads` created in the window (the same-length window
 *   before `from` for `previous`).
 * - experiments: those running at some time in the window, each arm's
 *   visitors and leads from its start to the end of the window (or its stop),
 *   read by the experiments' own counting (experimentCounts).
 * - competitor changes: competitor_changes found in the window.
 * - e-mails: sequence and broadcast e-mails sent in the window, addresses
 *   enrolled and subscribed at the end of the window, unsubscribes in it.
 */

export type KitFacts = {
  kitId: string;
  from: Date;
  to: Date; // [from, to)
  visitors: number;
  pageviews: number;
  leads: number;
  conversionRate: number | null; // leads / visitors, null when visitors is 0
  previous: { visitors: number; leads: number }; // the same-length window just before `from`
  topSources: Array<{ source: string; visitors: number; leads: number }>; // up to 5
  experiments: Array<{ id: string; field: string; status: string; startedAt: Date | null; arms: Array<{ label: string; text: string; visitors: number; leads: number }> }>;
  competitorChanges: Array<{ competitor: string; page: string; summary: string; importance: string; at: Date }>;
  emails: { sent: number; subscribers: number; unsubscribed: number };
};

const TOP_SOURCES = 5;
const num = (v: unknown) => Number(v ?? 0);

async function pageIdOf(kitId: string): Promise<string | null> {
  const row = await first(getDb().select({ pageId: landingPages.pageId }).from(landingPages).where(eq(landingPages.kitId, kitId)));
  return row?.pageId ?? null;
}

async function traffic(pageId: string | null, from: Date, to: Date): Promise<{ visitors: number; pageviews: number }> {
  if (!pageId) return { visitors: 0, pageviews: 0 };
  const row = await first(
    getDb()
      .select({
        visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`,
        views: sql<number>`coalesce(sum(${analyticsHourly.views}), 0)`,
      })
      .from(analyticsHourly)
      .where(and(eq(analyticsHourly.pageId, pageId), gte(analyticsHourly.hour, from), lt(analyticsHourly.hour, to))),
  );
  return { visitors: num(row?.visitors), pageviews: num(row?.views) };
}

async function leadCount(kitId: string, from: Date, to: Date): Promise<number> {
  const row = await first(
    getDb()
      .select({ n: sql<number>`count(*)` })
      .from(leads)
      .where(and(eq(leads.kitId, kitId), gte(leads.createdAt, from), lt(leads.createdAt, to))),
  );
  return num(row?.n);
}

async function topSources(pageId: string | null, from: Date, to: Date): Promise<KitFacts["topSources"]> {
  if (!pageId) return [];
  const rows = await getDb()
    .select({
      source: analyticsHourly.source,
      visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`,
      leads: sql<number>`coalesce(sum(${analyticsHourly.leads}), 0)`,
    })
    .from(analyticsHourly)
    .where(and(eq(analyticsHourly.pageId, pageId), eq(analyticsHourly.origin, "page"), gte(analyticsHourly.hour, from), lt(analyticsHourly.hour, to)))
    .groupBy(analyticsHourly.source);
  return rows
    .map((r) => ({ source: r.source || DIRECT_LABEL, visitors: num(r.visitors), leads: num(r.leads) }))
    .filter((r) => r.visitors > 0 || r.leads > 0)
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.source.localeCompare(b.source))
    .slice(0, TOP_SOURCES);
}

async function experimentFacts(kitId: string, from: Date, to: Date): Promise<KitFacts["experiments"]> {
  const rows = await getDb()
    .select()
    .from(experiments)
    .where(and(eq(experiments.kitId, kitId), lt(experiments.startedAt, to), or(isNull(experiments.stoppedAt), gte(experiments.stoppedAt, from))))
    .orderBy(asc(experiments.startedAt));
  const end = new Date(to.getTime() - 1);
  const out: KitFacts["experiments"] = [];
  for (const e of rows) {
    // As the window's end saw it: stopped only if it stopped before then; counted up to its stop or the window's end.
    const stoppedInWindow = e.stoppedAt !== null && e.stoppedAt.getTime() < to.getTime();
    const asOfEnd = { ...e, stoppedAt: stoppedInWindow ? e.stoppedAt : null };
    const counts = await experimentCounts(asOfEnd, end);
    const texts = new Map<string, string>([[CONTROL_KEY, e.control], ...e.variants.map((v) => [v.key, v.text] as [string, string])]);
    out.push({
      id: e.id,
      field: e.field,
      status: stoppedInWindow ? "stopped" : "running",
      startedAt: e.startedAt,
      arms: counts.map((c) => ({ label: c.key, text: texts.get(c.key) ?? "", visitors: num(c.visitors), leads: num(c.conversions) })),
    });
  }
  return out;
}

async function competitorFacts(kitId: string, from: Date, to: Date): Promise<KitFacts["competitorChanges"]> {
  const rows = await getDb()
    .select({
      competitor: competitors.name,
      label: competitorPages.label,
      url: competitorPages.url,
      summary: competitorChanges.summary,
      importance: competitorChanges.importance,
      at: competitorChanges.createdAt,
    })
    .from(competitorChanges)
    .innerJoin(competitors, eq(competitors.id, competitorChanges.competitorId))
    .innerJoin(competitorPages, eq(competitorPages.id, competitorChanges.pageId))
    .where(and(eq(competitorChanges.kitId, kitId), gte(competitorChanges.createdAt, from), lt(competitorChanges.createdAt, to)))
    .orderBy(desc(competitorChanges.createdAt));
  return rows.map((r) => ({ competitor: r.competitor, page: r.label || r.url, summary: r.summary, importance: r.importance, at: r.at }));
}

async function emailFacts(kitId: string, from: Date, to: Date): Promise<KitFacts["emails"]> {
  const db = getDb();
  const [sent, subscribers, unsubscribed] = await Promise.all([
    first(
      db
        .select({ n: sql<number>`count(*)` })
        .from(emailSends)
        .where(and(eq(emailSends.kitId, kitId), eq(emailSends.status, "sent"), gte(emailSends.sentAt, from), lt(emailSends.sentAt, to))),
    ),
    first(
      db
        .select({ n: sql<number>`count(*)` })
        .from(emailEnrolments)
        // With double opt-in on, a lead who never confirmed is sent nothing (sequences' mayReceive): not a subscriber.
        .leftJoin(emailSequences, eq(emailSequences.kitId, emailEnrolments.kitId))
        .where(
          and(
            eq(emailEnrolments.kitId, kitId),
            inArray(emailEnrolments.status, ["active"]),
            lt(emailEnrolments.createdAt, to),
            or(isNull(emailSequences.doubleOptIn), eq(emailSequences.doubleOptIn, false), sql`${emailEnrolments.confirmedAt} is not null`),
          ),
        ),
    ),
    first(
      db
        .select({ n: sql<number>`count(*)` })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.kitId, kitId), eq(emailSuppressions.reason, "unsubscribed"), gte(emailSuppressions.createdAt, from), lt(emailSuppressions.createdAt, to))),
    ),
  ]);
  return { sent: num(sent?.n), subscribers: num(subscribers?.n), unsubscribed: num(unsubscribed?.n) };
}

/** The facts of one kit for [from, to), every number read from the database. */
export async function kitFacts(kitId: string, from: Date, to: Date): Promise<KitFacts> {
  if (!(to.getTime() > from.getTime())) throw new RangeError("kitFacts: `to` must be after `from`");
  const pageId = await pageIdOf(kitId);
  const before = new Date(from.getTime() - (to.getTime() - from.getTime()));
  const [now, previousTraffic, leadsNow, leadsBefore, sources, exps, changes, emails] = await Promise.all([
    traffic(pageId, from, to),
    traffic(pageId, before, from),
    leadCount(kitId, from, to),
    leadCount(kitId, before, from),
    topSources(pageId, from, to),
    experimentFacts(kitId, from, to),
    competitorFacts(kitId, from, to),
    emailFacts(kitId, from, to),
  ]);
  return {
    kitId,
    from,
    to,
    visitors: now.visitors,
    pageviews: now.pageviews,
    leads: leadsNow,
    conversionRate: now.visitors > 0 ? leadsNow / now.visitors : null,
    previous: { visitors: previousTraffic.visitors, leads: leadsBefore },
    topSources: sources,
    experiments: exps,
    competitorChanges: changes,
    emails,
  };
}
