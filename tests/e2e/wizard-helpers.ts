import crypto from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { query, randomIp } from "./fixtures";

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

/**
 * A kit made by posting the wizard's fields (the signed-in page's session), once its landing
 * page is ready. `fields` override the defaults; `idea` may use the returned tag.
 */
export async function kitWithLanding(page: Page, fields: Record<string, string> & { idea?: string } = {}, idea?: (tag: string) => string) {
  const { tag, idea: defaultIdea } = uniqueIdea();
  const form = { idea: idea ? idea(tag) : defaultIdea, audience: "Busy professionals", geography: "Austin, Texas", tone: "friendly", competitors: "", goal: "collect emails", vibe: "cozy", intent: "generate", step: "2", ...fields };
  const res = await page.request.post("/wizard", { form });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 })
    .toBe("ready");
  return { id, tag };
}
