import type { RequestHandler } from "express";

/** One line per request: method, path (never the query: it may hold a reset token), status, ms. */
export function requestLogger(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => logRequestLine(req.method, req.originalUrl, res.statusCode, start));
    next();
  };
}

/**
 * The request line itself (also written by the page cache, which answers
 * before Express). Every request still gets its line, but the lines are
 * batched: written with one `process.stdout.write` every
 * REQUEST_LOG_FLUSH_MS (or per 64 KB), at exit too, never one per request.
 * A write per request was a system call per request (~8% of a cached page's
 * CPU), and so was a write per turn of the event loop under load (a turn
 * often answers one or two requests: ~5 µs of a cached hit's ~50). An error
 * line (logError) is written at once, after the request lines before it.
 */
export function logRequestLine(method: string, url: string, status: number, start: bigint) {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const q = url.indexOf("?");
  const line = `${method} ${q === -1 ? url : url.slice(0, q)} ${status} ${ms.toFixed(1)}ms\n`;
  // (UTF-8 takes at most 3 bytes per UTF-16 unit.)
  if (pendingBytes + line.length * 3 > MAX_PENDING) {
    flushRequestLines();
    if (line.length * 3 > MAX_PENDING) {
      process.stdout.write(line);
      return;
    }
  }
  pendingBytes += pending.write(line, pendingBytes);
  if (!flushTimer) flushTimer = setTimeout(flushRequestLines, REQUEST_LOG_FLUSH_MS).unref();
}

/** How long a request line may wait to be written (a crash loses at most this much of the access log). */
export const REQUEST_LOG_FLUSH_MS = 200;
const MAX_PENDING = 64 * 1024;
// The lines wait as bytes in a buffer outside V8's heap, not as a string: a
// string grown by `+=` is a chain of pieces that live for up to 200 ms, long
// enough to be moved to the old generation, and under load that filled it
// and started a full garbage collection every few seconds (a cached hit of
// `/` went from 55 to 48 µs of CPU without it: decision 056).
const pending = Buffer.allocUnsafeSlow(MAX_PENDING);
let pendingBytes = 0;
let flushTimer: ReturnType<typeof setTimeout> | null = null;

/** Writes the request lines gathered so far (also at exit, so none is lost). */
export function flushRequestLines() {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  if (!pendingBytes) return;
  // A copy goes to the stream (which may write it later); the buffer is filled again.
  const lines = Buffer.from(pending.subarray(0, pendingBytes));
  pendingBytes = 0;
  process.stdout.write(lines);
}

process.on("exit", flushRequestLines);

/** Structured error line: JSON, so log tooling can parse it. Never includes secrets. */
export function logError(message: string, error?: unknown, extra?: Record<string, unknown>) {
  const detail =
    error instanceof Error
      ? { error: error.message, name: error.name, stack: error.stack?.split("\n").slice(0, 6) }
      : error === undefined
        ? {}
        : { error: String(error) };
  // The request lines gathered before it go out first, so a shared log reads in order.
  flushRequestLines();
  console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), message, ...detail, ...extra }));
}
