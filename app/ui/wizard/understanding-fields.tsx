import type { ReactNode } from "react";
import { Field, SelectField } from "~/ui/forms";
import {
  BUSINESS_MODEL_LABELS,
  BUSINESS_MODELS,
  FACT_SLOTS,
  LIMITS,
  PRICE_PERIOD_LABELS,
  PRICE_PERIODS,
  PRICE_SLOTS,
  type UnderstandingValues,
} from "~/kit/understanding/form";

const MODEL_OPTIONS = BUSINESS_MODELS.map((m) => ({ value: m, label: BUSINESS_MODEL_LABELS[m] }));
const PERIOD_OPTIONS = PRICE_PERIODS.map((p) => ({ value: p, label: PRICE_PERIOD_LABELS[p] }));

/**
 * What LaunchKit understood of the business, as plain form fields: the
 * wizard's last step (controlled, with `onChange`) and the kit overview's
 * editor (uncontrolled, posted as it is). Without JavaScript both post
 * every field; the developer-tool fields sit in a <details> that opens by
 * itself when the business is a developer tool or they hold something.
 */
export function UnderstandingFields({
  idPrefix,
  values,
  errors,
  onChange,
  disabled,
}: {
  idPrefix: string;
  values: UnderstandingValues;
  errors: Partial<Record<string, string[]>>;
  onChange?: (field: string, value: string) => void;
  disabled?: boolean;
}) {
  const props = (name: string, max?: number) => ({
    id: `${idPrefix}-${name}`,
    name,
    maxLength: max,
    disabled,
    ...(onChange ? { value: values[name] ?? "", onChange: (e: { target: { value: string } }) => onChange(name, e.target.value) } : { defaultValue: values[name] ?? "" }),
  });
  const text = (name: string, label: ReactNode, max: number, hint?: string, placeholder?: string) => (
    <Field key={name} label={label} inputProps={{ ...props(name, max), type: "text", placeholder }} errors={errors[name]} hint={hint} />
  );
  const developer = values.model === "developer-tool" || Boolean(values.language || values.install || values.repository);
  return (
    <div className="space-y-5" data-testid="understanding">
      <SelectField label="What you sell and how" selectProps={{ ...props("model"), required: true }} options={MODEL_OPTIONS} placeholder="Select what you sell and how" errors={errors.model} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Prices</legend>
        <p className="text-xs text-slate-600">Only the prices you give are shown. Leave them empty and the published page leaves prices out.</p>
        {Array.from({ length: PRICE_SLOTS }, (_, i) => {
          const n = i + 1;
          return (
            <fieldset key={n} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-6">
              <legend className="px-1 text-xs font-semibold text-slate-700">Price {n}</legend>
              <Field className="sm:col-span-2" label="Amount" inputProps={{ ...props(`price${n}Amount`, LIMITS.amount), type: "text", inputMode: "decimal", placeholder: n === 1 ? "e.g. 29" : undefined }} errors={errors[`price${n}Amount`]} />
              <Field className="sm:col-span-2" label="Currency" inputProps={{ ...props(`price${n}Currency`, 4), type: "text", placeholder: n === 1 ? "e.g. USD" : undefined, autoComplete: "off" }} errors={errors[`price${n}Currency`]} />
              <SelectField className="sm:col-span-2" label="How often" selectProps={props(`price${n}Period`)} options={PERIOD_OPTIONS} placeholder="Not said" errors={errors[`price${n}Period`]} />
              <Field className="sm:col-span-3" label="Per (optional)" inputProps={{ ...props(`price${n}Per`, LIMITS.per), type: "text", placeholder: n === 1 ? "e.g. child, seat, org" : undefined }} errors={errors[`price${n}Per`]} />
              <Field className="sm:col-span-3" label="What it is for (optional)" inputProps={{ ...props(`price${n}Label`, LIMITS.label), type: "text", placeholder: n === 1 ? "e.g. cloud tier" : undefined }} errors={errors[`price${n}Label`]} />
            </fieldset>
          );
        })}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        {text("place", "Place (optional)", LIMITS.place, undefined, "e.g. Lisbon")}
        {text("serviceArea", "Service area (optional)", LIMITS.serviceArea, undefined, "e.g. Arroios and Graça")}
      </div>
      {text("ages", "Ages or sizes (optional)", LIMITS.ages, "Only when they matter, like 8–12 or sizes 36–46.")}

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Facts, in your own words</legend>
        <p className="text-xs text-slate-600">Three to five things a customer should know, like “groups of 8” or “works with Dentrix”. Your kit quotes them.</p>
        {Array.from({ length: FACT_SLOTS }, (_, i) => text(`fact${i + 1}`, `Fact ${i + 1}`, LIMITS.fact))}
      </fieldset>

      {text("differentiator", "What sets you apart (optional)", LIMITS.differentiator)}

      <details open={developer} className="rounded-xl border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">For a developer tool</summary>
        <div className="mt-3 space-y-4">
          {text("language", "Language or ecosystem", LIMITS.language, undefined, "e.g. Go")}
          {text("install", "Install command", LIMITS.install, "Shown as it is, for visitors to copy.", "e.g. go install github.com/you/tool@latest")}
          {text("repository", "Repository", LIMITS.repository, "Its address, or owner/name on GitHub.", "https://github.com/…")}
        </div>
      </details>
    </div>
  );
}
