import { eq } from "drizzle-orm";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewriteCustomDomain } from "~/features/billing/custom-domain.server";
import { getDb } from "~/platform/db/client.server";
import { landingPages, users } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { givenPrices, llmsTxt } from "~/kit/assets/landing/llms";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { createRequestContext } from "~/platform/http/request-context";
import { founder, kitFor, workspace } from "../support/landing-routes";
import { makeBrand } from "../support/kit-fixtures";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * A published page's llms.txt: in the llms.txt format (read here by a parser
 * that follows the proposal, AnswerDotAI/llms-txt), linked from the page's
 * head, every link at the page's trusted public address (never the Host a
 * request came with), on the verified custom domain as /llms.txt, 404 for a
 * page that is not live; robots.txt and the sitemap unchanged by it.
 */

const TRUSTED = "https://launchkit.example";

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  await confirmSiteOrigin(TRUSTED);
});
afterAll(() => setProviderForTests(undefined));

type LlmsTxt = { title: string; summary: string | null; details: string; sections: Array<{ name: string; links: Array<{ name: string; url: string; notes: string | null }> }> };

/**
 * The llms.txt format: an optional BOM; an H1 with the name (required, first);
 * an optional blockquote; optional Markdown with no headings; then zero or more
 * H2 sections, each a Markdown list of `- [name](url): optional notes`.
 * Anything else is a format error (thrown).
 */
function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  let i = 0;
  const skipBlank = () => {
    while (i < lines.length && lines[i]!.trim() === "") i++;
  };
  skipBlank();
  const h1 = /^# (.+)$/.exec(lines[i] ?? "");
  if (!h1) throw new Error(`llms.txt must start with an H1, found: ${lines[i]}`);
  i++;
  skipBlank();
  const quote: string[] = [];
  while (i < lines.length && lines[i]!.startsWith(">")) quote.push(lines[i++]!.replace(/^> ?/, ""));
  const details: string[] = [];
  while (i < lines.length && !lines[i]!.startsWith("## ")) {
    if (/^#{1,6} /.test(lines[i]!)) throw new Error(`no headings before the sections: ${lines[i]}`);
    details.push(lines[i++]!);
  }
  const sections: LlmsTxt["sections"] = [];
  while (i < lines.length) {
    const h2 = /^## (.+)$/.exec(lines[i]!);
    if (!h2) throw new Error(`expected an H2 section: ${lines[i]}`);
    i++;
    const section = { name: h2[1]!, links: [] as LlmsTxt["sections"][number]["links"] };
    while (i < lines.length && !lines[i]!.startsWith("## ")) {
      const line = lines[i++]!;
      if (line.trim() === "") continue;
      // The link text may hold escaped brackets; the destination is <…> or has no spaces.
      const item = /^- \[((?:\\.|[^\]\\])+)\]\((<[^>]*>|[^\s)]+)\)(?:: (.+))?$/.exec(line);
      if (!item) throw new Error(`a section holds only "- [name](url): notes" items: ${line}`);
      section.links.push({ name: item[1]!, url: item[2]!.replace(/^<(.*)>$/, "$1"), notes: item[3] ?? null });
    }
    sections.push(section);
  }
  return { title: h1[1]!, summary: quote.length ? quote.join(" ") : null, details: details.join("\n").trim(), sections };
}

async function get(modulePath: string, url: string, params: Record<string, string>) {
  const route = (await import(/* @vite-ignore */ modulePath)) as { loader: (a: never) => Promise<unknown> };
  const u = new URL(url);
  return call(() => route.loader(routeArgs(new Request(url, { headers: { Host: u.host } }), params, createRequestContext("10.0.0.7"))));
}
const llms = (slug: string, origin = "http://evil.example") => get("~/routes/public/llms-txt", `${origin}/p/${slug}/llms.txt`, { slug });
const page = (slug: string, origin = "http://evil.example") => get("~/routes/public/page", `${origin}/p/${slug}`, { slug });

