import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { Button } from "~/ui/ui/button";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { regenerate } from "~/kit/plans/regenerations.server";
import { PreviewNote } from "~/ui/billing/preview-note";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { brandChanged } from "~/kit/assets/brand/edit.server";
import { LOGO_FILES } from "~/kit/assets/logo/render.server";
import { LogoContentSchema, PickMarkSchema } from "~/kit/assets/logo/schema";
import { logoFileUrl } from "~/features/workspace/workspace";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/logo";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Logo · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows, user } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "logo");
  const logo = await readyContent(kit.id, "logo", LogoContentSchema);
  const meta = kit.generationMetadata ?? {};
  return {
    hasBrand: !!(await kitBrand(kit.id)),
    row: row ? { status: row.status, error: row.error, version: row.version } : null,
    marks: logo ? logo.marks.map((m, i) => ({ index: i, label: m.label, source: m.source })) : [],
    selected: logo?.selected ?? 0,
    note: logo?.note ?? null,
    files: LOGO_FILES.map((f) => ({ name: f.name, describe: f.describe })),
    canDownload: (await entitlementsFor(user.id)).canDownload,
    conceptArt: kit.generatedLogoUrl,
    concept: typeof meta.logo_concept === "string" ? meta.logo_concept : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "regenerate") {
    // Counted against the month's regenerations (app/kit/plans/regenerations.server.ts).
    const refused = await regenerate(user.id, kit, "logo");
    if (refused) return data({ message: refused.message }, { status: refused.status });
    return redirect(`/dashboard/kits/${kit.id}/logo`, 303);
  }
  if (intent === "pick") {
    const parsed = parseWithZod(formData, { schema: PickMarkSchema });
    const logo = await readyContent(kit.id, "logo", LogoContentSchema);
    if (parsed.status !== "success" || !logo || parsed.value.mark >= logo.marks.length) {
      return data({ message: "Choose one of the marks shown." }, { status: 400 });
    }
    const row = await getAsset(kit.id, "logo");
    if (row?.status === "queued" || row?.status === "generating") return data({ message: "New marks are being drawn. Please wait." }, { status: 409 });
    await saveAssetContent(kit.id, "logo", { ...logo, selected: parsed.value.mark });
    await brandChanged(kit.id);
    return redirect(`/dashboard/kits/${kit.id}/logo`, 303);
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

const LOCKUPS = [
  { name: "logo-horizontal", label: "Horizontal" },
  { name: "logo-stacked", label: "Stacked" },
  { name: "mark", label: "Mark only" },
] as const;

export default function LogoSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, marks, selected, note, files, conceptArt, concept, canDownload } = loaderData;
  const id = summary.id;
  const url = (name: string) => logoFileUrl(id, name, summary.filesVersion);
  const busy = row?.status === "queued" || row?.status === "generating";
  return (
    <>
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      {row?.status === "failed" && row.error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">Regenerating the marks failed: {row.error} The previous marks are kept.</p>
      ) : null}
      {note ? <p role="note" className="mb-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">{note}</p> : null}
      {marks.length === 0 ? (
        <Panel title="Logo">
          {row ? <p className="mb-2"><AssetStatus status={row.status} /></p> : null}
          <p className="text-sm text-slate-700">The vector logo is not ready yet.</p>
        </Panel>
      ) : (
        <div className="space-y-6">
          <Panel
            title="Lockups"
            id="logo-lockups"
            actions={
              <Form method="post">
                <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy}>
                  {busy ? "Drawing new marks…" : "Regenerate marks"}
                </Button>
              </Form>
            }
          >
            <ul className="grid gap-4 md:grid-cols-3">
              {LOCKUPS.map((l) => (
                <li key={l.name} className="space-y-2">
                  <p className="text-sm font-semibold text-slate-900">{l.label}</p>
                  <div className="flex h-40 items-center justify-center rounded-xl bg-white p-4 ring-1 ring-slate-200">
                    <img data-testid={`lockup-${l.name}-light`} src={url(`${l.name}.svg`)} alt={`${summary.name} logo, ${l.label.toLowerCase()}, on light`} className="max-h-full max-w-full" />
                  </div>
                  <div className="flex h-40 items-center justify-center rounded-xl bg-slate-900 p-4">
                    <img data-testid={`lockup-${l.name}-dark`} src={url(`${l.name}-dark.svg`)} alt={`${summary.name} logo, ${l.label.toLowerCase()}, on dark`} className="max-h-full max-w-full" />
                  </div>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Mark" id="logo-marks">
            <Form method="post" className="space-y-4">
              <fieldset>
                <legend className="text-sm text-slate-700">Pick the mark used in every lockup. The wordmark follows your brand's name and heading font.</legend>
                <div className="mt-3 grid gap-3 sm:grid-cols-3">
                  {marks.map((m) => (
                    <label key={m.index} className="flex cursor-pointer flex-col items-center gap-2 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                      <img src={`/dashboard/kits/${id}/logo/variant-${m.index}.svg?v=${summary.filesVersion}`} alt="" className="h-24 w-24" />
                      <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
                        <input type="radio" name="mark" value={m.index} defaultChecked={m.index === selected} />
                        {m.label}
                      </span>
                      <span className="text-xs text-slate-500">{m.source === "ai" ? "Chosen by the AI model" : "LaunchKit mark"}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit" name="intent" value="pick" size="sm" disabled={busy}>Use this mark</Button>
            </Form>
          </Panel>
          <Panel title="Files" id="logo-files">
            {canDownload ? null : <PreviewNote what="The logos above are watermarked previews." />}
            <div className="overflow-x-auto">
              <table className="w-full min-w-[34rem] text-left text-sm">
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-slate-500">
                    <th scope="col" className="py-2 pr-4 font-semibold">Lockup</th>
                    <th scope="col" className="py-2 pr-4 font-semibold">For light backgrounds</th>
                    <th scope="col" className="py-2 font-semibold">For dark backgrounds</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {LOCKUPS.map((l) => (
                    <tr key={l.name}>
                      <th scope="row" className="py-2.5 pr-4 font-semibold text-slate-900">{l.label}</th>
                      {["", "-dark"].map((theme) => (
                        <td key={theme} className="py-2.5 pr-4">
                          <span className="flex flex-wrap gap-2">
                            {[`${l.name}${theme}.svg`, `${l.name}${theme}-512.png`, `${l.name}${theme}-1024.png`]
                              .filter((name) => files.some((f) => f.name === name))
                              .map((name) => (
                                <a
                                  key={name}
                                  href={`${url(name)}&download=1`}
                                  download={canDownload ? name : undefined}
                                  aria-label={name}
                                  title={files.find((f) => f.name === name)?.describe}
                                  className="rounded-lg bg-slate-100 px-2.5 py-1 font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800"
                                >
                                  {name.endsWith(".svg") ? "SVG" : name.endsWith("-512.png") ? "PNG 512" : "PNG 1024"}
                                </a>
                              ))}
                          </span>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {files
                .filter((f) => !LOCKUPS.some((l) => f.name.startsWith(l.name)))
                .map((f) => (
                  <li key={f.name}>
                    <a href={`${url(f.name)}&download=1`} download={canDownload ? f.name : undefined} className="font-mono font-semibold text-brand-700 hover:text-brand-800">{f.name}</a>{" "}
                    <span className="text-xs text-slate-500">{f.describe}</span>
                  </li>
                ))}
            </ul>
          </Panel>
        </div>
      )}
      {conceptArt ? (
        <div className="mt-6">
          <Panel title="Logo concept art" id="logo-art">
            <div className="flex flex-wrap items-start gap-5">
              <img src={conceptArt} alt={`Concept art for ${summary.name}`} className="h-40 w-40 rounded-xl bg-slate-50 object-contain ring-1 ring-slate-200" />
              <div className="max-w-prose text-sm text-slate-700">
                <p>
                  The image model's take on your logo concept: a picture to inspire, not a vector file.
                  {canDownload ? null : <span data-testid="concept-art-preview"> Like the logos above, it is a watermarked preview on the free plan.</span>}
                </p>
                {concept ? <p data-testid="logo-concept" className="mt-2">{concept}</p> : null}
              </div>
            </div>
          </Panel>
        </div>
      ) : null}
    </>
  );
}
