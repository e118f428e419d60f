import { data, redirect } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { WizardForm, type WizardActionData, type WizardServerState } from "~/ui/wizard/wizard-form";
import { readValues, signinHrefFor, STEPS, type WizardValues } from "~/ui/wizard/wizard-fields";
import { generationInput } from "~/kit/input";
import { startGeneration } from "~/kit/runner/commands.server";
import { claimGeneration } from "~/kit/runner/limits.server";
import { createKit, deleteKitForUser } from "~/kit/kits.server";
import { STEP_SCHEMAS, WizardSchema } from "~/kit/schema";
import { understandIdea } from "~/kit/understanding";
import { answersKey, readUnderstandingValues, UnderstandingFormSchema, understandingValues, type FounderFacts } from "~/kit/understanding/form";
import type { Route } from "./+types/wizard";

export const meta: Route.MetaFunction = () => [
  { title: "Create your launch kit | LaunchKit" },
  { name: "description", content: "Answer three quick steps and get a website-builder prompt and a logo for your business." },
];

const SIGN_IN_REQUIRED = "Please sign in to generate a prompt";

function clampStep(raw: unknown) {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 2 ? n : 0;
}

/**
 * What the offline reading understands of the answers, as the last step's
 * fields: the same reading the kit's brand step starts from.
 */
function understoodFrom(values: WizardValues) {
  const input = generationInput({
    businessIdea: values.idea,
    targetAudience: values.audience,
    geography: values.geography,
    tone: values.tone,
    competitors: values.competitors,
    primaryGoal: values.goal,
    brandVibe: values.vibe,
  });
  return understandingValues(understandIdea(input));
}

/** Answers and step can come in the URL (the way back from sign-in keeps them). */
export async function loader({ url }: Route.LoaderArgs) {
  const stepParam = Number(url.searchParams.get("step"));
  const step = Number.isInteger(stepParam) && stepParam >= 1 && stepParam <= 3 ? stepParam - 1 : 0;
  const values = readValues(url.searchParams);
  // The last step shows the reading once the first steps' answers are there (the way back from sign-in).
  const ready = step === 2 && STEP_SCHEMAS[0].safeParse(values).success;
  // Edits made before signing in come back while the answers they were read from are the same.
  const kept = ready && url.searchParams.get("understood") === "1" && url.searchParams.get("understoodFor") === answersKey(values);
  const understood = kept ? readUnderstandingValues(url.searchParams) : ready ? understoodFrom(values) : null;
  return {
    server: { step, values, errors: {}, formError: null, understood, understoodFor: ready ? answersKey(values) : null } satisfies WizardServerState,
  };
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Partial<Record<string, string[]>> = {};
  for (const issue of issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readValues(form);
  const step = clampStep(form.get("step"));
  const intent = form.get("intent");
  const reply = (state: WizardServerState, status = 200) => data<WizardActionData>({ state, kitId: null }, { status });

  // The last step's understanding, when it was shown (a client that posts only the wizard's fields has none).
  const understoodPosted = form.get("understood") === "1";
  const understood = understoodPosted ? readUnderstandingValues(form) : null;
  const understoodFor = understood ? String(form.get("understoodFor") ?? "") : null;

  // The last step's fields travel with the earlier steps too, so going back keeps the founder's edits.
  if (intent === "back") return reply({ step: Math.max(0, step - 1), values, understood, understoodFor });
  if (intent === "next") {
    const parsed = STEP_SCHEMAS[step]!.safeParse(values);
    if (!parsed.success) return reply({ step, values, errors: fieldErrors(parsed.error.issues), understood, understoodFor }, 400);
    const next = Math.min(2, step + 1);
    // Moving to the last step: the edits stay while the answers they were read from are the same; else the answers are read again.
    if (next === 2 && !(understood && understoodFor === answersKey(values))) {
      return reply({ step: next, values, understood: understoodFrom(values), understoodFor: answersKey(values) });
    }
    return reply({ step: next, values, understood, understoodFor });
  }
  if (intent !== "generate") return reply({ step, values, formError: { message: "Unknown wizard action." } }, 400);

  // Generate: every step must be valid; the first invalid step is shown again.
  for (let i = 0; i < STEPS.length; i++) {
    const parsed = STEP_SCHEMAS[i]!.safeParse(values);
    if (!parsed.success) return reply({ step: i, values, errors: fieldErrors(parsed.error.issues), understood, understoodFor }, 400);
  }
  let facts: FounderFacts | null = null;
  if (understood) {
    const checked = UnderstandingFormSchema.safeParse(understood);
    if (!checked.success) return reply({ step: 2, values, understood, understoodFor, errors: fieldErrors(checked.error.issues) }, 400);
    facts = checked.data;
  }
  const user = await getUser(request);
  if (!user) {
    return reply({ step, values, understood, understoodFor, formError: { message: SIGN_IN_REQUIRED, signinHref: signinHrefFor(values, understood && understoodFor ? { values: understood, for: understoodFor } : null) } }, 401);
  }
  const refused = await claimGeneration(user.id);
  if (refused) return reply({ step, values, understood, understoodFor, formError: { message: refused } }, 429);
  const input = WizardSchema.parse(values);
  const kit = await createKit(user.id, input, facts);
  // Holds the concurrent limit again, atomically: another request of the same
  // user (on any instance) may have started a kit since the check above.
  const notStarted = await startGeneration(kit, { limit: true });
  if (notStarted) {
    await deleteKitForUser(kit.id, user.id);
    return reply({ step, values, understood, understoodFor, formError: { message: notStarted } }, 429);
  }
  if (form.get("mode") === "js") return data<WizardActionData>({ state: null, kitId: kit.id });
  return redirect(`/dashboard/kits/${kit.id}`, 303);
}

export default function Wizard({ loaderData, actionData }: Route.ComponentProps) {
  const server = actionData?.state ?? loaderData.server;
  return (
    <main className="relative px-4 pt-28 pb-16">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-100/70 to-transparent" />
      <div className="mx-auto max-w-2xl">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Create your launch kit</h1>
        <p className="mt-3 text-center text-slate-600">Three quick steps. Estimated generation time: under a minute (your brand within about 10 seconds).</p>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          {/* A new server answer (no-JS) remounts the form with its state. */}
          <WizardForm key={JSON.stringify(server)} server={server} />
        </div>
      </div>
    </main>
  );
}
