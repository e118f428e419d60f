import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { Field, SelectField, TextareaField } from "~/ui/forms";
import { ProgressBar } from "~/ui/kit-ui";
import { Button } from "~/ui/ui/button";
import { DEFAULT_WIZARD_ERROR } from "~/kit/messages";
import { REDIRECT_DELAY_MS } from "~/kit/runner/progress";
import { STEP_SCHEMAS } from "~/kit/schema";
import { answersKey, UNDERSTANDING_FIELDS, UnderstandingFormSchema, type UnderstandingValues } from "~/kit/understanding/form";
import { useHydrated } from "~/ui/use-hydrated";
import { UnderstandingFields } from "./understanding-fields";
import { useKitEvents } from "./use-kit-events";
import { FIELD_META, STEP_TITLES, STEPS, stepComplete, type WizardField, type WizardValues } from "./wizard-fields";

export type WizardServerState = {
  step: number;
  values: WizardValues;
  /** The wizard's fields and the understanding's (the last step). */
  errors?: Partial<Record<string, string[]>>;
  formError?: { message: string; signinHref?: string } | null;
  /** What the server understood of the answers, as the last step's fields (null before that step). */
  understood?: UnderstandingValues | null;
  /** answersKey() of the answers it was read from. */
  understoodFor?: string | null;
};

/** What the wizard's action answers a JavaScript post: the next state, or the kit that started. */
export type WizardActionData = { state: WizardServerState | null; kitId: string | null };

type Errors = Partial<Record<string, string[]>>;

function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errs: Errors = {};
  for (const issue of issues) (errs[String(issue.path[0])] ??= []).push(issue.message);
  return errs;
}

