import { postPressMessage } from "~/features/site/press-contact.server";
import { pressPage, renderPressHtml } from "~/features/site/press.server";
import { publicHtmlHeaders } from "~/features/site/public.server";
import { clientIpContext } from "~/platform/http/request-context";
import { notFound } from "~/platform/http/responses.server";
import { linkOrigin } from "~/platform/http/site-origin.server";
import type { Route } from "./+types/press";

/**
 * A published page's press kit, /p/<slug>/press (and /press on its verified
 * custom domain, rewritten here): boilerplate, fact sheet, press release,
 * founder, logos, colours, images and a contact form that reaches the
 * founder without showing their address (app/features/site/press.server.ts,
 * press-contact.server.ts; the files in app/kit/assets/landing/press-files.server.ts).
 * Lives with the page: unpublished, taken down or unknown is a 404; indexed
 * only when the page is. No script, no cookie (the page's CSP).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const slug = params.slug;
  if (slug !== slug.toLowerCase()) throw notFound();
  const press = await pressPage(slug, request);
  if (!press) throw notFound();
  // Every link at a trusted address (the badge's too), never the request's Host. Revalidated on every use: an unpublished page's press kit is gone at once.
  const html = renderPressHtml(press, { sent: url.searchParams.get("sent") === "1" }, { badgeUrl: (await linkOrigin(request)) ?? undefined });
  return new Response(html, { headers: { ...publicHtmlHeaders(html, press.data.page.indexable), "Cache-Control": "no-cache" } });
}

/** A journalist's message: a resource route's action (no session, no same-origin check to pass: there is no signed-in user to forge for). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const press = await pressPage(params.slug, request);
  if (!press) throw notFound();
  return postPressMessage(request, context.get(clientIpContext), press);
}
