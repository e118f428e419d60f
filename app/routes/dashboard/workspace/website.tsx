import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { regenerate } from "~/kit/plans/regenerations.server";
import { PreviewNote } from "~/ui/billing/preview-note";
import { CheckboxField, Field } from "~/ui/forms";
import { Button, buttonClasses } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { CategoryEditor } from "~/ui/workspace/category-editor";
import { CopyEditor, SectionsEditor } from "~/ui/workspace/landing-editor";
import { SeoEditor } from "~/ui/workspace/seo-editor";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { PageAddressSchema, PageSettingsSchema, PRESS_ROLE_MAX } from "~/kit/assets/landing/page-forms";
import {
  landingPageOf,
  leadCount,
  leadsOfKit,
  LEADS_PAGE_SIZE,
  publishPage,
  setSlug,
  suggestedSlug,
  unpublishPage,
  updatePageSettings,
} from "~/kit/assets/landing/pages.server";
import { applyCategoryEdit, CategoryEditSchema, hasCategoryEdit } from "~/kit/assets/landing/category";
import { pageVersion } from "~/features/site/public.server";
import { defaultSeo, SeoEditSchema } from "~/kit/assets/landing/seo";
import { saveSeo, seoEditable } from "~/kit/assets/landing/seo.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { unconfirmedMessage } from "~/features/auth/email-confirmation.server";
import { applyCopyEdit, ctaKind, LandingContentSchema, LandingCopyEditSchema, sectionsFromEdit, SectionsEditSchema } from "~/kit/assets/landing/schema";
import { formatDate } from "~/kit/format";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/website";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Landing page · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

function pageParam(url: URL, name: string) {
  const n = Number(url.searchParams.get(name));
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { kit, rows, user } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "landing");
  const content = await readyContent(kit.id, "landing", LandingContentSchema);
  const brand = await kitBrand(kit.id);
  const page = await landingPageOf(kit.id);
  const total = await leadCount(kit.id);
  const leadsPage = Math.min(pageParam(url, "leads"), Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)));
  const origin = siteOrigin(request);
  const plan = await entitlementsFor(user.id);
  return {
    canDownload: plan.canDownload,
    watermarked: plan.watermarked,
    row: row ? { status: row.status, error: row.error, version: row.version } : null,
    content,
    goal: kit.primaryGoal,
    ownerEmail: user.email,
    hasBrand: !!brand,
    origin,
    page: page
      ? {
          slug: page.slug,
          published: page.published,
          indexable: page.indexable,
          notifyLeads: page.notifyLeads,
          downloadUrl: page.downloadUrl,
          pressRole: page.pressRole,
          publishedAt: page.publishedAt,
          takenDownAt: page.takenDownAt,
          takedownReason: page.takedownReason,
        }
      : null,
    suggestedSlug: brand ? await suggestedSlug(kit.id, brand.name) : "",
    leads: { total, page: leadsPage, rows: await leadsOfKit(kit.id, leadsPage), hasNext: leadsPage * LEADS_PAGE_SIZE < total },
    version: await pageVersion(kit.id),
    view: url.searchParams.get("view") === "mobile" ? ("mobile" as const) : ("desktop" as const),
    // Pro's SEO editor (app/kit/assets/landing/seo.server.ts): what is saved, the defaults, the address the snippet shows.
    seo: {
      editable: await seoEditable(user),
      saved: { title: page?.seoTitle ?? null, description: page?.seoDescription ?? null },
      defaults: brand && content ? defaultSeo(brand, content) : { title: "", description: "" },
      url: page?.customDomain ? `https://${page.customDomain}/` : `${origin}/p/${page?.slug ?? (brand ? await suggestedSlug(kit.id, brand.name) : "")}`,
      // The card says plainly when search engines are asked not to list the page.
      indexing: { published: Boolean(page?.published && !page.takenDownAt), indexable: page?.indexable ?? false },
    },
  };
}

