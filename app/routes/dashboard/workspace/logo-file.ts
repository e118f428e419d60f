import { entitlementsFor, refusal } from "~/kit/plans/entitlements.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { logoSvg, renderLogoFile } from "~/kit/assets/logo/render.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/logo-file";

/**
 * One logo file of a kit (owner only), rendered from the brand and the logo
 * content on request: files always follow the latest brand edit. The URL
 * carries the brand and logo versions (?v=), so a response can be cached.
 * `variant-N.svg` previews the Nth mark; `?download=1` asks for a download.
 * Plans (app/features/billing): on the free preview every file is a watermarked
 * preview, never cached for long (it must not outlive an upgrade), and
 * `?download=1` is refused with the /upgrade page.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const plan = await entitlementsFor(user.id);
  if (url.searchParams.get("download") === "1" && !plan.canDownload) throw refusal("download", `/dashboard/kits/${kit.id}/logo`);
  const watermark = plan.watermarked;
  const brand = await kitBrand(kit.id);
  const logo = await readyContent(kit.id, "logo", LogoContentSchema);
  if (!brand || !logo) throw notFound();
  const name = params.file;
  let file: { body: Buffer | string; contentType: string } | null;
  const variant = /^variant-([0-2])\.svg$/.exec(name);
  if (variant) {
    const index = Number(variant[1]);
    file = index < logo.marks.length ? { body: logoSvg(brand, { ...logo, selected: index }, "mark", "light", { watermark }), contentType: "image/svg+xml" } : null;
  } else {
    file = renderLogoFile(brand, logo, name, { watermark });
  }
  if (!file) throw notFound();
  const body = typeof file.body === "string" ? Buffer.from(file.body) : file.body;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Length": String(body.length),
    "Cache-Control": url.searchParams.has("v") && !watermark ? "private, max-age=31536000, immutable" : "private, no-cache",
    // An SVG opened on its own can do nothing: no scripts, no external loads.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  if (url.searchParams.get("download") === "1") headers["Content-Disposition"] = `attachment; filename="${name}"`;
  return new Response(new Uint8Array(body), { headers });
}

export const action = refusePost;
