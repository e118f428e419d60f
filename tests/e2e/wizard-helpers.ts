import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { randomIp } from "./fixtures";

/** A unique idea, so this test's requests to the fake OpenAI server can be told apart. */
export function uniqueIdea() {
  const tag = `zq${crypto.randomBytes(4).toString("hex")}`;
  return { tag, idea: `Mobile dog grooming ${tag} van for busy pet owners` };
}

export async function fillStep1(page: Page, idea: string) {
  await page.getByLabel("Business idea").fill(idea);
  await page.getByLabel("Target audience").fill("Busy professionals, new parents");
  await page.getByLabel("Geography (optional)").fill("Austin, Texas");
}

/** A visitor: a new browser context, no cookies, JavaScript as the project says. */
export async function visitor(browser: Browser, noJs: boolean, width = 1280) {
  const context = await browser.newContext({ javaScriptEnabled: !noJs, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  return context.newPage();
}
