import { ensurePageForDownload } from "~/kit/assets/landing/files.server";
import { requireDownload } from "~/kit/plans/entitlements.server";
import { fileContext, kitFiles } from "~/kit/files.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/website-download";

/** website/index.html of the kit (the same bytes as in the ZIP): one self-contained file, fonts embedded. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  await ensurePageForDownload(kit);
  // Single files come with a paid plan (app/features/billing); the free preview gets the /upgrade page.
  const plan = await requireDownload(user.id, `/dashboard/kits/${kit.id}/website`);
  const file = (await kitFiles(await fileContext(kit, { origin: siteOrigin(request), watermark: plan.watermarked }))).find((f) => f.path === "website/index.html");
  if (!file) throw notFound();
  const body = await file.render();
  if (body.length === 0) throw notFound();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(body.length),
      "Content-Disposition": 'attachment; filename="index.html"',
      "Cache-Control": "private, no-cache",
      // Opened from this address, it must not run anything either.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src data:; sandbox",
    },
  });
}

export const action = refusePost;
