// Seeds 10,000 and 100,000 kits into temporary databases and exports each as
// CSV through the running server: the export streams in batches, so the
// server's peak memory should barely move with ten times the rows.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { peakRssMiB, seed, signIn, startServer, stopServer, tempDir } from "./support.mjs";

/** Exports `kits` seeded kits through a fresh server; returns rows/s and peak RSS. */
export async function measureCsv(kits, { repeats = 1, nodeArgs = [] } = {}) {
  const dir = tempDir();
  const dbPath = path.join(dir, "bench.db");
  // First start creates the schema; then seed; then a fresh server measures.
  await stopServer(await startServer(dbPath));
  seed(dbPath, { kits, users: 20, admin: "admin@bench.test" });
  const server = await startServer(dbPath, {}, nodeArgs);
  const cookie = await signIn(server.origin, "admin@bench.test");
  // Warm up the routes so the baseline includes the loaded app.
  await (await fetch(`${server.origin}/admin`, { headers: { Cookie: cookie } })).text();
  const before = peakRssMiB(server.child.pid);
  const peaks = [];
  let bytes = 0;
  let rows = 0;
  let seconds = 0;
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}/admin/export.csv`, { headers: { Cookie: cookie, "Accept-Encoding": process.env.BENCH_ENCODING ?? "gzip" } });
    bytes = 0;
    rows = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) rows++;
    }
    seconds = (performance.now() - started) / 1000;
    peaks.push(peakRssMiB(server.child.pid));
  }
  const peak = peaks.at(-1);
  await stopServer(server);
  return { kits, rows: rows - 1, mb: bytes / 1e6, seconds, rowsPerSecond: (rows - 1) / seconds, before, peak, peaks };
}

async function main() {
const results = [];
for (const n of [10_000, 100_000]) results.push(await measureCsv(n));
console.log("\nCSV export through the server (peak RSS = VmHWM of the server process)");
console.log("kits     | rows out | MB    | seconds | rows/s   | RSS before | peak RSS");
for (const r of results) {
  console.log(
    `${String(r.kits).padEnd(8)} | ${String(r.rows).padEnd(8)} | ${r.mb.toFixed(1).padEnd(5)} | ${r.seconds.toFixed(2).padEnd(7)} | ${Math.round(r.rowsPerSecond).toString().padEnd(8)} | ${r.before.toFixed(1).padEnd(10)} | ${r.peak.toFixed(1)} MiB`,
  );
}
const ratio = results[1].peak / results[0].peak;
console.log(`peak RSS ratio 100k / 10k: ${ratio.toFixed(2)} (goal ≤ 1.20)`);
if (results.some((r) => r.rows !== r.kits)) {
  console.error("row count mismatch");
  process.exit(1);
}
process.exit(ratio <= 1.2 ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
