import { requireUser } from "~/features/auth/guards.server";
import { promptFileName } from "~/kit/format";
import { kitForUser, setKitStatus } from "~/kit/kits.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-prompt-download";

export const NO_PROMPT_MESSAGE = "No prompt available to download";

/** The prompt as a text file; downloading a completed kit marks it exported. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const kit = await kitForUser(params.id, user.id);
  if (!kit) throw notFound();
  if (!kit.generatedPrompt?.trim()) {
    return new Response(NO_PROMPT_MESSAGE, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (kit.status === "completed") await setKitStatus(kit.id, "exported");
  return new Response(kit.generatedPrompt, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${promptFileName(kit.businessIdea)}"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = refusePost;
