import { describe, expect, it } from "vitest";
import { builtinBrand } from "~/kit/assets/brand/builtin";
import { namedCompetitors, sameCompetitor } from "~/kit/assets/research/competitors";
import { finalizeResearch, hostLooksLike } from "~/kit/assets/research/finalize";
import { mdText, researchMarkdown } from "~/kit/assets/research/markdown";
import { ResearchContentSchema, ResearchDraftSchema, UNVERIFIED_LABEL } from "~/kit/assets/research/schema";
import { cleanUrl, sourceIndex } from "~/kit/assets/research/sources";
import type { GenerationInput } from "~/kit/input";
import { FAKE_RESEARCH, FAKE_WEB_SEARCH, MADE_UP_URL } from "../support/fake-launch.mjs";

const input: GenerationInput = {
  business_idea: "Mobile dog grooming van for busy pet owners",
  target_audience: "Busy professionals, new parents",
  geographic_market: "Not specified",
  tone_of_voice: "friendly",
  competitors: "Rover, Wag! and local salons",
  primary_goal: "book calls",
  brand_vibe: "cozy",
};
const brand = { ...builtinBrand(input), paletteAdjustments: [] };
const found = [...FAKE_WEB_SEARCH.citations, ...FAKE_WEB_SEARCH.sources.map((url) => ({ url, title: "" }))];
const now = new Date("2026-02-01T10:00:00Z");

describe("sources: only what the search returned", () => {
  it("cleans URLs: http(s) only, no tracking parameters, fragments or credentials", () => {
    expect(cleanUrl("https://www.rover.com/dog-grooming/?utm_source=openai#top")).toBe("https://www.rover.com/dog-grooming/");
    expect(cleanUrl("https://Example.COM/a?x=1&utm_medium=y")).toBe("https://example.com/a?x=1");
    expect(cleanUrl("javascript:alert(1)")).toBeNull();
    expect(cleanUrl("ftp://example.com/file")).toBeNull();
    expect(cleanUrl("https://user:pw@example.com/")).toBeNull();
    expect(cleanUrl("not a url")).toBeNull();
  });

  it("finds a URL the search returned, with or without www, tracking or trailing slash; nothing else", () => {
    const index = sourceIndex(found);
    expect(index.find("https://www.rover.com/dog-grooming")).toBe("https://www.rover.com/dog-grooming/");
    expect(index.find("https://rover.com/dog-grooming/?utm_source=chatgpt")).toBe("https://www.rover.com/dog-grooming/");
    expect(index.find(MADE_UP_URL)).toBeNull();
    expect(index.find("https://www.rover.com/pricing")).toBeNull();
    expect(index.siteOf("rover.com")).toBe("https://rover.com/");
    expect(index.siteOf("https://made-up-mobile-grooming.example/")).toBeNull();
    // A page found twice is listed once, with its title.
    expect(index.sources.filter((s) => s.url.includes("rover.com"))).toEqual([{ url: "https://www.rover.com/dog-grooming/", title: "Dog Grooming Near You | Rover" }]);
  });

  it("a website is kept only on a host that looks like the competitor's name", () => {
    expect(hostLooksLike("https://www.rover.com/", "Rover")).toBe(true);
    expect(hostLooksLike("https://wagwalking.com/", "Wag!")).toBe(true);
    expect(hostLooksLike("https://www.techcrunch.com/", "Rover")).toBe(false);
  });
});

describe("the competitors the founder named", () => {
  it("are read from the wizard's free text", () => {
    expect(namedCompetitors("Rover, Wag! and local salons")).toEqual(["Rover", "Wag!", "local salons"]);
    expect(namedCompetitors("Canva; Looka / Wix")).toEqual(["Canva", "Looka", "Wix"]);
    // An ampersand belongs to the name.
    expect(namedCompetitors("Amber & Oak Photography, Dales Weddings")).toEqual(["Amber & Oak Photography", "Dales Weddings"]);
    expect(namedCompetitors("Not specified")).toEqual([]);
    expect(namedCompetitors("Aa, Bb, Cc, Dd, Ee, Ff")).toEqual(["Aa", "Bb", "Cc", "Dd", "Ee"]);
    expect(namedCompetitors("Rover, rover")).toEqual(["Rover"]);
  });
  it("match the model's names loosely", () => {
    expect(sameCompetitor("Rover.com", "rover")).toBe(true);
    expect(sameCompetitor("Local grooming salons", "local salons")).toBe(false);
    expect(sameCompetitor("Wag!", "Wag")).toBe(true);
  });
});

