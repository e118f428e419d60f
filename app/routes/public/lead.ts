import { redirect } from "react-router";
import { postLead } from "~/features/site/lead-post.server";
import { publicPage } from "~/features/site/public.server";
import { clientIpContext } from "~/platform/http/request-context";
import { notFound } from "~/platform/http/responses.server";
import type { Route } from "./+types/lead";

/** Sign-ups posted to a page's address (/p/<slug>/lead): forms rendered before pages had stable ids. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const data = await publicPage(params.slug);
  if (!data) throw notFound();
  return postLead(request, context.get(clientIpContext), data);
}

/** Opening the form's address directly: the page itself. */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/p/${params.slug}`, 303);
}
