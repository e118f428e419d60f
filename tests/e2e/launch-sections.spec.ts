import fs from "node:fs";
import ICAL from "ical.js";
import { expect, grantPlan, isNoJs, query, signUp, test } from "./fixtures";
import { FAKE_SOCIAL } from "../support/fake-launch.mjs";
import { assetContent, createLaunchKit } from "./launch-helpers";

/** The social, ads, calendar and research sections, with JavaScript on and off. */

test.describe("social, ads, calendar and research sections", () => {
  test("social: images, bios and 10 posts with counts; plain text without JS, copy buttons with JS", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    await page.goto(`/dashboard/kits/${id}/social`);
    await expect(page.getByRole("navigation", { name: "Kit sections" }).getByRole("link", { name: "Social" })).toHaveAttribute("aria-current", "page");
    const social = assetContent(id, "social");

    // Images are real PNGs at the platform sizes.
    for (const [name, w, h] of [["profile.png", 400, 400], ["x-header.png", 1500, 500], ["linkedin-banner.png", 1584, 396], ["launch-post.png", 1080, 1080]] as const) {
      const res = await page.request.get(`/dashboard/kits/${id}/social/${name}`);
      expect(res.headers()["content-type"]).toBe("image/png");
      const png = await res.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    }
    const img = page.locator('img[src*="/social/x-header.png"]');
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1500);

    const bio = page.getByTestId("bio-tiktok");
    await expect(bio.getByTestId("bio-text")).toHaveText(social.bios.tiktok.text);
    await expect(page.getByTestId("post")).toHaveCount(10);
    const first = page.getByTestId("post").first();
    await expect(first.getByTestId("post-text")).toHaveText(social.posts[0].text);
    await expect(first.getByTestId("post-count-0")).toContainText("/ 280");
    await expect(page.getByTestId("trimmed-flag")).toHaveCount(0);
    if (isNoJs(test.info().project.name)) {
      await expect(page.getByRole("button", { name: /^Copy / })).toHaveCount(0);
    } else {
      await expect(page.getByRole("button", { name: /^Copy / })).toHaveCount(5 + 10);
    }
  });

  test("edits a post with the plain form; an over-limit edit is refused and changes nothing", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    await page.goto(`/dashboard/kits/${id}/social`);
    const before = assetContent(id, "social");
    const post = page.locator("#post-0");
    await post.getByText("Edit post 1").click();
    await post.getByLabel(/^Post text/).fill("日".repeat(141));
    await post.getByRole("button", { name: "Save post 1" }).click();
    await expect(post.getByText(/must be at most 280 characters as X counts it \(this is \d+\)/)).toBeVisible();
    expect(assetContent(id, "social")).toEqual(before);

    await post.getByLabel(/^Post text/).fill("Groomwell is open: the grooming salon now parks in your driveway.");
    await post.getByLabel(/^Hashtags/).fill("#Groomwell DogGrooming");
    await post.getByLabel(/^Day/).fill("-2");
    await post.getByRole("button", { name: "Save post 1" }).click();
    await expect(page.locator("#post-0").getByRole("status")).toHaveText("Post saved.");
    await expect(page.locator("#post-0").getByTestId("post-text")).toHaveText("Groomwell is open: the grooming salon now parks in your driveway.");
    await expect(page.locator("#post-0").getByTestId("post-hashtags")).toHaveText("#Groomwell #DogGrooming");
    const after = assetContent(id, "social");
    expect(after.posts[0]).toMatchObject({ text: "Groomwell is open: the grooming salon now parks in your driveway.", hashtags: ["Groomwell", "DogGrooming"], dayOffset: -2, platform: "x" });
    expect(after.posts.slice(1)).toEqual(before.posts.slice(1));
  });

  // The kit's other background assets (landing page, deck...) may still be running: the founder's request goes first.
  // The rewrite takes 2.5 s, so the page it lands on (`?rewriting=4#post-4`) must follow it: live with JS, by
  // refreshing itself without (a refresh to a URL with a fragment would only scroll, never reload).
  test("regenerates one post (the others stay) and then the whole set", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page, { scripts: [{ kind: "chat", script: { structured: true, matchAll: ["(content: social_post)", "{tag}"], delayMs: 2500 } }] });
    const before = assetContent(id, "social");
    await page.goto(`/dashboard/kits/${id}/social`);
    await page.locator("#post-4").getByRole("button", { name: "Regenerate this post" }).click();
    await expect(page.getByText("Parts of this kit are still being generated.")).toBeVisible();
    await expect(page.locator("#post-4").getByTestId("post-text")).toHaveText(/^Rewritten by the model/, { timeout: 20_000 });
    const after = assetContent(id, "social");
    expect(after.posts[4]).toMatchObject({ platform: before.posts[4].platform, dayOffset: before.posts[4].dayOffset });
    expect(after.posts.filter((_: unknown, i: number) => i !== 4)).toEqual(before.posts.filter((_: unknown, i: number) => i !== 4));

    await page.getByRole("button", { name: "Regenerate all posts" }).click();
    await expect(page.locator("#post-4").getByTestId("post-text")).toHaveText(before.posts[4].text, { timeout: 20_000 });
    expect(query<{ version: number }>("select version from kit_assets where kit_id = ? and kind = 'social'", id)[0]!.version).toBe(3);
  });

  test("a post the model wrote over its limit twice is shown cut and flagged", async ({ page }) => {
    await signUp(page);
    const long = `${"Groomwell brings the grooming salon to your driveway, so busy owners get their Saturdays back. ".repeat(4)}Book a call.`;
    const content = JSON.stringify({ ...FAKE_SOCIAL, posts: FAKE_SOCIAL.posts.map((p, i) => (i === 0 ? { ...p, text: long } : p)) });
    const { id } = await createLaunchKit(page, { scripts: [{ kind: "chat", script: { structured: true, matchAll: ["(content: social)", "{tag}"], content, times: 2 } }] });
    await page.goto(`/dashboard/kits/${id}/social`);
    const post = page.locator("#post-0");
    await expect(post.getByTestId("trimmed-flag")).toHaveText("Shortened to fit: reread it");
    await expect(post.getByTestId("post-text")).toHaveText(/…$/);
    await expect(page.getByTestId("trimmed-flag")).toHaveCount(1);
  });

  test("ads: three variants as Google and Meta previews with counts and Meta's button", async ({ page }) => {
    grantPlan(await signUp(page), "starter");
    const { id } = await createLaunchKit(page);
    await page.goto(`/dashboard/kits/${id}/ads`);
    const ads = assetContent(id, "ads");
    await expect(page.getByTestId("ad-variant")).toHaveCount(3);
    const v1 = page.getByTestId("ad-variant").first();
    await expect(v1.getByRole("heading", { name: `Variant 1: ${ads.variants[0].angle}` })).toBeVisible();
    await expect(v1.getByTestId("google-preview")).toContainText(ads.variants[0].google.headlines.slice(0, 3).join(" | "));
    await expect(v1.getByTestId("google-preview")).toContainText("Sponsored");
    await expect(v1.getByTestId("meta-preview")).toContainText(ads.variants[0].meta.primaryText);
    await expect(v1.getByTestId("meta-cta")).toHaveText(ads.variants[0].meta.cta);
    await expect(v1.getByText(`${ads.variants[0].google.headlines[0].length} / 30`)).toBeVisible();
    const csv = await page.request.get(`/dashboard/kits/${id}/ads/ads.csv`);
    expect(csv.headers()["content-disposition"]).toBe('attachment; filename="ads.csv"');
    expect(await csv.text()).toContain(ads.variants[0].google.headlines[0]);
  });

  test("calendar: four weeks around launch; moving the date moves every post; calendar.ics and posts.csv download", async ({ page }) => {
    grantPlan(await signUp(page), "starter");
    const { id } = await createLaunchKit(page);
    await page.goto(`/dashboard/kits/${id}/calendar`);
    const social = assetContent(id, "social");
    const grid = page.getByTestId("calendar-grid");
    await expect(grid.getByRole("rowheader")).toHaveText(["Week before launch", "Launch week", "Week 2", "Week 3"]);
    await expect(grid.getByTestId("calendar-post")).toHaveCount(10);

    await page.getByLabel("Move the launch to").fill("2030-05-20");
    await page.getByRole("button", { name: "Save date" }).click();
    await expect(page.getByText("Launch date saved: every post moved with it.")).toBeVisible();
    await expect(page.getByTestId("launch-date")).toHaveText("Monday 20 May 2030");
    expect(assetContent(id, "calendar")).toEqual({ launchDate: "2030-05-20" });
    // The launch-day cell holds the launch-day posts.
    const launchPosts = social.posts.filter((p: { dayOffset: number }) => p.dayOffset === 0).length;
    await expect(grid.locator('td[data-date="2030-05-20"]').getByTestId("calendar-post")).toHaveCount(launchPosts);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "calendar.ics" }).click();
    const ics = fs.readFileSync((await (await download).path())!, "utf8");
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(10);
    expect(events.map((e) => e.uid)).toEqual(social.posts.map((_: unknown, i: number) => `${id}-${i}@launchkit`));
    const sameDay = (d: string, offset: number) => new Date(Date.parse(`${d}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    events.forEach((e, i) => expect(e.startDate.toString()).toBe(sameDay("2030-05-20", social.posts[i].dayOffset)));

    const csvDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "posts.csv" }).click();
    const csv = fs.readFileSync((await (await csvDownload).path())!, "utf8");
    expect(csv.startsWith("\uFEFF\"Date\",\"Day\",\"Platform\",\"Post\"")).toBe(true);
    expect(csv).toContain(`"${sameDay("2030-05-20", -7)}","7 days before launch","X"`);
  });

  test("a bad launch date is refused with a message and changes nothing", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    const before = assetContent(id, "calendar");
    const res = await page.request.post(`/dashboard/kits/${id}/calendar`, { form: { intent: "save-date", launchDate: "2030-02-30" } });
    expect(res.status()).toBe(400);
    expect(assetContent(id, "calendar")).toEqual(before);
  });

  test("research with web search: the founder's competitors first, only the search's links", async ({ page }) => {
    grantPlan(await signUp(page), "starter");
    const { id } = await createLaunchKit(page);
    await page.goto(`/dashboard/kits/${id}/research`);
    await expect(page.getByText(/Researched on .* with web search/)).toBeVisible();
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    const competitors = page.getByTestId("competitor");
    await expect(competitors).toHaveCount(5);
    await expect(competitors.nth(0).getByRole("heading")).toHaveText("1. Rover");
    await expect(competitors.nth(1).getByRole("heading")).toHaveText("2. Wag!");
    await expect(competitors.nth(0).getByText("Named by you")).toBeVisible();
    const hrefs = await page.getByTestId("source-link").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/(www\.rover\.com|rover\.com|wagwalking\.com|www\.ibisworld\.com|www\.thesprucepets\.com)\//);
    expect(await page.content()).not.toContain("made-up");
    const md = await page.request.get(`/dashboard/kits/${id}/research/research.md`);
    expect(md.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(await md.text()).toContain("## Competitors");
  });

  test("research on a server without the web search tool says so and labels every competitor", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page, { scripts: [{ kind: "responses", script: { match: "{tag}", unsupportedTool: true } }] });
    await page.goto(`/dashboard/kits/${id}/research`);
    await expect(page.getByTestId("offline-notice")).toContainText("Generated without web access");
    await expect(page.getByTestId("unverified")).toHaveCount(5);
    await expect(page.getByTestId("unverified").first()).toHaveText("unverified — generated without web access");
    await expect(page.getByTestId("source-link")).toHaveCount(0);
    expect(query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and content like '%http%' and kind = 'research'", id)[0]!.n).toBe(0);
  });

  test("on the free preview the images are watermarked and every download leads to the plans", async ({ page }) => {
    const email = await signUp(page);
    const { id } = await createLaunchKit(page);
    const preview = await (await page.request.get(`/dashboard/kits/${id}/social/launch-post.png?v=1`)).body();
    const res = await page.request.get(`/dashboard/kits/${id}/social/launch-post.png?v=1`);
    expect(res.headers()["cache-control"]).toBe("private, no-cache");
    for (const path of ["social/bios.txt", "social/profile.png?download=1", "calendar/calendar.ics", "calendar/posts.csv", "ads/ads.csv", "research/research.md"]) {
      const refused = await page.request.get(`/dashboard/kits/${id}/${path}`, { maxRedirects: 0 });
      expect(refused.status(), path).toBe(303);
      expect(refused.headers().location, path).toMatch(/^\/upgrade\?need=download&back=/);
    }
    grantPlan(email, "starter");
    const paid = await (await page.request.get(`/dashboard/kits/${id}/social/launch-post.png?v=1`)).body();
    expect(paid.equals(preview)).toBe(false);
    expect([paid.readUInt32BE(16), paid.readUInt32BE(20)]).toEqual([1080, 1080]);
    expect((await page.request.get(`/dashboard/kits/${id}/social/bios.txt`)).status()).toBe(200);
  });

  test("another user gets 404 for the sections and their files", async ({ page, browser }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.9.9.9" } });
    const otherPage = await other.newPage();
    await signUp(otherPage);
    for (const path of ["social", "social/profile.png", "social/bios.txt", "ads", "ads/ads.csv", "calendar", "calendar/calendar.ics", "calendar/posts.csv", "research", "research/research.md"]) {
      expect((await otherPage.request.get(`/dashboard/kits/${id}/${path}`)).status(), path).toBe(404);
    }
    await other.close();
  });
});
