import { describe, expect, it } from "vitest";
import {
  charCount,
  defaultSeo,
  pageSeo,
  SEO_DESCRIPTION_MAX,
  SEO_DESCRIPTION_MIN,
  SEO_TITLE_MAX,
  SeoEditSchema,
  snippet,
} from "~/kit/assets/landing/seo";

/** SEO on published pages: the editor's limits, its one-line clean-up, the defaults and the snippet. */

const parse = (fields: { seoTitle?: string; seoDescription?: string }) => SeoEditSchema.safeParse(fields);
const errorsOf = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));

const brand = { name: "Groomwell" };
const content = { hero: { headline: "Dog grooming that comes to your door", subheadline: "A grooming van at your curb in Austin, booked in a minute, your dog home and calm.", button: "Book" } };

describe("limits", () => {
  it("a title of 60 characters is kept, 61 is refused with a message that gives the count", () => {
    expect(parse({ seoTitle: "a".repeat(SEO_TITLE_MAX) })).toMatchObject({ success: true, data: { seoTitle: "a".repeat(60) } });
    const refused = parse({ seoTitle: "a".repeat(SEO_TITLE_MAX + 1) });
    expect(refused.success).toBe(false);
    expect(errorsOf(refused)[0]).toMatch(/^seoTitle: Keep the title to 60 characters or fewer.*This one has 61\.$/);
  });

  it("a description between 50 and 160 characters is kept; shorter or longer is refused", () => {
    expect(parse({ seoDescription: "d".repeat(SEO_DESCRIPTION_MIN) }).success).toBe(true);
    expect(parse({ seoDescription: "d".repeat(SEO_DESCRIPTION_MAX) }).success).toBe(true);
    expect(errorsOf(parse({ seoDescription: "d".repeat(SEO_DESCRIPTION_MIN - 1) }))[0]).toMatch(/^seoDescription: Write at least 50 characters.*This one has 49\.$/);
    expect(errorsOf(parse({ seoDescription: "d".repeat(SEO_DESCRIPTION_MAX + 1) }))[0]).toMatch(/^seoDescription: Keep the description to 160 characters or fewer.*This one has 161\.$/);
  });

  it("characters are counted as people count them: an emoji is one", () => {
    expect(charCount("🐶".repeat(60))).toBe(60);
    expect(parse({ seoTitle: "🐶".repeat(60) }).success).toBe(true);
  });

  it("empty (or only spaces and line breaks) means the default: null", () => {
    expect(parse({})).toMatchObject({ success: true, data: { seoTitle: null, seoDescription: null } });
    expect(parse({ seoTitle: "  \n ", seoDescription: "" })).toMatchObject({ success: true, data: { seoTitle: null, seoDescription: null } });
  });
});

describe("one line", () => {
  it("line breaks, tabs, U+2028/2029, control and bidi characters go; spaces are collapsed", () => {
    const r = parse({ seoTitle: " Groomwell\r\n\u2028grooming\tat\u0007 your \u202Edoor ", seoDescription: "Line one\nline two\u2029line three, long enough to be a real description." });
    expect(r).toMatchObject({
      success: true,
      data: { seoTitle: "Groomwell grooming at your door", seoDescription: "Line one line two line three, long enough to be a real description." },
    });
  });

  it("the limit applies to the cleaned text", () => {
    expect(parse({ seoTitle: `${"a".repeat(30)}\n\n\n\n${"b".repeat(29)}` }).success).toBe(true);
  });
});

describe("defaults", () => {
  it("the default title is the brand and the headline, the description the subheadline", () => {
    expect(defaultSeo(brand, content)).toEqual({ title: "Groomwell — Dog grooming that comes to your door", description: content.hero.subheadline });
  });

  it("the brand alone when brand and headline are too long together", () => {
    expect(defaultSeo(brand, { hero: { ...content.hero, headline: "h".repeat(70) } }).title).toBe("Groomwell");
  });

  it("the founder's text replaces each default on its own", () => {
    expect(pageSeo(brand, content, { title: "Mobile dog grooming in Austin", description: null })).toEqual({ title: "Mobile dog grooming in Austin", description: content.hero.subheadline });
    expect(pageSeo(brand, content, null)).toEqual(defaultSeo(brand, content));
  });
});

describe("snippet", () => {
  it("shows the address as a breadcrumb and cuts title and description where search results do", () => {
    const s = snippet({ title: "t".repeat(70), description: "d".repeat(200) }, "https://launchkit.test/p/groomwell");
    expect(s.url).toBe("launchkit.test › p › groomwell");
    expect(charCount(s.title)).toBe(SEO_TITLE_MAX);
    expect(s.title.endsWith("…")).toBe(true);
    expect(charCount(s.description)).toBe(SEO_DESCRIPTION_MAX);
    expect(snippet({ title: "Short", description: "Also short" }, "https://groomwell.com/")).toEqual({ title: "Short", url: "groomwell.com", description: "Also short" });
  });
});
