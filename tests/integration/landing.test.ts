import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminSetPlan } from "~/kit/plans/account.server";
import { getConfig, resetConfigForTests } from "~/platform/config.server";
import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { leads, rateLimitHits, users } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { saveBrandEdit } from "~/kit/assets/brand/edit.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { thanksPass } from "~/features/site/thanks-pass.server";
import { deleteKitForUser, kitsForUser } from "~/kit/kits.server";
import { setRole } from "~/features/users/users.server";
import { PAGE_CACHE_UNTIL, pageCacheSize, pageCacheTicket, storePage } from "~/platform/render/page-cache.server";
import { createRequestContext } from "~/platform/http/request-context";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_LANDING } from "../support/fake-structured.mjs";
import { routeArgs } from "../support/route-args";
import { call, type Answer } from "../support/route-call";
import { founder, kitFor } from "../support/landing-routes";

/**
 * The landing page from generation to leads, through the route modules as
 * the server calls them: the workspace section (owner only), the public
 * page and its lead endpoint (anonymous), the CSV, the admin takedown.
 */

const ORIGIN = "http://launchkit.test";


const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

async function workspace(cookie: string | null, kitId: string, fields?: Record<string, string>, query = "") {
  const route = await import("~/routes/dashboard/workspace/website");
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const url = `${ORIGIN}/dashboard/kits/${kitId}/website${query}`;
  const args = (request: Request) => routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers }))));
  const init = form(fields);
  return call(() => route.action(args(new Request(url, { ...init, headers: { ...init.headers, ...headers } }))));
}

async function resource(modulePath: string, cookie: string | null, url: string, params: Record<string, string>) {
  const route = (await import(/* @vite-ignore */ modulePath)) as { loader: (a: never) => Promise<unknown> };
  return call(() => route.loader(routeArgs(new Request(`${ORIGIN}${url}`, { headers: cookie ? { Cookie: cookie } : {} }), params, createRequestContext("10.0.0.1"))));
}

async function sitemap() {
  return (await resource("~/routes/marketing/sitemap[.]xml", null, "/sitemap.xml", {})).body;
}

async function publicGet(slug: string, headers: Record<string, string> = {}) {
  const route = await import("~/routes/public/page");
  return call(() => route.loader(routeArgs(new Request(`${ORIGIN}/p/${slug}`, { headers }), { slug }, createRequestContext("10.0.0.2"))));
}

let ip = 0;
async function postLead(slug: string, fields: Record<string, string>, fromIp = `10.1.0.${++ip}`) {
  const route = await import("~/routes/public/lead");
  return call(() => route.action(routeArgs(new Request(`${ORIGIN}/p/${slug}/lead`, form(fields)), { slug }, createRequestContext(fromIp))));
}

const leadRows = async (kitId: string) =>
  (await getDb().select({ email: leads.email, name: leads.name, preferredTime: leads.preferredTime }).from(leads).where(eq(leads.kitId, kitId)).orderBy(leads.createdAt, leads.id)).map(
    (r) => ({ email: r.email, name: r.name, preferred_time: r.preferredTime }),
  );

async function publish(cookie: string, kitId: string, slug: string) {
  return workspace(cookie, kitId, { intent: "publish", slug });
}

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));
// The limiter keeps its hits in the database (shared by instances): every test starts with none.
beforeEach(async () => {
  await getDb().delete(rateLimitHits);
});

describe("the landing asset", () => {
  it("is generated in the background after the kit, from the builtin copy, valid and with placeholders", async () => {
    const { user } = await founder();
    const kit = await kitFor(user.id);
    expect(await getAsset(kit.id, "landing")).toMatchObject({ status: "ready", version: 1 });
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    expect(content.proofIsReal).toBe(false);
    expect(content.proof.items.every((q) => q.quote.startsWith("Placeholder:"))).toBe(true);
  });

  it("from the model: one structured request named landing_copy, validated", async () => {
    const fake = await startFakeOpenAI();
    try {
      process.env.OPENAI_API_KEY = "sk-test";
      process.env.OPENAI_BASE_URL = fake.baseURL;
      process.env.AI_MAX_RETRIES = "0";
      resetConfigForTests();
      setProviderForTests(undefined);
      const { user } = await founder();
      const kit = await kitFor(user.id, "book calls");
      const requests = fake.requests.filter((r: { body?: { response_format?: { json_schema?: { name?: string } } } }) => r.body?.response_format?.json_schema?.name === "landing_copy");
      expect(requests).toHaveLength(1);
      expect(JSON.stringify(requests[0]!.body.messages)).toMatch(/Never invent facts/);
      expect(await readyContent(kit.id, "landing", LandingContentSchema)).toMatchObject({ hero: FAKE_LANDING.hero, proofIsReal: false });
    } finally {
      await fake.close();
      for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MAX_RETRIES"]) delete process.env[k];
      resetConfigForTests();
      setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
    }
  });
});

