// Screenshots of the kit workspace for a person to look at (and for docs/features.md):
// starts the production build with the builtin generator on a fresh database,
// signs up, generates a kit, and captures its sections at 1280 and 375 px.
// Usage: node scripts/screenshots.mjs [outDir] [section...]
import path from "node:path";
import { chromium } from "@playwright/test";
import { PASSWORD, startServer, stopServer, tempDir } from "./bench/support.mjs";

const out = path.resolve(process.argv[2] ?? "docs/screenshots");
const sections = process.argv.slice(3).length ? process.argv.slice(3) : ["", "brand", "logo"];
const server = await startServer(path.join(tempDir("launchkit-shots-"), "shots.db"));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.origin}/signup`);
  await page.getByLabel("Full name").fill("Ada Founder");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/dashboard/);
  const answers = { idea: "Mobile dog grooming van for busy pet owners in the suburbs", audience: "Busy professionals, new parents", tone: "friendly", goal: "book calls", vibe: "cozy", competitors: "Rover, local salons" };
  await page.goto(`${server.origin}/wizard?step=3&${new URLSearchParams(answers)}`);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Generate prompt" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  const href = await page.getByTestId("kit-card").first().locator("a").getAttribute("href");
  // Let the background assets finish.
  for (let i = 0; i < 60; i++) {
    await page.goto(`${server.origin}${href}`);
    if (!(await page.getByRole("status").filter({ hasText: "still being generated" }).count())) break;
    await page.waitForTimeout(1000);
  }
  await page.goto(`${server.origin}/dashboard`);
  await page.screenshot({ path: path.join(out, "dashboard-1280.png"), fullPage: true });
  for (const section of sections) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.origin}${href}${section ? `/${section}` : ""}`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: path.join(out, `workspace-${section || "overview"}-${width}.png`), fullPage: process.env.FULL_PAGE !== "0" });
    }
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await stopServer(server);
}
