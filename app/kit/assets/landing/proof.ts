import type { LandingContent } from "./schema";

/**
 * Placeholder testimonials never leave the workspace: a kit starts
 * with three quotes that say what to collect, labelled "Placeholder" in the
 * workspace preview. The published page and the downloaded index.html get the
 * copy with the social proof section left out until the founder ticks that
 * the quotes are real (the landing editor's checkbox, `proofIsReal`).
 */
export function publishedContent(content: LandingContent): LandingContent {
  if (content.proofIsReal || !content.sections.includes("proof")) return content;
  return { ...content, sections: content.sections.filter((s) => s !== "proof") };
}

/**
 * The copy the public sees, with the page's download link (the downloads
 * goal's, saved in the page settings) among its category sections: a page
 * without the sign-up form (a developer tool's) shows it as its main button
 * (renderLandingHtml); the others keep giving it on their thank-you page.
 */
export function withDownloadLink(content: LandingContent, downloadUrl: string | null | undefined): LandingContent {
  if (!downloadUrl) return content;
  return { ...content, category: { ...content.category, download: downloadUrl } };
}
