import { describe, expect, it } from "vitest";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { boilerplateText, countWords, factSheetMarkdown, pressKit, pressReleaseMarkdown, type PressInput } from "~/kit/assets/landing/press";
import { renderPressHtml, type PressPage } from "~/features/site/press.server";
import { renderPressReleasePdf } from "~/kit/assets/landing/press-files.server";
import type { Brand } from "~/kit/brand/brand";
import type { Understanding } from "~/kit/understanding/types";
import { makeBrand, makeLogo } from "../support/kit-fixtures";
import { readPdf } from "../support/readers";

/**
 * The press kit's text (app/kit/assets/landing/press.ts): the boilerplate
 * within 50 and 100 words however long the founder's words are, prices only
 * as the founder gave them, the place in the dateline only when given, and
 * every piece of founder or model text escaped on the page and in Markdown.
 */

const content = (over: Partial<LandingContent["category"]> = {}): LandingContent =>
  LandingContentSchema.parse({
    hero: { headline: "Fresh coffee for remote teams", subheadline: "A box of single-origin beans every month, shipped to every desk.", button: "Join" },
    benefits: { heading: "Why us", items: [1, 2, 3].map((i) => ({ title: `Benefit number ${i}`, body: "Something good about it." })) },
    how: { heading: "How", steps: [1, 2, 3].map((i) => ({ title: `Step ${i}`, body: "x" })) },
    proof: { heading: "Proof", items: [1, 2, 3].map((i) => ({ quote: "q", name: `N${i}`, detail: "d" })) },
    faq: { heading: "FAQ", items: [1, 2, 3, 4].map((i) => ({ question: `Q${i}?`, answer: "a" })) },
    cta: { headline: "Join", body: "Now.", button: "Go" },
    sections: ["benefits", "how", "faq", "cta"],
    category: over,
  });

const understanding = (over: Partial<Understanding> = {}): Understanding => ({
  category: "food-subscription",
  categoryLabel: "coffee subscription",
  product: "a coffee subscription box",
  productWord: "coffee",
  customers: "remote teams",
  place: null,
  payment: "subscription",
  keywords: [],
  hashtags: [],
  motifs: [],
  channels: [],
  sections: [],
  ...over,
});

const withFacts = (brand: Brand, u: Understanding | undefined): Brand => ({ ...brand, understanding: u } as Brand);

const input = (over: Partial<PressInput> = {}): PressInput => ({
  brand: withFacts(makeBrand({ name: "Beanbox" }), understanding()),
  content: content(),
  pageUrl: "https://launchkit.example/p/beanbox",
  launched: new Date(Date.UTC(2026, 10, 3)),
  today: new Date(Date.UTC(2026, 10, 29)),
  founder: { name: "Ada Lovelace", role: "Founder" },
  ...over,
});

