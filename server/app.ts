import "react-router";
import compression from "compression";
import express from "express";
import { getConfig } from "~/config.server";
import { closeDb, getDb } from "~/db/client.server";
import "~/generation/job.server"; // registers generation recovery and shutdown hooks
import { runShutdownHooks, runStartupHooks } from "~/lifecycle.server";
import { logError, requestLogger } from "~/utils/log.server";
import { pageCache } from "~/utils/page-cache.server";
import { createRequestContext } from "~/utils/request-context";
import { bodyGuard, methodGuard, postRateLimit } from "~/utils/request-guards.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { createRequestHandler } from "./request-handler";

/** Validates configuration, opens (and migrates) the database and runs recovery. */
export async function startup() {
  const config = getConfig();
  getDb();
  await runStartupHooks();
  return config;
}

/** First half of a graceful stop: end live streams so connections can drain. */
export function beforeShutdown() {
  runShutdownHooks();
}

export function shutdown() {
  closeDb();
}

export function createApp({ dev }: { dev: boolean }) {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, X-Forwarded-For gives the client IP used by rate limits.
  app.set("trust proxy", config.trustProxy);
  app.use(requestLogger());
  app.use(securityHeaders());
  app.use(methodGuard());
  app.use(postRateLimit());
  app.use(bodyGuard());
  app.use(
    compression({
      // Server-sent events must not be buffered by the compressor.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );
  if (!dev) {
    const client = `${process.env.BUILD_DIR ?? "build"}/client`;
    app.use(
      "/assets",
      express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }
  app.use(pageCache(config.pageCacheSeconds));
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
