import { FONT_IDS, FONTS, type FontId } from "~/kit/brand/fonts";
import { fontBytes } from "~/kit/brand/fonts.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/font-file";

/** The catalogue's font files (OFL), served by LaunchKit itself for previews and published pages: /fonts/<id>-<weight>.woff or .woff2. */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)-(\d{3})\.(woff2?)$/.exec(params.file);
  if (!match) throw notFound();
  const id = match[1] as FontId;
  const weight = Number(match[2]);
  if (!(FONT_IDS as readonly string[]).includes(id) || !FONTS[id].weights.includes(weight)) throw notFound();
  const format = match[3] as "woff" | "woff2";
  const body = fontBytes(id, weight, "latin", format);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": `font/${format}`,
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Access-Control-Allow-Origin": "*",
    },
  });
}

export const action = refusePost;
