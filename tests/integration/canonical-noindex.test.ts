import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SeoEditor, type SeoEditorData } from "~/ui/workspace/seo-editor";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { landingPages, users } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { founder, kitFor, publicGetWithHost as publicGet, workspace } from "../support/landing-routes";

/**
 * A published page's <link rel="canonical">: on every published page,
 * indexed or not, with its trusted public address (the confirmed site
 * address, APP_URL, or its verified custom domain), never the Host a
 * request came with. And the SEO card says plainly when the page is noindex.
 */

const TRUSTED = "https://launchkit.example";

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  await confirmSiteOrigin(TRUSTED);
});
afterAll(() => setProviderForTests(undefined));
afterEach(() => {
  delete process.env.APP_URL;
  resetConfigForTests();
});

const canonicalsOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]);
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1];
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)">/.exec(html)?.[1];

let n = 0;
async function publishedKit(plan: "free" | "pro" = "free") {
  const owner = await founder("canonical");
  await getDb().update(users).set({ plan, planStatus: plan === "pro" ? "active" : null }).where(eq(users.id, owner.user.id));
  const kit = await kitFor(owner.user.id);
  const slug = `canon-${++n}-${kit.id.slice(0, 6).toLowerCase()}`;
  expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { ...owner, kit, slug };
}

describe("the published page's canonical link", () => {
  it("is there while the page is noindex, and after indexing is ticked, with the confirmed address and never the request's Host", async () => {
    const { cookie, kit, slug } = await publishedKit();
    const noindex = await publicGet(slug);
    expect(noindex.status).toBe(200);
    expect(robotsOf(noindex.body)).toBe("noindex, nofollow");
    expect(canonicalsOf(noindex.body)).toEqual([`${TRUSTED}/p/${slug}`]);
    expect(ogUrlOf(noindex.body)).toBe(`${TRUSTED}/p/${slug}`);
    expect(noindex.body).not.toMatch(/<link rel="canonical" href="http:\/\/evil|og:url" content="http:\/\/evil/);

    expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" })).status).toBe(303);
    const indexed = await publicGet(slug);
    expect(robotsOf(indexed.body)).toBe("index, follow");
    expect(canonicalsOf(indexed.body)).toEqual([`${TRUSTED}/p/${slug}`]);
    expect(indexed.body).not.toMatch(/<link rel="canonical" href="http:\/\/evil|og:url" content="http:\/\/evil/);
  });

  it("follows APP_URL when it is set", async () => {
    process.env.APP_URL = "https://app.launchkit.example";
    resetConfigForTests();
    const { slug } = await publishedKit();
    const page = await publicGet(slug);
    expect(canonicalsOf(page.body)).toEqual([`https://app.launchkit.example/p/${slug}`]);
  });

  it("is the verified custom domain of a Pro page, whatever Host the request came with", async () => {
    const { kit, slug } = await publishedKit("pro");
    const domain = `www.canon${n}.example`;
    await getDb().update(landingPages).set({ customDomain: domain, domainVerifiedAt: new Date() }).where(eq(landingPages.kitId, kit.id));
    const page = await publicGet(slug);
    expect(canonicalsOf(page.body)).toEqual([`https://${domain}/`]);
    // Not yet verified: LaunchKit's own address.
    await getDb().update(landingPages).set({ domainVerifiedAt: null }).where(eq(landingPages.kitId, kit.id));
    expect(canonicalsOf((await publicGet(slug)).body)).toEqual([`${TRUSTED}/p/${slug}`]);
  });
});

/** The SEO card as the section renders it, from the section loader's data. */
function seoCard(data: SeoEditorData): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(SeoEditor, { data, lastResult: undefined }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }))
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

describe("the SEO card", () => {
  it("says plainly that the page is noindex until indexing is ticked, then that search engines may list it", async () => {
    for (const plan of ["free", "pro"] as const) {
      const { cookie, kit } = await publishedKit(plan);
      const before = await workspace(cookie, kit.id);
      const text = seoCard((before.data as { seo: SeoEditorData }).seo);
      expect(text, plan).toContain("Search engines won't list this page: it is marked noindex.");
      expect(text).toContain('tick "Let search engines index it" under Publish → Settings');

      expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" })).status).toBe(303);
      const after = seoCard(((await workspace(cookie, kit.id)).data as { seo: SeoEditorData }).seo);
      expect(after, plan).toContain("Search engines may list this page: it is indexable and in LaunchKit's sitemap.");
      expect(after).not.toContain("noindex");
    }
  });

  it("before the page is published: noindex and not published yet", async () => {
    const owner = await founder("canonical-draft");
    const kit = await kitFor(owner.user.id);
    const text = seoCard(((await workspace(owner.cookie, kit.id)).data as { seo: SeoEditorData }).seo);
    expect(text).toContain("Search engines won't list this page: it is marked noindex (and it isn't published yet).");
  });
});
