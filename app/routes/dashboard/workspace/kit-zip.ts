import { ensurePageForDownload } from "~/kit/assets/landing/files.server";
import { requireExport } from "~/kit/plans/entitlements.server";
import { kitZipResponse } from "~/kit/export/zip.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost, textResponse } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-zip";

/** "Download kit (.zip)": the whole kit, streamed as it is built (owner only, plans with export). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  await ensurePageForDownload(kit);
  const plan = await requireExport(user.id, `/dashboard/kits/${kit.id}/export`);
  if (kit.status === "generating") return textResponse("This launch kit is still being generated. Download it when it is ready.", 409);
  return kitZipResponse(kit, { watermark: plan.watermarked, origin: siteOrigin(request), signal: request.signal });
}

export const action = refusePost;
