// The load generator of `npm run bench`, in its own process so that it does
// not share an event loop with any server it measures. Takes one JSON
// argument {url, connections, duration, headers}, prints one JSON result.
import { createRequire } from "node:module";
import autocannon from "autocannon";

// autocannon keeps every response body as a string (`req.body += data`) for
// callbacks that verify bodies, which the bench does not use. On a 73 KB
// page that decoding and concatenation is most of autocannon's own CPU (75%
// in garbage collection in a profile, docs/performance.md), so the load
// generator, not the server, set the pace. The bench counts bytes instead;
// BENCH_KEEP_BODIES=1 restores autocannon's own behaviour.
if (!process.env.BENCH_KEEP_BODIES) {
  const require = createRequire(import.meta.url);
  const Queue = require("autocannon/lib/pipelinedRequestsQueue.js");
  Queue.prototype.addBody = function () {};
}

// `amount`: exactly that many requests instead of a duration (the analytics count check compares them with the stored views).
const { url, connections = 50, duration = 8, headers = {}, amount } = JSON.parse(process.argv[2]);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const instance = autocannon({ url, connections, headers, ...(amount ? { amount } : { duration }) });
// Latencies of requests sent after the first second: the run's opening second, when all the
// connections are opened at once against a busy server, is left out (see docs/performance.md).
const started = performance.now();
const steady = [];
instance.on("response", (_client, _status, _bytes, responseTime) => {
  if (performance.now() - responseTime - started >= 1000) steady.push(responseTime);
});
const r = await instance;
const seconds = amount ? (performance.now() - t0) / 1000 : duration;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    /** p99 of the requests sent after the first second. */
    steadyP99: steady.length ? steady.sort((a, b) => a - b)[Math.min(steady.length - 1, Math.floor(steady.length * 0.99))] : null,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerRequest: r.requests.total ? r.throughput.total / r.requests.total : 0,
    // Share of one core autocannon itself used: near 100%, the latencies are its own queueing
    // (it keeps each response body as a string, which costs it garbage collection on big pages).
    loadCpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
    /** Responses received (every status), and the 2xx among them. */
    total: r.requests.total,
    ok: r["2xx"],
  }),
);
