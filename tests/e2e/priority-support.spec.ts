import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { decodeMail } from "../support/smtp-sink.mjs";
import { adminReady, expect, grantPlan, hydrated, isNoJs, mailsTo, PASSWORD, query, randomIp, signUp, test } from "./fixtures";

/**
 * Priority support in a browser, with JavaScript on and off (issue 31): a
 * Pro founder sends a message from /contact while signed in and is told it
 * gets priority; the admin sees it first in /admin/messages with the Pro
 * mark and the response target, replies (an empty reply is refused with a
 * message), the reply arrives in the SMTP sink threaded and quoting the
 * message, and shows in the thread; a non-admin is refused. Screenshots of
 * the inbox at 1280 and 375 px go to SUPPORT_SHOTS_DIR when set.
 */

const SHOTS = process.env.SUPPORT_SHOTS_DIR;
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

/** Signs in as this project's second admin (listed in ADMIN_EMAILS), creating it once (as admin.spec.ts does). */
async function signInAdmin(page: Page, project: string) {
  const email = `admin2-${project}@e2e.test`;
  if (query("select id from users where email = ?", email).length === 0) {
    await signUp(page, { email, name: "Grace Admin" }).catch(() => undefined);
  }
  if (!page.url().includes("/dashboard")) {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard/);
  await adminReady(page, email);
  return email;
}

