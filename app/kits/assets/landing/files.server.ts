import type { LaunchKit } from "~/db/schema";
import { kitBrand, readyContent } from "~/generation/job.server";
import { LogoContentSchema } from "~/kits/assets/logo/schema";
import { landingPageOf, setSlug, suggestedSlug } from "./pages.server";
import { renderLandingHtml } from "./render.server";
import { LandingContentSchema } from "./schema";

/**
 * website/index.html of a kit: the landing page as one file the founder can
 * host anywhere. Fonts embedded (it must work offline and on any host), no
 * canonical address (it may live on the founder's own domain), and a form
 * that posts to the page's lead endpoint on LaunchKit, so sign-ups land in
 * the workspace while the page is published there. A page without an
 * address gets one reserved now: the form must never point at an address
 * another founder could take later.
 */
export async function landingFileHtml(kit: LaunchKit, options: { origin: string; watermark: boolean }): Promise<string | null> {
  const brand = await kitBrand(kit.id);
  const content = await readyContent(kit.id, "landing", LandingContentSchema);
  if (!brand || !content) return null;
  let page = await landingPageOf(kit.id);
  if (!page) {
    const claimed = await setSlug(kit.id, await suggestedSlug(kit.id, brand.name));
    page = claimed.ok ? claimed.page : await landingPageOf(kit.id);
  }
  const base = `${options.origin}/p/${page?.slug ?? "unpublished"}`;
  return renderLandingHtml(brand, content, {
    goal: kit.primaryGoal,
    logo: await readyContent(kit.id, "logo", LogoContentSchema),
    formAction: `${base}/lead`,
    ogImage: page?.published ? `${base}/og.png` : null,
    indexable: true,
    fonts: { mode: "embedded" },
    watermark: options.watermark,
    badgeUrl: options.origin || undefined,
  });
}
