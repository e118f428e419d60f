import { createReadableStreamFromReadable } from "@react-router/node";
import type { Writable } from "node:stream";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import type { RouterContextProvider } from "react-router";
import { setting } from "~/platform/config.server";
import { noteBuildVersion, PAGE_CACHE_TAG, PAGE_CACHE_UNTIL, pageCacheKey, pageCacheTicket, storePage } from "~/platform/render/page-cache.server";

/**
 * Express ↔ React Router, like `@react-router/express`, with one difference
 * that matters for long responses: how the body is written (see
 * `writeBodyToResponse` and docs/decisions/007-own-express-adapter.md),
 * and one addition: an anonymous page the page cache may keep is stored on
 * its way out (app/platform/render/page-cache.server.ts).
 */
export function createRequestHandler({
  build,
  getLoadContext,
  mode = setting("NODE_ENV"),
}: {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider | Promise<RouterContextProvider>;
  mode?: string;
}): express.RequestHandler {
  // React Router re-derives its routes (createStaticHandler, route ranking)
  // on every request when given a function: ~5% of the CPU of a signed-in
  // page. In production the build never changes, so it is resolved once; the
  // dev server keeps the function so that edits show up.
  let handler: ReturnType<typeof createReactRouterHandler> | undefined;
  let resolved: ServerBuild | undefined;
  const getBuild = async () => resolved ?? (typeof build === "function" ? await build() : build);
  const getHandler = async () => {
    if (handler) return handler;
    if (mode !== "production" || typeof build !== "function") return (handler = createReactRouterHandler(build, mode));
    resolved = await build();
    return (handler = createReactRouterHandler(resolved, mode));
  };
  return async (req, res, next) => {
    let request: Request;
    try {
      request = toFetchRequest(req, res);
    } catch {
      // No URL can be built from this Host header ("a b", "[::1", a port past 65535...).
      res.status(400).type("text/plain; charset=utf-8").send("Bad Request: the Host header is not a valid host name.");
      return;
    }
    try {
      // Entries belong to one build: a new one (a rebuild under the dev server) starts afresh.
      if (pageCacheKey(req)) noteBuildVersion((await getBuild()).assets.version);
      const ticket = pageCacheTicket(req);
      const handleRequest = await getHandler();
      const response = await handleRequest(request, await getLoadContext(req, res));
      // Internal (a page's cache lifetime): taken off before anything is sent, HEAD and errors included.
      const until = Number(response.headers.get(PAGE_CACHE_UNTIL) ?? NaN);
      const tag = response.headers.get(PAGE_CACHE_TAG);
      response.headers.delete(PAGE_CACHE_UNTIL);
      response.headers.delete(PAGE_CACHE_TAG);
      if (isDocument(response)) {
        // Every page's navbar depends on the session cookie.
        response.headers.append("Vary", "Cookie");
        if (!response.headers.has("Cache-Control")) {
          response.headers.set("Cache-Control", ticket ? "no-cache" : "private, no-cache");
        }
      }
      if (isDocument(response) && response.body) {
        // Documents are rendered whole (entry.server.tsx): written in one piece.
        const body = Buffer.from(await response.arrayBuffer());
        if (ticket && response.status === 200) {
          void storePage(ticket, { status: response.status, headers: response.headers, body, until: Number.isNaN(until) ? null : until, tag });
          response.headers.set("X-Page-Cache", "miss");
        }
        sendBuffered(res, response, body);
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function isDocument(response: Response) {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/** The Fetch API request React Router sees; aborted when the client goes away. */
function toFetchRequest(req: express.Request, res: express.Response): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = (req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }

  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });

  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

function sendBuffered(res: express.Response, response: Response, body: Buffer) {
  if (res.destroyed || res.writableEnded) return;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  res.end(res.req.method === "HEAD" ? undefined : body);
}

async function sendResponse(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBodyToResponse(response.body, res);
  else res.end();
}

/**
 * Writes a web stream to a Node response with backpressure, ending it when
 * the stream ends and cancelling the stream when the client goes away.
 *
 * `@react-router/node`'s `writeReadableStreamToWritable` races every read
 * against one promise that settles only if the response fails. Each
 * `Promise.race` leaves a reaction on that promise holding the read's result,
 * so every chunk already sent stays in memory until the response ends: a
 * 100,000-row CSV export held its whole 26 MB, and a long-lived server-sent
 * events connection keeps every event. Here nothing outlives its chunk: one
 * 'drain' and one 'close' listener per response wake the loop, and a closed
 * response cancels the reader, which ends a pending read.
 */
export async function writeBodyToResponse(body: ReadableStream<Uint8Array>, res: Writable & { flush?: () => void }) {
  const reader = body.getReader();
  let closed = false;
  let wake: (() => void) | null = null;
  const resume = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const onClose = () => {
    closed = true;
    reader.cancel().catch(() => {});
    resume();
  };
  res.on("drain", resume);
  res.on("close", onClose);
  try {
    while (!closed) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      const writable = res.write(value);
      // The compression middleware buffers output unless asked to flush;
      // streamed HTML and progress should reach the browser as they are made.
      res.flush?.();
      if (!writable && !closed) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!closed) res.end();
  } catch (error) {
    // The body failed half-way (say, a database error mid-export): the
    // client must not mistake a truncated response for a complete one.
    if (!closed) res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    res.removeListener("drain", resume);
    res.removeListener("close", onClose);
    reader.releaseLock();
  }
}
