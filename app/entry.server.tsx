import crypto from "node:crypto";
import { renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { NonceProvider } from "~/ui/nonce";
import { contentSecurityPolicy, hashMarkedScripts } from "~/platform/http/csp.server";
import { deferBootstrap } from "~/platform/render/defer-bootstrap.server";
import { inlineStylesheets } from "~/platform/render/inline-css.server";
import { pageCacheKey } from "~/platform/render/page-cache.server";
import { getRendered, keepRendered, renderKey, type RenderedDocument } from "~/platform/render/render-cache.server";
import { logError } from "~/platform/log.server";
import { CachedServerRouter, settleLoaderData } from "~/platform/render/server-router.server";

export const streamTimeout = 5_000;

/** What `renderToString` writes where a <Suspense> boundary's content is left to the browser. */
const CLIENT_RENDERED_BOUNDARY = Buffer.from("<!--$!-->");

/**
 * Errors React Router caught in loaders, actions and rendering: one JSON log
 * line each. A 4xx it answered itself (a form posted to a page without an
 * action, a bad request) is the client's mistake, not ours, and a request the
 * client abandoned is nobody's: neither is logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's cross-site check answers 400 to a form posted from another
  // origin: a refused request, not a fault of ours.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) return;
  logError("request failed", error, { method: request.method, path: new URL(request.url).pathname });
};

/**
 * Renders the whole document before answering (no page here streams data),
 * so that its Content-Security-Policy can list the hashes of the inline
 * scripts React Router wrote into it. The scripts are rendered with a random
 * marker as their nonce; only scripts carrying it are hashed, and the marker
 * is removed from the HTML. The bytes are then the same for every visitor of
 * an anonymous page, which is what lets the page cache store and send them
 * as they are.
 *
 * The loader data is read first, then the document is rendered in one
 * synchronous pass with `renderToString` (decision 033): a page is sent
 * whole anyway, and React's streaming writer (a stream, a chunk encoded per
 * attribute, Suspense bookkeeping for the loader data's script) cost about a
 * fifth of a signed-in page's CPU.
 *
 * A document rendered from the same URL and the same loader data is not
 * rendered again: app/platform/render/render-cache.server.ts keeps it (the loaders,
 * the session check and the headers still run per request).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Pages the cache keeps carry their stylesheet inline (compressed once, first paint without
  // a second request); signed-in pages keep the link, which the browser caches across pages.
  const url = new URL(request.url);
  const inlineCss = !import.meta.env.DEV && !!pageCacheKey({ method: request.method, url: url.pathname + url.search, headers: { cookie: request.headers.get("Cookie") ?? undefined } });
  const key = import.meta.env.DEV ? null : renderKey({ url: request.url, status: responseStatusCode, inlineCss, context: routerContext });
  const respond = (doc: RenderedDocument, cache: "hit" | "miss" | null) => {
    if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(doc.hashes));
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    if (cache) responseHeaders.set("X-Render-Cache", cache);
    return new Response(doc.html as unknown as BodyInit, { headers: responseHeaders, status: responseStatusCode });
  };
  const kept = key ? getRendered(key) : undefined;
  if (kept) return respond(kept, "hit");

  await settleLoaderData(routerContext);
  const token = crypto.randomBytes(16).toString("hex");
  // An error thrown while rendering rejects, as a shell error did: React Router then renders the error boundary.
  const rendered = Buffer.from(
    `<!DOCTYPE html>${renderToString(
      <NonceProvider value={token}>
        <CachedServerRouter context={routerContext} url={request.url} nonce={token} />
      </NonceProvider>,
    )}`,
  );
  // Pages the cache keeps paint before any JavaScript loads (app/platform/render/defer-bootstrap.server.ts).
  const { html: marked, hashes } = hashMarkedScripts(inlineCss ? deferBootstrap(rendered) : rendered, token);
  const doc = { html: inlineCss ? inlineStylesheets(marked) : marked, hashes };
  // A part that suspended or threw inside a <Suspense> is written as its fallback, for the
  // browser to render (React's "<!--$!-->"): nothing on our server suspends, so it is a fault.
  const incomplete = rendered.includes(CLIENT_RENDERED_BOUNDARY);
  if (incomplete) logError("render incomplete: a <Suspense> boundary was left to the browser", undefined, { path: url.pathname });
  // A render that failed is never kept (it threw above); nor is an error page or an incomplete one.
  if (key !== null && responseStatusCode < 500 && !incomplete) keepRendered(key, doc);
  return respond(doc, key === null ? null : "miss");
}
