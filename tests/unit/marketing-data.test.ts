import { describe, expect, it } from "vitest";
import { ARTICLES, BLOG_CATEGORIES, POPULAR_TOPICS } from "~/features/marketing/blog";
import { PRICING_FAQ, PROCESS_FAQ } from "~/features/marketing/faq";
import { PLANS } from "~/features/marketing/plans";
import { filterSamples, SAMPLE_CATEGORIES, SAMPLES } from "~/features/marketing/samples";
import { seo } from "~/features/marketing/seo";
import { DISALLOWED_PATHS, PUBLIC_PAGES } from "~/features/marketing/site";
import { sectionPreview, TEMPLATES } from "~/features/marketing/templates";
import { ROADMAP, TEAM, VALUES } from "~/features/marketing/about";

describe("plans", () => {
  it("are the spec's three plans with their prices and periods", () => {
    expect(PLANS.map((p) => [p.name, p.price, p.period])).toEqual([
      ["Free preview", "$0", "forever"],
      ["Starter", "$39", "one-time"],
      ["Pro", "$19", "per month"],
    ]);
  });

  it("carry the spec's features and limitations", () => {
    const [free, starter, pro] = PLANS;
    expect(free!.limitations).toEqual(["Watermarked", "No export"]);
    expect(starter!.features).toEqual([
      "ZIP export",
      "One-click deployment",
      "10 social posts",
      "3 ad variants",
      "5-slide pitch deck",
      "HTML/CSS landing page",
      "SVG and PNG logos",
      "Brand guidelines PDF",
      "Email delivery",
    ]);
    // Pro lists only what a Pro account can use today, each item linked to where it lives;
    // "strategy consultations" reads "monthly strategy review".
    expect(pro!.features).toEqual([
      "Analytics for your published page",
      "A/B experiments with suggested variants",
      "Email sequences and broadcasts to your leads",
      "Competitor watch: 5 competitors, a weekly digest of what changed",
      "4 new content pieces every month",
      "Monthly strategy review, in the app and as a PDF",
      "SEO editor and structured data for your page",
      "Priority support: a reply within one business day",
      "Custom domain",
      "9 regenerations a month (5 on other plans)",
    ]);
    expect(pro!.features.join(" ")).not.toMatch(/consultation/i);
    expect(pro!.links).toEqual({
      "Analytics for your published page": "/dashboard/go/analytics",
      "A/B experiments with suggested variants": "/dashboard/go/experiments",
      "Email sequences and broadcasts to your leads": "/dashboard/go/email",
      "Competitor watch: 5 competitors, a weekly digest of what changed": "/dashboard/go/competitors",
      "4 new content pieces every month": "/dashboard/go/month",
      "Monthly strategy review, in the app and as a PDF": "/dashboard/go/review",
      "SEO editor and structured data for your page": "/dashboard/go/seo",
      "Priority support: a reply within one business day": "/contact",
      "Custom domain": "/dashboard/go/domain",
      "9 regenerations a month (5 on other plans)": "/account",
    });
  });

  it("mark exactly one paid plan as popular and give each a call to action", () => {
    const popular = PLANS.filter((p) => p.popular);
    expect(popular).toHaveLength(1);
    expect(["Starter", "Pro"]).toContain(popular[0]!.name);
    for (const p of PLANS) expect(p.cta.length).toBeGreaterThan(0);
  });
});

describe("samples", () => {
  it("are six cards with a category, a 3-colour palette and an SVG image", () => {
    expect(SAMPLES).toHaveLength(6);
    for (const s of SAMPLES) {
      expect(SAMPLE_CATEGORIES.map((c) => c.slug)).toContain(s.category);
      expect(s.palette).toHaveLength(3);
      for (const c of s.palette) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(s.image).toMatch(/^\/images\/samples\/[a-z0-9-]+\.svg$/);
    }
  });

  it("has the spec's filter chips", () => {
    expect(SAMPLE_CATEGORIES.map((c) => c.label.toLowerCase())).toEqual(["local service", "ecommerce", "course", "saas", "creator"]);
  });

  it("filters by category, shows all without one and none for an unknown one", () => {
    expect(filterSamples(null).samples).toHaveLength(6);
    expect(filterSamples("").samples).toHaveLength(6);
    expect(filterSamples(null).active).toBeNull();
    expect(filterSamples("saas").samples.map((s) => s.title)).toEqual(["Shiftly"]);
    expect(filterSamples("local-service").samples).toHaveLength(2);
    expect(filterSamples("podcast")).toEqual({ active: "podcast", samples: [] });
  });
});

describe("templates", () => {
  it("are the spec's six, with Digital Product the only popular one", () => {
    expect(TEMPLATES.map((t) => t.name)).toEqual(["Local Service", "Digital Product", "Micro-SaaS", "Coaching", "Event", "Nonprofit"]);
    expect(TEMPLATES.filter((t) => t.popular).map((t) => t.name)).toEqual(["Digital Product"]);
  });

  it("preview three sections and count the rest", () => {
    expect(sectionPreview({ sections: ["a", "b", "c", "d", "e"] })).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(sectionPreview({ sections: ["a", "b"] })).toEqual({ shown: ["a", "b"], more: 0 });
    for (const t of TEMPLATES) expect(sectionPreview(t).more).toBeGreaterThan(0);
  });
});

describe("blog, about and FAQs", () => {
  it("has six articles, one featured, one per spec category", () => {
    expect(ARTICLES).toHaveLength(6);
    expect(ARTICLES.filter((a) => a.featured)).toHaveLength(1);
    expect(ARTICLES.map((a) => a.category.toLowerCase()).sort()).toEqual(
      ["launch tactics", "branding", "copywriting", "research", "founder stories", "marketing"].sort(),
    );
    expect(BLOG_CATEGORIES).toHaveLength(6);
    expect(POPULAR_TOPICS.length).toBeGreaterThan(3);
  });

  it("has a team of three, four values and a Q1 to Q3 2025 roadmap", () => {
    expect(TEAM).toHaveLength(3);
    expect(VALUES).toHaveLength(4);
    expect(ROADMAP.map((r) => r.quarter)).toEqual(["Q1 2025", "Q2 2025", "Q3 2025"]);
  });

  it("has six process questions and eight pricing questions", () => {
    expect(PROCESS_FAQ).toHaveLength(6);
    expect(PRICING_FAQ).toHaveLength(8);
    expect(new Set([...PROCESS_FAQ, ...PRICING_FAQ].map((f) => f.question)).size).toBe(14);
  });
});

describe("site metadata", () => {
  it("builds title, description and OpenGraph tags", () => {
    expect(seo({ title: "Pricing", description: "Plans." })).toEqual(
      expect.arrayContaining([
        { title: "Pricing | LaunchKit" },
        { name: "description", content: "Plans." },
        { property: "og:title", content: "Pricing | LaunchKit" },
        { property: "og:description", content: "Plans." },
        { property: "og:type", content: "website" },
      ]),
    );
    expect(seo({ title: "LaunchKit: home", description: "x" })[0]).toEqual({ title: "LaunchKit: home" });
  });

  it("lists each public page once and keeps private areas out of search", () => {
    const paths = PUBLIC_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(["/", "/process", "/samples", "/pricing", "/templates", "/blog", "/about", "/contact", "/privacy", "/terms", "/cookies"]));
    expect(DISALLOWED_PATHS).toEqual(["/dashboard", "/admin", "/wizard"]);
  });
});
