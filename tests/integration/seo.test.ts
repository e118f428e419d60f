import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { landingPages, users } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { saveAssetContent } from "~/kit/assets/assets.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { setRole } from "~/features/users/users.server";
import { pageCacheSize, pageCacheTicket, storePage } from "~/platform/render/page-cache.server";
import { confirmSiteOrigin, forgetTrustedOrigin } from "~/platform/http/site-origin.server";
import { appSettings } from "~/platform/db/schema";
import { escapeHtml } from "~/platform/text/html";
import { founder, kitFor, publicGetWithHost as publicGet, resource, workspace } from "../support/landing-routes";
import { checkedJsonLd } from "../unit/seo-shapes";

/**
 * SEO on published pages, through the route modules: Pro's title
 * and description saved and read back, the plan gate (403 for free and
 * Starter, 404 for another user), the page cache dropped, and every page's
 * head (the published page, the preview, the downloaded file) with the
 * title, the description and schema.org-valid JSON-LD whose address never
 * comes from the request's Host. The index setting and the sitemap as before.
 */

const TRUSTED = "https://launchkit.example";
const HOSTILE = "</script><script>alert(1)</script>";
const TITLE = "Groomwell: mobile dog grooming in Austin";
const DESCRIPTION = "A calm grooming van at your curb in Austin. Book in a minute, and your dog is home, clean and relaxed.";

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  await confirmSiteOrigin(TRUSTED);
});
afterAll(() => setProviderForTests(undefined));
afterEach(() => {
  delete process.env.APP_URL;
  resetConfigForTests();
});

const setPlan = (userId: string, plan: "free" | "starter" | "pro") => getDb().update(users).set({ plan, planStatus: plan === "pro" ? "active" : null, planEndsAt: null }).where(eq(users.id, userId));

let n = 0;
async function publishedKit(plan: "free" | "starter" | "pro") {
  const owner = await founder("seo");
  await setPlan(owner.user.id, plan);
  const kit = await kitFor(owner.user.id);
  const slug = `seo-${++n}-${kit.id.slice(0, 6).toLowerCase()}`;
  expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { ...owner, kit, slug };
}

const saved = async (kitId: string) => {
  const page = (await landingPageOf(kitId))!;
  return { title: page.seoTitle, description: page.seoDescription };
};

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)">/)?.[1];

