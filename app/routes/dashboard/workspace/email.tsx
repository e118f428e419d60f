import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { CheckboxField, Field, FormError, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { workspaceKitName } from "~/ui/workspace/summary";
import { kitBrand } from "~/kit/content.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { deliverabilityChecklist } from "~/features/site/sequences/deliverability.server";
import { BroadcastSchema, fieldErrors, parseSendAt, SettingsSchema, StepSchema, type FieldErrors } from "~/features/site/sequences/forms";
import { sendingBlocked, sendTestEmail } from "~/features/site/sequences/sender.server";
import {
  addStep,
  askToConfirm,
  broadcastsOf,
  cancelBroadcast,
  createBroadcast,
  ensureSequence,
  leadList,
  leadTotals,
  removeStep,
  sequenceOf,
  stepsOf,
  updateSettings,
  updateStep,
  type LeadTotals,
} from "~/features/site/sequences/sequences.server";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { redirectPastLastPage, requestedPage } from "~/platform/text/pagination";
import { linkOrigin } from "~/platform/http/site-origin.server";
import type { Route } from "./+types/email";

/** The heading names the section, not the kit (the workspace layout route reads it). */
export const handle = { workspaceTitle: "E-mail" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `E-mail · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/email: the page's e-mail sequence and broadcasts
 * (docs/decisions/028-email-sequences.md). Owner only (another
 * user's kit is a 404); Pro to send (plan rules and admin override), a
 * confirmed founder, a postal address. Every form is a plain POST. The
 * leads are listed LEADS_PAGE_SIZE at a time (?page=), under totals by status.
 */
export const LEADS_PAGE_SIZE = 25;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const blocked = await sendingBlocked(user.id);
  const pro = blocked !== "E-mail sequences and broadcasts are part of Pro.";
  const brandReady = (await kitBrand(kit.id)) !== null;
  if (pro && brandReady) await ensureSequence(kit.id, () => writeWelcome(kit.id));
  const sequence = await sequenceOf(kit.id);
  const page = await landingPageOf(kit.id);
  const url = new URL(request.url);
  const leadPage = requestedPage(url);
  const totals: LeadTotals = sequence ? await leadTotals(kit.id) : { all: 0, byStatus: {} };
  if (sequence) redirectPastLastPage(url, leadPage, totals.all, LEADS_PAGE_SIZE);
  return {
    pro,
    blocked,
    brandReady,
    published: Boolean(page?.published),
    founderEmail: user.email,
    sequence: sequence ? { enabled: sequence.enabled, doubleOptIn: sequence.doubleOptIn, postalAddress: sequence.postalAddress, replyTo: sequence.replyTo } : null,
    steps: sequence ? (await stepsOf(kit.id)).map((s) => ({ id: s.id, subject: s.subject, preview: s.preview, body: s.body, delayValue: s.delayValue, delayUnit: s.delayUnit })) : [],
    leads: sequence ? (await leadList(kit.id, { limit: LEADS_PAGE_SIZE, offset: (leadPage - 1) * LEADS_PAGE_SIZE })).map((l) => ({ ...l, nextAt: l.nextAt?.toISOString() ?? null })) : [],
    totals,
    leadPage,
    broadcasts: sequence ? (await broadcastsOf(kit.id)).map((b) => ({ id: b.id, subject: b.subject, status: b.status, sendAt: b.sendAt.toISOString(), recipients: b.recipients, delivered: b.delivered })) : [],
    checklist: deliverabilityChecklist(),
  };
}

type ActionData = { intent: string; message: string | null; errors?: FieldErrors; stepId?: string };
const reply = (body: ActionData, status = 200) => data(body, { status });

const INTENTS = ["settings", "save-step", "add-step", "remove-step", "test", "broadcast", "cancel-broadcast", "ask-confirm"] as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const value = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : undefined);
  const base = `/dashboard/kits/${kit.id}/email`;
  if (!(INTENTS as readonly string[]).includes(intent)) return reply({ intent, message: "Unknown action." }, 400);
  const blocked = await sendingBlocked(user.id);
  if (blocked === "E-mail sequences and broadcasts are part of Pro.") return reply({ intent, message: "E-mail sequences and broadcasts come with Pro." }, 403);
  const sequence = await sequenceOf(kit.id);
  if (!sequence) return reply({ intent, message: "The sequence is not ready yet: open this page again once the brand is ready." }, 409);
  const stepId = value("stepId") ?? "";
  const steps = await stepsOf(kit.id);
  const needsStep = intent === "save-step" || intent === "remove-step" || intent === "test";
  if (needsStep && !steps.some((s) => s.id === stepId)) return reply({ intent, message: "That e-mail does not exist (it may have been removed)." }, 404);

  if (intent === "settings") {
    const parsed = SettingsSchema.safeParse({ enabled: value("enabled"), doubleOptIn: value("doubleOptIn"), postalAddress: value("postalAddress"), replyTo: value("replyTo") });
    if (!parsed.success) return reply({ intent, message: null, errors: fieldErrors(parsed.error) }, 400);
    const enabled = parsed.data.enabled === "on";
    if (enabled && !parsed.data.postalAddress) return reply({ intent, message: null, errors: { postalAddress: ["Enter a postal address: every e-mail must name where it comes from."] } }, 400);
    if (enabled && blocked) return reply({ intent, message: blocked }, 403);
    await updateSettings(kit.id, { enabled, doubleOptIn: parsed.data.doubleOptIn === "on", postalAddress: parsed.data.postalAddress, replyTo: parsed.data.replyTo });
    return redirect(`${base}?saved=settings`, 303);
  }
  if (intent === "ask-confirm") {
    if (!sequence.doubleOptIn) return reply({ intent, message: "Turn on double opt-in first: without it, every subscribed lead already gets your e-mails." }, 400);
    if (blocked) return reply({ intent, message: blocked }, 403);
    const { asked, waiting } = await askToConfirm(kit.id);
    if (waiting === 0) return reply({ intent, message: "Every subscribed lead has confirmed: there is nobody to ask." }, 409);
    return redirect(`${base}?saved=asked&asked=${asked}#email-leads`, 303);
  }
  if (intent === "remove-step") {
    if (steps.length <= 1) return reply({ intent, stepId, message: "Keep at least one e-mail (turn the sequence off to stop it)." }, 400);
    await removeStep(kit.id, stepId);
    return redirect(`${base}?saved=removed`, 303);
  }
  if (intent === "save-step" || intent === "add-step") {
    const parsed = StepSchema.safeParse({ subject: value("subject"), preview: value("preview"), body: value("body"), delayValue: value("delayValue"), delayUnit: value("delayUnit") });
    if (!parsed.success) return reply({ intent, stepId, message: null, errors: fieldErrors(parsed.error) }, 400);
    if (intent === "save-step") {
      await updateStep(kit.id, stepId, parsed.data);
      return redirect(`${base}?saved=step#step-${stepId}`, 303);
    }
    const after = value("after") ?? "";
    if (after && !steps.some((s) => s.id === after)) return reply({ intent, message: "Choose where the e-mail goes." }, 400);
    const id = await addStep(kit.id, after || null, parsed.data);
    return redirect(`${base}?saved=added#step-${id}`, 303);
  }
  if (intent === "test") {
    if (blocked) return reply({ intent, stepId, message: blocked }, 403);
    if (!sequence.postalAddress) return reply({ intent, stepId, message: "Enter your postal address first: the test shows the footer your leads get." }, 400);
    const origin = await linkOrigin(request);
    if (!origin) return reply({ intent, stepId, message: "LaunchKit does not know its public address yet (APP_URL), so e-mails cannot carry links." }, 409);
    const step = steps.find((s) => s.id === stepId)!;
    try {
      await sendTestEmail(kit.id, user.email, step, sequence.postalAddress, origin, sequence.replyTo);
    } catch {
      return reply({ intent, stepId, message: "The test could not be sent: the mail server did not accept it. Try again in a minute." }, 502);
    }
    return redirect(`${base}?saved=test#step-${stepId}`, 303);
  }
  if (intent === "cancel-broadcast") {
    if (!(await cancelBroadcast(kit.id, value("broadcastId") ?? ""))) return reply({ intent, message: "That broadcast is already out or does not exist." }, 404);
    return redirect(`${base}?saved=cancelled#broadcasts`, 303);
  }
  // broadcast
  const parsed = BroadcastSchema.safeParse({ subject: value("subject"), preview: value("preview"), body: value("body"), when: value("when"), sendAt: value("sendAt") });
  if (!parsed.success) return reply({ intent, message: null, errors: fieldErrors(parsed.error) }, 400);
  if (blocked) return reply({ intent, message: blocked }, 403);
  if (!sequence.postalAddress) return reply({ intent, message: "Enter your postal address first (Settings): every e-mail names where it comes from." }, 400);
  let sendAt = new Date();
  if (parsed.data.when === "later") {
    const at = parseSendAt(parsed.data.sendAt);
    if (!at || at.getTime() < Date.now() - 60_000) return reply({ intent, message: null, errors: { sendAt: ["Choose a date and time in the future (UTC)."] } }, 400);
    sendAt = at;
  }
  await createBroadcast(kit.id, { subject: parsed.data.subject, preview: parsed.data.preview, body: parsed.data.body, sendAt });
  return redirect(`${base}?saved=broadcast#broadcasts`, 303);
}

