import { z } from "zod";
import type { Brand } from "~/kit/brand/brand";
import { toOneLine } from "~/platform/text/text";
import type { LandingContent } from "./schema";

/**
 * SEO of a published landing page (docs/decisions/032-seo-editor.md):
 * the <title> and meta description (Pro may write their own; every page has
 * the defaults made from the page), the search-result snippet the editor
 * previews, and the JSON-LD (schema.org Organization and FAQPage) every page
 * carries. Client-safe and pure: the editor's form validates with the same
 * schema, the renderer embeds what the builders return.
 */

/** What a search result shows before cutting: about 60 characters of title, 160 of description. */
export const SEO_TITLE_MAX = 60;
/** Shorter than this, a search engine tends to write its own snippet from the page instead. */
export const SEO_DESCRIPTION_MIN = 50;
export const SEO_DESCRIPTION_MAX = 160;

/** Characters as people count them (an emoji is one), not UTF-16 units. */
export const charCount = (value: string) => [...value].length;

/** One line: line breaks, tabs and control or bidi characters go (toOneLine), spaces are collapsed and trimmed. */
export const cleanSeoText = (value: string) => toOneLine(value).replace(/\s+/g, " ").trim();

const optionalLine = (check: (value: string) => string | null) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const clean = cleanSeoText(value ?? "");
      const problem = clean ? check(clean) : null;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return clean || null;
    });

export const SEO_TITLE_TOO_LONG = `Keep the title to ${SEO_TITLE_MAX} characters or fewer: search results cut it after about ${SEO_TITLE_MAX}.`;
export const SEO_DESCRIPTION_TOO_SHORT = `Write at least ${SEO_DESCRIPTION_MIN} characters, or leave it empty to use the default: search engines replace very short descriptions with text of their own.`;
export const SEO_DESCRIPTION_TOO_LONG = `Keep the description to ${SEO_DESCRIPTION_MAX} characters or fewer: search results cut it after about ${SEO_DESCRIPTION_MAX}.`;

/** The SEO form: empty means "made from the page" (null). */
export const SeoEditSchema = z.object({
  seoTitle: optionalLine((t) => (charCount(t) > SEO_TITLE_MAX ? `${SEO_TITLE_TOO_LONG} This one has ${charCount(t)}.` : null)),
  seoDescription: optionalLine((d) =>
    charCount(d) < SEO_DESCRIPTION_MIN
      ? `${SEO_DESCRIPTION_TOO_SHORT} This one has ${charCount(d)}.`
      : charCount(d) > SEO_DESCRIPTION_MAX
        ? `${SEO_DESCRIPTION_TOO_LONG} This one has ${charCount(d)}.`
        : null,
  ),
});
export type SeoEdit = z.output<typeof SeoEditSchema>;

/** The page's default <title>: the brand, then the headline (the brand alone when both would be too long for results). */
export function landingTitle(brand: Pick<Brand, "name">, content: Pick<LandingContent, "hero">) {
  const full = `${brand.name} — ${content.hero.headline}`;
  return full.length <= 70 ? full : brand.name;
}

/** The defaults every page has: what an empty field of the editor means. */
export function defaultSeo(brand: Pick<Brand, "name">, content: Pick<LandingContent, "hero">) {
  return { title: landingTitle(brand, content), description: content.hero.subheadline };
}

export type PageSeo = { title: string; description: string };

/** What the page's head says: the founder's own text where they wrote some, the defaults elsewhere. */
export function pageSeo(brand: Pick<Brand, "name">, content: Pick<LandingContent, "hero">, custom: { title?: string | null; description?: string | null } | null): PageSeo {
  const defaults = defaultSeo(brand, content);
  return { title: custom?.title || defaults.title, description: custom?.description || defaults.description };
}

// ---- the search-result snippet ----------------------------------------------------

const cut = (value: string, max: number) => (charCount(value) <= max ? value : `${[...value].slice(0, max - 1).join("").trimEnd()}…`);

/** The snippet as a search result shows it: the title and description cut where results cut them, the address as a breadcrumb. */
export function snippet(seo: PageSeo, url: string) {
  let crumb = url;
  try {
    const u = new URL(url);
    crumb = [u.host, ...u.pathname.split("/").filter(Boolean)].join(" › ");
  } catch {
    // Not a full address: shown as it is.
  }
  return { title: cut(seo.title, SEO_TITLE_MAX), url: crumb, description: cut(seo.description, SEO_DESCRIPTION_MAX) };
}

// ---- JSON-LD ---------------------------------------------------------------------------

export type JsonLd = Record<string, unknown>;

/**
 * schema.org Organization: who the page is for. `url` is the page's public
 * address (LaunchKit's trusted origin or its verified custom domain, never a
 * request's Host); `logo` a public image of the brand when there is one.
 */
export function organizationJsonLd(input: { name: string; url: string; description?: string | null; logo?: string | null }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: input.name,
    url: input.url,
    ...(input.logo ? { logo: input.logo } : {}),
    ...(input.description ? { description: input.description } : {}),
  };
}

/** schema.org FAQPage from the page's FAQ, or null when the page shows none. */
export function faqJsonLd(content: Pick<LandingContent, "sections" | "faq">): JsonLd | null {
  const items = content.sections.includes("faq") ? content.faq.items.filter((f) => f.question.trim() && f.answer.trim()) : [];
  if (!items.length) return null;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
}

/** Every JSON-LD block of a page: the Organization when its public address is known, the FAQPage when it has an FAQ. */
export function pageJsonLd(brand: Pick<Brand, "name">, content: Pick<LandingContent, "sections" | "faq">, seo: PageSeo, where: { url: string | null; logo?: string | null }): JsonLd[] {
  const blocks: JsonLd[] = [];
  if (where.url) blocks.push(organizationJsonLd({ name: brand.name, url: where.url, description: seo.description, logo: where.logo }));
  const faq = faqJsonLd(content);
  if (faq) blocks.push(faq);
  return blocks;
}

/**
 * JSON for inside <script type="application/ld+json">: still the same JSON to
 * a parser, but with `<`, `>`, `&` and the line/paragraph separators written
 * as \u escapes, so no text in it can close the script element ("</script>"),
 * open a comment ("<!--") or end a JavaScript string.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The <script> elements of the blocks (data blocks: a browser never runs them). */
export function jsonLdScripts(blocks: JsonLd[]): string {
  return blocks.map((b) => `<script type="application/ld+json">${jsonForScript(b)}</script>`).join("\n");
}
