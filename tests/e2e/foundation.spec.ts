import { expect, signUp, test } from "./fixtures";

test.describe("foundation", () => {
  test("serves the home page with navbar and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/LaunchKit/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("launch kit in minutes");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025 LaunchKit");
  });

  test("answers unknown paths with a 404 page", async ({ page }) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  test("reports health", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe("ok");
  });

  test("sends an enforced CSP with a nonce and the page still hydrates", async ({ page }, info) => {
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(response?.headers()["x-frame-options"]).toBe("DENY");
    if (info.project.name === "js") {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    }
  });
});

test.describe("anonymous page cache", () => {
  test("serves cached marketing HTML with a fresh nonce every time, and never to a signed-in user", async ({ request, page }) => {
    await request.get("/pricing");
    const a = await request.get("/pricing");
    const b = await request.get("/pricing");
    expect(a.headers()["x-page-cache"]).toBe("hit");
    const nonceA = a.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1]!;
    const nonceB = b.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1]!;
    expect(nonceA).not.toBe(nonceB);
    const html = await b.text();
    expect(html).toContain(`nonce="${nonceB}"`);
    expect(html).not.toContain(nonceA);
    expect(html).not.toContain("__LAUNCHKIT_NONCE__");

    // A signed-in visitor gets a fresh render with their own navbar.
    await signUp(page);
    const signedIn = await page.goto("/pricing");
    expect(signedIn?.headers()["x-page-cache"]).toBeUndefined();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible();
  });
});