describe("word counts", () => {
  it("counts words as people do: a dash alone is no word, hyphenated and numbered words are one", () => {
    expect(countWords("Beanbox — coffee for remote-first teams, from $12.")).toBe(7);
    expect(countWords("  ")).toBe(0);
  });

  it("the boilerplate is at most 50 and 100 words, and fills most of them for an ordinary kit", () => {
    const kit = pressKit(input());
    expect(countWords(kit.boilerplate50)).toBeLessThanOrEqual(50);
    expect(countWords(kit.boilerplate100)).toBeLessThanOrEqual(100);
    expect(countWords(kit.boilerplate50)).toBeGreaterThanOrEqual(35);
    expect(countWords(kit.boilerplate100)).toBeGreaterThanOrEqual(60);
    // The launch and the address read last.
    expect(kit.boilerplate50.endsWith("Beanbox launched in November 2026. Learn more at https://launchkit.example/p/beanbox.")).toBe(true);
    expect(countWords(kit.boilerplate100)).toBeGreaterThan(countWords(kit.boilerplate50));
    expect(kit.boilerplate50.startsWith("Beanbox is a coffee subscription box for remote teams.")).toBe(true);
    // The file says how many words each has, counted the same way.
    const text = boilerplateText(kit);
    expect(text).toContain(`(${countWords(kit.boilerplate50)} words)`);
    expect(text).toContain(`(${countWords(kit.boilerplate100)} words)`);
  });

  it("stays within the limits with the longest words a brand and the founder's facts may hold", () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    const brand = withFacts(makeBrand({ name: "N".repeat(40), tagline: long(12), positioning: long(45) }), understanding({ product: long(30), customers: long(30), place: long(10), differentiator: long(40) }));
    const kit = pressKit(input({ brand }));
    expect(countWords(kit.boilerplate50)).toBeLessThanOrEqual(50);
    expect(countWords(kit.boilerplate100)).toBeLessThanOrEqual(100);
    expect(countWords(kit.boilerplate50)).toBeGreaterThan(0);
    // An older kit without an understanding still gets both.
    const old = pressKit(input({ brand: withFacts(makeBrand({ positioning: long(70) }), undefined) }));
    expect(countWords(old.boilerplate50)).toBeLessThanOrEqual(50);
    expect(countWords(old.boilerplate100)).toBeLessThanOrEqual(100);
  });
});

describe("said once", () => {
  it("a kit without the founder's facts says its positioning once in the boilerplate and once in the release (the quote)", () => {
    const brand = withFacts(makeBrand(), undefined);
    const kit = pressKit(input({ brand }));
    const said = (text: string) => text.split(brand.positioning.replace(/[.!?]$/, "")).length - 1;
    expect(said(kit.boilerplate100)).toBe(1);
    expect(said(kit.boilerplate50)).toBe(1);
    expect(said([kit.release.lead, ...kit.release.body].join(" "))).toBe(0);
    expect(said(kit.release.quote)).toBe(1);
  });
});

describe("nothing made up", () => {
  it("no price when the founder gave none: no Pricing line, nothing priced anywhere", () => {
    const kit = pressKit(input({ content: content({ prices: { heading: "Prices", body: "Ask us.", items: [{ name: "Each box", price: "Quote on request" }] } }) }));
    expect(kit.prices).toEqual([]);
    expect(kit.facts.map((f) => f.label)).not.toContain("Pricing");
    const all = [kit.boilerplate100, kit.release.lead, ...kit.release.body, factSheetMarkdown(kit), pressReleaseMarkdown(kit, null)].join("\n");
    expect(all).not.toMatch(/[$€£]|\bUSD\b|\bEUR\b|Quote on request|Pricing/);
  });

  it("the founder's prices as they wrote them, with what each is for", () => {
    const brand = withFacts(makeBrand({ name: "Beanbox" }), understanding({ prices: [{ text: "$29/month", amount: "29", currency: "USD", period: "month", per: null, label: "team box" }, { text: "", amount: "12.50", currency: "EUR", period: "week", per: "desk", label: null }] }));
    const kit = pressKit(input({ brand }));
    expect(kit.prices).toEqual(["Team box: $29/month", "12.50 EUR a week per desk"]);
    expect(kit.facts.find((f) => f.label === "Pricing")?.value).toBe("Team box: $29/month; 12.50 EUR a week per desk");
    // Only those numbers: none other in the release.
    expect([...pressReleaseMarkdown(kit, null).matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]).filter((n) => !["2026", "3", "1", "2"].includes(n))).toEqual(["29", "12.50"]);
  });

  it("the dateline names the place only when the founder gave one; no role given: the name alone", () => {
    expect(pressKit(input()).release.dateline).toBe("November 3, 2026");
    const lisbon = pressKit(input({ brand: withFacts(makeBrand({ name: "Surfcamp" }), understanding({ place: "Lisbon", serviceArea: "Ericeira and Cascais" })), founder: { name: "Rita", role: null } }));
    expect(lisbon.release.dateline).toBe("LISBON, November 3, 2026");
    expect(lisbon.facts.find((f) => f.label === "Where")?.value).toBe("Lisbon (Ericeira and Cascais)");
    expect(lisbon.release.quoteBy).toBe("Rita, Surfcamp");
    expect(lisbon.bio).toBe("Rita runs Surfcamp. Surfcamp is a coffee subscription box for remote teams in Lisbon.");
    expect(pressKit(input()).release.quoteBy).toBe("Ada Lovelace, Founder of Beanbox");
    // Not published yet (the ZIP): no "Launched" line, the release dated today.
    const draft = pressKit(input({ launched: null, pageUrl: null }));
    expect(draft.facts.map((f) => f.label)).not.toContain("Launched");
    expect(draft.release.dateline).toBe("November 29, 2026");
    expect(draft.links).toEqual([]);
  });
});

