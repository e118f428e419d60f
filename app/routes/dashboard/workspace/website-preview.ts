import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { hasDownloadLink, landingPageOf } from "~/kit/assets/landing/pages.server";
import { withDownloadLink } from "~/kit/assets/landing/proof";
import { renderLandingHtml } from "~/kit/assets/landing/render.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { seoHead } from "~/kit/assets/landing/seo.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/website-preview";

/**
 * The landing page as the workspace previews it (owner only), in a sandboxed
 * frame of the section. Its own CSP sandboxes it even when opened alone: no
 * script, no form submission, and only LaunchKit's own pages may frame it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const brand = await kitBrand(kit.id);
  const content = await readyContent(kit.id, "landing", LandingContentSchema);
  if (!brand || !content) throw notFound();
  const page = await landingPageOf(kit.id);
  // The preview shows what the page will: a page without the sign-up form gives its download link itself.
  const shown = withDownloadLink(content, hasDownloadLink(page) ? page!.downloadUrl : null);
  const html = renderLandingHtml(brand, shown, {
    goal: kit.primaryGoal,
    logo: await readyContent(kit.id, "logo", LogoContentSchema),
    // The frame may not submit (form-action 'none'): the preview needs no address.
    formAction: "#",
    fonts: { mode: "linked" },
    watermark: (await entitlementsFor(user.id)).watermarked,
    // The published page's title, description and JSON-LD.
    ...(await seoHead(kit.id, brand, shown, request)),
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-cache",
      "Content-Security-Policy":
        // A sandboxed document has an opaque origin, which 'self' does not cover for its font requests: name ours.
        `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self' ${new URL(request.url).origin}; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox`,
      "X-Robots-Tag": "noindex",
    },
  });
}

export const action = refusePost;
