import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { clearRenderCacheForTests, getRendered, keepRendered, renderCacheStats, renderKey } from "~/platform/render/render-cache.server";

const context = (loaderData: Record<string, unknown>, extra: { actionData?: unknown; errors?: unknown } = {}) =>
  ({ staticHandlerContext: { loaderData, actionData: extra.actionData ?? null, errors: extra.errors ?? null } }) as never;
const key = (loaderData: Record<string, unknown>, over: Partial<{ url: string; status: number; inlineCss: boolean }> = {}, extra = {}) =>
  renderKey({ url: "http://x.test/dashboard", status: 200, inlineCss: false, ...over, context: context(loaderData, extra) });

afterEach(() => {
  delete process.env.RENDER_CACHE_MB;
  resetConfigForTests();
  clearRenderCacheForTests();
});

describe("the render key", () => {
  const data = { root: { user: { name: "Ada" } }, "routes/dashboard": { kits: [{ id: "k1", status: "completed" }] } };

  it("is the same for the same URL and data, and different when anything the page is made from differs", () => {
    // (A copy built the way loaders build data: fresh objects and dense arrays.)
    expect(key(data)).toBe(key(JSON.parse(JSON.stringify(data))));
    const others = [
      key({ ...data, root: { user: { name: "Bob" } } }),
      key({ ...data, "routes/dashboard": { kits: [{ id: "k1", status: "exported" }] } }),
      key(data, { url: "http://x.test/dashboard?page=2" }),
      key(data, { url: "http://other.test/dashboard" }),
      key(data, { status: 404 }),
      key(data, { inlineCss: true }),
      // undefined is not a missing key, and a Date is not its ISO string.
      key({ ...data, extra: { a: undefined } }),
      key({ ...data, extra: {} }),
      key({ ...data, extra: { at: new Date(0) } }),
      key({ ...data, extra: { at: new Date(0).toISOString() } }),
    ];
    expect(new Set([key(data), ...others]).size).toBe(others.length + 1);
  });

  it("is null for renders that must not be kept: actions, errors, data that cannot be serialised, the cache turned off", () => {
    expect(key(data, {}, { actionData: { "routes/dashboard": { ok: true } } })).toBeNull();
    expect(key(data, {}, { errors: { root: new Error("boom") } })).toBeNull();
    expect(key({ ...data, later: { p: Promise.resolve(1) } })).toBeNull();
    expect(key({ ...data, fn: { f: () => 1 } })).toBeNull();
    expect(key({ ...data, s: { s: Symbol("x") } })).toBeNull();
    process.env.RENDER_CACHE_MB = "0";
    resetConfigForTests();
    expect(key(data)).toBeNull();
  });
});

describe("the store", () => {
  const doc = (size: number, fill = "a") => ({ html: Buffer.alloc(size, fill), hashes: ["sha256-x"] });

  it("gives back what it kept and counts hits and misses", () => {
    keepRendered("k1", doc(10));
    expect(getRendered("k1")!.html.toString()).toBe("a".repeat(10));
    expect(getRendered("k2")).toBeUndefined();
    expect(renderCacheStats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it("stays within its byte budget, dropping the least recently used first, and skips pages over an eighth of it", () => {
    process.env.RENDER_CACHE_MB = "1";
    resetConfigForTests();
    const page = 100 * 1024;
    for (let i = 0; i < 10; i++) keepRendered(`k${i}`, doc(page));
    getRendered("k0"); // used again: now the most recent
    keepRendered("k10", doc(page));
    expect(renderCacheStats().bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(getRendered("k0")).toBeDefined();
    expect(getRendered("k1")).toBeUndefined();
    expect(getRendered("k10")).toBeDefined();
    keepRendered("huge", doc(200 * 1024));
    expect(getRendered("huge")).toBeUndefined();
  });
});