let n = 0;
async function publishedKit(plan: "free" | "pro" = "free") {
  const owner = await founder("llms");
  await getDb().update(users).set({ plan, planStatus: plan === "pro" ? "active" : null }).where(eq(users.id, owner.user.id));
  const kit = await kitFor(owner.user.id);
  const slug = `llms-${++n}-${kit.id.slice(0, 6).toLowerCase()}`;
  expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { ...owner, kit, slug };
}

describe("llms.txt of a published page", () => {
  it("follows the format, links the page and its sections at the trusted address only, and the page's head links it", async () => {
    const { slug } = await publishedKit();
    const res = await llms(slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    // Not indexed while the page is noindex.
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const doc = parseLlmsTxt(res.body);
    const html = (await page(slug)).body;
    const name = /<meta property="og:site_name" content="([^"]*)">/.exec(html)![1]!;
    expect(doc.title).toBe(name);
    expect(doc.summary).toBeTruthy();
    // The press kit published with the page has its own section.
    expect(doc.sections.map((s) => s.name)).toEqual(["Page", "Press"]);
    expect(doc.sections[1]!.links).toEqual([expect.objectContaining({ name: "Press kit", url: `${TRUSTED}/p/${slug}/press` })]);
    const links = doc.sections[0]!.links;
    expect(links[0]).toMatchObject({ name, url: `${TRUSTED}/p/${slug}` });
    expect(links.map((l) => l.url)).toEqual(expect.arrayContaining([`${TRUSTED}/p/${slug}#benefits`, `${TRUSTED}/p/${slug}#faq`, `${TRUSTED}/p/${slug}#signup`]));
    for (const l of links) expect(l.url.startsWith(`${TRUSTED}/p/${slug}`), l.url).toBe(true);
    expect(res.body).not.toContain("evil.example");
    // Placeholder quotes are not on the public page, so not here either; no prices were given, so no Pricing section.
    expect(links.some((l) => l.url.endsWith("#proof"))).toBe(false);
    // Every section link points at an id the page has.
    for (const l of links.slice(1)) expect(html).toContain(`id="${l.url.split("#")[1]}"`);
    expect([...html.matchAll(/<link rel="alternate" type="text\/markdown" href="([^"]*)" title="llms.txt">/g)].map((m) => m[1])).toEqual([`${TRUSTED}/p/${slug}/llms.txt`]);
  });

  it("is indexable with the page, and is 404 for a draft, an unpublished or an unknown page", async () => {
    const { cookie, kit, slug } = await publishedKit();
    expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" })).status).toBe(303);
    expect((await llms(slug)).headers.get("X-Robots-Tag")).toBeNull();
    expect((await workspace(cookie, kit.id, { intent: "unpublish" })).status).toBe(303);
    expect((await llms(slug)).status).toBe(404);
    expect((await llms("no-such-page-here")).status).toBe(404);
    // Another founder's kit that was never published.
    const other = await founder("llms-draft");
    const draft = await kitFor(other.user.id);
    const draftSlug = (await getDb().select({ slug: landingPages.slug }).from(landingPages).where(eq(landingPages.kitId, draft.id)))[0]?.slug ?? "llms-draft-none";
    expect((await llms(draftSlug)).status).toBe(404);
  });

  it("on a verified custom domain: /llms.txt is the page's, with links on the domain; the head links it there", async () => {
    const { kit, slug } = await publishedKit("pro");
    const domain = `www.llms${n}.example`;
    await getDb().update(landingPages).set({ customDomain: domain, domainVerifiedAt: new Date() }).where(eq(landingPages.kitId, kit.id));
    const req = { headers: { host: domain }, url: "/llms.txt" } as Parameters<typeof rewriteCustomDomain>[0];
    expect(await rewriteCustomDomain(req)).toBe("rewritten");
    expect(req.url).toBe(`/p/${slug}/llms.txt`);
    const doc = parseLlmsTxt((await llms(slug, `https://${domain}`)).body);
    for (const l of doc.sections.flatMap((s) => s.links)) expect(l.url.startsWith(`https://${domain}/`), l.url).toBe(true);
    expect(doc.sections[0]!.links[0]!.url).toBe(`https://${domain}/`);
    expect((await page(slug)).body).toContain(`<link rel="alternate" type="text/markdown" href="https://${domain}/llms.txt" title="llms.txt">`);
  });

  it("robots.txt lets crawlers read it and the sitemap keeps listing pages only", async () => {
    const { cookie, kit, slug } = await publishedKit();
    expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on" })).status).toBe(303);
    const robots = await get("~/routes/marketing/robots[.]txt", `${TRUSTED}/robots.txt`, {});
    const parsed = robotsParser(`${TRUSTED}/robots.txt`, robots.body);
    expect(parsed.isAllowed(`${TRUSTED}/p/${slug}/llms.txt`, "GPTBot")).toBe(true);
    const sitemap = await get("~/routes/marketing/sitemap[.]xml", `${TRUSTED}/sitemap.xml`, {});
    expect(sitemap.body).toContain(`/p/${slug}</loc>`);
    expect(sitemap.body).not.toContain("llms.txt");
  });
});

