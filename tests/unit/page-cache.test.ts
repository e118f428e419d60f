import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  acceptedEncodings,
  configurePageCache,
  invalidateAllPages,
  invalidatePage,
  invalidatePrefix,
  noteBuildVersion,
  pageCacheTicket,
  registerCacheablePages,
  servePageFromCache,
  storePage,
} from "~/platform/render/page-cache.server";

/**
 * The page cache in front of a stand-in renderer, wired like server/app.ts
 * (hits answered before anything else) and server/request-handler.ts (a
 * rendered page stored on its way out). The renderer counts its renders and
 * writes who asked into the page, so a test sees which copy it got.
 */
let renders = 0;
let origin = "";
let setCookie = false;
let until: number | null = null;
let stored: Promise<void> = Promise.resolve();
const server = http.createServer((req, res) => {
  if (servePageFromCache(req, res)) return;
  renders++;
  const signedIn = /launchkit_session=/.test(req.headers.cookie ?? "");
  const body = Buffer.from(`<!DOCTYPE html><html><body>${signedIn ? "signed in as ada" : "anonymous"} ${req.url} render ${renders} ${"filler ".repeat(200)}</body></html>`);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'self' 'sha256-abc'" });
  if (setCookie) headers.set("Set-Cookie", "flash=1");
  const ticket = pageCacheTicket(req);
  // Every store is awaited (a second miss during the first one's compression returns at once).
  if (ticket) stored = Promise.all([stored, storePage(ticket, { status: 200, headers, body, until })]).then(() => undefined);
  res.writeHead(200, { ...Object.fromEntries(headers), "X-Page-Cache": ticket ? "miss" : "none" });
  res.end(body);
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** A miss, then waits until its copy is stored (compression runs off the event loop). */
async function fill(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  await stored;
  return res;
}

registerCacheablePages("/pricing");
registerCacheablePages(/^\/p\/[a-z0-9-]+$/);
registerCacheablePages("/samples", { query: (url) => (url.searchParams.get("category") === "food" ? "?category=food" : null) });

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(async () => {
  await stored;
  configurePageCache({ ttlSeconds: 60, trustProxy: false });
  noteBuildVersion("build-1");
  invalidateAllPages();
  renders = 0;
  setCookie = false;
  until = null;
});

describe("page cache", () => {
  it("renders on a miss, then answers the same bytes from memory", async () => {
    const miss = await fill("/pricing");
    expect(miss.headers["x-page-cache"]).toBe("miss");
    const hit = await get("/pricing");
    const again = await get("/pricing");
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(renders).toBe(1);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(again.body.equals(miss.body)).toBe(true);
    // The page's own headers (the CSP with its script hashes) come with the bytes, and the security headers too.
    expect(hit.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-abc'");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(hit.headers["cache-control"]).toBe("no-cache");
    expect(Number(hit.headers["content-length"])).toBe(miss.body.length);
  });

  it("caches only registered paths, and query strings only when the pattern allows them", async () => {
    await fill("/about");
    await get("/about");
    expect(renders).toBe(2);
    await fill("/pricing?utm_source=x");
    await get("/pricing?utm_source=x");
    expect(renders).toBe(4);
    await fill("/samples?category=food");
    expect((await get("/samples?category=food")).headers["x-page-cache"]).toBe("hit");
    expect(renders).toBe(5);
  });

  it("without APP_URL, keeps pages per host: a forged Host never reaches other visitors' copy, and invalidation drops every host's", async () => {
    configurePageCache({ ttlSeconds: 60, trustProxy: false, keyByHost: true });
    await fill("/pricing", { Host: "evil.example" });
    expect((await get("/pricing", { Host: "evil.example" })).headers["x-page-cache"]).toBe("hit");
    // Another host renders its own copy.
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(2);
    await fill("/pricing");
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("hit");
    invalidatePage("/pricing");
    expect((await get("/pricing", { Host: "evil.example" })).headers["x-page-cache"]).toBe("miss");
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("miss");
  });

  it("never serves a cached anonymous page to a signed-in request", async () => {
    await fill("/pricing");
    const signedIn = await get("/pricing", { Cookie: "theme=dark; launchkit_session=abc.def" });
    expect(signedIn.headers["x-page-cache"]).toBe("none");
    expect(signedIn.body.toString()).toContain("signed in as ada");
    // Even a session cookie that has since expired bypasses the cache: it renders.
    expect(renders).toBe(2);
  });

  it("never stores a signed-in page, so an anonymous request never gets one", async () => {
    await fill("/pricing", { Cookie: "launchkit_session=abc.def" });
    const anonymous = await fill("/pricing");
    expect(anonymous.headers["x-page-cache"]).toBe("miss");
    expect(anonymous.body.toString()).toContain("anonymous");
    expect(anonymous.body.toString()).not.toContain("signed in");
    const hit = await get("/pricing");
    expect(hit.body.toString()).toContain("anonymous");
    expect(renders).toBe(2);
  });

  it("does not store a response that sets a cookie", async () => {
    setCookie = true;
    await fill("/pricing");
    setCookie = false;
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("miss");
  });

  it("drops a page when it is edited (invalidatePage) and a whole prefix (invalidatePrefix)", async () => {
    await fill("/p/acme");
    await fill("/p/other");
    await fill("/pricing");
    expect((await get("/p/acme")).headers["x-page-cache"]).toBe("hit");
    invalidatePage("/p/acme");
    const edited = await fill("/p/acme");
    expect(edited.headers["x-page-cache"]).toBe("miss");
    expect(edited.body.toString()).toContain("render 4");
    expect((await get("/p/other")).headers["x-page-cache"]).toBe("hit");
    invalidatePrefix("/p/");
    expect((await get("/p/other")).headers["x-page-cache"]).toBe("miss");
    expect((await get("/p/acme")).headers["x-page-cache"]).toBe("miss");
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("hit");
  });

  it("does not store a copy rendered before an edit that lands while it is compressed", async () => {
    const ticket = pageCacheTicket({ method: "GET", url: "/p/acme", headers: {} } as http.IncomingMessage)!;
    const storing = storePage(ticket, { status: 200, headers: new Headers({ "Content-Type": "text/html" }), body: Buffer.from("<p>old</p>") });
    invalidatePage("/p/acme");
    await storing;
    expect((await get("/p/acme")).headers["x-page-cache"]).toBe("miss");
  });

  it("starts afresh with a new build (a deploy), and the old ETag no longer matches", async () => {
    await fill("/pricing");
    const old = await get("/pricing");
    noteBuildVersion("build-2");
    const fresh = await fill("/pricing", { "If-None-Match": old.headers.etag! });
    expect(fresh.status).toBe(200);
    expect(fresh.headers["x-page-cache"]).toBe("miss");
    const hit = await get("/pricing", { "If-None-Match": old.headers.etag! });
    expect(hit.status).toBe(200);
    expect(hit.headers.etag).not.toBe(old.headers.etag);
  });

  it("answers a matching If-None-Match with 304", async () => {
    await fill("/pricing");
    const hit = await get("/pricing");
    const revalidated = await get("/pricing", { "If-None-Match": hit.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  it("sends brotli or gzip bytes compressed in advance, with Vary: Accept-Encoding, Cookie", async () => {
    const plain = await fill("/pricing");
    const br = await get("/pricing", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await get("/pricing", { "Accept-Encoding": "gzip" });
    const noBr = await get("/pricing", { "Accept-Encoding": "br;q=0, gzip;q=0.8" });
    const identity = await get("/pricing", { "Accept-Encoding": "identity" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(noBr.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
    for (const r of [br, gz, identity]) expect(r.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(renders).toBe(1);
  });

  it("serves an expired page while one request renders its replacement", async () => {
    configurePageCache({ ttlSeconds: 0.05, trustProxy: false });
    await fill("/pricing");
    await new Promise((r) => setTimeout(r, 80));
    const [first, second] = await Promise.all([get("/pricing"), get("/pricing")]);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]].sort()).toEqual(["hit", "miss"]);
    await stored;
    expect((await get("/pricing")).body.toString()).toContain("render 2");
  });

  it("keeps a page that changes at a known time (a plan ending by date) until then at most", async () => {
    until = Date.now() + 1_000;
    await fill("/p/acme");
    expect((await get("/p/acme")).headers["x-page-cache"]).toBe("hit");
    await new Promise((r) => setTimeout(r, Math.max(0, until! - Date.now()) + 50));
    // Past that time (the TTL is 60 s): rendered again.
    expect((await fill("/p/acme")).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(2);
    // A time already past: not kept at all.
    until = Date.now() - 1;
    await fill("/p/other");
    expect((await fill("/p/other")).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(4);
  });

  it("is off with a lifetime of 0", async () => {
    configurePageCache({ ttlSeconds: 0, trustProxy: false });
    await fill("/pricing");
    await get("/pricing");
    expect(renders).toBe(2);
  });

  it("leaves a request whose Host makes no URL to the request handler (its 400)", async () => {
    await fill("/pricing");
    const answer = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(origin).port), "127.0.0.1", () => socket.write(`GET /pricing HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
        let text = "";
        socket.on("data", (chunk) => (text += chunk));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
    for (const host of ["a b", "[::1", "example.com:99999", "ex%ample.com", "xn--:80"]) {
      expect(await answer(host), host).not.toContain("X-Page-Cache: hit");
    }
    expect(await answer("example.com")).toContain("X-Page-Cache: hit");
  });

  it("adds HSTS to a hit only over https", async () => {
    await fill("/pricing");
    expect((await get("/pricing", { "X-Forwarded-Proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
    configurePageCache({ ttlSeconds: 60, trustProxy: true });
    expect((await get("/pricing", { "X-Forwarded-Proto": "https" })).headers["strict-transport-security"]).toContain("max-age=");
  });
});

describe("prebuilt headers", () => {
  /** The header lists the hit path hands to writeHead, by request. */
  const written: unknown[] = [];
  const spy = http.createServer((req, res) => {
    const writeHead = res.writeHead.bind(res) as (status: number, headers: unknown) => http.ServerResponse;
    (res as unknown as { writeHead: unknown }).writeHead = (status: number, headers: unknown) => (written.push(headers), writeHead(status, headers));
    if (!servePageFromCache(req, res)) res.writeHead(404).end();
  });
  let spyOrigin = "";
  beforeAll(async () => {
    await new Promise<void>((r) => spy.listen(0, "127.0.0.1", r));
    spyOrigin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => spy.close(() => r())));
  const hit = (path: string, headers: Record<string, string> = {}) =>
    new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${spyOrigin}${path}`, { headers }, (res) => res.resume().on("end", () => resolve(res))).on("error", reject));

  it("are built once per entry and encoding, over https (HSTS) as well, and stay each entry's own", async () => {
    configurePageCache({ ttlSeconds: 60, trustProxy: true });
    await fill("/pricing");
    await fill("/p/acme");
    written.length = 0;
    const https = { "X-Forwarded-Proto": "https", "Accept-Encoding": "br" };
    const [a, b, c] = [await hit("/pricing", https), await hit("/pricing", https), await hit("/p/acme", https)];
    // The same list, not a copy made per request.
    expect(written[0]).toBe(written[1]);
    expect(written[2]).not.toBe(written[0]);
    for (const res of [a, b, c]) {
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
      expect(res.headers["content-encoding"]).toBe("br");
    }
    // Each entry's own length and ETag; plain http has no HSTS.
    expect(a.headers.etag).not.toBe(c.headers.etag);
    const plain = await hit("/p/acme");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBeGreaterThan(Number(c.headers["content-length"]));
    // A 304 over https carries HSTS too, from its own prebuilt list.
    const again = await hit("/pricing", { ...https, "If-None-Match": a.headers.etag! });
    const againToo = await hit("/pricing", { ...https, "If-None-Match": a.headers.etag! });
    expect([again.statusCode, againToo.statusCode]).toEqual([304, 304]);
    expect(again.headers["strict-transport-security"]).toContain("max-age=");
    expect(written.at(-1)).toBe(written.at(-2));
  });
});

describe("Accept-Encoding", () => {
  it("reads codings and q-values", () => {
    expect(acceptedEncodings("gzip, deflate, br")).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings("br;q=0, gzip")).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings("*")).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings("*;q=0, identity")).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
  });
});
