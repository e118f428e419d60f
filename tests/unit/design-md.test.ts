import { load as loadYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { landingTheme, radius } from "~/kit/assets/landing/styles";
import { BrandSchema, type Brand } from "~/kit/brand/brand";
import { agentsMd, claudeMd, designMd } from "~/kit/brand/design-md";
import { FONTS, FONT_IDS, headingWeight } from "~/kit/brand/fonts";
import { buttonTextColor, contrastPairs, fixPalette } from "~/kit/brand/palette";
import type { GenerationInput } from "~/kit/input";
import { jaccard, trigrams } from "../support/similarity";
import { INPUT, makeBrand } from "../support/kit-fixtures";

/** A kit's brand and landing copy as the offline generator writes them. */
function kitOf(input: GenerationInput): { brand: Brand; landing: LandingContent } {
  const content = builtinBrand(input);
  const fixed = fixPalette(content.palette);
  const brand = BrandSchema.parse({ ...content, palette: fixed.palette, paletteAdjustments: fixed.adjustments });
  return { brand, landing: LandingContentSchema.parse(builtinLandingCopy(input, brand)) };
}

const GROOMING = kitOf(INPUT);
const DEVTOOL = kitOf({
  business_idea: "An open-source tool that turns Figma files into React code",
  target_audience: "Front-end developers",
  geographic_market: "",
  tone_of_voice: "technical",
  competitors: "",
  primary_goal: "downloads",
  brand_vibe: "neon tech",
});

/** The front matter's tokens, read by a real YAML parser. */
function tokensOf(md: string): Record<string, any> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(md);
  expect(match, "DESIGN.md starts with YAML front matter").not.toBeNull();
  return loadYaml(match![1]!) as Record<string, any>;
}

/** The rem values of the landing page's CSS that the type scale and spacing may name. */
const LANDING_CSS_SIZES = new Set(["4rem", "2.6rem", "1.25rem", "1.3rem", "1.0625rem", "0.8125rem", "0.35rem", "0.75rem", "1rem", "1.75rem", "3rem", "6rem", "72rem", "1.5rem", "3.1rem"]);

