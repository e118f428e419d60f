import crypto from "node:crypto";
import { expect, hydrated, signUp, test } from "./fixtures";

test.describe("foundation", () => {
  test("serves the home page with navbar and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/LaunchKit/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("launch kit in minutes");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} LaunchKit`);
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
    const body = await res.text();
    expect(body.split("\n")[0]).toBe("ok");
    expect(body).toContain("database: sqlite ok");
    expect(body).toMatch(/queue: workers running, \d+ job\(s\) running here/);
  });

  test("sends an enforced CSP that allows exactly the page's own inline scripts, and the page still hydrates", async ({ page }, info) => {
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.match(/script-src ([^;]*)/)![1]!;
    expect(scriptSrc).not.toMatch(/unsafe|nonce/);
    expect(response?.headers()["x-frame-options"]).toBe("DENY");
    // Every inline script of the document is listed by its hash, and nothing else is.
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map((s) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`);
    expect(scriptSrc.split(" ").filter((t) => t.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
    expect(html).not.toContain("nonce=");
    if (info.project.name === "js") {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.reload();
      await page.waitForLoadState("networkidle");
      // A cached page starts React on the visitor's first move, not during load (decision 015).
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await hydrated(page);
      // No CSP refusal and no hydration error: the scripts start after the first paint with the same modules.
      expect(errors).toEqual([]);
    }
  });

  test("a signed-in page gets its own script hashes and still hydrates", async ({ page }, info) => {
    await signUp(page);
    const response = await page.goto("/dashboard");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(response?.headers()["x-page-cache"]).toBeUndefined();
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  });
});

test.describe("anonymous page cache", () => {
  test("serves cached marketing HTML, and never to a signed-in user", async ({ request, page }) => {
    await request.get("/pricing");
    await expect.poll(async () => (await request.get("/pricing")).headers()["x-page-cache"]).toBe("hit");
    const a = await request.get("/pricing");
    const b = await request.get("/pricing");
    expect(a.headers()["content-security-policy"]).toBe(b.headers()["content-security-policy"]);
    expect(await a.text()).toBe(await b.text());
    expect(a.headers()["vary"]).toBe("Accept-Encoding, Cookie");

    // A signed-in visitor gets a fresh render with their own navbar.
    await signUp(page);
    const signedIn = await page.goto("/pricing");
    expect(signedIn?.headers()["x-page-cache"]).toBeUndefined();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible();
    // ...and that render is not what the next anonymous visitor gets.
    const after = await request.get("/pricing", { headers: { Cookie: "" } });
    expect(await after.text()).not.toContain("Sign out");
  });
});
