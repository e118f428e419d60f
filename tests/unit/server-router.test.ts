import { cloneElement, createElement as h, Fragment, Suspense, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRequestHandler, data, Links, Meta, Outlet, Scripts, ServerRouter, useLoaderData, useLocation, useRouteError, type EntryContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readTemplate, settleLoaderData } from "~/platform/render/server-router.server";

// A small app served through React Router's own request handler, whose document
// entry renders each request with React Router's <ServerRouter> and with
// <CachedServerRouter> (the first document of a build, then the later ones),
// after reading the loader data as app/entry.server.tsx does.

/** Where the router says we are: another request's location must never show here. */
function Here() {
  const location = useLocation();
  return h("span", { id: "here" }, location.pathname + location.search);
}

function Root() {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h(Meta), h(Links)),
    h("body", null, h("nav", null, h("a", { href: "/" }, "Home"), h(Here)), h(Outlet), h(Scripts)),
  );
}
function RootError() {
  const error = useRouteError() as { status?: number };
  return h("html", null, h("body", null, h("h1", null, `Error ${error?.status ?? "?"}`), h(Scripts)));
}
function Home() {
  const { greeting } = useLoaderData() as { greeting: string };
  return h("main", null, h("h1", null, greeting));
}
function Kit() {
  const { kit, when } = useLoaderData() as { kit: { id: string; name: string }; when: Date };
  return h(Fragment, null, h("h1", null, kit.name), h("time", null, when.toISOString()));
}

const modules = {
  root: { default: Root, ErrorBoundary: RootError, loader: () => ({ user: { name: "Ada <b>", role: "user" } }) },
  "routes/home": { default: Home, loader: () => ({ greeting: "Hello </script><script>alert(1)</script>" }) },
  "routes/kit": {
    default: Kit,
    loader: ({ params }: { params: { id?: string } }) => {
      if (params.id === "missing") throw data("Not Found", { status: 404 });
      return { kit: { id: params.id, name: `Kit ${params.id} & co` }, when: new Date(Date.UTC(2026, 10, 26)) };
    },
  },
  "routes/about": { default: () => h("p", null, "About") },
};
const manifestRoute = (id: string, path: string | undefined, extra: Record<string, unknown> = {}) => ({
  id,
  path,
  module: `/assets/${id.replace("/", "-")}.js`,
  imports: [],
  css: [],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  ...extra,
});
const assets = {
  entry: { module: "/assets/entry.client.js", imports: [] },
  url: "/assets/manifest.js",
  version: "test",
  routes: {
    root: manifestRoute("root", "", { hasErrorBoundary: true }),
    "routes/home": manifestRoute("routes/home", undefined, { parentId: "root", index: true }),
    "routes/kit": manifestRoute("routes/kit", "kits/:id", { parentId: "root" }),
    "routes/about": manifestRoute("routes/about", "about", { parentId: "root", hasLoader: false }),
  },
};

type Rendered = { plain: string; cached: string[] };
let renders: Rendered[] = [];
// The module under test, loaded afresh where a test needs its own first document (what is kept is per module and build).
let CachedServerRouter: typeof import("~/platform/render/server-router.server").CachedServerRouter;
async function freshModule() {
  vi.resetModules();
  ({ CachedServerRouter } = await import("~/platform/render/server-router.server"));
}
// As in a production build (the dev server keeps nothing: an edited route module must render as edited).
beforeAll(async () => {
  vi.stubEnv("DEV", false);
  await freshModule();
});
afterAll(() => vi.unstubAllEnvs());

async function handleRequest(_request: Request, status: number, headers: Headers, context: EntryContext) {
  await settleLoaderData(context);
  const url = _request.url;
  // Each render takes a reader of the (already read) stream: a fresh one per render here, where one request renders four times.
  const fresh = () => Object.assign(context, { serverHandoffStream: new ReadableStream() });
  const plain = renderToString(h(ServerRouter, { context: fresh(), url, nonce: "n" }));
  const cached = [0, 1, 2].map(() => renderToString(h(CachedServerRouter, { context: fresh(), url, nonce: "n" })));
  renders.push({ plain, cached });
  return new Response(plain, { status, headers });
}

const build = {
  entry: { module: { default: handleRequest } },
  routes: Object.fromEntries(
    Object.entries(assets.routes).map(([id, r]) => [id, { id, parentId: (r as { parentId?: string }).parentId, path: r.path, index: (r as { index?: boolean }).index, caseSensitive: undefined, module: modules[id as keyof typeof modules] }]),
  ),
  assets,
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  basename: "/",
  allowedActionOrigins: false,
};

async function get(path: string) {
  renders = [];
  const handler = createRequestHandler(build as never, "production");
  const response = await handler(new Request(`http://app.test${path}`));
  return { status: response.status, renders };
}

