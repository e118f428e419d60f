import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { EXPERIMENT_LEADS_PER_ADDRESS } from "~/features/analytics/shared";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { ErrorList } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { getConfig } from "~/platform/config.server";
import { experimentPage, startExperiment, stopExperiment } from "~/features/analytics/experiments/experiments.server";
import { experimentsReport } from "~/features/analytics/experiments/report.server";
import { ChooseFieldSchema, EXPERIMENT_FIELDS, FIELD_LABELS, FIELD_LIMITS, MAX_VARIANTS, StopExperimentSchema, startExperimentSchema, armLabel, type ExperimentField } from "~/features/analytics/experiments/schema";
import { suggestVariants } from "~/features/analytics/experiments/suggest.server";
import { pValue, srmAtStopSentence, visitorsPerVersion } from "~/features/analytics/experiments/format";
import { Dates, Glossary, Reading, ResultsTable, Versions } from "~/features/analytics/experiments/ui";
import { fieldText } from "~/features/analytics/experiments/variant";
import type { ExperimentView } from "~/features/analytics/experiments/view";
import { kitBrand } from "~/kit/content.server";
import { formatDate } from "~/kit/format";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { notFound } from "~/platform/http/responses.server";
import type { Route } from "./+types/experiments";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Experiments · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/experiments: A/B experiments on the published page's
 * hero (docs/decisions/027-experiments.md). Owner only (another
 * user's kit, or an experiment of another kit, is a 404); Pro (the plan
 * rules of app/features/billing, admin override included). Every form is a plain
 * POST: suggest variants (the model, or the builtin writer offline), start,
 * stop and apply a version.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const { fullAnalytics } = await entitlementsFor(kit.userId, new Date());
  const page = await experimentPage(kit.id);
  const report = await experimentsReport(kit.id);
  return {
    allowed: fullAnalytics,
    counting: getConfig().analytics,
    pageProblem: page.ok ? null : page.message,
    current: page.ok ? Object.fromEntries(EXPERIMENT_FIELDS.map((f) => [f, fieldText(page.content, f)])) as Record<ExperimentField, string> : null,
    running: report.running,
    history: report.history,
  };
}

type ActionData = {
  intent: string;
  message: string | null;
  field?: ExperimentField;
  /** Suggested or typed texts to show in the start form again. */
  variants?: Array<{ text: string; reason: string }>;
  source?: "model" | "builtin";
  errors?: Record<string, string[]>;
  /** Applying a variant under the uneven-split warning: the second step asks again. */
  confirm?: { experimentId: string; key: string; srm: { visitors: Array<{ key: string; visitors: number }>; pValue: number } };
};

const reply = (body: ActionData, status = 200) => data(body, { status });

/** The second step's answer: the founder saw the uneven-split warning and applies the variant anyway. */
const CONFIRM_UNEVEN_SPLIT = "uneven-split";

