import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import { getDb, lockInTransaction, transaction } from "~/platform/db/client.server";
import { rateLimitHits } from "~/platform/db/schema";

/**
 * Sliding-window rate limiting. Limits that must hold whichever instance a
 * request lands on (sign-in, forms, generations) keep their hits in the
 * database (`rate_limit_hits`), so every instance counts the same hits. The
 * flood guard on every POST is per instance (`shared: false`): it only has
 * to protect the process it runs in, without a write per request.
 */
export class RateLimiter {
  private readonly name: string;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly memory: MemoryHits | null;
  private hitsSinceSweep = 0;

  constructor(opts: { name: string; limit: number; windowMs: number; now?: () => number; shared?: boolean }) {
    this.name = opts.name;
    this.limit = opts.limit;
    this.windowMs = opts.windowMs;
    this.now = opts.now ?? Date.now;
    this.memory = opts.shared === false ? new MemoryHits() : null;
  }

  private key(key: string) {
    return `${this.name}:${key}`;
  }

  /** Is this key over its limit right now (without counting a new hit)? */
  async isLimited(key: string): Promise<boolean> {
    const since = this.now() - this.windowMs;
    if (this.memory) return this.memory.recent(key, since).length >= this.limit;
    const [row] = await getDb()
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, this.key(key)), gt(rateLimitHits.at, since)));
    return (row?.n ?? 0) >= this.limit;
  }

  /** Counts a hit; returns false (and counts nothing) when the key was already at its limit. */
  async hit(key: string): Promise<boolean> {
    const now = this.now();
    const since = now - this.windowMs;
    if (this.memory) return this.memory.hit(key, since, now, this.limit);
    const k = this.key(key);
    const allowed = await transaction(async (tx) => {
      // Two instances counting the same key at once take turns.
      await lockInTransaction(tx, k);
      const [row] = await tx.select({ n: count() }).from(rateLimitHits).where(and(eq(rateLimitHits.key, k), gt(rateLimitHits.at, since)));
      if ((row?.n ?? 0) >= this.limit) return false;
      await tx.insert(rateLimitHits).values({ key: k, at: now });
      return true;
    });
    if (++this.hitsSinceSweep >= 200) {
      this.hitsSinceSweep = 0;
      await this.sweep(since);
    }
    return allowed;
  }

  async reset(key: string) {
    if (this.memory) return this.memory.reset(key);
    await getDb().delete(rateLimitHits).where(eq(rateLimitHits.key, this.key(key)));
  }

  /** Forgets this limiter's hits that left the window. */
  private async sweep(since: number) {
    await getDb()
      .delete(rateLimitHits)
      .where(and(sql`${rateLimitHits.key} like ${`${this.name}:%`}`, lte(rateLimitHits.at, since)));
  }
}

class MemoryHits {
  private hits = new Map<string, number[]>();

  recent(key: string, since: number) {
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    if (this.hits.size > 50_000) {
      for (const [k, l] of this.hits) if (!l.some((t) => t > since)) this.hits.delete(k);
    }
    return list;
  }

  hit(key: string, since: number, now: number, limit: number) {
    const list = this.recent(key, since);
    if (list.length >= limit) return false;
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  reset(key: string) {
    this.hits.delete(key);
  }
}
