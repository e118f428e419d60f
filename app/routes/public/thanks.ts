import { renderThanksHtml } from "~/kits/assets/landing/render.server";
import { badgeOptions, publicHtmlHeaders, publicPage } from "~/kits/assets/landing/public.server";
import { notFound, refusePost } from "~/utils/responses.server";
import type { Route } from "./+types/thanks";

/** The thank-you page after a sign-up, in the page's brand; for the downloads goal, the founder's link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const data = publicPage(params.slug);
  if (!data) throw notFound();
  const html = renderThanksHtml(data.brand, data.content, {
    goal: data.goal,
    logo: data.logo,
    pageUrl: `/p/${data.page.slug}`,
    downloadUrl: data.page.downloadUrl,
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
  });
  return new Response(html, { headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-cache" } });
}

export const action = refusePost;
