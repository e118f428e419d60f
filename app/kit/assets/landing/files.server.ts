import { pixelSignature } from "~/kit/assets/landing/pixel-signature.server";
import { getConfig } from "~/platform/config.server";
import type { LaunchKit } from "~/platform/db/schema";
import { isLoopbackOrigin, trustedOrigin } from "~/platform/http/site-origin.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { leadFormAction } from "./page-forms";
import { ensurePage, hasDownloadLink, landingPageOf } from "./pages.server";
import { publishedContent, withDownloadLink } from "./proof";
import { renderLandingHtml } from "./render.server";
import { LandingContentSchema } from "./schema";
import { seoHead } from "./seo.server";

/**
 * website/index.html of a kit: the landing page as one file the founder can
 * host anywhere. Fonts embedded (it must work offline and on any host), no
 * canonical address (it may live on the founder's own domain), and a form
 * that posts to the page's lead endpoint on LaunchKit, so sign-ups land in
 * the workspace while the page is published there. The form posts to the
 * page's stable id (/f/<page_id>), never to an address another founder could
 * take later; the page row exists once the landing page was written
 * (`ensurePage`). Reading only: nothing is reserved while rendering.
 */
export async function landingFileHtml(kit: LaunchKit, options: { origin: string; watermark: boolean }): Promise<string | null> {
  const brand = await kitBrand(kit.id);
  const content = await readyContent(kit.id, "landing", LandingContentSchema);
  if (!brand || !content) return null;
  const page = await landingPageOf(kit.id);
  const base = `${options.origin}/p/${page?.slug ?? "unpublished"}`;
  // Like the published page: no placeholder quotes until the founder says they are real.
  // Like the published page: a page without the sign-up form (a developer tool's) gives its download link itself.
  const shown = withDownloadLink(publishedContent(content), hasDownloadLink(page) ? page!.downloadUrl : null);
  return renderLandingHtml(brand, shown, {
    goal: kit.primaryGoal,
    logo: await readyContent(kit.id, "logo", LogoContentSchema),
    formAction: page ? leadFormAction(page, options.origin) : "#",
    ogImage: page?.published ? `${base}/og.png` : null,
    indexable: true,
    fonts: { mode: "embedded" },
    watermark: options.watermark,
    badgeUrl: options.origin || undefined,
    pixelUrl: page?.pageId ? await pixelUrl(page.pageId, options.origin) : null,
    // The published page's head: its title, description and JSON-LD (the public address is never a request's Host).
    ...(await seoHead(kit.id, brand, shown, options.origin ? new Request(options.origin) : undefined)),
  });
}

/**
 * The visit counter of a downloaded copy (app/features/analytics): an image on
 * LaunchKit's own address, never one taken from a request's Host (the copy
 * is shown to other people, wherever it is hosted): APP_URL or the address
 * an admin confirmed, else a loopback origin the file is made for. None of
 * these: no counter.
 */
async function pixelUrl(pageId: string, origin: string): Promise<string | null> {
  if (!getConfig().analytics) return null;
  const base = (await trustedOrigin()) ?? (origin && isLoopbackOrigin(origin) ? origin : null);
  // Signed: only the copy's own image counts (app/kit/assets/landing/pixel-signature.server.ts).
  return base ? `${base}/a/${pageId}.gif?s=${pixelSignature(pageId)}` : null;
}

/**
 * Before a download: a kit whose landing page was written before pages had
 * stable ids gets its page row now, so the downloaded form has an id to post
 * to. Called by the download routes, never while rendering.
 */
export async function ensurePageForDownload(kit: LaunchKit) {
  if (await landingPageOf(kit.id)) return;
  const brand = await kitBrand(kit.id);
  if (brand && (await readyContent(kit.id, "landing", LandingContentSchema))) await ensurePage(kit.id, brand.name);
}