export async function action({ request, params }: Route.ActionArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const base = `/dashboard/kits/${kit.id}/experiments`;
  if (intent !== "suggest" && intent !== "start" && intent !== "stop") return reply({ intent, message: "Unknown action." }, 400);
  if (!(await entitlementsFor(kit.userId, new Date())).fullAnalytics) return reply({ intent, message: "Experiments come with Pro. Upgrade to test your headline, subheadline and button." }, 403);

  if (intent === "stop") {
    const parsed = StopExperimentSchema.safeParse({ experimentId: form.get("experimentId") ?? undefined, apply: form.get("apply") || undefined });
    if (!parsed.success) return reply({ intent, message: parsed.error.issues[0]!.message }, 400);
    const result = await stopExperiment(kit.id, parsed.data.experimentId, parsed.data.apply, { confirmedUnevenSplit: form.get("confirm") === CONFIRM_UNEVEN_SPLIT });
    if (!result.ok) {
      if (result.status === 404) throw notFound();
      if ("confirm" in result) return reply({ intent, message: result.message, confirm: { experimentId: parsed.data.experimentId, ...result.confirm } }, result.status);
      return reply({ intent, message: result.message }, result.status);
    }
    const applied = result.experiment.appliedKey;
    return redirect(`${base}?saved=${applied && applied !== "a" ? `applied-${applied}` : "stopped"}`, 303);
  }

  if (!getConfig().analytics) return reply({ intent, message: "Counting is turned off on this server (ANALYTICS=off): an experiment would have no numbers." }, 409);
  const chosen = ChooseFieldSchema.safeParse({ field: form.get("field") ?? undefined });
  if (!chosen.success) return reply({ intent, message: chosen.error.issues[0]!.message }, 400);
  const field = chosen.data.field;
  const page = await experimentPage(kit.id);
  if (!page.ok) return reply({ intent, field, message: page.message }, page.status);
  const control = fieldText(page.content, field);
  const typed = Array.from({ length: MAX_VARIANTS }, (_, i) => ({ text: String(form.get(`variants[${i}].text`) ?? ""), reason: String(form.get(`variants[${i}].reason`) ?? "") }));

  if (intent === "suggest") {
    const brand = await kitBrand(kit.id);
    if (!brand) return reply({ intent, field, message: "This kit has no brand yet." }, 409);
    const suggested = await suggestVariants(kit, brand, field, control, request.signal);
    if (!suggested.ok) return reply({ intent, field, variants: typed, message: suggested.message }, 502);
    return reply({ intent, field, variants: suggested.variants, source: suggested.source, message: null });
  }

  const parsed = startExperimentSchema(field, control).safeParse({ field, variants: typed });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "");
      (errors[key] ??= []).push(issue.message);
    }
    return reply({ intent, field, variants: typed, errors, message: "Please check the variants below." }, 400);
  }
  const started = await startExperiment(kit, field, parsed.data.variants);
  if (!started.ok) return reply({ intent, field, variants: typed, message: started.message }, started.status);
  return redirect(`${base}?saved=started`, 303);
}

const SAVED: Record<string, string> = {
  started: "Experiment started. Each visitor now sees one version all day; the numbers appear here as visits come in.",
  stopped: "Experiment stopped. The page shows the original to everyone again.",
};

function savedMessage(saved: string | null): string | null {
  if (!saved) return null;
  const applied = /^applied-([b-d])$/.exec(saved);
  if (applied) return `${armLabel(applied[1]!)} applied: it is now your page's text for everyone, as if you had edited it. The experiment stays below.`;
  return SAVED[saved] ?? null;
}