test("a Pro founder's message comes first in the inbox with its target; the admin's reply reaches them by e-mail and stays in the thread", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const tag = crypto.randomBytes(4).toString("hex");

  // A visitor's message first (older, not Pro).
  const visitor = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const visitorEmail = `visitor-${tag}@example.com`;
  const posted = await visitor.request.post("/contact", { form: { name: "Vera Visitor", email: visitorEmail, topic: "General question", message: `Visitor question ${tag}` } });
  expect(posted.status()).toBeLessThan(400);
  await visitor.close();

  // A Pro message from five days ago (at least three business days) that nobody answered: overdue.
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"), { fileMustExist: true });
  try {
    db.prepare("insert into contact_messages (id, name, email, topic, message, pro, handled, created_at) values (?, ?, ?, ?, ?, 1, 0, ?)")
      .run(`old-${tag}`, "Olga Overdue", `olga-${tag}@example.com`, "Sales inquiry", `Still waiting ${tag}`, Date.now() - 5 * 86_400_000);
  } finally {
    db.close();
  }

  // The Pro founder writes from /contact while signed in.
  const founderEmail = await signUp(page, { name: "Ada Founder" });
  grantPlan(founderEmail, "pro");
  await page.goto("/contact");
  if (!noJs) await hydrated(page);
  // Told before writing, not only after.
  await expect(page.getByTestId("pro-support")).toContainText("a reply within one business day");
  await page.getByLabel("Name", { exact: true }).fill("Ada Founder");
  await page.getByLabel("Email", { exact: true }).fill(founderEmail);
  await page.getByLabel("Topic", { exact: true }).selectOption("Technical support");
  await page.getByLabel("Message", { exact: true }).fill(`My deck <b>won't</b> export ${tag}.\nCan you help?`);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
  await expect(page.getByTestId("pro-priority")).toContainText("a reply within one business day");
  const [stored] = query<{ id: string; pro: number; user_id: string }>("select id, pro, user_id from contact_messages where email = ?", founderEmail);
  expect(stored!.pro).toBe(1);

  // A founder is not an admin: refused on the inbox, for a look and for a reply.
  expect((await page.request.get("/admin/messages", { maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.post("/admin/messages", { form: { intent: "reply", id: stored!.id, body: "sneaky" }, maxRedirects: 0 })).status()).toBe(403);

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() }, javaScriptEnabled: !noJs });
  const admin = await adminContext.newPage();
  const adminEmail = await signInAdmin(admin, info.project.name);
  const adminName = query<{ name: string }>("select name from users where email = ?", adminEmail)[0]!.name;
  await admin.goto("/admin/messages");
  if (!noJs) await hydrated(admin);
  const first = admin.getByTestId("message").first();
  await expect(first).toContainText(tag);
  await expect(first).toHaveAttribute("data-pro", "true");
  await expect(first.getByTestId("pro-mark")).toHaveText("Pro");
  await expect(first.getByTestId("wait")).toContainText(/waiting \d+ min · target: reply within one business day/);
  await expect(first.getByTestId("overdue")).toHaveCount(0);
  const overdue = admin.getByTestId("message").filter({ hasText: `Still waiting ${tag}` });
  await expect(overdue.getByTestId("overdue")).toHaveText("Overdue");
  await expect(overdue.getByTestId("wait")).toContainText("waiting 5 d · target: reply within one business day");
  const visitorMessage = admin.getByTestId("message").filter({ hasText: `Visitor question ${tag}` });
  await expect(visitorMessage).toHaveAttribute("data-pro", "false");
  await expect(visitorMessage.getByTestId("wait")).toContainText("target: reply within 24-48 hours");
  // Open Pro (newest first), then the visitor's open message.
  const order = await admin.getByTestId("message").allTextContents();
  const at = (text: string) => order.findIndex((t) => t.includes(text));
  expect(at(`export ${tag}`)).toBe(0);
  expect(at(`Still waiting ${tag}`)).toBeGreaterThan(0);
  expect(at(`Still waiting ${tag}`)).toBeLessThan(at(`Visitor question ${tag}`));

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: path.join(SHOTS, `inbox-${info.project.name}-${width}.png`), fullPage: false });
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
  }

  // An empty reply: a clear message, nothing sent.
  const proMessage = admin.getByTestId("message").filter({ hasText: `export ${tag}` });
  await proMessage.getByRole("button", { name: "Send reply" }).click();
  await expect(proMessage.getByRole("alert")).toHaveText("Write a reply before sending it.");
  expect(query("select id from contact_replies where message_id = ?", stored!.id)).toEqual([]);

  // The reply.
  await proMessage.getByLabel("Reply to Ada Founder by e-mail").fill(`Hi Ada,\n\nFixed on our side (${tag}): try again & tell us.`);
  await proMessage.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Reply sent." })).toBeVisible();
  const replied = admin.getByTestId("message").filter({ hasText: `My deck` }).filter({ hasText: tag });
  await expect(replied.getByTestId("reply")).toHaveCount(1);
  await expect(replied.getByTestId("reply")).toContainText(`${adminName} replied`);
  await expect(replied.getByTestId("reply")).toContainText(`Fixed on our side (${tag}): try again & tell us.`);
  await expect(replied).toContainText("Handled");
  await expect(replied.getByRole("button", { name: "Reopen" })).toBeVisible();

  // The e-mail, from the SMTP sink.
  await expect.poll(() => mailsTo(founderEmail).filter((m) => header(m.raw, "Subject") === "Re: Technical support").length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(founderEmail).find((m) => header(m.raw, "Subject") === "Re: Technical support")!;
  const [reply] = query<{ email_message_id: string }>("select email_message_id from contact_replies where message_id = ?", stored!.id);
  expect(header(mail.raw, "Message-ID")).toBe(reply!.email_message_id);
  expect(header(mail.raw, "From")).toBe("LaunchKit <no-reply@e2e.test>");
  const body = decodeMail(mail.raw);
  expect(body).toContain(`Fixed on our side (${tag}): try again & tell us.`);
  expect(body).toContain(`> My deck <b>won't</b> export ${tag}.`);
  expect(body).toContain(`My deck &lt;b&gt;won&#39;t&lt;/b&gt; export ${tag}.`);

  // Reopened and answered again: the second e-mail is In-Reply-To the first (the sender's threading headers in the production build).
  await replied.getByRole("button", { name: "Reopen" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Marked as open." })).toBeVisible();
  await replied.getByLabel("Reply to Ada Founder by e-mail").fill(`One more thing (${tag}).`);
  await replied.getByRole("button", { name: "Send reply" }).click();
  await expect(replied.getByTestId("reply")).toHaveCount(2);
  await expect(replied.getByTestId("reply").nth(1)).toContainText(`One more thing (${tag}).`);
  await expect.poll(() => mailsTo(founderEmail).filter((m) => header(m.raw, "Subject") === "Re: Technical support").length, { timeout: 30_000 }).toBe(2);
  const second = mailsTo(founderEmail).find((m) => decodeMail(m.raw).includes(`One more thing (${tag}).`))!;
  expect(header(second.raw, "In-Reply-To")).toBe(reply!.email_message_id);

  if (SHOTS) {
    await replied.scrollIntoViewIfNeeded();
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      await replied.screenshot({ path: path.join(SHOTS, `thread-${info.project.name}-${width}.png`) });
    }
  }
  await adminContext.close();
});
