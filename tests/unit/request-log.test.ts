import { afterEach, describe, expect, it, vi } from "vitest";
import { flushRequestLines, logRequestLine } from "~/platform/log.server";

afterEach(() => vi.restoreAllMocks());

describe("the request log", () => {
  it("keeps one line per request, written in one batch per turn of the event loop", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const start = process.hrtime.bigint();
    for (let i = 0; i < 50; i++) logRequestLine("GET", `/p/page-${i}?token=secret`, 200, start);
    // Nothing is written per request...
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    // ...and every line is there once the turn ends, in order, without the query.
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.trimEnd().split("\n");
    expect(lines).toHaveLength(50);
    lines.forEach((line, i) => expect(line).toMatch(new RegExp(`^GET /p/page-${i} 200 \\d+\\.\\dms$`)));
    expect(writes[0]).not.toContain("secret");
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
  });
});
