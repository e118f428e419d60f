import type { Brand } from "~/kit/brand/brand";
import { mdText, mdUrl, sentences } from "~/platform/text/markdown";
import type { LandingContent } from "./schema";

/**
 * A published page's llms.txt (the llms.txt proposal, AnswerDotAI/llms-txt):
 * an H1 with the name, a blockquote summary, a paragraph, then H2 sections
 * of `- [name](url): notes` links. Every link is built from the page's
 * trusted public address (publicAddress: its verified custom domain or
 * LaunchKit's configured address), never from a request's Host. Prices are
 * listed only as the founder gave them: the step writes "Quote on request"
 * and never a price, so a section whose items all still say that adds
 * nothing. The press kit published with the page is linked in its own
 * section when the caller gives its address. Pure: the same page
 * gives the same text. The brand's and the copy's text go in as escaped
 * Markdown (mdText).
 */

/** What the step writes where the founder has not given a price (category.ts). */
const PRICE_PLACEHOLDER = /^quote on request$/i;

/** The page's llms.txt address, next to the page: https://acme.com/llms.txt, or …/p/<slug>/llms.txt. */
export function llmsTxtAddress(pageUrl: string): string {
  return pageUrl.endsWith("/") ? `${pageUrl}llms.txt` : `${pageUrl}/llms.txt`;
}

/** The founder's prices, or null when the page shows none they gave. */
export function givenPrices(content: Pick<LandingContent, "category">): Array<{ name: string; price: string }> | null {
  const items = content.category.prices?.items ?? [];
  return items.some((i) => !PRICE_PLACEHOLDER.test(i.price.trim())) ? items : null;
}

export function llmsTxt(brand: Brand, content: LandingContent, seo: { description: string }, pageUrl: string, pressUrl: string | null = null): string {
  const anchor = (id: string) => `${pageUrl}#${id}`;
  const link = (name: string, url: string, notes?: string) => `- [${mdText(name)}](${mdUrl(url)})${notes ? `: ${mdText(notes)}` : ""}`;
  const out: string[] = [`# ${mdText(brand.name)}`, "", `> ${mdText(seo.description)}`, ""];
  out.push(mdText(sentences(brand.tagline, brand.positioning)), "");

  out.push("## Page", "");
  out.push(link(brand.name, pageUrl, sentences(content.hero.headline, content.hero.subheadline)));
  for (const id of content.sections) {
    if (id === "benefits") out.push(link(content.benefits.heading, anchor("benefits"), content.benefits.items.map((i) => i.title).join("; ")));
    if (id === "how") out.push(link(content.how.heading, anchor("how"), content.how.steps.map((s) => s.title).join("; ")));
    // Only in the published copy once the founder says the quotes are real (publishedContent).
    if (id === "proof") out.push(link(content.proof.heading, anchor("proof"), content.proof.items.map((i) => `${i.name}, ${i.detail}`).join("; ")));
    if (id === "faq") out.push(link(content.faq.heading, anchor("faq"), content.faq.items.map((i) => i.question).join(" ")));
    if (id === "cta") out.push(link(content.cta.headline, anchor("signup"), content.cta.body));
  }
  out.push("");

  const prices = givenPrices(content);
  if (prices) {
    out.push("## Pricing", "");
    out.push(link(content.category.prices!.heading, anchor("prices"), prices.map((p) => `${p.name}: ${p.price}`).join("; ")));
    out.push("");
  }
  if (pressUrl) out.push("## Press", "", link("Press kit", pressUrl, `Boilerplate, fact sheet, press release, logos and a press contact for ${brand.name}`), "");
  return out.join("\n");
}
