import { SECTION_LABELS, type LandingContent } from "~/kit/assets/landing/schema";
import { landingTheme, radius, type LandingTheme } from "~/kit/assets/landing/styles";
import { LAYOUT_LABELS } from "~/kit/layouts";
import { mdText, sentences } from "~/platform/text/markdown";
import type { Brand } from "./brand";
import { FONTS, headingWeight } from "./fonts";
import { AA_TEXT, contrastPairs, contrastRatio, formatRatio } from "./palette";
import { fontFiles } from "./tokens";

/**
 * DESIGN.md and AGENTS.md: the brand written for the AI coding agents that
 * build a founder's site or app (Claude Code, Cursor, Codex). DESIGN.md
 * follows the DESIGN.md format (google-labs-code/design.md, "alpha"): YAML
 * tokens in the front matter, then the H2 sections in the format's order.
 * Every value comes from the brand and the landing page's own styles
 * (landingTheme, landingCss), so an agent builds what the published page
 * shows. Pure functions of the brand and the page's copy: the same kit gives
 * the same bytes. The brand's and the copy's text go in only as escaped
 * Markdown (mdText) or JSON-quoted YAML strings, never as markup.
 */

export type AgentDocsInput = {
  brand: Brand;
  /** The landing page's copy, or null while it is not ready. */
  landing: LandingContent | null;
  /** Whether the logo files are in the kit. */
  logo: boolean;
};

/** A YAML scalar: JSON's double-quoted strings are YAML's too, so any text is one safe value. */
const y = (value: string) => JSON.stringify(value);

/** rem to a number of rem, for the radius scale (".75rem" → 0.75). */
const rem = (value: string) => Number.parseFloat(value);
const fmtRem = (n: number) => `${Math.round(n * 1000) / 1000}rem`;

/** The type scale of the landing page's CSS (landingCss), by token name. */
export const TYPE_SCALE = {
  "headline-display": { role: "heading", size: "4rem", weight: "heading", lineHeight: 1.06, letterSpacing: "-0.015em", use: "The hero's headline (the one h1), down to 2.25rem on phones" },
  "headline-lg": { role: "heading", size: "2.6rem", weight: "heading", lineHeight: 1.15, letterSpacing: "-0.015em", use: "Section headings (h2), down to 1.75rem on phones" },
  "headline-md": { role: "heading", size: "1.25rem", weight: "heading", lineHeight: 1.15, letterSpacing: "-0.015em", use: "Card and step titles (h3)" },
  "body-lg": { role: "body", size: "1.3rem", weight: 400, lineHeight: 1.65, letterSpacing: null, use: "The hero's subheadline and lead paragraphs" },
  "body-md": { role: "body", size: "1.0625rem", weight: 400, lineHeight: 1.65, letterSpacing: null, use: "Body text and form fields" },
  "label-md": { role: "body", size: "1.0625rem", weight: "bold", lineHeight: 1.2, letterSpacing: null, use: "Buttons and form labels" },
  "label-sm": { role: "body", size: "0.8125rem", weight: "bold", lineHeight: 1.2, letterSpacing: "0.09em", use: "Eyebrows above headings, upper case" },
} as const;

/** The spacing of the landing page's CSS. */
export const SPACING = {
  xs: "0.35rem",
  sm: "0.75rem",
  md: "1rem",
  lg: "1.75rem",
  xl: "3rem",
  section: "6rem",
  gutter: "1.25rem",
  "max-width": "72rem",
} as const;

