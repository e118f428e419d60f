// `npm run bench -- pages`, first table: cached pages against node's `http`
// and Express serving the same response from memory (the same body and the
// same headers: LaunchKit's security headers, CSP and ETag), each server in
// its own process, loaded by wrk (scripts/bench/wrk.mjs) one after the other
// in BENCH_CACHED_ROUNDS rounds (7 by default) of BENCH_CACHED_SECONDS each
// (3 by default), the order reversed every other round, LaunchKit always next
// to node `http`, so that a change in the machine's other load falls on all
// of them alike. On a shared machine (a virtual one especially) two runs of
// the same server minutes apart differ by 20% or more, so one long run says
// little: the share of node `http` is taken in each round, from the two runs
// next to each other, and the median of the rounds is the figure (the
// rounds' lowest and highest beside it). Node `http` sending the body alone
// (Content-Type and Content-Length, nothing else) runs too, and LaunchKit's
// share of it is printed beside: the difference is what the headers cost.
// BENCH_BEFORE_BUILD=<dir>: an older build, on the same database, takes its
// turn in every round too. So does a second LaunchKit process of this build
// ("restarted"), started on the same database once the kit is made: the same
// pages from a server whose only traffic has been its health checks and
// these pages, where the first is the server that made and published the kit
// (docs/performance.md, "The hit path's fifth pass": which of the two is
// faster changes from run to run). Prints one line per page: median requests/s,
// LaunchKit's share of node `http` (median of the rounds, and their range),
// and the server CPU per request (median of the rounds, from /proc), which
// others' load on a shared machine moves far less than requests/s.
import fs from "node:fs";
import path from "node:path";

const fmt = (n, d = 0) => Number(n).toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `pages`: [{label, pathname, headers}]; `server`, `restarted`, `before`:
 * LaunchKit servers ({origin, child}; the last two optional); `tools`: run.mjs's helpers. Returns the table's
 * rows and prints them.
 */
