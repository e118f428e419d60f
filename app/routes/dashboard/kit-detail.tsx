import { useEffect, useState, type ReactNode } from "react";
import { Form, useRevalidator } from "react-router";
import { ProgressBar, StatusBadge } from "~/ui/kit-ui";
import { Button } from "~/ui/ui/button";
import { useKitEvents } from "~/ui/wizard/use-kit-events";
import { STATUS_TEXT } from "~/kit/runner/progress";
import { businessName, formatDate } from "~/kit/format";
import { capitalize } from "~/kit/options";
import type { Route } from "./+types/kit";

export type KitData = Route.ComponentProps["loaderData"];

function LiveProgress({ kitId, initial, onDone }: { kitId: string; initial: number; onDone: () => void }) {
  const live = useKitEvents(kitId, { progress: initial, statusText: STATUS_TEXT.prompt });
  useEffect(() => {
    if (live.done) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.done]);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span data-testid="status-text" className="font-medium text-slate-700">{live.statusText}</span>
        <span data-testid="progress-percent" className="font-semibold tabular-nums">{live.progress}%</span>
      </div>
      <ProgressBar value={live.progress} />
      {live.prompt ? <p data-testid="generated-prompt" className="whitespace-pre-wrap text-sm leading-6 text-slate-700">{live.prompt}</p> : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A kit's page content: prompt (edit, download), logo and concept, answers,
 * generator, retry and delete. Used by the kit page (state in the URL, plain
 * forms) and by the dashboard's kit modal (local state, fetcher forms).
 */
export function KitDetail({
  data,
  message,
  draft,
  editing,
  confirmingDelete,
  FormEl,
  controls,
  hiddenFields,
  compact = false,
  hideTitle = false,
  onDelete,
}: {
  data: KitData;
  message: string | null;
  draft?: string;
  editing: boolean;
  confirmingDelete: boolean;
  FormEl: typeof Form;
  controls: { edit: ReactNode; cancel: ReactNode; askDelete: ReactNode; keep: ReactNode };
  hiddenFields?: ReactNode;
  compact?: boolean;
  /** The workspace shell already shows the kit's name as the page's heading. */
  hideTitle?: boolean;
  /** Given by the modal, which closes itself before deleting. */
  onDelete?: () => void;
}) {
  const { kit, error, provider, model, imageModel, concept, reasoning } = data;
  const [logoFailed, setLogoFailed] = useState(false);
  const revalidator = useRevalidator();
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
    <div>
      <div className={`${compact || hideTitle ? "" : "mt-4"} flex flex-wrap items-start justify-between gap-4`}>
        <div>
          {compact || hideTitle ? null : <h1 className="text-3xl font-bold tracking-tight text-slate-900">{businessName(kit.businessIdea)}</h1>}
          <p className="mt-1 text-sm text-slate-600">
            Created {formatDate(kit.createdAt)} · Updated {formatDate(kit.updatedAt)}
          </p>
        </div>
        {hideTitle ? null : <StatusBadge status={kit.status} />}
      </div>

      {error ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-red-200 bg-red-50 px-5 py-4">
          <p className="text-sm text-red-800">{error}</p>
          <FormEl method="post" action={`/dashboard/kits/${kit.id}`}>
            {hiddenFields}
            <Button type="submit" name="intent" value="retry" variant="danger" size="sm">Retry</Button>
          </FormEl>
        </div>
      ) : null}
      {message ? <p role="alert" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{message}</p> : null}

      <div className={`mt-6 grid gap-6 ${compact ? "" : "lg:grid-cols-[2fr_1fr]"}`}>
        <div className="space-y-6">
          {generating ? (
            <Section title="Generating your launch kit">
              <LiveProgress kitId={kit.id} initial={kit.generationProgress ?? 10} onDone={() => void revalidator.revalidate()} />
              <noscript>
                <p className="mt-3 text-sm text-slate-600">
                  Progress: {kit.generationProgress ?? 10}%. This page refreshes itself until your kit is ready.
                </p>
              </noscript>
            </Section>
          ) : null}
          <Section title="Website prompt">
            {editing ? (
              <FormEl method="post" action={`/dashboard/kits/${kit.id}`} className="space-y-3">
                {hiddenFields}
                <label htmlFor="prompt" className="sr-only">Website prompt</label>
                <textarea
                  id="prompt"
                  name="prompt"
                  rows={12}
                  maxLength={20000}
                  defaultValue={draft ?? kit.generatedPrompt ?? ""}
                  aria-invalid={message ? true : undefined}
                  className="block w-full rounded-xl border-0 px-3.5 py-2.5 text-sm leading-6 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
                />
                <div className="flex gap-3">
                  <Button type="submit" name="intent" value="edit-prompt" size="sm">Save Changes</Button>
                  {controls.cancel}
                </div>
              </FormEl>
            ) : kit.generatedPrompt ? (
              <>
                <p data-testid="kit-prompt" className="whitespace-pre-wrap text-sm leading-7 text-slate-700">{kit.generatedPrompt}</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  {generating ? null : controls.edit}
                  <a href={`/dashboard/kits/${kit.id}/prompt.txt`} download className="inline-flex items-center justify-center gap-2 rounded-xl bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                    Download prompt
                  </a>
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
                  <dd className="mt-1 break-words text-sm text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
        </div>
        <div className="space-y-6">
          <Section title={data.summary?.hasBrand ? "Logo concept art" : "Logo"}>
            {kit.generatedLogoUrl && !logoFailed ? (
              <div className="space-y-3">
                <img
                  src={kit.generatedLogoUrl}
                  alt={`Logo for ${businessName(kit.businessIdea)}`}
                  onError={() => setLogoFailed(true)}
                  className={`aspect-square ${compact ? "w-40" : "w-full"} rounded-xl bg-slate-50 object-contain ring-1 ring-slate-200`}
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
                  {Object.entries(reasoning as Record<string, string>).filter(([, v]) => v).map(([k, v]) => (
                    <li key={k}>
                      <span className="font-medium">{capitalize(k.replace(/_/g, " "))}:</span> {v}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </Section>
          {provider ? (
            <Section title="Generator">
              {provider === "builtin" ? (
                <p data-testid="generator" className="text-sm text-slate-700">
                  Made by LaunchKit's <strong>offline generator</strong> (no AI service was called). To generate with
                  OpenAI, set <code className="rounded bg-slate-100 px-1">OPENAI_API_KEY</code> on the server and create a new kit.
                </p>
              ) : (
                <p data-testid="generator" className="text-sm text-slate-700">
                  Made with OpenAI: <strong>{model}</strong> for the prompt and concept
                  {imageModel ? <>, <strong>{imageModel}</strong> for the logo</> : null}.
                </p>
              )}
            </Section>
          ) : null}
          <Section title="Delete kit">
            {confirmingDelete && onDelete ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700">Delete this launch kit and its logo? This can't be undone.</p>
                <div className="flex gap-3">
                  <Button type="button" variant="danger" size="sm" onClick={onDelete}>Yes, delete</Button>
                  {controls.keep}
                </div>
              </div>
            ) : confirmingDelete ? (
              <FormEl method="post" action={`/dashboard/kits/${kit.id}`} className="space-y-3">
                {hiddenFields}
                <p className="text-sm text-slate-700">Delete this launch kit and its logo? This can't be undone.</p>
                <div className="flex gap-3">
                  <Button type="submit" name="intent" value="delete" variant="danger" size="sm">Yes, delete</Button>
                  {controls.keep}
                </div>
              </FormEl>
            ) : (
              controls.askDelete
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
