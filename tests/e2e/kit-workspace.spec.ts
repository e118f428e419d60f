import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, grantPlan, hydrated, isNoJs, query, signUp, test, randomIp } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/** The PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("the kit workspace", () => {
  test("generate a kit, see its brand and logo lockups, edit the brand, download logo files, regenerate the mark", async ({ page }) => {
    test.setTimeout(90_000);
    const noJs = isNoJs(test.info().project.name);
    const { idea } = uniqueIdea();
    // Downloads come with a paid plan (the free preview is tested in plans.spec.ts).
    grantPlan(await signUp(page), "starter");
    await page.goto("/wizard?step=3&" + new URLSearchParams({ idea, audience: "Busy professionals", tone: "friendly", goal: "book calls", vibe: "cozy" }));
    if (!noJs) await hydrated(page);
    await page.getByRole("button", { name: "Generate prompt" }).click();
    await expect.poll(() => query<{ id: string }>("select id from launch_kits where business_idea = ?", idea).length).toBe(1);
    const id = query<{ id: string }>("select id from launch_kits where business_idea = ?", idea)[0]!.id;
    await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]!.status, { timeout: 30_000 }).toBe("completed");

    // The dashboard's card shows the logo thumbnail and the brand's name.
    await page.goto("/dashboard");
    const card = page.locator(`[data-kit-id="${id}"]`);
    await expect(card.getByRole("heading", { name: "Groomwell" })).toBeVisible();
    const thumb = card.getByTestId("kit-thumbnail");
    await expect(thumb).toHaveAttribute("src", new RegExp(`/dashboard/kits/${id}/logo/mark.svg\\?v=`));
    expect((await page.request.get((await thumb.getAttribute("src"))!)).headers()["content-type"]).toBe("image/svg+xml");

    // The overview lists the kit's contents; each section has its own URL, reachable by keyboard.
    await page.goto(`/dashboard/kits/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Groomwell");
    const nav = page.getByRole("navigation", { name: "Kit sections" });
    await expect(nav.getByRole("link", { name: "Brand" })).toBeVisible();
    // What grows the business from the page has a row of its own: every tab shows at 1280 px, none scrolled away.
    const grow = nav.getByRole("list", { name: "Grow" });
    for (const name of ["Analytics", "E-mail", "Waitlist", "Competitors", "This month", "Strategy review"]) await expect(grow.getByRole("link", { name, exact: true })).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Export", exact: true })).toBeInViewport();
    if (process.env.SHELL_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHELL_SHOTS_DIR}/workspace-tabs-1280-${test.info().project.name}.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${process.env.SHELL_SHOTS_DIR}/workspace-tabs-375-${test.info().project.name}.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await nav.getByRole("link", { name: "Brand" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/dashboard/kits/${id}/brand$`));

    // The brand: name, palette with hex/RGB/contrast, and the adjustment the server made.
    await expect(page.getByTestId("brand-name")).toHaveText("Groomwell");
    await expect(page.getByTestId("hex-primary")).toHaveText("#4F46E5");
    await expect(page.getByTestId("palette-adjustments")).toContainText("4.5:1");
    await expect(page.getByText("Text on background:")).toBeVisible();

    // The logo lockups, on light and dark.
    await page.goto(`/dashboard/kits/${id}/logo`);
    for (const lockup of ["logo-horizontal", "logo-stacked", "mark"]) {
      for (const theme of ["light", "dark"]) await expect(page.getByTestId(`lockup-${lockup}-${theme}`)).toBeVisible();
    }
    const svgBefore = await (await page.request.get(`/dashboard/kits/${id}/logo/logo-horizontal.svg`)).text();
    expect(svgBefore).toContain("#4F46E5");
    expect(svgBefore).not.toMatch(/<text|<script/);
    const srcBefore = await page.getByTestId("lockup-logo-horizontal-light").getAttribute("src");

    // Change the primary colour and the heading font: the logo files follow, without the AI.
    const requestsBefore = query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind = 'brand'", id)[0]!.n;
    await page.goto(`/dashboard/kits/${id}/brand`);
    await page.getByLabel("primary colour").fill("#0f766e");
    await page.getByLabel("Heading font").selectOption("playfair-display");
    if (!noJs) await expect(page.getByTestId("brand-preview")).toHaveAttribute("style", /background/);
    await page.getByRole("button", { name: "Save brand" }).click();
    await expect(page.getByText("Brand saved.")).toBeVisible();
    await expect(page.getByTestId("hex-primary")).toHaveText("#0F766E");
    expect(query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind = 'brand'", id)[0]!.n).toBe(requestsBefore);

    await page.goto(`/dashboard/kits/${id}/logo`);
    const srcAfter = await page.getByTestId("lockup-logo-horizontal-light").getAttribute("src");
    expect(srcAfter).not.toBe(srcBefore);
    const svgAfter = await (await page.request.get(srcAfter!)).text();
    expect(svgAfter).toContain("#0F766E");
    expect(svgAfter).not.toBe(svgBefore);

    // Downloads: the SVG and a PNG of the asked size.
    const svgLink = page.getByRole("link", { name: "logo-horizontal.svg", exact: true });
    const svgResponse = await page.request.get((await svgLink.getAttribute("href"))!);
    expect(svgResponse.headers()["content-type"]).toBe("image/svg+xml");
    expect(svgResponse.headers()["content-disposition"]).toMatch(/attachment; filename="logo-horizontal.svg"/);
    const pngHref = await page.getByRole("link", { name: "logo-horizontal-512.png", exact: true }).getAttribute("href");
    const png = await page.request.get(pngHref!);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(Buffer.from(await png.body())).width).toBe(512);
    const icon = await page.request.get((await page.getByRole("link", { name: "apple-touch-icon.png" }).getAttribute("href"))!);
    expect(pngSize(Buffer.from(await icon.body()))).toEqual({ width: 180, height: 180 });
    if (!noJs) {
      const download = page.waitForEvent("download");
      await svgLink.click();
      expect((await download).suggestedFilename()).toBe("logo-horizontal.svg");
    }

    // Pick another mark, then regenerate the marks.
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Use this mark" }).click();
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    const version = () => query<{ version: number }>("select version from kit_assets where kit_id = ? and kind = 'logo'", id)[0]!.version;
    const before = version();
    await page.getByRole("button", { name: "Regenerate marks" }).click();
    await expect.poll(version, { timeout: 20_000 }).toBe(before + 1);
    await expect(page.getByRole("button", { name: "Regenerate marks" })).toBeEnabled({ timeout: 20_000 });
  });

  test("another user's workspace, sections and files are 404", async ({ page, browser }) => {
    const { idea } = uniqueIdea();
    await signUp(page);
    await page.goto("/wizard?step=3&" + new URLSearchParams({ idea, audience: "Founders", tone: "bold", goal: "waitlist", vibe: "playful" }));
    if (!isNoJs(test.info().project.name)) await hydrated(page);
    await page.getByRole("button", { name: "Generate prompt" }).click();
    await expect.poll(() => query<{ status: string }>("select status from launch_kits where business_idea = ?", idea)[0]?.status, { timeout: 30_000 }).toBe("completed");
    const id = query<{ id: string }>("select id from launch_kits where business_idea = ?", idea)[0]!.id;
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const otherPage = await other.newPage();
    await signUp(otherPage);
    for (const path of ["brand", "logo", "logo/mark.svg", "logo/logo-horizontal-512.png", "logo/favicon.ico"]) {
      const res = await otherPage.request.get(`/dashboard/kits/${id}/${path}`);
      expect(res.status(), path).toBe(404);
    }
    const post = await otherPage.request.post(`/dashboard/kits/${id}/brand`, { form: { intent: "regenerate" }, headers: { Origin: new URL(page.url()).origin } });
    expect(post.status()).toBe(404);
    await other.close();
  });
});

test("a kit made before brands opens as before and gets a brand and a vector logo on request", async ({ page }) => {
  test.setTimeout(60_000);
  const email = await signUp(page);
  const userId = query<{ id: string }>("select id from users where email = ?", email)[0]!.id;
  const id = crypto.randomUUID();
  // What phase 1 left: a completed kit with a prompt and no asset rows.
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"));
  db.prepare(
    "insert into launch_kits (id, user_id, status, business_idea, target_audience, tone, primary_goal, brand_vibe, generation_progress, generated_prompt) values (?, ?, 'completed', ?, 'Founders', 'bold', 'waitlist', 'playful', 100, 'My edited prompt from last year')",
  ).run(id, userId, "An old kit from before brands");
  db.close();
  await page.goto(`/dashboard/kits/${id}`);
  await expect(page.getByTestId("kit-prompt")).toHaveText("My edited prompt from last year");
  await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Brand" })).toHaveCount(0);
  await page.getByRole("button", { name: "Generate brand" }).click();
  await expect.poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind in ('brand', 'logo') and status = 'ready'", id)[0]!.n, { timeout: 30_000 }).toBe(2);
  await page.goto(`/dashboard/kits/${id}`);
  await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Logo" })).toBeVisible();
  await expect(page.getByTestId("kit-prompt")).toHaveText("My edited prompt from last year");
});
