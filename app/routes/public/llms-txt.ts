import { llmsTxt, llmsTxtAddress } from "~/kit/assets/landing/llms";
import { pressAddress } from "~/kit/assets/landing/press";
import { publicPage } from "~/features/site/public.server";
import { canonicalAddress, seoHead } from "~/kit/assets/landing/seo.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/llms-txt";

/**
 * A published page's llms.txt, /p/<slug>/llms.txt (and /llms.txt on its
 * verified custom domain, rewritten here): what the page is, for AI agents
 * and answer engines, in the llms.txt format. Unpublished, taken down or
 * unknown: 404, as the page. Its links use the page's trusted public address
 * only; with none (no APP_URL nor a confirmed address), there is nothing
 * trustworthy to link and it is a 404 too. Not indexed while the page is not.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (slug !== slug.toLowerCase()) throw notFound();
  const data = await publicPage(slug);
  if (!data) throw notFound();
  const url = await canonicalAddress(data.page.kitId, request);
  if (!url) throw notFound();
  const { seo } = await seoHead(data.page.kitId, data.brand, data.content, request);
  // The press kit lives and dies with the page: a live page always has one.
  const body = llmsTxt(data.brand, data.content, seo, url, pressAddress(url));
  const headers: Record<string, string> = {
    "Content-Type": "text/markdown; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
    Link: `<${llmsTxtAddress(url)}>; rel="canonical"`,
  };
  if (!data.page.indexable) headers["X-Robots-Tag"] = "noindex, nofollow";
  return new Response(body, { headers });
}

export const action = refusePost;
