import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { clearRobotsCache } from "~/platform/fetch/robots.server";
import { checkCompetitorUrl, fetchPage, isPublicAddress, userAgent, type Resolver } from "~/platform/fetch/safe-fetch.server";

/**
 * The SSRF guard and the fetcher's limits, against real local servers on
 * 127.0.0.1 (allowed only under WATCH_ALLOW_LOOPBACK with a loopback APP_URL)
 * and an injected resolver for names that resolve to private addresses.
 */

const APP_URL = "http://127.0.0.1:3999";

function setLoopback(on: boolean) {
  if (on) {
    process.env.WATCH_ALLOW_LOOPBACK = "1";
    process.env.APP_URL = APP_URL;
  } else {
    delete process.env.WATCH_ALLOW_LOOPBACK;
    delete process.env.APP_URL;
  }
  resetConfigForTests();
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];

async function serve(routes: Record<string, Handler>, fallback?: Handler) {
  const seen: Array<{ path: string; ua: string; host: string }> = [];
  let active = 0;
  let maxActive = 0;
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", ua: String(req.headers["user-agent"] ?? ""), host: String(req.headers.host ?? "") });
    active++;
    maxActive = Math.max(maxActive, active);
    res.on("close", () => active--);
    const handler = routes[req.url ?? ""] ?? fallback;
    if (handler) return handler(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return { port, base: `http://127.0.0.1:${port}`, seen, maxActive: () => maxActive };
}

const html = (body: string): Handler => (_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`);
};
const redirect = (to: string, status = 302): Handler => (_req, res) => {
  res.writeHead(status, { location: to }).end();
};

afterAll(async () => {
  setLoopback(false);
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

beforeEach(() => clearRobotsCache());

describe("address classes", () => {
  it("refuses private, loopback, link-local, CGNAT, benchmark, reserved, multicast and metadata addresses", () => {
    for (const a of [
      "127.0.0.1", "127.8.9.10", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.1.1", "169.254.169.254",
      "100.64.0.1", "100.100.100.200", "198.18.0.1", "198.19.255.255", "0.0.0.0", "224.0.0.1", "239.255.255.250", "240.0.0.1",
      "255.255.255.255", "192.0.2.10", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1", "::ffff:127.0.0.1",
      "::ffff:10.0.0.1", "::ffff:8.8.8.8", "::127.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "2001::1", "2001:db8::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it("lets only 127.0.0.0/8 and ::1 through when loopback is allowed", () => {
    expect(isPublicAddress("127.0.0.1", true)).toBe(true);
    expect(isPublicAddress("127.3.2.1", true)).toBe(true);
    expect(isPublicAddress("::1", true)).toBe(true);
    for (const a of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "::ffff:127.0.0.1", "192.168.0.1", "fd00:ec2::254"]) {
      expect(isPublicAddress(a, true), a).toBe(false);
    }
  });
});

describe("the form-level check (no loopback setting)", () => {
  beforeAll(() => setLoopback(false));

  it("refuses IP literals of private addresses in every spelling", () => {
    for (const u of [
      "http://127.0.0.1/", "http://[::1]/", "http://10.1.2.3/", "http://172.16.5.4/", "http://192.168.0.10/", "http://169.254.169.254/latest/meta-data/",
      "http://2130706433/", "http://0177.0.0.1/", "http://0x7f000001/", "http://0x7f.0.0.1/", "http://127.1/", "http://0/", "http://0.0.0.0/",
      "http://[::ffff:127.0.0.1]/", "http://[::ffff:a9fe:a9fe]/", "http://[0:0:0:0:0:ffff:7f00:1]/", "http://[fd00:ec2::254]/",
      "http://100.100.100.200/", "http://3232235777/", "http://012.0.0.1/",
    ]) {
      const r = checkCompetitorUrl(u);
      expect(r.ok, u).toBe(false);
      if (!r.ok) expect(r.message, u).toMatch(/private or reserved network/);
    }
  });

  it("refuses other schemes, credentials, other ports and internal names", () => {
    expect(checkCompetitorUrl("ftp://acme.example/")).toMatchObject({ ok: false, message: expect.stringMatching(/http:\/\/ and https:\/\//) });
    expect(checkCompetitorUrl("file:///etc/passwd")).toMatchObject({ ok: false });
    expect(checkCompetitorUrl("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(checkCompetitorUrl("https://user:pw@acme.example/")).toMatchObject({ ok: false, message: expect.stringMatching(/user name or password/) });
    expect(checkCompetitorUrl("http://acme.example:8080/")).toMatchObject({ ok: false, message: expect.stringMatching(/80 and 443/) });
    expect(checkCompetitorUrl("https://acme.example:8443/")).toMatchObject({ ok: false });
    expect(checkCompetitorUrl("http://127.0.0.1:8080/")).toMatchObject({ ok: false });
    for (const u of ["http://localhost/", "http://app.localhost/", "http://metadata.google.internal/", "http://printer.local/", "http://intranet/"]) {
      expect(checkCompetitorUrl(u).ok, u).toBe(false);
    }
    expect(checkCompetitorUrl("")).toMatchObject({ ok: false });
    expect(checkCompetitorUrl("not a url at all")).toMatchObject({ ok: false });
  });

  it("accepts public addresses, adds https:// and drops the fragment; ports 80 and 443 are fine", () => {
    expect(checkCompetitorUrl("acme.example/pricing#plans")).toEqual({ ok: true, url: "https://acme.example/pricing" });
    expect(checkCompetitorUrl(" http://acme.example:80/ ")).toEqual({ ok: true, url: "http://acme.example/" });
    expect(checkCompetitorUrl("https://acme.example:443/a?b=1")).toEqual({ ok: true, url: "https://acme.example/a?b=1" });
    expect(checkCompetitorUrl("http://8.8.8.8/")).toEqual({ ok: true, url: "http://8.8.8.8/" });
  });
});

describe("fetching without the loopback setting", () => {
  beforeAll(() => setLoopback(false));

  it("names itself LaunchKitBot/1.0 without a link when no APP_URL is configured", () => {
    expect(userAgent()).toBe("LaunchKitBot/1.0");
  });

  it("refuses a local server: its port first, and loopback on port 80", async () => {
    const site = await serve({ "/": html("<p>hello</p>") });
    expect(await fetchPage(`${site.base}/`)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await fetchPage("http://127.0.0.1/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://[::1]/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://2130706433/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://0177.0.0.1/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://0x7f.0.0.1/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://[::ffff:127.0.0.1]/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://0.0.0.0/")).toMatchObject({ ok: false, reason: "blocked" });
    expect(await fetchPage("http://acme.example:8080/")).toMatchObject({ ok: false, reason: "invalid" });
    expect(site.seen).toEqual([]);
  });

  it("refuses names that resolve to private addresses (every address is checked, at connect time)", async () => {
    const answers: Record<string, string[]> = {
      "intranet.example": ["10.0.0.5"],
      "meta.example": ["169.254.169.254"],
      "mixed.example": ["93.184.216.34", "192.168.1.1"],
      "ula.example": ["fd00:ec2::254"],
      "mapped.example": ["::ffff:127.0.0.1"],
      "loop.example": ["127.0.0.1"],
      "cgnat.example": ["100.100.100.200"],
      "zero.example": ["0.0.0.0"],
    };
    const asked: string[] = [];
    const resolve: Resolver = async (name) => {
      asked.push(name);
      return (answers[name] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    for (const name of Object.keys(answers)) {
      const r = await fetchPage(`http://${name}/pricing`, { resolve });
      expect(r, name).toMatchObject({ ok: false, reason: "blocked" });
      if (!r.ok) expect(r.message).toContain(name);
    }
    // robots.txt's connection and the page's: each resolved and refused on its own.
    expect(asked).toEqual(Object.keys(answers).flatMap((n) => [n, n]));
  });
});

