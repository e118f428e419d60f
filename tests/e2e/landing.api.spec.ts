import crypto from "node:crypto";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, PASSWORD, query, randomIp, test, confirmEmail, adminReady } from "./fixtures";

/**
 * Published pages over real HTTP: the headers a browser gets (strict CSP, no
 * cookie, noindex), the page cache (a hit, then dropped by an edit and by
 * unpublishing), sign-ups posted from LaunchKit and from a copy of the page
 * hosted elsewhere, the OpenGraph image, and the workspace preview's framing.
 */

async function founder(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const c = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const email = `landing-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await c.post("/signup", { form: { name: "Page Founder", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await confirmEmail(c, email);
  return c;
}

async function kitWithLanding(c: APIRequestContext, goal = "waitlist") {
  const tag = crypto.randomBytes(4).toString("hex");
  const created = await c.post("/wizard", {
    form: { idea: `Landing page kit ${tag}`, audience: "Founders", tone: "bold", goal, vibe: "neon tech", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(303);
  const id = created.headers().location!.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 }).toBe("ready");
  return { id, tag };
}

test("a published page: strict headers, cached for visitors, dropped on edit and unpublish; leads from anywhere", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await founder(playwright, baseURL!);
  const { id, tag } = await kitWithLanding(owner);
  const slug = `api-${tag}`;
  const published = await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "publish", slug }, maxRedirects: 0 });
  expect(published.status()).toBe(303);

  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const first = await visitor.get(`/p/${slug}`);
  expect(first.status()).toBe(200);
  const h = first.headers();
  expect(h["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
  expect(h["set-cookie"]).toBeUndefined();
  expect(h["x-robots-tag"]).toBe("noindex, nofollow");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-frame-options"]).toBe("DENY");
  const html = await first.text();
  // No script but the JSON-LD data blocks, which hold no "<" at all.
  expect(html.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "")).not.toMatch(/<script/i);
  // The form posts to the page's stable id; the older /p/<slug>/lead address still takes posts.
  const pageId = query<{ page_id: string }>("select page_id from landing_pages where slug = ?", slug)[0]!.page_id;
  expect(html).toContain(`<form method="post" action="/f/${pageId}">`);

  // Same bytes for every visitor: the page cache answers the next request.
  // (The cache stores a page once its compressed copies are made, just after the first answer.)
  await expect.poll(async () => (await visitor.get(`/p/${slug}`)).headers()["x-page-cache"]).toBe("hit");
  const second = await visitor.get(`/p/${slug}`);
  expect(second.headers()["x-page-cache"]).toBe("hit");
  expect(second.headers()["content-security-policy"]).toBe(h["content-security-policy"]);
  expect(second.headers()["set-cookie"]).toBeUndefined();
  expect(await second.text()).toBe(html);

  // The founder's edit drops the cached copy at once.
  const edited = await owner.post(`/dashboard/kits/${id}/website`, {
    form: { intent: "save-sections", "position.benefits": "1", "position.how": "2", "position.proof": "3", "position.faq": "4", "position.cta": "5", "show.benefits": "on", "show.how": "on", "show.faq": "on" },
    maxRedirects: 0,
  });
  expect(edited.status()).toBe(303);
  const third = await visitor.get(`/p/${slug}`);
  expect(third.headers()["x-page-cache"]).not.toBe("hit");
  expect(await third.text()).not.toContain('id="proof"');

  // The founder, signed in, never gets the anonymous copy, and it never sets a cookie either.
  const own = await owner.get(`/p/${slug}`);
  expect(own.headers()["x-page-cache"]).not.toBe("hit");
  expect(own.headers()["set-cookie"]).toBeUndefined();

  // Sign-ups: from the page itself, and from a copy of it hosted on the founder's own site.
  const here = await visitor.post(`/p/${slug}/lead`, { form: { email: `here-${tag}@example.com`, website: "" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(here.status()).toBe(303);
  expect(here.headers().location).toMatch(new RegExp(`^/p/${slug}/thanks\\?pass=`));
  expect(here.headers()["set-cookie"]).toBeUndefined();
  const elsewhere = await visitor.post(`/f/${pageId}`, { form: { email: `there-${tag}@example.com` }, headers: { Origin: "https://founder-site.example" }, maxRedirects: 0 });
  expect(elsewhere.status()).toBe(303);
  expect(query("select email from leads where kit_id = ? order by email", id)).toEqual([{ email: `here-${tag}@example.com` }, { email: `there-${tag}@example.com` }]);
  const thanks = await visitor.get(`/p/${slug}/thanks`);
  expect(thanks.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);

  // The OpenGraph image.
  const og = await visitor.get(`/p/${slug}/og.png`);
  expect(og.headers()["content-type"]).toBe("image/png");
  const png = Buffer.from(await og.body());
  expect({ w: png.readUInt32BE(16), h: png.readUInt32BE(20) }).toEqual({ w: 1200, h: 630 });

  // The workspace preview may be framed by LaunchKit only, and runs nothing.
  const preview = await owner.get(`/dashboard/kits/${id}/website/preview`);
  expect(preview.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(preview.headers()["content-security-policy"]).toContain("sandbox");
  expect((await visitor.get(`/dashboard/kits/${id}/website/preview`, { maxRedirects: 0 })).status()).toBe(302);

  // Unpublish: 404 at once, cached copy or not.
  await visitor.get(`/p/${slug}`);
  expect((await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "unpublish" }, maxRedirects: 0 })).status()).toBe(303);
  expect((await visitor.get(`/p/${slug}`)).status()).toBe(404);
  expect((await visitor.post(`/p/${slug}/lead`, { form: { email: `late-${tag}@example.com` }, maxRedirects: 0 })).status()).toBe(404);
  expect((await visitor.post(`/f/${pageId}`, { form: { email: `late-${tag}@example.com` }, maxRedirects: 0 })).status()).toBe(404);
});

test("a canceled Pro that ends by date (no webhook then): the cached page gets its badge back when the period ends", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await founder(playwright, baseURL!);
  const { id, tag } = await kitWithLanding(owner);
  const slug = `lapse-${tag}`;
  expect((await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "publish", slug }, maxRedirects: 0 })).status()).toBe(303);
  // Pro, canceled, paid until a few seconds from now (what Stripe's cancellation leaves).
  const endsAt = Date.now() + 15_000;
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"), { fileMustExist: true });
  try {
    db.prepare("update users set plan = 'pro', plan_status = 'canceled', plan_ends_at = ? where id = (select user_id from launch_kits where id = ?)").run(endsAt, id);
  } finally {
    db.close();
  }
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  // The page's own expiry is for the cache only: never sent, not even to a HEAD that misses the cache.
  const head = await visitor.head(`/p/${slug}`);
  expect(head.status()).toBe(200);
  expect(head.headers()["x-page-cache-until"]).toBeUndefined();
  const paid = await visitor.get(`/p/${slug}`);
  expect(await paid.text()).not.toContain("Made with LaunchKit");
  expect(paid.headers()["x-page-cache-until"]).toBeUndefined();
  await expect.poll(async () => (await visitor.get(`/p/${slug}`)).headers()["x-page-cache"]).toBe("hit");
  // The page cache keeps pages 60 s; the period ends before that, and the cached copy with it.
  await expect.poll(async () => (await visitor.get(`/p/${slug}`)).text(), { timeout: endsAt - Date.now() + 10_000, intervals: [1_000] }).toContain("Made with LaunchKit");
  await visitor.dispose();
});

test("an admin takes a page down from /admin/pages; the founder sees why", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await founder(playwright, baseURL!);
  const { id, tag } = await kitWithLanding(owner, "downloads");
  const slug = `down-${tag}`;
  // A downloads page is published with its link.
  await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "save-settings", downloadUrl: "https://files.example.com/guide.pdf" }, maxRedirects: 0 });
  await owner.post(`/dashboard/kits/${id}/website`, { form: { intent: "publish", slug }, maxRedirects: 0 });
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  expect((await visitor.get(`/p/${slug}`)).status()).toBe(200);
  await visitor.get(`/p/${slug}`); // cached now

  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const signin = await admin.post("/signup", { form: { name: "Admin", email: "admin2-js@e2e.test", password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  if (signin.status() !== 302) expect((await admin.post("/signin", { form: { email: "admin2-js@e2e.test", password: PASSWORD }, maxRedirects: 0 })).status()).toBe(302);
  // ADMIN_EMAILS makes an admin of a confirmed address only.
  else await confirmEmail(admin, "admin2-js@e2e.test");
  await adminReady(admin, "admin2-js@e2e.test");
  expect((await owner.get("/admin/pages", { maxRedirects: 0 })).status()).toBe(403);
  expect((await owner.post("/admin/pages", { form: { intent: "takedown", kitId: id, reason: "Not an admin" }, maxRedirects: 0 })).status()).toBe(403);
  const list = await admin.get("/admin/pages");
  expect(await list.text()).toContain(`/p/${slug}`);
  expect((await admin.post("/admin/pages", { form: { intent: "takedown", kitId: id, reason: "Phishing form" } })).status()).toBe(200);
  expect((await visitor.get(`/p/${slug}`)).status()).toBe(404);
  const section = await owner.get(`/dashboard/kits/${id}/website`);
  const text = await section.text();
  expect(text).toContain("LaunchKit took this page down on");
  expect(text).toMatch(/Reason: (<!-- -->)?Phishing form/);
});
