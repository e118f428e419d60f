import { z } from "zod";

/**
 * The schema.org shapes the published page's JSON-LD must have,
 * after schema.org's Organization / FAQPage / Question / Answer types and
 * Google's structured-data docs (Organization: name, url, optional logo and
 * description; FAQPage: mainEntity of Question, each with name and an
 * acceptedAnswer Answer with text). Strict: an unknown or misspelled
 * property fails. Shared by the unit, integration and Playwright tests.
 */

const absoluteUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}, "an absolute http(s) URL");
const text = z.string().trim().min(1);

export const OrganizationShape = z
  .object({
    "@context": z.literal("https://schema.org"),
    "@type": z.literal("Organization"),
    name: text,
    url: absoluteUrl,
    logo: absoluteUrl.optional(),
    description: text.optional(),
  })
  .strict();

export const FaqPageShape = z
  .object({
    "@context": z.literal("https://schema.org"),
    "@type": z.literal("FAQPage"),
    mainEntity: z
      .array(
        z
          .object({
            "@type": z.literal("Question"),
            name: text,
            acceptedAnswer: z.object({ "@type": z.literal("Answer"), text }).strict(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export type Organization = z.infer<typeof OrganizationShape>;
export type FaqPage = z.infer<typeof FaqPageShape>;

/** The raw text of every <script type="application/ld+json"> of a document. */
export function jsonLdTexts(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** The page's JSON-LD blocks, parsed and checked: its Organization (or null) and FAQPage (or null); anything else fails. */
export function checkedJsonLd(html: string): { organization: Organization | null; faq: FaqPage | null; count: number } {
  const blocks = jsonLdTexts(html).map((t) => JSON.parse(t) as { "@type"?: string });
  let organization: Organization | null = null;
  let faq: FaqPage | null = null;
  for (const b of blocks) {
    if (b["@type"] === "Organization" && !organization) organization = OrganizationShape.parse(b);
    else if (b["@type"] === "FAQPage" && !faq) faq = FaqPageShape.parse(b);
    else throw new Error(`unexpected JSON-LD block: ${JSON.stringify(b).slice(0, 200)}`);
  }
  return { organization, faq, count: blocks.length };
}
