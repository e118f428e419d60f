import { afterEach, describe, expect, it, vi } from "vitest";
import { flushRequestLines, logError, logRequestLine, REQUEST_LOG_FLUSH_MS } from "~/platform/log.server";

afterEach(() => {
  flushRequestLines();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the request log", () => {
  it("keeps one line per request, written in one batch per interval, not per request or per turn of the event loop", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate"] });
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const start = process.hrtime.bigint();
    for (let i = 0; i < 50; i++) {
      logRequestLine("GET", `/p/page-${i}?token=secret`, 200, start);
      // Requests answered over several turns of the event loop share a write.
      await vi.advanceTimersByTimeAsync(1);
    }
    // Nothing is written per request, nor per turn...
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(REQUEST_LOG_FLUSH_MS);
    // ...and every line is there once the interval ends, in order, without the query.
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.trimEnd().split("\n");
    expect(lines).toHaveLength(50);
    lines.forEach((line, i) => expect(line).toMatch(new RegExp(`^GET /p/page-${i} 200 \\d+\\.\\dms$`)));
    expect(writes[0]).not.toContain("secret");
  });

  it("writes the waiting request lines before an error line", () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      out.push(`out ${String(chunk)}`);
      return true;
    });
    vi.spyOn(console, "error").mockImplementation((line: string) => void out.push(`err ${line}`));
    logRequestLine("POST", "/signin", 500, process.hrtime.bigint());
    logError("boom");
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^out POST \/signin 500 /);
    expect(out[1]).toMatch(/^err \{"level":"error"/);
  });

  it("writes what it holds when asked (at exit), and a large batch without waiting", () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const start = process.hrtime.bigint();
    logRequestLine("HEAD", "/", 304, start);
    flushRequestLines();
    expect(writes).toEqual([expect.stringMatching(/^HEAD \/ 304 \d+\.\dms\n$/)]);
    // 64 KB of lines go out at once, without waiting for the turn to end.
    for (let i = 0; i < 2000; i++) logRequestLine("GET", `/pricing/${"x".repeat(40)}`, 200, start);
    expect(writes.length).toBeGreaterThan(1);
    flushRequestLines();
    expect(writes.slice(1).join("").split("\n").filter(Boolean)).toHaveLength(2000);
    // A line longer than the batch itself goes out whole, after the lines before it.
    writes.length = 0;
    logRequestLine("GET", "/before", 200, start);
    logRequestLine("GET", `/${"y".repeat(30000)}`, 404, start);
    flushRequestLines();
    expect(writes.join("").split("\n").filter(Boolean).map((l) => l.slice(0, 12))).toEqual(["GET /before ", "GET /yyyyyyy"]);
  });

  it("keeps waiting lines as bytes outside V8's heap, not as a string that grows with every request", () => {
    const chunks: unknown[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(chunk);
      return true;
    });
    const start = process.hrtime.bigint();
    // A path with a character outside ASCII takes its UTF-8 bytes.
    for (let i = 0; i < 3; i++) logRequestLine("GET", `/p/caf\u00e9-${i}`, 200, start);
    flushRequestLines();
    expect(chunks).toHaveLength(1);
    // A string grown by += lives on V8's heap until the flush (long enough to reach its old generation under load).
    expect(Buffer.isBuffer(chunks[0])).toBe(true);
    const written = (chunks[0] as Buffer).toString("utf8");
    expect(written.trimEnd().split("\n").map((l) => l.replace(/ [\d.]+ms$/, ""))).toEqual([0, 1, 2].map((i) => `GET /p/caf\u00e9-${i} 200`));
    // What was handed to the stream stays as it was while the next lines are gathered.
    logRequestLine("POST", "/overwritten?", 500, start);
    flushRequestLines();
    expect((chunks[0] as Buffer).toString("utf8")).toBe(written);
    expect(String(chunks[1])).toMatch(/^POST \/overwritten 500 /);
  });
});
