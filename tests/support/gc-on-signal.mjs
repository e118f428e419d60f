// Preloaded into a server under test (node --expose-gc --import ...): on
// SIGUSR2 it runs full garbage collections and writes process.memoryUsage()
// as JSON to the file named by MEMORY_REPORT, so a memory test reads the
// server's live memory without the garbage that has not been collected yet.
//
// One gc() is not enough: V8 frees the backing stores of dead ArrayBuffers on
// a concurrent sweeper after the collection, and streams' last chunks are
// released only once their callbacks have run, so the report waits for a few
// collections spaced out on the event loop.
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

let running = false;
process.on("SIGUSR2", async () => {
  if (running) return;
  running = true;
  try {
    if (typeof globalThis.gc === "function") {
      for (let i = 0; i < 4; i++) {
        globalThis.gc();
        await sleep(100);
      }
    }
    const report = process.env.MEMORY_REPORT;
    if (report) {
      // Written beside and renamed, so a reader never sees half a report.
      fs.writeFileSync(`${report}.tmp`, JSON.stringify(process.memoryUsage()));
      fs.renameSync(`${report}.tmp`, report);
    }
  } finally {
    running = false;
  }
});
