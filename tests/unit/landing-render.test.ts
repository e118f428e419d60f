import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { OG_HEIGHT, OG_WIDTH, ogImagePng, ogImageSvg, ogLayoutOf } from "~/features/site/og.server";
import { understandIdea } from "~/kit/understanding";
import { chooseOgLayout, OG_LAYOUTS } from "~/kit/layouts";
import { renderLandingHtml, renderSignupPageHtml, renderThanksHtml, type LandingRenderOptions } from "~/kit/assets/landing/render.server";
import { escapeHtml } from "~/platform/text/html";
import { LandingContentSchema, SECTION_IDS, type LandingContent } from "~/kit/assets/landing/schema";
import { landingTheme } from "~/kit/assets/landing/styles";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import type { Brand } from "~/kit/brand/brand";
import { AA_TEXT, contrastRatio, fixPalette } from "~/kit/brand/palette";
import { GOALS, TONES, VIBES } from "~/kit/options";
import { all, byId, byTag, parseHtml, text, type El } from "../support/html-tree";

function input(goal: string, vibe = "cozy", tone = "friendly"): GenerationInput {
  return {
    business_idea: "Mobile dog grooming van for busy pet owners",
    target_audience: "Busy professionals, new parents",
    geographic_market: "Austin, Texas",
    tone_of_voice: tone,
    competitors: "Not specified",
    primary_goal: goal,
    brand_vibe: vibe,
  };
}

function brandFor(i: GenerationInput): Brand {
  const content = builtinBrand(i);
  const fixed = fixPalette(content.palette);
  return { ...content, palette: fixed.palette, paletteAdjustments: fixed.adjustments };
}

function contentFor(i: GenerationInput, brand: Brand): LandingContent {
  return LandingContentSchema.parse(builtinLandingCopy(i, brand));
}

const logo = { marks: builtinMarks("seed", "cozy"), selected: 0 };

function render(goal: string, extra: Partial<LandingRenderOptions> = {}, content?: (c: LandingContent) => LandingContent) {
  const i = input(goal);
  const brand = brandFor(i);
  const base = contentFor(i, brand);
  const c = content ? content(base) : base;
  const html = renderLandingHtml(brand, c, { goal, logo, formAction: "/p/groomwell/lead", ...extra });
  return { html, root: parseHtml(html), brand, content: c };
}

const meta = (root: El, key: string) => all(root, (e) => e.tag === "meta" && (e.attrs.name === key || e.attrs.property === key))[0]?.attrs.content;

