// The load generator of `npm run bench`: wrk (Debian's package `wrk`), a C
// program in its own process, so that neither the generator's own cost nor
// its garbage collection sets the pace (autocannon, in JavaScript, was busy a
// whole core on large pages). One thread, 50 connections, like the figures in
// docs/performance.md. When wrk is not installed, autocannon stands in
// (scripts/bench/load.mjs) and the bench says so: its figures are lower and
// not comparable with wrk's. BENCH_LOAD=autocannon asks for autocannon.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPORT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

let available;
/** "wrk" when it is installed (and not refused with BENCH_LOAD=autocannon), else "autocannon". */
export function loadGenerator() {
  if (available === undefined) {
    available = process.env.BENCH_LOAD !== "autocannon" && spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
    if (!available && process.env.BENCH_LOAD !== "autocannon") {
      console.log(
        "\n  wrk is not installed: the load comes from autocannon instead. Its figures are lower than wrk's and are not the ones\n" +
          "  docs/performance.md compares: install Debian's wrk (apt-get install wrk) and run the bench again.\n",
      );
    }
  }
  return available ? "wrk" : "autocannon";
}

/** wrk against `url` for `duration` seconds: {rps, p50, p99, max, errors, non2xx, total, ok, bytesPerRequest} (ms). */
export async function wrk(url, headers = {}, { connections = 50, duration = 8 } = {}) {
  // A 10 s timeout: on a loaded machine a request waiting 2 s (wrk's default) is slow, not lost.
  const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--timeout", "10s", "-s", REPORT];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const child = spawn("wrk", [...args, url], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  const line = out.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${out}`);
  const r = JSON.parse(line.slice("WRK_JSON ".length));
  const seconds = r.durationUs / 1e6;
  const errors = r.connect + r.read + r.write + r.timeout;
  return {
    rps: r.requests / seconds,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    max: r.max / 1000,
    // wrk counts responses outside 2xx and 3xx as "status" errors.
    errors,
    non2xx: r.status,
    total: r.requests,
    ok: r.requests - r.status,
    bytesPerRequest: r.requests ? r.bytes / r.requests : 0,
    steadyP99: null,
    loadCpuShare: 0,
  };
}
