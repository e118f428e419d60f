import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetSessionSecretForTests } from "~/platform/secret.server";
import { resetConfigForTests } from "~/platform/config.server";
import { forgetMailKey } from "~/features/site/sequences/mail-key.server";
import { getDb } from "~/platform/db/client.server";
import { emailSends, leads, rateLimitHits, users, waitlistEntries } from "~/platform/db/schema";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { messageIdFor } from "~/features/site/sequences/headers";
import { claimSends, closeSequenceTransport, LEASE_MS, runSenderPass } from "~/features/site/sequences/sender.server";
import { confirmationToken, confirmLead, ensureSequence, updateSettings } from "~/features/site/sequences/sequences.server";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { createRequestContext } from "~/platform/http/request-context";
import { disqualify, entryOfLead, lineOf, placeOf, referralStatus, saveWaitlistSettings, statusToken } from "~/features/site/waitlist/waitlist.server";
import { clearFakeOpenAIEnv, useBuiltinProvider } from "../support/ai-env";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";

/**
 * The referral waitlist on SQLite and PostgreSQL, through the page's real
 * sign-up endpoint and the real confirmation: places computed the same way
 * every time, 1..n under 50 concurrent confirmations; a referral moves its
 * referrer only once the friend confirms; each fraud rule; reward e-mails
 * exactly once through the sequence sender and a real SMTP server; the
 * status page is only the lead's own.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let n = 0;

type Page = { kitId: string; pageId: string };

async function waitlistPage(prefix: string): Promise<Page & { cookie: string }> {
  const owner = await founder(prefix);
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  const kitId = (await kitFor(owner.user.id, "waitlist")).id;
  expect((await workspace(owner.cookie, kitId, { intent: "publish", slug: `${prefix}-${Date.now().toString(36)}` })).status).toBe(303);
  const pageId = (await landingPageOf(kitId))!.pageId!;
  await ensureSequence(kitId, () => writeWelcome(kitId));
  await updateSettings(kitId, { enabled: true, doubleOptIn: true, postalAddress: "1 Test Street, Bristol" });
  return { kitId, pageId, cookie: owner.cookie };
}

/** The Waitlist section (or its CSV) as its route runs: loader, or action with these fields. */
async function section(cookie: string, kitId: string, fields?: Record<string, string>, file = "waitlist", query = "") {
  const route = (await import(file === "waitlist" ? "~/routes/dashboard/workspace/waitlist" : "~/routes/dashboard/workspace/waitlist-csv")) as unknown as { loader: (a: never) => Promise<unknown>; action: (a: never) => Promise<unknown> };
  const url = `${ORIGIN}/dashboard/kits/${kitId}/${file === "waitlist" ? "waitlist" : "waitlist.csv"}${query}`;
  const args = (request: Request) => routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1")) as never;
  if (!fields) return call(() => route.loader(args(new Request(url, { headers: { Cookie: cookie } }))));
  const init = { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: ORIGIN } };
  return call(() => route.action(args(new Request(url, init))));
}

/** A sign-up through /f/<page_id> (?r= when referred), from its own network address and browser unless told. */
async function signUp(page: Page, email: string, opts: { r?: string; ip?: string; ua?: string } = {}) {
  const route = await import("~/routes/public/page-lead");
  const url = `${ORIGIN}/f/${page.pageId}${opts.r ? `?r=${opts.r}` : ""}`;
  const ip = opts.ip ?? `10.${40 + Math.floor(++n / 60000)}.${Math.floor(n / 250) % 250}.${n % 250}`;
  const init = { method: "POST", body: new URLSearchParams({ email }), headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": opts.ua ?? `${CHROME} ${n}` } };
  const answer = await call(() => route.action(routeArgs(new Request(url, init), { pageId: page.pageId }, createRequestContext(ip))));
  expect(answer.status).toBe(303);
  return (await getDb().select().from(leads).where(and(eq(leads.kitId, page.kitId), eq(leads.email, email))))[0]!;
}

const confirm = async (leadId: string) => expect(await confirmLead(confirmationToken(leadId))).toMatchObject({ leadId });
const codeOf = async (leadId: string) => (await entryOfLead(leadId))!.code;
const unique = (name: string, domain = "friends.test") => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

/** Confirmed leads in line, in sign-up order. */
async function line(page: Page, count: number) {
  const people = [];
  for (let i = 0; i < count; i++) people.push(await signUp(page, unique(`p${i}`)));
  for (const p of people) await confirm(p.id);
  return people;
}

function mailTo(email: string) {
  return fs
    .readdirSync(mailDir)
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(email))
    .map((m) => decodeMail(m.raw));
}