describe("finalizing the snapshot", () => {
  const draft = ResearchDraftSchema.parse(FAKE_RESEARCH);
  const named = namedCompetitors(input.competitors);

  it("with web access: named first, unknown named ones stand in, made-up links dropped, verified only with a source", () => {
    const r = ResearchContentSchema.parse(finalizeResearch(draft, { index: sourceIndex(found), webAccess: true, offlineReason: null, named, input, brand, now }));
    expect(r.competitors.map((c) => [c.name, c.namedByFounder, c.verified])).toEqual([
      ["Rover", true, true],
      ["Wag!", true, true],
      ["local salons", true, false],
      ["Local grooming salons", false, true],
      ["Made-Up Mobile Grooming Co", false, false],
    ]);
    expect(r.competitors[1]!.website).toBe("https://wagwalking.com/");
    expect(JSON.stringify(r)).not.toMatch(/made-up-grooming-stats|made-up-mobile-grooming\.example/);
    expect(r.marketClaims).toHaveLength(1);
    expect(r.researchedAt).toBe("2026-02-01T10:00:00.000Z");
  });

  it("without web access: no link at all, no market claim, nothing verified", () => {
    const r = finalizeResearch(draft, { index: sourceIndex([]), webAccess: false, offlineReason: "off", named, input, brand, now });
    expect(r.webAccess).toBe(false);
    expect(r.offlineReason).toBe("off");
    expect(r.marketClaims).toEqual([]);
    expect(r.sources).toEqual([]);
    expect(r.competitors.every((c) => !c.verified && c.website === null && c.sources.length === 0)).toBe(true);
  });
});

describe("research.md", () => {
  const r = finalizeResearch(ResearchDraftSchema.parse(FAKE_RESEARCH), { index: sourceIndex(found), webAccess: true, offlineReason: null, named: ["Rover"], input, brand, now });

  it("links only the search's URLs, with their titles, and lists every source", () => {
    const md = researchMarkdown(r, "Groomwell");
    const links = [...md.matchAll(/\]\((https?:[^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(3);
    const allowed = new Set(r.sources.map((s) => s.url).concat(r.competitors.flatMap((c) => (c.website ? [c.website] : []))));
    for (const l of links) expect(allowed.has(l!)).toBe(true);
    expect(md).toContain("[Dog Grooming Near You \\| Rover](https://www.rover.com/dog-grooming/)");
    expect(md).not.toContain(UNVERIFIED_LABEL);
    expect(md).toContain("### 1. Rover (named by you)");
  });

  it("model text cannot inject links, headings or HTML", () => {
    expect(mdText("[click](https://evil.example) <script>x</script>")).toBe("\\[click\\](https://evil.example) \\<script\\>x\\</script\\>");
    expect(mdText("# Heading")).toBe("\\# Heading");
    expect(mdText("1. item")).toBe("1\\. item");
    expect(mdText("two\nlines")).toBe("two lines");
  });

  it("without web access it says so at the top and labels every competitor", () => {
    const offline = finalizeResearch(ResearchDraftSchema.parse(FAKE_RESEARCH), { index: sourceIndex([]), webAccess: false, offlineReason: "unavailable", named: [], input, brand, now });
    const md = researchMarkdown(offline, "Groomwell");
    expect(md.split("\n").slice(0, 4).join("\n")).toContain("Generated without web access");
    expect(md.match(new RegExp(UNVERIFIED_LABEL, "g"))).toHaveLength(5);
    expect(md).not.toMatch(/https?:\/\//);
  });
});
