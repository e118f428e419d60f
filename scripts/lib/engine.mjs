// The container engine (podman or docker) for the container tests: commands
// with a timeout, the engine's choice, and the image's health check.
import { spawn, spawnSync } from "node:child_process";
import { Failure, waitFor } from "./steps.mjs";

/**
 * podman: build images in docker format, or HEALTHCHECK is dropped; there is
 * no systemd here to schedule health checks, so do not ask for it.
 */
export const ENGINE_ENV = {
  ...process.env,
  BUILDAH_FORMAT: "docker",
  DISABLE_HC_SYSTEMD: "true",
};

/**
 * Runs a command with a timeout (`input`: text for its stdin); resolves with
 * its exit code and output (never rejects on a non-zero exit).
 */
export function run(cmd, args, { timeout = 60_000, onLine, env = ENGINE_ENV, cwd, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, cwd, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    if (input !== undefined) child.stdin.end(input);
    let stdout = "";
    let stderr = "";
    let partial = "";
    const lines = (chunk) => {
      if (!onLine) return;
      partial += chunk;
      const parts = partial.split("\n");
      partial = parts.pop();
      for (const l of parts) onLine(l);
    };
    child.stdout.on("data", (d) => {
      stdout += d;
      lines(String(d));
    });
    child.stderr.on("data", (d) => {
      stderr += d;
      lines(String(d));
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Failure(`timed out after ${timeout / 1000}s: ${cmd} ${args.join(" ")}`));
    }, timeout);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

/** `cmd` with the given arguments; throws with its output when it fails (unless allowFail). */
export async function runChecked(cmd, args, opts = {}) {
  const r = await run(cmd, args, opts);
  if (r.code !== 0 && !opts.allowFail) {
    throw new Failure(`${cmd} ${args.join(" ")} exited ${r.code}: ${(r.stderr || r.stdout).trim().slice(-800)}`);
  }
  return r;
}

/**
 * The engine to use: CONTAINER_ENGINE if set, else docker when a Docker
 * engine answers, else podman. Returns { engine, isPodman, version }.
 */
export async function chooseEngine({ podmanOnly = false } = {}) {
  let engine = process.env.CONTAINER_ENGINE;
  if (!engine) {
    const answers = (cmd, args) => spawnSync(cmd, args, { stdio: "ignore", timeout: 15_000, env: ENGINE_ENV }).status === 0;
    if (!podmanOnly && answers("docker", ["info"])) engine = "docker";
    else if (answers("podman", ["--version"])) engine = "podman";
    else throw new Failure(podmanOnly ? "podman is not installed" : "neither a Docker engine (docker info) nor podman is available");
  }
  const v = await run(engine, ["--version"], { timeout: 15_000 });
  if (v.code !== 0) throw new Failure(`${engine} --version failed: ${v.stderr}`);
  return { engine, isPodman: /podman/i.test(v.stdout), version: v.stdout.trim() };
}

/**
 * Waits until a container's HEALTHCHECK passes. podman without systemd does
 * not schedule checks, so they are run by hand; docker's status is polled.
 */
export async function waitContainerHealthy(engine, isPodman, name, { timeout = 60_000 } = {}) {
  if (isPodman) {
    await waitFor(
      `the HEALTHCHECK of ${name} passes`,
      async () => (await run(engine, ["healthcheck", "run", name], { timeout: 30_000 })).code === 0,
      { timeout, interval: 2000 },
    );
    return "healthcheck run: exit 0";
  }
  const status = await waitFor(
    `docker reports ${name} healthy`,
    async () => {
      const s = (await runChecked(engine, ["inspect", "--format", "{{.State.Health.Status}}", name])).stdout.trim();
      if (s === "unhealthy") throw new Failure(`${name} is unhealthy`);
      return s === "healthy" ? s : null;
    },
    { timeout: timeout * 2, interval: 2000 },
  );
  return `health status: ${status}`;
}

/** Exit status and code of a container. */
export async function containerState(engine, name) {
  const out = (await runChecked(engine, ["inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", name])).stdout.trim();
  const [status, code] = out.split(/\s+/);
  return { status, exitCode: Number(code) };
}

/**
 * Why compose service names would not resolve in podman's networks, or null
 * when they will. podman 4 names them through one of two network backends:
 * CNI needs its dnsname plugin (Debian: golang-github-containernetworking-plugin-dnsname,
 * which Debian's podman does not pull in), netavark needs aardvark-dns.
 * Without it an app container cannot find `postgres` (getaddrinfo ENOTFOUND)
 * and the test would only fail minutes later, at the health check.
 */
export function composeDnsProblem(backend, exists = (p) => spawnSync("test", ["-x", p]).status === 0) {
  if (backend === "cni") {
    const dirs = ["/usr/lib/cni", "/usr/libexec/cni", "/opt/cni/bin", "/usr/local/lib/cni", "/usr/local/libexec/cni"];
    if (dirs.some((d) => exists(`${d}/dnsname`))) return null;
    return `podman uses CNI networks and the CNI dnsname plugin is missing (not in ${dirs.join(", ")}): compose service names would not resolve. Install it: apt-get install golang-github-containernetworking-plugin-dnsname`;
  }
  if (backend === "netavark") {
    const dirs = ["/usr/lib/podman", "/usr/libexec/podman", "/usr/local/lib/podman", "/usr/local/libexec/podman"];
    if (dirs.some((d) => exists(`${d}/aardvark-dns`))) return null;
    return `podman uses netavark networks and aardvark-dns is missing (not in ${dirs.join(", ")}): compose service names would not resolve. Install it: apt-get install aardvark-dns`;
  }
  return `podman's network backend is ${JSON.stringify(backend)}: expected cni (with the dnsname plugin, Debian package golang-github-containernetworking-plugin-dnsname) or netavark (with aardvark-dns)`;
}
