import crypto from "node:crypto";
import fs from "node:fs";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, grantPlan, hydrated, isNoJs, query, randomIp, signUp, test } from "./fixtures";

/**
 * Pro's monthly content pieces in a browser, with JavaScript on and off
 * (Pro only): a Pro founder opens "This month", sees 4 of 4 left and the
 * reset date, writes a blog draft (800–1,200 words, builtin writer) and a
 * newsletter issue, sees the count go down, edits the draft's title and
 * text, downloads it as a Markdown attachment; a free founder sees what Pro
 * adds with an /upgrade link and their POST is refused (403); another user
 * gets 404 on the section, the download and the POST. Screenshots at 1280
 * and 375 px go to PIECES_SHOTS_DIR when set.
 */

const SHOTS = process.env.PIECES_SHOTS_DIR;

test("a Pro founder writes this month's pieces, edits and downloads one; a free founder sees the upgrade; another user gets 404", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const { id } = await publishedKit(page.request, tag, `pieces-${tag}`);
  const base = `/dashboard/kits/${id}/month`;

  await page.goto(base);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("link", { name: "This month", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("pieces-left")).toContainText(/4 of 4 left this billing month, resets on 1 \w+ \d{4}/);

  // A blog article draft (the first choice), then a newsletter issue.
  await page.getByRole("button", { name: /Write this piece \(4 of 4 left\)/ }).click();
  await expect(page.getByText("Piece written.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("pieces-left")).toContainText("3 of 4 left this billing month");
  const blog = page.locator('[data-testid="piece"][data-kind="blog"]');
  await expect(blog).toHaveCount(1);
  const words = Number((await blog.locator("p").first().textContent())!.match(/([\d,]+) words/)![1]!.replace(",", ""));
  expect(words).toBeGreaterThanOrEqual(800);
  expect(words).toBeLessThanOrEqual(1200);

  await page.getByLabel(/Newsletter issue/).check();
  await page.getByRole("button", { name: /Write this piece \(3 of 4 left\)/ }).click();
  await expect(page.getByText("Piece written.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("pieces-left")).toContainText("2 of 4 left this billing month");
  await expect(page.locator('[data-testid="piece"][data-kind="newsletter"]').getByTestId("piece-broadcast-form")).toBeVisible();

  // A landing page refresh: the proposal next to the current copy.
  await page.getByLabel(/Landing page refresh/).check();
  await page.getByRole("button", { name: /Write this piece \(2 of 4 left\)/ }).click();
  await expect(page.getByText("Piece written.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("pieces-left")).toContainText("1 of 4 left this billing month");
  const refresh = page.locator('[data-testid="piece"][data-kind="landing_refresh"]').getByTestId("refresh-table");
  await expect(refresh).toContainText("Headline now");
  await expect(refresh).toContainText("Proposed");

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      fs.writeFileSync(`${SHOTS}/month-${info.project.name}-${width}.png`, await page.screenshot({ fullPage: true }));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Edit the draft: an empty title is refused with its message, then a new title and text are saved.
  await blog.locator("summary", { hasText: "Edit" }).click();
  await blog.getByLabel("Title").fill(" ");
  await blog.getByRole("button", { name: "Save piece" }).click();
  await expect(page.locator('[data-testid="piece"][data-kind="blog"]').getByText("Enter a title.")).toBeVisible();
  const edited = page.locator('[data-testid="piece"][data-kind="blog"]');
  await edited.getByLabel("Title").fill(`Our November, ${tag}`);
  await edited.getByLabel(/^Text/).fill(`## Written by hand\n\nEvery word here is mine (${tag}).`);
  await edited.getByRole("button", { name: "Save piece" }).click();
  await expect(page.getByText("Piece saved.")).toBeVisible();
  await expect(page.locator('[data-testid="piece"][data-kind="blog"]').getByTestId("piece-title")).toHaveText(`Our November, ${tag}`);

  // Download it.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-testid="piece"][data-kind="blog"]').getByTestId("piece-download").click()]);
  expect(download.suggestedFilename()).toBe(`our-november-${tag}.md`);
  const file = fs.readFileSync((await download.path())!, "utf8");
  expect(file).toBe(`# Our November, ${tag}\n\n## Written by hand\n\nEvery word here is mine (${tag}).\n`);
  const [piece] = query<{ id: string }>("select id from content_pieces where kit_id = ? and kind = 'blog'", id);

  // Another user: 404 on the section, the download and the POST.
  const strangerContext = await browser.newContext({ javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const stranger = await strangerContext.newPage();
  await signUp(stranger);
  expect((await stranger.request.get(base)).status()).toBe(404);
  expect((await stranger.request.get(`${base}/${piece!.id}.md`)).status()).toBe(404);
  expect((await stranger.request.post(base, { form: { intent: "create", kind: "blog" }, maxRedirects: 0 })).status()).toBe(404);
  expect((await stranger.request.post(base, { form: { intent: "save", pieceId: piece!.id, title: "Mine", body: "Mine" }, maxRedirects: 0 })).status()).toBe(404);
  await strangerContext.close();
  expect(query("select id from content_pieces where kit_id = ?", id)).toHaveLength(3);

  // A free founder sees what Pro adds, with the upgrade link; their POST is refused.
  const freeContext = await browser.newContext({ javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const free = await freeContext.newPage();
  await signUp(free);
  const created = await free.request.post("/wizard", { form: { idea: `Free kit ${tag}`, audience: "Founders", tone: "bold", goal: "waitlist", vibe: "neon tech", intent: "generate", step: "2" }, maxRedirects: 0 });
  const freeKit = created.headers().location?.split("/").pop();
  expect(freeKit).toBeTruthy();
  await free.goto(`/dashboard/kits/${freeKit}/month`);
  await expect(free.getByTestId("pieces-upgrade")).toContainText("Four new content pieces every month with Pro");
  await expect(free.getByTestId("pieces-upgrade").getByRole("link", { name: /Upgrade to Pro/ })).toHaveAttribute("href", "/upgrade");
  await expect(free.getByTestId("new-piece-form")).toHaveCount(0);
  expect((await free.request.post(`/dashboard/kits/${freeKit}/month`, { form: { intent: "create", kind: "blog" }, maxRedirects: 0 })).status()).toBe(403);
  if (SHOTS) {
    await free.setViewportSize({ width: 375, height: 900 });
    fs.writeFileSync(`${SHOTS}/month-free-${info.project.name}-375.png`, await free.screenshot({ fullPage: true }));
  }
  await freeContext.close();
});
