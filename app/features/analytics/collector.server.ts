import crypto from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, transaction } from "~/platform/db/client.server";
import { analyticsAddresses, analyticsHourly, analyticsVisitors, type AnalyticsOrigin, type DeviceClass } from "~/platform/db/schema";
import { logError } from "~/platform/log.server";
import { utcDay } from "~/platform/jobs/schedule.server";
import { existingSalt, previousDay, saltFor, saltInMemory } from "./salts.server";
import { EXPERIMENT_LEADS_PER_ADDRESS, FLUSH_INTERVAL_MS, VISITORS_PER_ADDRESS } from "./shared";
import { addressOf, type TrafficSource } from "./visit.server";

/**
 * Counts gathered in memory and written in batches: a view costs a hash and
 * two map updates on the request's path, and every FLUSH_INTERVAL_MS one
 * transaction writes them, one upsert per row key that ADDS to what is there
 * (`views = views + excluded.views`), so any number of instances sum
 * correctly. Unique visitors are decided by the database: the insert of
 * (day, page, visitor) that succeeds, on whichever instance, is the
 * visitor's first visit of the day, and only that one adds 1 to `visitors`
 * (at most VISITORS_PER_ADDRESS of an address's new visitors a day do, by
 * an adding upsert on analytics_addresses in the same transaction). Every
 * view of a visitor counts under the source of their first visit of the
 * day, as Plausible counts: a reload sends no referrer, a visit from Hacker
 * News stays Hacker News's all day (a visitor first seen by another
 * instance has their views moved to that source when the flush finds them).
 * A failed write keeps its counts for the next flush; a crash loses what was
 * not written yet (at most one interval); SIGTERM writes it (app.ts's
 * shutdown, finishBackgroundWork in server/boot.ts).
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

type RowKey = { pageId: string; hour: number; origin: AnalyticsOrigin; variant: string; source: string; medium: string; campaign: string; content: string; device: string };
type Row = { key: RowKey; views: number; visitors: number; leads: number };
/**
 * A visitor first seen since the last flush: `row` is the row of their
 * first visit, `views` where each of their views went (by row key), so that
 * they can be moved if another instance saw them first; `address` the
 * daily hash of their address (the cap on new visitors per address).
 */
type NewVisitor = { day: string; pageId: string; visitor: string; attribution: Attribution; row: string; address: string; views: Map<string, number> };

const HOUR_MS = 60 * 60 * 1000;
/** Rows per statement: 12 values each, far below either dialect's limit on bound values. */
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

/** An address (addressOf: an IPv4 address, an IPv6 /64) on a page, under the day's salt: the key of the cap on new visitors. */
export function addressHash(salt: string, ip: string, pageId: string): string {
  return crypto.createHash("sha256").update(`${salt}\naddress\n${addressOf(ip)}\n${pageId}`).digest("hex").slice(0, 32);
}

const keyString = (k: RowKey) => `${k.pageId}\u0001${k.hour}\u0001${k.origin}\u0001${k.variant}\u0001${k.source}\u0001${k.medium}\u0001${k.campaign}\u0001${k.content}\u0001${k.device}`;

const sameSource = (a: TrafficSource, b: TrafficSource) => a.source === b.source && a.medium === b.medium && a.campaign === b.campaign && a.content === b.content;

