// Launches LaunchKit: `node server.js` serves the production build (building it
// first when none exists); `node server.js --dev` runs Vite in middleware mode.
import fs from "node:fs";
import { spawnSync } from "node:child_process";

// Everything the app writes (the database and its WAL, the outbox with reset
// links, backups) is for the app's own user: no group or world access.
process.umask(0o077);

const DEV = process.argv.includes("--dev");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = `./${BUILD_DIR}/server/index.js`;

if (!DEV) {
  process.env.NODE_ENV = "production";
  if (!fs.existsSync(BUILD_PATH)) {
    console.log("No production build found: running `react-router build` once...");
    const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

/** @type {import("./server/app.ts")} */
let mod;
/** @type {import("vite").ViteDevServer | undefined} */
let devServer;
if (DEV) {
  const vite = await import("vite");
  devServer = await vite.createServer({ server: { middlewareMode: true } });
  mod = await devServer.ssrLoadModule("./server/app.ts");
} else {
  mod = await import(BUILD_PATH);
}

// Configuration is validated, the database migrated and interrupted
// generations recovered before anything listens. A bad setting prints its
// message (no stack trace) and exits 1.
let config;
try {
  config = await mod.startup();
} catch (error) {
  console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

/** @type {import("express").Express} */
let app;
if (devServer) {
  const { default: express } = await import("express");
  const vite = devServer;
  app = express();
  app.use(vite.middlewares);
  app.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return fresh.createApp({ dev: true })(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  app = mod.createApp({ dev: false });
}

const server = app.listen(config.port, config.host, () => {
  const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
  console.log(`LaunchKit listening on http://${shown}:${config.port} (${config.ai.provider} generator)`);
});

// Graceful stop: refuse new connections, let in-flight requests finish, close
// live event streams, leave running generations for start-up recovery, close
// the database, exit 0, all within 10 seconds.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: shutting down`);
  setTimeout(() => server.closeAllConnections(), 7000).unref();
  setTimeout(() => {
    console.error("Shutdown took too long; exiting");
    process.exit(1);
  }, 9500).unref();
  // Streams close (browsers reconnect elsewhere), workers stop taking jobs and
  // running steps finish or go back to the queue.
  const hooks = mod.beforeShutdown().catch((error) => console.error("Shutdown hook failed:", error));
  // Keep-alive connections that go idle after close() would otherwise wait out their timeout.
  setInterval(() => server.closeIdleConnections(), 100).unref();
  server.close(async () => {
    await hooks;
    await mod.shutdown();
    console.log("Shut down cleanly");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
