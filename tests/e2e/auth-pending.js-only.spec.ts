import type { Page } from "@playwright/test";
import { expect, hydrated, PASSWORD, signUp, test, uniqueEmail, randomIp } from "./fixtures";

/** Holds the matching POSTs back for a moment, so the pending state can be seen. */
async function slowPosts(page: Page, path: string) {
  await page.route(`**${path}*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
}

test.describe("pending states", () => {
  test("sign-up shows 'Creating account...' on a disabled button", async ({ page }) => {
    await slowPosts(page, "/signup");
    await page.goto("/signup");
    await hydrated(page);
    await page.getByLabel("Full name").fill("Pending Person");
    await page.getByLabel("Email").fill(uniqueEmail("pending"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    const pending = page.getByRole("button", { name: "Creating account..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("sign-in shows 'Signing in...' and the password can be shown", async ({ page, browser }) => {
    const email = uniqueEmail();
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    await signUp(await other.newPage(), { email });
    await other.close();
    await slowPosts(page, "/signin");
    await page.goto("/signin");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill(PASSWORD);
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const pending = page.getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the reset dialog goes idle → 'Sending...' → sent", async ({ page }) => {
    await slowPosts(page, "/forgot-password");
    await page.goto("/signin");
    await hydrated(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.getByLabel("Email").fill(uniqueEmail("reset"));
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(dialog.getByText(/If an account exists for that email/)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
