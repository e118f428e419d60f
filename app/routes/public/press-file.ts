import { pressFile, pressPage } from "~/features/site/press.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/press-file";

/**
 * One file of a published press kit: its logos (light, dark, the mark; SVG
 * and PNG; the free plan's watermarked like every other logo download) and
 * its social images. 404 with the page. SVGs are served as images under a
 * CSP that lets nothing in them run, and never sniffed as anything else.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const press = await pressPage(params.slug);
  if (!press) throw notFound();
  const file = pressFile(press, params.file);
  if (!file) throw notFound();
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
      // A free plan's watermarked file must not outlive an upgrade for long.
      "Cache-Control": "public, max-age=300",
    },
  });
}

export const action = refusePost;
