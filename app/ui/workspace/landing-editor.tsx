import { getInputProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CheckboxField, ErrorList, Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { FAQ_MAX, FAQ_MIN, LANDING_LIMITS as L, LandingCopyEditSchema, SECTION_IDS, SECTION_LABELS, type LandingContent, type SectionId } from "~/kit/assets/landing/schema";

/**
 * The landing page's editors: every text of the page in one plain form (it
 * works without JavaScript; with it, it validates before sending), and the
 * section order as positions and "show" boxes.
 */

type ErrorsFor = (name: string, errors: string[] | undefined) => string[] | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the schema
type Meta = FieldMetadata<any, any, string[]>;

function Text({ meta, label, max, long, errorsFor }: { meta: Meta; label: string; max: number; long?: boolean; errorsFor: ErrorsFor }) {
  const hint = `Up to ${max} characters.`;
  if (long) {
    return <TextareaField label={label} hint={hint} textareaProps={{ ...getTextareaProps(meta), maxLength: max, rows: 3 }} errors={errorsFor(meta.name, meta.errors)} />;
  }
  return <Field label={label} hint={hint} inputProps={{ ...getInputProps(meta, { type: "text" }), maxLength: max }} errors={errorsFor(meta.name, meta.errors)} />;
}

/**
 * One section's fields, folded away unless it is the hero or holds an error
 * (<details>: opens and closes without JavaScript). Closed, the fields are
 * still in the form and still posted.
 */
function Group({ legend, children, description, open, meta }: { legend: string; children: ReactNode; description?: ReactNode; open?: boolean; meta: Meta }) {
  const hasErrors = Object.values(meta.allErrors ?? {}).some((e) => e?.length);
  return (
    <details open={open || hasErrors} className="group rounded-xl border border-slate-200 open:bg-white">
      <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:px-5">
        <span>{legend}</span>
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">▾</span>
      </summary>
      <fieldset className="border-t border-slate-100 px-4 pt-4 pb-5 sm:px-5">
        <legend className="sr-only">{legend}</legend>
        {description ? <div className="mb-3 text-sm text-slate-600">{description}</div> : null}
        <div className="space-y-4">{children}</div>
      </fieldset>
    </details>
  );
}

function Pair({ n, children }: { n: number; children: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[2rem_1fr]">
      <span aria-hidden="true" className="hidden h-7 w-7 items-center justify-center rounded-full bg-white text-xs font-bold text-slate-600 ring-1 ring-slate-200 sm:flex">{n}</span>
      <div className="space-y-3">{children}</div>
    </div>
  );
}

/** The copy's initial values: the FAQ padded with empty slots up to its maximum, the proof box ticked when real. */
function defaults(content: LandingContent) {
  const faq = [...content.faq.items, ...Array.from({ length: FAQ_MAX - content.faq.items.length }, () => ({ question: "", answer: "" }))];
  const { sections: _sections, proofIsReal, ...copy } = content;
  return { ...copy, proof: { ...copy.proof, real: proofIsReal ? "on" : undefined }, faq: { ...copy.faq, items: faq } };
}

export function CopyEditor({ content, lastResult }: { content: LandingContent; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const { fields, formProps, errorsFor, form } = useValidatedForm({ id: "landing-copy", schema: LandingCopyEditSchema, lastResult, defaultValue: defaults(content) });
  const hero = fields.hero.getFieldset();
  const benefits = fields.benefits.getFieldset();
  const how = fields.how.getFieldset();
  const proof = fields.proof.getFieldset();
  const faq = fields.faq.getFieldset();
  const cta = fields.cta.getFieldset();
  const e = errorsFor as ErrorsFor;
  return (
    <Form method="post" {...formProps} className="space-y-5">
      {form.errors?.length ? <ErrorList errors={form.errors} /> : null}
      <Group legend="Hero" meta={fields.hero} open>
        <Text meta={hero.headline} label="Headline" max={L.headline} errorsFor={e} />
        <Text meta={hero.subheadline} label="Subheadline" max={L.subheadline} long errorsFor={e} />
        <Text meta={hero.button} label="Hero button" max={L.button} errorsFor={e} />
      </Group>
      <Group legend="Benefits" meta={fields.benefits}>
        <Text meta={benefits.heading} label="Benefits heading" max={L.heading} errorsFor={e} />
        {benefits.items.getFieldList().map((item, i) => {
          const f = item.getFieldset();
          return (
            <Pair key={item.key} n={i + 1}>
              <Text meta={f.title} label={`Benefit ${i + 1}: title`} max={L.title} errorsFor={e} />
              <Text meta={f.body} label={`Benefit ${i + 1}: text`} max={L.body} long errorsFor={e} />
            </Pair>
          );
        })}
      </Group>
      <Group legend="How it works" meta={fields.how}>
        <Text meta={how.heading} label="How it works heading" max={L.heading} errorsFor={e} />
        {how.steps.getFieldList().map((item, i) => {
          const f = item.getFieldset();
          return (
            <Pair key={item.key} n={i + 1}>
              <Text meta={f.title} label={`Step ${i + 1}: title`} max={L.title} errorsFor={e} />
              <Text meta={f.body} label={`Step ${i + 1}: text`} max={L.body} long errorsFor={e} />
            </Pair>
          );
        })}
      </Group>
      <Group
        legend="Social proof"
        meta={fields.proof}
        description={<p>These start as placeholders, never invented quotes: replace them with the words of real customers (with their permission), then tick the box below. Until then they show in the preview only, each labelled “Placeholder”: the published page and the downloaded file leave this section out.</p>}
      >
        <Text meta={proof.heading} label="Social proof heading" max={L.heading} errorsFor={e} />
        {proof.items.getFieldList().map((item, i) => {
          const f = item.getFieldset();
          return (
            <Pair key={item.key} n={i + 1}>
              <Text meta={f.quote} label={`Quote ${i + 1}`} max={L.quote} long errorsFor={e} />
              <div className="grid gap-3 sm:grid-cols-2">
                <Text meta={f.name} label={`Quote ${i + 1}: name`} max={L.name} errorsFor={e} />
                <Text meta={f.detail} label={`Quote ${i + 1}: role, company or city`} max={L.detail} errorsFor={e} />
              </div>
            </Pair>
          );
        })}
        <CheckboxField label="These are real quotes from real customers, shared with their permission" inputProps={getInputProps(proof.real, { type: "checkbox" })} errors={e(proof.real.name, proof.real.errors)} />
      </Group>
      <Group legend="FAQ" meta={fields.faq} description={<p>{FAQ_MIN} to {FAQ_MAX} questions. Leave a slot empty to drop it.</p>}>
        <Text meta={faq.heading} label="FAQ heading" max={L.heading} errorsFor={e} />
        <ErrorList errors={e(faq.items.name, faq.items.errors)} />
        {faq.items.getFieldList().map((item, i) => {
          const f = item.getFieldset();
          return (
            <Pair key={item.key} n={i + 1}>
              <Text meta={f.question} label={`Question ${i + 1}`} max={L.question} errorsFor={e} />
              <Text meta={f.answer} label={`Answer ${i + 1}`} max={L.answer} long errorsFor={e} />
            </Pair>
          );
        })}
      </Group>
      <Group legend="Final call to action" meta={fields.cta}>
        <Text meta={cta.headline} label="Closing headline" max={L.heading} errorsFor={e} />
        <Text meta={cta.body} label="Closing text" max={L.body} long errorsFor={e} />
        <Text meta={cta.button} label="Form button" max={L.button} errorsFor={e} />
      </Group>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save-copy">Save copy</Button>
        <p className="text-xs text-slate-600">The preview, the download and the published page follow at once.</p>
      </div>
    </Form>
  );
}

/** Positions and "show" boxes: works without JavaScript, ties keep the current order. */
export function SectionsEditor({ sections, message }: { sections: readonly SectionId[]; message?: string | null }) {
  const ordered = [...sections, ...SECTION_IDS.filter((s) => !sections.includes(s))];
  return (
    <Form method="post" className="space-y-4">
      {message ? <p role="alert" className="text-sm text-red-700">{message}</p> : null}
      <ol className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {ordered.map((id, i) => (
          <li key={id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="text-sm font-semibold text-slate-900">{SECTION_LABELS[id]}</span>
            <span className="flex items-center gap-4">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                Position<span className="sr-only"> of {SECTION_LABELS[id]}</span>
                <select name={`position.${id}`} defaultValue={String(i + 1)} className="rounded-lg border-0 py-1 pl-2 pr-8 text-sm ring-1 ring-inset ring-slate-300">
                  {SECTION_IDS.map((_, n) => (
                    <option key={n} value={n + 1}>{n + 1}</option>
                  ))}
                </select>
              </label>
              {id === "cta" ? (
                <span className="w-16 text-xs text-slate-500">Always shown</span>
              ) : (
                <label className="flex w-16 items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name={`show.${id}`} defaultChecked={sections.includes(id)} className="h-4 w-4 accent-brand-600" />
                  Show<span className="sr-only"> {SECTION_LABELS[id]}</span>
                </label>
              )}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-slate-600">The hero always comes first. Sections with the same position keep their current order.</p>
      <Button type="submit" name="intent" value="save-sections" variant="secondary">Save order</Button>
    </Form>
  );
}