async function drain(now = new Date()) {
  for (let i = 0; i < 20; i++) {
    const r = await runSenderPass({ now });
    if (r.queued === 0 && r.broadcasts === 0 && r.outcomes.length === 0) return;
  }
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-waitlist-mail-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.APP_URL = "https://launchkit.test";
  process.env.SMTP_URL = sink.url;
  resetConfigForTests();
  closeSequenceTransport();
}, 60_000);

beforeEach(async () => {
  await getDb().delete(rateLimitHits);
});

afterAll(async () => {
  closeSequenceTransport();
  await sink.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetConfigForTests();
  clearFakeOpenAIEnv();
});

describe("places in line", () => {
  it("50 confirmations at once: places 1..50, no gap, no repeat, the same on every look", async () => {
    const page = await waitlistPage("wl-concurrent");
    const first = await signUp(page, unique("first"));
    await confirm(first.id);
    const code = await codeOf(first.id);
    const people = [];
    // Half of them referred by the first lead: the counts move places while they confirm.
    for (let i = 0; i < 49; i++) people.push(await signUp(page, unique(`c${i}`), i % 2 ? { r: code } : {}));
    await Promise.all(people.map((p) => confirmLead(confirmationToken(p.id))));
    const a = await lineOf(page.kitId);
    expect(a.map((p) => p.place)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(a.map((p) => p.leadId)).size).toBe(50);
    expect(await lineOf(page.kitId)).toEqual(a);
    // Every referral from a distinct address and browser counted exactly once.
    expect(a.find((p) => p.leadId === first.id)!.referrals).toBe(24);
    expect((await getDb().select().from(waitlistEntries).where(and(eq(waitlistEntries.kitId, page.kitId), eq(waitlistEntries.counted, true)))).length).toBe(24);
  }, 120_000);

  it("confirmations in the same millisecond keep the order they happened in (not the order of their random ids)", async () => {
    const page = await waitlistPage("wl-same-ms");
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await signUp(page, unique(`s${i}`)));
    const at = new Date();
    for (const p of people) expect(await confirmLead(confirmationToken(p.id), at)).toMatchObject({ leadId: p.id });
    expect((await lineOf(page.kitId)).map((p) => p.leadId)).toEqual(people.map((p) => p.id));
  }, 120_000);

  it("a referral moves its referrer up by the places set, only once the friend confirms, never past earlier leads with more referrals", async () => {
    const page = await waitlistPage("wl-moves");
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 3, referralsPerAddress: 3, rewards: [] });
    const people = await line(page, 10);
    const eighth = people[7]!;
    expect((await placeOf(page.kitId, eighth.id))!.place).toBe(8);
    const friend = await signUp(page, unique("friend"), { r: await codeOf(eighth.id) });
    // Signed up, not confirmed: nothing moves.
    expect((await placeOf(page.kitId, eighth.id))!.place).toBe(8);
    expect(referralStatus((await entryOfLead(friend.id))!)).toMatch(/not confirmed/);
    await confirm(friend.id);
    expect(await placeOf(page.kitId, eighth.id)).toMatchObject({ place: 5, referrals: 1, of: 11 });
    // The third lead gets a referral too: the eighth (same count, joined later) does not pass them.
    const other = await signUp(page, unique("other"), { r: await codeOf(people[2]!.id) });
    await confirm(other.id);
    expect((await placeOf(page.kitId, people[2]!.id))!.place).toBe(1);
    expect((await placeOf(page.kitId, eighth.id))!.place).toBe(5);
    // However many places a referral is worth, nobody passes a lead who confirmed earlier with more referrals.
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 100, referralsPerAddress: 3, rewards: [] });
    const ninth = people[8]!;
    for (const name of ["g1", "g2"]) await confirm((await signUp(page, unique(name), { r: await codeOf(eighth.id) })).id);
    await confirm((await signUp(page, unique("n1"), { r: await codeOf(ninth.id) })).id);
    const order = (await lineOf(page.kitId)).map((p) => p.leadId);
    expect(order.slice(0, 3)).toEqual([eighth.id, people[2]!.id, ninth.id]);
  }, 120_000);
});