type Intent = "regenerate" | "save-copy" | "save-sections" | "save-category" | "publish" | "unpublish" | "save-slug" | "save-settings" | "save-seo";

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const base = `/dashboard/kits/${kit.id}/website`;
  const fail = (status: number, message: string) => data({ intent, message, result: null }, { status });

  if (intent === "regenerate") {
    // Counted against the month's regenerations (app/kit/plans/regenerations.server.ts).
    const refused = await regenerate(user.id, kit, "landing");
    if (refused) return fail(refused.status, refused.message);
    return redirect(base, 303);
  }
  // Publishing puts a page (and its lead form) before the public: only with a confirmed address.
  if (intent === "publish" && unconfirmedMessage(user)) return fail(403, unconfirmedMessage(user)!);
  if (intent === "publish" || intent === "save-slug") {
    const submission = parseWithZod(formData, { schema: PageAddressSchema });
    if (submission.status !== "success") return data({ intent, message: null, result: submission.reply() }, { status: 400 });
    if (intent === "publish" && !(await readyContent(kit.id, "landing", LandingContentSchema))) return fail(409, "The landing page isn't ready yet.");
    const result = intent === "publish" ? await publishPage(kit.id, submission.value.slug) : await setSlug(kit.id, submission.value.slug);
    if (!result.ok) {
      return data(
        { intent, message: result.field ? null : result.message, result: submission.reply(result.field ? { fieldErrors: { slug: [result.message] } } : { formErrors: [result.message] }) },
        // A downloads page without its link: 409 until the founder saves one (the form says so).
        { status: result.field || result.needs ? 409 : 403 },
      );
    }
    return redirect(`${base}?saved=${intent === "publish" ? "published" : "address"}`, 303);
  }
  if (intent === "unpublish") {
    await unpublishPage(kit.id);
    return redirect(`${base}?saved=unpublished`, 303);
  }
  if (intent === "save-settings") {
    const submission = parseWithZod(formData, { schema: PageSettingsSchema });
    if (submission.status !== "success") return data({ intent, message: null, result: submission.reply() }, { status: 400 });
    const brand = await kitBrand(kit.id);
    if (!brand) return fail(409, "This kit has no brand yet.");
    // A live downloads page keeps a link: its thank-you page promises the download.
    const current = await landingPageOf(kit.id);
    if (ctaKind(kit.primaryGoal) === "download" && !submission.value.downloadUrl && current?.published && !current.takenDownAt) {
      return data({ intent, message: null, result: submission.reply({ fieldErrors: { downloadUrl: [DOWNLOAD_LINK_KEPT_MESSAGE] } }) }, { status: 400 });
    }
    if (!(await updatePageSettings(kit.id, brand.name, { ...submission.value, downloadUrl: submission.value.downloadUrl ?? null, pressRole: submission.value.pressRole || null }))) {
      return fail(409, "That address was just taken. Choose another address and save again.");
    }
    return redirect(`${base}?saved=settings`, 303);
  }
  if (intent === "save-seo") {
    // Pro (and admins): the page's own title and description. Everyone else's POST is refused.
    if (!(await seoEditable(user))) return fail(403, "Writing your own search title and description comes with Pro. See what Pro adds on the upgrade page.");
    const submission = parseWithZod(formData, { schema: SeoEditSchema });
    if (submission.status !== "success") return data({ intent, message: null, result: submission.reply() }, { status: 400 });
    const brand = await kitBrand(kit.id);
    if (!brand || !(await saveSeo(kit.id, brand.name, submission.value))) return fail(409, "The landing page isn't ready yet.");
    return redirect(`${base}?saved=seo#seo`, 303);
  }
  if (intent === "save-copy" || intent === "save-sections" || intent === "save-category") {
    const current = await readyContent(kit.id, "landing", LandingContentSchema);
    if (!current) return fail(409, "The landing page isn't ready yet.");
    const row = await getAsset(kit.id, "landing");
    if (row?.status === "queued" || row?.status === "generating") return fail(409, "New copy is being written. Please wait for it, then edit.");
    if (intent === "save-category") {
      const submission = parseWithZod(formData, { schema: CategoryEditSchema });
      if (submission.status !== "success") return data({ intent, message: null, result: submission.reply() }, { status: 400 });
      const applied = applyCategoryEdit(current.category, current.emailForm, submission.value);
      if (!applied.ok) {
        const { "": formErrors, ...fieldErrors } = applied.errors;
        return data({ intent, message: null, result: submission.reply({ fieldErrors, ...(formErrors ? { formErrors } : {}) }) }, { status: 400 });
      }
      await saveAssetContent(kit.id, "landing", LandingContentSchema.parse({ ...current, category: applied.category, emailForm: applied.emailForm }));
      return redirect(`${base}?saved=category`, 303);
    }
    if (intent === "save-copy") {
      const submission = parseWithZod(formData, { schema: LandingCopyEditSchema });
      if (submission.status !== "success") return data({ intent, message: null, result: submission.reply() }, { status: 400 });
      await saveAssetContent(kit.id, "landing", LandingContentSchema.parse(applyCopyEdit(current, submission.value)));
      return redirect(`${base}?saved=copy`, 303);
    }
    const submission = parseWithZod(formData, { schema: SectionsEditSchema });
    if (submission.status !== "success") return fail(400, "Choose a position for every section.");
    await saveAssetContent(kit.id, "landing", { ...current, sections: sectionsFromEdit(submission.value, current.sections) });
    return redirect(`${base}?saved=sections`, 303);
  }
  return fail(400, "Unknown action.");
}