export default function Experiments({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { allowed, counting, pageProblem, current, running, history } = loaderData;
  const [params] = useSearchParams();
  const saved = savedMessage(params.get("saved"));
  const analytics = `/dashboard/kits/${summary.id}/analytics`;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Experiments</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">Test another headline, subheadline or button against your page's own: each visitor sees one version all day (no cookie), and a sign-up counts for the version its visitor saw (at most {EXPERIMENT_LEADS_PER_ADDRESS} a day from one internet address; prefetches and visitors past the day's limit add to no version).</p>
        </div>
        <Link to={analytics} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          ← Analytics
        </Link>
      </div>
      <div className="mt-4">
        {saved ? <Notice tone="success">{saved}</Notice> : null}
        {actionData?.message && actionData.intent === "stop" && !actionData.confirm ? <Notice tone="error" role="alert">{actionData.message}</Notice> : null}
        {/* At the top, where the page opens after the POST without JavaScript; with it, focus brings it into view. */}
        {allowed && running && actionData?.confirm?.experimentId === running.id ? <ConfirmUnevenApply experimentId={running.id} confirm={actionData.confirm} /> : null}
        {!counting ? <Notice tone="warning">Counting is turned off on this LaunchKit server (ANALYTICS=off): experiments have no numbers.</Notice> : null}
      </div>
      <div className="space-y-6">
        {!allowed ? <UpgradeNote /> : running ? <RunningExperiment view={running} now={current?.[running.field] ?? null} asking={actionData?.confirm?.experimentId === running.id} /> : <NewExperiment current={current} pageProblem={pageProblem} actionData={actionData} kitId={summary.id} />}
        {history.length ? (
          <Panel title="Past experiments" id="experiment-history">
            <ul className="space-y-3" data-testid="experiment-history">
              {history.map((view, i) => (
                <li key={view.id}>
                  <details open={i === 0} className="rounded-xl border border-slate-200 p-3">
                    <summary className="cursor-pointer text-sm font-semibold text-slate-900">
                      {view.fieldLabel} · {formatDate(view.startedAt)}
                      {view.appliedKey && view.appliedKey !== "a" ? ` · ${armLabel(view.appliedKey)} applied` : " · original kept"}
                      {view.srmAtStop ? " · uneven split" : ""}
                    </summary>
                    <div className="mt-3 space-y-3">
                      <Dates view={view} />
                      {view.srmAtStop ? (
                        <p data-testid="experiment-srm-at-stop" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-900">
                          {srmAtStopSentence(view.srmAtStop, view.appliedKey)}
                        </p>
                      ) : null}
                      <Versions view={view} />
                      <ResultsTable view={view} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </Panel>
        ) : null}
      </div>
    </>
  );
}

function UpgradeNote() {
  return (
    <div data-testid="experiments-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">A/B experiments come with Pro</p>
      <p className="mt-1">Test 2–3 headlines, subheadlines or buttons on your published page, suggested for your business, and see which one brings more sign-ups, with the numbers to tell luck from a real difference.</p>
      <Link to="/pricing" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
        Compare plans →
      </Link>
    </div>
  );
}

function RunningExperiment({ view, now, asking }: { view: ExperimentView; now: string | null; asking: boolean }) {
  const winner = view.reading.verdict.kind === "winner" ? view.reading.verdict.key : null;
  const original = view.texts[0]!.text;
  const uneven = view.reading.srm?.mismatch === true;
  return (
    <Panel title={`${view.fieldLabel} experiment, running`} id="experiment-running">
      <div className="space-y-4" data-testid="experiment-running">
        <Dates view={view} />
        {now !== null && now !== original ? (
          <p role="note" data-testid="experiment-original-changed" className="rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
            The page's {view.fieldLabel.toLowerCase()} was changed since this experiment started (now: “{now}”): the original's numbers mix both texts.
          </p>
        ) : null}
        <Versions view={view} />
        <Reading view={view} />
        <ResultsTable view={view} />
        <Glossary />
        <div className="border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Decide</h3>
          <p className="mt-1 text-xs text-slate-600">Applying a variant stops the experiment and saves its text in your landing copy, as if you had typed it. You can still change it later in the landing page section.</p>
          {uneven ? (
            <p className="mt-1 text-xs font-medium text-red-800">
              {asking ? "Confirm at the top of the page, or choose again below." : "The visitors are split unevenly (see the warning above): applying a variant asks you to confirm first, and the warning stays with the experiment."}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {view.texts
              .filter((t) => t.key !== "a")
              .map((t) => (
                <Form method="post" key={t.key}>
                  <input type="hidden" name="intent" value="stop" />
                  <input type="hidden" name="experimentId" value={view.id} />
                  <input type="hidden" name="apply" value={t.key} />
                  <Button type="submit" size="sm" variant={t.key === winner ? "primary" : "secondary"}>
                    Apply {armLabel(t.key)}
                  </Button>
                </Form>
              ))}
            <Form method="post">
              <input type="hidden" name="intent" value="stop" />
              <input type="hidden" name="experimentId" value={view.id} />
              <input type="hidden" name="apply" value="a" />
              <Button type="submit" size="sm" variant={winner ? "ghost" : "secondary"}>
                Stop and keep the original
              </Button>
            </Form>
          </div>
        </div>
      </div>
    </Panel>
  );
}

/** The second step of applying a variant under the uneven-split warning: the warning again, and an explicit choice. */
function ConfirmUnevenApply({ experimentId, confirm }: { experimentId: string; confirm: NonNullable<ActionData["confirm"]> }) {
  const label = armLabel(confirm.key);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [confirm.key]);
  return (
    <section role="alert" aria-labelledby="confirm-uneven-heading" data-testid="experiment-confirm-uneven" className="mb-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <h3 id="confirm-uneven-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Apply {label} although the split is uneven?
      </h3>
      <p className="mt-1">
        The versions got uneven numbers of visitors ({visitorsPerVersion({ arms: confirm.srm.visitors })}; χ² p {pValue(confirm.srm.pValue)}). Something other than chance is at work, so these results can't tell you that {label} is better. If you apply it anyway, the
        experiment stops and keeps this warning in your past experiments.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="stop" />
          <input type="hidden" name="experimentId" value={experimentId} />
          <input type="hidden" name="apply" value={confirm.key} />
          <input type="hidden" name="confirm" value={CONFIRM_UNEVEN_SPLIT} />
          <Button type="submit" size="sm" variant="secondary">
            Yes, apply {label} anyway
          </Button>
        </Form>
        <Link to="." relative="path" className="inline-flex items-center px-3 py-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
          Cancel
        </Link>
      </div>
    </section>
  );
}

function NewExperiment({ current, pageProblem, actionData, kitId }: { current: Record<ExperimentField, string> | null; pageProblem: string | null; actionData: ActionData | undefined; kitId: string }) {
  if (!current) {
    return (
      <Panel title="New experiment" id="experiment-new">
        <p className="text-sm text-slate-700">
          {pageProblem}{" "}
          <Link to={`/dashboard/kits/${kitId}/website`} className="font-semibold text-brand-700 hover:text-brand-800">
            Go to the landing page section
          </Link>
        </p>
      </Panel>
    );
  }
  const field = actionData?.field ?? "headline";
  const errors = actionData?.errors ?? {};
  const variants = actionData?.variants ?? [];
  // A new set of suggestions replaces what the inputs hold (uncontrolled inputs keep their text otherwise).
  const formKey = `${actionData?.intent ?? ""}-${field}-${variants.map((v) => v.text).join("|")}`;
  return (
    <Panel title="New experiment" id="experiment-new">
      <Form method="post" key={formKey} className="space-y-5" data-testid="experiment-form">
        {actionData?.message && actionData.intent !== "stop" ? (
          <p role="alert" className="rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
            {actionData.message}
          </p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">1. What to test</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {EXPERIMENT_FIELDS.map((f) => (
              <label key={f} className="flex cursor-pointer items-start gap-2.5 rounded-xl p-3 ring-1 ring-inset ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500">
                <input type="radio" name="field" value={f} defaultChecked={f === field} className="mt-1" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{FIELD_LABELS[f]}</span>
                  <span className="mt-0.5 block break-words text-xs text-slate-600">Now: “{current[f]}”</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorList errors={errors.field} />
        </fieldset>
        <div>
          <p className="text-sm font-semibold text-slate-900">2. The variants</p>
          <p className="mt-1 text-xs text-slate-600">
            1 to {MAX_VARIANTS}, each tested against the current text. Let LaunchKit suggest some for your business, then edit them, or write your own. At most {FIELD_LIMITS.headline} characters for a headline, {FIELD_LIMITS.subheadline} for a subheadline, {FIELD_LIMITS.cta} for a button.
          </p>
          <div className="mt-3">
            <Button type="submit" name="intent" value="suggest" variant="secondary" size="sm" formNoValidate>
              Suggest variants
            </Button>
            {actionData?.source === "builtin" ? <span className="ml-2 text-xs text-slate-500">Suggested by LaunchKit's built-in writer (no AI key on this server).</span> : null}
          </div>
          <ErrorList errors={errors.variants} />
          <ol className="mt-3 space-y-4">
            {Array.from({ length: MAX_VARIANTS }, (_, i) => {
              const textErrors = errors[`variants[${i}].text`];
              return (
                <li key={i} className="grid gap-2 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                  <div>
                    <label htmlFor={`variant-${i}`} className="mb-1 block text-sm font-medium text-slate-800">
                      {armLabel(["b", "c", "d"][i]!)}
                    </label>
                    <input
                      id={`variant-${i}`}
                      name={`variants[${i}].text`}
                      defaultValue={variants[i]?.text ?? ""}
                      maxLength={FIELD_LIMITS.subheadline}
                      autoComplete="off"
                      aria-invalid={textErrors ? true : undefined}
                      aria-describedby={textErrors ? `variant-${i}-error` : undefined}
                      className="block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500"
                    />
                    <ErrorList id={`variant-${i}-error`} errors={textErrors} />
                  </div>
                  <div>
                    <label htmlFor={`reason-${i}`} className="mb-1 block text-sm font-medium text-slate-800">
                      What it tests <span className="font-normal text-slate-500">(optional)</span>
                    </label>
                    <input
                      id={`reason-${i}`}
                      name={`variants[${i}].reason`}
                      defaultValue={variants[i]?.reason ?? ""}
                      maxLength={160}
                      autoComplete="off"
                      className="block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-600"
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
        <Button type="submit" name="intent" value="start">
          Start experiment
        </Button>
      </Form>
    </Panel>
  );
}
