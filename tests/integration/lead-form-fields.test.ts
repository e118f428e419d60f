import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { leads, rateLimitHits } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { founder, kitFor, postLead, publicGet, resource, workspace } from "../support/landing-routes";

/**
 * A callback page ("book calls") asks for a phone number next to the name,
 * e-mail and preferred time: checked on the server, stored, in the CSV
 * (formula-safe) and refused with a 400 and no row when it cannot be dialled.
 */

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));
beforeEach(async () => {
  await getDb().delete(rateLimitHits);
});

const rows = (kitId: string) =>
  getDb().select({ email: leads.email, name: leads.name, phone: leads.phone, preferredTime: leads.preferredTime }).from(leads).where(eq(leads.kitId, kitId));

async function callPage(slug: string) {
  const { user, cookie } = await founder("callback");
  const kit = await kitFor(user.id, "book calls");
  expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { kit, cookie };
}

const good = { email: "ada@example.com", name: "Ada", phone: "+44 (20) 7946-0958", time: "Weekday mornings" };

describe("the callback form's phone number", () => {
  it("is a field of the published page, and is stored with the lead", async () => {
    const slug = `callback-${Date.now()}`;
    const { kit } = await callPage(slug);
    const page = (await publicGet(slug)).body;
    expect(page).toMatch(/<input id="lead-phone" name="phone" type="tel" autocomplete="tel"[^>]* required/);
    expect(page).toContain('<label for="lead-time">Preferred time for a call</label>');

    expect((await postLead(slug, good)).status).toBe(303);
    expect(await rows(kit.id)).toEqual([{ email: "ada@example.com", name: "Ada", phone: "+44 (20) 7946-0958", preferredTime: "Weekday mornings" }]);
  });

  it.each([
    ["", "Please enter your phone number."],
    ["call me", "Please enter a phone number we can call, like +44 20 7946 0958."],
    ["12345", "Please enter a phone number we can call, like +44 20 7946 0958."],
    ["+1 234 567 890 123 456 789 01", "Please enter a phone number we can call, like +44 20 7946 0958."],
    ['"><script>alert(1)</script>', "Please enter a phone number we can call, like +44 20 7946 0958."],
  ])("%j is refused with a 400, the message and no row", async (phone, message) => {
    const slug = `callback-bad-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const { kit } = await callPage(slug);
    const res = await postLead(slug, { ...good, phone });
    expect(res.status).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).toMatch(/id="lead-phone"[^>]*aria-invalid="true"/);
    // What was typed comes back escaped, never as markup.
    expect(res.body).not.toContain("<script>alert(1)");
    expect(await rows(kit.id)).toEqual([]);
  });

  it("accepts 6 and 20 digits, keeps a time of 60 characters and refuses 61", async () => {
    const slug = `callback-edges-${Date.now()}`;
    const { kit } = await callPage(slug);
    expect((await postLead(slug, { ...good, email: "six@example.com", phone: "123 456" })).status).toBe(303);
    expect((await postLead(slug, { ...good, email: "twenty@example.com", phone: "+12345678901234567890", time: "t".repeat(60) })).status).toBe(303);
    const long = await postLead(slug, { ...good, email: "long@example.com", time: "t".repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body).toContain("Please keep a preferred time under 60 characters.");
    expect((await rows(kit.id)).map((r) => r.phone).sort()).toEqual(["+12345678901234567890", "123 456"]);
  });

  it("an e-mail-only page stores no phone even when one is posted", async () => {
    const { user, cookie } = await founder("waitlist");
    const kit = await kitFor(user.id, "waitlist");
    const slug = `waitlist-${Date.now()}`;
    expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
    expect((await publicGet(slug)).body).not.toContain('name="phone"');
    expect((await postLead(slug, { email: "w@example.com", phone: "+1 555 0100" })).status).toBe(303);
    expect(await rows(kit.id)).toEqual([{ email: "w@example.com", name: null, phone: null, preferredTime: null }]);
  });

  it("is a column of the leads CSV, formula-safe", async () => {
    const slug = `callback-csv-${Date.now()}`;
    const { kit, cookie } = await callPage(slug);
    expect((await postLead(slug, good)).status).toBe(303);
    expect((await postLead(slug, { ...good, email: "minus@example.com", phone: "-1 555 0100" })).status).toBe(303);
    const csv = await resource("~/routes/dashboard/workspace/website-leads-csv", cookie, `/dashboard/kits/${kit.id}/website/leads.csv`, { id: kit.id });
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("Email,Name,Phone,Preferred Time,Signed Up At,Date,Places");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 4).join(",")).sort()).toEqual([
      `"ada@example.com","Ada","'+44 (20) 7946-0958","Weekday mornings"`,
      `"minus@example.com","Ada","'-1 555 0100","Weekday mornings"`,
      "",
    ].sort());
  });
});

describe("a class or camp's booking form (pre-orders of what does not ship)", () => {
  const reservations = (kitId: string) => getDb().select({ email: leads.email, bookingDate: leads.bookingDate, partySize: leads.partySize }).from(leads).where(eq(leads.kitId, kitId));
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  async function campPage(slug: string) {
    const { user, cookie } = await founder("camp");
    const kit = await kitFor(user.id, "pre-orders", "A summer pottery camp for kids aged 8–12 in Lisbon at €295 a week");
    expect((await workspace(cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
    return { kit, cookie };
  }

  it("asks for a date and a number of places, stores them, and lists them in the CSV", async () => {
    const slug = `camp-${Date.now()}`;
    const { kit, cookie } = await campPage(slug);
    const page = (await publicGet(slug)).body;
    expect(page).toMatch(/<input id="lead-date" name="date" type="date" min="\d{4}-\d{2}-\d{2}"[^>]* required/);
    expect(page).toMatch(/<input id="lead-places" name="places" type="number" min="1" max="50"[^>]* required/);
    const day = inDays(30);
    expect((await postLead(slug, { email: "ines@example.com", date: day, places: "2" })).status).toBe(303);
    expect(await reservations(kit.id)).toEqual([{ email: "ines@example.com", bookingDate: day, partySize: 2 }]);
    const csv = await resource("~/routes/dashboard/workspace/website-leads-csv", cookie, `/dashboard/kits/${kit.id}/website/leads.csv`, { id: kit.id });
    expect(csv.body.split("\r\n")[1]).toMatch(new RegExp(`^"ines@example.com",.*"${day}","2"$`));
  });

  it.each([
    [{ date: "", places: "2" }, "Please choose a date from today on, like 2027-07-06."],
    [{ date: "2020-01-01", places: "2" }, "Please choose a date from today on, like 2027-07-06."],
    [{ date: "2027-02-30", places: "2" }, "Please choose a date from today on, like 2027-07-06."],
    [{ date: "in three weeks", places: "2" }, "Please choose a date from today on, like 2027-07-06."],
    [{ date: "in 10 days", places: "0" }, "Please say how many places, from 1 to 50."],
    [{ date: "in 10 days", places: "51" }, "Please say how many places, from 1 to 50."],
    [{ date: "in 10 days", places: "two" }, "Please say how many places, from 1 to 50."],
  ])("%j is refused with a 400, the message and no row", async (fields, message) => {
    const slug = `camp-bad-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const { kit } = await campPage(slug);
    const res = await postLead(slug, { email: "ines@example.com", places: fields.places, date: fields.date === "in 10 days" ? inDays(10) : fields.date });
    expect(res.status).toBe(400);
    expect(res.body).toContain(message);
    expect(await reservations(kit.id)).toEqual([]);
  });

  it("a far date (over two years ahead) is refused; goods pre-ordered keep the e-mail-only form", async () => {
    const slug = `camp-far-${Date.now()}`;
    const { kit } = await campPage(slug);
    expect((await postLead(slug, { email: "far@example.com", date: inDays(800), places: "1" })).status).toBe(400);
    expect(await reservations(kit.id)).toEqual([]);
    const { user, cookie } = await founder("mugs");
    const mugs = await kitFor(user.id, "pre-orders", "Handmade ceramic mugs sold online");
    const mugSlug = `mugs-${Date.now()}`;
    expect((await workspace(cookie, mugs.id, { intent: "publish", slug: mugSlug })).status).toBe(303);
    const page = (await publicGet(mugSlug)).body;
    expect(page).not.toContain('name="date"');
    expect(page).not.toContain('name="places"');
  });
});
