import { kitFileResponse } from "~/features/workspace/file-response.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/social-file";

/** The social section's files (owner only), the same bytes as social/… in the kit's ZIP. */
const FILES = new Set(["profile.png", "x-header.png", "linkedin-banner.png", "launch-post.png", "bios.txt"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  if (!FILES.has(params.file)) throw notFound();
  return kitFileResponse(request, kit, user.id, `social/${params.file}`, "social");
}

export const action = refusePost;
