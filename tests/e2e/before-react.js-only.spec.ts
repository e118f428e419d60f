import type { Page } from "@playwright/test";
import { expect, PASSWORD, test, uniqueEmail } from "./fixtures";

/**
 * Pages from the page cache start React only on the visitor's first move
 * (decision 015): whatever the visitor does before it is ready must work as
 * it does without JavaScript, and nothing typed may be lost when React takes over.
 */

/** Holds back every script of the app until `release()`. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function fillSignup(page: Page, name: string, email: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
}

test("a visitor who signs up before any script has arrived is signed up: the form posts as it does without JavaScript", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/signup");
  const email = uniqueEmail("early");
  await fillSignup(page, "Early Bird", email);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(0);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  scripts.release(); // (a page with scripts still pending never fires "load")
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Early Bird");
});

test("what a visitor typed before React started is still there after it starts, and is what the form sends", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/signup");
  const email = uniqueEmail("typed-early");
  // Typing is the first move (focus, keys): React is asked to start, but its scripts are held back.
  await page.getByLabel("Full name").fill("Typed Before React");
  await page.getByLabel("Email").fill(email);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(0);
  scripts.release();
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await expect(page.getByLabel("Full name")).toHaveValue("Typed Before React");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Typed Before React");
});
