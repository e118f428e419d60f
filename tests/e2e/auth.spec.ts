import { decodeMail } from "../support/smtp-sink.mjs";
import { expect, hydrated, isNoJs, mailsTo, PASSWORD, query, signUp, test, uniqueEmail, randomIp, confirmationLink } from "./fixtures";

const PASSWORD_RULE = "Password must be at least 8 characters with uppercase, lowercase, and number";

async function signOut(page: import("@playwright/test").Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" })).toBeVisible();
}

async function signIn(page: import("@playwright/test").Page, email: string, password: string, remember = false) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("sign up", () => {
  test("shows every validation message, keeps entered values, then creates the account", async ({ page }, info) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of [
      "Name is required",
      "Email is required",
      PASSWORD_RULE,
      "Please confirm your password",
      "You must accept the terms and conditions",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await page.getByLabel("Full name").fill("  Grace Hopper  ");
    await page.getByLabel("Email").fill("grace@");
    await page.getByLabel("Password", { exact: true }).fill("Weakpass");
    await page.getByLabel("Confirm password").fill("Different1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
    if (isNoJs(info.project.name)) {
      // The server re-renders the form with the values, never the passwords.
      await expect(page.getByLabel("Full name")).toHaveValue("  Grace Hopper  ");
      await expect(page.getByLabel("Email")).toHaveValue("grace@");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    } else {
      // With JS a field's error clears as soon as that field is edited.
      await page.getByLabel("Email").fill("grace@x");
      await expect(page.getByText("Please enter a valid email address")).toBeHidden();
    }

    const email = uniqueEmail("Grace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("Launch2025?");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Grace");

    const rows = query<{ name: string; role: string }>("select name, role from users where email = ?", email.toLowerCase());
    expect(rows).toEqual([{ name: "Grace Hopper", role: "user" }]);
  });

  test("refuses an e-mail that already has an account", async ({ page, context }) => {
    const email = await signUp(page);
    await context.clearCookies();
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Someone Else");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this email already exists. Try signing in instead.")).toBeVisible();
    expect(query("select id from users where email = ?", email)).toHaveLength(1);
  });
});

test.describe("sign in and out", () => {
  test("signs out with a POST and the dashboard is guarded again", async ({ page }) => {
    await signUp(page);
    await signOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard/);
  });

  test("without remember me the cookie ends with the browser; with it, it lasts 30 days", async ({ page, context }) => {
    const email = await signUp(page);
    await signOut(page);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    let cookie = (await context.cookies()).find((c) => c.name === "launchkit_session");
    expect(cookie?.expires).toBe(-1);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await signOut(page);

    await signIn(page, email, PASSWORD, true);
    await expect(page).toHaveURL(/\/dashboard$/);
    cookie = (await context.cookies()).find((c) => c.name === "launchkit_session");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.5);
    expect(days).toBeLessThan(30.5);
  });

  test("validates the form and gives one message for a wrong password or unknown e-mail", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Email").fill("bad@");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    const email = await signUp(page);
    await signOut(page);
    const invalid = "Invalid email or password. If you don't have an account yet, please sign up first.";
    await signIn(page, email, "Wrong-password1");
    await expect(page.getByText(invalid)).toBeVisible();
    await signIn(page, uniqueEmail("nobody"), "Wrong-password1");
    await expect(page.getByText(invalid)).toBeVisible();
  });

  test("throttles after 5 failed attempts for one e-mail from one address, not the owner at another", async ({ page, browser }) => {
    const email = await signUp(page);
    await signOut(page);
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `Wrong-password${i}`);
      await expect(page.getByText(/Invalid email or password/)).toBeVisible();
    }
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/signin"));
    await signIn(page, email, PASSWORD);
    expect((await response).status()).toBe(429);
    await expect(page.getByText("Too many sign-in attempts. Please wait a moment and try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);

    // Someone else's failures do not lock the owner out: from another address the right password works.
    const owner = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, email, PASSWORD);
    await expect(ownerPage).toHaveURL(/\/dashboard/);
    await owner.close();
  });
});

test.describe("password reset", () => {
  test("e-mails a single-use link that sets a new password and ends other sessions", async ({ page, browser }, info) => {
    const email = await signUp(page);
    const otherDevice = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const other = await otherDevice.newPage();
    await signIn(other, email, PASSWORD);
    await expect(other).toHaveURL(/\/dashboard/);
    await signOut(page);

    await page.goto("/signin");
    if (!isNoJs(info.project.name)) await hydrated(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    if (isNoJs(info.project.name)) await expect(page).toHaveURL(/\/forgot-password$/);
    else await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").last().fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/If an account exists for that email, we've sent a link/)).toBeVisible();

    const resets = () => mailsTo(email).filter((m) => decodeMail(m.raw).includes("/reset-password?token="));
    await expect.poll(() => resets().length).toBe(1);
    const body = decodeMail(resets()[0]!.raw);
    const link = body.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/)![0];
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);

    await page.goto(link);
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
    await page.getByLabel("New password").fill("Brand-New-2026");
    await page.getByLabel("Confirm password").fill("Brand-New-2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The other device's session was ended.
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/signin/);
    await otherDevice.close();

    await page.goto(link);
    await expect(page.getByText("This password reset link has already been used.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();

    await signOut(page).catch(() => undefined);
    await page.context().clearCookies();
    await signIn(page, email, "Brand-New-2026");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("answers the same for an unknown e-mail and sends nothing", async ({ page }) => {
    const email = uniqueEmail("ghost");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/If an account exists for that email, we've sent a link/)).toBeVisible();
    await page.waitForTimeout(300);
    expect(mailsTo(email)).toHaveLength(0);
  });

  test("an invalid token shows a clear message and a way to ask again", async ({ page }) => {
    const response = await page.goto("/reset-password?token=forged");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("This password reset link is invalid.")).toBeVisible();
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe("guards and roles", () => {
  test("an anonymous visitor is sent to sign in and comes back to where they were going", async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    await page.goto("/dashboard?page=1");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fdashboard%3Fpage%3D1");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard\?page=1$/);
  });

  test("a session that ended while a page was open: the next link goes to sign in and back to that page", async ({ page, context }, info) => {
    await signUp(page);
    if (!isNoJs(info.project.name)) await hydrated(page);
    // The session ends (signed out elsewhere, expired): with JavaScript the next click is a
    // client-side navigation, whose data request React Router names /account.data.
    await context.clearCookies();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL("/signin?redirectTo=%2Faccount");
  });

  test("redirectTo never leaves the site", async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    await page.goto("/signin?redirectTo=//evil.example/steal");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a plain user gets 403 on /admin; an anonymous visitor is sent to sign in", async ({ page, context }) => {
    await signUp(page);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await context.clearCookies();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin/);
  });

  test("an e-mail listed in ADMIN_EMAILS becomes admin once confirmed, and reaches /admin", async ({ page }, info) => {
    const email = `admin-${info.project.name}@e2e.test`;
    await signUp(page, { email, confirm: false });
    // Signing up with a listed address proves nothing: no admin role until the address is confirmed.
    expect(query("select role from users where email = ?", email)).toEqual([{ role: "user" }]);
    expect((await page.goto("/admin"))!.status()).toBe(403);
    await page.goto(await confirmationLink(email));
    await page.getByRole("button", { name: "Yes, confirm my e-mail address" }).click();
    await expect(page.getByRole("heading", { name: "E-mail address confirmed" })).toBeVisible();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
    expect(query("select role from users where email = ?", email)).toEqual([{ role: "admin" }]);
  });
});