describe("publish, view anonymously, unpublish", () => {
  it("publishes at /p/<slug>, serves it to anyone without a cookie, under a strict CSP, noindex until allowed", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    const section = await workspace(cookie, kit.id);
    expect(section.status).toBe(200);
    const suggested = (section.data as { suggestedSlug: string }).suggestedSlug;
    expect(suggested).toMatch(/^[a-z0-9-]+$/);

    const published = await publish(cookie, kit.id, suggested);
    expect(published.status).toBe(303);
    expect(published.location).toBe(`/dashboard/kits/${kit.id}/website?saved=published`);
    expect(await landingPageOf(kit.id)).toMatchObject({ slug: suggested, published: true, indexable: false, notifyLeads: false });

    const page = await publicGet(suggested);
    expect(page.status).toBe(200);
    expect(await sitemap()).not.toContain(`/p/${suggested}<`);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const csp = page.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    expect(csp).not.toMatch(/script-src|unsafe/);
    // The form posts to the page's stable id, not to its (changeable) address.
    const pageId = (await landingPageOf(kit.id))!.pageId!;
    expect(pageId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(page.body).toContain(`action="/f/${pageId}"`);
    expect(page.body).toContain(`<meta property="og:image" content="${ORIGIN}/p/${suggested}/og.png?v=`);
    // No script but the JSON-LD data blocks, which hold no "<" at all.
    expect(page.body.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "")).not.toMatch(/<script/);
    // The free plan's footer badge.
    expect(page.body).toContain("Made with LaunchKit");
    expect(page.headers.get(PAGE_CACHE_UNTIL)).toBeNull();
    // A canceled Pro keeps the page badge-free until its period ends, with no webhook then:
    // the page says when, so its cached copy ends there (app/platform/render/page-cache.server.ts).
    const endsAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    await getDb().update(users).set({ plan: "pro", planStatus: "canceled", planEndsAt: endsAt }).where(eq(users.id, user.id));
    const canceled = await publicGet(suggested);
    expect(canceled.body).not.toContain("Made with LaunchKit");
    expect(canceled.headers.get(PAGE_CACHE_UNTIL)).toBe(String(endsAt.getTime()));
    await getDb().update(users).set({ plan: "free", planStatus: null, planEndsAt: null }).where(eq(users.id, user.id));

    // Let search engines index it.
    const settings = await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" });
    expect(settings.status).toBe(303);
    const indexed = await publicGet(suggested);
    expect(indexed.headers.get("X-Robots-Tag")).toBeNull();
    expect(indexed.body).toContain('<meta name="robots" content="index, follow">');
    // No trusted address is known yet (no APP_URL, none confirmed): no canonical link rather than one from the request's Host.
    expect(indexed.body).not.toContain('rel="canonical"');
    // ...and the sitemap lists it (only then).
    expect(await sitemap()).toContain(`<loc>${ORIGIN}/p/${suggested}</loc>`);

    // The OpenGraph image: a 1200 × 630 PNG.
    const og = await resource("~/routes/public/og-image", null, `/p/${suggested}/og.png`, { slug: suggested });
    expect(og.status).toBe(200);
    expect(og.headers.get("Content-Type")).toBe("image/png");

    // Unpublish: 404 at once, for the page, its image, its thank-you page and its form.
    expect((await workspace(cookie, kit.id, { intent: "unpublish" })).status).toBe(303);
    expect((await publicGet(suggested)).status).toBe(404);
    expect(await sitemap()).not.toContain(`/p/${suggested}<`);
    expect((await resource("~/routes/public/og-image", null, `/p/${suggested}/og.png`, { slug: suggested })).status).toBe(404);
    expect((await resource("~/routes/public/thanks", null, `/p/${suggested}/thanks`, { slug: suggested })).status).toBe(404);
    expect((await postLead(suggested, { email: "late@example.com" })).status).toBe(404);
    expect(await leadRows(kit.id)).toEqual([]);
  });

  it("slugs: unique with a clear message, reserved words refused, a second kit gets a free one, an unknown page is a 404", async () => {
    const a = await founder();
    const b = await founder();
    const kitA = await kitFor(a.user.id);
    const kitB = await kitFor(b.user.id);
    expect((await publish(a.cookie, kitA.id, "shared-name")).status).toBe(303);

    const taken = await publish(b.cookie, kitB.id, "Shared-Name");
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.data)).toContain("That address is already taken. Please choose another one.");
    // kitB keeps the address it was given when its landing page was written, unpublished.
    expect(await landingPageOf(kitB.id)).toMatchObject({ published: false });
    expect((await landingPageOf(kitB.id))!.slug).not.toBe("shared-name");

    const reserved = await publish(b.cookie, kitB.id, "admin");
    expect(reserved.status).toBe(400);
    expect(JSON.stringify(reserved.data)).toContain("That address is reserved");
    const bad = await publish(b.cookie, kitB.id, "<script>");
    expect(bad.status).toBe(400);

    expect((await publish(b.cookie, kitB.id, "shared-name-two")).status).toBe(303);
    expect((await publicGet("shared-name-two")).status).toBe(200);
    expect((await publicGet("no-such-page")).status).toBe(404);
    expect((await publicGet("Shared-Name")).status).toBe(301);

    // Moving a published page: the old address is gone at once.
    expect((await workspace(a.cookie, kitA.id, { intent: "save-slug", slug: "moved-name" })).status).toBe(303);
    expect((await publicGet("shared-name")).status).toBe(404);
    expect((await publicGet("moved-name")).status).toBe(200);
  });
});

