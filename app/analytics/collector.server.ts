import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, transaction } from "~/db/client.server";
import { analyticsHourly, analyticsVisitors, type AnalyticsOrigin, type DeviceClass } from "~/db/schema";
import { logError } from "~/utils/log.server";
import { utcDay } from "~/utils/schedule.server";
import { existingSalt, previousDay, saltFor, saltInMemory } from "./salts.server";
import { FLUSH_INTERVAL_MS } from "./shared";
import type { TrafficSource } from "./visit.server";

/**
 * Counts gathered in memory and written in batches: a view costs a hash and
 * two map updates on the request's path, and every FLUSH_INTERVAL_MS one
 * transaction writes them, one upsert per row key that ADDS to what is there
 * (`views = views + excluded.views`), so any number of instances sum
 * correctly. Unique visitors are decided by the database: the insert of
 * (day, page, visitor) that succeeds, on whichever instance, is the
 * visitor's first visit of the day, and only that one adds 1 to `visitors`.
 * A failed write keeps its counts for the next flush; a crash loses what was
 * not written yet (at most one interval); SIGTERM writes it (app.ts's
 * shutdown, lifecycle's onDrained).
 */

export type Hit = {
  pageId: string;
  origin: AnalyticsOrigin;
  /** The experiment variant the visitor was shown ("" without an experiment). */
  variant: string;
  ip: string;
  userAgent: string;
  from: TrafficSource;
  device: DeviceClass;
  /** When, in epoch milliseconds. */
  at: number;
};

/** What a visitor is attributed to (their first visit of the day). */
export type Attribution = TrafficSource & { device: DeviceClass | ""; variant: string };

type RowKey = { pageId: string; hour: number; origin: AnalyticsOrigin; variant: string; source: string; medium: string; campaign: string; device: string };
type Row = { key: RowKey; views: number; visitors: number; leads: number };
type NewVisitor = { day: string; pageId: string; visitor: string; attribution: Attribution; row: string };

const HOUR_MS = 60 * 60 * 1000;
/** Rows per statement: 11 values each, far below either dialect's limit on bound values. */
const BATCH = 200;
/** Distinct row keys one interval may gather; past it a hit's source, medium and campaign become "(other)" (a flood of made-up UTM values cannot grow the table without bound). */
export const MAX_ROWS_PER_FLUSH = 10_000;
/** Hits waiting for their day's salt to be read (the first ones of a day, or of a fresh process). */
const MAX_WAITING = 50_000;
/** Visitors this instance knows are written already (today's), so their later views skip the insert. */
const MAX_SEEN = 200_000;

/** A visitor: the first 16 bytes of sha256(salt, IP, user agent, page id) in hex. Neither input can be read back from it. */
export function visitorHash(salt: string, ip: string, userAgent: string, pageId: string): string {
  return crypto.createHash("sha256").update(`${salt}\n${ip}\n${userAgent}\n${pageId}`).digest("hex").slice(0, 32);
}

export const hourOf = (at: number) => at - (at % HOUR_MS);

/** Hashes remembered per day (the memo starts again when full). */
const MAX_HASHES = 50_000;
/** Distinct hits remembered between two flushes (the memo starts again when full). */
const MAX_REPEATS = 20_000;

const DAY_MS = 24 * HOUR_MS;
let dayWindow = { start: 0, end: 0, day: "" };

/** The UTC day of an instant, worked out once a day (toISOString on every view cost more than the hash). */
export function dayOf(at: number): string {
  if (at < dayWindow.start || at >= dayWindow.end) {
    const start = at - (at % DAY_MS);
    dayWindow = { start, end: start + DAY_MS, day: utcDay(new Date(start)) };
  }
  return dayWindow.day;
}

const keyString = (k: RowKey) => `${k.pageId}\u0001${k.hour}\u0001${k.origin}\u0001${k.variant}\u0001${k.source}\u0001${k.medium}\u0001${k.campaign}\u0001${k.device}`;

