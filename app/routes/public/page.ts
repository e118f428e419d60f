import { redirect } from "react-router";
import { leadFormAction } from "~/kits/assets/landing/lead-post.server";
import { renderLandingHtml } from "~/kits/assets/landing/render.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { badgeOptions, publicHtmlHeaders, publicPage } from "~/kits/assets/landing/public.server";
import { PAGE_CACHE_UNTIL } from "~/utils/page-cache.server";
import { notFound, refusePost } from "~/utils/responses.server";
import type { Route } from "./+types/page";

/**
 * A published landing page, /p/<slug>: anonymous, no session needed and no
 * cookie set, the same bytes for every visitor (so the page cache keeps it),
 * under a CSP that lets no script run. Unpublished, taken down or unknown:
 * 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (slug !== slug.toLowerCase()) throw redirect(`/p/${encodeURIComponent(slug.toLowerCase())}`, 301);
  const data = await publicPage(slug);
  if (!data) throw notFound();
  const origin = siteOrigin(request);
  const html = renderLandingHtml(data.brand, data.content, {
    goal: data.goal,
    logo: data.logo,
    formAction: leadFormAction(data.page),
    url: `${origin}/p/${slug}`,
    ogImage: `${origin}/p/${slug}/og.png?v=${data.version}`,
    indexable: data.page.indexable,
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
  });
  const headers = new Headers(publicHtmlHeaders(html, data.page.indexable));
  // A canceled Pro ending by date (no webhook comes) changes the badge: the cached copy ends with it.
  if (data.planChangesAt) headers.set(PAGE_CACHE_UNTIL, String(data.planChangesAt.getTime()));
  return new Response(html, { headers });
}

export const action = refusePost;
