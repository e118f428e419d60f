import { confirmationLink, expect, hydrated, isNoJs, mailsTo, query, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/**
 * E-mail confirmation, with JavaScript on and off: a new
 * founder sees what waits for a confirmed address, cannot publish yet, can
 * send the link again, and confirms through the e-mailed link's page (its
 * button posts; opening the link alone confirms nothing).
 */
test("a new founder confirms their address through the e-mailed link before publishing", async ({ page }, info) => {
  test.setTimeout(90_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page, { confirm: false });
  await expect(page.getByText("Please confirm your e-mail address")).toBeVisible();
  await expect.poll(() => mailsTo(email).length).toBe(1);

  // Publishing waits for the confirmation.
  const { idea } = uniqueIdea();
  const created = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
  });
  const id = new URL(created.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 }).toBe("ready");
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Please confirm your e-mail address first")).toBeVisible();
  expect(query<{ published: number }>("select published from landing_pages where kit_id = ?", id)[0]?.published ?? 0).toBe(0);

  // "Send the link again" is a plain form on the dashboard.
  await page.goto("/dashboard");
  if (!noJs) await hydrated(page);
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect.poll(() => mailsTo(email).length).toBe(2);

  // Opening the link changes nothing; its button confirms.
  await page.goto(await confirmationLink(email));
  await expect(page.getByText(email)).toBeVisible();
  expect(query<{ c: number | null }>("select email_confirmed_at as c from users where email = ?", email)[0]!.c).toBeNull();
  await page.getByRole("button", { name: "Yes, confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { name: "E-mail address confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Please confirm your e-mail address")).toHaveCount(0);

  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();
});

test("a forged or expired confirmation link says so and confirms nothing", async ({ page }) => {
  const email = await signUp(page, { confirm: false });
  const link = await confirmationLink(email);
  const forged = link.slice(0, -3) + (link.endsWith("A") ? "BBB" : "AAA");
  const res = await page.goto(forged);
  expect(res!.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();
  expect(query<{ c: number | null }>("select email_confirmed_at as c from users where email = ?", email)[0]!.c).toBeNull();
});
