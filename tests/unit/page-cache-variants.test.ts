import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  configurePageCache,
  invalidateAllPages,
  invalidatePage,
  noteBuildVersion,
  pageCacheGeneration,
  pageCacheSize,
  pageCacheTicket,
  registerCacheablePages,
  servePageFromCache,
  setPageVariants,
  storePage,
  type VariantRequest,
} from "~/platform/render/page-cache.server";

/**
 * The page cache keeping one copy per variant (A/B experiments): a stand-in
 * page whose loader, like the published page's, says on each render how a
 * request's variant is chosen (here from an X-Visitor header: "b" visitors
 * get variant b). A copy must only ever be served to the visitors of its own
 * variant.
 */
let renders = 0;
let origin = "";
let stored: Promise<void> = Promise.resolve();
/** What the stand-in loader reads from "the database": the page's arms, or null without an experiment. */
let arms: string[] | null = null;
/** An invalidation that lands while the loader runs (an experiment stopped mid-render). */
let invalidateDuringRender = false;

const choose = (req: VariantRequest) => {
  const who = req.headers["x-visitor"];
  if (typeof who !== "string") return undefined;
  return arms?.includes(who) ? who : arms?.[0];
};

const server = http.createServer((req, res) => {
  if (servePageFromCache(req, res)) return;
  const ticket = pageCacheTicket(req);
  renders++;
  const since = pageCacheGeneration();
  if (invalidateDuringRender) invalidatePage("/p/acme");
  const variant = arms ? choose(req) ?? arms[0]! : "";
  setPageVariants("/p/acme", arms ? choose : null, since);
  const body = Buffer.from(`<!DOCTYPE html><html><body>variant=${variant} render ${renders}</body></html>`);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (ticket) stored = Promise.all([stored, storePage(ticket, { status: 200, headers, body })]).then(() => undefined);
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "X-Page-Cache": ticket ? "miss" : "none" });
  res.end(body);
});

function get(path: string, visitor?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: visitor ? { "X-Visitor": visitor } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
      .on("error", reject);
  });
}

async function visit(visitor?: string) {
  const res = await get("/p/acme", visitor);
  await stored;
  return { cache: res.headers["x-page-cache"], variant: /variant=(\w*)/.exec(res.body)![1], render: Number(/render (\d+)/.exec(res.body)![1]) };
}

registerCacheablePages(/^\/p\/[a-z0-9-]+$/);

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
  arms = null;
  invalidateDuringRender = false;
});

describe("a page with variants", () => {
  it("keeps one copy per variant and serves each visitor their own", async () => {
    arms = ["a", "b"];
    // The first render after a change cannot know its key in advance: rendered, not kept.
    expect(await visit("b")).toMatchObject({ cache: "miss", variant: "b" });
    // Now the page's chooser is known: each variant is rendered once, then served from memory.
    expect(await visit("b")).toMatchObject({ cache: "miss", variant: "b" });
    expect(await visit("a")).toMatchObject({ cache: "miss", variant: "a" });
    const rendered = renders;
    for (let i = 0; i < 3; i++) {
      expect(await visit("b")).toMatchObject({ cache: "hit", variant: "b" });
      expect(await visit("a")).toMatchObject({ cache: "hit", variant: "a" });
    }
    expect(renders).toBe(rendered);
  });

  it("never keeps a copy whose variant the request alone cannot name", async () => {
    arms = ["a", "b"];
    await visit("a");
    for (let i = 0; i < 3; i++) expect((await visit()).cache).toBe("none");
  });

  it("the copy rendered before the chooser was known is not kept under the page's plain key", async () => {
    arms = ["a", "b"];
    await visit("b");
    // Its key says nothing of its variant: kept, it would only take room.
    expect(pageCacheSize()).toBe(0);
    // A visitor of "a" must not get that first ("b") render from the plain key.
    const a = await visit("a");
    expect(a.variant).toBe("a");
    expect(a.cache).toBe("miss");
  });

  it("invalidating the page forgets its variants: a stopped experiment's copies and chooser go at once", async () => {
    arms = ["a", "b"];
    await visit("b");
    await visit("b");
    expect((await visit("b")).cache).toBe("hit");
    arms = null;
    invalidatePage("/p/acme");
    expect(await visit("b")).toMatchObject({ cache: "miss", variant: "" });
    await visit("a");
    expect(await visit("b")).toMatchObject({ cache: "hit", variant: "" });
    expect(await visit("a")).toMatchObject({ cache: "hit", variant: "" });
  });

  it("a chooser read before an invalidation is not set after it", async () => {
    arms = ["a", "b"];
    invalidateDuringRender = true;
    await visit("b");
    invalidateDuringRender = false;
    arms = null;
    // Had the outdated chooser been kept, this request would be keyed per variant and the plain page never cached.
    await visit("b");
    expect((await visit("b")).cache).toBe("hit");
  });
});
