import { entitlementsFor, refusal } from "~/kit/plans/entitlements.server";
import type { LaunchKit } from "~/platform/db/schema";
import { fileContext, kitFiles } from "~/kit/files.server";
import { notFound } from "~/platform/http/responses.server";

/**
 * A kit file served from a workspace section (owner checked by the caller):
 * the same bytes as in the ZIP. Images show inline unless ?download=1; text
 * files always download under their own name. A URL with ?v= (the assets'
 * versions) may be cached for good. Plans (app/features/billing): on the free preview
 * images are watermarked previews, never cached for long (a preview must not
 * outlive an upgrade), the guidelines PDF opens in the browser watermarked,
 * and every other download is refused with the /upgrade page, which links
 * back to `section`.
 */
export async function kitFileResponse(request: Request, kit: LaunchKit, userId: string, zipPath: string, section: string): Promise<Response> {
  const plan = await entitlementsFor(userId);
  const url = new URL(request.url);
  const file = (await kitFiles(await fileContext(kit, { watermark: plan.watermarked }))).find((f) => f.path === zipPath);
  if (!file) throw notFound();
  // The guidelines on the free plan: the watermarked PDF, opened in the browser rather than kept.
  const preview = !plan.canDownload && file.preview === "guidelines" && plan.canPreviewGuidelines;
  const inline = (file.contentType.startsWith("image/") && url.searchParams.get("download") !== "1") || preview;
  if (!inline && !plan.canDownload) throw refusal("download", `/dashboard/kits/${kit.id}/${section}`);
  const body = await file.render();
  const name = zipPath.split("/").pop()!;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Length": String(body.length),
    "Cache-Control": url.searchParams.has("v") && !plan.watermarked ? "private, max-age=31536000, immutable" : "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  };
  // A sandboxed document may not run the browser's PDF viewer: the preview PDF (ours, no scripts) is shown without a CSP.
  if (!preview) headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  if (preview) headers["Content-Disposition"] = `inline; filename="${name.replace(/\.pdf$/, "-preview.pdf")}"`;
  else if (!inline) headers["Content-Disposition"] = `attachment; filename="${name}"`;
  return new Response(new Uint8Array(body), { headers });
}

/** The versions of the assets a kit's social, calendar, ads and research files are drawn from, for cache-busting URLs. */
export function launchFilesVersion(rows: ReadonlyArray<{ kind: string; version: number }>): string {
  const v = (kind: string) => rows.find((r) => r.kind === kind)?.version ?? 0;
  return ["brand", "logo", "social", "calendar", "ads", "research"].map(v).join(".");
}
