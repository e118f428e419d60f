import { kitFileResponse } from "~/features/workspace/file-response.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-file";

/**
 * Any file of a kit by its path in the ZIP (owner only):
 * /dashboard/kits/:id/files/deck/pitch-deck.pptx. The same registry and
 * renderers as the ZIP, so the same bytes; the plan decides as for every
 * single download (kitFileResponse). A refusal links back to the section the
 * file belongs to.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const path = params["*"] ?? "";
  return kitFileResponse(request, kit, user.id, path, path.startsWith("deck/") ? "deck" : "export");
}

export const action = refusePost;
