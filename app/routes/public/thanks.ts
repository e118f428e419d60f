import { renderThanksHtml } from "~/kit/assets/landing/render.server";
import { badgeOptions, publicHtmlHeaders, publicPage } from "~/features/site/public.server";
import { isValidThanksPass } from "~/features/site/thanks-pass.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import { waitlistOn } from "~/features/site/waitlist/waitlist.server";
import type { Route } from "./+types/thanks";

/**
 * The thank-you page after a sign-up, in the page's brand. For the downloads
 * goal it shows the founder's link only to a visitor who signed up (the pass
 * the sign-up redirected with); anyone else is asked to sign up first.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const data = await publicPage(params.slug);
  if (!data) throw notFound();
  const signedUp = isValidThanksPass(data.page.kitId, url.searchParams.get("pass"));
  const html = renderThanksHtml(data.brand, data.content, {
    goal: data.goal,
    logo: data.logo,
    pageUrl: `/p/${data.page.slug}`,
    downloadUrl: data.page.downloadUrl,
    signedUp,
    // A referral waitlist: the place comes with the confirmation, so the page says to confirm (app/features/site/waitlist).
    waitlist: signedUp && (await waitlistOn(data.page.kitId)),
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
  });
  return new Response(html, { headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export const action = refusePost;
