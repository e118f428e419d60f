import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { decodeMail } from "../support/smtp-sink.mjs";
import { adminReady, expect, grantPlan, hydrated, isNoJs, mailsTo, PASSWORD, query, randomIp, signUp, test } from "./fixtures";

/**
 * Priority support in a browser, with JavaScript on and off: a
 * Pro founder sends a message from /contact while signed in and is told it
 * gets priority; the admin sees it first in /admin/messages with the Pro
 * mark and the response target, replies (an empty reply is refused with a
 * message), the reply arrives in the SMTP sink threaded and quoting the
 * message, at the account's address with the team's Reply-To (SUPPORT_EMAIL),
 * and shows in the thread; a non-admin is refused. /contact fills in the
 * founder's name and address and tells a Pro founder one response time. A
 * message posted with a stranger's address is answered at the account's
 * address only; a visitor's gets no e-mail from LaunchKit. Screenshots of
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
  // First, as an attacker would: a post with a stranger's address typed in (the form shows it read-only).
  const stranger = `stranger-${tag}@third-party.test`;
  const forged = await page.request.post("/contact", {
    form: { name: "Ada Founder", email: stranger, topic: "General question", message: `Forward this to my friend ${tag}` },
    headers: { "X-Forwarded-For": randomIp() },
  });
  expect(forged.status()).toBeLessThan(400);
  expect(query("select email from contact_messages where message = ?", `Forward this to my friend ${tag}`)).toEqual([{ email: founderEmail }]);
  await page.goto("/contact");
  if (!noJs) await hydrated(page);
  // Told before writing, not only after, and told one thing: Pro's target, not also the general 24-48 hours.
  await expect(page.getByTestId("pro-support")).toContainText("a reply within one business day");
  const responseCard = page.locator("section", { has: page.getByRole("heading", { name: "Response time" }) });
  await expect(responseCard).not.toContainText("24-48 hours");
  // What the account knows is filled in; the address replies go to is the account's.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada Founder");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(founderEmail);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByText("Your account's address: we reply there.")).toBeVisible();
  await page.getByLabel("Topic", { exact: true }).selectOption("Technical support");
  await page.getByLabel("Message", { exact: true }).fill(`My deck <b>won't</b> export ${tag}.\nCan you help?`);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
  await expect(page.getByTestId("pro-priority")).toContainText("a reply within one business day");
  const [stored] = query<{ id: string; pro: number; user_id: string }>("select id, pro, user_id from contact_messages where email = ? and topic = ?", founderEmail, "Technical support");
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
  // The other project's run shares the inbox: its Pro messages may be newer, so this one is found by its text.
  const first = admin.getByTestId("message").filter({ hasText: `export ${tag}` });
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
  // Nobody confirmed the visitor's address: no reply form, the reason, and a link for the admin's own mail client.
  await expect(visitorMessage.getByTestId("no-reply")).toContainText("nobody has confirmed that this address is theirs");
  await expect(visitorMessage.getByRole("link", { name: `Write to ${visitorEmail}` })).toHaveAttribute("href", `mailto:${visitorEmail}`);
  await expect(visitorMessage.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  // Open Pro (newest first), then the visitor's open message.
  const order = await admin.getByTestId("message").allTextContents();
  const at = (text: string) => order.findIndex((t) => t.includes(text));
  // Only open Pro messages (this run's, or the other project's) come before it.
  const pro = await admin.getByTestId("message").evaluateAll((items) => items.map((li) => li.getAttribute("data-pro") === "true" && !li.textContent!.includes("Handled")));
  expect(pro.slice(0, at(`export ${tag}`) + 1).every(Boolean)).toBe(true);
  expect(at(`export ${tag}`)).toBeLessThan(at(`Forward this to my friend ${tag}`));
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

  // The reply: to the account's address, answered back to the team.
  await expect(proMessage.getByTestId("reply-route")).toContainText(`Goes to ${founderEmail}, the account's confirmed address`);
  await expect(proMessage.getByTestId("reply-route")).toContainText("their answer comes back to LaunchKit support <support@e2e.test>");
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
  expect(header(mail.raw, "To")).toBe(founderEmail);
  expect(header(mail.raw, "Reply-To")).toBe("LaunchKit support <support@e2e.test>");
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

  // The forged message: answered at the account's address, never the stranger's.
  const forgedMessage = admin.getByTestId("message").filter({ hasText: `Forward this to my friend ${tag}` });
  await expect(forgedMessage.getByTestId("reply-route")).toContainText(`Goes to ${founderEmail}`);
  await forgedMessage.getByLabel("Reply to Ada Founder by e-mail").fill(`Not forwarding (${tag}).`);
  await forgedMessage.getByRole("button", { name: "Send reply" }).click();
  await expect(forgedMessage.getByTestId("reply")).toHaveCount(1);
  await expect.poll(() => mailsTo(founderEmail).filter((m) => decodeMail(m.raw).includes(`Not forwarding (${tag}).`)).length, { timeout: 30_000 }).toBe(1);
  expect(mailsTo(stranger)).toEqual([]);

  if (SHOTS) {
    await replied.scrollIntoViewIfNeeded();
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      await replied.screenshot({ path: path.join(SHOTS, `thread-${info.project.name}-${width}.png`) });
    }
  }
  await adminContext.close();
});
