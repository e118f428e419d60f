import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { renderLandingHtml } from "~/kit/assets/landing/render.server";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { faqJsonLd, jsonForScript, jsonLdScripts, organizationJsonLd, pageJsonLd, pageSeo } from "~/kit/assets/landing/seo";
import { publicPageCsp } from "~/features/site/public.server";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import type { Brand } from "~/kit/brand/brand";
import { fixPalette } from "~/kit/brand/palette";
import { escapeHtml } from "~/platform/text/html";
import { checkedJsonLd, FaqPageShape, jsonLdTexts, OrganizationShape } from "./seo-shapes";

/** The JSON-LD every published page carries (Organization, FAQPage), its schema.org shapes and its escaping. */

const HOSTILE = "</script><script>alert(1)</script>";
const SEP = "line\u2028para\u2029end";

const input: GenerationInput = {
  business_idea: "Mobile dog grooming van for busy pet owners",
  target_audience: "Busy professionals, new parents",
  geographic_market: "Austin, Texas",
  tone_of_voice: "friendly",
  competitors: "Not specified",
  primary_goal: "collect emails",
  brand_vibe: "cozy",
};

function brandOf(name?: string): Brand {
  const content = builtinBrand(input);
  const fixed = fixPalette(content.palette);
  return { ...content, ...(name ? { name } : {}), palette: fixed.palette, paletteAdjustments: fixed.adjustments };
}
const contentOf = (brand: Brand): LandingContent => LandingContentSchema.parse(builtinLandingCopy(input, brand));
const logo = { marks: builtinMarks("seed", "cozy"), selected: 0 };
const URL_ = "https://launchkit.test/p/groomwell";

function page(brand: Brand, content: LandingContent, url: string | null = URL_, custom: { title?: string; description?: string } | null = null) {
  const seo = pageSeo(brand, content, custom);
  const jsonLd = pageJsonLd(brand, content, seo, { url, logo: url ? `${url}/og.png` : null });
  return renderLandingHtml(brand, content, { goal: "collect emails", logo, formAction: "/f/x", seo, jsonLd, indexable: true });
}

describe("shapes", () => {
  it("a page with an FAQ has a valid Organization and a valid FAQPage built from it", () => {
    const brand = brandOf();
    const content = contentOf(brand);
    expect(content.sections).toContain("faq");
    const { organization, faq, count } = checkedJsonLd(page(brand, content));
    expect(count).toBe(2);
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: brand.name,
      url: URL_,
      logo: `${URL_}/og.png`,
      description: content.hero.subheadline,
    });
    expect(faq!.mainEntity).toEqual(content.faq.items.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })));
  });

  it("no FAQ section on the page: no FAQPage", () => {
    const brand = brandOf();
    const content = { ...contentOf(brand), sections: contentOf(brand).sections.filter((s) => s !== "faq") };
    const { organization, faq } = checkedJsonLd(page(brand, content));
    expect(organization).not.toBeNull();
    expect(faq).toBeNull();
    expect(faqJsonLd(content)).toBeNull();
  });

  it("no public address (unpublished, no trusted origin): no Organization, the FAQPage stays", () => {
    const brand = brandOf();
    const { organization, faq, count } = checkedJsonLd(page(brand, contentOf(brand), null));
    expect(organization).toBeNull();
    expect(faq).not.toBeNull();
    expect(count).toBe(1);
  });

  it("the Organization's description is the page's meta description (the founder's when written)", () => {
    const brand = brandOf();
    const description = "Mobile dog grooming in Austin: a calm van at your curb, booked in one minute.";
    const html = page(brand, contentOf(brand), URL_, { title: "Groomwell: dog grooming at your door", description });
    expect(checkedJsonLd(html).organization!.description).toBe(description);
    expect(html).toContain("<title>Groomwell: dog grooming at your door</title>");
    expect(html).toContain(`<meta name="description" content="${escapeHtml(description)}">`);
  });

  it("the validator refuses what schema.org and Google would not take", () => {
    const org = organizationJsonLd({ name: "Groomwell", url: URL_ });
    expect(OrganizationShape.safeParse(org).success).toBe(true);
    expect(OrganizationShape.safeParse({ ...org, "@context": "http://schema.org/" }).success).toBe(false);
    expect(OrganizationShape.safeParse({ ...org, url: "/p/groomwell" }).success).toBe(false);
    expect(OrganizationShape.safeParse({ ...org, name: "" }).success).toBe(false);
    expect(OrganizationShape.safeParse({ ...org, logoo: URL_ }).success).toBe(false);
    const faq = { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }] };
    expect(FaqPageShape.safeParse(faq).success).toBe(true);
    expect(FaqPageShape.safeParse({ ...faq, mainEntity: [] }).success).toBe(false);
    expect(FaqPageShape.safeParse({ ...faq, mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { text: "A." } }] }).success).toBe(false);
    expect(FaqPageShape.safeParse({ ...faq, mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer" } }] }).success).toBe(false);
  });
});

describe("escaping", () => {
  it("JSON for a script element: <, >, &, U+2028 and U+2029 as \\u escapes, the same value to a parser", () => {
    const value = { a: HOSTILE, b: SEP, c: "<!-- & -->" };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(text).toContain("\\u2028");
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonLdScripts([value])).toBe(`<script type="application/ld+json">${text}</script>`);
  });

  it("a hostile brand name and FAQ cannot close the script: the page has exactly its own script elements, and the JSON reads back as typed", () => {
    const brand = brandOf(`Groom${HOSTILE}${SEP}`);
    const base = contentOf(brand);
    const content = { ...base, faq: { ...base.faq, items: base.faq.items.map((f, i) => (i === 0 ? { question: `Why? ${HOSTILE}`, answer: `Because ${SEP} <!-- ${HOSTILE}` } : f)) } };
    const html = page(brand, content);
    // The only script tags in the document are the two data blocks (the brand name elsewhere is HTML-escaped).
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain("<!--");
    // U+2028/2029 are harmless in HTML text, but never raw inside the JSON.
    for (const t of jsonLdTexts(html)) expect(t).not.toMatch(/[<>&\u2028\u2029]/);
    const { organization, faq } = checkedJsonLd(html);
    expect(organization!.name).toBe(brand.name);
    expect(faq!.mainEntity[0]).toEqual({ "@type": "Question", name: `Why? ${HOSTILE}`, acceptedAnswer: { "@type": "Answer", text: `Because ${SEP} <!-- ${HOSTILE}` } });
  });

  it("the published page's CSP still allows no script at all: JSON-LD is a data block, not a script to allow", () => {
    const brand = brandOf();
    const csp = publicPageCsp(page(brand, contentOf(brand)));
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
  });
});
