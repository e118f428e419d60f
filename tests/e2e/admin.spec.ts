import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, PASSWORD, query, signUp, test, randomIp, adminReady } from "./fixtures";

/** Signs in as this project's second admin (listed in ADMIN_EMAILS), creating it once. */
async function signInAdmin(page: Page, project: string) {
  const email = `admin2-${project}@e2e.test`;
  if (query("select id from users where email = ?", email).length === 0) {
    await signUp(page, { email }).catch(() => undefined);
  }
  if (!page.url().includes("/dashboard")) {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard/);
  await adminReady(page, email);
  return email;
}

async function seedKit(page: Page, idea: string) {
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Admins, testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  return id;
}

const dbStats = () =>
  query<Record<string, number>>(
    `select count(*) as total, sum(status='draft') as draft, sum(status='generating') as generating,
     sum(status='completed') as completed, sum(status='exported') as exported,
     sum(created_at >= ?) as thisWeek from launch_kits`,
    Date.now() - 7 * 86_400_000,
  )[0]!;

async function pageStats(page: Page) {
  const out: Record<string, number> = {};
  for (const key of ["total", "draft", "generating", "completed", "exported", "thisWeek"]) {
    out[key] = Number(await page.getByTestId(`admin-stat-${key}`).textContent());
  }
  return out;
}

