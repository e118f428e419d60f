import { getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useSearchParams } from "react-router";
import { Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { BrandFontFaces, DeckCover, DeckSlide, type DeckFontsView, type SlideView } from "~/ui/workspace/deck-slide";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { regenerate } from "~/kit/plans/regenerations.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { coverMarkDataUrl } from "~/kit/assets/deck/cover.server";
import { fitCover, fitDeck } from "~/kit/assets/deck/fit.server";
import { coverFrame, deckColors, deckLogoTheme, withCurrentName } from "~/kit/assets/deck/geometry";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { researchSources } from "~/kit/assets/deck/research";
import { DeckContentSchema, LIMITS, SLIDE_KEYS, SLIDE_LABELS, SlideEditSchema, type DeckContent, type SlideKey } from "~/kit/assets/deck/schema";
import { FONTS, fontStack, headingWeight } from "~/kit/brand/fonts";
import { logoFileUrl } from "~/features/workspace/workspace";
import { filesVersionOf, requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/deck";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Pitch deck · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const { watermarked } = await entitlementsFor(kit.userId, new Date());
  const row = rows.find((r) => r.kind === "deck");
  const brand = await kitBrand(kit.id);
  const stored = await readyContent(kit.id, "deck", DeckContentSchema);
  const deck = brand && stored ? withCurrentName(stored, brand.name) : null;
  const research = rows.find((r) => r.kind === "research");
  const version = (kind: string) => rows.find((r) => r.kind === kind)?.version ?? 0;
  const filesVersion = `${version("brand")}.${version("logo")}.${version("deck")}`;
  return {
    row: row ? { status: row.status, error: row.error, version: row.version } : null,
    hasBrand: !!brand,
    slides: brand && deck ? (fitDeck(brand, deck) as SlideView[]) : [],
    layout: deck?.layout ?? "classic",
    cover: brand && deck ? fitCover(brand, deck) : null,
    // The free preview's cover mark is watermarked like every logo file (a data: URL is as easy to save as a file).
    coverMarkUrl: brand && deck ? coverMarkDataUrl(brand, await readyContent(kit.id, "logo", LogoContentSchema), coverFrame(deck.layout).markOn, { watermark: watermarked }) : null,
    editable: deck ? SLIDE_KEYS.map((key) => ({ key, ...deck[key] })) : [],
    colors: brand ? deckColors(brand.palette) : null,
    fonts: brand
      ? ({ heading: fontStack(brand.fonts.heading), headingWeight: headingWeight(brand.fonts.heading), body: fontStack(brand.fonts.body), bodyBold: headingWeight(brand.fonts.body) } satisfies DeckFontsView)
      : null,
    fontFiles: brand ? [...new Set([brand.fonts.heading, brand.fonts.body])].map((id) => ({ id, family: FONTS[id].family, weights: FONTS[id].weights })) : [],
    logoUrl: brand && version("logo") > 0 ? logoFileUrl(kit.id, deckLogoTheme(brand.palette) === "dark" ? "logo-horizontal-dark.svg" : "logo-horizontal.svg", filesVersionOf(rows)) : null,
    filesVersion,
    /** The research got sources after the deck was written as an estimate: a regeneration would cite them. */
    researchNewer: !!(deck && deck.market.basis === "estimate" && research?.version && research.content && researchSources(research.content).length > 0 && deck.market.sources.length === 0),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "regenerate") {
    // Counted against the plan's monthly regenerations (app/features/billing).
    const refused = await regenerate(user.id, kit, "deck");
    if (refused) return data({ result: null, slide: null, message: refused.message }, { status: refused.status });
    return redirect(`/dashboard/kits/${kit.id}/deck`, 303);
  }
  if (intent !== "save-slide") return data({ result: null, slide: null, message: "Unknown action." }, { status: 400 });
  const slideField = String(formData.get("slide") ?? "");
  const slide = (SLIDE_KEYS as readonly string[]).includes(slideField) ? (slideField as SlideKey) : null;
  const submission = parseWithZod(formData, { schema: SlideEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), slide, message: null }, { status: 400 });
  const brand = await kitBrand(kit.id);
  const stored = await readyContent(kit.id, "deck", DeckContentSchema);
  if (!brand || !stored) return data({ result: null, slide, message: "This kit has no pitch deck yet: generate it first." }, { status: 409 });
  const row = await getAsset(kit.id, "deck");
  if (row?.status === "queued" || row?.status === "generating") {
    return data({ result: null, slide, message: "A new deck is being written. Edit it when it is ready." }, { status: 409 });
  }
  const edit = submission.value;
  const common = { title: edit.title, bullets: edit.bullets, notes: edit.notes };
  const withEdit = (deck: DeckContent): DeckContent =>
    edit.slide === "market"
      ? { ...deck, market: { ...deck.market, ...common, who: edit.who!, howMany: edit.howMany! } }
      : { ...deck, [edit.slide]: { ...deck[edit.slide], ...common, callout: edit.callout! } };
  // The whole deck with the current name, so the stored text and `writtenFor` agree; if a longer
  // new name pushes another slide past its limits, the other slides keep their stored text.
  const renamed = DeckContentSchema.safeParse(withEdit(withCurrentName(stored, brand.name)));
  const next = renamed.success ? renamed : DeckContentSchema.safeParse(withEdit(stored));
  if (!next.success) return data({ result: null, slide, message: "This slide does not fit its limits. Shorten it and save again." }, { status: 400 });
  await saveAssetContent(kit.id, "deck", next.data);
  return redirect(`/dashboard/kits/${kit.id}/deck?saved=${edit.slide}#slide-${edit.slide}`, 303);
}