describe("fraud resistance: the friend still joins, the referrer earns nothing", () => {
  let page: Page;
  let referrer: { id: string };
  let code = "";
  const ua = `${CHROME} referrer`;
  const ip = "10.77.1.1";

  beforeAll(async () => {
    page = await waitlistPage("wl-fraud");
    referrer = await signUp(page, `jane.doe.${Date.now().toString(36)}@gmail.com`, { ip, ua });
    await confirm(referrer.id);
    code = await codeOf(referrer.id);
  }, 120_000);

  const reasonOf = async (leadId: string) => {
    const e = (await entryOfLead(leadId))!;
    return { counted: e.counted, reason: e.reason };
  };

  it("the referrer's own address, as a +tag and dotted variant", async () => {
    const own = (await getDb().select().from(leads).where(eq(leads.id, referrer.id)))[0]!.email;
    const variant = own.replace("jane.doe", "janedoe").replace("@", "+again@");
    const lead = await signUp(page, variant, { r: code });
    await confirm(lead.id);
    expect(await reasonOf(lead.id)).toEqual({ counted: false, reason: "own-address" });
    expect((await placeOf(page.kitId, referrer.id))!.referrals).toBe(0);
    expect(referralStatus((await entryOfLead(lead.id))!)).toMatch(/referrer's own address/);
  });

  it("the same visitor (the referrer's own browser and address that day)", async () => {
    const lead = await signUp(page, unique("sockpuppet"), { r: code, ip, ua });
    await confirm(lead.id);
    expect(await reasonOf(lead.id)).toEqual({ counted: false, reason: "same-visitor" });
  });

  it("a throwaway address", async () => {
    const lead = await signUp(page, unique("burner", "mailinator.com"), { r: code });
    await confirm(lead.id);
    expect(await reasonOf(lead.id)).toEqual({ counted: false, reason: "disposable" });
  });

  it("Gmail dots and +tags are one mailbox; elsewhere dotted addresses are two people", async () => {
    const stamp = Date.now().toString(36);
    const a = await signUp(page, `mary.smith.${stamp}@gmail.com`, { r: code });
    const b = await signUp(page, `marysmith${stamp}+waitlist@googlemail.com`, { r: code });
    const c = await signUp(page, `tom.b.${stamp}@example.org`, { r: code });
    const d = await signUp(page, `tomb${stamp}@example.org`, { r: code });
    for (const l of [a, b, c, d]) await confirm(l.id);
    expect(await reasonOf(a.id)).toEqual({ counted: true, reason: null });
    expect(await reasonOf(b.id)).toEqual({ counted: false, reason: "same-mailbox" });
    expect(await reasonOf(c.id)).toEqual({ counted: true, reason: null });
    expect(await reasonOf(d.id)).toEqual({ counted: true, reason: null });
  });

  it("more than the set number a day from one network address", async () => {
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 5, referralsPerAddress: 2, rewards: [] });
    const office = "10.88.3.3";
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await signUp(page, unique(`office${i}`), { r: code, ip: office, ua: `${CHROME} office ${i}` }));
    for (const f of friends) await confirm(f.id);
    expect(await Promise.all(friends.map((f) => reasonOf(f.id)))).toEqual([
      { counted: true, reason: null },
      { counted: true, reason: null },
      { counted: false, reason: "address-limit" },
    ]);
  });

  it("an unconfirmed sign-up never counts, and a disqualified lead stops counting", async () => {
    const before = (await placeOf(page.kitId, referrer.id))!.referrals;
    const pending = await signUp(page, unique("pending"), { r: code });
    expect((await placeOf(page.kitId, referrer.id))!.referrals).toBe(before);
    expect((await entryOfLead(pending.id))!.counted).toBe(false);
    const counted = (await getDb().select().from(waitlistEntries).where(and(eq(waitlistEntries.referredBy, referrer.id), eq(waitlistEntries.counted, true))))[0]!;
    expect(await disqualify(page.kitId, counted.leadId)).toBe(true);
    expect((await placeOf(page.kitId, referrer.id))!.referrals).toBe(before - 1);
    expect(await placeOf(page.kitId, counted.leadId)).toBeNull();
    expect(referralStatus((await entryOfLead(counted.leadId))!)).toMatch(/disqualified/);
    // Another page's founder cannot disqualify it.
    const other = await waitlistPage("wl-other");
    expect(await disqualify(other.kitId, pending.id)).toBe(false);
  }, 120_000);

  it("a code from another page, or a made-up one, refers nobody", async () => {
    const other = await waitlistPage("wl-foreign");
    const lead = await signUp(other, unique("crosspage"), { r: code });
    expect((await entryOfLead(lead.id))!.referredBy).toBeNull();
    const madeUp = await signUp(page, unique("madeup"), { r: "zzzzzzzzzz" });
    expect((await entryOfLead(madeUp.id))!.referredBy).toBeNull();
  }, 120_000);
});