/** Visitors grouped by day and page (a look-up by the table's primary key). */
function pagesOf(visitors: NewVisitor[]): Array<{ day: string; pageId: string; visitors: string[] }> {
  const groups = new Map<string, { day: string; pageId: string; visitors: string[] }>();
  for (const v of visitors) {
    const k = `${v.day} ${v.pageId}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { day: v.day, pageId: v.pageId, visitors: [] }));
    g.visitors.push(v.visitor);
  }
  return [...groups.values()];
}

/** One more view of a visitor not written yet, on `row`. */
function addView(visitor: NewVisitor, row: Row) {
  const s = keyString(row.key);
  visitor.views.set(s, (visitor.views.get(s) ?? 0) + 1);
}

function rowIn(map: Map<string, Row>, key: RowKey): Row {
  const s = keyString(key);
  let row = map.get(s);
  if (!row) map.set(s, (row = { key, views: 0, visitors: 0, leads: 0 }));
  return row;
}

export class Collector {
  private rows = new Map<string, Row>();
  private fresh = new Map<string, NewVisitor>();
  /** Today's visitors this instance knows are written, with the source of their first visit (their later views count there). */
  private seen = new Map<string, Attribution>();
  private seenDay = "";
  private loading = new Set<string>();
  private hashes = new Map<string, string>();
  /** Hits placed since the last flush, by everything that decides their row and visitor (recordRepeat). */
  private repeats = new Map<string, { row: Row; visitor: NewVisitor | null; hour: number; generation: number }>();
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
      if (known.visitor) addView(known.visitor, known.row);
      return;
    }
    const placed = this.place(make());
    if (!placed) return;
    if (this.repeats.size >= MAX_REPEATS) this.repeats.clear();
    this.repeats.set(key, { ...placed, hour, generation: this.generation });
  }

  /** One view (already filtered: a real visit by someone other than the owner). */
  record(hit: Hit) {
    this.place(hit);
  }

  /** Where a view went: its row and, for a visitor not written yet, their entry; null while the day's salt is read. */
  private place(hit: Hit): { row: Row; visitor: NewVisitor | null } | null {
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
    // The hits that waited for the salt came first: placed first, so a visitor's first source is their first visit's.
    if (this.waiting.length) this.placeWaiting();
    return this.add(hit, day, salt);
  }

  private placeWaiting() {
    const still: Hit[] = [];
    for (const hit of this.waiting) {
      const day = dayOf(hit.at);
      const salt = saltInMemory(day);
      if (salt) this.add(hit, day, salt);
      else still.push(hit);
    }
    this.waiting = still;
  }

  private add(hit: Hit, day: string, salt: string): { row: Row; visitor: NewVisitor | null } {
    const id = this.visitorOf(day, salt, hit);
    const pending = this.fresh.get(id);
    // The source of the visitor's first visit today, when known: every view of theirs counts there.
    const first = pending?.attribution ?? this.seen.get(id);
    const from = first ?? hit.from;
    const key: RowKey = { pageId: hit.pageId, hour: hourOf(hit.at), origin: hit.origin, variant: hit.variant, source: from.source, medium: from.medium, campaign: from.campaign, content: from.content, device: hit.device };
    const row = this.row(key);
    row.views++;
    if (pending) {
      addView(pending, row);
      return { row, visitor: pending };
    }
    if (first) return { row, visitor: null };
    const k = row.key;
    const visitor: NewVisitor = {
      day,
      pageId: hit.pageId,
      visitor: id.slice(id.lastIndexOf(" ") + 1),
      row: keyString(k),
      address: addressHash(salt, hit.ip, hit.pageId),
      attribution: { source: k.source, medium: k.medium, campaign: k.campaign, content: k.content, device: hit.device, variant: hit.variant },
      views: new Map([[keyString(k), 1]]),
    };
    this.fresh.set(id, visitor);
    return { row, visitor };
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
      key = { ...key, source: "(other)", medium: "", campaign: "", content: "" };
      s = keyString(key);
      row = this.rows.get(s);
    }
    if (!row) this.rows.set(s, (row = { key, views: 0, visitors: 0, leads: 0 }));
    return row;
  }

  /**
   * Who a lead is: the visitor with this IP and user agent on this page
   * today (or yesterday, for a sign-up just after midnight), and that day,
   * looked up among this instance's unwritten visitors and then in the
   * database. Null when they were never seen (the owner testing their
   * form, a copy opened from disk, counting off when they came, a page only
   * prefetched). `counted` says whether they counted as a new visitor
   * (inside the cap per address); a visitor not written yet is written
   * first, since the cap is decided there.
   */
  async visitorAttribution(pageId: string, ip: string, userAgent: string, at: number): Promise<(Attribution & { day: string; counted: boolean }) | null> {
    const today = utcDay(new Date(at));
    for (const [day, salt] of [[today, await saltFor(today)], [previousDay(today), await existingSalt(previousDay(today))]] as const) {
      if (!salt) continue;
      const visitor = visitorHash(salt, ip, userAgent, pageId);
      const id = `${day} ${pageId} ${visitor}`;
      // A flush under way may hold them; one that started before their first view has not: the next one writes them.
      // (A failed write keeps them unwritten: then they are not known to have counted.)
      if (this.flushing) await this.flushing.catch(() => {});
      if (this.fresh.has(id)) await this.flush().catch(() => {});
      if (this.fresh.has(id)) await this.flush().catch(() => {});
      const [row] = await getDb()
        .select({ source: analyticsVisitors.source, medium: analyticsVisitors.medium, campaign: analyticsVisitors.campaign, content: analyticsVisitors.content, device: analyticsVisitors.device, variant: analyticsVisitors.variant, counted: analyticsVisitors.counted })
        .from(analyticsVisitors)
        .where(and(eq(analyticsVisitors.day, day), eq(analyticsVisitors.pageId, pageId), eq(analyticsVisitors.visitor, visitor)));
      if (row) return { ...row, device: row.device as DeviceClass | "", day };
    }
    return null;
  }

  /**
   * One more lead from this address (an IPv4 address, an IPv6 /64) for the
   * page's experiment on `day`: true while the address is within
   * EXPERIMENT_LEADS_PER_ADDRESS that day. Decided by the database (an
   * adding upsert), so instances share the count.
   */
  async experimentLeadAllowed(pageId: string, ip: string, day: string): Promise<boolean> {
    const salt = day === utcDay(new Date()) ? await saltFor(day) : await existingSalt(day);
    if (!salt) return false;
    const [row] = await getDb()
      .insert(analyticsAddresses)
      .values({ day, pageId, address: addressHash(salt, ip, pageId), visitors: 0, leads: 1 })
      .onConflictDoUpdate({ target: [analyticsAddresses.day, analyticsAddresses.pageId, analyticsAddresses.address], set: { leads: sql`${analyticsAddresses.leads} + 1` } })
      .returning({ leads: analyticsAddresses.leads });
    return !!row && row.leads <= EXPERIMENT_LEADS_PER_ADDRESS;
  }

  /** One new lead (a conversion), on the row of its visitor's source, variant and device. */
  recordLead(pageId: string, origin: AnalyticsOrigin, attribution: Attribution, at: number) {
    const { source, medium, campaign, content, device, variant } = attribution;
    this.row({ pageId, hour: hourOf(at), origin, variant, source, medium, campaign, content, device }).leads++;
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
    /** The source each visitor already written by another instance (or before a restart) had at their first visit. */
    const earlier = new Map<string, Attribution>();
    try {
      await transaction(async (tx) => {
        earlier.clear();
        const firstVisits = new Map<string, number>();
        const counted: NewVisitor[] = [];
        const inserted = new Set<string>();
        // Sorted, so that two instances writing the same keys take their locks in the same order (no deadlock).
        const visitors = [...fresh.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
        for (let i = 0; i < visitors.length; i += BATCH) {
          const chunk = visitors.slice(i, i + BATCH).map(([, v]) => v);
          const written = await tx
            .insert(analyticsVisitors)
            .values(chunk.map((v) => ({ day: v.day, pageId: v.pageId, visitor: v.visitor, ...v.attribution })))
            .onConflictDoNothing()
            .returning({ day: analyticsVisitors.day, pageId: analyticsVisitors.pageId, visitor: analyticsVisitors.visitor });
          for (const r of written) inserted.add(`${r.day} ${r.pageId} ${r.visitor}`);
        }
        // The cap per address: how many new visitors each address had before these (on any instance) decides how many of these count.
        const byAddress = new Map<string, NewVisitor[]>();
        for (const [id, v] of visitors) {
          if (!inserted.has(id)) continue;
          const a = `${v.day} ${v.pageId} ${v.address}`;
          byAddress.set(a, [...(byAddress.get(a) ?? []), v]);
        }
        // Sorted by key too: the visitors' order (by their hashes) differs between instances, and so would the rows' lock order.
        const addresses = [...byAddress.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, vs]) => vs);
        for (let i = 0; i < addresses.length; i += BATCH) {
          const chunk = addresses.slice(i, i + BATCH);
          const totals = await tx
            .insert(analyticsAddresses)
            .values(chunk.map((vs) => ({ day: vs[0]!.day, pageId: vs[0]!.pageId, address: vs[0]!.address, visitors: vs.length })))
            .onConflictDoUpdate({ target: [analyticsAddresses.day, analyticsAddresses.pageId, analyticsAddresses.address], set: { visitors: sql`${analyticsAddresses.visitors} + excluded.visitors` } })
            .returning({ day: analyticsAddresses.day, pageId: analyticsAddresses.pageId, address: analyticsAddresses.address, visitors: analyticsAddresses.visitors });
          for (const t of totals) {
            const vs = byAddress.get(`${t.day} ${t.pageId} ${t.address}`)!;
            const before = t.visitors - vs.length;
            for (const v of vs.slice(0, Math.max(0, VISITORS_PER_ADDRESS - before))) {
              firstVisits.set(v.row, (firstVisits.get(v.row) ?? 0) + 1);
              counted.push(v);
            }
          }
        }
        // Marked, so that a lead knows whether its visitor counted (only those count for an experiment: attributeLead).
        for (let i = 0; i < counted.length; i += BATCH) {
          const groups = pagesOf(counted.slice(i, i + BATCH));
          await tx
            .update(analyticsVisitors)
            .set({ counted: true })
            .where(or(...groups.map((g) => and(eq(analyticsVisitors.day, g.day), eq(analyticsVisitors.pageId, g.pageId), inArray(analyticsVisitors.visitor, g.visitors)))));
        }
        // Visitors another instance wrote first: their views move to the source of that first visit.
        const known = visitors.filter(([id]) => !inserted.has(id));
        const moved = new Map([...rows].map(([k, r]) => [k, { ...r }]));
        for (let i = 0; i < known.length; i += BATCH) {
          const chunk = known.slice(i, i + BATCH);
          const stored = await tx
            .select({ day: analyticsVisitors.day, pageId: analyticsVisitors.pageId, visitor: analyticsVisitors.visitor, source: analyticsVisitors.source, medium: analyticsVisitors.medium, campaign: analyticsVisitors.campaign, content: analyticsVisitors.content, device: analyticsVisitors.device, variant: analyticsVisitors.variant })
            .from(analyticsVisitors)
            .where(or(...pagesOf(chunk.map(([, v]) => v)).map((g) => and(eq(analyticsVisitors.day, g.day), eq(analyticsVisitors.pageId, g.pageId), inArray(analyticsVisitors.visitor, g.visitors)))));
          for (const r of stored) {
            const id = `${r.day} ${r.pageId} ${r.visitor}`;
            const v = fresh.get(id);
            if (!v) continue;
            const attribution: Attribution = { ...r, device: r.device as DeviceClass | "" };
            earlier.set(id, attribution);
            if (sameSource(attribution, v.attribution)) continue;
            for (const [s, count] of v.views) {
              const from = moved.get(s);
              if (!from) continue;
              from.views -= count;
              rowIn(moved, { ...from.key, source: r.source, medium: r.medium, campaign: r.campaign, content: r.content }).views += count;
            }
          }
        }
        const values = [...moved.entries()]
          .filter(([s, r]) => r.views || r.leads || firstVisits.has(s))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([s, r]) => ({ ...r.key, hour: new Date(r.key.hour), views: r.views, visitors: firstVisits.get(s) ?? 0, leads: r.leads }));
        for (let i = 0; i < values.length; i += BATCH) {
          await tx
            .insert(analyticsHourly)
            .values(values.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [analyticsHourly.pageId, analyticsHourly.hour, analyticsHourly.origin, analyticsHourly.variant, analyticsHourly.source, analyticsHourly.medium, analyticsHourly.campaign, analyticsHourly.content, analyticsHourly.device],
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
    // A new day (or too many to keep): the map starts again; a visitor forgotten here is only inserted again, refused, and their source read back.
    if (this.seenDay !== today || this.seen.size > MAX_SEEN) {
      this.seen.clear();
      this.seenDay = today;
    }
    for (const [id, v] of fresh) if (v.day === today) this.seen.set(id, earlier.get(id) ?? v.attribution);
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