describe("Pro's SEO editor", () => {
  it("saves the title and description, drops the cached page, and the published page's head shows them with valid JSON-LD", async () => {
    const { kit, slug, cookie } = await publishedKit("pro");
    const brand = (await kitBrand(kit.id))!;
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;

    // Before: the defaults made from the page, and the JSON-LD every page has.
    const before = await publicGet(slug);
    expect(titleOf(before.body)).toBe(escapeHtml(`${brand.name} — ${content.hero.headline}`));
    expect(descriptionOf(before.body)).toBe(escapeHtml(content.hero.subheadline));
    const ld = checkedJsonLd(before.body);
    expect(ld.organization).toMatchObject({ name: brand.name, url: `${TRUSTED}/p/${slug}`, logo: `${TRUSTED}/p/${slug}/og.png`, description: content.hero.subheadline });
    expect(ld.faq!.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(content.faq.items.map((f) => [f.question, f.answer]));

    const editor = await workspace(cookie, kit.id);
    expect(editor.data!.seo).toMatchObject({ editable: true, saved: { title: null, description: null }, defaults: { title: `${brand.name} — ${content.hero.headline}`, description: content.hero.subheadline } });

    // A copy in the page cache, then the save: the copy is gone.
    const ticket = pageCacheTicket({ method: "GET", url: `/p/${slug}`, headers: {} } as never)!;
    await storePage(ticket, { status: 200, headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }), body: Buffer.from("<p>cached</p>") });
    const cached = pageCacheSize();
    const save = await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: `  ${TITLE}\r\n`, seoDescription: DESCRIPTION.replace(". ", ".\n") });
    expect(save.status).toBe(303);
    expect(save.location).toBe(`/dashboard/kits/${kit.id}/website?saved=seo#seo`);
    expect(pageCacheSize()).toBe(cached - 1);
    expect(await saved(kit.id)).toEqual({ title: TITLE, description: DESCRIPTION });

    const after = await publicGet(slug);
    expect(titleOf(after.body)).toBe(escapeHtml(TITLE));
    expect(descriptionOf(after.body)).toBe(escapeHtml(DESCRIPTION));
    expect(after.body).toContain(`<meta property="og:title" content="${escapeHtml(TITLE)}">`);
    expect(checkedJsonLd(after.body).organization!.description).toBe(DESCRIPTION);
    expect((await workspace(cookie, kit.id)).data!.seo).toMatchObject({ saved: { title: TITLE, description: DESCRIPTION } });

    // The preview and the downloaded file have the same head.
    for (const [path, file] of [["website-preview", "preview"], ["website-download", "index.html"]] as const) {
      const html = (await resource(`~/routes/dashboard/workspace/${path}`, cookie, `/dashboard/kits/${kit.id}/website/${file}`, { id: kit.id })).body;
      expect(titleOf(html), path).toBe(escapeHtml(TITLE));
      expect(descriptionOf(html), path).toBe(escapeHtml(DESCRIPTION));
      expect(checkedJsonLd(html), path).toEqual(checkedJsonLd(after.body));
    }

    // Empty fields: back to the defaults.
    expect((await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: "", seoDescription: " " })).status).toBe(303);
    expect(await saved(kit.id)).toEqual({ title: null, description: null });
    expect(titleOf((await publicGet(slug)).body)).toBe(escapeHtml(`${brand.name} — ${content.hero.headline}`));
  });

  it("refuses a too-long title or a too-short description with a clear 400, and writes nothing", async () => {
    const { kit, cookie } = await publishedKit("pro");
    await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: TITLE, seoDescription: DESCRIPTION });
    const long = await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: "t".repeat(61), seoDescription: DESCRIPTION });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.data)).toContain("Keep the title to 60 characters or fewer");
    const short = await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: "Fine", seoDescription: "Too short." });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.data)).toContain("Write at least 50 characters");
    expect(await saved(kit.id)).toEqual({ title: TITLE, description: DESCRIPTION });
  });

  it("free and Starter founders see what Pro adds and their POST is 403; another user's is 404; an admin may edit", async () => {
    for (const plan of ["free", "starter"] as const) {
      const { kit, cookie, slug } = await publishedKit(plan);
      expect((await workspace(cookie, kit.id)).data!.seo).toMatchObject({ editable: false });
      const refused = await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: TITLE, seoDescription: DESCRIPTION });
      expect(refused.status, plan).toBe(403);
      expect(String(refused.data!.message)).toContain("comes with Pro");
      expect(await saved(kit.id)).toEqual({ title: null, description: null });
      // Every plan's page has the defaults and the JSON-LD.
      const ld = checkedJsonLd((await publicGet(slug)).body);
      expect(ld.organization).not.toBeNull();
      expect(ld.faq).not.toBeNull();
    }
    const { kit } = await publishedKit("pro");
    const other = await founder("seo-other");
    await setPlan(other.user.id, "pro");
    expect((await workspace(other.cookie, kit.id, { intent: "save-seo", seoTitle: TITLE })).status).toBe(404);
    expect((await workspace(null, kit.id, { intent: "save-seo", seoTitle: TITLE })).status).toBe(302);
    expect(await saved(kit.id)).toEqual({ title: null, description: null });

    const admin = await publishedKit("free");
    await setRole(admin.user.id, "admin");
    expect((await workspace(admin.cookie, admin.kit.id, { intent: "save-seo", seoTitle: TITLE })).status).toBe(303);
    expect(titleOf((await publicGet(admin.slug)).body)).toBe(escapeHtml(TITLE));
  });

  it("the founder's text shows while the owner has Pro; after Pro the defaults come back", async () => {
    const { kit, cookie, slug, user } = await publishedKit("pro");
    await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: TITLE, seoDescription: DESCRIPTION });
    expect(titleOf((await publicGet(slug)).body)).toBe(escapeHtml(TITLE));
    await setPlan(user.id, "free");
    const html = (await publicGet(slug)).body;
    expect(titleOf(html)).not.toBe(escapeHtml(TITLE));
    expect(descriptionOf(html)).not.toBe(escapeHtml(DESCRIPTION));
  });
});