function ErrorBox({ message, signinHref }: { message: string; signinHref?: string }) {
  return (
    <div role="alert" data-testid="wizard-error" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p>{message}</p>
      {signinHref ? (
        <p className="mt-2 flex flex-wrap gap-3">
          <Link to={signinHref} className="font-semibold text-red-900 underline">
            Sign in
          </Link>
          <Link to={signinHref.replace("/signin", "/signup")} className="font-semibold text-red-900 underline">
            Create a free account
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function StepFields({ step, values, errors, onChange, disabled }: {
  step: number;
  values: WizardValues;
  errors: Errors;
  onChange?: (field: WizardField, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-5">
      {STEPS[step]!.map((field) => {
        const meta = FIELD_META[field];
        const common = {
          id: `wizard-${field}`,
          name: field,
          required: meta.required,
          maxLength: meta.maxLength,
          value: values[field],
          disabled,
          onChange: (e: { target: { value: string } }) => onChange?.(field, e.target.value),
        };
        if (meta.options) {
          return (
            <SelectField
              key={field}
              label={meta.label}
              selectProps={common}
              options={meta.options}
              placeholder={`Select ${meta.label.toLowerCase()}`}
              errors={errors[field]}
            />
          );
        }
        if (field === "idea") {
          return (
            <TextareaField
              key={field}
              label={meta.label}
              textareaProps={{ ...common, rows: 4, placeholder: meta.placeholder }}
              errors={errors[field]}
              hint={`Up to ${meta.maxLength.toLocaleString("en-US")} characters.`}
            />
          );
        }
        return (
          <Field
            key={field}
            label={meta.required ? meta.label : `${meta.label} (optional)`}
            inputProps={{ ...common, type: "text", placeholder: meta.placeholder }}
            errors={errors[field]}
            hint={meta.hint}
          />
        );
      })}
    </div>
  );
}

/**
 * The three-step wizard. Without JavaScript every step posts to /wizard and
 * the server validates it and renders the next one (earlier answers travel as
 * hidden fields). With JavaScript the steps run in the browser, Generate posts
 * with a fetcher, and the progress, the prompt and the logo stream in over SSE.
 * The last step also shows what the server understood of the answers (read
 * when the founder moves to it, by a post in both cases) for them to correct.
 */
export function WizardForm({ server }: { server: WizardServerState }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fetcher = useFetcher<WizardActionData>();
  const [values, setValues] = useState(server.values);
  const [step, setStep] = useState(server.step);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const [understood, setUnderstood] = useState<UnderstandingValues | null>(server.understood ?? null);
  const [understoodFor, setUnderstoodFor] = useState<string | null>(server.understoodFor ?? null);
  const [kitId, setKitId] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [boxError, setBoxError] = useState<{ message: string; signinHref?: string } | null>(null);
  const live = useKitEvents(kitId);

  // Without JS the server's answer is the state.
  const errors = hydrated ? clientErrors : (server.errors ?? {});
  const formError = hydrated ? boxError : (server.formError ?? null);

  useEffect(() => {
    const d = fetcher.data;
    if (!d || fetcher.state !== "idle") return;
    if ("kitId" in d && d.kitId) {
      setBoxError(null);
      setKitId(d.kitId);
    } else if ("state" in d && d.state) {
      setBoxError(d.state.formError ?? null);
      setClientErrors(d.state.errors ?? {});
      setStep(d.state.step);
      if (d.state.understood !== undefined) {
        setUnderstood(d.state.understood);
        setUnderstoodFor(d.state.understoodFor ?? null);
      }
    }
  }, [fetcher.data, fetcher.state]);

  useEffect(() => {
    if (live.error) {
      setBoxError({ message: live.error || DEFAULT_WIZARD_ERROR });
      setKitId(null);
    }
  }, [live.error]);

  const completed = live.done && !live.error && kitId !== null;
  useEffect(() => {
    if (!completed) return;
    const t = setTimeout(() => navigate("/dashboard"), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [completed, navigate]);

  const generating = fetcher.state !== "idle" || (kitId !== null && !live.done);
  const busy = generating || completed || (!hydrated ? false : navigation.state === "submitting");
  const canAdvance = !hydrated || (stepComplete(values, step) && !busy);

  function onUnderstoodChange(field: string, value: string) {
    setUnderstood((v) => (v ? { ...v, [field]: value } : v));
    if (clientErrors[field]) setClientErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onChange(field: WizardField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (clientErrors[field]) setClientErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return; // plain form post to the server
    event.preventDefault();
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "next";
    if (intent === "back") {
      setStep((s) => Math.max(0, s - 1));
      return;
    }
    const parsed = STEP_SCHEMAS[step]!.safeParse(values);
    if (!parsed.success) {
      setClientErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    if (intent === "next" && step === 1 && !(understood && understoodFor === answersKey(values))) {
      // The server reads the answers (the same reading the kit will use) and answers with the last step's fields.
      fetcher.submit({ ...values, step: String(step), intent: "next", mode: "js" }, { method: "post", action: "/wizard" });
      return;
    }
    if (intent === "next") {
      setStep((s) => Math.min(2, s + 1));
      return;
    }
    if (understood) {
      const checked = UnderstandingFormSchema.safeParse(understood);
      if (!checked.success) {
        setClientErrors(issuesToErrors(checked.error.issues));
        return;
      }
    }
    setBoxError(null);
    setKitId(null);
    setAttempted(true);
    // The step goes along so a refusal (sign in first, a limit) is shown where the user is.
    fetcher.submit(
      { ...values, ...(understood ? { ...understood, understood: "1", understoodFor: understoodFor ?? "" } : {}), step: String(step), intent: "generate", mode: "js" },
      { method: "post", action: "/wizard" },
    );
  }

  // After an error the bar stays, back at 0, with the status text cleared.
  const showProgress = hydrated && attempted && !boxError?.signinHref;
  const progress = kitId ? live.progress : 0;

  return (
    <div data-testid="wizard">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm font-semibold text-brand-700">Step {step + 1} of 3</p>
        <ol className="flex gap-1.5" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className={`h-1.5 w-8 rounded-full ${i <= step ? "bg-brand-600" : "bg-slate-200"}`} />
          ))}
        </ol>
      </div>
      <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{STEP_TITLES[step]}</h2>

      <div className="mt-5 space-y-5">
        {formError ? <ErrorBox message={formError.message} signinHref={formError.signinHref} /> : null}
        <Form method="post" action="/wizard" noValidate onSubmit={onSubmit} className="space-y-6">
          {/* Answers of the other steps travel with every post (no-JS). */}
          {STEPS.flatMap((fields, i) =>
            i === step ? [] : fields.map((f) => <input key={f} type="hidden" name={f} value={values[f]} />),
          )}
          <input type="hidden" name="step" value={step} />
          {understood ? (
            <>
              <input type="hidden" name="understood" value="1" />
              <input type="hidden" name="understoodFor" value={understoodFor ?? ""} />
              {step === 2 ? null : UNDERSTANDING_FIELDS.map((f) => <input key={f} type="hidden" name={f} value={understood[f] ?? ""} />)}
            </>
          ) : null}
          <StepFields step={step} values={values} errors={errors} onChange={onChange} disabled={busy} />
          {step === 2 && understood ? (
            <section aria-labelledby="understood-heading" className="space-y-4 border-t border-slate-100 pt-5">
              <div>
                <h3 id="understood-heading" className="text-lg font-bold tracking-tight text-slate-900">What we understood</h3>
                <p className="mt-1 text-sm text-slate-600">Read from your answers. Correct anything that is wrong: your kit is written from these facts.</p>
              </div>
              <UnderstandingFields idPrefix="wizard" values={understood} errors={errors} onChange={onUnderstoodChange} disabled={busy} />
            </section>
          ) : null}
          {/* The primary button comes first in the DOM so Enter submits it, not Back. */}
          <div className="flex flex-row-reverse items-center justify-between gap-3 border-t border-slate-100 pt-5">
            <Button type="submit" name="intent" value={step === 2 ? "generate" : "next"} disabled={!canAdvance}>
              {step === 2 ? (generating ? "Generating..." : "Generate prompt") : "Next"}
            </Button>
            <Button type="submit" name="intent" value="back" variant="secondary" disabled={step === 0 || busy} formNoValidate>
              Back
            </Button>
          </div>
        </Form>

        {showProgress ? (
          <section aria-label="Generation progress" data-testid="generation" className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4">
            <div className="flex items-center justify-between text-sm">
              <span data-testid="status-text" className="font-medium text-slate-700">
                {kitId ? live.statusText : generating ? "Starting generation..." : ""}
              </span>
              <span data-testid="progress-percent" className="font-semibold tabular-nums text-slate-900">
                {progress}%
              </span>
            </div>
            <ProgressBar value={progress} />
            {kitId && live.prompt ? (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Your website prompt</h3>
                <p data-testid="generated-prompt" className="mt-2 max-h-56 overflow-y-auto whitespace-pre-wrap rounded-xl bg-white p-3 text-sm leading-6 text-slate-700 ring-1 ring-slate-200">
                  {live.prompt}
                </p>
              </div>
            ) : null}
            {kitId && live.logoUrl ? (
              <div className="flex items-center gap-4">
                <img src={live.logoUrl} alt="Generated logo" className="h-24 w-24 rounded-xl bg-white object-contain ring-1 ring-slate-200" />
                {completed ? <p className="text-sm text-slate-600">All done! Taking you to your dashboard...</p> : null}
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}