type Editable = { key: SlideKey; title: string; bullets: string[]; notes: string; callout?: string; who?: string; howMany?: string };

function SlideEditor({ slide, lastResult, open }: { slide: Editable; lastResult: Parameters<typeof useValidatedForm>[0]["lastResult"]; open: boolean }) {
  const { fields, formProps, errorsFor } = useValidatedForm({ id: `slide-${slide.key}-edit`, schema: SlideEditSchema, lastResult });
  // After a refused save (no JS), the founder's own text comes back, not the stored one.
  const initial = (name: "title" | "bullets" | "callout" | "notes" | "who" | "howMany", stored: string | undefined) => {
    const v = fields[name].initialValue;
    return typeof v === "string" ? v : stored;
  };
  return (
    <details open={open} className="group rounded-xl ring-1 ring-slate-200 open:bg-slate-50">
      <summary className="cursor-pointer select-none rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-slate-50">Edit this slide</summary>
      <Form method="post" {...formProps} className="space-y-4 px-4 pt-2 pb-4">
        <input type="hidden" name="slide" value={slide.key} />
        <Field label="Headline" inputProps={{ ...getInputProps(fields.title, { type: "text" }), defaultValue: initial("title", slide.title), maxLength: LIMITS.title }} errors={errorsFor("title", fields.title.errors)} />
        <TextareaField
          label="Bullets (one a line)"
          textareaProps={{ ...getTextareaProps(fields.bullets), defaultValue: initial("bullets", slide.bullets.join("\n")), rows: 5 }}
          errors={errorsFor("bullets", fields.bullets.errors)}
          hint={`${LIMITS.bullets.min} to ${LIMITS.bullets.max} bullets, up to ${LIMITS.bullet} characters each.`}
        />
        {slide.key === "market" ? (
          <>
            <Field label="Who the customers are" inputProps={{ ...getInputProps(fields.who, { type: "text" }), defaultValue: initial("who", slide.who), maxLength: LIMITS.who }} errors={errorsFor("who", fields.who.errors)} />
            <Field label="How many (or how you count them)" inputProps={{ ...getInputProps(fields.howMany, { type: "text" }), defaultValue: initial("howMany", slide.howMany), maxLength: LIMITS.howMany }} errors={errorsFor("howMany", fields.howMany.errors)} />
          </>
        ) : (
          <Field label="Callout (shown large)" inputProps={{ ...getInputProps(fields.callout, { type: "text" }), defaultValue: initial("callout", slide.callout), maxLength: LIMITS.callout }} errors={errorsFor("callout", fields.callout.errors)} />
        )}
        <TextareaField label="Speaker notes" textareaProps={{ ...getTextareaProps(fields.notes), defaultValue: initial("notes", slide.notes), rows: 5 }} errors={errorsFor("notes", fields.notes.errors)} />
        <Button type="submit" name="intent" value="save-slide" size="sm">Save slide</Button>
      </Form>
    </details>
  );
}