describe("fetching under WATCH_ALLOW_LOOPBACK (tests only)", () => {
  beforeAll(() => setLoopback(true));
  afterEach(() => clearRobotsCache());

  it("reads an HTML page with a clear User-Agent naming the configured origin", async () => {
    const site = await serve({ "/pricing": html("<h1>Pricing</h1><p>$29/month</p>") });
    const r = await fetchPage(`${site.base}/pricing`);
    expect(r).toMatchObject({ ok: true, status: 200, url: `${site.base}/pricing`, contentType: "text/html; charset=utf-8" });
    if (r.ok) expect(r.body).toContain("$29/month");
    expect(site.seen.map((s) => s.path)).toEqual(["/robots.txt", "/pricing"]);
    for (const s of site.seen) expect(s.ua).toBe(`LaunchKitBot/1.0 (+${APP_URL}/bot)`);
  });

  it("still refuses every other private address, and loopback in its IPv4-mapped form", async () => {
    for (const u of ["http://10.0.0.1/", "http://169.254.169.254/", "http://192.168.1.1/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://[fd00:ec2::254]/"]) {
      expect(await fetchPage(u), u).toMatchObject({ ok: false, reason: "blocked" });
    }
    // Another port is only for loopback: a public literal on 8080 is still refused.
    expect(await fetchPage("http://8.8.8.8:8080/")).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("connects only to the checked addresses: a name on a test port must resolve to loopback, each connection checked", async () => {
    const site = await serve({ "/": html("<p>hello</p>") });
    let calls = 0;
    const good: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const r = await fetchPage(`http://competitor.example:${site.port}/`, { resolve: good });
    expect(r).toMatchObject({ ok: true });
    expect(site.seen.at(-1)!.host).toBe(`competitor.example:${site.port}`);
    clearRobotsCache();
    // DNS rebinding: robots.txt is fetched from loopback, then the name turns private for the page itself.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.0.0.1", family: 4 }]);
    const before = site.seen.length;
    expect(await fetchPage(`http://rebind.example:${site.port}/`, { resolve: rebinding })).toMatchObject({ ok: false, reason: "blocked" });
    expect(calls).toBe(2);
    expect(site.seen.slice(before).map((s) => s.path)).toEqual(["/robots.txt"]);
    // A public address on a test-only port is refused at connect time.
    const publicAnswer: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    expect(await fetchPage(`http://public.example:${site.port}/`, { resolve: publicAnswer })).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("refuses redirects into private addresses and metadata endpoints", async () => {
    const site = await serve({
      "/to-private": redirect("http://10.0.0.1/admin"),
      "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/", 301),
      "/to-decimal": redirect("http://2852039166/", 307), // 169.254.169.254
      "/to-mapped": redirect("http://[::ffff:a9fe:a9fe]/", 308),
      "/to-file": redirect("file:///etc/passwd"),
      "/to-gopher": redirect("gopher://127.0.0.1:70/"),
    });
    for (const p of ["/to-private", "/to-metadata", "/to-decimal", "/to-mapped", "/to-file", "/to-gopher"]) {
      const r = await fetchPage(`${site.base}${p}`);
      expect(r, p).toMatchObject({ ok: false, reason: "blocked" });
      if (!r.ok) expect(r.message, p).toMatch(/^The page redirected to .*, which LaunchKit never fetches\.$/);
      if (!r.ok && p !== "/to-file" && p !== "/to-gopher") expect(r.message, p).toMatch(/private or reserved network/);
    }
  });

  it("follows up to 5 redirects and refuses the 6th", async () => {
    const routes: Record<string, Handler> = { "/end": html("<p>arrived</p>") };
    for (let i = 1; i <= 6; i++) routes[`/r${i}`] = redirect(i === 6 ? "/r5" : `/r${i + 1}`);
    routes["/r5"] = redirect("/end");
    // /r1 → r2 → r3 → r4 → r5 → /end: five redirects.
    const site = await serve(routes);
    const five = await fetchPage(`${site.base}/r1`);
    expect(five).toMatchObject({ ok: true, url: `${site.base}/end` });
    const loop = await serve({ "/robots.txt": (_req, res) => res.writeHead(404).end() }, (req, res) =>
      res.writeHead(302, { location: `/loop?n=${Number(new URL(req.url!, "http://x").searchParams.get("n") ?? 0) + 1}` }).end(),
    );
    const r = await fetchPage(`${loop.base}/loop`);
    expect(r).toMatchObject({ ok: false, reason: "http" });
    if (!r.ok) expect(r.message).toMatch(/more than 5 times/);
    // robots.txt, then the page and its 5 allowed redirects: never a 7th request for the page.
    expect(loop.seen.filter((s) => s.path.startsWith("/loop")).length).toBe(6);
  });

  it("stops reading past 2 MB and refuses the page (declared, streamed, or compressed)", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const stream: Handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      let sent = 0;
      const push = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", push);
        }
        res.end();
      };
      push();
    };
    const zipped = zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, " "));
    const site = await serve({
      "/stream": stream,
      "/declared": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(3 * 1024 * 1024) });
        res.write(chunk);
      },
      "/gzip": (_req, res) => res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(zipped),
    });
    for (const p of ["/stream", "/declared", "/gzip"]) {
      const r = await fetchPage(`${site.base}${p}`);
      expect(r, p).toMatchObject({ ok: false, reason: "too_large" });
      if (!r.ok) expect(r.message).toMatch(/larger than 2 MB/);
    }
    // A smaller limit is honoured too, and a page under it is read whole.
    expect(await fetchPage(`${site.base}/stream`, { maxBytes: 100_000 })).toMatchObject({ ok: false, reason: "too_large", message: expect.stringMatching(/larger than 98 KB/) });
  });

  it("gives up on a server that never answers (timeout) and on one that stalls mid-body", async () => {
    const site = await serve({}, () => {
      /* never answers */
    });
    const started = Date.now();
    const r = await fetchPage(`${site.base}/slow`, { timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(3000);
    const stall = await serve({
      "/robots.txt": (_req, res) => res.writeHead(404).end(),
      "/stall": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<html><body><p>first part");
      },
    });
    expect(await fetchPage(`${stall.base}/stall`, { timeoutMs: 300 })).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("honours robots.txt for LaunchKitBot; a missing robots.txt allows everything; it is read once per host", async () => {
    // A robots.txt that redirects in circles counts as missing.
    const circles = await serve({ "/robots.txt": redirect("/robots.txt"), "/": html("<p>x</p>") });
    expect(await fetchPage(`${circles.base}/`)).toMatchObject({ ok: true });

    const site = await serve({
      "/robots.txt": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nDisallow: /admin\n\nUser-agent: LaunchKitBot\nDisallow: /pricing\n"),
      "/pricing": html("<p>$29</p>"),
      "/features": html("<p>features</p>"),
    });
    const r = await fetchPage(`${site.base}/pricing`);
    expect(r).toMatchObject({ ok: false, reason: "robots" });
    if (!r.ok) expect(r.message).toMatch(/robots\.txt/);
    expect(await fetchPage(`${site.base}/features`)).toMatchObject({ ok: true });
    expect(site.seen.map((s) => s.path)).toEqual(["/robots.txt", "/features"]);

    const all = await serve({ "/robots.txt": (_req, res) => res.writeHead(200).end("User-agent: *\nDisallow: /\n"), "/": html("<p>x</p>") });
    expect(await fetchPage(`${all.base}/`)).toMatchObject({ ok: false, reason: "robots" });

    const none = await serve({ "/": html("<p>no robots here</p>") });
    expect(await fetchPage(`${none.base}/`)).toMatchObject({ ok: true });

    const broken = await serve({ "/robots.txt": (_req, res) => res.writeHead(503).end(), "/": html("<p>x</p>") });
    expect(await fetchPage(`${broken.base}/`)).toMatchObject({ ok: false, reason: "robots" });
  });

  it("reads only HTML pages, and says what an error status was", async () => {
    const site = await serve({
      "/data.json": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
      "/file.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF"),
      "/xhtml": (_req, res) => res.writeHead(200, { "content-type": "application/xhtml+xml" }).end("<html xmlns='http://www.w3.org/1999/xhtml'><body><p>x</p></body></html>"),
      "/gone": (_req, res) => res.writeHead(410, { "content-type": "text/html" }).end("<p>gone</p>"),
      "/forbidden": (_req, res) => res.writeHead(403, { "content-type": "text/html" }).end("<p>no bots</p>"),
      "/busy": (_req, res) => res.writeHead(429, { "retry-after": "60" }).end(),
      "/broken": (_req, res) => res.writeHead(502).end(),
      "/latin1": (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" }).end(Buffer.from([0x3c, 0x70, 0x3e, 0x43, 0x61, 0x66, 0xe9])),
    });
    expect(await fetchPage(`${site.base}/data.json`)).toMatchObject({ ok: false, reason: "not_html" });
    expect(await fetchPage(`${site.base}/file.pdf`)).toMatchObject({ ok: false, reason: "not_html" });
    expect(await fetchPage(`${site.base}/xhtml`)).toMatchObject({ ok: true });
    expect(await fetchPage(`${site.base}/gone`)).toMatchObject({ ok: false, reason: "http", message: "The page answered with HTTP 410." });
    expect(await fetchPage(`${site.base}/missing`)).toMatchObject({ ok: false, reason: "http", message: "The page answered with HTTP 404 (not found)." });
    expect(await fetchPage(`${site.base}/forbidden`)).toMatchObject({ ok: false, reason: "http", message: expect.stringMatching(/refused LaunchKit's request \(HTTP 403\)/) });
    expect(await fetchPage(`${site.base}/busy`)).toMatchObject({ ok: false, reason: "http", message: expect.stringMatching(/slow down \(HTTP 429\)/) });
    expect(await fetchPage(`${site.base}/broken`)).toMatchObject({ ok: false, reason: "http", message: expect.stringMatching(/server error \(HTTP 502\)/) });
    expect(await fetchPage(`${site.base}/latin1`)).toMatchObject({ ok: true, body: "<p>Café" });
  });

  it("sends one request per host at a time", async () => {
    const site = await serve({}, (_req, res) => {
      setTimeout(() => html("<p>slow-ish</p>")(_req, res), 80);
    });
    const results = await Promise.all([1, 2, 3, 4].map((n) => fetchPage(`${site.base}/p${n}`)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(site.maxActive()).toBe(1);
    // Two hosts go side by side: both pages are being served at the same moment.
    let inFlight = 0;
    let most = 0;
    const slowPage: Handler = (req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        html("<p>page</p>")(req, res);
      }, 250);
    };
    const robots404: Handler = (_req, res) => res.writeHead(404).end();
    const one = await serve({ "/robots.txt": robots404 }, slowPage);
    const two = await serve({ "/robots.txt": robots404 }, slowPage);
    const both = await Promise.all([fetchPage(`${one.base}/a`), fetchPage(`${two.base}/b`)]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(most).toBe(2);
  });

  it("speaks https through the same guard, and refuses a certificate it can't verify", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "watch-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"), "-days", "1", "-subj", "/CN=secure.example", "-addext", "subjectAltName=DNS:secure.example"], { stdio: "ignore" });
    const seen: string[] = [];
    const server = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) }, (req, res) => {
      seen.push(`${req.headers.host}${req.url}`);
      res.writeHead(200, { "content-type": "text/html" }).end("<p>secure</p>");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
      const r = await fetchPage(`https://secure.example:${port}/`, { resolve: toLoopback });
      // The handshake happened (with SNI secure.example) and the self-signed certificate was refused.
      expect(r).toMatchObject({ ok: false, reason: "network" });
      if (!r.ok) expect(r.message).toMatch(/certificate/);
      expect(seen).toEqual([]);
      const toPrivate: Resolver = async () => [{ address: "10.0.0.1", family: 4 }];
      expect(await fetchPage(`https://secure.example:${port}/`, { resolve: toPrivate })).toMatchObject({ ok: false, reason: "blocked" });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops when the caller cancels, whether waiting for the host's turn or mid-request", async () => {
    const site = await serve({ "/robots.txt": (_req, res) => res.writeHead(404).end() }, () => {
      /* never answers */
    });
    const controller = new AbortController();
    const first = fetchPage(`${site.base}/one`, { signal: controller.signal, timeoutMs: 5000 });
    const second = fetchPage(`${site.base}/two`, { signal: controller.signal, timeoutMs: 5000 });
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    expect(await first).toMatchObject({ ok: false, reason: "network", message: "The fetch was cancelled." });
    expect(await second).toMatchObject({ ok: false, reason: "network", message: "The fetch was cancelled." });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(site.seen.map((s) => s.path)).toEqual(["/robots.txt", "/one"]);
  });

  it("reports a refused connection as a network failure", async () => {
    const site = await serve({});
    const port = site.port;
    await new Promise((r) => servers.pop()!.close(r));
    expect(await fetchPage(`http://127.0.0.1:${port}/`)).toMatchObject({ ok: false, reason: "network" });
  });
});