const DOWNLOAD_LINK_KEPT_MESSAGE = "Your published page gives this link after each sign-up: paste the new link, or unpublish the page before removing it.";

const SAVED: Record<string, string> = {
  copy: "Copy saved. The preview and the published page show it now.",
  sections: "Section order saved.",
  category: "Saved. The preview and the published page show it now.",
  published: "Your page is live.",
  unpublished: "Your page is offline: its address now answers “not found”.",
  address: "Address saved.",
  settings: "Settings saved.",
  seo: "Search title and description saved. The published page shows them now.",
};

function AddressForm({
  intent,
  slug,
  origin,
  lastResult,
  label,
}: {
  intent: "publish" | "save-slug";
  slug: string;
  origin: string;
  lastResult: Parameters<typeof useValidatedForm>[0]["lastResult"];
  label: string;
}) {
  const { fields, formProps, errorsFor, form } = useValidatedForm({ id: `page-${intent}`, schema: PageAddressSchema, lastResult, defaultValue: { slug } });
  return (
    <Form method="post" {...formProps} className="space-y-3">
      {form.errors?.length ? <p role="alert" className="text-sm text-red-700">{form.errors[0]}</p> : null}
      <Field
        label="Address"
        hint={<>Lower-case letters, digits and hyphens. Your page: <span className="font-mono">{origin}/p/…</span></>}
        inputProps={{ ...getInputProps(fields.slug, { type: "text" }), maxLength: 48, autoComplete: "off", spellCheck: false }}
        errors={errorsFor("slug", fields.slug.errors)}
      />
      <Button type="submit" name="intent" value={intent} variant={intent === "publish" ? "primary" : "secondary"} size={intent === "publish" ? "md" : "sm"}>
        {label}
      </Button>
    </Form>
  );
}

