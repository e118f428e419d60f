import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { competitorChanges, competitorPages, competitors, kitAssets, launchKits, scheduledRuns, users } from "~/platform/db/schema";
import { addCompetitor, MAX_COMPETITORS, MAX_PAGES } from "~/features/competitors/competitors.server";
import { checkPage, runWeeklyWatch } from "~/features/competitors/watch.server";
import { digestMessage } from "~/features/competitors/digest.server";
import { summarizeChange } from "~/features/competitors/summarize.server";
import { createKit, getKit } from "~/kit/kits.server";
import { drainOutbox } from "~/platform/mail/mailer.server";
import { createRequestContext } from "~/platform/http/request-context";
import { isoWeek, runDueSchedules, runOncePerPeriod } from "~/platform/jobs/schedule.server";
import { SCHEDULES } from "../../server/boot";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { founder, kitFor } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";

/**
 * The competitor watch on SQLite and PostgreSQL, against competitor
 * sites served here on 127.0.0.1 (WATCH_ALLOW_LOOPBACK=1 with a loopback
 * APP_URL) that change between runs, one that redirects to a private
 * address, one too large, one too slow, one empty shell; the weekly
 * schedule run by three "instances" at once (one run, one digest in the
 * real SMTP sink), a missed week caught up once, no digest when nothing
 * changed, a kit deleted mid-run, and nothing of one founder's in
 * another's digest or section.
 */

const APP = "http://127.0.0.1:5999";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let site: http.Server;
let origin = "";