export async function cachedPagesTable({ pages, server, restarted, before, dir, tools, row }) {
  const { load, baselineServer, wireBytes, warm, cpuMs, generator } = tools;
  const rounds = Number(process.env.BENCH_CACHED_ROUNDS ?? 7);
  const seconds = Number(process.env.BENCH_CACHED_SECONDS ?? 3);
  // The optional LaunchKit processes beside the one that made the kit, each a target and three columns.
  const others = [
    { name: "restarted", server: restarted },
    { name: "before", server: before },
  ].filter((o) => o.server);
  const results = [];
  for (const { label, pathname, headers = {} } of pages) {
    // The response of a cache hit. The first requests render the page and get a miss's headers until the
    // page is kept, which waits for its compressed copies (made off the event loop): ask until it is a hit.
    const isHit = (r) => r.headers.some((h, i) => i % 2 === 0 && /^x-page-cache$/i.test(h) && r.headers[i + 1] === "hit");
    let sent;
    for (const deadline = Date.now() + 30_000; ; ) {
      sent = await wireBytes(`${server.origin}${pathname}`, headers);
      if (sent.status !== 200) throw new Error(`${pathname}: ${sent.status}`);
      if (isHit(sent)) break;
      if (Date.now() > deadline) throw new Error(`${pathname}: not a page-cache hit within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const file = path.join(dir, `cached-${results.length}.html`);
    fs.writeFileSync(file, sent.body);
    const headerFile = `${file}.headers.json`;
    fs.writeFileSync(headerFile, JSON.stringify(sent.headers));
    const node = await baselineServer("node", file, undefined, { BASELINE_HEADERS: headerFile });
    const nodeBody = await baselineServer("node", file);
    const express = await baselineServer("express", file, undefined, { BASELINE_HEADERS: headerFile });
    // LaunchKit next to node `http` whichever way round.
    const targets = [
      { name: "express", url: express.url, pid: express.pid },
      { name: "nodeBody", url: nodeBody.url, pid: nodeBody.pid },
      { name: "node", url: node.url, pid: node.pid },
      { name: "launchkit", url: `${server.origin}${pathname}`, pid: server.child.pid },
      ...others.map((o) => ({ name: o.name, url: `${o.server.origin}${pathname}`, pid: o.server.child.pid })),
    ];
    for (const t of targets) {
      t.runs = [];
      await warm(t.url, headers, 300);
    }
    // The baselines answer with the same bytes (Date aside), or the comparison means nothing.
    for (const t of [node, express]) {
      const got = await wireBytes(t.url, headers);
      const fields = (h) => h.flatMap((n, i) => (i % 2 ? [] : [`${n.toLowerCase()}: ${h[i + 1]}`])).sort().join("\n");
      if (!got.body.equals(sent.body) || fields(got.headers) !== fields(sent.headers)) throw new Error(`${label}: a baseline's response differs from LaunchKit's`);
    }
    for (let round = 0; round < rounds; round++) {
      for (const t of round % 2 ? [...targets].reverse() : targets) {
        const cpu0 = cpuMs(t.pid);
        const r = await load(t.url, headers, 50, seconds);
        // A wrong answer is a failure; a socket error or timeout on a loaded machine is reported with the figures.
        if (r.non2xx) throw new Error(`${label} (${t.name}): ${r.non2xx} responses other than 2xx`);
        r.cpuUs = (1000 * (cpuMs(t.pid) - cpu0)) / (r.rps * seconds);
        t.runs.push(r);
      }
    }
    await node.close();
    await nodeBody.close();
    await express.close();
    const by = Object.fromEntries(targets.map((t) => [t.name, t]));
    const rps = (t) => fmt(median(t.runs.map((r) => r.rps)));
    const shares = (t, of = by.node) => t.runs.map((r, i) => (100 * r.rps) / of.runs[i].rps);
    const share = (t, of) => {
      const s = shares(t, of);
      return `${Math.round(median(s))}% (${Math.round(Math.min(...s))}–${Math.round(Math.max(...s))}%)`;
    };
    const cpu = (t) => fmt(median(t.runs.map((r) => r.cpuUs)));
    const errors = targets.map((t) => [t.name, t.runs.reduce((n, r) => n + r.errors, 0)]).filter(([, n]) => n);
    const line = {
      page: `${label} ${fmt(sent.bytes / 1024, 1)} KB, ${sent.headers.length / 2} headers`,
      node: rps(by.node),
      nodeBody: rps(by.nodeBody),
      express: rps(by.express),
      launchkit: rps(by.launchkit),
      share: share(by.launchkit),
      shareOfBody: share(by.launchkit, by.nodeBody),
      cpu: `${cpu(by.launchkit)} (node ${cpu(by.node)}, body alone ${cpu(by.nodeBody)})`,
      others: others.map((o) => ({ name: o.name, rps: rps(by[o.name]), share: share(by[o.name]), cpu: cpu(by[o.name]) })),
      errors: errors.map(([name, n]) => `${name}: ${n} socket errors or timeouts`).join(", "),
    };
    results.push(line);
    row("cached", `${label}: LaunchKit req/s (median)`, line.launchkit, `${line.share} of node http with the same response (${line.node}); ${line.shareOfBody} of node http sending the body alone (${line.nodeBody}); Express ${line.express}; server CPU µs per request ${line.cpu}${line.others.map((o) => `; ${o.name} ${o.rps} (${o.share}), CPU ${o.cpu} µs`).join("")}${line.errors ? `; ${line.errors}` : ""}`);
  }
  const head = ["page (identity)", "node http", "Express res.send", "LaunchKit", "share of node http (rounds' range)", "node http, body alone", "share of it", "CPU µs/req", ...others.flatMap((o) => [o.name, `${o.name}'s share`, `${o.name} CPU µs`])];
  const cells = results.map((r) => [r.page, r.node, r.express, r.launchkit, r.share, r.nodeBody, r.shareOfBody, r.cpu, ...r.others.flatMap((o) => [o.rps, o.share, o.cpu])]);
  console.log(`\nCached pages, ${generator}, 50 connections, ${seconds} s a run, ${rounds} rounds (medians of the rounds; the share is taken in each round). node http and Express send the same response as LaunchKit (body and headers); "body alone" is node http with Content-Type and Content-Length only\n`);
  console.log(`| ${head.join(" | ")} |`);
  console.log(`| ${head.map((_, i) => (i ? "---:" : "---")).join(" | ")} |`);
  for (const c of cells) console.log(`| ${c.join(" | ")} |`);
  return results;
}