test.describe("admin dashboard", () => {
  test("shows stats matching the database, filters, exports CSV and changes a status", async ({ page, browser }, info) => {
    const ownerContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const owner = await ownerContext.newPage();
    const ownerEmail = await signUp(owner);
    const idea = `Admin visible kit ${Date.now()} for testing`;
    const kitId = await seedKit(owner, idea);
    await ownerContext.close();

    await signInAdmin(page, info.project.name);
    // Other tests create kits concurrently: reload until the page and the database agree.
    await expect
      .poll(async () => {
        await page.goto("/admin");
        const shown = await pageStats(page);
        const db = dbStats();
        return JSON.stringify(shown) === JSON.stringify({ ...db, draft: db.draft ?? 0 }) ? "match" : JSON.stringify({ shown, db });
      }, { timeout: 20_000 })
      .toBe("match");
    const row = page.getByTestId("admin-row").filter({ hasText: idea });
    await expect(row).toContainText(ownerEmail);
    await expect(row).toContainText("Ada Founder");
    await expect(page.getByTestId("showing")).toHaveText(/^Showing \d+ of \d+ total submissions$/);

    await page.getByRole("navigation", { name: "Status filter" }).getByRole("link", { name: "Completed" }).click();
    await expect(page).toHaveURL(/\?status=completed/);
    const badges = page.getByTestId("admin-row").locator("[data-tone]");
    for (const text of await badges.allTextContents()) expect(text).toBe("completed");
    await expect(page.getByTestId("showing")).toContainText("total submissions");

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`launch-kits-${new Date().toISOString().slice(0, 10)}.csv`);
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,User Email,Business Idea,Target Audience,Geography,Tone,Competitors,Primary Goal,Brand Vibe,Status,Created At,Updated At");
    const line = lines.find((l) => l.startsWith(`"${kitId}"`))!;
    expect(line).toContain(`"${ownerEmail}","${idea}","Admins, testers","","technical","","downloads","corporate","completed"`);
    for (const l of lines.slice(1)) expect(l).toMatch(/"completed","[^"]+","[^"]+"$/);

    // Change the status: the stats follow.
    await page.goto("/admin");
    const target = page.getByTestId("admin-row").filter({ hasText: idea });
    if (info.project.name === "js") {
      // Browsing the options with the keyboard changes nothing until Update.
      await target.getByLabel("Status").focus();
      await page.keyboard.press("ArrowDown");
      await page.waitForTimeout(500);
      expect(query("select status from launch_kits where id = ?", kitId)).toEqual([{ status: "completed" }]);
    }
    await target.getByLabel("Status").selectOption("exported");
    await target.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Status changed to exported.")).toBeVisible();
    expect(query("select status from launch_kits where id = ?", kitId)).toEqual([{ status: "exported" }]);
    await page.goto("/admin");
    const db = dbStats();
    expect(Number(await page.getByTestId("admin-stat-exported").textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await page.getByTestId("admin-stat-exported").textContent())).toBe(db.exported);
  });

  test("a plain user gets 403 and an anonymous visitor is sent to sign in, on every admin route", async ({ page, playwright, baseURL }) => {
    await signUp(page);
    const routes = ["/admin", "/admin/messages", "/admin/users", "/admin/export.csv"];
    const matrix: string[] = [];
    for (const path of routes) {
      const asUser = await page.request.get(path, { maxRedirects: 0 });
      const asUserPost = await page.request.post(path, { form: { intent: "delete", kitId: "x", id: "x", role: "admin", userId: "x" }, maxRedirects: 0 });
      expect(asUser.status(), path).toBe(403);
      expect(asUserPost.status(), `POST ${path}`).toBe(403);
      const anon = await playwright.request.newContext({ baseURL });
      const asAnon = await anon.get(path, { maxRedirects: 0 });
      const asAnonPost = await anon.post(path, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(asAnon.status(), path).toBe(302);
      expect(asAnon.headers().location).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
      expect(asAnonPost.status(), `POST ${path}`).toBe(302);
      await anon.dispose();
      matrix.push(`${path.padEnd(20)} user GET ${asUser.status()} POST ${asUserPost.status()} | anonymous GET ${asAnon.status()} POST ${asAnonPost.status()}`);
    }
    console.log(`admin access matrix:\n${matrix.join("\n")}`);
  });

  test("a page past the end goes to the last page; a page that is not a whole number is the first", async ({ page }, info) => {
    await signInAdmin(page, info.project.name);
    await seedKit(page, `Paging check ${Date.now()}`);
    await page.goto("/admin?page=99999");
    const total = query<{ n: number }>("select count(*) as n from launch_kits")[0]!.n;
    const last = Math.ceil(total / 50);
    await expect(page).toHaveURL(last === 1 ? /\/admin$/ : new RegExp(`/admin\\?page=${last}$`));
    await expect(page.getByTestId("showing")).toHaveText(/^Showing [1-9]\d* of \d+ total submissions$/);
    await page.goto("/admin?page=1.5");
    await expect(page.getByTestId("showing")).toHaveText(/^Showing [1-9]\d* of \d+ total submissions$/);
    await expect(page.getByRole("link", { name: "← Newer" })).toHaveCount(0);
  });

  test("the admin pages never scroll sideways, on a phone or a laptop", async ({ page }, info) => {
    await signInAdmin(page, info.project.name);
    await seedKit(page, `Wide table check ${Date.now()}`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/admin", "/admin/messages", "/admin/users"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      if (width >= 1280) {
        // On a laptop the whole submissions table fits: every row's actions are in view.
        await page.goto("/admin");
        await expect(page.getByTestId("admin-row").first().getByRole("button", { name: "Delete" })).toBeInViewport();
      }
    }
  });

  test("the inbox lists contact messages and the users page lists accounts", async ({ page }, info) => {
    await signInAdmin(page, info.project.name);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    const count = Number(await page.getByTestId("subscriber-count").textContent());
    expect(count).toBe(query<{ n: number }>("select count(*) as n from newsletter_subscribers")[0]!.n);
    await page.goto("/admin/users");
    await expect(page.getByTestId("user-row").filter({ hasText: `admin2-${info.project.name}@e2e.test` })).toContainText("admin");
  });

  test("marks a contact message handled and grants then revokes the admin role", async ({ page, browser }, info) => {
    const visitor = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.9` } });
    const tag = `inbox${Date.now()}`;
    const sent = await visitor.request.post("/contact", {
      form: { name: "Inbox Tester", email: `${tag}@example.com`, topic: "Feature request", message: `Please add dark mode ${tag}` },
    });
    expect(sent.status()).toBeLessThan(400);
    const member = await visitor.newPage();
    const memberEmail = await signUp(member);
    const doomed = `Doomed kit ${tag}`;
    const doomedId = await seedKit(member, doomed);
    await visitor.close();

    await signInAdmin(page, info.project.name);
    await page.goto("/admin/messages");
    const message = page.getByTestId("message").filter({ hasText: tag });
    await expect(message).toContainText("Feature request");
    await message.getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText("Marked as handled.")).toBeVisible();
    await expect(page.getByTestId("message").filter({ hasText: tag }).getByRole("button", { name: "Reopen" })).toBeVisible();
    expect(query("select handled from contact_messages where message like ?", `%${tag}%`)).toEqual([{ handled: 1 }]);

    // Delete a kit from the table (with JS a confirm dialog asks first).
    page.once("dialog", (dialog) => void dialog.accept());
    await page.goto("/admin");
    await page.getByTestId("admin-row").filter({ hasText: doomed }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Kit deleted.")).toBeVisible();
    expect(query("select id from launch_kits where id = ?", doomedId)).toHaveLength(0);

    await page.goto("/admin/users");
    const row = page.getByTestId("user-row").filter({ hasText: memberEmail });
    await row.getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByText("Admin role granted.")).toBeVisible();
    expect(query("select role from users where email = ?", memberEmail)).toEqual([{ role: "admin" }]);
    await page.getByTestId("user-row").filter({ hasText: memberEmail }).getByRole("button", { name: "Revoke admin" }).click();
    await expect(page.getByText("Admin role revoked.")).toBeVisible();
    expect(query("select role from users where email = ?", memberEmail)).toEqual([{ role: "user" }]);
  });
});