function SettingsForm({ page, goal, ownerEmail, lastResult }: { page: { indexable: boolean; notifyLeads: boolean; downloadUrl: string | null; pressRole: string | null } | null; goal: string; ownerEmail: string; lastResult: Parameters<typeof useValidatedForm>[0]["lastResult"] }) {
  const { fields, formProps, errorsFor } = useValidatedForm({
    id: "page-settings",
    schema: PageSettingsSchema,
    lastResult,
    defaultValue: { indexable: page?.indexable ? "on" : undefined, notifyLeads: page?.notifyLeads ? "on" : undefined, downloadUrl: page?.downloadUrl ?? "", pressRole: page?.pressRole ?? "" },
  });
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <CheckboxField label="Let search engines index it" inputProps={getInputProps(fields.indexable, { type: "checkbox" })} />
      <CheckboxField label={<>E-mail me each new sign-up <span className="text-slate-500">(to {ownerEmail})</span></>} inputProps={getInputProps(fields.notifyLeads, { type: "checkbox" })} />
      {ctaKind(goal) === "download" ? (
        <Field
          label="Download link"
          hint="Required to publish: the thank-you page gives it to everyone who signs up."
          inputProps={{ ...getInputProps(fields.downloadUrl, { type: "url" }), placeholder: "https://", maxLength: 2000 }}
          errors={errorsFor("downloadUrl", fields.downloadUrl.errors)}
        />
      ) : null}
      <Field
        label="Your role (press kit)"
        hint="Shown with your name in the press kit's founder bio and quote, for example Founder or Head baker. Leave it empty to show your name only."
        inputProps={{ ...getInputProps(fields.pressRole, { type: "text" }), maxLength: PRESS_ROLE_MAX, autoComplete: "organization-title" }}
        errors={errorsFor("pressRole", fields.pressRole.errors)}
      />
      <Button type="submit" name="intent" value="save-settings" variant="secondary" size="sm">Save settings</Button>
    </Form>
  );
}

