import { and, eq } from "drizzle-orm";
import { requireUser } from "~/features/auth/guards.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { first, getDb } from "~/platform/db/client.server";
import { launchKits, logoImages } from "~/platform/db/schema";
import { kitBrand } from "~/kit/content.server";
import { conceptArtPreviewPng } from "~/kit/assets/logo/concept-art.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-logo";

const SAFE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/svg+xml"]);

/**
 * The stored logo concept art, owner only. The URL carries a version, so it
 * can be cached for a year. On the free preview it is a watermarked PNG
 * (conceptArtPreviewPng: the offline picture draws the clean mark), never
 * cached for long: a preview must not outlive an upgrade.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const row = await first(
    getDb()
      .select({ contentType: logoImages.contentType, data: logoImages.data })
      .from(logoImages)
      .innerJoin(launchKits, eq(launchKits.id, logoImages.kitId))
      .where(and(eq(logoImages.kitId, params.id), eq(launchKits.userId, user.id))),
  );
  if (!row || !SAFE_TYPES.has(row.contentType)) throw notFound();
  const { watermarked } = await entitlementsFor(user.id);
  const surface = watermarked ? ((await kitBrand(params.id))?.palette.background ?? "#FFFFFF") : "";
  const body = watermarked ? conceptArtPreviewPng(row.data, row.contentType, surface) : row.data;
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": watermarked ? "image/png" : row.contentType,
      "Content-Length": String(body.length),
      "Cache-Control": watermarked ? "private, no-cache" : "private, max-age=31536000, immutable",
      // An SVG opened on its own can do nothing: no scripts, no external loads.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = refusePost;