/** The colour tokens: the brand's five roles and the page's derived colours, with what each is for. */
function colorTokens(brand: Brand, t: LandingTheme): Array<{ name: string; hex: string; use: string }> {
  const p = brand.palette;
  return [
    { name: "primary", hex: p.primary, use: "Actions: buttons, the key shapes of the logo, focus of attention. Never body text unless it passes on its surface" },
    { name: "on-primary", hex: t.onPrimary, use: "Text and icons on primary (button labels)" },
    { name: "secondary", hex: p.secondary, use: "Supporting shapes, illustrations and highlights; decoration, not text" },
    { name: "accent", hex: p.accent, use: "Small details: badges, underlines, emphasis; decoration, not text" },
    { name: "background", hex: p.background, use: "Page and card surfaces" },
    { name: "surface", hex: t.surface, use: "The tinted surface of alternate sections" },
    { name: "text", hex: p.text, use: "Headings and body text; also form field borders and the focus ring" },
    { name: "link", hex: t.ink, use: "Primary as text: links, eyebrows and step numbers (checked to read on background and surface)" },
    { name: "muted", hex: t.muted, use: "Secondary text: captions and details" },
    { name: "border", hex: t.line, use: "Card borders and dividers (decorative, never the only cue)" },
  ];
}

const ROLE_NAMES: Record<string, string> = { primary: "primary", secondary: "secondary", accent: "accent", background: "background", text: "text" };

/** The lines of the page's sections in order, with their headings from the copy. */
function pageSections(landing: LandingContent): string[] {
  const heading: Record<string, string> = {
    benefits: landing.benefits.heading,
    how: landing.how.heading,
    proof: landing.proof.heading,
    faq: landing.faq.heading,
    cta: landing.cta.headline,
  };
  const lines = [`1. Hero: “${mdText(landing.hero.headline)}”, with the button “${mdText(landing.hero.button)}”.`];
  landing.sections.forEach((id, i) => lines.push(`${i + 2}. ${SECTION_LABELS[id]}: “${mdText(heading[id] ?? "")}”.`));
  const extra = Object.entries(landing.category)
    .filter(([, v]) => v && typeof v === "object" && "heading" in v)
    .map(([, v]) => `“${mdText((v as { heading: string }).heading)}”`);
  if (extra.length) lines.push(`The page also has its business's own sections: ${extra.join(", ")}.`);
  return lines;
}

