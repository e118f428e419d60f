import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import { decodeMail } from "../support/smtp-sink.mjs";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, mailsTo, query, signUp, test } from "./fixtures";
import { visitor } from "./wizard-helpers";

/**
 * Leads collected before double opt-in, with JavaScript on and off: two
 * visitors sign up before the founder first opens the E-mail section; once
 * double opt-in is on, the totals say neither has confirmed, a broadcast is
 * counted for nobody, "Ask existing leads to confirm" (a plain POST) e-mails
 * each one confirmation, a second ask e-mails nobody, and after one of them
 * confirms, the next broadcast goes to that one only. At 375 px, with an
 * e-mail subject as long as the form allows, the section does not scroll
 * sideways.
 */

const decoded = (address: string) => mailsTo(address).map((m) => decodeMail(m.raw));
const subjectOf = (raw: string) => /^Subject: (.*)$/im.exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? "";

async function leadSignsUp(browser: Browser, noJs: boolean, slug: string, email: string) {
  const guest = await visitor(browser, noJs);
  await guest.goto(`/p/${slug}`);
  await guest.locator("#signup").getByLabel("E-mail address").fill(email);
  await guest.locator("#signup").getByRole("button").click();
  await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  await guest.context().close();
}

test("leads from before double opt-in get nothing until they confirm; the founder asks them once", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page);
  confirmAddress(founderEmail);
  grantPlan(founderEmail, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `early-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const base = `/dashboard/kits/${id}/email`;

  const [early, later] = ["early", "later"].map((x) => `lead-${x}-${tag}@example.com`) as [string, string];
  await leadSignsUp(browser, noJs, slug, early);
  await leadSignsUp(browser, noJs, slug, later);

  await page.goto(base);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Send the sequence to new leads").check();
  await page.getByLabel(/Double opt-in/).check();
  await page.getByLabel(/Your postal address/).fill("7 Kennel Lane, Leeds LS1 4AP");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.getByTestId("email-lead-totals")).toHaveText("2 leads: 2 joined before double opt-in, not confirmed");
  await expect(page.getByTestId("broadcast-form")).toContainText("One e-mail to every confirmed, subscribed lead of this page: 0 leads today.");
  // The broadcast form comes before the lead list.
  const formFirst = await page.evaluate(() => {
    const form = document.querySelector('[data-testid="broadcast-form"]')!;
    const list = document.querySelector('[data-testid="email-leads"]')!;
    return Boolean(form.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(formFirst).toBe(true);

  await page.getByRole("button", { name: "Ask existing leads to confirm" }).click();
  await expect(page.getByText("Confirmation e-mail on its way to 2 leads.")).toBeVisible();
  let link = "";
  await expect
    .poll(() => (link = /https?:\/\/[^/\s"]+(\/e\/confirm\/[\w.-]+)/.exec(decoded(early).join("\n"))?.[1] ?? ""), { timeout: 30_000, message: `a confirmation e-mail to ${early}` })
    .not.toBe("");
  await expect.poll(() => decoded(later).map(subjectOf), { timeout: 30_000 }).toEqual([expect.stringMatching(/^Please confirm/)]);

  // Asking again the same day e-mails nobody, and says why.
  await page.getByRole("button", { name: "Ask existing leads to confirm" }).click();
  await expect(page.getByText(/Nobody was e-mailed now/)).toBeVisible();

  const guest = await visitor(browser, noJs);
  await guest.goto(link);
  await guest.getByRole("button", { name: "Yes, send me e-mails" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("You are confirmed");
  await guest.context().close();

  await page.goto(base);
  await expect(page.getByTestId("email-lead-totals")).toHaveText("2 leads: 1 subscribed · 1 joined before double opt-in, not confirmed");
  const broadcast = page.getByTestId("broadcast-form");
  await broadcast.getByLabel("Subject").fill(`Open now ${tag}`);
  await broadcast.getByLabel("Body").fill("Come and see.");
  await broadcast.getByRole("button", { name: "Send broadcast" }).click();
  await expect(page.getByText("Broadcast scheduled")).toBeVisible();
  await expect.poll(() => decoded(early).some((m) => subjectOf(m) === `Open now ${tag}`), { timeout: 30_000, message: "the broadcast to the confirmed lead" }).toBe(true);
  const [row] = query<{ recipients: number }>("select recipients from email_broadcasts where kit_id = ? and subject = ?", id, `Open now ${tag}`);
  expect(row!.recipients).toBe(1);
  expect(decoded(later).map(subjectOf)).toEqual([expect.stringMatching(/^Please confirm/)]);

  // 375 px: the longest subject the form allows makes the "Place" choice as wide as it gets; nothing scrolls sideways.
  const first = page.getByTestId("step-form").first();
  await first.getByLabel("Subject").fill(`A very long subject line for the first welcome e-mail of ${tag} that goes on and on to the limit`.padEnd(120, "x"));
  await first.getByRole("button", { name: "Save e-mail 1" }).click();
  await expect(page.getByText("E-mail saved.")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(base);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // axe runs as a script in the page, so only with JavaScript on (the markup is the same server-rendered one either way).
  if (!noJs) await expectAxeCleanAndNoSidewaysScroll(page, "the E-mail section at 375 px");
});

test("an unsubscribed lead is not e-mailed when someone signs the address up again; the link of an e-mail they had brings them back", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page);
  confirmAddress(founderEmail);
  grantPlan(founderEmail, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `back-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const base = `/dashboard/kits/${id}/email`;
  await page.goto(base);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Send the sequence to new leads").check();
  await page.getByLabel(/Your postal address/).fill("7 Kennel Lane, Leeds LS1 4AP");
  await page.getByLabel("Reply-To address (optional)").fill(`replies-${tag}@example.com`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  const lead = `lead-back-${tag}@example.com`;
  await leadSignsUp(browser, noJs, slug, lead);
  let welcome = "";
  await expect.poll(() => (welcome = decoded(lead)[0] ?? ""), { timeout: 30_000, message: "e-mail 1" }).not.toBe("");
  expect(welcome).toMatch(new RegExp(`^Reply-To: replies-${tag}@example\\.com\\r?$`, "m"));
  const unsubscribe = /^List-Unsubscribe: <https?:\/\/[^/>]+([^>]+)>/m.exec(welcome)![1]!;

  const guest = await visitor(browser, noJs);
  await guest.goto(unsubscribe);
  await guest.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  // Someone types the address into the page again: the answer is the usual one, and nothing is sent.
  await leadSignsUp(browser, noJs, slug, lead);
  await guest.getByRole("button", { name: "Send me a confirmation link" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  let link = "";
  await expect.poll(() => (link = /https?:\/\/[^/\s"]+(\/e\/confirm\/[\w.-]+)/.exec(decoded(lead).join("\n"))?.[1] ?? ""), { timeout: 30_000, message: "the confirmation link" }).not.toBe("");
  await guest.goto(link);
  await guest.getByRole("button", { name: "Yes, send me e-mails" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("You are confirmed");
  await guest.context().close();
  expect(decoded(lead).map(subjectOf).filter((s) => /^Please confirm/.test(s))).toHaveLength(1);

  await page.goto(base);
  await expect(page.getByTestId("email-leads").getByRole("row", { name: new RegExp(lead) })).toContainText("Subscribed");
});