export default function WebsiteSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, content, page, leads, origin, version, view, goal } = loaderData;
  const [params] = useSearchParams();
  const saved = SAVED[params.get("saved") ?? ""];
  const base = `/dashboard/kits/${summary.id}/website`;
  const busy = row?.status === "queued" || row?.status === "generating";
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const live = page?.published && !page.takenDownAt;
  const publicUrl = page ? `${origin}/p/${page.slug}` : null;

  if (!content) {
    return (
      <>
        <Panel title="Landing page">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">{busy ? "Your landing page is being written…" : "This kit has no landing page yet."}</p>
          {!busy && loaderData.hasBrand ? (
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="regenerate">Write my landing page</Button>
            </Form>
          ) : null}
          {actionData?.message ? <p role="alert" className="mt-3 text-sm text-amber-900">{actionData.message}</p> : null}
        </Panel>
      </>
    );
  }

  const placeholders = content.sections.includes("proof") && !content.proofIsReal;
  return (
    <>
      {saved ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">{saved}</p> : null}
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      {row?.status === "failed" && row.error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">Writing new copy failed: {row.error} The previous copy is kept.</p>
      ) : null}
      {page?.takenDownAt ? (
        <div role="alert" data-testid="takedown-notice" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">LaunchKit took this page down on {formatDate(page.takenDownAt)}.</p>
          <p className="mt-1">Reason: {page.takedownReason}</p>
          <p className="mt-1">It can't be published again. If you think this is a mistake, <Link to="/contact" className="font-semibold underline">contact us</Link>.</p>
        </div>
      ) : null}
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Panel title="Publish" id="landing-publish" actions={live ? <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">● Live</span> : null}>
            {live && publicUrl ? (
              <div className="space-y-4">
                <p className="text-sm text-slate-700">
                  Your page is live at{" "}
                  <a data-testid="public-url" href={publicUrl} target="_blank" rel="noreferrer" className="break-all font-semibold text-brand-700 hover:text-brand-800">{publicUrl}</a>
                </p>
                <p className="text-sm text-slate-700">
                  Its press kit (boilerplate, fact sheet, press release, logos and a contact form that keeps your address private) is at{" "}
                  <a data-testid="press-url" href={`${publicUrl}/press`} target="_blank" rel="noreferrer" className="break-all font-semibold text-brand-700 hover:text-brand-800">{`${publicUrl}/press`}</a>
                </p>
                <Form method="post">
                  <Button type="submit" name="intent" value="unpublish" variant="secondary" size="sm">Unpublish</Button>
                </Form>
                <p className="text-sm">
                  <Link to={`${base}/domain`} className="font-semibold text-brand-700 hover:text-brand-800">Use your own domain</Link>{" "}
                  <span className="text-slate-600">(Pro)</span>
                </p>
                <details className="rounded-xl border border-slate-200 p-3" open={actionData?.intent === "save-slug"}>
                  <summary className="cursor-pointer text-sm font-semibold text-slate-900">Change the address</summary>
                  <p className="mt-2 text-xs text-slate-600">The old address stops working at once.</p>
                  <div className="mt-3">
                    <AddressForm intent="save-slug" slug={page!.slug} origin={origin} lastResult={resultFor("save-slug")} label="Save address" />
                  </div>
                </details>
              </div>
            ) : page?.takenDownAt ? (
              <p className="text-sm text-slate-700">This page is offline.</p>
            ) : (
              <div className="space-y-3">
                <p className="text-sm text-slate-700">Publish your page at its own address on LaunchKit, with a sign-up form that collects leads for you. One click, no hosting.</p>
                <AddressForm intent="publish" slug={page?.slug ?? loaderData.suggestedSlug} origin={origin} lastResult={resultFor("publish")} label="Publish" />
              </div>
            )}
            {placeholders ? (
              <p role="note" className="mt-4 rounded-xl bg-amber-50 px-3 py-2.5 text-xs text-amber-900">
                Your social proof is still placeholder quotes: they show in the preview below only, labelled as such, and the published page and the downloaded file leave the section out. Replace them with real ones under Copy → Social proof and tick that they are real, or hide the section under Sections.
              </p>
            ) : null}
            {ctaKind(goal) === "download" && !page?.downloadUrl ? (
              <p role="note" data-testid="download-link-note" className="mt-3 rounded-xl bg-amber-50 px-3 py-2.5 text-xs text-amber-900">Add your download link under Settings below before you publish: the thank-you page gives it to everyone who signs up.</p>
            ) : null}
            <div className="mt-5 border-t border-slate-100 pt-5">
              <h3 className="mb-3 text-sm font-semibold text-slate-900">Settings</h3>
              <SettingsForm page={page} goal={goal} ownerEmail={loaderData.ownerEmail} lastResult={resultFor("save-settings")} />
              {!page?.indexable ? <p className="mt-3 text-xs text-slate-600">Until you tick it, the page asks search engines not to list it (noindex).</p> : null}
            </div>
          </Panel>
          <Panel
            title={`Leads (${leads.total})`}
            id="leads"
            actions={leads.total ? <a href={`${base}/leads.csv`} download className={buttonClasses("secondary", "sm")}>Download CSV</a> : null}
          >
            {leads.total === 0 ? (
              <p className="text-sm text-slate-600">No sign-ups yet. {live ? "Share your page's address to get the first ones." : "Publish your page to start collecting them."}</p>
            ) : (
              <>
                <p data-testid="lead-count" className="text-sm text-slate-700">{leads.total} {leads.total === 1 ? "person has" : "people have"} signed up, newest first.</p>
                <ul data-testid="lead-list" className="mt-3 divide-y divide-slate-100">
                  {leads.rows.map((l) => (
                    <li key={l.id} className="py-2.5 text-sm">
                      <p className="break-all font-semibold text-slate-900">{l.email}</p>
                      {l.phone ? (
                        <p className="text-sm text-slate-700">
                          {/* Only digits and a leading + in the link: the stored number was checked, the dialler gets the plain form. */}
                          Phone: <a data-testid="lead-phone" className="font-medium text-brand-700 underline" href={`tel:${l.phone.replace(/[^\d+]/g, "")}`}>{l.phone}</a>
                        </p>
                      ) : null}
                      <p className="text-xs text-slate-600">
                        {[l.name, l.preferredTime ? `prefers ${l.preferredTime}` : null, l.bookingDate ? `for ${l.bookingDate}` : null, l.partySize ? `${l.partySize} ${l.partySize === 1 ? "place" : "places"}` : null, formatDate(l.createdAt)].filter(Boolean).join(" · ")}
                      </p>
                    </li>
                  ))}
                </ul>
                {leads.page > 1 || leads.hasNext ? (
                  <nav aria-label="Leads pages" className="mt-3 flex justify-between text-sm font-semibold">
                    {leads.page > 1 ? <Link to={`?leads=${leads.page - 1}#leads`} preventScrollReset className="text-brand-700">← Newer</Link> : <span />}
                    {leads.hasNext ? <Link to={`?leads=${leads.page + 1}#leads`} preventScrollReset className="text-brand-700">Older →</Link> : null}
                  </nav>
                ) : null}
              </>
            )}
          </Panel>
        </div>
          <Panel
            title="Preview"
            id="landing-preview"
            actions={
              <div className="flex flex-wrap items-center gap-2">
                <nav aria-label="Preview size" className="flex rounded-lg bg-slate-100 p-0.5 text-sm">
                  {(["desktop", "mobile"] as const).map((v) => (
                    <Link key={v} to={v === "desktop" ? base : `${base}?view=mobile`} preventScrollReset aria-current={view === v ? "true" : undefined} className={`rounded-md px-2.5 py-1 font-medium capitalize ${view === v ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}>
                      {v}
                    </Link>
                  ))}
                </nav>
                <a href={`${base}/index.html`} download={loaderData.canDownload ? "index.html" : undefined} className={buttonClasses("secondary", "sm")}>Download HTML</a>
              </div>
            }
          >
            {loaderData.canDownload ? null : <PreviewNote what="The preview below is watermarked, and the HTML file needs a paid plan. Publishing is free." />}
            <div className={`overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ${view === "mobile" ? "mx-auto max-w-[390px]" : ""}`}>
              <iframe
                data-testid="landing-preview"
                title="Preview of your landing page"
                sandbox=""
                src={`${base}/preview?v=${version}`}
                className="block h-[720px] w-full bg-white"
              />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-xs text-slate-600">
              <p>A preview: links and the form don't work in it. <a href={`${base}/preview?v=${version}`} target="_blank" rel="noreferrer" className="font-semibold text-brand-700">Open it full size</a></p>
              <Form method="post">
                <Button type="submit" name="intent" value="regenerate" variant="ghost" size="sm" disabled={busy}>
                  {busy ? "Writing new copy…" : "Write new copy"}
                </Button>
              </Form>
            </div>
          </Panel>
        <Panel title="Search results (SEO)" id="seo">
          <SeoEditor data={loaderData.seo} lastResult={resultFor("save-seo")} />
        </Panel>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="min-w-0">
            <Panel title="Sections" id="landing-sections">
              <SectionsEditor key={content.sections.join()} sections={content.sections} message={actionData?.intent === "save-sections" ? actionData.message : null} />
            </Panel>
          </div>
          <div className="min-w-0">
            <Panel title="Copy" id="copy-editor-title">
              <CopyEditor key={version} content={content} lastResult={resultFor("save-copy")} />
            </Panel>
            {hasCategoryEdit(content.category) ? (
              <div className="mt-6">
                <Panel title="Sections for your kind of business" id="category-editor">
                  <p className="mb-4 text-sm text-slate-600">
                    These are this page's own words. Your prices, place and the facts your whole kit is written from are under{" "}
                    <Link to={`/dashboard/kits/${summary.id}#understanding`} className="font-semibold text-brand-700 hover:text-brand-800">What we understood</Link>{" "}
                    on the kit's overview: saving them there writes this page again.
                  </p>
                  <CategoryEditor key={version} category={content.category} emailForm={content.emailForm} lastResult={resultFor("save-category")} />
                </Panel>
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