export default function DeckSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, slides, editable, colors, fonts, fontFiles, logoUrl, filesVersion, researchNewer, hasBrand, layout, cover, coverMarkUrl } = loaderData;
  const [params] = useSearchParams();
  const busy = row?.status === "queued" || row?.status === "generating";
  const file = (name: string) => `/dashboard/kits/${summary.id}/files/deck/${name}?v=${filesVersion}&download=1`;
  const regenerate = (
    <Form method="post">
      <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy || !hasBrand}>
        {busy ? "Writing the deck…" : slides.length ? "Regenerate deck" : "Generate deck"}
      </Button>
    </Form>
  );
  return (
    <>
      <BrandFontFaces fonts={fontFiles} />
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      {params.get("saved") ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">Slide saved. The PowerPoint and PDF files follow it.</p> : null}
      {row?.status === "failed" && row.error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">{slides.length ? `Regenerating failed: ${row.error} The previous deck is kept.` : row.error}</p>
      ) : null}
      {slides.length === 0 || !colors || !fonts ? (
        <Panel title="Pitch deck" actions={regenerate}>
          {row ? <p className="mb-2"><AssetStatus status={row.status} /></p> : null}
          <p className="text-sm text-slate-700">{busy ? "Your 5-slide pitch deck is being written. It appears here when it is ready." : hasBrand ? "This kit has no pitch deck yet." : "The deck needs the brand first."}</p>
        </Panel>
      ) : (
        <div className="space-y-6">
          <Panel
            title="Your 5-slide pitch deck"
            id="deck-files"
            actions={regenerate}
          >
            <p className="text-sm text-slate-700">A cover, then problem, solution, market, business model and the ask, in your brand's colours and fonts, with speaker notes. Edit any slide below; the files follow every edit and every brand change.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={file("pitch-deck.pptx")} download={summary.plan.canDownload ? "pitch-deck.pptx" : undefined} data-testid="download-pptx" className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                Download PowerPoint (.pptx)
              </a>
              <a href={file("pitch-deck.pdf")} download={summary.plan.canDownload ? "pitch-deck.pdf" : undefined} data-testid="download-pdf" className="inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                Download PDF
              </a>
            </div>
            {researchNewer ? (
              <p role="note" className="mt-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">Your research snapshot now has sources. Regenerate the deck to size the market from it and cite them.</p>
            ) : null}
          </Panel>
          <ol className="space-y-8">
            {cover ? (
              <li id="slide-cover" className="scroll-mt-28">
                <h2 className="mb-3 text-sm font-semibold text-slate-900">Cover</h2>
                <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
                  <DeckCover cover={cover} colors={colors} fonts={fonts} markUrl={coverMarkUrl} layout={layout} watermark={summary.plan.watermarked} label={`Cover: ${cover.name}, ${cover.tagline}`} />
                  <p className="text-sm leading-6 text-slate-700">The first slide: your name, tagline and mark. Edit them in the brand and logo sections; the cover follows.</p>
                </div>
              </li>
            ) : null}
            {slides.map((s) => {
              const edit = editable.find((e) => e.key === s.key)! as Editable;
              const mine = actionData?.slide === s.key;
              return (
                <li key={s.key} id={`slide-${s.key}`} className="scroll-mt-28">
                  <h2 className="mb-3 text-sm font-semibold text-slate-900">
                    <span className="text-slate-500">{s.number}.</span> {SLIDE_LABELS[s.key]}
                  </h2>
                  <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
                    <DeckSlide slide={s} colors={colors} fonts={fonts} logoUrl={logoUrl} layout={layout} total={slides.length + 1} watermark={summary.plan.watermarked} label={`Slide ${s.number}, ${SLIDE_LABELS[s.key]}: ${s.title}`} />
                    <div className="space-y-3">
                      <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Speaker notes</h3>
                        <p data-testid={`notes-${s.key}`} className="mt-1.5 text-sm leading-6 text-slate-700">{s.notes}</p>
                      </div>
                      <SlideEditor slide={edit} lastResult={mine ? actionData?.result : undefined} open={mine && !!actionData?.result} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </>
  );
}