describe("leads", () => {
  it("valid, duplicate, honeypot, bad e-mail, flood", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "lead-test");

    const ok = await postLead("lead-test", { email: "Ada@Example.com", website: "" });
    expect(ok.status).toBe(303);
    expect(ok.location).toMatch(/^\/p\/lead-test\/thanks\?pass=[0-9a-z]+\.[\w-]{32}$/);
    expect(ok.headers.get("Set-Cookie")).toBeNull();
    expect(await leadRows(kit.id)).toEqual([{ email: "ada@example.com", name: null, preferred_time: null }]);

    // The same person again (another case): stored once, same answer.
    const again = await postLead("lead-test", { email: " ADA@example.COM " });
    expect(again.status).toBe(303);
    // A returning visitor still gets the pass (the download, on a downloads page).
    expect(again.location).toMatch(/\?pass=[0-9a-z]+\.[\w-]{32}$/);
    expect(await leadRows(kit.id)).toHaveLength(1);

    // A bot fills the honeypot: it gets a success, nothing is stored (and no pass).
    const bot = await postLead("lead-test", { email: "bot@example.com", website: "http://spam.example" });
    expect(bot.status).toBe(303);
    expect(bot.location).toBe("/p/lead-test/thanks");
    expect(await leadRows(kit.id)).toHaveLength(1);

    // A bad e-mail: a 400 page in the brand's style with the message and what was typed.
    const bad = await postLead("lead-test", { email: "not-an-email<script>" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Please enter a valid e-mail address");
    expect(bad.body).toContain('value="not-an-email&lt;script&gt;"');
    expect(bad.body).not.toContain("<script>");
    expect(bad.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
    expect(await leadRows(kit.id)).toHaveLength(1);

    // A flood from one address: 10 tries, then 429 (with nothing stored).
    const flooder = "10.9.9.9";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await postLead("lead-test", { email: `flood${i}@example.com` }, flooder)).status);
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await postLead("lead-test", { email: "more@example.com" }, flooder);
    expect(limited.body).toContain("Too many sign-ups from your network");
    expect(limited.headers.get("Retry-After")).toBe("600");
    expect(await leadRows(kit.id)).toHaveLength(11);

    // The thank-you page, in the brand's style.
    const thanks = await resource("~/routes/public/thanks", null, "/p/lead-test/thanks", { slug: "lead-test" });
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain("You&#39;re on the list");
    expect(thanks.body).toContain((await kitBrand(kit.id))!.palette.primary);
  });

  it("book calls: name, e-mail, phone and a preferred time are required; downloads: the thank-you page gives the founder's link", async () => {
    const { user, cookie } = await founder();
    const call = await kitFor(user.id, "book calls");
    await publish(cookie, call.id, "call-test");
    const missing = await postLead("call-test", { email: "a@example.com" });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Please enter your name.");
    expect((await postLead("call-test", { email: "a@example.com", name: "Ada", phone: "+44 20 7946 0958", time: "Weekday mornings" })).status).toBe(303);
    expect(await leadRows(call.id)).toEqual([{ email: "a@example.com", name: "Ada", preferred_time: "Weekday mornings" }]);

    const dl = await kitFor(user.id, "downloads");
    const refused = await workspace(cookie, dl.id, { intent: "save-settings", downloadUrl: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expect((await workspace(cookie, dl.id, { intent: "save-settings", downloadUrl: "https://files.example.com/guide.pdf" })).status).toBe(303);
    // A downloads page is published once it has its link (tests/integration/download-link.test.ts).
    expect((await publish(cookie, dl.id, "download-test")).status).toBe(303);
    const signedUp = (await postLead("download-test", { email: "reader@example.com" })).location!;
    expect(signedUp).toMatch(/^\/p\/download-test\/thanks\?pass=/);
    const thanks = await resource("~/routes/public/thanks", null, signedUp, { slug: "download-test" });
    expect(thanks.body).toContain('href="https://files.example.com/guide.pdf"');
    expect(thanks.headers.get("Cache-Control")).toBe("no-store");
    expect(thanks.headers.get("Referrer-Policy")).toBe("no-referrer");

    // Without signing up: no pass, a forged one, another kit's or an expired one. The link is never shown.
    const pass = new URL(signedUp, "http://x").searchParams.get("pass")!;
    const otherKitPass = thanksPass(call.id);
    const expired = thanksPass(dl.id, Date.now() - 25 * 60 * 60 * 1000);
    for (const query of ["", "?pass=", `?pass=${pass.slice(0, -1)}${pass.endsWith("A") ? "B" : "A"}`, `?pass=${otherKitPass}`, `?pass=${expired}`, "?pass=zzzzzzzzzzzzz.x"]) {
      const opened = await resource("~/routes/public/thanks", null, `/p/download-test/thanks${query}`, { slug: "download-test" });
      expect(opened.status, query).toBe(200);
      expect(opened.body, query).not.toContain("files.example.com");
      expect(opened.body, query).toContain("Sign up to get the download");
    }
  });

  it("e-mails the founder per new lead only when they turned it on", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "notify-test");
    const outbox = path.join(getConfig().dataDir, "outbox");
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8")).filter((m) => m.includes(user.email)) : []);

    await postLead("notify-test", { email: "quiet@example.com" });
    await new Promise((r) => setTimeout(r, 200));
    expect(mails()).toHaveLength(0);

    await workspace(cookie, kit.id, { intent: "save-settings", notifyLeads: "on" });
    // Links in e-mails come from a trusted address only (here: the one an admin confirmed).
    await confirmSiteOrigin(ORIGIN);
    await postLead("notify-test", { email: "loud@example.com" });
    await expect.poll(() => mails().length).toBe(1);
    expect(mails()[0]).toContain("loud@example.com");
    // A repeat sign-up is not a new lead: no second e-mail.
    await postLead("notify-test", { email: "loud@example.com" });
    await new Promise((r) => setTimeout(r, 200));
    expect(mails()).toHaveLength(1);
  });

  it("the workspace lists them newest first, paginated, and the CSV is formula-safe", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id, "book calls");
    await publish(cookie, kit.id, "csv-test");
    await getDb()
      .insert(leads)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: `l${i}-${kit.id}`,
          kitId: kit.id,
          email: `p${i}@example.com`,
          name: i === 29 ? '=HYPERLINK("http://evil")' : `Person ${i}`,
          preferredTime: "+1 mornings",
          createdAt: new Date(1_700_000_000_000 + i * 1000),
        })),
      );

    const first = (await workspace(cookie, kit.id)).data as { leads: { total: number; rows: Array<{ email: string }>; hasNext: boolean } };
    expect(first.leads.total).toBe(30);
    expect(first.leads.rows).toHaveLength(25);
    expect(first.leads.rows[0]!.email).toBe("p29@example.com");
    expect(first.leads.hasNext).toBe(true);
    const second = (await workspace(cookie, kit.id, undefined, "?leads=2")).data as typeof first;
    expect(second.leads.rows.map((r) => r.email)).toEqual(["p4@example.com", "p3@example.com", "p2@example.com", "p1@example.com", "p0@example.com"]);

    const csv = await resource("~/routes/dashboard/workspace/website-leads-csv", cookie, `/dashboard/kits/${kit.id}/website/leads.csv`, { id: kit.id });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-csv-test-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.split("\r\n");
    // (Response.text() drops the BOM that tells spreadsheet apps it is UTF-8; the bytes have it.)
    expect(lines[0]).toBe("Email,Name,Phone,Preferred Time,Signed Up At,Date,Places");
    const { loader: csvLoader } = await import("~/routes/dashboard/workspace/website-leads-csv");
    const raw = (await csvLoader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kit.id}/website/leads.csv`, { headers: { Cookie: cookie } }), { id: kit.id }, {}))) as Response;
    expect(Buffer.from(await raw.arrayBuffer()).subarray(0, 3).toString("hex")).toBe("efbbbf");
    expect(lines[1]).toBe(`"p29@example.com","'=HYPERLINK(""http://evil"")","","'+1 mornings","${new Date(1_700_000_000_000 + 29_000).toISOString()}","",""`);
    expect(lines).toHaveLength(32);

    // The dashboard card shows the count of a published page, and nothing for an unpublished one.
    expect((await kitsForUser(user.id)).find((k) => k.id === kit.id)!.leadCount).toBe(30);
    await workspace(cookie, kit.id, { intent: "unpublish" });
    expect((await kitsForUser(user.id)).find((k) => k.id === kit.id)!.leadCount).toBeNull();
  });
});

describe("editing", () => {
  it("copy and section order are saved by plain forms, bad input is a 400 that changes nothing, brand edits follow without the AI", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "edit-test");
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    const fields: Record<string, string> = { intent: "save-copy" };
    const flat = (prefix: string, value: unknown) => {
      if (typeof value === "string") fields[prefix] = value;
      else if (Array.isArray(value)) value.forEach((v, i) => flat(`${prefix}[${i}]`, v));
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(prefix ? `${prefix}.${k}` : k, v);
    };
    const { sections: _s, proofIsReal: _p, ...copy } = content;
    flat("", copy);

    const tooLong = await workspace(cookie, kit.id, { ...fields, "hero.headline": "x".repeat(71) });
    expect(tooLong.status).toBe(400);
    expect((await getAsset(kit.id, "landing"))!.version).toBe(1);

    const saved = await workspace(cookie, kit.id, { ...fields, "hero.headline": "Fresh dogs, <em>zero</em> trips", "proof.real": "on" });
    expect(saved.status).toBe(303);
    expect(await readyContent(kit.id, "landing", LandingContentSchema)).toMatchObject({ hero: { headline: "Fresh dogs, <em>zero</em> trips" }, proofIsReal: true });
    const page = await publicGet("edit-test");
    expect(page.body).toContain("Fresh dogs, &lt;em&gt;zero&lt;/em&gt; trips");
    expect(page.body).not.toContain("Placeholder</span>");

    const order = await workspace(cookie, kit.id, {
      intent: "save-sections",
      "position.benefits": "3",
      "position.how": "1",
      "position.proof": "4",
      "position.faq": "2",
      "position.cta": "5",
      "show.benefits": "on",
      "show.how": "on",
      "show.faq": "on",
    });
    expect(order.status).toBe(303);
    expect((await readyContent(kit.id, "landing", LandingContentSchema))!.sections).toEqual(["how", "faq", "benefits", "cta"]);

    const brand = (await kitBrand(kit.id))!;
    await saveBrandEdit(kit.id, brand, { name: "Van & Paw", tagline: brand.tagline, ...brand.palette, primary: "#0F766E", heading: "playfair-display", body: brand.fonts.body });
    const after = await publicGet("edit-test");
    expect(after.body).toContain("--primary:#0F766E");
    expect(after.body).toContain("Playfair Display");
    expect(after.body).toContain("Van &amp; Paw");
    expect((await getAsset(kit.id, "landing"))!.version).toBe(3);
  });

  it("the cached copy of a page is dropped on edit, brand change, unpublish and takedown", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "cache-test");
    const cache = async () => {
      const ticket = pageCacheTicket({ method: "GET", url: "/p/cache-test", headers: {} } as never);
      expect(ticket?.key).toBe("/p/cache-test");
      await storePage(ticket!, { status: 200, headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }), body: Buffer.from("<p>cached</p>") });
      return pageCacheSize();
    };
    const before = pageCacheSize();
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;

    expect(await cache()).toBe(before + 1);
    await saveAssetContent(kit.id, "landing", { ...content, sections: ["faq", "cta"] });
    expect(pageCacheSize()).toBe(before);

    expect(await cache()).toBe(before + 1);
    const brand = (await kitBrand(kit.id))!;
    await saveBrandEdit(kit.id, brand, { name: brand.name, tagline: "New tagline", ...brand.palette, heading: brand.fonts.heading, body: brand.fonts.body });
    expect(pageCacheSize()).toBe(before);

    expect(await cache()).toBe(before + 1);
    await workspace(cookie, kit.id, { intent: "unpublish" });
    expect(pageCacheSize()).toBe(before);

    await publish(cookie, kit.id, "cache-test");
    expect(await cache()).toBe(before + 1);
    const admin = await founder();
    await setRole(admin.user.id, "admin");
    const { action } = await import("~/routes/admin/pages");
    const down = await call(() => action(routeArgs(new Request(`${ORIGIN}/admin/pages`, { ...form({ intent: "takedown", kitId: kit.id, reason: "Spam links" }), headers: { ...form({}).headers, Cookie: admin.cookie } }), {}, {})));
    expect(down.status).toBe(200);
    expect(pageCacheSize()).toBe(before);
  });
});

describe("admin takedown", () => {
  it("an admin takes a page down with a reason: 404 at once, the founder sees the reason and can't republish", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "takedown-test");
    const admin = await founder();
    await setRole(admin.user.id, "admin");
    const pages = await import("~/routes/admin/pages");
    const post = (c: string | null, fields: Record<string, string>) => {
      const init = form(fields);
      return call(() => pages.action(routeArgs(new Request(`${ORIGIN}/admin/pages`, { ...init, headers: { ...init.headers, ...(c ? { Cookie: c } : {}) } }), {}, {})));
    };

    // Users and visitors cannot.
    expect((await post(cookie, { intent: "takedown", kitId: kit.id, reason: "I am not an admin" })).status).toBe(403);
    expect((await post(null, { intent: "takedown", kitId: kit.id, reason: "Anonymous" })).status).toBe(302);
    expect((await call(() => pages.loader(routeArgs(new Request(`${ORIGIN}/admin/pages`, { headers: { Cookie: cookie } }), {}, {})))).status).toBe(403);

    const list = await call(() => pages.loader(routeArgs(new Request(`${ORIGIN}/admin/pages`, { headers: { Cookie: admin.cookie } }), {}, {})));
    expect((list.data as unknown as { rows: Array<{ slug: string }> }).rows.map((r) => r.slug)).toContain("takedown-test");
    expect((await post(admin.cookie, { intent: "takedown", kitId: kit.id, reason: "" })).status).toBe(400);
    expect((await post(admin.cookie, { intent: "takedown", kitId: kit.id, reason: "Misleading health claims" })).status).toBe(200);

    expect((await publicGet("takedown-test")).status).toBe(404);
    expect((await postLead("takedown-test", { email: "x@example.com" })).status).toBe(404);
    const section = (await workspace(cookie, kit.id)).data as { page: { takenDownAt: Date; takedownReason: string; published: boolean } };
    expect(section.page).toMatchObject({ published: false, takedownReason: "Misleading health claims" });
    const again = await publish(cookie, kit.id, "takedown-test");
    expect(again.status).toBe(403);
    expect(JSON.stringify(again.data)).toContain("taken down by LaunchKit");
    expect((await publicGet("takedown-test")).status).toBe(404);

    // Lifting it lets the founder publish again.
    expect((await post(admin.cookie, { intent: "restore", kitId: kit.id })).status).toBe(200);
    expect((await publish(cookie, kit.id, "takedown-test")).status).toBe(303);
    expect((await publicGet("takedown-test")).status).toBe(200);
  });
});

describe("access", () => {
  it("cross-user matrix: another founder gets 404 on every landing route of my kit, a visitor goes to sign-in", async () => {
    const owner = await founder();
    const other = await founder();
    const kit = await kitFor(owner.user.id);
    await publish(owner.cookie, kit.id, "private-leads");
    await postLead("private-leads", { email: "secret@example.com" });
    await adminSetPlan(owner.user.id, owner.user.id, "starter");

    const routes: Array<[string, (c: string | null) => Promise<Answer>]> = [
      ["section", (c) => workspace(c, kit.id)],
      ["publish", (c) => workspace(c, kit.id, { intent: "publish", slug: "hijacked" })],
      ["unpublish", (c) => workspace(c, kit.id, { intent: "unpublish" })],
      ["edit", (c) => workspace(c, kit.id, { intent: "save-sections", "position.cta": "1" })],
      ["settings", (c) => workspace(c, kit.id, { intent: "save-settings", notifyLeads: "on" })],
      ["preview", (c) => resource("~/routes/dashboard/workspace/website-preview", c, `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id })],
      ["download", (c) => resource("~/routes/dashboard/workspace/website-download", c, `/dashboard/kits/${kit.id}/website/index.html`, { id: kit.id })],
      ["leads csv", (c) => resource("~/routes/dashboard/workspace/website-leads-csv", c, `/dashboard/kits/${kit.id}/website/leads.csv`, { id: kit.id })],
    ];
    for (const [name, route] of routes) {
      const theirs = await route(other.cookie);
      expect(theirs.status, `${name} as another founder`).toBe(404);
      expect(theirs.body, name).not.toContain("secret@example.com");
      const anonymous = await route(null);
      expect(anonymous.status, `${name} anonymously`).toBe(302);
      expect(anonymous.location, name).toMatch(/^\/signin\?redirectTo=/);
    }
    expect(await landingPageOf(kit.id)).toMatchObject({ slug: "private-leads", published: true, notifyLeads: false });
    // The owner still sees everything.
    expect((await workspace(owner.cookie, kit.id)).status).toBe(200);
    const csv = await resource("~/routes/dashboard/workspace/website-leads-csv", owner.cookie, `/dashboard/kits/${kit.id}/website/leads.csv`, { id: kit.id });
    expect(csv.body).toContain("secret@example.com");
    const download = await resource("~/routes/dashboard/workspace/website-download", owner.cookie, `/dashboard/kits/${kit.id}/website/index.html`, { id: kit.id });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="index.html"');
    expect(download.body).toContain(`action="${ORIGIN}/f/${(await landingPageOf(kit.id))!.pageId}"`);
    expect(download.body).toContain("data:font/woff;base64,");
  });

  it("the free plan: a watermarked preview and the download refused with the upgrade page", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    const preview = await resource("~/routes/dashboard/workspace/website-preview", cookie, `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain("Made with LaunchKit — preview");
    expect(preview.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(preview.headers.get("Content-Security-Policy")).toContain("sandbox");
    const download = await resource("~/routes/dashboard/workspace/website-download", cookie, `/dashboard/kits/${kit.id}/website/index.html`, { id: kit.id });
    expect(download.status).toBe(303);
    expect(download.location).toMatch(/^\/upgrade\?need=download/);
  });

  it("deleting a kit deletes its page and its leads", async () => {
    const { user, cookie } = await founder();
    const kit = await kitFor(user.id);
    await publish(cookie, kit.id, "deleted-kit");
    await postLead("deleted-kit", { email: "gone@example.com" });
    expect(await leadRows(kit.id)).toHaveLength(1);
    expect(await deleteKitForUser(kit.id, user.id)).toBe(true);
    expect(await landingPageOf(kit.id)).toBeUndefined();
    expect(await leadRows(kit.id)).toHaveLength(0);
    expect((await publicGet("deleted-kit")).status).toBe(404);
  });
});
