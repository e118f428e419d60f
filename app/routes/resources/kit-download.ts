import { ensurePageForDownload } from "~/kit/assets/landing/files.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { checkDownloadLink, LINK_MESSAGES } from "~/kit/export/links.server";
import { kitZipResponse } from "~/kit/export/zip.server";
import { getKit } from "~/kit/kits.server";
import { refusePost, textResponse } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-download";

/**
 * The e-mailed link to a kit's ZIP: works without signing in while the
 * signature matches, the link is not revoked and its 7 days are not over.
 * The answer never says which kits exist: a bad signature and an unknown
 * link are the same 403.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const check = await checkDownloadLink(params.id, params.linkId, url.searchParams.get("sig"));
  const refuse = (reason: keyof typeof LINK_MESSAGES) => textResponse(LINK_MESSAGES[reason], reason === "invalid" ? 403 : 410, { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  if (!check.ok) return refuse(check.reason);
  const kit = await getKit(params.id);
  // A deleted kit's link answers exactly like a bad one.
  if (!kit) return refuse("invalid");
  await ensurePageForDownload(kit);
  // The link was sent on a plan with export; if the owner's plan no longer has it, neither does the link.
  const plan = await entitlementsFor(kit.userId);
  if (!plan.canExport) return textResponse("The plan of this kit's owner no longer includes the ZIP export. Sign in to LaunchKit to see the plans.", 403, { "Cache-Control": "no-store" });
  if (kit.status === "generating") return textResponse("This launch kit is being generated again. Try the link again in a few minutes.", 409);
  const response = await kitZipResponse(kit, { watermark: plan.watermarked, origin: siteOrigin(request), signal: request.signal });
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

export const action = refusePost;
