import { redirect } from "react-router";
import { countPageView, viewTag } from "~/features/analytics/count.server";
import { copyForVisit } from "~/features/analytics/experiments/page-copy.server";
import { referralCodeOf } from "~/features/site/lead-post.server";
import { leadFormAction } from "~/kit/assets/landing/page-forms";
import { renderLandingHtml } from "~/kit/assets/landing/render.server";
import type { LandingContent } from "~/kit/assets/landing/schema";
import { waitlistNote } from "~/features/site/waitlist/shared";
import { waitlistSettings } from "~/features/site/waitlist/waitlist.server";
import { llmsTxtAddress } from "~/kit/assets/landing/llms";
import { pressAddress } from "~/kit/assets/landing/press";
import { canonicalAddress, seoHead } from "~/kit/assets/landing/seo.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { PublicPage } from "~/kit/assets/landing/public-page";
import { badgeOptions, publicHtmlHeaders, publicPage } from "~/features/site/public.server";
import { PAGE_CACHE_TAG, PAGE_CACHE_UNTIL } from "~/platform/render/page-cache.server";
import { clientIpContext } from "~/platform/http/request-context";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/page";

/**
 * A published landing page, /p/<slug> (and a custom domain, rewritten to
 * it): anonymous, no session needed and no cookie set, the same bytes for
 * every visitor of a variant (so the page cache keeps it), under a CSP that
 * lets no script run. Unpublished, taken down or unknown: 404. Each real
 * visit is counted (app/features/analytics): here when the page is rendered, by the
 * page cache's hit observer when it answers from memory (the copy carries
 * the page's view tag).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  if (slug !== slug.toLowerCase()) throw redirect(`/p/${encodeURIComponent(slug.toLowerCase())}`, 301);
  const data = await publicPage(slug);
  if (!data) throw notFound();
  const shown = await copyToShow(data, request, context.get(clientIpContext));
  const origin = siteOrigin(request);
  const canonical = await canonicalAddress(data.page.kitId, request);
  const waitlist = await waitlistSettings(data.page.kitId);
  const html = renderLandingHtml(data.brand, shown.content, {
    goal: data.goal,
    logo: data.logo,
    // From a referral link (?r=): the form carries the code to the sign-up (app/features/site/waitlist).
    formAction: leadFormAction(data.page, "", referralCodeOf(request)),
    // A referral waitlist says under the form how places and rewards are earned (app/features/site/waitlist).
    waitlistNote: waitlist.enabled ? waitlistNote(waitlist.rewards) : null,
    url: `${origin}/p/${slug}`,
    // The canonical link, indexed or not: the page's trusted public address, never the request's Host.
    canonical,
    // The llms.txt beside it, at the same trusted address (none when there is no trusted address).
    llmsTxt: canonical ? llmsTxtAddress(canonical) : null,
    // The press kit published with the page, linked from its footer (at the trusted address, else beside the page).
    pressUrl: canonical ? pressAddress(canonical) : `/p/${slug}/press`,
    ogImage: `${origin}/p/${slug}/og.png?v=${data.version}`,
    indexable: data.page.indexable,
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
    // The form names the version shown (each version's cached copy differs); a lead's version is worked out again on the server, never read from it.
    variant: shown.variant || null,
    // Title, description and JSON-LD (app/kit/assets/landing/seo.server.ts): the same for every visitor, never from the Host.
    ...(await seoHead(data.page.kitId, data.brand, shown.content, request)),
  });
  const headers = new Headers(publicHtmlHeaders(html, data.page.indexable));
  // A canceled Pro ending by date (no webhook comes) changes the badge: the cached copy ends with it.
  if (data.planChangesAt) headers.set(PAGE_CACHE_UNTIL, String(data.planChangesAt.getTime()));
  if (data.page.pageId) headers.set(PAGE_CACHE_TAG, viewTag(data.page.pageId, shown.variant));
  void countPageView(request, context.get(clientIpContext), data.page, shown.variant);
  return new Response(html, { headers });
}

/**
 * The copy this visit is shown, and the experiment variant it is ("" when
 * the page runs none): the visitor's arm of a running experiment (see
 * app/features/analytics/experiments) has its text in place of the tested field. The view is
 * counted under it.
 */
async function copyToShow(data: PublicPage, request: Request, ip: string): Promise<{ content: LandingContent; variant: string }> {
  // The arm of the running experiment for this visitor, and the page cache's copy per arm (app/features/analytics/experiments).
  return copyForVisit(data, request, ip);
}

export const action = refusePost;
