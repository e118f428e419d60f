import { OFFLINE_NOTICE, UNVERIFIED_LABEL, type ResearchContent } from "./schema";

/**
 * research.md: the snapshot as a Markdown document. Text from the model is
 * escaped (it cannot inject links, headings or HTML); the only links are the
 * ones the search returned.
 */

/** Escapes Markdown's active characters and drops HTML, so model text stays text. */
export function mdText(s: string): string {
  return s
    .replace(/\r?\n+/g, " ")
    .trim()
    .replace(/([\\`*_[\]<>|~])/g, "\\$1")
    .replace(/^([#+-])/, "\\$1")
    .replace(/^(\d+)\./, "$1\\.");
}

/** A link's URL for Markdown: spaces and parentheses percent-encoded. */
const mdUrl = (url: string) => url.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

export function researchMarkdown(content: ResearchContent, brandName: string): string {
  const titleOf = new Map(content.sources.map((s) => [s.url, s.title]));
  const link = (url: string) => `[${mdText(titleOf.get(url) || new URL(url).hostname)}](${mdUrl(url)})`;
  const out: string[] = [`# Research snapshot: ${mdText(brandName)}`, ""];
  if (content.webAccess) {
    out.push(`Researched on ${content.researchedAt.slice(0, 10)} with web search. Every link below was returned by the search.`, "");
  } else {
    out.push(`> **Generated without web access.** ${mdText(OFFLINE_NOTICE[content.offlineReason ?? "builtin"])}`, "");
  }
  const list = (title: string, items: readonly string[]) => {
    out.push(`### ${title}`, "", ...items.map((i) => `- ${mdText(i)}`), "");
  };
  out.push("## Ideal customer profile", "", mdText(content.icp.who), "");
  list("Jobs to be done", content.icp.jobsToBeDone);
  list("Top 5 pains", content.icp.pains);
  list("Where to reach them", content.icp.whereToReach);
  list("Buying triggers", content.icp.buyingTriggers);
  list("Objections", content.icp.objections);

  if (content.marketClaims.length) {
    out.push("## Market", "");
    for (const c of content.marketClaims) out.push(`- ${mdText(c.claim)} (${c.sources.map(link).join(", ")})`);
    out.push("");
  }

  out.push("## Competitors", "");
  content.competitors.forEach((c, i) => {
    const tags = [c.namedByFounder ? "named by you" : null, c.verified ? null : content.webAccess ? "unverified: no source found" : UNVERIFIED_LABEL].filter(Boolean);
    out.push(`### ${i + 1}. ${mdText(c.name)}${tags.length ? ` (${tags.join("; ")})` : ""}`, "");
    if (c.website) out.push(`- **Website:** ${link(c.website)}`);
    out.push(
      `- **Positioning:** ${mdText(c.positioning)}`,
      `- **Pricing model:** ${mdText(c.pricingModel)}`,
      `- **Strength:** ${mdText(c.strength)}`,
      `- **Weakness:** ${mdText(c.weakness)}`,
      `- **How ${mdText(brandName)} differs:** ${mdText(c.difference)}`,
    );
    if (c.sources.length) out.push(`- **Sources:** ${c.sources.map(link).join(", ")}`);
    out.push("");
  });

  if (content.sources.length) {
    out.push("## Sources", "", ...content.sources.map((s) => `- ${link(s.url)}: ${mdUrl(s.url)}`), "");
  }
  return out.join("\n");
}
