import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useRevalidator, useSearchParams } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ProgressBar, StatusBadge } from "~/components/kit-ui";
import { Button, buttonClasses } from "~/components/ui/button";
import { useKitEvents } from "~/components/wizard/use-kit-events";
import { MAX_CONCURRENT_PER_USER, runningCountForUser, startGeneration } from "~/generation/job.server";
import { kitError } from "~/generation/snapshot.server";
import { STATUS_TEXT } from "~/generation/progress";
import { businessName, formatDate } from "~/kits/format";
import { capitalize } from "~/kits/options";
import { deleteKitForUser, kitForUser, updateKit } from "~/kits/kits.server";
import { PromptEditSchema } from "~/kits/schema";
import { logError } from "~/utils/log.server";
import type { Route } from "./+types/kit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.kit ? businessName(data.kit.businessIdea) : "Launch kit"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const kit = kitForUser(params.id, user.id);
  if (!kit) throw data("Not found", { status: 404 });
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
  if (!kit) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "retry") {
    if (kit.status === "generating") return redirect(`/dashboard/kits/${kit.id}`, 303);
    if (runningCountForUser(user.id) >= MAX_CONCURRENT_PER_USER) {
      return data({ message: `You already have ${MAX_CONCURRENT_PER_USER} launch kits generating. Please wait for one to finish.` }, { status: 429 });
    }
    startGeneration(kit);
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
    return redirect(`/dashboard/kits/${kit.id}`, 303);
  }
  if (intent === "delete") {
    deleteKitForUser(kit.id, user.id);
    return redirect("/dashboard", 303);
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

function LiveProgress({ kitId, initial }: { kitId: string; initial: number }) {
  const live = useKitEvents(kitId, { progress: initial, statusText: STATUS_TEXT.prompt });
  const revalidator = useRevalidator();
  useEffect(() => {
    if (live.done) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.done]);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span data-testid="status-text" className="font-medium text-slate-700">{live.statusText}</span>
        <span data-testid="progress-percent" className="font-semibold tabular-nums">{live.progress}%</span>
      </div>
      <ProgressBar value={live.progress} />
      {live.prompt ? (
        <p data-testid="generated-prompt" className="whitespace-pre-wrap text-sm leading-6 text-slate-700">{live.prompt}</p>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function KitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kit, error, provider, model, imageModel, concept, reasoning } = loaderData;
  const [logoFailed, setLogoFailed] = useState(false);
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("edit") === "1" && !!kit.generatedPrompt && kit.status !== "generating";
  const confirmingDelete = searchParams.get("confirmDelete") === "1";
  const generating = kit.status === "generating";
  const inputs: Array<[string, string | null]> = [
    ["Business idea", kit.businessIdea],
    ["Target audience", kit.targetAudience],
    ["Geography", kit.geography || "Not specified"],
    ["Tone", capitalize(kit.tone)],
    ["Competitors", kit.competitors || "Not specified"],
    ["Primary goal", capitalize(kit.primaryGoal)],
    ["Brand vibe", capitalize(kit.brandVibe)],
  ];

  return (
    <main className="container-page pt-28 pb-12">
      {generating ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
        ← Back to dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{businessName(kit.businessIdea)}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Created {formatDate(kit.createdAt)} · Updated {formatDate(kit.updatedAt)}
          </p>
        </div>
        <StatusBadge status={kit.status} />
      </div>

      {error ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-red-200 bg-red-50 px-5 py-4">
          <p className="text-sm text-red-800">{error}</p>
          <Form method="post">
            <Button type="submit" name="intent" value="retry" variant="danger" size="sm">
              Retry
            </Button>
          </Form>
        </div>
      ) : null}
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          {generating ? (
            <Section title="Generating your launch kit">
              <LiveProgress kitId={kit.id} initial={kit.generationProgress ?? 10} />
              <noscript>
                <p className="mt-3 text-sm text-slate-600">
                  Progress: {kit.generationProgress ?? 10}%. This page refreshes itself until your kit is ready.
                </p>
              </noscript>
            </Section>
          ) : null}
          <Section title="Website prompt">
            {editing ? (
              <Form method="post" className="space-y-3">
                <label htmlFor="prompt" className="sr-only">Website prompt</label>
                <textarea
                  id="prompt"
                  name="prompt"
                  rows={12}
                  maxLength={20000}
                  defaultValue={(actionData as { draft?: string } | undefined)?.draft ?? kit.generatedPrompt ?? ""}
                  aria-invalid={actionData?.message ? true : undefined}
                  className="block w-full rounded-xl border-0 px-3.5 py-2.5 text-sm leading-6 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
                />
                <div className="flex gap-3">
                  <Button type="submit" name="intent" value="edit-prompt" size="sm">Save Changes</Button>
                  <Link to={`/dashboard/kits/${kit.id}`} replace className={buttonClasses("secondary", "sm")}>Cancel</Link>
                </div>
              </Form>
            ) : kit.generatedPrompt ? (
              <>
                <p data-testid="kit-prompt" className="whitespace-pre-wrap text-sm leading-7 text-slate-700">{kit.generatedPrompt}</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <Link to="?edit=1" replace className={buttonClasses("secondary", "sm")}>Edit</Link>
                  <a href={`/dashboard/kits/${kit.id}/prompt.txt`} download className={buttonClasses("secondary", "sm")}>Download prompt</a>
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-500">No prompt yet.</p>
            )}
          </Section>
          <Section title="Your answers">
            <dl className="grid gap-4 sm:grid-cols-2">
              {inputs.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
                  <dd className="mt-1 text-sm text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
        </div>
        <div className="space-y-6">
          <Section title="Logo">
            {kit.generatedLogoUrl && !logoFailed ? (
              <div className="space-y-3">
                <img
                  src={kit.generatedLogoUrl}
                  alt={`Logo for ${businessName(kit.businessIdea)}`}
                  onError={() => setLogoFailed(true)}
                  className="aspect-square w-full rounded-xl bg-slate-50 object-contain ring-1 ring-slate-200"
                />
                <a href={kit.generatedLogoUrl} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
                  Open logo in a new tab
                </a>
              </div>
            ) : (
              <p className="text-sm text-slate-500">No logo yet.</p>
            )}
            {concept ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-slate-900">Logo concept</h3>
                <p data-testid="logo-concept" className="mt-1 text-sm text-slate-700">{concept}</p>
              </div>
            ) : null}
            {reasoning ? (
              <details className="mt-3 text-sm text-slate-700">
                <summary className="cursor-pointer font-medium text-brand-700">Why this logo</summary>
                <ul className="mt-2 space-y-1.5">
                  {Object.entries(reasoning).filter(([, v]) => v).map(([k, v]) => (
                    <li key={k}>
                      <span className="font-medium">{capitalize(k.replace(/_/g, " "))}:</span> {v}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </Section>
          <Section title="Delete kit">
            {confirmingDelete ? (
              <Form method="post" className="space-y-3">
                <p className="text-sm text-slate-700">Delete this launch kit and its logo? This can't be undone.</p>
                <div className="flex gap-3">
                  <Button type="submit" name="intent" value="delete" variant="danger" size="sm">Yes, delete</Button>
                  <Link to={`/dashboard/kits/${kit.id}`} replace className={buttonClasses("secondary", "sm")}>Keep it</Link>
                </div>
              </Form>
            ) : (
              <Link to="?confirmDelete=1" replace className={buttonClasses("secondary", "sm", "text-red-700")}>Delete kit</Link>
            )}
          </Section>
          {provider ? (
            <Section title="Generator">
              {provider === "builtin" ? (
                <p data-testid="generator" className="text-sm text-slate-700">
                  Made by LaunchKit's <strong>offline generator</strong> (no AI service was called). To generate with
                  OpenAI, set <code className="rounded bg-slate-100 px-1">OPENAI_API_KEY</code> on the server and retry.
                </p>
              ) : (
                <p data-testid="generator" className="text-sm text-slate-700">
                  Made with OpenAI: <strong>{model}</strong> for the prompt and concept
                  {imageModel ? <>, <strong>{imageModel}</strong> for the logo</> : null}.
                </p>
              )}
            </Section>
          ) : null}
        </div>
      </div>
    </main>
  );
}
