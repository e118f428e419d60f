import "react-router";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { MCP_PATH, mcpEndpoint } from "~/features/agents/mcp-http.server";
import { countCachedPage } from "~/features/analytics/count.server";
import { rewriteCustomDomain, surelyOwnHost } from "~/features/billing/custom-domain.server";
import { getConfig, setting } from "~/platform/config.server";
import { closeDb, prepareDatabase } from "~/platform/db/client.server";
import { logError, requestLogger } from "~/platform/log.server";
import { configurePageCache, onPageCacheHit, registerCacheablePages, servePageFromCache } from "~/platform/render/page-cache.server";
import { createRequestContext } from "~/platform/http/request-context";
import { bodyGuard, hasValidHost, methodGuard, postRateLimit } from "~/platform/http/request-guards.server";
import { securityHeaders } from "~/platform/http/security-headers.server";
import { finishBackgroundWork, startBackgroundWork, stopBackgroundWork } from "./boot";
import { createRequestHandler } from "./request-handler";
import { staticFiles } from "./static-files";

/** Validates configuration, opens (and migrates) the database, then starts the boot list's work (server/boot.ts). */
export async function startup() {
  const config = getConfig();
  await prepareDatabase();
  await startBackgroundWork();
  return config;
}

/** First half of a graceful stop: end live streams so connections can drain. */
export async function beforeShutdown() {
  await stopBackgroundWork();
}

/** Second half, once the last request was answered: final writes (analytics counts), then the database closes. */
export async function shutdown() {
  await finishBackgroundWork();
  await closeDb();
}

/**
 * Pages that are the same for every signed-out visitor: the marketing pages
 * and the account forms (their errors come back from POSTs, never cached).
 * Published landing pages register themselves (/p/<slug>).
 */
const ANONYMOUS_PAGES = [
  "/", "/process", "/samples", "/pricing", "/templates", "/blog", "/about", "/contact", "/privacy", "/terms", "/cookies",
  "/signin", "/signup", "/forgot-password",
];
for (const path of ANONYMOUS_PAGES) {
  registerCacheablePages(path, {
    // /samples?category=... is bounded by the category names.
    query: (url) => {
      const category = url.searchParams.get("category");
      return path === "/samples" && url.searchParams.size === 1 && category && /^[a-z-]{1,24}$/.test(category) ? `?category=${category}` : null;
    },
  });
}

export function createApp({ dev }: { dev: boolean }) {
  const config = getConfig();
  configurePageCache({ ttlSeconds: dev ? 0 : config.pageCacheSeconds, trustProxy: config.trustProxy, keyByHost: !config.appUrl });
  // A published page served from the cache is a visit too (the page's loader, which counts the others, does not run).
  onPageCacheHit(countCachedPage);
  const app = express();
  // A page in the page cache is written before Express runs: a hit costs a map
  // lookup and one write (app/platform/render/page-cache.server.ts). Everything else,
  // misses included, goes through Express as usual.
  // (`app(req, res)` calls `app.handle`, which Express's types do not show.)
  const router = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void };
  const handle = router.handle.bind(app);
  router.handle = (req, res, next) => {
    const fail = (error: unknown) => {
      // Express's next(error) when there is one (the dev server's); else what the error handler below answers.
      if (typeof next === "function") return (next as (error: unknown) => void)(error);
      logError("unhandled request error", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error");
      else res.destroy();
    };
    // Before anything reads the host (the page cache's key, a custom domain, the links a page builds).
    if (!hasValidHost(req, config.trustProxy)) {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Bad Request: the Host header is not a valid host name.");
      return;
    }
    // LaunchKit's own host (the common case, known without waiting): straight to the cache, in this
    // turn of the event loop, as a static server would answer.
    if (surelyOwnHost(req.headers.host)) {
      try {
        if (!servePageFromCache(req, res)) handle(req, res, next);
      } catch (error) {
        fail(error);
      }
      return;
    }
    // A published page's custom domain is answered as /p/<slug>: rewritten before the cache looks
    // (the lookup may read the database, so the rest waits for it).
    rewriteCustomDomain(req)
      .then((outcome) => {
        if (outcome === "not-found") {
          res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not Found");
          return;
        }
        if (!servePageFromCache(req, res)) handle(req, res, next);
      })
      .catch(fail);
  };
  app.disable("x-powered-by");
  // Behind a reverse proxy, X-Forwarded-For gives the client IP used by rate limits.
  app.set("trust proxy", config.trustProxy);
  app.use(requestLogger());
  app.use(securityHeaders());
  // The MCP server for AI agents takes JSON and Bearer tokens: its own guards, before the forms' (app/features/agents/mcp-http.server.ts).
  app.use(MCP_PATH, mcpEndpoint());
  app.use(methodGuard());
  app.use(postRateLimit());
  app.use(bodyGuard());
  // Built files first: precompressed at build time, so the compressor below never sees them.
  if (!dev) app.use(staticFiles(`${setting("BUILD_DIR")}/client`));
  app.use(
    compression({
      // Server-sent events must not be buffered by the compressor.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (req) => createRequestContext(req.ip),
    }),
  );
  app.use(
    (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      logError("unhandled request error", error);
      if (res.headersSent) return next(error);
      res.status(500).type("text/plain").send("Internal Server Error");
    },
  );
  return app;
}
