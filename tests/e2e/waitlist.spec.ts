import crypto from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { decodeMail } from "../support/smtp-sink.mjs";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, mailsTo, signUp, test } from "./fixtures";
import { visitor } from "./wizard-helpers";

/**
 * The referral waitlist, with JavaScript on and off: the founder turns on
 * the E-mail sequence and sets a reward in the Waitlist section; two leads
 * sign up and confirm; a friend opens the second one's personal link (from
 * their confirmation page), signs up and confirms; the referrer's status
 * page shows them moved to first place with one confirmed referral and the
 * reward reached. The founder's section lists the line, and "invite the next
 * N" marks the first place invited. WAITLIST_SHOTS_DIR saves screenshots of
 * the section and the status page at 1280 and 375 px.
 */

const decoded = (address: string) => mailsTo(address).map((m) => decodeMail(m.raw));

async function confirmLink(address: string) {
  let link = "";
  await expect.poll(() => (link = /https?:\/\/[^/\s"]+(\/e\/confirm\/[\w.-]+)/.exec(decoded(address).join("\n"))?.[1] ?? ""), { timeout: 30_000, message: `a confirmation e-mail to ${address}` }).not.toBe("");
  return link;
}

/** A visitor signs up at `url` and follows the confirmation link: their confirmation page, still open. */
async function joinAndConfirm(browser: Browser, noJs: boolean, url: string, email: string): Promise<Page> {
  const guest = await visitor(browser, noJs);
  await guest.goto(url);
  await guest.locator("#signup").getByLabel("E-mail address").fill(email);
  await guest.locator("#signup").getByRole("button").click();
  await expect(guest).toHaveURL(/\/thanks/);
  await expect(guest.locator("[data-waitlist-next]")).toContainText("confirm your address: that gives you your place in line");
  await guest.goto(await confirmLink(email));
  await guest.getByRole("button", { name: "Yes, send me e-mails" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("You are confirmed");
  return guest;
}

/** The page at `width` (and, with WAITLIST_SHOTS_DIR, its screenshot there). */
async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const dir = process.env.WAITLIST_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

test("a friend's confirmed sign-up through a referral link moves the referrer up; the founder invites the next in line", async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page);
  confirmAddress(founderEmail);
  grantPlan(founderEmail, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `wait-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);

  await page.goto(`/dashboard/kits/${id}/email`);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Send the sequence to new leads").check();
  await page.getByLabel(/Your postal address/).fill("7 Kennel Lane, Leeds LS1 4AP");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  await page.getByRole("link", { name: "Waitlist" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  if (!noJs) await hydrated(page);
  await expect(page.getByText(/Double opt-in is off/)).toBeVisible();
  await expect(page.getByLabel(/Referral waitlist on this page/)).toBeChecked();
  await page.getByLabel("Reward 1: referrals").fill("1");
  await page.getByLabel("Reward 1: what they get").fill("Early access");
  await page.getByRole("button", { name: "Save waitlist settings" }).click();
  await expect(page.getByText("Waitlist settings saved.")).toBeVisible();
  await expect(page.getByText(/Double opt-in is off/)).toHaveCount(0);

  const [first, referrer, friend] = ["first", "referrer", "friend"].map((x) => `wl-${x}-${tag}@example.com`) as [string, string, string];
  (await joinAndConfirm(browser, noJs, `/p/${slug}`, first)).context().close();
  const referrerPage = await joinAndConfirm(browser, noJs, `/p/${slug}`, referrer);
  await expect(referrerPage.getByTestId("waitlist-place")).toContainText("2");
  await expect(referrerPage.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  const link = (await referrerPage.getByTestId("waitlist-link").textContent())!.trim();
  expect(link).toMatch(/\?r=[a-z2-9]{10}$/);
  const statusUrl = await referrerPage.getByRole("link", { name: "Your status page" }).getAttribute("href");
  await referrerPage.goto(statusUrl!);
  await expect(referrerPage.getByTestId("waitlist-place")).toContainText("2");
  await expect(referrerPage.getByTestId("waitlist-referrals")).toHaveText("0");
  await expect(referrerPage.getByText("Next reward: 1 referral: Early access")).toBeVisible();

  // The page under the referral link says how places and rewards work.
  const invited = await visitor(browser, noJs);
  await invited.goto(new URL(link).pathname + new URL(link).search);
  await expect(invited.locator("[data-waitlist-note]")).toContainText("Rewards: 1 referral: Early access.");
  if (!noJs) {
    await shot(invited, "waitlist-page", 1280);
    await shot(invited, "waitlist-page", 375);
  }
  await invited.context().close();

  // The friend opens the personal link (its path on this server) and confirms.
  const friendPage = await joinAndConfirm(browser, noJs, new URL(link).pathname + new URL(link).search, friend);
  await expect(friendPage.getByTestId("waitlist-place")).toContainText("3");
  await friendPage.context().close();

  await referrerPage.reload();
  await expect(referrerPage.getByTestId("waitlist-place")).toContainText("1");
  await expect(referrerPage.getByTestId("waitlist-referrals")).toHaveText("1");
  await expect(referrerPage.getByText("You have reached every reward.")).toBeVisible();
  await expect.poll(() => decoded(referrer).some((m) => /Subject: You earned a reward: Early access/.test(m)), { timeout: 30_000, message: "the reward e-mail" }).toBe(true);
  if (!noJs) {
    await shot(referrerPage, "waitlist-status", 1280);
    await shot(referrerPage, "waitlist-status", 375);
    expect(await referrerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await referrerPage.context().close();

  await page.reload();
  const line = page.getByTestId("waitlist-line");
  await expect(line.getByRole("listitem")).toHaveCount(3);
  await expect(line.getByRole("listitem").first()).toContainText(referrer);
  await expect(line.getByRole("listitem").first()).toContainText("1 referral");
  await expect(page.getByTestId("waitlist-referrals")).toContainText("Counts.");

  await page.getByLabel("How many").fill("1");
  await page.getByRole("button", { name: "Invite the next people" }).click();
  await expect(page.getByText("Invitation on its way to 1 lead at the top of the line")).toBeVisible();
  await expect(page.getByTestId("waitlist-line").getByRole("listitem").first()).toContainText("Invited");
  await expect.poll(() => decoded(referrer).some((m) => /Subject: It's your turn/.test(m)), { timeout: 30_000, message: "the invitation" }).toBe(true);
  expect(decoded(first).some((m) => /Subject: It's your turn/.test(m))).toBe(false);

  if (!noJs) {
    await shot(page, "waitlist-section", 1280);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`/dashboard/kits/${id}/waitlist`);
    await expectAxeCleanAndNoSidewaysScroll(page, "the Waitlist section at 375 px");
    await shot(page, "waitlist-section", 375);
  }
});
