import ICAL from "ical.js";
import { expect, grantPlan, query, signUp, test } from "./fixtures";
import { assetContent, createLaunchKit } from "./launch-helpers";

/** The Launch day section: the posts, the images, the plan as a checklist (plain form posts) and its ICS file. */

async function launchReady(id: string) {
  await expect
    .poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind = 'launch' and status = 'ready'", id)[0]?.n, { timeout: 30_000 })
    .toBe(1);
}

test.describe("launch day", () => {
  test("shows the posts and images; the checklist ticks and unticks with plain forms; the date and time zone are validated", async ({ page }) => {
    grantPlan(await signUp(page), "starter");
    const { id } = await createLaunchKit(page);
    await launchReady(id);
    await page.goto(`/dashboard/kits/${id}/launch`);
    await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Launch day" })).toHaveAttribute("aria-current", "page");
    const launch = assetContent(id, "launch");
    await expect(page.getByTestId("ph-tagline")).toHaveText(launch.productHunt.tagline);
    // A grooming van is booked, not tried online: no Show HN, and the section says why.
    await expect(page.getByTestId("hn-left-out")).toContainText("Show HN is for something people can try");
    await expect(page.getByTestId("reddit-post")).toHaveCount(launch.reddit.length);
    await expect(page.getByTestId("launch-moment")).toContainText("12:01 a.m. Pacific");

    for (const [name, w, h] of [["thumbnail.png", 240, 240], ["gallery-1-hero.png", 1270, 760], ["gallery-5-cta.png", 1270, 760]] as const) {
      const res = await page.request.get(`/dashboard/kits/${id}/launch/${name}`);
      expect(res.headers()["content-type"]).toBe("image/png");
      const png = await res.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    }

    // Tick, see it kept after a reload, untick.
    const task = page.locator('[data-task="teaser"]');
    await expect(task).toHaveAttribute("data-done", "false");
    await task.getByRole("button", { name: "Mark done: Tease the launch on X" }).click();
    await expect(page.locator('[data-task="teaser"]')).toHaveAttribute("data-done", "true");
    expect(assetContent(id, "launch").done).toEqual(["teaser"]);
    await page.reload();
    await expect(page.getByRole("heading", { name: /The plan: 1 of \d+ done/ })).toBeVisible();
    await page.locator('[data-task="teaser"]').getByRole("button", { name: "Mark not done: Tease the launch on X" }).click();
    await expect(page.locator('[data-task="teaser"]')).toHaveAttribute("data-done", "false");
    expect(assetContent(id, "launch").done).toEqual([]);

    // A time zone that does not exist is refused and nothing changes.
    const before = assetContent(id, "launch");
    await page.getByLabel("Your time zone").fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a time zone such as Europe/Lisbon or America/New_York.")).toBeVisible();
    expect(assetContent(id, "launch")).toEqual(before);

    await page.getByLabel("Launch date").fill("2027-03-02");
    await page.getByLabel("Your time zone").fill("Europe/Lisbon");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Launch date and time zone saved: every task moved with them.")).toBeVisible();
    await expect(page.getByTestId("launch-day")).toHaveText("Tuesday 2 March 2027");
    // 12:01 a.m. Pacific on 2 March is 08:01 in Lisbon.
    await expect(page.getByTestId("launch-moment")).toContainText("Tue 2 Mar, 08:01 your time (Europe/Lisbon)");

    // The ICS file: events from T−14 to T+7, the launch at 08:01 UTC (12:01 a.m. Pacific), each with its copy.
    const ics = await (await page.request.get(`/dashboard/kits/${id}/launch/launch-plan.ics`)).text();
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const starts = events.map((e) => e.startDate.toJSDate().toISOString()).sort();
    expect(starts[0]).toBe("2027-02-16T09:00:00.000Z");
    expect(starts.at(-1)! <= "2027-03-09T23:59:59.000Z").toBe(true);
    const launchEvent = events.find((e) => e.summary.startsWith("Launch on Product Hunt"))!;
    expect(launchEvent.startDate.toJSDate().toISOString()).toBe("2027-03-02T08:01:00.000Z");
    expect(launchEvent.description).toContain(launch.productHunt.comment.question);
  });

  test("the launch e-mail: a scheduled broadcast on launch morning with Pro, a draft on other plans", async ({ page }) => {
    const email = await signUp(page);
    grantPlan(email, "starter");
    const { id } = await createLaunchKit(page);
    await launchReady(id);
    await page.goto(`/dashboard/kits/${id}/launch`);
    await expect(page.getByText("A draft to send yourself.")).toBeVisible();
    expect((await page.request.post(`/dashboard/kits/${id}/launch`, { form: { intent: "schedule-email" } })).status()).toBe(403);

    grantPlan(email, "pro");
    await page.goto(`/dashboard/kits/${id}/email`);
    await page.getByLabel(/Your postal address/).fill("7 Kennel Lane, Leeds LS1 4AP");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.goto(`/dashboard/kits/${id}/launch`);
    await page.getByRole("button", { name: /^Schedule it for / }).click();
    await expect(page.getByText(/Launch e-mail scheduled/)).toBeVisible();
    const launch = assetContent(id, "launch");
    const [row] = query<{ subject: string; send_at: number; status: string }>("select subject, send_at, status from email_broadcasts where kit_id = ?", id);
    expect(row).toMatchObject({ subject: launch.email.subject, status: "scheduled" });
    // 09:00 on launch day in the founder's time zone.
    const wall = new Intl.DateTimeFormat("en-CA", { timeZone: launch.timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(row!.send_at));
    expect(wall).toBe(`${launch.launchDate}, 09:00`);
  });

  test("another user's launch section and files are a 404", async ({ page, browser }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    await launchReady(id);
    const other = await browser.newPage();
    await signUp(other);
    expect((await other.request.get(`/dashboard/kits/${id}/launch`)).status()).toBe(404);
    expect((await other.request.get(`/dashboard/kits/${id}/launch/thumbnail.png`)).status()).toBe(404);
    expect((await other.request.post(`/dashboard/kits/${id}/launch`, { form: { intent: "tick", task: "teaser", done: "1" } })).status()).toBe(404);
    await other.close();
  });
});
