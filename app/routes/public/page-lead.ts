import { redirect } from "react-router";
import { postLead } from "~/features/site/lead-post.server";
import { publicPageById } from "~/features/site/public.server";
import { clientIpContext } from "~/platform/http/request-context";
import { notFound } from "~/platform/http/responses.server";
import type { Route } from "./+types/page-lead";

/**
 * Sign-ups posted to a page's stable id, /f/<page_id>: what the published
 * page and every downloaded copy post to. The id never passes to another
 * page, so a founder who changes the address, unpublishes or deletes the kit
 * never sends their visitors' e-mails to whoever takes the old address.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const data = await publicPageById(params.pageId);
  if (!data) throw notFound();
  return postLead(request, context.get(clientIpContext), data);
}

/** Opening the form's address directly: the page itself, wherever it lives now. */
export async function loader({ params }: Route.LoaderArgs) {
  const data = await publicPageById(params.pageId);
  if (!data) throw notFound();
  return redirect(`/p/${data.page.slug}`, 303);
}
