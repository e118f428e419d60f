import crypto from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/utils/nonce";
import { contentSecurityPolicy, hashMarkedScripts } from "~/utils/csp.server";
import { deferBootstrap } from "~/utils/defer-bootstrap.server";
import { inlineStylesheets } from "~/utils/inline-css.server";
import { pageCacheKey } from "~/utils/page-cache.server";
import { getRendered, keepRendered, renderKey, type RenderedDocument } from "~/utils/render-cache.server";
import { logError } from "~/utils/log.server";

export const streamTimeout = 5_000;

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
 * A document rendered from the same URL and the same loader data is not
 * rendered again: app/utils/render-cache.server.ts keeps it (the loaders,
 * the session check and the headers still run per request).
 */
export default function handleRequest(
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

  const token = crypto.randomBytes(16).toString("hex");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      highWaterMark: 1 << 20,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const rendered = Buffer.concat(chunks);
        // Pages the cache keeps paint before any JavaScript loads (app/utils/defer-bootstrap.server.ts).
        const { html: marked, hashes } = hashMarkedScripts(inlineCss ? deferBootstrap(rendered) : rendered, token);
        const doc = { html: inlineCss ? inlineStylesheets(marked) : marked, hashes };
        // A render that failed halfway (status 500 from onError) is never kept.
        const keep = key !== null && responseStatusCode < 500;
        if (keep) keepRendered(key, doc);
        resolve(respond(doc, key === null ? null : "miss"));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={token}>
        <ServerRouter context={routerContext} url={request.url} nonce={token} />
      </NonceProvider>,
      {
        nonce: token,
        onAllReady() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render failed", error, { path: new URL(request.url).pathname });
        },
      },
    );
  });
}