const SAVED: Record<string, string> = {
  settings: "Settings saved.",
  step: "E-mail saved. Leads who have not had it yet get the new version.",
  added: "E-mail added. Leads already past its place do not get it.",
  removed: "E-mail removed.",
  test: "Test sent to your address.",
  broadcast: "Broadcast scheduled: it goes to every subscribed lead (with double opt-in on, every confirmed one).",
  cancelled: "Broadcast cancelled.",
};

const STATUS_LABELS: Record<string, string> = {
  unconfirmed: "Not confirmed",
  "unconfirmed-earlier": "Not confirmed (joined before double opt-in)",
  active: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  failed: "Gave up (3 days of failures)",
  suppressed: "Suppressed (unsubscribed from this page earlier, or the address bounced)",
};
/** The totals line: in this order, each shown when there is one. "none": leads with no place in the sequence (suppressed before they signed up again). */
const TOTAL_LABELS: Array<[string, string]> = [
  ["active", "subscribed"],
  ["unconfirmed", "not confirmed"],
  ["unconfirmed-earlier", "joined before double opt-in, not confirmed"],
  ["unsubscribed", "unsubscribed"],
  ["bounced", "bounced"],
  ["failed", "gave up"],
  ["none", "not enrolled"],
];

function savedMessage(params: URLSearchParams) {
  const key = params.get("saved") ?? "";
  if (key !== "asked") return SAVED[key];
  const asked = Number(params.get("asked"));
  const n = Number.isSafeInteger(asked) && asked >= 0 ? asked : 0;
  return n === 0
    ? "Nobody was e-mailed now: each lead who has not confirmed had a confirmation e-mail in the last 24 hours (or this address had its day's share). Try again tomorrow."
    : `Confirmation e-mail on its way to ${n === 1 ? "1 lead" : `${n} leads`}. Until they follow the link, they get no broadcasts and no sequence e-mails.`;
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export default function EmailSection({ loaderData, actionData }: Route.ComponentProps) {
  const { pro, blocked, brandReady, published, sequence, steps, leads, totals, leadPage, broadcasts, checklist, founderEmail } = loaderData;
  const [params] = useSearchParams();
  const saved = savedMessage(params);
  const errorsFor = (intent: string, stepId?: string) => (actionData?.intent === intent && (stepId === undefined || actionData.stepId === stepId) ? actionData : undefined);
  return (
    <>
      <div className="space-y-6" data-testid="email-section">
        {saved ? <Notice tone="success">{saved}</Notice> : null}
        {actionData?.message && !actionData.stepId ? (
          <Notice tone="error" role="alert">
            {actionData.message}
          </Notice>
        ) : null}
        {!pro ? (
          <div data-testid="email-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">Nurture your leads with Pro</p>
            <p className="mt-1">
              A welcome sequence written for your business (three e-mails: at sign-up, day 2, day 5) that you can edit, broadcasts such as &ldquo;We launched!&rdquo;, double opt-in, one-click
              unsubscribe and the deliverability checklist.
            </p>
            <Link to="/pricing" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
              Compare plans →
            </Link>
          </div>
        ) : !brandReady || !sequence ? (
          <Notice tone="info">The welcome sequence is written from your brand: come back once the brand is ready.</Notice>
        ) : (
          <>
            {blocked ? <Notice tone="warning">{blocked}</Notice> : null}
            {!published ? <Notice tone="info">Publish your landing page to collect leads: they join the sequence when they sign up.</Notice> : null}
            {sequence.enabled && !sequence.replyTo ? (
              <Notice tone="info">
                Your e-mails have no Reply-To address, so a lead who replies writes to {checklist.from}, not to you. Add a reply address in Settings if you want their answers.
              </Notice>
            ) : null}
            <Panel title="Settings" id="email-settings">
              <Form method="post" className="space-y-4" data-testid="email-settings-form">
                <input type="hidden" name="intent" value="settings" />
                <CheckboxField label="Send the sequence to new leads" inputProps={{ name: "enabled", defaultChecked: sequence.enabled, value: "on" }} />
                <CheckboxField label="Double opt-in (recommended): leads confirm their address by a link before they get anything else" inputProps={{ name: "doubleOptIn", defaultChecked: sequence.doubleOptIn, value: "on" }} />
                <TextareaField
                  label="Your postal address (shown in every e-mail's footer; required to send)"
                  textareaProps={{ name: "postalAddress", defaultValue: sequence.postalAddress, rows: 2, maxLength: 300 }}
                  errors={errorsFor("settings")?.errors?.postalAddress}
                />
                <Field
                  label="Reply-To address (optional)"
                  inputProps={{ name: "replyTo", type: "email", defaultValue: sequence.replyTo, maxLength: 254, autoComplete: "off" }}
                  hint={`Where your leads' replies go; your welcome e-mails invite them to reply. Left empty, your e-mails show no address of yours and replies go to the sending address, ${checklist.from}.`}
                  errors={errorsFor("settings")?.errors?.replyTo}
                />
                <Button type="submit">Save settings</Button>
              </Form>
            </Panel>

            <section aria-labelledby="steps-heading" className="space-y-4">
              <h2 id="steps-heading" className="text-lg font-semibold text-slate-900">
                Welcome sequence
              </h2>
              {steps.map((s, i) => {
                const err = errorsFor("save-step", s.id) ?? errorsFor("test", s.id) ?? errorsFor("remove-step", s.id);
                return (
                  <Panel key={s.id} title={`E-mail ${i + 1}`} id={`step-${s.id}`}>
                    {err?.message ? (
                      <Notice tone="error" role="alert">
                        {err.message}
                      </Notice>
                    ) : null}
                    <Form method="post" className="space-y-3" data-testid="step-form">
                      <input type="hidden" name="stepId" value={s.id} />
                      <Field label="Subject" inputProps={{ name: "subject", defaultValue: s.subject, maxLength: 120, required: true }} errors={err?.errors?.subject} />
                      <Field label="Preview line" inputProps={{ name: "preview", defaultValue: s.preview, maxLength: 150 }} errors={err?.errors?.preview} />
                      <TextareaField
                        label="Body (simple Markdown: **bold**, *italic*, - lists, [links](https://…))"
                        textareaProps={{ name: "body", defaultValue: s.body, rows: 8, required: true }}
                        errors={err?.errors?.body}
                      />
                      <DelayFields value={s.delayValue} unit={s.delayUnit} first={i === 0} errors={err?.errors} />
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" name="intent" value="save-step">
                          Save e-mail {i + 1}
                        </Button>
                        <Button type="submit" variant="secondary" name="intent" value="test" formNoValidate>
                          Send me a test
                        </Button>
                        <Button type="submit" variant="ghost" name="intent" value="remove-step" formNoValidate>
                          Remove
                        </Button>
                      </div>
                    </Form>
                  </Panel>
                );
              })}
              <Panel title="Add an e-mail" id="add-step">
                <AddStepForm steps={steps} errors={errorsFor("add-step")?.errors} />
              </Panel>
              <p className="text-xs text-slate-600">Tests go to {founderEmail}.</p>
            </section>

            <Panel title="Broadcasts" id="broadcasts">
              <BroadcastForm errors={errorsFor("broadcast")?.errors} doubleOptIn={sequence.doubleOptIn} reach={totals.byStatus.active ?? 0} />
              {broadcasts.length ? (
                <ul className="mt-4 divide-y divide-slate-100 text-sm" data-testid="broadcast-list">
                  {broadcasts.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="font-medium text-slate-900">{b.subject}</span> ·{" "}
                        {b.status === "scheduled" ? `scheduled for ${when(b.sendAt)}` : b.status === "cancelled" ? "cancelled" : `sent to ${b.delivered} of ${b.recipients}`}
                      </span>
                      {b.status === "scheduled" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="cancel-broadcast" />
                          <input type="hidden" name="broadcastId" value={b.id} />
                          <Button type="submit" variant="ghost" size="sm">
                            Cancel
                          </Button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Panel>

            <Panel title="Leads" id="email-leads">
              <LeadTotalsLine totals={totals} />
              {sequence.doubleOptIn && (totals.byStatus["unconfirmed-earlier"] ?? 0) + (totals.byStatus.unconfirmed ?? 0) > 0 ? (
                <Form method="post" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800" data-testid="ask-confirm-form">
                  <input type="hidden" name="intent" value="ask-confirm" />
                  <p>
                    With double opt-in on, broadcasts and the sequence reach only leads who confirmed their address. Leads who have not get one e-mail with a confirmation link (at most one a day).
                  </p>
                  <Button type="submit" variant="secondary" className="mt-2">
                    Ask existing leads to confirm
                  </Button>
                </Form>
              ) : null}
              <div className="mt-4">
                <LeadTable leads={leads} />
              </div>
              <LeadPager page={leadPage} total={totals.all} />
            </Panel>

            <Panel title={`Deliverability checklist for ${checklist.domain}`} id="deliverability">
              <p className="text-sm text-slate-700">
                E-mails go out from {checklist.from}. Gmail and Yahoo ask bulk senders for SPF, DKIM and DMARC on that domain: publish these records with your DNS host (LaunchKit does not look them up).
              </p>
              <ul className="mt-3 space-y-3 text-sm">
                {checklist.items.map((item) => (
                  <li key={item.name} className="rounded-lg border border-slate-200 p-3">
                    <p className="font-semibold text-slate-900">
                      {item.name} <span className="font-normal text-slate-600">· {item.status === "set" ? "configured here" : item.status === "todo" ? "to do" : "check with your DNS host"}</span>
                    </p>
                    <p className="mt-1 text-slate-700">{item.text}</p>
                    {item.record ? (
                      <p className="mt-1 break-all font-mono text-xs text-slate-800">
                        {item.record.host} {item.record.type} &quot;{item.record.value}&quot;
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Panel>
          </>
        )}
      </div>
    </>
  );
}

function DelayFields({ value, unit, first, errors }: { value: number; unit: string; first: boolean; errors?: FieldErrors }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{first ? "Send after sign-up (or confirmation)" : "Send after the previous e-mail"}</legend>
      <div className="mt-1 flex gap-2">
        <input name="delayValue" type="number" min={0} max={365} defaultValue={value} aria-label="Delay" className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm" aria-invalid={errors?.delayValue ? true : undefined} />
        <select name="delayUnit" defaultValue={unit} aria-label="Unit" className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
          <option value="hours">hours</option>
          <option value="days">days</option>
        </select>
      </div>
      <FormError errors={[...(errors?.delayValue ?? []), ...(errors?.delayUnit ?? [])]} />
    </fieldset>
  );
}

function AddStepForm({ steps, errors }: { steps: Array<{ id: string; subject: string }>; errors?: FieldErrors }) {
  return (
    <Form method="post" className="space-y-3" data-testid="add-step-form">
      <input type="hidden" name="intent" value="add-step" />
      <label className="block text-sm font-medium text-slate-800">
        Place
        <select name="after" defaultValue="" className="mt-1 block w-full max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm sm:w-auto">
          <option value="">At the end</option>
          {steps.map((s, i) => (
            <option key={s.id} value={s.id}>
              After e-mail {i + 1}: {s.subject}
            </option>
          ))}
        </select>
      </label>
      <Field label="Subject" inputProps={{ name: "subject", maxLength: 120, required: true }} errors={errors?.subject} />
      <Field label="Preview line" inputProps={{ name: "preview", maxLength: 150 }} errors={errors?.preview} />
      <TextareaField label="Body" textareaProps={{ name: "body", rows: 5, required: true }} errors={errors?.body} />
      <DelayFields value={1} unit="days" first={false} errors={errors} />
      <p className="text-xs text-slate-600">Leads already past this place do not get it.</p>
      <Button type="submit">Add e-mail</Button>
    </Form>
  );
}

function BroadcastForm({ errors, doubleOptIn, reach }: { errors?: FieldErrors; doubleOptIn: boolean; reach: number }) {
  return (
    <Form method="post" className="space-y-3" data-testid="broadcast-form">
      <input type="hidden" name="intent" value="broadcast" />
      <p className="text-sm text-slate-700">
        One e-mail to every {doubleOptIn ? "confirmed, " : ""}subscribed lead of this page: {reach === 1 ? "1 lead" : `${reach} leads`} today.
      </p>
      <Field label="Subject" inputProps={{ name: "subject", maxLength: 120, required: true }} errors={errors?.subject} />
      <Field label="Preview line" inputProps={{ name: "preview", maxLength: 150 }} errors={errors?.preview} />
      <TextareaField label="Body" textareaProps={{ name: "body", rows: 5, required: true }} errors={errors?.body} />
      <fieldset className="flex min-w-0 flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">When</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="when" value="now" defaultChecked /> Now
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="when" value="later" /> At
        </label>
        <input type="datetime-local" name="sendAt" aria-label="Send at (UTC)" className="min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1.5" />
        <span className="text-xs text-slate-600">UTC</span>
      </fieldset>
      <FormError errors={errors?.sendAt ?? errors?.when} />
      <Button type="submit">Send broadcast</Button>
    </Form>
  );
}

type LeadView = { id: string; email: string; status: string | null; sentCount: number; nextSubject: string | null; nextAt: string | null; note: string | null };

function LeadTable({ leads }: { leads: LeadView[] }) {
  if (!leads.length) return <p className="text-sm text-slate-600">No leads yet.</p>;
  return (
    <div className="-mx-2">
      <table className="w-full table-fixed text-left text-sm" data-testid="email-leads">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="px-2 py-2">Lead</th>
            <th className="px-2 py-2">Status</th>
            <th className="px-2 py-2">E-mails sent</th>
            <th className="px-2 py-2">Next</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((l) => (
            <tr key={l.id}>
              <td className="px-2 py-2 break-all">{l.email}</td>
              <td className="px-2 py-2" title={l.note ?? undefined}>
                {l.status ? STATUS_LABELS[l.status] : "Not enrolled"}
              </td>
              <td className="px-2 py-2">{l.sentCount}</td>
              <td className="px-2 py-2 break-words">{l.nextSubject && l.nextAt ? `${l.nextSubject} · ${when(l.nextAt)}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadTotalsLine({ totals }: { totals: LeadTotals }) {
  const parts = TOTAL_LABELS.filter(([k]) => (totals.byStatus[k] ?? 0) > 0).map(([k, label]) => `${totals.byStatus[k]} ${label}`);
  return (
    <p className="text-sm text-slate-700" data-testid="email-lead-totals">
      <span className="font-semibold text-slate-900">{totals.all === 1 ? "1 lead" : `${totals.all} leads`}</span>
      {parts.length ? `: ${parts.join(" · ")}` : null}
    </p>
  );
}

function LeadPager({ page, total }: { page: number; total: number }) {
  const last = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  if (last === 1) return null;
  const to = (p: number) => (p === 1 ? "?#email-leads" : `?page=${p}#email-leads`);
  return (
    <nav aria-label="Leads pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm font-semibold text-brand-700">
      {page > 1 ? <Link to={to(page - 1)}>← Newer</Link> : <span />}
      <span className="font-normal text-slate-600">
        Page {page} of {last}
      </span>
      {page < last ? <Link to={to(page + 1)}>Older →</Link> : <span />}
    </nav>
  );
}
