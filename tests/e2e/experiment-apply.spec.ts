import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * Applying a variant, with JavaScript on and off: under the uneven-split
 * (sample-ratio mismatch) warning the first click asks again, with the
 * warning's numbers, and changes nothing; "Cancel" leaves it running; only
 * "Yes, apply … anyway" applies it, and the past experiment keeps the
 * warning. Without the warning a variant is applied at the first click.
 */

const HOUR = 60 * 60 * 1000;
const hourAgo = (n: number) => Math.floor(Date.now() / HOUR) * HOUR - n * HOUR;

/** Moves the running experiment of the kit `hours` back and gives its versions these visitors (as the counting would have). */
function countsFor(kitId: string, pageId: string, hours: number, visitors: Record<string, [number, number]>) {
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"), { fileMustExist: true });
  try {
    db.prepare("update experiments set started_at = ? where kit_id = ? and status = 'running'").run(hourAgo(hours), kitId);
    for (const [variant, [n, leads]] of Object.entries(visitors)) {
      db.prepare("insert into analytics_hourly (page_id, hour, origin, variant, views, visitors, leads) values (?, ?, 'page', ?, ?, ?, ?)").run(pageId, hourAgo(hours - 1), variant, n, n, leads);
    }
  } finally {
    db.close();
  }
}

const headlineOf = (id: string) => JSON.parse(query<{ content: string }>("select content from kit_assets where kit_id = ? and kind = 'landing'", id)[0]!.content).hero.headline as string;

test("apply a variant: under the uneven-split warning it asks again and the record keeps the warning; without it, at once", async ({ page }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const { id, pageId } = await publishedKit(page.request, tag, `srm-${tag}`);
  const base = `/dashboard/kits/${id}/experiments`;
  const original = headlineOf(id);

  // An experiment whose visitors came unevenly: 170 / 189 / 121.
  const started = await page.request.post(base, { form: { intent: "start", field: "headline", "variants[0].text": "Uneven B headline", "variants[1].text": "Uneven C headline" }, maxRedirects: 0 });
  expect(started.status()).toBe(303);
  countsFor(id, pageId, 6, { a: [170, 5], b: [189, 9], c: [121, 4] });
  await page.goto(base);
  if (!noJs) await hydrated(page);
  const running = page.getByTestId("experiment-running");
  await expect(running.getByTestId("experiment-srm")).toContainText("uneven numbers of visitors (170 visitors on the original, 189 on Variant B and 121 on Variant C");
  await expect(running).toContainText("applying a variant asks you to confirm first");

  // The first click asks again and changes nothing.
  await running.getByRole("button", { name: "Apply Variant C" }).click();
  const confirm = page.getByTestId("experiment-confirm-uneven");
  await expect(confirm).toContainText("Apply Variant C although the split is uneven?");
  await expect(confirm).toContainText("170 visitors on the original, 189 on Variant B and 121 on Variant C");
  expect(query<{ status: string }>("select status from experiments where kit_id = ?", id)).toEqual([{ status: "running" }]);
  expect(headlineOf(id)).toBe(original);
  if (process.env.EXPERIMENT_SHOTS_DIR) fs.writeFileSync(`${process.env.EXPERIMENT_SHOTS_DIR}/experiment-apply-confirm-${info.project.name}.png`, await page.screenshot({ fullPage: true }));
  if (!noJs) {
    await expectAxeCleanAndNoSidewaysScroll(page, "experiment apply confirmation");
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAxeCleanAndNoSidewaysScroll(page, "experiment apply confirmation at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Cancel: still running, nothing applied.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("experiment-confirm-uneven")).toHaveCount(0);
  await expect(page.getByTestId("experiment-running")).toBeVisible();
  expect(query<{ status: string }>("select status from experiments where kit_id = ?", id)).toEqual([{ status: "running" }]);

  // Asked again, and this time confirmed.
  await page.getByTestId("experiment-running").getByRole("button", { name: "Apply Variant C" }).click();
  await page.getByTestId("experiment-confirm-uneven").getByRole("button", { name: "Yes, apply Variant C anyway" }).click();
  await expect(page.getByText("Variant C applied: it is now your page's text for everyone")).toBeVisible();
  expect(headlineOf(id)).toBe("Uneven C headline");
  const history = page.getByTestId("experiment-history");
  if (process.env.EXPERIMENT_SHOTS_DIR) fs.writeFileSync(`${process.env.EXPERIMENT_SHOTS_DIR}/experiment-apply-history-${info.project.name}.png`, await page.screenshot({ fullPage: true }));
  await expect(history).toContainText("Variant C applied · uneven split");
  await expect(history.getByTestId("experiment-srm-at-stop")).toContainText(
    "Stopped under the uneven-split warning: 170 visitors on the original, 189 on Variant B and 121 on Variant C (χ² p <0.001), so its results can't be trusted. Variant C was applied anyway, after a second confirmation.",
  );
  const stored = query<{ srm_at_stop: string }>("select srm_at_stop from experiments where kit_id = ? and applied_key = 'c'", id)[0]!;
  expect(JSON.parse(stored.srm_at_stop).visitors).toEqual([
    { key: "a", visitors: 170 },
    { key: "b", visitors: 189 },
    { key: "c", visitors: 121 },
  ]);

  // Without the warning: the next experiment's variant is applied at the first click.
  await page.goto(base);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Variant B").fill("Even B headline");
  await page.getByRole("button", { name: "Start experiment" }).click();
  await expect(page.getByText("Experiment started.")).toBeVisible();
  await expect(page.getByTestId("experiment-srm")).toHaveCount(0);
  await page.getByTestId("experiment-running").getByRole("button", { name: "Apply Variant B" }).click();
  await expect(page.getByText("Variant B applied: it is now your page's text for everyone")).toBeVisible();
  await expect(page.getByTestId("experiment-confirm-uneven")).toHaveCount(0);
  expect(headlineOf(id)).toBe("Even B headline");
  expect(query<{ srm_at_stop: string | null }>("select srm_at_stop from experiments where kit_id = ? and applied_key = 'b'", id)).toEqual([{ srm_at_stop: null }]);
  await expect(page.getByTestId("experiment-history").locator(":scope > li")).toHaveCount(2);
  await expect(page.getByTestId("experiment-history").getByTestId("experiment-srm-at-stop")).toHaveCount(1);
});