describe("rewards and the lead's pages", () => {
  it("the page says how places and rewards work; a referral link's code rides in the form's address, a malformed one does not", async () => {
    const page = await waitlistPage("wl-public");
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 5, referralsPerAddress: 3, rewards: [{ referrals: 3, label: "Early <access>" }] });
    const [lead] = await line(page, 1);
    const code = await codeOf(lead!.id);
    const slug = (await landingPageOf(page.kitId))!.slug;
    const route = await import("~/routes/public/page");
    const open = (query: string) => call(() => route.loader(routeArgs(new Request(`${ORIGIN}/p/${slug}${query}`), { slug }, createRequestContext("10.0.0.8"))));
    const referred = await open(`?r=${code}`);
    expect(referred.body).toContain(`action="/f/${page.pageId}?r=${code}"`);
    expect(referred.body).toContain("Rewards: 3 referrals: Early &lt;access&gt;.");
    const forged = await open(`?r=${encodeURIComponent('x"><script>')}`);
    expect(forged.body).toContain(`action="/f/${page.pageId}"`);
    const { thanksPass } = await import("~/features/site/thanks-pass.server");
    const thanks = await import("~/routes/public/thanks");
    const thanked = () => call(() => thanks.loader(routeArgs(new Request(`${ORIGIN}/p/${slug}/thanks?pass=${thanksPass(page.kitId)}`), { slug }, createRequestContext("10.0.0.8"))));
    expect((await thanked()).body).toContain("data-waitlist-next");
    await saveWaitlistSettings(page.kitId, { enabled: false, placesPerReferral: 5, referralsPerAddress: 3, rewards: [] });
    expect((await open("")).body).not.toContain("data-waitlist-note");
    expect((await thanked()).body).not.toContain("data-waitlist-next");
  }, 120_000);

  it("each reward reached sends one e-mail, once, through the sequence sender", async () => {
    const page = await waitlistPage("wl-rewards");
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 5, referralsPerAddress: 3, rewards: [{ referrals: 1, label: "Early access" }, { referrals: 2, label: "A free month" }] });
    const referrer = await signUp(page, unique("rewarded"));
    await confirm(referrer.id);
    const code = await codeOf(referrer.id);
    const friends = [await signUp(page, unique("f1"), { r: code }), await signUp(page, unique("f2"), { r: code })];
    // The same link followed twice, and both friends confirming at once: still one e-mail per reward.
    await Promise.all([...friends, friends[0]!].map((f) => confirmLead(confirmationToken(f.id))));
    await confirmLead(confirmationToken(friends[1]!.id));
    const sends = await getDb().select().from(emailSends).where(and(eq(emailSends.leadId, referrer.id), like(emailSends.key, "waitlist-reward:%")));
    expect(sends.map((s) => s.key).sort()).toEqual(["waitlist-reward:1", "waitlist-reward:2"]);
    await drain();
    await drain();
    const email = (await getDb().select().from(leads).where(eq(leads.id, referrer.id)))[0]!.email;
    const rewards = mailTo(email).filter((m) => /Subject: You earned a reward/.test(m));
    expect(rewards).toHaveLength(2);
    // Through the sequence sender: List-Unsubscribe and the postal address, the personal link.
    for (const m of rewards) {
      expect(m).toMatch(/^List-Unsubscribe: <https:\/\/launchkit\.test\/e\/u\//m);
      expect(m).toContain("1 Test Street, Bristol");
      expect(m).toContain(`?r=${code}`);
    }
    // The welcome e-mail shows the place and the link too.
    expect(mailTo(email).some((m) => /Your place in line: 1 of 3/.test(m) && m.includes(`?r=${code}`))).toBe(true);
  }, 120_000);

  it("a sender that dies holding a reward e-mail (its lease abandoned): the next delivers it once, same Message-ID", async () => {
    const page = await waitlistPage("wl-reward-crash");
    await saveWaitlistSettings(page.kitId, { enabled: true, placesPerReferral: 5, referralsPerAddress: 3, rewards: [{ referrals: 1, label: "Early access" }] });
    const referrer = await signUp(page, unique("crashref"));
    await confirm(referrer.id);
    const now = new Date(Date.now() + 60_000);
    await drain(now);
    await confirm((await signUp(page, unique("crashfriend"), { r: await codeOf(referrer.id) })).id);
    // Instance A claims every due send and dies before delivering any (as kill -9 would leave them).
    const claimed = await claimSends(new Date(now.getTime() + 1000), 500, "dead-instance");
    const reward = claimed.find((c) => c.leadId === referrer.id && c.key === "waitlist-reward:1");
    expect(reward).toBeTruthy();
    // Until its lease runs out nobody else sends it; then instance B does, once.
    await drain(new Date(now.getTime() + 2000));
    const email = (await getDb().select().from(leads).where(eq(leads.id, referrer.id)))[0]!.email;
    expect(mailTo(email).filter((m) => /Subject: You earned a reward/.test(m))).toHaveLength(0);
    await drain(new Date(now.getTime() + LEASE_MS + 5000));
    await drain(new Date(now.getTime() + LEASE_MS + 60_000));
    const got = mailTo(email).filter((m) => /Subject: You earned a reward/.test(m));
    expect(got).toHaveLength(1);
    expect(got[0]).toContain(messageIdFor(referrer.id, "waitlist-reward:1", "launchkit.local"));
  }, 120_000);

  it("the status page shows the lead's own place; a wrong signature or another code is a 404", async () => {
    const page = await waitlistPage("wl-status");
    const [a, b] = await line(page, 2);
    const route = await import("~/routes/public/waitlist-status");
    const open = (token: string) => call(() => route.loader(routeArgs(new Request(`${ORIGIN}/w/${token}`), { token }, createRequestContext("10.0.0.9"))));
    const mine = await open(await statusToken(await codeOf(b!.id)));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatch(/data-testid="waitlist-place">2 /);
    expect(mine.body).toContain(`?r=${await codeOf(b!.id)}`);
    expect(mine.body).not.toContain("@friends.test");
    expect(mine.body).not.toMatch(/<script/i);
    const codeA = await codeOf(a!.id);
    const signatureB = (await statusToken(await codeOf(b!.id))).split(".")[1];
    expect((await open(`${codeA}.${signatureB}`)).status).toBe(404);
    expect((await open(codeA)).status).toBe(404);
    expect((await open("not-a-token")).status).toBe(404);
    // A delivered status link outlives a new SESSION_SECRET (it is signed with the mail link key).
    const previous = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
    resetConfigForTests();
    forgetSessionSecretForTests();
    forgetMailKey();
    try {
      expect((await open(await statusToken(await codeOf(b!.id)))).status).toBe(200);
      expect((await open(`${await codeOf(b!.id)}.${signatureB}`)).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.SESSION_SECRET;
      else process.env.SESSION_SECRET = previous;
      resetConfigForTests();
      forgetSessionSecretForTests();
    }
  }, 120_000);

  it("the confirmation page shows the place, the personal link and plain share links", async () => {
    const page = await waitlistPage("wl-confirm-page");
    const lead = await signUp(page, unique("confirmer"));
    const route = await import("~/routes/public/email-confirm");
    const token = confirmationToken(lead.id);
    const answer = await call(() => route.action(routeArgs(new Request(`${ORIGIN}/e/confirm/${token}`, { method: "POST" }), { token }, createRequestContext("10.0.0.9"))));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/data-testid="waitlist-place">1 /);
    for (const host of ["https://x.com/intent/post", "https://www.linkedin.com/sharing/share-offsite/", "https://wa.me/", "mailto:?"]) expect(answer.body).toContain(host);
    expect(answer.body).not.toMatch(/<script/i);
  }, 120_000);
});

