import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { KitDetail } from "~/components/kit-detail";
import { requireUser } from "~/auth/guards.server";
import { buttonClasses } from "~/components/ui/button";
import { KIT_DELETED_MESSAGE } from "~/generation/errors";
import { startGeneration, stopGeneration } from "~/generation/job.server";
import { claimGeneration } from "~/generation/limits.server";
import { kitError } from "~/generation/snapshot.server";
import { businessName } from "~/kits/format";
import { deleteKitForUser, kitForUser, updateKit } from "~/kits/kits.server";
import { PromptEditSchema } from "~/kits/schema";
import { logError } from "~/utils/log.server";
import { notFound } from "~/utils/responses.server";
import type { Route } from "./+types/kit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.kit ? businessName(data.kit.businessIdea) : "Launch kit"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const kit = kitForUser(params.id, user.id);
  if (!kit) throw notFound();
  const meta = kit.generationMetadata ?? {};
  return {
    kit: {
      id: kit.id,
      status: kit.status,
      businessIdea: kit.businessIdea,
      targetAudience: kit.targetAudience,
      geography: kit.geography,
      tone: kit.tone,
      competitors: kit.competitors,
      primaryGoal: kit.primaryGoal,
      brandVibe: kit.brandVibe,
      generationProgress: kit.generationProgress,
      generatedPrompt: kit.generatedPrompt,
      generatedLogoUrl: kit.generatedLogoUrl,
      createdAt: kit.createdAt,
      updatedAt: kit.updatedAt,
    },
    error: kit.status === "draft" ? kitError(kit) : null,
    provider: typeof meta.provider === "string" ? meta.provider : null,
    model: typeof meta.model === "string" ? meta.model : null,
    imageModel: typeof meta.image_model === "string" ? meta.image_model : null,
    concept: typeof meta.logo_concept === "string" ? meta.logo_concept : null,
    reasoning: (meta.logo_reasoning && typeof meta.logo_reasoning === "object" ? meta.logo_reasoning : null) as Record<string, string> | null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const kit = kitForUser(params.id, user.id);
  if (!kit) throw notFound();
  const form = await request.formData();
  const intent = form.get("intent");
  // The kit modal (JS) posts with mode=modal and gets data back instead of a redirect.
  const modal = form.get("mode") === "modal";
  if (intent === "retry") {
    if (kit.status === "generating") return modal ? { ok: true, message: null } : redirect(`/dashboard/kits/${kit.id}`, 303);
    // Retry is for drafts (a failed or interrupted run): a generated kit, and
    // the prompt its owner may have edited, is never overwritten.
    if (kit.status !== "draft") return data({ message: "This launch kit is already generated. Create a new kit to generate again." }, { status: 409 });
    // A draft without a recorded failure is a kit an admin moved back: its
    // prompt (maybe edited by its owner) stays.
    if (!kitError(kit)) return data({ message: "Only a failed or interrupted generation can be retried." }, { status: 409 });
    const refused = claimGeneration(user.id);
    if (refused) return data({ message: refused }, { status: 429 });
    startGeneration(kit);
    if (modal) return { ok: true, message: null };
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "edit-prompt") {
    const parsed = PromptEditSchema.safeParse({ prompt: form.get("prompt") ?? "" });
    if (!parsed.success) {
      return data({ message: parsed.error.issues[0]!.message, draft: String(form.get("prompt") ?? "").slice(0, 20_000) }, { status: 400 });
    }
    try {
      updateKit(kit.id, { generatedPrompt: parsed.data.prompt });
    } catch (error) {
      logError("prompt update failed", error, { kitId: kit.id });
      return data({ message: "Failed to update prompt", draft: parsed.data.prompt }, { status: 500 });
    }
    if (modal) return { ok: true, message: null };
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "delete") {
    stopGeneration(kit.id, KIT_DELETED_MESSAGE);
    deleteKitForUser(kit.id, user.id);
    if (modal) return { ok: true, message: null };
    return redirect("/dashboard", 303);
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

export default function KitPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { kit } = loaderData;
  const draft = (actionData as { draft?: string } | undefined)?.draft;
  // A refused save comes back with the draft: stay in edit mode.
  const editing = (searchParams.get("edit") === "1" || draft !== undefined) && !!kit.generatedPrompt && kit.status !== "generating";
  const confirmingDelete = searchParams.get("confirmDelete") === "1";
  const pageLink = `/dashboard/kits/${kit.id}`;
  return (
    <main className="container-page pt-28 pb-12">
      {kit.status === "generating" ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
        ← Back to dashboard
      </Link>
      <KitDetail
        data={loaderData}
        message={actionData?.message ?? null}
        draft={draft}
        editing={editing}
        confirmingDelete={confirmingDelete}
        FormEl={Form}
        controls={{
          edit: <Link to="?edit=1" replace className={buttonClasses("secondary", "sm")}>Edit</Link>,
          cancel: <Link to={pageLink} replace className={buttonClasses("secondary", "sm")}>Cancel</Link>,
          askDelete: <Link to="?confirmDelete=1" replace className={buttonClasses("secondary", "sm", "text-red-700")}>Delete kit</Link>,
          keep: <Link to={pageLink} replace className={buttonClasses("secondary", "sm")}>Keep it</Link>,
        }}
      />
    </main>
  );
}
