import { kitBrand, readyContent } from "~/generation/job.server";
import { logoSvg, renderLogoFile } from "~/kits/assets/logo/render.server";
import { LogoContentSchema } from "~/kits/assets/logo/schema";
import { requireKitWorkspace } from "~/kits/workspace.server";
import { notFound, refusePost } from "~/utils/responses.server";
import type { Route } from "./+types/logo-file";

/**
 * One logo file of a kit (owner only), rendered from the brand and the logo
 * content on request: files always follow the latest brand edit. The URL
 * carries the brand and logo versions (?v=), so a response can be cached.
 * `variant-N.svg` previews the Nth mark; `?download=1` asks for a download.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit } = await requireKitWorkspace(request, params.id);
  const brand = kitBrand(kit.id);
  const logo = readyContent(kit.id, "logo", LogoContentSchema);
  if (!brand || !logo) throw notFound();
  const name = params.file;
  let file: { body: Buffer | string; contentType: string } | null;
  const variant = /^variant-([0-2])\.svg$/.exec(name);
  if (variant) {
    const index = Number(variant[1]);
    file = index < logo.marks.length ? { body: logoSvg(brand, { ...logo, selected: index }, "mark", "light"), contentType: "image/svg+xml" } : null;
  } else {
    file = renderLogoFile(brand, logo, name);
  }
  if (!file) throw notFound();
  const body = typeof file.body === "string" ? Buffer.from(file.body) : file.body;
  const url = new URL(request.url);
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Length": String(body.length),
    "Cache-Control": url.searchParams.has("v") ? "private, max-age=31536000, immutable" : "private, no-cache",
    // An SVG opened on its own can do nothing: no scripts, no external loads.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  if (url.searchParams.get("download") === "1") headers["Content-Disposition"] = `attachment; filename="${name}"`;
  return new Response(new Uint8Array(body), { headers });
}

export const action = refusePost;
