import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configurePageCache, pageCacheKey, registerCacheablePages } from "~/platform/render/page-cache.server";
import { hasValidHost, isValidHost } from "~/platform/http/request-guards.server";
import { createApp } from "../../server/app";

/**
 * A Host header with a comma once gave a published page's links
 * (og:image, og:url, the badge: built from the host when APP_URL is not
 * set) to every later visitor: the page cache cut the host at the comma for
 * its key while the page's URL kept all of it. Such a header is now a 400
 * before anything reads it, and the cache keys by the same whole value.
 */

/** A raw request (fetch would not send a Host of our choosing). */
function get(port: number, path: string, host: string, method = "GET") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: { Host: host, "User-Agent": "Mozilla/5.0" }, setHost: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the Host header", () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer(createApp({ dev: false }));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("with a comma, a space, a slash or an @ is a plain 400 from the app, before the page cache or any page", async () => {
    for (const host of ["victim.com,evil.com", "victim.com, evil.com", "victim.com evil.com", "victim.com/evil", "user@victim.com", "victim.com:80x"]) {
      const answer = await get(port, "/p/some-page", host);
      expect(answer.status, host).toBe(400);
      expect(answer.body).toBe("Bad Request: the Host header is not a valid host name.");
    }
    // A proper host goes on to Express's guards (a PUT is their 405), a bad one never gets there.
    expect((await get(port, "/p/some-page", "victim.com:3000", "PUT")).status).toBe(405);
    expect((await get(port, "/p/some-page", "[::1]:3000", "PUT")).status).toBe(405);
    expect((await get(port, "/p/some-page", "victim.com,evil.com", "PUT")).status).toBe(400);
  });

  it("is accepted as a host name, an IPv4 or bracketed IPv6 address, each with an optional port", () => {
    for (const ok of ["launchkit.test", "Victim.COM:3000", "localhost", "127.0.0.1:5173", "[::1]:3000", "my_host.internal", "example.com."]) expect(isValidHost(ok), ok).toBe(true);
    for (const bad of ["", "a,b", "a b", "a/b", "a@b", "a:b:c", "[::1", "a:", "-", "x".repeat(300)]) expect(isValidHost(bad), bad).toBe(false);
    // Behind a trusted proxy the first X-Forwarded-Host is the host read instead: it must be one too.
    expect(hasValidHost({ headers: { host: "app.internal", "x-forwarded-host": "victim.com,evil.com" } }, true)).toBe(true);
    expect(hasValidHost({ headers: { host: "app.internal", "x-forwarded-host": "victim.com evil.com, proxy" } }, true)).toBe(false);
    expect(hasValidHost({ headers: { host: "app.internal", "x-forwarded-host": "victim.com evil.com" } }, false)).toBe(true);
    expect(hasValidHost({ headers: {} }, false)).toBe(true);
  });

  it("is tested once per valid host, not on every request, and answers the same every time", () => {
    const tests = vi.spyOn(RegExp.prototype, "test");
    try {
      expect(isValidHost("once.launchkit.test:8080")).toBe(true);
      const first = tests.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) expect(isValidHost("once.launchkit.test:8080")).toBe(true);
      // A known host is a set lookup: nothing more is tested for it.
      expect(tests.mock.calls.length).toBe(first);
      // A refused host is never remembered as good, and stays refused.
      for (let i = 0; i < 3; i++) expect(isValidHost("once.launchkit.test,evil.test")).toBe(false);
    } finally {
      tests.mockRestore();
    }
    // Made-up hosts past the set's bound are still checked, one by one.
    for (let i = 0; i < 1500; i++) expect(isValidHost(`h${i}.launchkit.test`)).toBe(true);
    expect(isValidHost("h1499.launchkit.test/evil")).toBe(false);
    expect(isValidHost("h1499.launchkit.test")).toBe(true);
  });

  it("keys the page cache by the whole host, as the page's URL takes it, never by its part before a comma", () => {
    configurePageCache({ ttlSeconds: 60, trustProxy: false, keyByHost: true });
    registerCacheablePages(/^\/p\/[a-z0-9-]+$/);
    const key = (host: string) => pageCacheKey({ method: "GET", url: "/p/some-page", headers: { host } });
    expect(key("victim.com")).toBe("victim.com /p/some-page");
    expect(key("Victim.com")).toBe("victim.com /p/some-page");
    expect(key("victim.com,evil.com")).not.toBe(key("victim.com"));
  });
});
