import { countDownloadedCopy } from "~/features/analytics/count.server";
import { pageById } from "~/kit/assets/landing/pages.server";
import { clientIpContext } from "~/platform/http/request-context";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/pixel";

/**
 * /a/<page_id>.gif: the 1×1 transparent image a downloaded copy of a landing
 * page (website/index.html, hosted anywhere) asks LaunchKit for, so that
 * its visits are counted too, without a script or a cookie (its rows are
 * the "downloaded copy" ones). Counted only with the page's signature
 * (`?s=`, written into the copy when it is made); without it the image is
 * still answered (an old copy shows no broken image) and nothing is counted.
 * Never cached, so each view asks again; any site may embed it. An unknown
 * page id: 404.
 */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const PIXEL_NAME = /^([A-Za-z0-9_-]{8,64})\.gif$/;

/** Page ids known to exist, for a minute: a busy copy's views need not each look the page up. */
const known = new Map<string, { kitId: string; until: number }>();

async function pageOf(pageId: string) {
  const now = Date.now();
  const hit = known.get(pageId);
  if (hit && hit.until > now) return { pageId, kitId: hit.kitId };
  const page = await pageById(pageId);
  if (!page) return null;
  if (known.size >= 1000) known.delete(known.keys().next().value!);
  known.set(pageId, { kitId: page.kitId, until: now + 60_000 });
  return { pageId, kitId: page.kitId };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const pageId = PIXEL_NAME.exec(params.file)?.[1];
  const page = pageId ? await pageOf(pageId) : null;
  if (!page) throw notFound();
  await countDownloadedCopy(request, context.get(clientIpContext), page);
  return new Response(new Uint8Array(GIF), {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(GIF.length),
      "Cache-Control": "no-store, max-age=0",
      // Embedded by pages on other sites.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

export const action = refusePost;
