// Preloaded into a server under test (node --expose-gc --import ...): on
// SIGUSR2 it runs a full garbage collection and writes process.memoryUsage()
// as JSON to the file named by MEMORY_REPORT, so a memory test reads the
// server's live memory without the garbage that has not been collected yet.
import fs from "node:fs";

process.on("SIGUSR2", () => {
  if (typeof globalThis.gc === "function") globalThis.gc();
  if (process.env.MEMORY_REPORT) fs.writeFileSync(process.env.MEMORY_REPORT, JSON.stringify(process.memoryUsage()));
});
