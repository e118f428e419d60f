import { ogImagePng } from "~/features/site/og.server";
import { cachedOgImage } from "~/kit/assets/landing/page-cache.server";
import { publicPage } from "~/features/site/public.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/og-image";

/**
 * The page's OpenGraph image, 1200 × 630 PNG, drawn on the server from the
 * brand and the headline, with the page's own logo (the free plan's is
 * watermarked). The page links it with ?v=<versions>, the plan included: that
 * URL never changes content, so it may be cached for a long time.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const data = await publicPage(params.slug);
  if (!data) throw notFound();
  const png = cachedOgImage(`${data.page.slug}:${data.version}`, () => ogImagePng(data.brand, data.content.hero.headline, data.logo, { watermark: data.watermarked }));
  const versioned = url.searchParams.get("v") === data.version;
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": versioned ? "public, max-age=86400" : "public, max-age=300",
    },
  });
}

export const action = refusePost;