describe("the JSON-LD's address", () => {
  it("is APP_URL, else the confirmed address, never the request's Host; none known and not loopback: no Organization", async () => {
    const { slug } = await publishedKit("free");
    expect(checkedJsonLd((await publicGet(slug, "http://evil.example")).body).organization!.url).toBe(`${TRUSTED}/p/${slug}`);
    process.env.APP_URL = "https://app.launchkit.example";
    resetConfigForTests();
    expect(checkedJsonLd((await publicGet(slug, "http://evil.example")).body).organization!.url).toBe(`https://app.launchkit.example/p/${slug}`);
    delete process.env.APP_URL;
    resetConfigForTests();
    await getDb().delete(appSettings).where(eq(appSettings.key, "site_origin"));
    forgetTrustedOrigin();
    try {
      const forged = checkedJsonLd((await publicGet(slug, "http://evil.example")).body);
      expect(forged.organization).toBeNull();
      expect(forged.faq).not.toBeNull();
      // A loopback request (development) may name itself: it leads nobody elsewhere.
      expect(checkedJsonLd((await publicGet(slug, "http://127.0.0.1:3000")).body).organization!.url).toBe(`http://127.0.0.1:3000/p/${slug}`);
    } finally {
      await confirmSiteOrigin(TRUSTED);
    }
  });

  it("is the verified custom domain while the owner's plan serves it", async () => {
    const { kit, slug, user } = await publishedKit("pro");
    const domain = `www.groom-${kit.id.slice(0, 6).toLowerCase()}.example`;
    await getDb().update(landingPages).set({ customDomain: domain, domainVerifiedAt: new Date() }).where(eq(landingPages.kitId, kit.id));
    expect(checkedJsonLd((await publicGet(slug)).body).organization).toMatchObject({ url: `https://${domain}/`, logo: `https://${domain}/og.png` });
    await setPlan(user.id, "free");
    expect(checkedJsonLd((await publicGet(slug)).body).organization!.url).toBe(`${TRUSTED}/p/${slug}`);
  });

  it("an unpublished page's preview has no Organization (no public address yet)", async () => {
    const { kit, cookie } = await publishedKit("pro");
    await workspace(cookie, kit.id, { intent: "unpublish" });
    const html = (await resource("~/routes/dashboard/workspace/website-preview", cookie, `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id })).body;
    expect(checkedJsonLd(html).organization).toBeNull();
  });
});

describe("hostile text", () => {
  it("a brand name and FAQ that try to close the script stay inside the JSON, which reads back as typed", async () => {
    const { kit, slug } = await publishedKit("free");
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    const question = `Is it safe? ${HOSTILE}\u2028`;
    const answer = `Yes ${HOSTILE} <!-- \u2029 & done`;
    await saveAssetContent(kit.id, "landing", { ...content, faq: { ...content.faq, items: [{ question, answer }, ...content.faq.items.slice(1)] } });
    const html = (await publicGet(slug)).body;
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    const ld = checkedJsonLd(html);
    expect(ld.faq!.mainEntity[0]).toEqual({ "@type": "Question", name: question.trim(), acceptedAnswer: { "@type": "Answer", text: answer } });
  });
});

describe("the index setting and the sitemap, as before", () => {
  it("noindex until ticked; ticked: indexable and in the sitemap; saving SEO changes neither", async () => {
    const { kit, cookie, slug } = await publishedKit("pro");
    const sitemap = async () => (await resource("~/routes/marketing/sitemap[.]xml", null, "/sitemap.xml", {})).body;
    let page = await publicGet(slug);
    expect(page.body).toContain(`<meta name="robots" content="noindex, nofollow">`);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await sitemap()).not.toContain(`/p/${slug}<`);
    await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: TITLE, seoDescription: DESCRIPTION });
    expect((await landingPageOf(kit.id))!.indexable).toBe(false);
    expect((await publicGet(slug)).headers.get("X-Robots-Tag")).toBe("noindex, nofollow");

    expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" })).status).toBe(303);
    page = await publicGet(slug);
    expect(page.body).toContain(`<meta name="robots" content="index, follow">`);
    expect(page.headers.get("X-Robots-Tag")).toBeNull();
    expect(await sitemap()).toContain(`/p/${slug}</loc>`);
    await workspace(cookie, kit.id, { intent: "save-seo", seoTitle: "", seoDescription: "" });
    expect((await landingPageOf(kit.id))!.indexable).toBe(true);
  });
});
