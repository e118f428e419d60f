import type { Page } from "@playwright/test";
import { expect, expectAxeCleanAndNoSidewaysScroll, hydrated, isNoJs, mailsTo, signUp, test } from "./fixtures";
import { kitWithLanding, visitor } from "./wizard-helpers";

/**
 * The press kit published with the landing page, with JavaScript on and off:
 * the founder sets their role in the page's settings and publishes; a
 * visitor follows the page's footer to the press kit, reads it, and writes
 * through its contact form; the founder gets the message by e-mail with
 * Reply-To the visitor, whose browser never saw the founder's address.
 */

const createKit = (page: Page) => kitWithLanding(page, { audience: "Busy professionals, new parents" });

test("the press kit: role in the settings, linked from the page, read by a visitor, the contact form reaches the founder", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const founderEmail = await signUp(page, { name: "Ada Founder" });
  const { id, tag } = await createKit(page);
  const slug = `press-${tag}-${noJs ? "nojs" : "js"}`;

  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Your role (press kit)").fill("Head groomer");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Your role (press kit)")).toHaveValue("Head groomer");
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();
  await expect(page.getByTestId("press-url")).toHaveText(new RegExp(`/p/${slug}/press$`));

  const guest = await visitor(browser, noJs);
  try {
    await guest.goto(`/p/${slug}`);
    await guest.getByRole("contentinfo").getByRole("link", { name: "Press kit" }).click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/press$`));
    await expect(guest.getByRole("heading", { level: 2, name: "Press release" })).toBeVisible();
    await expect(guest.getByRole("heading", { level: 2, name: "Fact sheet" })).toBeVisible();
    await expect(guest.getByRole("heading", { level: 2, name: "Logos" })).toBeVisible();
    await expect(guest.getByText("Ada Founder, Head groomer of").first()).toBeVisible();
    // axe runs inside the page: with JavaScript only.
    if (!noJs) await expectAxeCleanAndNoSidewaysScroll(guest, "press kit");
    const logo = await guest.request.get(`/p/${slug}/press/logo.svg`);
    expect(logo.status()).toBe(200);
    expect(logo.headers()["content-type"]).toBe("image/svg+xml");

    const contact = guest.locator("#contact");
    await contact.getByLabel("Your name").fill("Jo Reporter");
    await contact.getByLabel("Your e-mail address").fill(`jo-${tag}@newsroom.example`);
    await contact.getByLabel("Publication (optional)").fill("The Daily Wag");
    await contact.getByLabel("Message").fill(`Could we talk about your launch? (${tag})`);
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(guest.getByText("Message sent!")).toBeVisible();
    expect(await guest.content()).not.toContain(founderEmail);
  } finally {
    await guest.context().close();
  }

  await expect.poll(() => mailsTo(founderEmail).filter((m) => m.raw.includes(tag)).length, { timeout: 20_000 }).toBe(1);
  const mail = mailsTo(founderEmail).find((m) => m.raw.includes(tag))!;
  expect(mail.raw).toMatch(new RegExp(`^Reply-To: jo-${tag}@newsroom\\.example`, "im"));
  expect(mail.raw).toMatch(/^Subject: Press enquiry about /im);
});
