/**
 * In-memory sliding-window rate limiting. LaunchKit runs as one process (one
 * container), so memory is the right place: no table writes on every request.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(opts: { limit: number; windowMs: number; now?: () => number }) {
    this.limit = opts.limit;
    this.windowMs = opts.windowMs;
    this.now = opts.now ?? Date.now;
  }

  private recent(key: string) {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    if (this.hits.size > 50_000) this.sweep();
    return list;
  }

  /** Is this key over its limit right now (without counting a new hit)? */
  isLimited(key: string) {
    return this.recent(key).length >= this.limit;
  }

  /** Counts a hit; returns false when the key was already at its limit. */
  hit(key: string) {
    const list = this.recent(key);
    if (list.length >= this.limit) return false;
    list.push(this.now());
    this.hits.set(key, list);
    return true;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep() {
    const since = this.now() - this.windowMs;
    for (const [key, list] of this.hits) {
      if (!list.some((t) => t > since)) this.hits.delete(key);
    }
  }
}
