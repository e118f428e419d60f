import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** Asks the OS for a free loopback port (synchronously: the config is not async). */
function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
}

// Set once in the runner process; workers inherit these through the environment.
process.env.E2E_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-e2e-"));
process.env.E2E_PORT ??= freePort();
process.env.E2E_FAKE_OPENAI_PORT ??= freePort();
process.env.E2E_FAKE_STRIPE_PORT ??= freePort();
process.env.E2E_PROVIDER ??= "openai";

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    // Every spec runs in both projects, except files about one mode only:
    // *.js-only.spec.ts (JS enhancements), *.no-js.spec.ts (the no-JS fallbacks) and
    // *.api.spec.ts (plain HTTP, no browser: run once, in the js project).
    { name: "js", testIgnore: /\.no-js\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: /\.(js-only|api)\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/support/e2e-stack.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