export function designMd(input: AgentDocsInput): string {
  const { brand, landing } = input;
  const t = landingTheme(brand);
  const colors = colorTokens(brand, t);
  const heading = FONTS[brand.fonts.heading];
  const body = FONTS[brand.fonts.body];
  const hw = headingWeight(brand.fonts.heading);
  const bodyBold = headingWeight(brand.fonts.body);
  const r = rem(radius(brand));
  const rounded = { sm: fmtRem(r), md: fmtRem(r * 1.5), lg: fmtRem(r * 2), full: "9999px" };
  const name = mdText(brand.name);

  // ---- the tokens (front matter) ----
  const yaml: string[] = ["---", "version: alpha", `name: ${y(brand.name)}`, `description: ${y(brand.tagline)}`, "colors:"];
  for (const c of colors) yaml.push(`  ${c.name}: ${y(c.hex)}`);
  yaml.push("typography:");
  for (const [key, s] of Object.entries(TYPE_SCALE)) {
    const family = s.role === "heading" ? heading.family : body.family;
    const weight = s.weight === "heading" ? hw : s.weight === "bold" ? bodyBold : s.weight;
    yaml.push(`  ${key}:`, `    fontFamily: ${y(family)}`, `    fontSize: ${s.size}`, `    fontWeight: ${weight}`, `    lineHeight: ${s.lineHeight}`);
    if (s.letterSpacing) yaml.push(`    letterSpacing: ${s.letterSpacing}`);
  }
  yaml.push("rounded:", ...Object.entries(rounded).map(([k, v]) => `  ${k}: ${v}`));
  yaml.push("spacing:", ...Object.entries(SPACING).map(([k, v]) => `  ${k}: ${v}`));
  yaml.push(
    "components:",
    "  button-primary:",
    `    backgroundColor: "{colors.primary}"`,
    `    textColor: "{colors.on-primary}"`,
    `    typography: "{typography.label-md}"`,
    `    rounded: "{rounded.sm}"`,
    "    padding: 1.5rem",
    "    height: 3rem",
    "  card:",
    `    backgroundColor: "{colors.background}"`,
    `    textColor: "{colors.text}"`,
    `    rounded: "{rounded.md}"`,
    `    padding: "{spacing.lg}"`,
    "  input:",
    `    backgroundColor: "{colors.background}"`,
    `    textColor: "{colors.text}"`,
    `    typography: "{typography.body-md}"`,
    `    rounded: "{rounded.sm}"`,
    "    padding: 1rem",
    "    height: 3.1rem",
    "  hero:",
    `    backgroundColor: "{colors.background}"`,
    `    textColor: "{colors.text}"`,
    `    typography: "{typography.headline-display}"`,
    `    padding: "{spacing.section}"`,
    "---",
  );

  const out: string[] = [...yaml, "", `# ${name}: design system`, ""];
  out.push(`The brand of ${name} as rules for whoever builds its site, app or documents, people or AI agents. The YAML above holds the tokens; these sections say how to use them. brand/tokens.json, brand/tokens.css and brand/tailwind.preset.js hold the same values.`, "");

  // ---- Overview ----
  out.push("## Overview", "");
  out.push(`**${name}**: ${mdText(brand.tagline)}`, "");
  out.push(mdText(brand.positioning), "");
  const feel = [
    `${t.dark ? "A dark" : "A light"} page: ${brand.palette.background} behind ${brand.palette.text} text, with ${brand.palette.primary} for what the visitor should do.`,
    `${heading.family} (${heading.category}) carries the headings, ${body.family === heading.family ? "and the body text too" : `${body.family} (${body.category}) the text`}.`,
  ];
  if (landing) feel.push(`The landing page uses the ${LAYOUT_LABELS[landing.layout].toLowerCase()} layout.`);
  out.push(feel.join(" "), "");

  // ---- Colors ----
  out.push("## Colors", "");
  for (const c of colors) out.push(`- **${c.name} (${c.hex}):** ${c.use}.`);
  const passing = contrastPairs(brand.palette).passing;
  out.push("", "Text and background pairs that pass WCAG AA for normal text (4.5:1), best first. Use only these for text:", "");
  for (const pair of passing) out.push(`- ${ROLE_NAMES[pair.foreground]} on ${ROLE_NAMES[pair.background]}: ${brand.palette[pair.foreground]} on ${brand.palette[pair.background]}, ${formatRatio(pair.ratio)} (${pair.level})`);
  const onPrimary = contrastRatio(t.onPrimary, brand.palette.primary);
  out.push(`- on-primary on primary (button labels): ${t.onPrimary} on ${brand.palette.primary}, ${formatRatio(onPrimary)} (${onPrimary >= 7 ? "AAA" : onPrimary >= AA_TEXT ? "AA" : "large text only"})`);
  const failing = (["primary", "secondary", "accent"] as const).filter((role) => contrastRatio(brand.palette[role], brand.palette.background) < AA_TEXT);
  if (failing.length) out.push("", `Not for text on the background (below 4.5:1): ${failing.map((role) => `${role} ${brand.palette[role]}`).join(", ")}. Use them for shapes, or use link (${t.ink}) for coloured text.`);
  out.push("");

  // ---- Typography ----
  out.push("## Typography", "");
  out.push(`- **Headings:** ${heading.family}, weight ${hw}, tight line height, slightly negative letter spacing.`);
  out.push(`- **Text:** ${body.family}, weight 400 (bold ${bodyBold} for buttons and labels), line height 1.65.`);
  out.push("- **Scale:**");
  for (const [key, s] of Object.entries(TYPE_SCALE)) out.push(`  - \`${key}\` ${s.size}: ${s.use}.`);
  out.push("- **Font files** (free, SIL Open Font License; tokens.css loads the web files):");
  for (const f of fontFiles(brand)) out.push(`  - brand/fonts/${f.file}.woff: ${FONTS[f.id].family} ${f.weight} for the web (a .ttf or .otf of the same name to install)`);
  out.push(`- Fallbacks when the files are not loaded: ${heading.category === "serif" ? "Georgia and the system serif" : "the system sans-serif"} for headings, ${body.category === "serif" ? "Georgia and the system serif" : "the system sans-serif"} for text.`, "");

  // ---- Layout ----
  out.push("## Layout", "");
  out.push(`One centred column at most ${SPACING["max-width"]} wide, with ${SPACING.gutter} margins on each side on phones. Sections are separated by generous space (${SPACING.section} on large screens, about 3.5rem on phones); cards are padded ${SPACING.lg}, and grids of cards have 1.5 to 2rem gaps. Text lines stay under about 42rem.`, "");
  if (landing) {
    out.push("The landing page's sections, in order:", "", ...pageSections(landing), "");
  }

  // ---- Elevation & Depth ----
  out.push("## Elevation & Depth", "");
  out.push(`Flat: no shadows. Depth comes from the surface tint (${t.surface}) of alternate sections and 1px borders in border (${t.line}). Cards sit on ${brand.palette.background}.`, "");

  // ---- Shapes ----
  out.push("## Shapes", "");
  const shape = heading.category === "serif" ? "Crisp corners that suit a serif brand" : r >= 1 ? "Soft, round corners that suit a friendly typeface" : "Moderately rounded corners";
  out.push(`${shape}: ${rounded.sm} on buttons, fields and icons, ${rounded.md} on cards, ${rounded.lg} on large tiles; pills (${rounded.full}) only for small tags. Step numbers sit in circles of primary.`, "");

  // ---- Components ----
  out.push("## Components", "");
  out.push(`- **Button:** primary (${brand.palette.primary}) with on-primary (${t.onPrimary}) text, ${body.family} ${bodyBold}, at least 3rem tall, 1.5rem side padding, ${rounded.sm} corners, no border. One primary button per view.${landing ? ` The kit's button says “${mdText(landing.hero.button)}”.` : ""}`);
  out.push(`- **Card:** background (${brand.palette.background}), a 1px border (${t.line}), ${rounded.md} corners, ${SPACING.lg} padding; a headline-md title in ${heading.family}, then body-md text.`);
  out.push(`- **Form field:** a bold label above (label-md), a field at least 3.1rem tall with a 2px text-coloured border (${brand.palette.text}), background fill, ${rounded.sm} corners; errors in words below the field, never colour alone. The focus ring is a 3px outline in text, 3px away.`);
  out.push(`- **Hero:** on background, an eyebrow (label-sm in link ${t.ink}), the headline in headline-display, the subheadline in body-lg, then the primary button${input.logo ? "; the logo's mark beside it on large screens" : ""}.`, "");

  // ---- Logo ----
  out.push("## Logo", "");
  if (input.logo) {
    out.push(
      "- **Lockups:** logo/logo.svg (horizontal: mark beside the name) for headers and most places; logo/logo-stacked.svg for square spaces; logo/mark.svg (the mark alone) for icons, avatars and small sizes. Each has a -dark version for dark backgrounds, and PNGs at 512 and 1024 px.",
      "- **Icons:** logo/favicon.ico for the browser tab, logo/apple-touch-icon.png for home screens.",
      "- **Clear space:** keep an empty margin around the logo at least half as tall as the mark; nothing comes inside it.",
      "- **Minimum size:** horizontal logo 120 px wide on screen (30 mm in print); the mark alone 24 px (16 px as a favicon). Smaller than that, use the mark.",
      `- **Misuse:** never stretch, recolour, rotate, outline or redraw it, never add shadows or effects, never place it on a colour that hides it (on ${brand.palette.primary} or dark photos, use the -dark files).`,
      "",
    );
  } else {
    out.push(`The logo is not in the kit yet. Until it is, set the name in ${heading.family} ${hw} in text (${brand.palette.text}) as a wordmark, and never draw a logo of your own.`, "");
  }

  // ---- Voice ----
  out.push("## Voice", "");
  out.push("How the brand writes, with examples from its own copy:", "");
  for (const s of brand.voice.samples) out.push(`> ${mdText(s)}`, ">");
  if (out[out.length - 1] === ">") out.pop();
  out.push("");
  if (landing) out.push(`The page's headline: “${mdText(landing.hero.headline)}”. Its subheadline: “${mdText(landing.hero.subheadline)}”.`, "");

  // ---- Do's and Don'ts ----
  out.push("## Do's and Don'ts", "");
  for (const d of brand.voice.dos) out.push(`- Do: ${mdText(d)}`);
  // A rule that already says no ("No jargon", "Don't pressure…", "Avoid…") is not prefixed again ("Don't: Don't…").
  for (const d of brand.voice.donts) out.push(/^(no|don['’]t|do not|never|avoid)\b/i.test(d.trim()) ? `- ${mdText(d)}` : `- Don't: ${mdText(d)}`);
  out.push(
    "- Do use the colour tokens by name and only the text pairs listed under Colors.",
    "- Do use primary for the one most important action in a view.",
    `- Don't introduce colours, fonts or radii that are not in this file; ${heading.family}${body.family === heading.family ? "" : ` and ${body.family}`} only.`,
    "- Don't invent testimonials, numbers or prices: use what the founder gave, or leave a clearly marked placeholder.",
    "- Don't use the secondary or accent colour for text on the background unless the pair is listed above.",
    "",
  );
  return out.join("\n");
}

/** AGENTS.md: where an agent finds the brand in this kit, and the rules it should not break. */
export function agentsMd(input: AgentDocsInput & { files: string[] }): string {
  const { brand, landing } = input;
  const name = mdText(brand.name);
  const has = (path: string) => input.files.includes(path);
  const heading = FONTS[brand.fonts.heading].family;
  const body = FONTS[brand.fonts.body].family;
  const out: string[] = [`# AGENTS.md: ${name}`, ""];
  out.push(`This folder is the launch kit of **${name}**: ${mdText(sentences(brand.tagline, brand.positioning))}`, "");
  out.push("When you build or change anything for this brand (a website, an app, an e-mail, a document), read DESIGN.md first and follow it: it is the brand's design system, with its tokens in YAML and the rules for using them.", "");
  out.push("## Where things are", "");
  out.push("- `DESIGN.md`: colours with their roles and the text pairs that pass contrast, type scale, spacing, radii, components, logo use, voice.");
  if (has("brand/tokens.json")) out.push("- `brand/tokens.json`: the tokens in the W3C Design Tokens format; `brand/brand.json`: the whole brand as data.");
  if (has("brand/tokens.css")) out.push("- `brand/tokens.css`: CSS custom properties (`--color-primary` and the others) with `@font-face` rules for the files in `brand/fonts/`.");
  if (has("brand/tailwind.preset.js")) out.push("- `brand/tailwind.preset.js`: a Tailwind CSS preset (`bg-brand-primary`, `text-brand-on-primary`, `font-heading`, `font-body`); import tokens.css too.");
  out.push(`- \`brand/fonts/\`: ${heading}${body === heading ? "" : ` and ${body}`} as .woff for the web and .ttf or .otf for computers, with their licences.`);
  if (input.logo) out.push("- `logo/`: the logo as SVG and PNG (logo.svg, logo-stacked.svg, mark.svg, each with a -dark version), favicon.ico and apple-touch-icon.png.");
  if (has("website/index.html")) out.push("- `website/index.html`: the landing page as one file, the reference for how the brand looks built.");
  if (has("website/website-builder-prompt.txt")) out.push("- `website/website-builder-prompt.txt`: the brief for a website builder.");
  if (has("brand/guidelines.pdf")) out.push("- `brand/guidelines.pdf`: the brand guidelines for people.");
  out.push("");
  out.push("## Rules", "");
  out.push(
    "- Use the tokens, never hard-coded look-alikes: import brand/tokens.css (or the Tailwind preset) and refer to the variables.",
    `- Use the logo files as they are; never redraw the logo or set the name in another font than ${heading}.`,
    "- Text colours only from the passing pairs in DESIGN.md; keep every form field labelled and every control reachable by keyboard.",
    "- Write in the brand's voice (DESIGN.md, Voice); never invent testimonials, customer numbers or prices.",
  );
  if (landing) out.push(`- Keep the page's promise: “${mdText(landing.hero.headline)}”.`);
  out.push("");
  return out.join("\n");
}

/** CLAUDE.md: Claude Code reads CLAUDE.md and imports the files it names with @, so one line keeps AGENTS.md the single source. */
export function claudeMd(): string {
  return "@AGENTS.md\n";
}
