import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, fakeStripe, isNoJs, PASSWORD, query, signUp, test, randomIp } from "./fixtures";

/**
 * Plans and payments, JavaScript on and off, against the fake Stripe of the
 * e2e stack (its checkout page pays and posts the signed webhook, as Stripe
 * would): the free preview's watermarks and refused downloads, pricing →
 * sign in → checkout → webhook → account → download, Pro's customer portal,
 * and an admin's override.
 */

const FAKE_STRIPE = () => `http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT}`;

async function seedKit(page: Page) {
  const idea = `Plans test bakery ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Neighbours, office workers", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind = 'logo' and status = 'ready'", id)[0]?.n, { timeout: 30_000 })
    .toBe(1);
  return id;
}

async function signOut(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).first().click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" }).first()).toBeAttached();
}

test.describe("plans and payments", () => {
  test("free preview: watermarked logos, refused downloads and ZIP; pricing → sign in → Stripe Checkout → webhook → Starter → the downloads and the ZIP work", async ({ page }) => {
    test.setTimeout(120_000);
    const email = await signUp(page);
    const kitId = await seedKit(page);

    // Free: the section says the files are previews; the plan bar counts regenerations.
    await page.goto(`/dashboard/kits/${kitId}/logo`);
    await expect(page.getByTestId("plan-bar")).toContainText("Free preview");
    await expect(page.getByTestId("regenerations-left")).toContainText("5 of 5");
    await expect(page.getByTestId("preview-note")).toContainText("watermarked previews");
    const preview = await page.request.get(`/dashboard/kits/${kitId}/logo/logo-horizontal.svg`);
    expect(await preview.text()).toContain('data-watermark="preview"');
    const freePng = Buffer.from(await (await page.request.get(`/dashboard/kits/${kitId}/logo/logo-horizontal-512.png`)).body());

    // A download link leads to the refusal page (403) that links to the plans.
    await page.getByRole("link", { name: "logo-horizontal-512.png", exact: true }).click();
    await expect(page).toHaveURL(/\/upgrade\?need=download/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Downloads come with a paid plan");
    const refused = await page.request.get(`/dashboard/kits/${kitId}/logo/logo-horizontal-512.png?download=1`, { maxRedirects: 0 });
    expect(refused.status()).toBe(303);
    expect((await page.request.get(refused.headers()["location"]!)).status()).toBe(403);
    await page.getByRole("link", { name: "Compare plans" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    // So is the ZIP.
    await page.goto(`/dashboard/kits/${kitId}/export`);
    await page.getByTestId("download-zip").click();
    await expect(page).toHaveURL(/\/upgrade\?need=export/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The ZIP export comes with a paid plan");

    // Signed out, the pricing button sends the visitor to sign in first, then back to this plan's checkout.
    await signOut(page);
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Starter" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcheckout%3Fplan%3Dstarter/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=starter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Starter");

    // The POST form answers with a 303 to Stripe Checkout (here the fake).
    await page.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE()}/checkout/cs_test_`));
    const sessionId = new URL(page.url()).pathname.split("/").pop();
    await expect(page.getByTestId("amount")).toHaveText("$39.00");
    // Stripe takes the payment, posts the signed webhook and sends the founder back.
    await page.getByRole("button", { name: "Pay $39.00" }).click();
    await expect(page).toHaveURL(/\/account\?checkout=success/);
    await expect(page.getByTestId("account-plan")).toHaveText("Starter");
    await expect(page.getByRole("status")).toContainText("Starter is active");
    const state = await fakeStripe("state");
    // This checkout's delivery: the other worker's tests share the fake Stripe.
    expect(state.deliveries.find((d: { object: string }) => d.object === sessionId)).toMatchObject({ type: "checkout.session.completed", status: 200, body: "ok" });
    expect(query<{ plan: string }>("select plan from users where email = ?", email)[0]!.plan).toBe("starter");

    // Paid: no watermark, the download works, and it is not the preview's bytes.
    await page.goto(`/dashboard/kits/${kitId}/logo`);
    await expect(page.getByTestId("plan-bar")).toContainText("Starter");
    await expect(page.getByTestId("preview-note")).toHaveCount(0);
    const href = (await page.getByRole("link", { name: "logo-horizontal-512.png", exact: true }).getAttribute("href"))!;
    const paid = await page.request.get(href);
    expect(paid.status()).toBe(200);
    expect(paid.headers()["content-disposition"]).toBe('attachment; filename="logo-horizontal-512.png"');
    const paidPng = Buffer.from(await paid.body());
    expect(paidPng.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(paidPng.equals(freePng)).toBe(false);
    if (!isNoJs(test.info().project.name)) {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "logo-horizontal-512.png", exact: true }).click();
      expect((await download).suggestedFilename()).toBe("logo-horizontal-512.png");
    }
    // And the ZIP downloads.
    await page.goto(`/dashboard/kits/${kitId}/export`);
    const zipDownload = page.waitForEvent("download");
    await page.getByTestId("download-zip").click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const zipBytes = fs.readFileSync((await zip.path())!);
    expect(zipBytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(zipBytes.includes(Buffer.from("logo/logo-512.png"))).toBe(true);
    // The pricing page knows the plan.
    await page.goto("/pricing");
    await expect(page.getByRole("link", { name: "Your plan · manage" })).toBeVisible();
  });

  test("Starter paid in two tabs: the second payment is refunded, the account keeps Starter and says so", async ({ page }) => {
    test.setTimeout(60_000);
    const email = await signUp(page);
    const other = await page.context().newPage();
    // Both tabs reach Stripe's page before either pays.
    for (const tab of [page, other]) {
      await tab.goto("/checkout?plan=starter");
      await tab.getByRole("button", { name: "Continue to secure payment" }).click();
      await expect(tab).toHaveURL(new RegExp(`^${FAKE_STRIPE()}/checkout/cs_test_`));
    }
    for (const tab of [page, other]) {
      await tab.getByRole("button", { name: "Pay $39.00" }).click();
      await expect(tab).toHaveURL(/\/account\?checkout=success/);
      await expect(tab.getByTestId("account-plan")).toHaveText("Starter");
    }
    const history = other.getByRole("region", { name: "Plan history" });
    await expect(history).toContainText("Starter · Duplicate Starter payment refunded: the first one stands");
    await expect(history).toContainText("Free preview → Starter · Starter bought");
    // No Stripe id reaches the founder's page.
    expect(await history.textContent()).not.toMatch(/\b(pi|cs|ch)_/);

    // At Stripe: one charge kept, one refunded, and Stripe's charge.refunded for it changed nothing.
    // Each tab's Checkout made its own customer (neither existed yet): the founder's are those with their e-mail.
    const state = await fakeStripe("state");
    const customers = state.customers.filter((c: { email: string }) => c.email === email).map((c: { id: string }) => c.id);
    const charges = state.charges.filter((c: { customer: string }) => customers.includes(c.customer));
    expect(charges.map((c: { refunded: boolean }) => c.refunded).sort()).toEqual([false, true]);
    const refunded = charges.find((c: { refunded: boolean }) => c.refunded);
    await expect
      .poll(async () => (await fakeStripe("state")).deliveries.find((d: { type: string; object: string }) => d.type === "charge.refunded" && d.object === refunded.id))
      .toMatchObject({ status: 200, body: "ok" });
    const refundedPayment = refunded.payment_intent;
    const row = query<{ plan: string; starter_payment_id: string }>("select plan, starter_payment_id from users where email = ?", email)[0]!;
    expect(row.plan).toBe("starter");
    expect(row.starter_payment_id).not.toBe(refundedPayment);
    await other.reload();
    await expect(other.getByTestId("account-plan")).toHaveText("Starter");
    await other.close();
  });

  test("Pro: subscription checkout, then the customer portal cancels it at the period's end", async ({ page }) => {
    test.setTimeout(60_000);
    const email = await signUp(page);
    await page.goto("/account");
    await expect(page.getByTestId("account-plan")).toHaveText("Free preview");
    await expect(page.getByTestId("regenerations")).toHaveText("0 of 5 used");
    // What Pro adds, each item linked to where it lives.
    const proList = page.getByTestId("pro-features");
    await expect(page.getByRole("heading", { name: "What Pro adds" })).toBeVisible();
    await expect(proList.getByRole("link", { name: "Competitor watch: 5 competitors, a weekly digest of what changed" })).toHaveAttribute("href", "/dashboard/go/competitors");
    await expect(proList.getByRole("link", { name: "Priority support: a reply within one business day" })).toHaveAttribute("href", "/contact");
    await page.getByRole("button", { name: /Go Pro/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE()}/checkout/`));
    await expect(page.getByTestId("amount")).toHaveText("$19.00 per month");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/account\?checkout=success/);
    await expect(page.getByTestId("account-plan")).toHaveText("Pro");
    await expect(page.getByTestId("plan-status")).toContainText("Active · renews on");
    await expect(page.getByTestId("regenerations")).toHaveText("0 of 9 used");
    await expect(page.getByRole("heading", { name: "Your Pro, and where to find it" })).toBeVisible();
    await expect(page.getByTestId("pro-features").getByRole("link")).toHaveCount(8);
    // The upgrade page shows a Pro founder where things are, and sells them nothing.
    await page.goto("/upgrade");
    await expect(page.getByRole("heading", { level: 1, name: "You have Pro" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Get Pro/ })).toHaveCount(0);
    await expect(page.getByTestId("pro-features").getByRole("link", { name: "Monthly strategy review, in the app and as a PDF" })).toHaveAttribute("href", "/dashboard/go/review");
    await page.goto("/account");

    await page.getByRole("button", { name: "Manage subscription" }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE()}/portal/`));
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-plan")).toHaveText("Pro");
    await expect(page.getByTestId("plan-status")).toContainText("Canceled · Pro until");
    expect(query<{ plan_status: string }>("select plan_status from users where email = ?", email)[0]!.plan_status).toBe("canceled");
  });

  test("an admin sets a user's plan by hand, logged and shown", async ({ page, browser }) => {
    const userContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const userPage = await userContext.newPage();
    const userEmail = await signUp(userPage);
    await userContext.close();
    const adminEmail = await signUp(page);
    const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"));
    db.prepare("update users set role = 'admin' where email = ?").run(adminEmail);
    db.close();

    await page.goto("/admin/users");
    const row = page.getByTestId("user-row").filter({ hasText: userEmail });
    await row.getByLabel(`Plan of ${userEmail}`).selectOption("pro");
    await row.getByRole("button", { name: "Set plan" }).click();
    await expect(page.getByRole("status")).toHaveText("Plan set to Pro.");
    await expect(page.getByTestId("plan-change").filter({ hasText: userEmail }).first()).toContainText(`free → pro`);
    await expect(page.getByTestId("plan-change").filter({ hasText: userEmail }).first()).toContainText(`admin ${adminEmail}`);
    expect(query<{ plan: string; plan_status: string }>("select plan, plan_status from users where email = ?", userEmail)[0]).toEqual({ plan: "pro", plan_status: "active" });
  });
});
