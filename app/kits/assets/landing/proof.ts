import type { LandingContent } from "./schema";

/**
 * Placeholder testimonials never leave the workspace (issue 28): a kit starts
 * with three quotes that say what to collect, labelled "Placeholder" in the
 * workspace preview. The published page and the downloaded index.html get the
 * copy with the social proof section left out until the founder ticks that
 * the quotes are real (the landing editor's checkbox, `proofIsReal`).
 */
export function publishedContent(content: LandingContent): LandingContent {
  if (content.proofIsReal || !content.sections.includes("proof")) return content;
  return { ...content, sections: content.sections.filter((s) => s !== "proof") };
}
