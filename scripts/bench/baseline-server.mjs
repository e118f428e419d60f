// A baseline for `npm run bench`, in its own process: serves one file's bytes,
// read once into memory, at every path. `node baseline-server.mjs node <file>`
// uses node's own http (the ceiling: nothing but HTTP); `... express <file>`
// is Express 5 with `res.send` as a new user would write it (ETag included).
// A third argument (`br`, `gzip`) says the file is already compressed that way:
// it is sent as it is, with that Content-Encoding (what a browser is sent).
// BASELINE_CPU_MS=<ms> makes node's http spend that much CPU on each request
// before answering (a page that costs as much to make, with nothing else of
// the app): what the queueing alone does to latencies at that cost.
// BASELINE_HEADERS=<file>: a JSON list of header names and values ([name,
// value, name, value, ...]) sent with every answer instead of Content-Type
// alone: the same response as LaunchKit's (its security headers, CSP, ETag),
// not only the same body. Node's http validates and joins every header of
// every response: LaunchKit's 11 headers cost it ~6 µs per request against
// Content-Type and Content-Length alone (docs/performance.md).
// Prints {"port": n} once listening.
import fs from "node:fs";
import http from "node:http";

const [kind, file, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file);
const encoded = encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {};
const pageHeaders = process.env.BASELINE_HEADERS ? JSON.parse(fs.readFileSync(process.env.BASELINE_HEADERS, "utf8")) : null;
let server;
if (kind === "express") {
  const { default: express } = await import("express");
  const app = express();
  app.disable("x-powered-by");
  app.get(/.*/, (_req, res) => {
    if (pageHeaders) for (let i = 0; i < pageHeaders.length; i += 2) res.set(pageHeaders[i], pageHeaders[i + 1]);
    else res.set(encoded).type("html");
    res.send(body);
  });
  server = http.createServer(app);
} else if (kind === "node") {
  const cpuMs = Number(process.env.BASELINE_CPU_MS ?? 0);
  const head = pageHeaders ? [...pageHeaders, "Content-Length", String(body.length)] : { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length, ...encoded };
  server = http.createServer((_req, res) => {
    // (Only when asked: a process.cpuUsage() per request was ~10% of this baseline's own CPU.)
    if (cpuMs > 0) {
      for (const start = process.cpuUsage(); ; ) {
        const used = process.cpuUsage(start);
        if ((used.user + used.system) / 1000 >= cpuMs) break;
      }
    }
    res.writeHead(200, head);
    res.end(body);
  });
} else {
  throw new Error(`unknown baseline ${kind}: node or express`);
}
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
