import { kitFileResponse } from "~/features/workspace/file-response.server";
import { GALLERY_NAMES, THUMBNAIL } from "~/kit/assets/launch/images.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/launch-file";

/** The launch section's files (owner only), the same bytes as launch/… in the kit's ZIP. */
const FILES = new Set<string>(["launch-plan.ics", "launch-posts.md", THUMBNAIL.name, ...GALLERY_NAMES]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  if (!FILES.has(params.file)) throw notFound();
  return kitFileResponse(request, kit, user.id, `launch/${params.file}`, "launch");
}

export const action = refusePost;
