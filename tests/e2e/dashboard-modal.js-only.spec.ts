import crypto from "node:crypto";
import { expect, hydrated, query, signUp, test } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

async function completedKit(page: import("@playwright/test").Page) {
  const { idea } = uniqueIdea();
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Commuters", tone: "bold", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" },
  });
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  return id;
}

test("the kit modal is a history entry: Back closes it, a reload keeps it open", async ({ page }) => {
  await signUp(page);
  const id = await completedKit(page);
  await page.goto("/pricing");
  await page.goto("/dashboard");
  await hydrated(page);
  await page.locator(`[data-kit-id="${id}"]`).getByRole("link").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("kit-prompt")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?kit=${id}$`));

  await page.reload();
  await hydrated(page);
  await expect(dialog.getByTestId("kit-prompt")).toBeVisible();
  // Opened by the reload, not from the list: closing replaces the URL.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.locator(`[data-kit-id="${id}"]`).getByRole("link").click();
  await expect(dialog.getByTestId("kit-prompt")).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(`[data-kit-id="${id}"]`)).toBeVisible();
});

test("a link to a kit that is not yours, or gone, opens the plain list", async ({ page }) => {
  await signUp(page);
  for (const kit of [crypto.randomUUID(), "not-a-kit"]) {
    await page.goto(`/dashboard?kit=${kit}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hi,");
    await expect(page.getByRole("dialog")).toBeHidden();
  }
});