describe("CachedServerRouter", () => {
  async function firstContext(path = "/") {
    let context: EntryContext | undefined;
    const capture = { ...build, entry: { module: { default: async (_r: Request, status: number, headers: Headers, c: EntryContext) => ((context = c), new Response("", { status, headers })) } } };
    await createRequestHandler(capture as never, "production")(new Request(`http://app.test${path}`));
    return context!;
  }
  const serverTree = (context: EntryContext, nonce = "n") =>
    (ServerRouter as unknown as (p: object) => ReactElement)({ context, url: "http://app.test/", nonce });

  it("recognises the tree of the installed React Router's <ServerRouter> (else it falls back to it on every render)", async () => {
    const context = await firstContext();
    expect(readTemplate(serverTree(context), context, "n")).not.toBeNull();
  });

  it("refuses a tree that is not the one it was written for, so <ServerRouter> renders instead", async () => {
    const context = await firstContext();
    const tree = serverTree(context) as ReactElement<{ children: ReactElement<{ children: ReactElement<{ children: ReactElement }> }>[] }>;
    const [provider, stream] = tree.props.children;
    const boundary = provider!.props.children;
    const routerElement = boundary.props.children;
    // Another nonce than the framework context's; the router hydrating; a stream starting elsewhere; a third child.
    expect(readTemplate(tree, context, "other")).toBeNull();
    const hydrating = cloneElement(tree, {}, cloneElement(provider!, {}, cloneElement(boundary, {}, cloneElement(routerElement, { hydrate: true } as never))), stream);
    expect(readTemplate(hydrating, context, "n")).toBeNull();
    const streamChild = (stream as ReactElement<{ children: ReactElement }>).props.children;
    const later = cloneElement(tree, {}, provider, cloneElement(stream as ReactElement, {}, cloneElement(streamChild, { identifier: 1 } as never)));
    expect(readTemplate(later, context, "n")).toBeNull();
    expect(readTemplate(h(Fragment, null, provider, stream, h("i")), context, "n")).toBeNull();
  });

  it.each([
    ["/", 200, "Hello &lt;/script&gt;"],
    ["/kits/k1", 200, "Kit k1 &amp; co"],
    ["/about", 200, "About"],
    ["/kits/missing", 404, "Error 404"],
    ["/nowhere", 404, "Error 404"],
  ])("renders %s byte for byte as <ServerRouter> does, the first time and from the kept routes", async (path, status, text) => {
    // Two requests: the second renders with the routes kept from the first (or from an earlier test).
    for (let i = 0; i < 2; i++) {
      const result = await get(path);
      expect(result.status).toBe(status);
      // An error renders twice (the route's, then the boundary's); every render is compared.
      expect(result.renders.length).toBeGreaterThan(0);
      for (const { plain, cached } of result.renders) {
        for (const html of cached) expect(html).toBe(plain);
      }
      const last = result.renders.at(-1)!.plain;
      expect(last).toContain(text);
      // The loader data is written once, whole, then the stream is closed.
      expect(last.match(/streamController\.enqueue\(/g)).toHaveLength(1);
      expect(last).toContain("window.__reactRouterContext.streamController.close();");
      expect(last).not.toContain("</script><script>alert(1)");
    }
  });

  it("keeps each request's own data: a later render never shows an earlier request's", async () => {
    // The first document of a fresh module is /kits/first: what is kept comes from it.
    await freshModule();
    await get("/kits/first?tab=a");
    const second = await get("/kits/second?tab=b");
    for (const html of second.renders.at(-1)!.cached) {
      expect(html).toContain("Kit second &amp; co");
      expect(html).toContain('<span id="here">/kits/second?tab=b</span>');
      expect(html).not.toContain("first");
      // The loader data written for the client is this request's.
      const script = html.match(/streamController\.enqueue\((.*?)\);<\/script>/)![1]!;
      expect(script).toContain("Kit second");
    }
  });
});

describe("app/entry.server.tsx", () => {
  const never = new Promise<never>(() => {});
  function Suspends(): ReactElement {
    throw never;
  }
  const routes = {
    ...build.routes,
    "routes/waits": { id: "routes/waits", parentId: "root", path: "waits", index: undefined, caseSensitive: undefined, module: { default: () => h(Suspense, { fallback: h("p", null, "Loading") }, h(Suspends)) } },
  };
  const waitsAssets = { ...assets, routes: { ...assets.routes, "routes/waits": manifestRoute("routes/waits", "waits", { parentId: "root", hasLoader: false }) } };

  it("renders the document whole, keeps it for an unchanged reload, and never keeps one left incomplete", async () => {
    const entry = await import("~/entry.server");
    const app = createRequestHandler({ ...build, routes, assets: waitsAssets, entry: { module: entry } } as never, "production");
    const first = await app(new Request("http://app.test/kits/k9"));
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html).toContain("Kit k9 &amp; co");
    expect(first.headers.get("Content-Security-Policy")).toMatch(/script-src[^;]*'sha256-/);
    expect((await app(new Request("http://app.test/kits/k9"))).headers.get("X-Render-Cache")).toBe("hit");
    // A part that suspends is written as its fallback for the browser: served, never kept.
    for (let i = 0; i < 2; i++) {
      const waits = await app(new Request("http://app.test/waits"));
      expect(waits.headers.get("X-Render-Cache")).toBe("miss");
      expect(await waits.text()).toContain("<!--$!-->");
    }
  });
});