describe("the founder's Waitlist section", () => {
  it("the line, the CSV, settings checked, invite the next N once; another founder's waitlist is a 404", async () => {
    const page = await waitlistPage("wl-section");
    const people = await line(page, 4);
    const friend = await signUp(page, unique("sectionfriend"), { r: await codeOf(people[3]!.id) });
    await confirm(friend.id);
    const view = await section(page.cookie, page.kitId);
    expect(view.status).toBe(200);
    expect(view.data).toMatchObject({ total: 5, totals: { confirmed: 5 } });
    expect((view.data!.rows as Array<{ leadId: string }>)[0]!.leadId).toBe(people[3]!.id);
    const searched = await section(page.cookie, page.kitId, undefined, "waitlist", "?q=sectionfriend");
    expect((searched.data!.rows as unknown[]).length).toBe(1);
    expect(searched.data!.top).toEqual([{ initials: "P.", email: expect.stringMatching(/^p3\./), referrals: 1, place: 1 }]);
    const csv = await section(page.cookie, page.kitId, undefined, "csv");
    expect(csv.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Place,Email,Name,Confirmed Referrals,Signed Up At,Confirmed At,Invited At");
    expect(csv.body.split("\r\n")[1]).toMatch(/^"1","p3\.[^"]*","","1",/);

    expect((await section(page.cookie, page.kitId, { intent: "settings", enabled: "on", placesPerReferral: "0", referralsPerAddress: "3" })).status).toBe(400);
    expect((await section(page.cookie, page.kitId, { intent: "settings", enabled: "on", placesPerReferral: "5", referralsPerAddress: "3", reward1Referrals: "3", reward1Label: "" })).status).toBe(400);
    expect((await section(page.cookie, page.kitId, { intent: "settings", enabled: "on", placesPerReferral: "5", referralsPerAddress: "3", reward1Referrals: "3", reward1Label: "Early access" })).status).toBe(303);

    expect((await section(page.cookie, page.kitId, { intent: "invite", count: "2" })).status).toBe(303);
    expect((await section(page.cookie, page.kitId, { intent: "invite", count: "2" })).status).toBe(303);
    const invites = await getDb().select().from(emailSends).where(and(eq(emailSends.kitId, page.kitId), eq(emailSends.key, "waitlist-invite")));
    expect(invites.map((s) => s.leadId).sort()).toEqual([people[3]!.id, people[0]!.id, people[1]!.id, people[2]!.id].sort());
    await drain();
    const first = (await getDb().select().from(leads).where(eq(leads.id, people[3]!.id)))[0]!.email;
    expect(mailTo(first).filter((m) => /Subject: It's your turn/.test(m))).toHaveLength(1);

    // A lead who confirmed while the waitlist was off joins the line, by when they confirmed, once it is back on.
    expect((await section(page.cookie, page.kitId, { intent: "settings", placesPerReferral: "5", referralsPerAddress: "3" })).status).toBe(303);
    const earlier = await signUp(page, unique("whileoff"));
    await confirm(earlier.id);
    expect(await entryOfLead(earlier.id)).toBeUndefined();
    expect((await section(page.cookie, page.kitId, { intent: "settings", enabled: "on", placesPerReferral: "5", referralsPerAddress: "3" })).status).toBe(303);
    expect(await placeOf(page.kitId, earlier.id)).toMatchObject({ place: 6, of: 6 });

    const stranger = await founder("wl-stranger");
    expect((await section(stranger.cookie, page.kitId)).status).toBe(404);
    expect((await section(stranger.cookie, page.kitId, undefined, "csv")).status).toBe(404);
    expect((await section(stranger.cookie, page.kitId, { intent: "disqualify", leadId: friend.id })).status).toBe(404);
    expect((await section(stranger.cookie, page.kitId, { intent: "invite", count: "5" })).status).toBe(404);
  }, 180_000);
});
