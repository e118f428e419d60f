import { linkOrigin, siteOrigin } from "~/platform/http/site-origin.server";
import { notFoundPage, statusPage } from "~/features/site/waitlist/pages.server";
import { statusByToken } from "~/features/site/waitlist/waitlist.server";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/waitlist-status";

/**
 * A lead's waitlist status, /w/<code>.<signature>: their place, confirmed
 * referrals and next reward, with no account. The signature is the key: a
 * referral code alone (it is in every shared link) opens nothing, and any
 * other token is the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const status = await statusByToken(params.token);
  if (!status) return notFoundPage();
  return statusPage(status, (await linkOrigin(request)) ?? siteOrigin(request));
}

export const action = refusePost;
