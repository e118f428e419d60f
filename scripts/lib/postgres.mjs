// Starts a throwaway PostgreSQL server from the Debian package (initdb +
// postgres in a temporary directory) for the tests and `npm run test:cluster`.
// When run as root, the server runs as the `postgres` user the package made.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The directory with initdb and postgres: PG_BIN, pg_config, or Debian's /usr/lib/postgresql/<n>/bin. */
export function postgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    // no pg_config on PATH: look in Debian's directory below
  }
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(root, v, "bin"));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "postgres")));
  if (!found) throw new Error("PostgreSQL server binaries not found: install Debian's postgresql package (or set PG_BIN).");
  return found;
}

export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function owner() {
  if (process.getuid?.() !== 0) return {};
  const line = fs.readFileSync("/etc/passwd", "utf8").split("\n").find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("Running as root needs the postgres user (Debian's postgresql package creates it).");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitForPort(port, host, ms, child) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`postgres did not listen on ${host}:${port} within ${ms} ms`);
}

/** Accepting connections (pg_isready): listening is not enough, a starting server refuses sessions. */
async function waitUntilReady(bin, port, host, ms, child) {
  const until = Date.now() + ms;
  await waitForPort(port, host, ms, child);
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const ready = await new Promise((resolve) => {
      const probe = spawn(path.join(bin, "pg_isready"), ["-q", "-h", host, "-p", String(port), "-U", "postgres", "-d", "postgres"], { stdio: "ignore" });
      probe.on("exit", (code) => resolve(code === 0));
      probe.on("error", () => resolve(false));
    });
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`postgres on ${host}:${port} did not accept connections within ${ms} ms`);
}

/**
 * Starts a server; returns its superuser URL (database "postgres", user
 * "postgres", trust auth on loopback), `stop()`, which ends it and removes
 * its directory, and for fault tests `shutdown()` (a fast shutdown that keeps
 * the data) and `start()` (the same server again, on the same port).
 */
export async function startPostgres({ port, host = "127.0.0.1", log = false } = {}) {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-pg-"));
  const ids = owner();
  if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid);
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  execFileSync(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], {
    ...ids,
    stdio: ["ignore", "ignore", "pipe"],
  });
  port ??= await freePort(host);
  let child;
  let stderr = "";
  const spawnServer = async () => {
    child = spawn(
      path.join(bin, "postgres"),
      ["-D", data, "-h", host, "-p", String(port), "-k", dir, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200"],
      { ...ids, stdio: ["ignore", log ? "inherit" : "ignore", log ? "inherit" : "pipe"] },
    );
    child.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    await waitUntilReady(bin, port, host, 20_000, child);
  };
  try {
    await spawnServer();
  } catch (error) {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${stderr}`);
  }
  const url = `postgres://postgres@${host}:${port}/postgres`;
  /** Fast shutdown (SIGINT: sessions are cut, the data stays); resolves once the server has exited. */
  const shutdown = () =>
    new Promise((resolve) => {
      const running = child;
      if (running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill("SIGINT");
      setTimeout(() => running.kill("SIGKILL"), 5000).unref();
    });
  let stopped;
  const stop = () =>
    (stopped ??= shutdown().then(() => fs.rmSync(dir, { recursive: true, force: true })));
  return { url, port, host, stop, shutdown, start: spawnServer, get process() { return child; } };
}

/** A URL like `url` for another database on the same server. */
export function databaseUrl(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
