import { expect, hydrated, isNoJs, query, signUp, test } from "./fixtures";
import { kitWithLanding, visitor } from "./wizard-helpers";

/**
 * A "book calls" page asks for what a callback needs: a phone number and a
 * preferred time, next to the name and e-mail. A number that cannot be
 * dialled is refused with a message (the form keeps what was typed); a good
 * one is stored and shown to the founder. With JavaScript on and off.
 */

test("a callback page's form asks for a phone and a time, refuses a bad number, stores a good one", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id, tag } = await kitWithLanding(page, { goal: "book calls" });

  const slug = `callback-${tag}-${noJs ? "nojs" : "js"}`;
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();

  const guest = await visitor(browser, noJs);
  try {
    await guest.goto(`/p/${slug}`);
    const form = guest.locator("#signup form");
    await expect(form.getByLabel("Phone number")).toHaveAttribute("type", "tel");
    await expect(form.getByLabel("Preferred time for a call")).toBeVisible();

    // A number with letters in it: the browser lets it through (type=tel has no format), the server refuses it.
    await form.getByLabel("Your name").fill("Grace Caller");
    await form.getByLabel("E-mail address").fill(`caller-${tag}@example.com`);
    await form.getByLabel("Phone number").fill("call me maybe");
    await form.getByLabel("Preferred time for a call").fill("Weekday mornings");
    await form.getByRole("button").click();
    await expect(guest.getByRole("alert")).toHaveText("Please enter a phone number we can call, like +44 20 7946 0958.");
    await expect(guest.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    await expect(guest.getByLabel("Preferred time for a call")).toHaveValue("Weekday mornings");
    expect(query("select id from leads where kit_id = ?", id)).toEqual([]);

    await guest.getByLabel("Phone number").fill("+1 (512) 555-0143");
    await guest.getByRole("button").last().click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  } finally {
    await guest.context().close();
  }
  expect(query("select email, phone, preferred_time from leads where kit_id = ?", id)).toEqual([
    { email: `caller-${tag}@example.com`, phone: "+1 (512) 555-0143", preferred_time: "Weekday mornings" },
  ]);

  await page.goto(`/dashboard/kits/${id}/website`);
  await expect(page.getByTestId("lead-phone")).toHaveText("+1 (512) 555-0143");
  await expect(page.getByTestId("lead-phone")).toHaveAttribute("href", "tel:+15125550143");
});

test("a camp's pre-order form books a date and a number of places, refuses a past date, stores a good one", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  await signUp(page);
  const { id, tag } = await kitWithLanding(page, { audience: "Parents in Lisbon", geography: "Lisbon, Portugal", goal: "pre-orders", vibe: "playful" }, (t) => `A summer pottery camp ${t} for kids aged 8-12 in Lisbon at €295 a week`);

  const slug = `camp-${tag}-${noJs ? "nojs" : "js"}`;
  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your page is live.")).toBeVisible();

  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const guest = await visitor(browser, noJs);
  try {
    await guest.goto(`/p/${slug}`);
    const form = guest.locator("#signup form");
    await expect(form.getByLabel("Date", { exact: true })).toHaveAttribute("type", "date");
    await form.getByLabel("E-mail address").fill(`parent-${tag}@example.com`);
    await form.getByLabel("Number of places").fill("2");
    // A past date: the browser's own min check is skipped, so the server's is the one tested.
    await form.getByLabel("Date", { exact: true }).evaluate((el: HTMLInputElement) => el.removeAttribute("min"));
    await form.getByLabel("Date", { exact: true }).fill("2020-01-06");
    await form.getByRole("button").click();
    await expect(guest.getByRole("alert")).toHaveText("Please choose a date from today on, like 2027-07-06.");
    expect(query("select id from leads where kit_id = ?", id)).toEqual([]);

    await guest.getByLabel("Date", { exact: true }).fill(day);
    await guest.getByLabel("Number of places").fill("2");
    await guest.getByRole("button").last().click();
    await expect(guest).toHaveURL(new RegExp(`/p/${slug}/thanks`));
  } finally {
    await guest.context().close();
  }
  expect(query("select email, booking_date, party_size from leads where kit_id = ?", id)).toEqual([{ email: `parent-${tag}@example.com`, booking_date: day, party_size: 2 }]);
  await page.goto(`/dashboard/kits/${id}/website`);
  await expect(page.getByText(`for ${day} · 2 places`)).toBeVisible();
});
