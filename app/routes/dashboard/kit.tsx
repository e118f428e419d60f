import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { SelfRefresh } from "~/ui/self-refresh";
import { KitDetail } from "~/routes/dashboard/kit-detail";
import { requireUser } from "~/features/auth/guards.server";
import { Button, buttonClasses } from "~/ui/ui/button";
import { KIT_DELETED_MESSAGE } from "~/kit/messages";
import { AssetStatus, Panel, WorkspaceShell } from "~/ui/workspace/shell";
import { UnderstandingFields } from "~/ui/wizard/understanding-fields";
import { regenerateAsset, startGeneration, stopGeneration } from "~/kit/runner/commands.server";
import { kitBrand } from "~/kit/content.server";
import { claimGeneration } from "~/kit/runner/limits.server";
import { kitError } from "~/kit/runner/snapshot.server";
import { businessName } from "~/kit/format";
import { deleteKitForUser, kitForUser, updateKit } from "~/kit/kits.server";
import { requireKitOverview } from "~/features/workspace/workspace.server";
import { PromptEditSchema } from "~/kit/schema";
import { kitUnderstanding, saveUnderstandingEdit } from "~/kit/understanding/edit.server";
import { readUnderstandingValues, rewrittenList, UnderstandingFormSchema, understandingValues, type UnderstandingValues } from "~/kit/understanding/form";
import { logError } from "~/platform/log.server";
import { notFound } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.summary ? data.summary.name : data?.kit ? businessName(data.kit.businessIdea) : "Launch kit"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, summary } = await requireKitOverview(request, params.id);
  const meta = kit.generationMetadata ?? {};
  const brand = summary.hasBrand ? await kitBrand(kit.id) : null;
  return {
    summary,
    // What the kit is written from, editable once there is a brand that stores it.
    understood: brand ? understandingValues(kitUnderstanding(kit, brand)) : null,
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
  const kit = await kitForUser(params.id, user.id);
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
    const refused = (await claimGeneration(user.id)) ?? (await startGeneration(kit, { limit: true }));
    if (refused) return data({ message: refused }, { status: 429 });
    if (modal) return { ok: true, message: null };
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "edit-prompt") {
    const parsed = PromptEditSchema.safeParse({ prompt: form.get("prompt") ?? "" });
    if (!parsed.success) {
      return data({ message: parsed.error.issues[0]!.message, draft: String(form.get("prompt") ?? "").slice(0, 20_000) }, { status: 400 });
    }
    try {
      await updateKit(kit.id, { generatedPrompt: parsed.data.prompt });
    } catch (error) {
      logError("prompt update failed", error, { kitId: kit.id });
      return data({ message: "Failed to update prompt", draft: parsed.data.prompt }, { status: 500 });
    }
    if (modal) return { ok: true, message: null };
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "save-understanding") {
    const values = readUnderstandingValues(form);
    const parsed = UnderstandingFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<string, string[]>> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
      return data({ message: null, understanding: { values, errors, notice: null } }, { status: 400 });
    }
    if (kit.status === "generating") {
      return data({ message: null, understanding: { values, errors: {}, notice: "The kit is still being generated. Please wait for it to finish, then save." } }, { status: 409 });
    }
    const saved = await saveUnderstandingEdit(user.id, kit, parsed.data);
    if ("error" in saved) return data({ message: null, understanding: { values, errors: {}, notice: saved.error } }, { status: 409 });
    if (saved.refused) {
      // The facts are saved (the next regeneration of each part uses them); only the rewrite waits.
      return data({ message: null, understanding: { values, errors: {}, notice: `Saved, but your kit was not rewritten: ${saved.refused.message}` } }, { status: saved.refused.status });
    }
    return redirect(`/dashboard/kits/${kit.id}?saved=understanding#understanding`, 303);
  }
  if (intent === "generate-brand") {
    // A kit made before brands existed: brand, then the vector logo, without touching its prompt.
    const refused = (await regenerateAsset(kit, "brand")) ?? (await regenerateAsset(kit, "logo"));
    if (refused) return data({ message: refused }, { status: 409 });
    if (modal) return { ok: true, message: null };
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "delete") {
    await stopGeneration(kit.id, KIT_DELETED_MESSAGE);
    await deleteKitForUser(kit.id, user.id);
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
  const { summary } = loaderData;
  const understandingReply = (actionData as { understanding?: { values: UnderstandingValues; errors: Partial<Record<string, string[]>>; notice: string | null } } | undefined)?.understanding;
  const understood = understandingReply?.values ?? loaderData.understood;
  const rewritten = rewrittenList(summary.assets.map((a) => a.kind));
  return (
    <WorkspaceShell summary={summary}>
      {kit.status === "generating" ? (
        <SelfRefresh seconds={2} />
      ) : null}
      {kit.status !== "generating" && !summary.hasBrand && !summary.pending ? (
        <div className="mb-6">
          <Panel title="Make it a whole launch kit" id="generate-brand">
            <p className="text-sm text-slate-700">
              This kit was made before LaunchKit generated brands. Generate one (name, tagline, palette, fonts, voice) and a
              vector logo system from your answers: your prompt stays as it is.
            </p>
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="generate-brand">Generate brand</Button>
            </Form>
          </Panel>
        </div>
      ) : null}
      {summary.assets.length ? (
        <div className="mb-6">
          <Panel title="Kit contents" id="kit-contents">
            <ul className="divide-y divide-slate-100">
              {summary.assets.map((a) => (
                <li key={a.kind} data-asset={a.kind} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                  <span className="text-sm font-semibold text-slate-900">
                    {summary.sections.some((s) => s.kind === a.kind) ? (
                      <Link to={`/dashboard/kits/${kit.id}/${a.path}`} className="text-brand-700 hover:text-brand-800">{a.label}</Link>
                    ) : (
                      a.label
                    )}
                  </span>
                  <span className="flex items-center gap-3">
                    {a.error && a.status === "failed" ? <span className="text-xs text-red-700">{a.error}</span> : null}
                    <AssetStatus status={a.status} />
                    {a.regenerable && a.status === "failed" && kit.status !== "generating" && !loaderData.error ? (
                      <Form method="post" action={`/dashboard/kits/${kit.id}/${a.path}`}>
                        <Button type="submit" name="intent" value="regenerate" size="sm" variant="secondary">Retry</Button>
                      </Form>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      ) : null}
      {understood && kit.status !== "generating" ? (
        <div className="mb-6">
          <Panel title="What we understood" id="understanding">
            <p className="text-sm text-slate-700">
              Your kit is written from these facts. Change what is wrong and save{rewritten ? `: your ${rewritten} are written again from them (one regeneration of the month)` : ""}.
              Your name, logo and prompt stay as they are.
            </p>
            {searchParams.get("saved") === "understanding" ? (
              <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                {rewritten ? `Saved. Your ${rewritten} are being written again from these facts: Kit contents shows their progress.` : "Saved."}
              </p>
            ) : null}
            {understandingReply?.notice ? (
              <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">{understandingReply.notice}</p>
            ) : null}
            <Form method="post" className="mt-4 space-y-6" key={JSON.stringify(understood)}>
              <UnderstandingFields idPrefix="understanding" values={understood} errors={understandingReply?.errors ?? {}} />
              <Button type="submit" name="intent" value="save-understanding">Save and rewrite</Button>
            </Form>
          </Panel>
        </div>
      ) : null}
      <KitDetail
        data={loaderData}
        message={actionData?.message ?? null}
        draft={draft}
        editing={editing}
        confirmingDelete={confirmingDelete}
        FormEl={Form}
        compact={false}
        hideTitle
        controls={{
          edit: <Link to="?edit=1" replace className={buttonClasses("secondary", "sm")}>Edit</Link>,
          cancel: <Link to={pageLink} replace className={buttonClasses("secondary", "sm")}>Cancel</Link>,
          askDelete: <Link to="?confirmDelete=1" replace className={buttonClasses("secondary", "sm", "text-red-700")}>Delete kit</Link>,
          keep: <Link to={pageLink} replace className={buttonClasses("secondary", "sm")}>Keep it</Link>,
        }}
      />
    </WorkspaceShell>
  );
}
