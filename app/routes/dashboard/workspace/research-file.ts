import { kitFileResponse } from "~/features/workspace/file-response.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/research-file";

/** The research section's files (owner only), the same bytes as research/… in the kit's ZIP. */
const FILES = new Set(["research.md"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  if (!FILES.has(params.file)) throw notFound();
  return kitFileResponse(request, kit, user.id, `research/${params.file}`, "research");
}

export const action = refusePost;