/** What the competitor sites serve now (the tests change it between runs). */
const content: Record<string, string> = {};
const hooks: Record<string, () => Promise<void>> = {};

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header><main><article><h1>${title}</h1>${paragraphs
    .map((p) => (p.startsWith("## ") ? `<h2>${p.slice(3)}</h2>` : `<p>${p}</p>`))
    .join("")}</article></main><footer><p>© Acme Inc.</p></footer></body></html>`;

const PRICING_V1 = page("Acme pricing", [
  "Acme helps dog groomers fill their calendar with repeat bookings, reminders and deposits, all from one simple dashboard built for mobile vans.",
  "## Starter plan",
  "Starter costs $9 per month and includes up to 3 vans, online booking and text reminders for every appointment.",
  "## Team plan",
  "Team costs $29 per month and includes unlimited vans, deposits at booking and a shared calendar for your whole crew.",
  "Every plan comes with a 14-day free trial and friendly support from people who used to run grooming vans themselves.",
]);
const PRICING_V2 = page("Acme pricing", [
  "Acme helps dog groomers fill their calendar with repeat bookings, reminders and deposits, all from one simple dashboard built for mobile vans.",
  "## Starter plan",
  "Starter costs $12 per month and includes up to 3 vans, online booking and text reminders for every appointment.",
  "## Team plan",
  "Team costs $29 per month and includes unlimited vans, deposits at booking and a shared calendar for your whole crew.",
  "## Enterprise plan",
  "Enterprise costs $99 per month and adds route planning for fleets of ten vans or more, with a dedicated account manager.",
  "Every plan comes with a 14-day free trial and friendly support from people who used to run grooming vans themselves.",
]);
const SHELL = `<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>`;

async function startSite() {
  site = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/robots.txt") {
      res.writeHead(404).end();
      return;
    }
    if (url.pathname === "/to-private") {
      res.writeHead(302, { Location: "http://10.1.2.3/admin" }).end();
      return;
    }
    if (url.pathname === "/metadata") {
      res.writeHead(301, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
      return;
    }
    if (url.pathname === "/huge") {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<!doctype html><html><body><main>");
      const chunk = `<p>${"lorem ipsum dolor sit amet ".repeat(40)}</p>`;
      for (let i = 0; i < 3 * 1024 * 1024; i += chunk.length) if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
      res.end("</main></body></html>");
      return;
    }
    if (url.pathname === "/slow") {
      const timer = setTimeout(() => res.writeHead(200, { "Content-Type": "text/html" }).end(PRICING_V1), 3000);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (url.pathname === "/shell") {
      res.writeHead(200, { "Content-Type": "text/html" }).end(SHELL);
      return;
    }
    const hook = hooks[url.pathname];
    if (hook) await hook();
    const body = content[url.pathname];
    if (body === undefined) {
      res.writeHead(404, { "Content-Type": "text/html" }).end("<html><body><p>Not found</p></body></html>");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

type Mail = { to: string[]; subject: string; text: string };
function readSink(): Mail[] {
  return fs
    .readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string })
    .map((m) => {
      const raw = decodeMail(m.raw);
      const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
      return { to: m.to, subject: /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? "", text: raw };
    });
}
const mailsTo = (email: string) => readSink().filter((m) => m.to.includes(email));

async function section(cookie: string, kitId: string, fields?: Record<string, string>) {
  const route = await import("~/routes/dashboard/workspace/competitors");
  const url = `${APP}/dashboard/kits/${kitId}/competitors`;
  const args = (request: Request) => routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers: { Cookie: cookie } }))));
  const init = { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } };
  return call(() => route.action(args(new Request(url, init))));
}

async function adminRun(cookie: string) {
  const route = await import("~/routes/admin/index");
  const init = { method: "POST", body: new URLSearchParams({ intent: "competitor-watch" }), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } };
  return call(() => route.action(routeArgs(new Request(`${APP}/admin`, init), {}, createRequestContext("10.0.0.1"))));
}

const pagesOf = (kitId: string) => getDb().select().from(competitorPages).where(eq(competitorPages.kitId, kitId));
const changesOf = (kitId: string) => getDb().select().from(competitorChanges).where(eq(competitorChanges.kitId, kitId));
const pageByUrl = async (kitId: string, url: string) => (await pagesOf(kitId)).find((p) => p.url === url)!;

let pro: Awaited<ReturnType<typeof founder>>;
let other: Awaited<ReturnType<typeof founder>>;
let free: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let otherKitId = "";
let freeKitId = "";
let acmeId = "";

const makePro = (userId: string) => getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, userId));
const wizard = { idea: "Mobile dog grooming van for busy pet owners", audience: "Busy professionals", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" } as const;

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-watch-mail-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = sink.url;
  process.env.APP_URL = APP;
  process.env.WATCH_ALLOW_LOOPBACK = "1";
  resetConfigForTests();
  await startSite();
  content["/pricing"] = PRICING_V1;
  content["/other"] = page("Rival features", ["Rival books grooming appointments for salons with a waiting list and automatic reminders sent the day before.", "## Features", "Online booking, text reminders and a loyalty card for your regulars."]);
  content["/doomed"] = page("Doomed home", ["Doomed grooming software keeps your van's schedule in one place with reminders for each customer.", "## Pricing", "One plan at $15 per month."]);
  pro = await founder("watch-pro");
  other = await founder("watch-other");
  free = await founder("watch-free");
  await makePro(pro.user.id);
  await makePro(other.user.id);
  kitId = (await kitFor(pro.user.id)).id;
  otherKitId = (await createKit(other.user.id, { ...wizard })).id;
  freeKitId = (await createKit(free.user.id, { ...wizard })).id;
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await sink.close();
  for (const key of ["SMTP_URL", "APP_URL", "WATCH_ALLOW_LOOPBACK"]) delete process.env[key];
  resetConfigForTests();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});

describe("the Competitors section", () => {
  it("suggests the research snapshot's competitors and adds one by hand with its page read at once (the baseline)", async () => {
    // The built-in research lists kinds of alternatives ("… (category)") beside named competitors: only the named ones are suggested.
    const [research] = await getDb().select().from(kitAssets).where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, "research")));
    const content = research!.content as { competitors: Array<{ name: string; website: string | null }> };
    expect(content.competitors.some((c) => c.name.endsWith("(category)"))).toBe(true);
    content.competitors[0] = { ...content.competitors[0]!, name: "Sudsy Vans", website: "https://sudsy-vans.example/" };
    await getDb().update(kitAssets).set({ content }).where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, "research")));
    const before = await section(pro.cookie, kitId);
    expect(before.status).toBe(200);
    expect(before.data!.pro).toBe(true);
    const suggested = before.data!.suggested as Array<{ name: string; website: string | null }>;
    expect(suggested).toContainEqual({ name: "Sudsy Vans", website: "https://sudsy-vans.example/" });
    expect(suggested.filter((c) => /\(category\)$/.test(c.name))).toEqual([]);
    expect(suggested.map((c) => c.name)).toEqual(content.competitors.map((c) => c.name).filter((n) => !n.endsWith("(category)")));
    const added = await section(pro.cookie, kitId, { intent: "add-competitor", name: "Acme", url: `${origin}/pricing`, label: "pricing" });
    expect(added.status).toBe(303);
    const [row] = await getDb().select().from(competitors).where(and(eq(competitors.kitId, kitId), eq(competitors.name, "Acme")));
    acmeId = row!.id;
    const p = await pageByUrl(kitId, `${origin}/pricing`);
    expect(p.state).toBe("ok");
    expect(p.lastText).toContain("$9 per month");
    expect(p.lastCheckedAt).not.toBeNull();
    expect(await changesOf(kitId)).toEqual([]);
  }, 30_000);

  it("flags a redirect into a private address as blocked, a page over 2 MB as failed, an empty shell as needing a browser, a slow one as timed out", async () => {
    for (const [url, label] of [
      [`${origin}/to-private`, "private"],
      [`${origin}/huge`, "huge"],
    ]) {
      expect((await section(pro.cookie, kitId, { intent: "add-page", competitorId: acmeId, url: url!, label: label! })).status).toBe(303);
    }
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "Shellco", url: `${origin}/shell`, label: "app" })).status).toBe(303);
    const pages = await pagesOf(kitId);
    const byLabel = (l: string) => pages.find((p) => p.label === l)!;
    expect(byLabel("private")).toMatchObject({ state: "blocked", lastText: null });
    expect(byLabel("private").lastError).toMatch(/private|reserved/i);
    expect(byLabel("huge")).toMatchObject({ state: "failed", lastText: null });
    expect(byLabel("huge").lastError).toMatch(/larger than 2 MB/);
    expect(byLabel("app").state).toBe("needs_browser");

    // The fourth page of a competitor is refused; the state of each shows in the section.
    const fourth = await section(pro.cookie, kitId, { intent: "add-page", competitorId: acmeId, url: `${origin}/other`, label: "x" });
    expect(fourth.status).toBe(409);
    expect(String(fourth.data!.message)).toContain(`${MAX_PAGES} pages`);
    const view = await section(pro.cookie, kitId);
    const acme = (view.data!.watched as Array<{ name: string; pages: Array<{ state: string; lastError: string | null }> }>).find((c) => c.name === "Acme")!;
    expect(acme.pages.map((p) => p.state).sort()).toEqual(["blocked", "failed", "ok"]);
    expect(acme.pages.find((p) => p.state === "blocked")!.lastError).toBeTruthy();

    // The slow one: a short deadline in the test (10 s in production).
    const slow = await addCompetitor(kitId, "Slowpoke", { url: `${origin}/slow`, label: "home" });
    expect(slow.ok).toBe(true);
    if (!slow.ok) return;
    const checked = await checkPage(slow.pageId!, { fetch: { timeoutMs: 500 } });
    expect(checked.state).toBe("failed");
    expect((await pageByUrl(kitId, `${origin}/slow`)).lastError).toMatch(/too long/);
    expect((await section(pro.cookie, kitId, { intent: "remove-competitor", competitorId: slow.id })).status).toBe(303);
  }, 60_000);

  it("holds 5 competitors a kit, refuses bad input with 4xx, another user gets 404, a free founder 403", async () => {
    const bad = await section(pro.cookie, kitId, { intent: "add-competitor", name: "Local", url: "http://192.168.1.10/", label: "" });
    expect(bad.status).toBe(400);
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "  " })).status).toBe(400);
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "acme" })).status).toBe(409);
    expect((await section(pro.cookie, kitId, { intent: "nonsense" })).status).toBe(400);
    expect((await section(pro.cookie, kitId, { intent: "add-page", competitorId: "nope", url: `${origin}/other` })).status).toBe(404);

    // Names and labels are one clean line (they reach the timeline, the digest, the PDF and prompts);
    // invisible characters do not make a second copy of a name; a malformed escape in the URL is no 500.
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "ac\u200bme" })).status).toBe(409);
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "Ev\u0001il\u001b[2J\u202eCo\r\nBcc: x", url: `${origin}/%E0%A4`, label: "" })).status).toBe(303);
    const [evil] = await getDb().select().from(competitors).where(and(eq(competitors.kitId, kitId), eq(competitors.name, "Evil[2JCo Bcc: x")));
    expect(evil).toBeDefined();
    const [evilPage] = await getDb().select().from(competitorPages).where(eq(competitorPages.competitorId, evil!.id));
    expect(evilPage!.label).toBe("%E0%A4");
    expect((await section(pro.cookie, kitId, { intent: "remove-competitor", competitorId: evil!.id })).status).toBe(303);

    // A competitor by hand, without a page yet, then its page.
    expect((await section(pro.cookie, kitId, { intent: "add-competitor", name: "Rival" })).status).toBe(303);
    const rival = (await getDb().select().from(competitors).where(and(eq(competitors.kitId, kitId), eq(competitors.name, "Rival"))))[0]!;
    expect((await section(pro.cookie, kitId, { intent: "add-page", competitorId: rival.id, url: `${origin}/other`, label: "features" })).status).toBe(303);

    const count = (await getDb().select().from(competitors).where(eq(competitors.kitId, kitId))).length;
    const extra: string[] = [];
    for (let i = count; i < MAX_COMPETITORS; i++) {
      const r = await addCompetitor(kitId, `Filler ${i}`);
      expect(r.ok).toBe(true);
      if (r.ok) extra.push(r.id);
    }
    const sixth = await section(pro.cookie, kitId, { intent: "add-competitor", name: "One too many" });
    expect(sixth.status).toBe(409);
    expect(String(sixth.data!.message)).toContain(`${MAX_COMPETITORS} competitors`);
    for (const id of extra) expect((await section(pro.cookie, kitId, { intent: "remove-competitor", competitorId: id })).status).toBe(303);

    // Someone else: 404 on the section and its POSTs, nothing changed.
    expect((await section(other.cookie, kitId)).status).toBe(404);
    expect((await section(other.cookie, kitId, { intent: "remove-competitor", competitorId: acmeId })).status).toBe(404);
    expect((await section(other.cookie, kitId, { intent: "check-now" })).status).toBe(404);
    expect((await getDb().select().from(competitors).where(eq(competitors.id, acmeId))).length).toBe(1);

    // Free: sees what Pro adds, cannot add.
    const freeView = await section(free.cookie, freeKitId);
    expect(freeView.status).toBe(200);
    expect(freeView.data!.pro).toBe(false);
    expect(freeView.data!.watched).toEqual([]);
    expect((await section(free.cookie, freeKitId, { intent: "add-competitor", name: "Acme", url: `${origin}/pricing` })).status).toBe(403);
    expect(await getDb().select().from(competitors).where(eq(competitors.kitId, freeKitId))).toEqual([]);
  }, 60_000);
});

describe("the weekly watch", () => {
  let freePageId = "";
  beforeAll(async () => {
    // A page on a free founder's kit (watched while Pro, say): skipped by the weekly run, not deleted.
    const r = await addCompetitor(freeKitId, "Acme", { url: `${origin}/pricing`, label: "pricing" });
    if (!r.ok) throw new Error(r.message);
    freePageId = r.pageId!;
    // Another Pro founder watches their own page.
    content["/theirs"] = page("Theirs", ["Theirs is a grooming marketplace matching pet owners with independent groomers nearby.", "## Pricing", "Owners pay $5 per booking."]);
    const o = await addCompetitor(otherKitId, "Theirs Inc", { url: `${origin}/theirs`, label: "home" });
    if (!o.ok) throw new Error(o.message);
    await checkPage(o.pageId!);
    await getDb().delete(scheduledRuns).where(eq(scheduledRuns.name, "competitor-watch"));
  });

  it("three instances run the week once: one change stored with its real quotes, one digest per founder in the SMTP sink", async () => {
    content["/pricing"] = PRICING_V2;
    content["/theirs"] = page("Theirs", ["Theirs is a grooming marketplace matching pet owners with independent groomers nearby.", "## Pricing", "Owners pay $4 per booking, and groomers pay nothing."]);
    const now = new Date("2030-03-06T09:00:00Z");
    const outcomes = await Promise.all([1, 2, 3].map(() => runOncePerPeriod("competitor-watch", isoWeek(now), () => runWeeklyWatch({ now, fetch: { timeoutMs: 5000 } }), { now })));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);

    const mine = await changesOf(kitId);
    expect(mine).toHaveLength(1);
    const change = mine[0]!;
    expect(change.period).toBe("2030-W10");
    expect(change.summary.length).toBeGreaterThan(10);
    expect(change.quotes.length).toBeGreaterThan(0);
    const text = (await pageByUrl(kitId, `${origin}/pricing`)).lastText!;
    for (const q of change.quotes) {
      // Quotes are lines of the pages themselves, never written by the describer.
      if (q.kind === "added") expect(text).toContain(q.text);
      else expect(PRICING_V1).toContain(q.text);
    }
    expect(change.quotes.some((q) => q.kind === "added" && q.text.includes("$12"))).toBe(true);
    expect(change.quotes.some((q) => q.kind === "removed" && q.text.includes("$9"))).toBe(true);

    // The free founder's page: not read, still there.
    const skipped = (await getDb().select().from(competitorPages).where(eq(competitorPages.id, freePageId)))[0]!;
    expect(skipped).toMatchObject({ state: "new", lastCheckedAt: null });

    await drainOutbox();
    const toPro = mailsTo(pro.user.email);
    expect(toPro).toHaveLength(1);
    expect(toPro[0]!.subject).toBe("Competitor watch: 1 change this week");
    expect(toPro[0]!.text).toContain("$12 per month");
    expect(toPro[0]!.text).toContain(`${APP}/dashboard/kits/${kitId}/competitors`);
    expect(toPro[0]!.text).not.toContain("Theirs");
    const toOther = mailsTo(other.user.email);
    expect(toOther).toHaveLength(1);
    expect(toOther[0]!.text).toContain("Theirs Inc");
    expect(toOther[0]!.text).not.toContain("Acme");
    expect(mailsTo(free.user.email)).toHaveLength(0);
    expect(await getDb().select().from(competitorChanges).where(isNull(competitorChanges.digestedAt))).toEqual([]);

    // The section's timeline shows it, quotes marked added/removed; the other founder's is not there.
    const view = await section(pro.cookie, kitId);
    const acme = (view.data!.watched as Array<{ name: string; changes: Array<{ summary: string; quotes: Array<{ kind: string }> }> }>).find((c) => c.name === "Acme")!;
    expect(acme.changes).toHaveLength(1);
    expect(acme.changes[0]!.quotes.map((q) => q.kind)).toContain("added");
    expect(JSON.stringify(view.data)).not.toContain("Theirs");
  }, 90_000);

  it("sends no digest in a week when nothing changed", async () => {
    const sent = readSink().length;
    const run = await runWeeklyWatch({ now: new Date("2030-03-13T09:00:00Z") });
    expect(run.changes).toBe(0);
    expect(run.digests.sent).toBe(0);
    await drainOutbox();
    expect(readSink()).toHaveLength(sent);
    expect(await changesOf(kitId)).toHaveLength(1);
  }, 60_000);

  it("a missed week is caught up once: nothing ran for W47, the first look in W48 runs, the next one does not", async () => {
    // The boot list's schedule, alone (the others would do their own work at each look).
    const only = SCHEDULES.filter((s) => s.name === "competitor-watch");
    expect(only).toHaveLength(1);
    const w46 = await runDueSchedules(only, { now: new Date("2030-11-13T10:00:00Z") });
    expect(w46["competitor-watch"]).toBe("ran");
    // Down all of W47. In W48, three instances look at once, then again later in the week.
    const w48 = await Promise.all([1, 2, 3].map(() => runDueSchedules(only, { now: new Date("2030-11-26T10:00:00Z") })));
    expect(w48.map((o) => o["competitor-watch"]).filter((o) => o === "ran")).toHaveLength(1);
    const later = await runDueSchedules(only, { now: new Date("2030-11-29T10:00:00Z") });
    expect(later["competitor-watch"]).toBe("skipped");
    const periods = (await getDb().select().from(scheduledRuns).where(eq(scheduledRuns.name, "competitor-watch"))).map((r) => r.period).sort();
    expect(periods).toEqual(["2030-W10", "2030-W46", "2030-W48"]);
  }, 90_000);

  it("a kit deleted mid-run stores nothing and the run goes on", async () => {
    const doomedKit = await createKit(pro.user.id, { ...wizard, idea: "Doomed grooming idea" });
    const d = await addCompetitor(doomedKit.id, "Doomed", { url: `${origin}/doomed`, label: "home" });
    if (!d.ok) throw new Error(d.message);
    expect((await checkPage(d.pageId!)).state).toBe("ok");
    content["/doomed"] = page("Doomed home", ["Doomed grooming software keeps your van's schedule in one place with reminders for each customer.", "## Pricing", "One plan at $19 per month, now with deposits."]);
    hooks["/doomed"] = async () => {
      await getDb().delete(launchKits).where(eq(launchKits.id, doomedKit.id));
    };
    const run = await runWeeklyWatch({ now: new Date("2030-12-04T10:00:00Z") });
    delete hooks["/doomed"];
    expect(run.pages).toBeGreaterThan(1);
    expect(await changesOf(doomedKit.id)).toEqual([]);
    expect(await pagesOf(doomedKit.id)).toEqual([]);
    // The other pages were read as usual (Acme unchanged since: no new change).
    expect(await changesOf(kitId)).toHaveLength(1);
  }, 60_000);

  it("'Check now' reads the kit's pages at once, then waits an hour; the admin button runs the week, admins only", async () => {
    content["/other"] = page("Rival features", ["Rival books grooming appointments for salons with a waiting list and automatic reminders sent the day before.", "## Features", "Online booking, text reminders, a loyalty card for your regulars and a new mobile app for groomers."]);
    const first = await section(pro.cookie, kitId, { intent: "check-now" });
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/saved=checked&found=1/);
    const again = await section(pro.cookie, kitId, { intent: "check-now" });
    expect(again.status).toBe(429);
    expect(String(again.data!.message)).toMatch(/an hour/);

    expect((await adminRun(pro.cookie)).status).toBe(403);
    await getDb().update(users).set({ role: "admin" }).where(eq(users.id, other.user.id));
    const ran = await adminRun(other.cookie);
    expect(ran.status).toBe(200);
    expect(String(ran.data!.message)).toMatch(/Competitor watch: \d+ pages? checked/);
    await drainOutbox();
    const toPro = mailsTo(pro.user.email);
    expect(toPro).toHaveLength(2);
    expect(toPro[1]!.text).toContain("mobile app for groomers");
  }, 60_000);
});

describe("the model's summary", () => {
  it("is the model's text, cleaned; the quotes are the real changed lines; the model may call a change noise, except a price change", async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const kit = (await getKit(kitId))!;
      const added = ["Starter costs $12 per month and includes up to 3 vans."];
      const removed = ["Starter costs $9 per month and includes up to 3 vans."];
      const answer = (o: object) => fake.queue("chat", { structured: true, match: "competitor_change", content: JSON.stringify(o) });

      answer({ matters: true, summary: "acme now charges more for Starter, so a cheaper offer stands out more.", importance: "high" });
      const written = await summarizeChange(kit, { competitor: "Acme", page: "pricing", added, removed });
      expect(written!.source).toBe("model");
      // cleanText: a sentence starts with a capital.
      expect(written!.summary).toBe("Acme now charges more for Starter, so a cheaper offer stands out more.");
      for (const q of written!.quotes) expect((q.kind === "added" ? added : removed)).toContain(q.text);
      const request = JSON.stringify(fake.requests.at(-1));
      expect(request).toContain("$12 per month");

      // A reworded sentence the model calls noise: nothing stored.
      answer({ matters: false, summary: "", importance: "normal" });
      expect(await summarizeChange(kit, { competitor: "Acme", page: "home", added: ["We help groomers every single day."], removed: ["We help groomers every day."] })).toBeNull();

      // A price change the model calls noise: the built-in describer's words are kept.
      answer({ matters: false, summary: "", importance: "normal" });
      const kept = await summarizeChange(kit, { competitor: "Acme", page: "pricing", added, removed });
      expect(kept!.summary).toMatch(/\$9.*\$12/);
      expect(kept!.importance).toBe("high");

      // The model fails: the describer writes it.
      fake.queue("chat", { structured: true, match: "competitor_change", content: "not json", times: 2 });
      const fallback = await summarizeChange(kit, { competitor: "Acme", page: "pricing", added, removed });
      expect(fallback!.source).toBe("builtin");
      expect(fallback!.summary).toMatch(/\$9.*\$12/);
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  }, 60_000);
});

describe("the digest's text", () => {
  it("escapes what competitors' pages and founders wrote in its HTML", () => {
    const row = {
      id: "c1", kitId: "k1", userId: "u1", email: "a@b.test", role: "user", idea: "x",
      competitor: `<img src=x onerror="alert(1)">`, page: "pricing & plans", url: "https://example.com/?a=1&b=2",
      summary: "Their <script>alert(1)</script> plan changed.", importance: "high",
      quotes: [{ kind: "added" as const, text: `<a href="javascript:alert(1)">Pro</a> $39` }], createdAt: new Date(),
    };
    const mail = digestMessage([row], new Map([["k1", `Bob's "Vans" <b>`]]), "https://launchkit.test");
    expect(mail.html).not.toMatch(/<script|<img|<a href="javascript|<b>/);
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Bob&#39;s &quot;Vans&quot; &lt;b&gt;");
    expect(mail.html).toContain('href="https://launchkit.test/dashboard/kits/k1/competitors"');
    expect(mail.text).toContain(`+ added: "<a href="javascript:alert(1)">Pro</a> $39"`);
  });
});
