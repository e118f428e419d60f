import crypto from "node:crypto";
import { expect, grantPlan, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * The logo section's concept art on the free plan, JavaScript on and off: the
 * picture the page shows is the watermarked PNG (its own URL answers
 * image/png, not the stored picture) and the section says it is a preview;
 * once paid, the same URL gives the stored picture and the note is gone.
 */

test("a free founder's concept art is a watermarked preview, and says so; Starter gets the stored picture", async ({ page }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  const tag = crypto.randomBytes(4).toString("hex");
  const created = await page.request.post("/wizard", { form: { idea: `Concept art kit ${tag}`, audience: "Founders", tone: "bold", goal: "waitlist", vibe: "neon tech", intent: "generate", step: "2" }, maxRedirects: 0 });
  const id = created.headers().location?.split("/").pop();
  expect(id, `the wizard answered ${created.status()}`).toBeTruthy();
  await expect.poll(() => query<{ url: string | null }>("select generated_logo_url as url from launch_kits where id = ?", id)[0]?.url ?? null, { timeout: 60_000 }).not.toBeNull();
  await expect.poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'logo'", id)[0]?.status, { timeout: 60_000 }).toBe("ready");

  await page.goto(`/dashboard/kits/${id}/logo`);
  if (!noJs) await hydrated(page);
  const art = page.getByRole("img", { name: /^Concept art for / });
  await expect(art).toBeVisible();
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("concept-art-preview")).toHaveText("Like the logos above, it is a watermarked preview on the free plan.");
  const src = (await art.getAttribute("src"))!;
  const free = await page.request.get(src);
  expect(free.status()).toBe(200);
  expect(free.headers()["content-type"]).toBe("image/png");
  expect(free.headers()["cache-control"]).toBe("private, no-cache");

  grantPlan(email, "starter");
  await page.goto(`/dashboard/kits/${id}/logo`);
  await expect(page.getByTestId("concept-art-preview")).toHaveCount(0);
  const paid = await page.request.get(src);
  const stored = query<{ type: string }>("select content_type as type from logo_images where kit_id = ?", id)[0]!.type;
  expect(paid.headers()["content-type"]).toBe(stored);
  expect((await paid.body()).equals(await free.body())).toBe(false);
});
