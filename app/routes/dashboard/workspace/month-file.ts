import { requireOwnKit } from "~/features/workspace/workspace.server";
import { pieceOfKit } from "~/features/monthly/pieces.server";
import { pieceFilename, pieceMarkdown } from "~/features/monthly/pieces";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/month-file";

/**
 * /dashboard/kits/:id/month/<piece id>.md: a monthly content piece as a
 * Markdown file (owner only: another user's kit or piece is a 404), as an
 * attachment named from its title (ASCII letters, digits and "-").
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const match = /^([0-9a-f-]{36})\.md$/.exec(params.file);
  const piece = match ? await pieceOfKit(user.id, kit.id, match[1]!) : undefined;
  if (!piece) throw notFound();
  return new Response(pieceMarkdown(piece), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${pieceFilename(piece.title, piece.kind)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = refusePost;
