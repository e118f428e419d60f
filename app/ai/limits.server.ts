import OpenAI from "openai";
import pg from "pg";
import type { Config } from "~/platform/config.server";
import { dialect } from "~/platform/db/client.server";
import { logError } from "~/platform/log.server";
import type { AIProvider } from "./types";

/**
 * The AI provider's limits, kept by LaunchKit rather than discovered by
 * failing (docs/decisions/025-kit-graph-and-ai-limits.md):
 *
 * - At most AI_CONCURRENCY calls at once from this instance, and on
 *   PostgreSQL at most AI_CONCURRENCY_CLUSTER from all instances together
 *   (one advisory lock per slot, held on a connection of its own for the
 *   call: a crashed instance's slots are free again when its connections
 *   close). A kit runs as a graph, so without these a few kits at once
 *   would open dozens of calls.
 * - An answer that says when to come back (429 or 503 with Retry-After or
 *   retry-after-ms) is honoured: the call waits that long and tries again,
 *   within AI_RETRY_WINDOW_MS, and every other call of this instance waits
 *   too (a storm of 429s slows generation down instead of failing it).
 *   A 429 for an exhausted quota and one without a time are not retried
 *   here (the SDK's own AI_MAX_RETRIES applies; the error catalogue names
 *   them).
 * - A streamed text is retried only before its first piece arrived.
 */

const CLUSTER_LOCK = 7_262_021;
const CLUSTER_POLL_MS = 200;

type Limits = { concurrency: number; clusterConcurrency: number; retryWindowMs: number };

/** A counting semaphore whose waiters leave when their signal aborts. */
export class Slots {
  private used = 0;
  private waiters: Array<() => void> = [];
  constructor(readonly size: number) {}

  get inUse() {
    return this.used;
  }

  async take(signal?: AbortSignal): Promise<() => void> {
    while (this.used >= this.size) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== wake);
          reject(signal!.reason);
        };
        this.waiters.push(wake);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
    this.used++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
      this.waiters.shift()?.();
    };
  }
}

/** How long the provider asked us to wait, in ms, when the error is one to wait out; else null. */
export function retryAfterMs(error: unknown, now = Date.now()): number | null {
  if (!(error instanceof OpenAI.APIError)) return null;
  if (error.status !== 429 && error.status !== 503) return null;
  if (error.code === "insufficient_quota" || (error.error as { type?: string } | undefined)?.type === "insufficient_quota") return null;
  const headers = error.headers;
  const get = (name: string) => (headers && typeof headers.get === "function" ? headers.get(name) : null);
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = get("retry-after");
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The slots shared by every instance on PostgreSQL: advisory locks (CLUSTER_LOCK, 0..n-1). */
class ClusterSlots {
  private pool: pg.Pool | null = null;
  private warned = false;
  constructor(
    private readonly url: string,
    private readonly size: number,
    private readonly localSize: number,
  ) {}

  private getPool() {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.url, max: this.localSize, idleTimeoutMillis: 10_000 });
      this.pool.on("error", () => {});
      // A client holding a slot is lent out, and the pool stops listening for its errors meanwhile: a
      // PostgreSQL restart ends its connection, and an 'error' nobody listens to would end the process.
      // (Its slot's lock went with the connection; the release then fails, and is ignored.)
      this.pool.on("connect", (client) => client.on("error", () => {}));
    }
    return this.pool;
  }

  async take(signal?: AbortSignal): Promise<() => void> {
    let client: pg.PoolClient;
    try {
      client = await this.getPool().connect();
    } catch (error) {
      // The database is away: the call goes on with this instance's limit alone (its step cannot save without the database anyway).
      this.warn(error);
      return () => {};
    }
    try {
      const start = Math.floor(Math.random() * this.size);
      for (;;) {
        signal?.throwIfAborted();
        for (let i = 0; i < this.size; i++) {
          const slot = (start + i) % this.size;
          const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [CLUSTER_LOCK, slot]);
          if (rows[0]?.ok) {
            return () => {
              client
                .query("select pg_advisory_unlock($1, $2)", [CLUSTER_LOCK, slot])
                .then(() => client.release())
                .catch((error: Error) => client.release(error));
            };
          }
        }
        await sleep(CLUSTER_POLL_MS, signal);
      }
    } catch (error) {
      client.release(error instanceof Error && !signal?.aborted ? error : undefined);
      if (signal?.aborted) throw signal.reason;
      this.warn(error);
      return () => {};
    }
  }

  private warn(error: unknown) {
    if (this.warned) return;
    this.warned = true;
    logError("AI call slots across instances unavailable; this instance's limit still holds", error);
  }

  async close() {
    await this.pool?.end().catch(() => {});
    this.pool = null;
  }
}

export type CallLimiter = {
  run<T>(call: (attempt: number) => Promise<T>, signal?: AbortSignal, retryable?: () => boolean): Promise<T>;
  /** For tests and /healthz: calls running now on this instance. */
  running(): number;
  close(): Promise<void>;
};

export function createCallLimiter(limits: Limits, databaseUrl?: string): CallLimiter {
  const local = new Slots(limits.concurrency);
  const cluster = databaseUrl && dialect() === "postgres" ? new ClusterSlots(databaseUrl, limits.clusterConcurrency, limits.concurrency) : null;
  /** Every call of this instance waits until then: the provider said when to come back. */
  let coolUntil = 0;
  return {
    async run(call, signal, retryable = () => true) {
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        await sleep(coolUntil - Date.now(), signal);
        const releaseLocal = await local.take(signal);
        let releaseCluster: () => void = () => {};
        let wait: number | null = null;
        try {
          releaseCluster = cluster ? await cluster.take(signal) : releaseCluster;
          return await call(attempt);
        } catch (error) {
          wait = retryAfterMs(error);
          const left = limits.retryWindowMs - (Date.now() - started);
          if (wait === null || wait > left || signal?.aborted || !retryable()) throw error;
          coolUntil = Math.max(coolUntil, Date.now() + wait);
        } finally {
          releaseCluster();
          releaseLocal();
        }
      }
    },
    running: () => local.inUse,
    close: async () => {
      await cluster?.close();
    },
  };
}

/** The provider with every call going through the limiter. */
export function limitProvider(provider: AIProvider, limiter: CallLimiter): AIProvider {
  return {
    name: provider.name,
    offline: provider.offline,
    textModel: provider.textModel,
    imageModel: provider.imageModel,
    text(request, signal, onDelta) {
      if (!onDelta) return limiter.run(() => provider.text(request, signal), signal);
      let streamed = false;
      return limiter.run(
        () =>
          provider.text(request, signal, (delta) => {
            streamed = true;
            onDelta(delta);
          }),
        signal,
        () => !streamed,
      );
    },
    image: (request, signal) => limiter.run(() => provider.image(request, signal), signal),
    structured: (request, signal) => limiter.run(() => provider.structured(request, signal), signal),
    webSearch: provider.webSearch ? (request, signal) => limiter.run(() => provider.webSearch!(request, signal), signal) : undefined,
  };
}

export function limitsOf(ai: Config["ai"]): Limits {
  return { concurrency: ai.concurrency, clusterConcurrency: ai.clusterConcurrency, retryWindowMs: ai.retryWindowMs };
}
