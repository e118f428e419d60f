import { and, eq } from "drizzle-orm";
import { requireUser } from "~/auth/guards.server";
import { first, getDb } from "~/db/client.server";
import { launchKits, logoImages } from "~/db/schema";
import { notFound, refusePost } from "~/utils/responses.server";
import type { Route } from "./+types/kit-logo";

const SAFE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/svg+xml"]);

/** The stored logo, owner only. The URL carries a version, so it can be cached for a year. */
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
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(row.data.length),
      "Cache-Control": "private, max-age=31536000, immutable",
      // An SVG opened on its own can do nothing: no scripts, no external loads.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

export const action = refusePost;