export class Collector {
  private rows = new Map<string, Row>();
  private fresh = new Map<string, NewVisitor>();
  private seen = new Set<string>();
  private seenDay = "";
  private loading = new Set<string>();
  private hashes = new Map<string, string>();
  /** Hits placed since the last flush, by everything that decides their row and visitor (recordRepeat). */
  private repeats = new Map<string, { row: Row; hour: number; generation: number }>();
  /** Bumped whenever the maps of rows and new visitors are swapped out: remembered rows are then stale. */
  private generation = 0;
  private hashesDay = "";
  private waiting: Hit[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  /**
   * The hot path's shortcut: a hit the same in everything that decides its
   * row and its visitor (page, variant, address, browser, referrer, host:
   * what `key` says) as one already placed since the last flush, in the same
   * hour, only adds a view: a map lookup, no hashing, no parsing. `make`
   * builds the hit the first time.
   */
  recordRepeat(key: string, at: number, make: () => Hit) {
    const hour = hourOf(at);
    const known = this.repeats.get(key);
    if (known && known.hour === hour && known.generation === this.generation) {
      known.row.views++;
      return;
    }
    const row = this.record(make());
    if (!row) return;
    if (this.repeats.size >= MAX_REPEATS) this.repeats.clear();
    this.repeats.set(key, { row, hour, generation: this.generation });
  }

  /** One view (already filtered: a real visit by someone other than the owner). Its row, or null while the day's salt is read. */
  record(hit: Hit): Row | null {
    const day = dayOf(hit.at);
    const salt = saltInMemory(day);
    if (!salt) {
      if (this.waiting.length < MAX_WAITING) this.waiting.push(hit);
      // Read (or made) now, so the next hits of the day need not wait for the flush.
      if (!this.loading.has(day)) {
        this.loading.add(day);
        saltFor(day)
          .catch((error) => logError("analytics: reading the day's salt failed", error))
          .finally(() => this.loading.delete(day));
      }
      return null;
    }
    return this.add(hit, day, salt);
  }

  private add(hit: Hit, day: string, salt: string): Row {
    const id = this.visitorOf(day, salt, hit);
    const key: RowKey = { pageId: hit.pageId, hour: hourOf(hit.at), origin: hit.origin, variant: hit.variant, ...hit.from, device: hit.device };
    const row = this.row(key);
    row.views++;
    if (!this.seen.has(id) && !this.fresh.has(id)) {
      const visitor = id.slice(id.lastIndexOf(" ") + 1);
      this.fresh.set(id, { day, pageId: hit.pageId, visitor, row: keyString(row.key), attribution: { source: row.key.source, medium: row.key.medium, campaign: row.key.campaign, device: hit.device, variant: hit.variant } });
    }
    return row;
  }

  /**
   * "<day> <page> <visitor hash>", remembered for the day: a returning
   * visitor (or a load test) costs a map lookup, not a sha256.
   */
  private visitorOf(day: string, salt: string, hit: Hit): string {
    if (this.hashesDay !== day || this.hashes.size >= MAX_HASHES) {
      this.hashes.clear();
      this.hashesDay = day;
    }
    const key = `${hit.pageId}\n${hit.ip}\n${hit.userAgent}`;
    let id = this.hashes.get(key);
    if (!id) this.hashes.set(key, (id = `${day} ${hit.pageId} ${visitorHash(salt, hit.ip, hit.userAgent, hit.pageId)}`));
    return id;
  }

  private row(key: RowKey): Row {
    let s = keyString(key);
    let row = this.rows.get(s);
    if (!row && this.rows.size >= MAX_ROWS_PER_FLUSH) {
      key = { ...key, source: "(other)", medium: "", campaign: "" };
      s = keyString(key);
      row = this.rows.get(s);
    }
    if (!row) this.rows.set(s, (row = { key, views: 0, visitors: 0, leads: 0 }));
    return row;
  }

  /**
   * Who a lead is: the visitor with this IP and user agent on this page
   * today (or yesterday, for a sign-up just after midnight), looked up among
   * this instance's unwritten visitors and then in the database. Null when
   * they were never counted (the owner testing their form, a copy opened
   * from disk, counting off when they came).
   */
  async visitorAttribution(pageId: string, ip: string, userAgent: string, at: number): Promise<Attribution | null> {
    const today = utcDay(new Date(at));
    for (const [day, salt] of [[today, await saltFor(today)], [previousDay(today), await existingSalt(previousDay(today))]] as const) {
      if (!salt) continue;
      const visitor = visitorHash(salt, ip, userAgent, pageId);
      const pending = this.fresh.get(`${day} ${pageId} ${visitor}`);
      if (pending) return pending.attribution;
      const [row] = await getDb()
        .select({ source: analyticsVisitors.source, medium: analyticsVisitors.medium, campaign: analyticsVisitors.campaign, device: analyticsVisitors.device, variant: analyticsVisitors.variant })
        .from(analyticsVisitors)
        .where(and(eq(analyticsVisitors.day, day), eq(analyticsVisitors.pageId, pageId), eq(analyticsVisitors.visitor, visitor)));
      if (row) return { ...row, device: row.device as DeviceClass | "" };
    }
    return null;
  }

  /** One new lead (a conversion), on the row of its visitor's source, variant and device. */
  recordLead(pageId: string, origin: AnalyticsOrigin, attribution: Attribution, at: number) {
    const { source, medium, campaign, device, variant } = attribution;
    this.row({ pageId, hour: hourOf(at), origin, variant, source, medium, campaign, device }).leads++;
  }

  /** Counts not written yet (tests, and the shutdown log). */
  pending() {
    let views = 0;
    let leads = 0;
    for (const r of this.rows.values()) {
      views += r.views;
      leads += r.leads;
    }
    return { views, leads, visitors: this.fresh.size, waiting: this.waiting.length };
  }

  /** Writes what was gathered: one transaction, one adding upsert per row key. Flushes never overlap. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write() {
    if (this.waiting.length) {
      const hits = this.waiting;
      this.waiting = [];
      for (const hit of hits) {
        const day = dayOf(hit.at);
        try {
          this.add(hit, day, await saltFor(day));
        } catch (error) {
          // The database is away: they wait for the next flush.
          this.waiting.push(hit);
          logError("analytics: reading the day's salt failed", error);
        }
      }
    }
    const rows = this.rows;
    const fresh = this.fresh;
    if (rows.size === 0 && fresh.size === 0) return;
    this.rows = new Map();
    this.fresh = new Map();
    this.generation++;
    try {
      await transaction(async (tx) => {
        const firstVisits = new Map<string, number>();
        // Sorted, so that two instances writing the same keys take their locks in the same order (no deadlock).
        const visitors = [...fresh.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
        for (let i = 0; i < visitors.length; i += BATCH) {
          const chunk = visitors.slice(i, i + BATCH);
          const inserted = await tx
            .insert(analyticsVisitors)
            .values(chunk.map((v) => ({ day: v.day, pageId: v.pageId, visitor: v.visitor, ...v.attribution })))
            .onConflictDoNothing()
            .returning({ day: analyticsVisitors.day, pageId: analyticsVisitors.pageId, visitor: analyticsVisitors.visitor });
          for (const r of inserted) {
            const row = fresh.get(`${r.day} ${r.pageId} ${r.visitor}`)!.row;
            firstVisits.set(row, (firstVisits.get(row) ?? 0) + 1);
          }
        }
        const values = [...rows.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([s, r]) => ({ ...r.key, hour: new Date(r.key.hour), views: r.views, visitors: firstVisits.get(s) ?? 0, leads: r.leads }));
        for (let i = 0; i < values.length; i += BATCH) {
          await tx
            .insert(analyticsHourly)
            .values(values.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [analyticsHourly.pageId, analyticsHourly.hour, analyticsHourly.origin, analyticsHourly.variant, analyticsHourly.source, analyticsHourly.medium, analyticsHourly.campaign, analyticsHourly.device],
              set: {
                views: sql`${analyticsHourly.views} + excluded.views`,
                visitors: sql`${analyticsHourly.visitors} + excluded.visitors`,
                leads: sql`${analyticsHourly.leads} + excluded.leads`,
              },
            });
        }
      });
    } catch (error) {
      // Nothing was written (one transaction): the counts go back for the next flush.
      for (const [s, r] of rows) {
        const mine = this.rows.get(s);
        if (mine) {
          mine.views += r.views;
          mine.leads += r.leads;
        } else this.rows.set(s, r);
      }
      for (const [id, v] of fresh) if (!this.fresh.has(id)) this.fresh.set(id, v);
      throw error;
    }
    const today = utcDay(new Date());
    // A new day (or too many to keep): the set starts again; a visitor forgotten here is only inserted again, and refused.
    if (this.seenDay !== today || this.seen.size > MAX_SEEN) {
      this.seen.clear();
      this.seenDay = today;
    }
    for (const [id, v] of fresh) if (v.day === today) this.seen.add(id);
  }

  /** Flushes every FLUSH_INTERVAL_MS (idempotent); the timer never keeps the process alive. */
  start(intervalMs = FLUSH_INTERVAL_MS) {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((error) => logError("analytics: writing counts failed (kept for the next try)", error));
    }, intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