describe("llms.txt's content", () => {
  const brand = makeBrand({ name: "<b>Acme</b> [x](y)", tagline: "# Fast *and* _simple_" });
  const base = (): LandingContent =>
    LandingContentSchema.parse({
      hero: { headline: "Clean dogs", subheadline: "At your door.", button: "Book" },
      benefits: { heading: "Why us", items: [1, 2, 3].map((i) => ({ title: `B${i}`, body: "x" })) },
      how: { heading: "How", steps: [1, 2, 3].map((i) => ({ title: `S${i}`, body: "x" })) },
      proof: { heading: "Proof", items: [1, 2, 3].map((i) => ({ quote: "q", name: `N${i}`, detail: "d" })) },
      faq: { heading: "FAQ", items: [1, 2, 3, 4].map((i) => ({ question: `Q${i}?`, answer: "a" })) },
      cta: { headline: "Join", body: "Now.", button: "Go" },
      sections: ["benefits", "how", "faq", "cta"],
    });

  it("lists prices only as the founder gave them, never the step's placeholder", () => {
    const placeholder = { ...base(), category: { prices: { heading: "Prices", body: "Ask us.", items: [{ name: "Each visit", price: "Quote on request" }] } } };
    expect(givenPrices(placeholder)).toBeNull();
    expect(parseLlmsTxt(llmsTxt(brand, placeholder, { description: "d" }, `${TRUSTED}/p/acme`)).sections.map((s) => s.name)).toEqual(["Page"]);
    const given = { ...base(), category: { prices: { heading: "Prices", body: "Fair.", items: [{ name: "Full groom", price: "£45" }, { name: "Nails", price: "Quote on request" }] } } };
    const doc = parseLlmsTxt(llmsTxt(brand, given, { description: "d" }, `${TRUSTED}/p/acme`));
    expect(doc.sections.map((s) => s.name)).toEqual(["Page", "Pricing"]);
    expect(doc.sections[1]!.links).toEqual([{ name: "Prices", url: `${TRUSTED}/p/acme#prices`, notes: "Full groom: £45; Nails: Quote on request" }]);
  });

  it("keeps a name, tagline and copy with Markdown and HTML characters as text", () => {
    const content = base();
    content.hero.headline = "</a> <script>x</script> [link](javascript:alert(1))";
    const text = llmsTxt(brand, content, { description: "> quoted # not a heading" }, `${TRUSTED}/p/acme`);
    const doc = parseLlmsTxt(text);
    expect(doc.title).toBe("\\<b\\>Acme\\</b\\> \\[x\\](y)");
    expect(text).not.toMatch(/(^|[^\\])(<b>|<script|<\/a>|\]\(javascript)/m);
    expect(text.split("\n").filter((l) => l.startsWith("#"))).toEqual([`# ${doc.title}`, "## Page"]);
  });
});
