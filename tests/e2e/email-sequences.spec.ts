import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser } from "@playwright/test";
import { decodeMail } from "../support/smtp-sink.mjs";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, grantPlan, hydrated, isNoJs, mailsTo, signUp, test } from "./fixtures";
import { visitor } from "./wizard-helpers";

/**
 * E-mail sequences in a browser, with JavaScript on and off: a
 * Pro founder sets the sender's address and double opt-in, edits e-mail 1
 * and sends themself a test; a visitor signs up on the published page,
 * confirms through the e-mailed link, gets e-mail 1 in the SMTP sink and
 * unsubscribes with an RFC 8058 one-click POST (no cookies); the lead list
 * shows it; a broadcast reaches only the confirmed, subscribed lead; another
 * user gets 404 on all of it. Screenshots at 1280 and 375 px go to
 * EMAIL_SHOTS_DIR when set.
 */

const SHOTS = process.env.EMAIL_SHOTS_DIR;

const decoded = (address: string) => mailsTo(address).map((m) => decodeMail(m.raw));
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

async function leadSignsUp(browser: Browser, noJs: boolean, slug: string, email: string) {
  const guest = await visitor(browser, noJs);
  await guest.goto(`/p/${slug}`);
  await guest.locator("#signup").getByLabel("E-mail address").fill(email);
  await guest.locator("#signup").getByRole("button").click();
  await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  return guest;
}

async function confirmsByMail(browser: Browser, noJs: boolean, email: string) {
  let link = "";
  await expect.poll(() => (link = /https?:\/\/[^/\s"]+(\/e\/confirm\/[\w.-]+)/.exec(decoded(email).join("\n"))?.[1] ?? ""), { timeout: 30_000, message: `a confirmation e-mail to ${email}` }).not.toBe("");
  const guest = await visitor(browser, noJs);
  await guest.goto(link);
  await guest.getByRole("button", { name: "Yes, send me e-mails" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("You are confirmed");
  await guest.context().close();
}

test("a founder's welcome sequence and broadcast reach confirmed, subscribed leads; one click unsubscribes", async ({ page, browser, playwright }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page);
  confirmAddress(founderEmail);
  grantPlan(founderEmail, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `mail-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const base = `/dashboard/kits/${id}/email`;

  await page.goto(base);
  if (!noJs) await hydrated(page);
  await expect(page.getByRole("link", { name: "E-mail", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Welcome sequence" })).toBeVisible();
  await expect(page.getByTestId("step-form")).toHaveCount(3);

  // Turning it on without an address is refused, with the reason.
  await page.getByLabel("Send the sequence to new leads").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a postal address: every e-mail must name where it comes from.")).toBeVisible();
  await page.getByLabel("Send the sequence to new leads").check();
  await page.getByLabel(/Double opt-in/).check();
  await page.getByLabel(/Your postal address/).fill("7 Kennel Lane, Leeds LS1 4AP");
  // The browser is not invited to fill in the founder's own address: the Reply-To is shown to every lead.
  await expect(page.getByLabel("Reply-To address (optional)")).toHaveAttribute("autocomplete", "off");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  // Edit e-mail 1 and send a test.
  const first = page.getByTestId("step-form").first();
  await first.getByLabel("Subject").fill(`Welcome to the pack ${tag}`);
  await first.getByRole("button", { name: "Save e-mail 1" }).click();
  await expect(page.getByText("E-mail saved.")).toBeVisible();
  await page.getByTestId("step-form").first().getByRole("button", { name: "Send me a test" }).click();
  await expect(page.getByText("Test sent to your address.")).toBeVisible();
  await expect.poll(() => decoded(founderEmail).some((m) => header(m, "Subject") === `[Test] Welcome to the pack ${tag}`), { timeout: 20_000 }).toBe(true);

  if (SHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      fs.writeFileSync(`${SHOTS}/email-section-${info.project.name}-${width}.png`, await page.screenshot({ fullPage: true }));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Three visitors: A confirms then unsubscribes, B confirms, C never confirms.
  const [a, b, c] = ["a", "b", "c"].map((x) => `lead-${x}-${tag}@example.com`);
  for (const email of [a!, b!, c!]) await (await leadSignsUp(browser, noJs, slug, email)).context().close();
  await confirmsByMail(browser, noJs, a!);
  await confirmsByMail(browser, noJs, b!);
  let welcome = "";
  await expect.poll(() => (welcome = decoded(a!).find((m) => header(m, "Subject") === `Welcome to the pack ${tag}`) ?? ""), { timeout: 30_000, message: "e-mail 1 to A" }).not.toBe("");
  expect(header(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(header(welcome, "List-Unsubscribe")!)![1]!;
  expect(welcome).toContain("7 Kennel Lane, Leeds LS1 4AP");
  // RFC 8058: a POST without cookies (a fresh request context), List-Unsubscribe=One-Click.
  const mailClient = await playwright.request.newContext();
  const oneClick = await mailClient.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(oneClick.status()).toBe(200);
  await mailClient.dispose();

  await page.goto(base);
  const rows = page.getByTestId("email-leads");
  await expect(rows.getByRole("row", { name: new RegExp(a!) })).toContainText("Unsubscribed");
  await expect(rows.getByRole("row", { name: new RegExp(a!) })).toContainText("1");
  await expect(rows.getByRole("row", { name: new RegExp(c!) })).toContainText("Not confirmed");

  // A broadcast, now: only B (confirmed, subscribed) gets it.
  const broadcast = page.getByTestId("broadcast-form");
  await broadcast.getByLabel("Subject").fill(`We launched ${tag}!`);
  await broadcast.getByLabel("Body").fill("The van is on the road. **Book your first groom.**");
  await broadcast.getByRole("button", { name: "Send broadcast" }).click();
  await expect(page.getByText("Broadcast scheduled")).toBeVisible();
  await expect.poll(() => decoded(b!).some((m) => header(m, "Subject") === `We launched ${tag}!`), { timeout: 30_000, message: "the broadcast to B" }).toBe(true);
  for (const email of [a!, c!]) expect(decoded(email).some((m) => header(m, "Subject") === `We launched ${tag}!`)).toBe(false);
  expect(decoded(c!).map((m) => header(m, "Subject"))).toEqual([expect.stringMatching(/^Please confirm/)]);
  // RFC 8058 also allows multipart/form-data: B leaves that way.
  const bMail = decoded(b!).find((m) => header(m, "Subject") === `We launched ${tag}!`)!;
  expect(header(bMail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const client2 = await playwright.request.newContext();
  const multipart = await client2.post(/^<(https?:\/\/[^>]+)>$/.exec(header(bMail, "List-Unsubscribe")!)![1]!, { multipart: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(multipart.status()).toBe(200);
  await client2.dispose();
  await page.goto(base);
  await expect(page.getByTestId("email-leads").getByRole("row", { name: new RegExp(b!) })).toContainText("Unsubscribed");
  if (SHOTS) {
    // The lead list and the broadcast, at both widths.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      fs.writeFileSync(`${SHOTS}/email-leads-${info.project.name}-${width}.png`, await page.getByTestId("email-leads").locator("xpath=ancestor::section[1]/..").screenshot());
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Another user: 404 on the section and its forms.
  const stranger = await browser.newContext({ javaScriptEnabled: !noJs });
  const other = await stranger.newPage();
  await signUp(other);
  expect((await other.request.get(base)).status()).toBe(404);
  expect((await other.request.post(base, { form: { intent: "broadcast", subject: "x", body: "y", when: "now" }, maxRedirects: 0 })).status()).toBe(404);
  await stranger.close();
});
