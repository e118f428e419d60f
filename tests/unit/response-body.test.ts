import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { writeBodyToResponse } from "../../server/request-handler";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A response-like sink: takes `delayMs` to flush each chunk, remembers what it got. */
function sink({ delayMs = 0, highWaterMark = 16 * 1024 } = {}) {
  const received: Buffer[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      received.push(Buffer.from(chunk));
      if (delayMs) setTimeout(callback, delayMs);
      else callback();
    },
  });
  return { stream, received, text: () => Buffer.concat(received).toString("utf8") };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("writing a response body", () => {
  it("writes every chunk in order and ends the response", async () => {
    const out = sink();
    const ended = new Promise((resolve) => out.stream.on("finish", resolve));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of ["ID,Name\r\n", "1,Ada\r\n", "2,Grace\r\n"]) controller.enqueue(new TextEncoder().encode(line));
        controller.close();
      },
    });
    await writeBodyToResponse(body, out.stream);
    await ended;
    expect(out.text()).toBe("ID,Name\r\n1,Ada\r\n2,Grace\r\n");
  });

  it("waits for a slow client instead of reading the whole body ahead", async () => {
    const out = sink({ delayMs: 5, highWaterMark: 1024 });
    let produced = 0;
    let maxAhead = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          produced++;
          maxAhead = Math.max(maxAhead, produced - out.received.length);
          if (produced > 30) controller.close();
          else controller.enqueue(new Uint8Array(4096).fill(65));
        },
      },
      { highWaterMark: 0 },
    );
    await writeBodyToResponse(body, out.stream);
    expect(out.received).toHaveLength(30);
    // Only a couple of chunks are ever in flight, never the whole body.
    expect(maxAhead).toBeLessThanOrEqual(3);
  });

  it("does not keep the chunks it has sent while the response goes on", async () => {
    // A long export or a server-sent events connection: the response stays
    // open for long, so chunks already written must be free to collect.
    const out = sink();
    const collected = new Set<number>();
    const registry = new FinalizationRegistry<number>((n) => collected.add(n));
    let sent = 0;
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let reachedPause!: () => void;
    const atPause = new Promise<void>((resolve) => (reachedPause = resolve));
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (sent === 40) {
            reachedPause();
            await paused;
            controller.close();
            return;
          }
          const chunk = new Uint8Array(64 * 1024).fill(66);
          registry.register(chunk, sent++);
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const writing = writeBodyToResponse(body, out.stream);
    await atPause;
    out.received.length = 0; // the sink's own copies are not the point
    for (let i = 0; i < 5 && collected.size < 35; i++) {
      gc();
      await tick();
    }
    release();
    await writing;
    expect(collected.size).toBeGreaterThanOrEqual(35);
  });

  it("cancels the body when the client goes away", async () => {
    const out = sink();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("event: progress\ndata: {}\n\n"));
        // …and then nothing: a live stream waiting for the next event.
      },
      cancel() {
        cancelled = true;
      },
    });
    const writing = writeBodyToResponse(body, out.stream);
    await tick();
    out.stream.destroy();
    await writing;
    expect(cancelled).toBe(true);
    expect(out.text()).toContain("event: progress");
  });

  it("aborts the response when the body fails half-way", async () => {
    const out = sink();
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n++ === 2) throw new Error("database is locked");
        controller.enqueue(new TextEncoder().encode(`row ${n}\r\n`));
      },
    });
    const errored = new Promise<Error>((resolve) => out.stream.on("error", resolve));
    await expect(writeBodyToResponse(body, out.stream)).rejects.toThrow("database is locked");
    expect((await errored).message).toBe("database is locked");
    expect(out.stream.writableFinished).toBe(false);
    expect(out.text()).toBe("row 1\r\nrow 2\r\n");
  });
});
