// Preloaded into the server by the benchmark (node --import): samples the
// event-loop delay and writes it to BENCH_LOOP_FILE; SIGUSR2 resets it.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const write = () =>
    fs.writeFileSync(file, JSON.stringify({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, meanMs: histogram.mean / 1e6 }));
  setInterval(write, 200).unref();
  process.on("SIGUSR2", () => histogram.reset());
}