const evil = '<script>alert(1)</script> & "quotes" [x](javascript:y)';

function pressPageOf(brand: Brand, role: string | null): PressPage {
  const c = content();
  c.hero.subheadline = evil;
  const kit = pressKit(input({ brand, content: c, founder: { name: `Eve ${evil}`, role } }));
  return {
    data: {
      page: { slug: "beanbox", indexable: false, kitId: "k", pageId: "p" } as PressPage["data"]["page"],
      goal: "waitlist",
      brand,
      content: c,
      logo: makeLogo() as PressPage["data"]["logo"],
      version: "1.1.1",
      badge: true,
      watermarked: false,
      planChangesAt: null,
    },
    kit,
    pageUrl: "https://launchkit.example/p/beanbox",
    base: "/p/beanbox/press",
    social: null,
  };
}

describe("escaping", () => {
  it("the page shows founder and model text as text: no tag, attribute or link of theirs", () => {
    const brand = withFacts(makeBrand({ name: "Bean<b>box</b>", tagline: evil }), understanding({ product: evil, facts: [evil], differentiator: evil }));
    const html = renderPressHtml(pressPageOf(brand, `Chief ${evil}`), { error: evil, field: "message", values: { name: evil, email: evil, outlet: evil, message: `</textarea>${evil}` } });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>box</b>");
    expect(html).not.toContain("</textarea><script");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // Exactly one form, posting to the press kit itself; no field names a recipient.
    expect([...html.matchAll(/<form /g)]).toHaveLength(1);
    expect(html).toContain('<form method="post" action="/p/beanbox/press">');
    expect(html).not.toMatch(/name="(to|recipient|founder)"/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("Markdown escapes it too, and the PDF carries the release's text", async () => {
    const brand = withFacts(makeBrand({ name: "Beanbox" }), understanding({ product: "*bold* <i>x</i>", facts: ["[link](javascript:x)"] }));
    const kit = pressKit(input({ brand }));
    const md = pressReleaseMarkdown(kit, "https://launchkit.example/p/beanbox/press") + factSheetMarkdown(kit);
    expect(md).not.toMatch(/(^|[^\\])(<i>|\*bold\*|\]\(javascript)/m);
    expect(md).toContain("<https://launchkit.example/p/beanbox/press>");
    const pdf = await readPdf(await renderPressReleasePdf(brand, kit, "https://launchkit.example/p/beanbox/press"));
    const text = pdf.text.join(" ").replace(/\s+/g, " ");
    const squeezed = text.replace(/\s+/g, "");
    expect(text).toContain("PRESS RELEASE");
    expect(text).toContain("About Beanbox");
    // The same kit gives the same bytes (the ZIP's entry and the single download are one file).
    const again = await renderPressReleasePdf(brand, kit, "https://launchkit.example/p/beanbox/press");
    expect(again.equals(await renderPressReleasePdf(brand, kit, "https://launchkit.example/p/beanbox/press"))).toBe(true);
    // (The URL may wrap at a line's end.)
    expect(squeezed).toContain("https://launchkit.example/p/beanbox/press");
  });
});