describe("the landing page for each primary goal", () => {
  for (const goal of GOALS) {
    it(`${goal}: landmarks, one h1, the right form and CTA, no script, under 60 KB`, () => {
      const { html, root, content } = render(goal, { url: "https://lk.example/p/groomwell", ogImage: "https://lk.example/p/groomwell/og.png?v=1" });
      expect(html.length).toBeLessThan(60_000);
      expect(root.attrs.lang).toBe("en");
      expect(byTag(root, "header")).toHaveLength(1);
      expect(byTag(root, "main")).toHaveLength(1);
      expect(byTag(root, "footer")).toHaveLength(1);
      expect(byTag(root, "nav")[0]!.attrs["aria-label"]).toBe("Page");
      expect(byTag(root, "h1").map(text)).toEqual([content.hero.headline]);
      for (const s of byTag(root, "section")) expect(byId(root, s.attrs["aria-labelledby"]!)).toBeTruthy();
      // No JavaScript at all: no script element, no event handler attribute, no javascript: URL.
      expect(byTag(root, "script")).toHaveLength(0);
      expect(all(root, (e) => Object.keys(e.attrs).some((a) => a.startsWith("on")))).toHaveLength(0);
      expect(all(root, (e) => Object.values(e.attrs).some((v) => /^\s*javascript:/i.test(v)))).toHaveLength(0);

      const forms = byTag(root, "form");
      expect(forms).toHaveLength(1);
      expect(forms[0]!.attrs).toMatchObject({ method: "post", action: "/p/groomwell/lead" });
      const inputs = all(forms[0]!, (e) => e.tag === "input").map((e) => e.attrs);
      const names = inputs.map((a) => a.name);
      if (goal === "book calls") expect(names).toEqual(["name", "email", "phone", "time", "website"]);
      else expect(names).toEqual(["email", "website"]);
      expect(inputs.find((a) => a.name === "email")).toMatchObject({ type: "email", required: "", autocomplete: "email" });
      // Every visible field has a label; the honeypot is hidden from people and assistive technology.
      for (const a of inputs) expect(all(root, (e) => e.tag === "label" && e.attrs.for === a.id)).toHaveLength(1);
      const honeypot = all(forms[0]!, (e) => e.attrs.class === "hp")[0]!;
      expect(honeypot.attrs["aria-hidden"]).toBe("true");
      expect(inputs.find((a) => a.name === "website")).toMatchObject({ tabindex: "-1", autocomplete: "off" });
      const submit = all(forms[0]!, (e) => e.tag === "button")[0]!;
      expect(submit.attrs.type).toBe("submit");
      expect(text(submit)).toBe(content.cta.button);
      // The hero's call to action leads to the form.
      expect(all(root, (e) => e.tag === "a" && e.attrs.href === "#signup").map(text)).toContain(content.hero.button);

      expect(text(byTag(root, "title")[0]!)).toContain(content.hero.headline.slice(0, 10));
      expect(meta(root, "description")).toBe(content.hero.subheadline);
      expect(meta(root, "og:title")).toBeTruthy();
      expect(meta(root, "og:description")).toBe(content.hero.subheadline);
      expect(meta(root, "og:image")).toBe("https://lk.example/p/groomwell/og.png?v=1");
      expect(meta(root, "og:url")).toBe("https://lk.example/p/groomwell");
      expect(meta(root, "twitter:card")).toBe("summary_large_image");
      expect(meta(root, "robots")).toBe("noindex, nofollow");
      expect(meta(root, "viewport")).toBe("width=device-width, initial-scale=1");
    });
  }

  it("the CTA button text and fields follow the goal: e-mail only, or name, e-mail and a preferred time", () => {
    const call = render("book calls").root;
    expect(all(call, (e) => e.tag === "label").map(text)).toEqual(expect.arrayContaining(["Your name", "E-mail address", "Preferred time for a call"]));
    const download = render("downloads").root;
    expect(text(all(download, (e) => e.attrs.class === "fine")[0]!)).toMatch(/download link appears on the next page/);
  });

  it("is indexable only when asked, with its canonical address whether indexed or not", () => {
    const { root } = render("waitlist", { indexable: true, url: "https://lk.example/p/x", canonical: "https://lk.example/p/x" });
    expect(meta(root, "robots")).toBe("index, follow");
    expect(all(root, (e) => e.tag === "link" && e.attrs.rel === "canonical")[0]!.attrs.href).toBe("https://lk.example/p/x");
    const noindex = render("waitlist", { url: "http://forged.example/p/x", canonical: "https://lk.example/p/x" }).root;
    expect(meta(noindex, "robots")).toBe("noindex, nofollow");
    expect(all(noindex, (e) => e.tag === "link" && e.attrs.rel === "canonical").map((e) => e.attrs.href)).toEqual(["https://lk.example/p/x"]);
    expect(meta(noindex, "og:url")).toBe("https://lk.example/p/x");
    // The address a request came with is never the canonical one.
    expect(all(render("waitlist", { indexable: true, url: "https://lk.example/p/x" }).root, (e) => e.attrs.rel === "canonical")).toHaveLength(0);
  });

  it("follows the section order, hides sections left out and always keeps the form", () => {
    const { root } = render("waitlist", {}, (c) => ({ ...c, sections: ["faq", "cta", "benefits"] }));
    expect(byTag(root, "section").map((s) => s.attrs.id).filter(Boolean)).toEqual(["faq", "signup", "benefits"]);
    expect(byId(root, "how")).toBeUndefined();
    const noForm = render("waitlist", {}, (c) => ({ ...c, sections: ["faq"] as LandingContent["sections"] })).root;
    expect(byTag(noForm, "form")).toHaveLength(1);
  });

  it("labels social proof as placeholders until the founder says the quotes are real", () => {
    const placeholder = render("waitlist").root;
    expect(all(placeholder, (e) => e.attrs.class === "tag").map(text)).toEqual(["Placeholder", "Placeholder", "Placeholder"]);
    expect(all(placeholder, (e) => e.tag === "figure" && e.attrs.class === "placeholder")).toHaveLength(3);
    const real = render("waitlist", {}, (c) => ({ ...c, proofIsReal: true })).root;
    expect(all(real, (e) => e.attrs.class === "tag")).toHaveLength(0);
  });

  it("adds the preview watermark and the footer badge only when asked", () => {
    const plain = render("waitlist").html;
    expect(plain).not.toContain("Made with LaunchKit");
    const marked = render("waitlist", { watermark: true, badge: true, badgeUrl: "https://lk.example" }).root;
    expect(text(all(marked, (e) => e.attrs.class === "watermark")[0]!)).toBe("Made with LaunchKit — preview");
    const badge = all(marked, (e) => e.attrs.class === "made")[0]!;
    expect(text(badge)).toBe("Made with LaunchKit");
    expect(badge.attrs.href).toBe("https://lk.example");
  });

  it("fonts: a named fallback stack, LaunchKit's files, or embedded so the file works anywhere", () => {
    const stack = render("waitlist").html;
    expect(stack).not.toContain("@font-face");
    expect(stack).toMatch(/font-family:var\(--body\)/);
    expect(stack).toMatch(/--body:'[^']+', ui-(sans-)?serif/);
    const linked = render("waitlist", { fonts: { mode: "linked" } }).html;
    // WOFF2 first (a quarter smaller), WOFF for the rest.
    expect(linked).toMatch(/@font-face\{font-family:'[^']+';[^}]*src:url\(\/fonts\/([a-z-]+-\d{3})\.woff2\) format\('woff2'\),url\(\/fonts\/\1\.woff\) format\('woff'\)\}/);
    // The first screen's faces (heading, body text) are asked for with the document, each one a face the CSS declares.
    const preloads = [...linked.matchAll(/<link rel="preload" href="\/fonts\/([a-z-]+-\d{3})\.woff2" as="font" type="font\/woff2" crossorigin>/g)].map((m) => m[1]);
    expect(preloads.length).toBeGreaterThanOrEqual(1);
    expect(preloads.length).toBeLessThanOrEqual(2);
    for (const key of preloads) expect(linked).toContain(`url(/fonts/${key}.woff2)`);
    expect(linked.indexOf('rel="preload"')).toBeLessThan(linked.indexOf("<style>"));
    expect(stack).not.toContain('rel="preload"');
    const embedded = render("waitlist", { fonts: { mode: "embedded" } }).html;
    expect(embedded).not.toContain('rel="preload"');
    expect(embedded).toMatch(/src:url\(data:font\/woff;base64,/);
    // Self-contained: nothing is fetched from anywhere.
    expect(embedded).not.toMatch(/url\((?!data:|#|%23)|src="http|href="http/);
  });

  it("is the same for the same input (a pure function)", () => {
    expect(render("waitlist").html).toBe(render("waitlist").html);
  });
});

describe("escaping: a hostile copy corpus", () => {
  const HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "</style><script>alert(1)</script>",
    "</textarea></title><script>x</script>",
    "javascript:alert(1)",
    "&lt;b&gt; &amp; &#x3C;script&#x3E;",
    "{{constructor.constructor('x')()}}",
    "<!-- --><![CDATA[ x ]]>",
    "Ünïcødé ☕ 東京 🚀 \u2028\u2029",
  ];
  const EVIL = HOSTILE.join(" | ");
  const cut = (s: string, n: number) => s.slice(0, n);

  it("every text of the copy and the brand reaches the page as text, never as markup", () => {
    const i = input("book calls");
    const brand: Brand = { ...brandFor(i), name: cut(EVIL, 40), tagline: cut(EVIL, 80) };
    const base = contentFor(i, brand);
    const c: LandingContent = {
      ...base,
      hero: { headline: EVIL, subheadline: EVIL, button: EVIL },
      benefits: { heading: EVIL, items: base.benefits.items.map(() => ({ title: EVIL, body: EVIL })) },
      how: { heading: EVIL, steps: base.how.steps.map(() => ({ title: EVIL, body: EVIL })) },
      proof: { heading: EVIL, items: base.proof.items.map(() => ({ quote: EVIL, name: EVIL, detail: EVIL })) },
      faq: { heading: EVIL, items: base.faq.items.map(() => ({ question: EVIL, answer: EVIL })) },
      cta: { headline: EVIL, body: EVIL, button: EVIL },
    };
    const pages = [
      renderLandingHtml(brand, c, { goal: "book calls", logo, formAction: "/p/x/lead", url: "https://lk.example/p/x", ogImage: "https://lk.example/og.png" }),
      renderThanksHtml(brand, c, { goal: "downloads", logo, pageUrl: "/p/x", downloadUrl: "javascript:alert(1)", signedUp: true }),
      renderSignupPageHtml(brand, c, { goal: "book calls", logo, pageUrl: "/p/x", formAction: "/p/x/lead", title: EVIL, state: { error: EVIL, field: "email", values: { email: EVIL, name: EVIL, time: EVIL } } }),
    ];
    for (const html of pages) {
      const root = parseHtml(html); // well-formed: nothing broke out of its element or attribute
      expect(byTag(root, "script")).toHaveLength(0);
      expect(byTag(root, "img")).toHaveLength(0);
      expect(byTag(root, "textarea")).toHaveLength(0);
      expect(all(root, (e) => Object.keys(e.attrs).some((a) => a.startsWith("on")))).toHaveLength(0);
      expect(all(root, (e) => ["href", "action", "src"].some((a) => /^\s*javascript:/i.test(e.attrs[a] ?? "")))).toHaveLength(0);
      // The only <style> is our own CSS; no user text gets into it.
      const styles = byTag(root, "style");
      expect(styles).toHaveLength(1);
      expect(text(styles[0]!)).not.toMatch(/alert\(|<script|onerror|onload/);
      // The text round-trips exactly (the parser decodes the entities we wrote).
      expect(text(byTag(root, "body")[0]!)).toContain("<script>alert(1)</script>");
    }
    const page = parseHtml(pages[0]!);
    expect(byTag(page, "h1").map(text)).toEqual([EVIL.replace(/[\u2028\u2029]/g, (c) => c)]);
    expect(meta(page, "description")).toBe(EVIL);
    // The visitor's typed values come back as values, not markup.
    const again = parseHtml(pages[2]!);
    expect(byId(again, "lead-email")!.attrs.value).toBe(EVIL.slice(0, EVIL.length));
  });

  it("drops characters HTML cannot hold and escapes the special ones", () => {
    expect(escapeHtml(`a\u0000b\u0007c<d>"e"'f'&g\uD800`)).toBe("abc&lt;d&gt;&quot;e&quot;&#39;f&#39;&amp;g");
  });
});

describe("the thank-you and sign-up pages", () => {
  it("shows the founder's download link (http and https only) after a download sign-up", () => {
    const i = input("downloads");
    const brand = brandFor(i);
    const c = contentFor(i, brand);
    const ok = parseHtml(renderThanksHtml(brand, c, { goal: "downloads", logo, pageUrl: "/p/x", downloadUrl: "https://files.example.com/guide.pdf", signedUp: true }));
    expect(all(ok, (e) => e.tag === "a" && text(e) === "Download now")[0]!.attrs.href).toBe("https://files.example.com/guide.pdf");
    const bad = parseHtml(renderThanksHtml(brand, c, { goal: "downloads", logo, pageUrl: "/p/x", downloadUrl: "javascript:alert(1)", signedUp: true }));
    expect(all(bad, (e) => e.tag === "a" && text(e) === "Download now")).toHaveLength(0);
    // No working link: no "Your download is ready" above it.
    expect(byTag(bad, "h1").map(text)).toEqual(["Thank you for signing up"]);
    expect(text(bad)).not.toMatch(/download is ready|one click away/);
    expect(byTag(ok, "h1").map(text)).toEqual(["Your download is ready"]);
    const thanks = parseHtml(renderThanksHtml(brand, c, { goal: "waitlist", logo, pageUrl: "/p/x", signedUp: false }));
    expect(byTag(thanks, "h1").map(text)).toEqual(["You're on the list"]);
    expect(meta(thanks, "robots")).toBe("noindex, nofollow");
    expect(byTag(thanks, "script")).toHaveLength(0);
    // Opened without signing up: no link, a way back to the form instead.
    const gated = parseHtml(renderThanksHtml(brand, c, { goal: "downloads", logo, pageUrl: "/p/x", downloadUrl: "https://files.example.com/guide.pdf", signedUp: false }));
    expect(JSON.stringify(gated)).not.toContain("files.example.com");
    expect(byTag(gated, "h1").map(text)).toEqual(["Sign up to get the download"]);
    expect(all(gated, (e) => e.tag === "a" && text(e) === "Sign up")[0]!.attrs.href).toBe("/p/x#signup");
    // No tick: nothing has been done yet.
    expect(all(gated, (e) => e.attrs.class === "check")).toHaveLength(0);
    expect(all(ok, (e) => e.attrs.class === "check")).toHaveLength(1);
  });

  it("a refused sign-up keeps what was typed and points at the field", () => {
    const i = input("book calls");
    const brand = brandFor(i);
    const root = parseHtml(
      renderSignupPageHtml(brand, contentFor(i, brand), {
        goal: "book calls",
        logo,
        pageUrl: "/p/x",
        formAction: "/p/x/lead",
        title: "Please check your details",
        state: { error: "Please enter a valid e-mail address.", field: "email", values: { email: "bob@", name: "Bob", time: "Mornings" } },
      }),
    );
    expect(text(byId(root, "lead-error")!)).toBe("Please enter a valid e-mail address.");
    expect(byId(root, "lead-error")!.attrs.role).toBe("alert");
    expect(byId(root, "lead-email")!.attrs).toMatchObject({ value: "bob@", "aria-invalid": "true", "aria-describedby": "lead-error" });
    expect(byId(root, "lead-name")!.attrs.value).toBe("Bob");
    expect(byId(root, "lead-time")!.attrs.value).toBe("Mornings");
  });
});

describe("colours", () => {
  it("every text colour of the page passes AA on every surface it is drawn on, for every vibe", () => {
    for (const vibe of VIBES) {
      for (const salt of ["", "v2", "v3"]) {
        const brand = brandFor({ ...input("waitlist", vibe), business_idea: `Idea ${salt}` });
        const t = landingTheme(brand);
        for (const bg of [t.bg, t.surface]) {
          for (const fg of [t.text, t.ink, t.muted]) expect(contrastRatio(fg, bg), `${vibe} ${fg} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
        }
        expect(contrastRatio(t.onPrimary, t.primary)).toBeGreaterThanOrEqual(AA_TEXT);
        // The form's button inside the primary band: text colour on background.
        expect(contrastRatio(t.bg, t.text)).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });
});

describe("the builtin copy", () => {
  it("is valid for every goal and tone, and deterministic", () => {
    for (const goal of GOALS) {
      for (const tone of TONES) {
        const i = input(goal, "playful", tone);
        const brand = brandFor(i);
        const copy = builtinLandingCopy(i, brand);
        expect(LandingContentSchema.safeParse(copy).success).toBe(true);
        expect(builtinLandingCopy(i, brand)).toEqual(copy);
        expect(copy.proof.items.every((q) => q.quote.startsWith("Placeholder:"))).toBe(true);
        expect(copy.hero.subheadline).not.toMatch(/…$/);
      }
    }
    const i = input("waitlist");
    expect(builtinLandingCopy(i, brandFor(i), "v2")).not.toEqual(builtinLandingCopy(i, brandFor(i), "v3"));
    expect(LandingContentSchema.parse(builtinLandingCopy(i, brandFor(i))).sections).toEqual([...SECTION_IDS]);
  });
});

describe("the OpenGraph image", () => {
  it("is a 1200 × 630 PNG with the headline outlined (no <text>: resvg has no fonts)", () => {
    const i = input("waitlist");
    const brand = brandFor(i);
    const svg = ogImageSvg(brand, "Grooming that comes to your door, every single week of the year", logo);
    expect(svg).not.toMatch(/<text|<script|<image/);
    expect(svg).toContain(`width="${OG_WIDTH}" height="${OG_HEIGHT}"`);
    expect(svg).toContain(brand.palette.background);
    const png = ogImagePng(brand, "Grooming that comes to your door", logo);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect({ w: png.readUInt32BE(16), h: png.readUInt32BE(20) }).toEqual({ w: 1200, h: 630 });
    // A different headline draws different letters.
    expect(ogImageSvg(brand, "Something else entirely", logo)).not.toBe(svg);
  });
});

describe("the OpenGraph image's compositions (issue 28)", () => {
  it("draws four different compositions, each with the headline and the brand's colours, and picks one like the other layouts", () => {
    const i = input("waitlist");
    const brand = brandFor(i);
    const svgs = OG_LAYOUTS.map((layout) => ogImageSvg(brand, "Grooming that comes to your door", logo, { layout }));
    expect(new Set(svgs).size).toBe(OG_LAYOUTS.length);
    for (const svg of svgs) {
      expect(svg).not.toMatch(/<text|<script|<image/);
      expect(svg).toContain(brand.palette.background);
      expect(svg).toContain(brand.palette.primary);
    }
    for (const layout of OG_LAYOUTS) {
      const png = ogImagePng(brand, "Grooming that comes to your door", logo, { layout });
      expect({ w: png.readUInt32BE(16), h: png.readUInt32BE(20) }).toEqual({ w: 1200, h: 630 });
    }
    // By the category first (a developer tool, a local service, a product), then the brand's look.
    expect(chooseOgLayout({ understanding: { sections: ["install"], payment: "open-source" }, dark: false, serif: true })).toBe("band");
    expect(chooseOgLayout({ understanding: { sections: ["service-area"], payment: "local-service" }, dark: true, serif: false })).toBe("split");
    expect(chooseOgLayout({ understanding: { sections: ["in-the-box"], payment: "subscription" }, dark: false, serif: false })).toBe("centred");
    expect(chooseOgLayout({ understanding: null, dark: true, serif: false })).toBe("band");
    expect(chooseOgLayout({ understanding: null, dark: false, serif: true })).toBe("centred");
    expect(chooseOgLayout({ understanding: null, dark: false, serif: false })).toBe("circles");
    // The image follows the brand's stored understanding.
    const van = { ...brand, understanding: understandIdea({ ...i, business_idea: "Mobile dog grooming van", geographic_market: "Austin" }) };
    expect(ogLayoutOf(van)).toBe("split");
    expect(ogImageSvg(van, "Grooming", logo)).toBe(ogImageSvg(van, "Grooming", logo, { layout: "split" }));
  });
});
