import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { leads, rateLimitHits } from "~/db/schema";
import { createBuiltinProvider } from "~/generation/providers/builtin.server";
import { setProviderForTests } from "~/generation/providers/index.server";
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
    expect(lines[0]).toBe("Email,Name,Phone,Preferred Time,Signed Up At");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 4).join(",")).sort()).toEqual([
      `"ada@example.com","Ada","'+44 (20) 7946-0958","Weekday mornings"`,
      `"minus@example.com","Ada","'-1 555 0100","Weekday mornings"`,
      "",
    ].sort());
  });
});