describe("DESIGN.md", () => {
  for (const [label, kit] of [["grooming", GROOMING], ["developer tool", DEVTOOL]] as const) {
    it(`names only the kit's colours, fonts and sizes, in the DESIGN.md format (${label})`, () => {
      const { brand, landing } = kit;
      const md = designMd({ brand, landing, logo: true });
      const tokens = tokensOf(md);
      const theme = landingTheme(brand);
      expect(tokens.version).toBe("alpha");
      expect(tokens.name).toBe(brand.name);
      // The brand's five roles under their own names, and the page's derived colours.
      for (const role of ["primary", "secondary", "accent", "background", "text"] as const) expect(tokens.colors[role]).toBe(brand.palette[role]);
      expect(tokens.colors["on-primary"]).toBe(buttonTextColor(brand.palette));
      expect(tokens.colors.surface).toBe(theme.surface);
      expect(tokens.colors.link).toBe(theme.ink);
      expect(tokens.colors.border).toBe(theme.line);
      // Every hex anywhere in the document (tokens and prose) is one of the kit's colours.
      const kitColours = new Set([...Object.values(brand.palette), theme.onPrimary, theme.surface, theme.ink, theme.muted, theme.line]);
      for (const hex of md.match(/#[0-9A-Fa-f]{6}\b/g) ?? []) expect(kitColours, hex).toContain(hex);
      // Fonts: only the brand's two families, at their weights.
      const families = new Set([FONTS[brand.fonts.heading].family, FONTS[brand.fonts.body].family]);
      for (const t of Object.values(tokens.typography) as Array<Record<string, unknown>>) {
        expect(families).toContain(t.fontFamily);
        expect([400, headingWeight(brand.fonts.heading), headingWeight(brand.fonts.body)]).toContain(t.fontWeight);
        expect(LANDING_CSS_SIZES).toContain(t.fontSize);
      }
      expect(tokens.typography["headline-display"].fontFamily).toBe(FONTS[brand.fonts.heading].family);
      expect(tokens.typography["body-md"].fontFamily).toBe(FONTS[brand.fonts.body].family);
      // No other catalogue family is named anywhere.
      for (const id of FONT_IDS) if (!families.has(FONTS[id].family)) expect(md).not.toContain(FONTS[id].family);
      // Radii are the page's: its --radius, 1.5× and 2× it.
      const r = Number.parseFloat(radius(brand));
      expect(tokens.rounded.sm).toBe(radius(brand).replace(/^\./, "0."));
      expect(Number.parseFloat(tokens.rounded.md)).toBeCloseTo(r * 1.5);
      for (const v of Object.values(tokens.spacing)) expect(LANDING_CSS_SIZES).toContain(v);
      // Component references resolve to tokens that exist.
      for (const component of Object.values(tokens.components) as Array<Record<string, string>>) {
        for (const value of Object.values(component)) {
          const ref = /^\{(.+)\}$/.exec(String(value));
          if (!ref) continue;
          const target = ref[1]!.split(".").reduce<any>((node, key) => node?.[key], tokens);
          expect(target, value).toBeDefined();
        }
      }
      // The format's H2 sections, in its order (Logo and Voice are sections of our own, kept by readers).
      const h2 = md.match(/^## .+$/gm)!.map((h) => h.slice(3));
      const known = ["Overview", "Colors", "Typography", "Layout", "Elevation & Depth", "Shapes", "Components", "Do's and Don'ts"];
      expect(h2.filter((h) => known.includes(h))).toEqual(known);
      expect(h2).toEqual(expect.arrayContaining(["Logo", "Voice"]));
      // The contrast pairs that pass are listed with their ratios; the voice's examples come from the kit.
      for (const pair of contrastPairs(brand.palette).passing) expect(md).toContain(`${brand.palette[pair.foreground]} on ${brand.palette[pair.background]}`);
      expect(md).toContain(brand.voice.dos[0]!.replace(/[\\`*_[\]<>&|~]/g, (c) => `\\${c}`));
      expect(md).toContain("Clear space");
      expect(md).toContain("Minimum size");
    });
  }

  it("says each voice rule once: a rule that already says no is not prefixed with another Don't", () => {
    const brand = makeBrand({ voice: { ...makeBrand().voice, donts: ["Don't pressure with fake urgency.", "No jargon.", "Exclamation marks in headlines."] } });
    const md = designMd({ brand, landing: GROOMING.landing, logo: true });
    expect(md).toContain("\n- Don't pressure with fake urgency.\n");
    expect(md).toContain("\n- No jargon.\n");
    expect(md).toContain("\n- Don't: Exclamation marks in headlines.\n");
    expect(md).not.toMatch(/Don't: (Don't|No )/);
  });

  it("two businesses give two different documents, not one template with the name swapped", () => {
    const a = designMd({ ...GROOMING, logo: true });
    const b = designMd({ ...DEVTOOL, logo: true });
    expect(GROOMING.brand.name).not.toBe(DEVTOOL.brand.name);
    // Swap the names back: what is left still differs by much more than the name.
    const bAsA = b.split(DEVTOOL.brand.name).join(GROOMING.brand.name);
    const prose = (md: string) => md.replace(/^---[\s\S]*?---\n/, "").split("\n").filter(Boolean);
    const similarity = jaccard(trigrams(prose(a)), trigrams(prose(bAsA)));
    console.log(`DESIGN.md 3-gram similarity of two businesses, names swapped: ${similarity.toFixed(2)}`);
    expect(similarity).toBeLessThan(0.6);
    // Their tokens differ where the brands do.
    expect(tokensOf(a).colors.primary).not.toBe(tokensOf(b).colors.primary);
    expect(tokensOf(a).typography["headline-display"].fontFamily === tokensOf(b).typography["headline-display"].fontFamily && GROOMING.brand.fonts.heading !== DEVTOOL.brand.fonts.heading).toBe(false);
  });

  it("a brand name and copy with Markdown and HTML characters stay text, in the prose and in the YAML", () => {
    const name = "<b>*Acme*</b> [x](javascript:alert(1)) # &amp;";
    const brand = makeBrand({ name: name.slice(0, 40), tagline: "Fast | _simple_ `code` <img src=x onerror=alert(1)>" });
    const landing = LandingContentSchema.parse(builtinLandingCopy(INPUT, brand));
    landing.hero.headline = "# Heading? <script>alert(1)</script>";
    const md = designMd({ brand, landing, logo: false });
    expect(tokensOf(md).name).toBe(brand.name);
    expect(tokensOf(md).description).toBe(brand.tagline);
    const body = md.replace(/^---[\s\S]*?---\n/, "");
    // Every tag, link and emphasis character is escaped: none is left bare.
    expect(body).not.toMatch(/(^|[^\\])(<b>|<img|<script|\]\(javascript|\*Acme)/);
    expect(body).toContain("\\<b\\>\\*Acme\\*\\</b\\>");
    expect(body).toContain("“\\# Heading? \\<script\\>alert(1)\\</script\\>”");
    // No line of the prose is a heading other than the document's own.
    for (const line of body.split("\n")) if (line.startsWith("#")) expect(line).toMatch(/^(# .+: design system|## [A-Z][A-Za-z'& ]+)$/);
    const agents = agentsMd({ brand, landing, logo: false, files: [] });
    expect(agents).not.toMatch(/(^|[^\\])(<b>|<img|<script)/);
    expect(agents.split("\n")[0]).toBe("# AGENTS.md: \\<b\\>\\*Acme\\*\\</b\\> \\[x\\](javascript:alert(1)) #");
  });

  it("AGENTS.md points to DESIGN.md and names only files the kit has; CLAUDE.md imports it", () => {
    const full = agentsMd({ ...GROOMING, logo: true, files: ["brand/tokens.json", "brand/tokens.css", "brand/tailwind.preset.js", "website/index.html"] });
    expect(full).toContain("DESIGN.md");
    expect(full).toContain("brand/tailwind.preset.js");
    expect(full).toContain("logo/");
    expect(full).toContain(GROOMING.landing.hero.headline.replace(/[\\`*_[\]<>&|~]/g, (c) => `\\${c}`));
    const bare = agentsMd({ brand: GROOMING.brand, landing: null, logo: false, files: [] });
    expect(bare).not.toContain("tailwind.preset.js");
    expect(bare).not.toContain("`logo/`");
    expect(bare).not.toContain("website/index.html");
    expect(claudeMd()).toBe("@AGENTS.md\n");
  });
});
