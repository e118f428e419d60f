import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, isNoJs, query, signUp, test, randomIp } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/** Creates a kit through the wizard's plain form post and waits for it to complete. */
async function createKit(page: Page, idea = uniqueIdea().idea) {
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Indie hackers, designers", geography: "", tone: "bold", competitors: "", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  return { id, idea };
}

const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}`);

/** Opens a kit from the dashboard list: a modal with JavaScript, its page without. */
async function openKitFromList(page: Page, id: string): Promise<Locator> {
  if (!isNoJs(test.info().project.name)) await hydrated(page);
  await page.locator(`[data-kit-id="${id}"]`).getByRole("link").click();
  if (isNoJs(test.info().project.name)) {
    await expect(page).toHaveURL(new RegExp(`/dashboard/kits/${id}$`));
    return page.getByRole("main");
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("kit-prompt").or(dialog.getByText("No prompt yet."))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?kit=${id}$`));
  return dialog;
}

/** A control that is a link without JavaScript (state in the URL) and a button with it. */
const control = (scope: Locator, name: string) =>
  scope.getByRole("link", { name, exact: true }).or(scope.getByRole("button", { name, exact: true }));

test.describe("dashboard", () => {
  test("a page number past the end or not a whole number still shows the kits", async ({ page }) => {
    await signUp(page);
    const { id } = await createKit(page);
    await page.goto("/dashboard?page=999999");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator(`[data-kit-id="${id}"]`)).toBeVisible();
    await page.goto("/dashboard?page=1.5");
    await expect(page.locator(`[data-kit-id="${id}"]`)).toBeVisible();
    await expect(page.getByRole("link", { name: "← Newer" })).toHaveCount(0);
  });

  test("shows the empty state, then the kit with its badge and stats through export and delete", async ({ page }) => {
    await signUp(page, { name: "Ada Lovelace" });
    // Greeted by the name given at sign-up, not the e-mail address.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Ada");
    await expect(page.getByText("No launch kits yet")).toBeVisible();
    await expect(stat(page, "total")).toHaveText("0");

    const { id, idea } = await createKit(page);
    await page.goto("/dashboard");
    const card = page.getByTestId("kit-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(idea.split(" ").slice(0, 3).join(" "));
    await expect(card).toContainText("Indie hackers");
    await expect(card).not.toContainText("designers");
    await expect(card.getByText("completed")).toHaveAttribute("data-tone", "success");
    await expect(stat(page, "total")).toHaveText("1");
    await expect(stat(page, "exported")).toHaveText("0");
    await expect(stat(page, "generating")).toHaveText("0");

    let scope = await openKitFromList(page, id);
    const downloadPromise = page.waitForEvent("download");
    await scope.getByRole("link", { name: "Download prompt" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("Mobile-dog-grooming-prompt.txt");
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).toBe(query<{ generated_prompt: string }>("select generated_prompt from launch_kits where id = ?", id)[0]!.generated_prompt);

    await page.goto("/dashboard");
    await expect(stat(page, "exported")).toHaveText("1");
    await expect(page.getByTestId("kit-card").getByText("exported")).toHaveAttribute("data-tone", "success");

    scope = await openKitFromList(page, id);
    await control(scope, "Delete kit").click();
    await control(scope, "Keep it").click();
    await expect(scope.getByRole("button", { name: "Yes, delete" })).toHaveCount(0);
    await control(scope, "Delete kit").click();
    await scope.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("No launch kits yet")).toBeVisible();
    await expect(stat(page, "total")).toHaveText("0");
    expect(query("select kit_id from logo_images where kit_id = ?", id)).toHaveLength(0);
  });

  test("edits the prompt; cancel changes nothing; an empty prompt is refused; detail and list show the new text", async ({ page }) => {
    await signUp(page);
    const { id } = await createKit(page);
    await page.goto("/dashboard");
    const scope = await openKitFromList(page, id);
    const original = await scope.getByTestId("kit-prompt").textContent();

    await control(scope, "Edit").click();
    await scope.getByLabel("Website prompt").fill("Changed but cancelled");
    await control(scope, "Cancel").click();
    await expect(scope.getByTestId("kit-prompt")).toHaveText(original!);

    await control(scope, "Edit").click();
    await scope.getByLabel("Website prompt").fill("   ");
    await scope.getByRole("button", { name: "Save Changes" }).click();
    await expect(scope.getByText("The prompt can't be empty.")).toBeVisible();
    expect(query<{ generated_prompt: string }>("select generated_prompt from launch_kits where id = ?", id)[0]!.generated_prompt).toBe(original);

    await scope.getByLabel("Website prompt").fill("A brand new prompt for my landing page.");
    await scope.getByRole("button", { name: "Save Changes" }).click();
    await expect(scope.getByTestId("kit-prompt")).toHaveText("A brand new prompt for my landing page.");
    if (!isNoJs(test.info().project.name)) {
      // The list behind the modal already shows the new text.
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    } else {
      await page.goto("/dashboard");
    }
    await expect(page.getByTestId("kit-prompt-preview")).toHaveText("A brand new prompt for my landing page.");
  });

  test("opens the stored logo from our own URL", async ({ page }) => {
    await signUp(page);
    const { id } = await createKit(page);
    await page.goto(`/dashboard/kits/${id}`);
    const link = page.getByRole("link", { name: "Open logo in a new tab" });
    await expect(link).toHaveAttribute("target", "_blank");
    const href = await link.getAttribute("href");
    expect(href).toMatch(new RegExp(`^/kits/${id}/logo\\?v=\\d+$`));
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  });

  test("another user's kit answers 404 on every route and nothing changes", async ({ page, browser }) => {
    await signUp(page);
    const { id } = await createKit(page);
    const before = query("select * from launch_kits where id = ?", id);

    const intruderContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const intruder = await intruderContext.newPage();
    await signUp(intruder);
    const r = intruder.request;
    const attempts: Array<[string, () => Promise<{ status(): number }>]> = [
      ["page", () => r.get(`/dashboard/kits/${id}`)],
      ["download", () => r.get(`/dashboard/kits/${id}/prompt.txt`)],
      ["logo", () => r.get(`/kits/${id}/logo?v=1`)],
      ["events", () => r.get(`/kits/${id}/events`)],
      ["edit", () => r.post(`/dashboard/kits/${id}`, { form: { intent: "edit-prompt", prompt: "hijacked" } })],
      ["retry", () => r.post(`/dashboard/kits/${id}`, { form: { intent: "retry" } })],
      ["delete", () => r.post(`/dashboard/kits/${id}`, { form: { intent: "delete" } })],
      ["forged id", () => r.get(`/dashboard/kits/00000000-0000-4000-8000-000000000000`)],
    ];
    const matrix: string[] = [];
    for (const [name, attempt] of attempts) {
      const status = (await attempt()).status();
      matrix.push(`${name.padEnd(10)} ${status}`);
      expect(status, name).toBe(404);
    }
    console.log(`cross-user matrix (user B on user A's kit):\n${matrix.join("\n")}`);
    expect(query("select * from launch_kits where id = ?", id)).toEqual(before);
    await intruderContext.close();
  });
});
