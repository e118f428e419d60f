import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { charCount, cleanSeoText, SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX, SeoEditSchema, snippet, type PageSeo } from "~/kit/assets/landing/seo";

/**
 * Pro's SEO editor in the landing page section: the page's title
 * and meta description, each with its character count (written by the
 * server, so it reads without JavaScript; kept live while typing with it),
 * and the search-result snippet they make, also rendered on the server.
 * Empty fields mean the defaults made from the page (shown as placeholders).
 * Free and Starter founders see what Pro adds and the snippet their page
 * has, with a link to /upgrade.
 */

export type SeoEditorData = {
  editable: boolean;
  saved: { title: string | null; description: string | null };
  defaults: PageSeo;
  /** The page's public address (or the one it will have), as the snippet shows it. */
  url: string;
  /** Whether the page is live, and whether its owner let search engines index it (else it is `noindex`). */
  indexing: { published: boolean; indexable: boolean };
};

type LastResult = Parameters<typeof useValidatedForm>[0]["lastResult"];

function Count({ id, value, min, max }: { id: string; value: string; min?: number; max: number }) {
  const n = charCount(cleanSeoText(value));
  const bad = n > max || (min !== undefined && n > 0 && n < min);
  return (
    <span id={id} data-testid={id} aria-live="polite" className={bad ? "font-semibold text-red-700" : "text-slate-600"}>
      {n} / {max} characters{min !== undefined ? ` (at least ${min})` : ""}
      {n === 0 ? " · empty: the default is used" : ""}
    </span>
  );
}

function Snippet({ seo, url }: { seo: PageSeo; url: string }) {
  const s = snippet(seo, url);
  return (
    <figure data-testid="seo-snippet" className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Search result preview</figcaption>
      <p data-testid="seo-snippet-url" className="truncate text-xs text-slate-700">{s.url}</p>
      <p data-testid="seo-snippet-title" className="mt-1 break-words text-lg leading-snug text-[#1a0dab]">{s.title}</p>
      <p data-testid="seo-snippet-description" className="mt-1 break-words text-sm leading-relaxed text-slate-700">{s.description}</p>
    </figure>
  );
}

/**
 * Whether search engines may list the page, said first: a title and a
 * description are worth nothing to a page that asks not to be listed, and
 * the setting that changes it sits in another card.
 */
function IndexingStatus({ indexing }: { indexing: SeoEditorData["indexing"] }) {
  if (indexing.indexable && indexing.published) {
    return (
      <p data-testid="seo-indexing" className="mb-4 rounded-xl bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900">
        Search engines may list this page: it is indexable and in LaunchKit's sitemap.
      </p>
    );
  }
  return (
    <p data-testid="seo-indexing" role="note" className="mb-4 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      {indexing.indexable ? (
        "Search engines can't find this page yet: it isn't published. Once it is, they may list it."
      ) : (
        <>
          Search engines won't list this page: it is marked <code>noindex</code>
          {indexing.published ? "" : " (and it isn't published yet)"}. To let them, tick "Let search engines index it" under{" "}
          <a href="#landing-publish" className="font-semibold underline">Publish → Settings</a>.
        </>
      )}
    </p>
  );
}

export function SeoEditor({ data, lastResult }: { data: SeoEditorData; lastResult: LastResult }) {
  return (
    <>
      <IndexingStatus indexing={data.indexing} />
      <SeoCard data={data} lastResult={lastResult} />
    </>
  );
}

function SeoCard({ data, lastResult }: { data: SeoEditorData; lastResult: LastResult }) {
  if (!data.editable) {
    return (
      <div className="space-y-4">
        <div data-testid="seo-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Write your own search title and description with Pro</p>
          <p className="mt-1">
            Your page already tells search engines who you are (structured data for your business and your FAQ) and uses a title and description made from its headline. With Pro you
            choose the words people see in search results, within the limits search engines show ({SEO_TITLE_MAX} characters of title, {SEO_DESCRIPTION_MIN}–{SEO_DESCRIPTION_MAX} of description), with a preview of the result.
          </p>
          <p className="mt-3">
            <Link to="/upgrade" className="font-semibold text-brand-700 hover:text-brand-800">See what Pro adds</Link>
          </p>
        </div>
        <Snippet seo={data.defaults} url={data.url} />
      </div>
    );
  }
  return <SeoForm data={data} lastResult={lastResult} />;
}

function SeoForm({ data, lastResult }: { data: SeoEditorData; lastResult: LastResult }) {
  const { fields, formProps, errorsFor, form } = useValidatedForm({
    id: "page-seo",
    schema: SeoEditSchema,
    lastResult,
    defaultValue: { seoTitle: data.saved.title ?? "", seoDescription: data.saved.description ?? "" },
  });
  // What the counters and the snippet show: the saved values (or what a refused submit sent), then what is typed.
  const initialTitle = String(fields.seoTitle.initialValue ?? "");
  const initialDescription = String(fields.seoDescription.initialValue ?? "");
  const [title, setTitle] = useState(initialTitle);
  const [description, setDescription] = useState(initialDescription);
  const shown: PageSeo = { title: cleanSeoText(title) || data.defaults.title, description: cleanSeoText(description) || data.defaults.description };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" {...formProps} className="min-w-0 space-y-4">
        {form.errors?.length ? <p role="alert" className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field
          label="Title in search results"
          hint={<Count id="seo-title-count" value={title} max={SEO_TITLE_MAX} />}
          inputProps={{
            ...getInputProps(fields.seoTitle, { type: "text" }),
            placeholder: data.defaults.title,
            autoComplete: "off",
            onInput: (e) => setTitle(e.currentTarget.value),
          }}
          errors={errorsFor("seoTitle", fields.seoTitle.errors)}
        />
        <TextareaField
          label="Description in search results"
          hint={<Count id="seo-description-count" value={description} min={SEO_DESCRIPTION_MIN} max={SEO_DESCRIPTION_MAX} />}
          textareaProps={{
            ...getTextareaProps(fields.seoDescription),
            placeholder: data.defaults.description,
            rows: 3,
            onInput: (e) => setDescription(e.currentTarget.value),
          }}
          errors={errorsFor("seoDescription", fields.seoDescription.errors)}
        />
        <p className="text-xs text-slate-600">One line each: line breaks are removed. Leave a field empty to use the default shown in it.</p>
        <Button type="submit" name="intent" value="save-seo" variant="secondary" size="sm">Save title and description</Button>
      </Form>
      <div className="min-w-0">
        <Snippet seo={shown} url={data.url} />
      </div>
    </div>
  );
}
