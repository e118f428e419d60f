import { data, Form, redirect } from "react-router";
import { regenerate } from "~/billing/regenerations.server";
import { Button } from "~/components/ui/button";
import { CopyButton } from "~/components/workspace/copy-button";
import { CharCount, FileLink, Notice, TrimmedFlag } from "~/components/workspace/launch-ui";
import { AssetStatus, Panel, WorkspaceShell } from "~/components/workspace/shell";
import { kitBrand, readyContent } from "~/generation/job.server";
import { AD_LIMITS, AdsContentSchema, type AdField, type AdVariant } from "~/kits/assets/ads/schema";
import { launchFilesVersion } from "~/kits/assets/file-response.server";
import { countWith, COUNTER_NOTE } from "~/kits/assets/social/count";
import { buttonTextColor } from "~/kits/brand/palette";
import { requireKitWorkspace } from "~/kits/workspace.server";
import type { Route } from "./+types/ads";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Ads · ${data?.summary.name ?? "Launch kit"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows, summary } = await requireKitWorkspace(request, params.id);
  const row = rows.find((r) => r.kind === "ads");
  const socialReady = (rows.find((r) => r.kind === "social")?.version ?? 0) > 0;
  const v = launchFilesVersion(rows);
  const brand = await kitBrand(kit.id);
  return {
    summary,
    row: row ? { status: row.status, error: row.error } : null,
    ads: await readyContent(kit.id, "ads", AdsContentSchema),
    /** The social images stand in for the Meta ad's page picture and creative. */
    avatar: socialReady ? `/dashboard/kits/${kit.id}/social/profile.png?v=${v}` : null,
    creative: socialReady ? `/dashboard/kits/${kit.id}/social/launch-post.png?v=${v}` : null,
    tile: brand ? { bg: brand.palette.primary, fg: buttonTextColor(brand.palette) } : { bg: "#4F46E5", fg: "#FFFFFF" },
    v,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireKitWorkspace(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "regenerate") return data({ message: "Unknown action." }, { status: 400 });
  // Counted against the plan's monthly regenerations (app/billing).
  const refused = await regenerate(user.id, kit, "ads");
  if (refused) return data({ message: refused.message }, { status: refused.status });
  return redirect(`/dashboard/kits/${kit.id}/ads`, 303);
}

const DOMAIN = "your-website.com";

function Count({ field, text }: { field: AdField; text: string }) {
  const { limit, counter } = AD_LIMITS[field];
  return <CharCount count={countWith(counter, text)} limit={limit} note={COUNTER_NOTE[counter]} />;
}

/** A Google responsive search ad as it shows on a results page: three headlines joined, two descriptions. */
function GooglePreview({ name, variant }: { name: string; variant: AdVariant }) {
  const [h1, h2, h3] = variant.google.headlines;
  return (
    <div data-testid="google-preview" className="rounded-xl bg-white p-4 font-[Arial,Helvetica,sans-serif] shadow-sm ring-1 ring-slate-200">
      <p className="text-[13px] font-bold text-[#202124]">Sponsored</p>
      <div className="mt-1.5 flex items-center gap-2.5">
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-[#f1f3f4] text-xs font-bold text-[#4d5156]">{Array.from(name)[0] ?? "·"}</span>
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm text-[#202124]">{name}</p>
          <p className="truncate text-xs text-[#4d5156]" title="Your website's address">https://{DOMAIN}</p>
        </div>
      </div>
      <p className="mt-2 text-xl leading-snug text-[#1a0dab]">{[h1, h2, h3].join(" | ")}</p>
      <p className="mt-1 text-sm leading-snug text-[#4d5156]">{variant.google.descriptions.join(" ")}</p>
    </div>
  );
}

/** A Meta (Facebook/Instagram) feed ad: page, primary text, creative, link bar with headline, description and button. */
function MetaPreview({ name, variant, avatar, creative, tile }: { name: string; variant: AdVariant; avatar: string | null; creative: string | null; tile: { bg: string; fg: string } }) {
  return (
    <div data-testid="meta-preview" className="overflow-hidden rounded-xl bg-white font-[system-ui,-apple-system,'Segoe_UI',Helvetica,Arial,sans-serif] shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-2.5 p-3">
        {avatar ? <img src={avatar} alt="" className="h-10 w-10 rounded-full" /> : <span aria-hidden="true" className="h-10 w-10 rounded-full" style={{ background: tile.bg }} />}
        <div className="leading-tight">
          <p className="text-[15px] font-semibold text-[#050505]">{name}</p>
          <p className="text-[13px] text-[#65676b]">Sponsored · <span aria-label="Public">🌐</span></p>
        </div>
      </div>
      <p className="whitespace-pre-wrap px-3 pb-3 text-[15px] leading-5 text-[#050505]">{variant.meta.primaryText}</p>
      {creative ? (
        <img src={creative} alt={`Ad image for ${name}`} className="aspect-square w-full object-cover" />
      ) : (
        <div className="flex aspect-square w-full items-center justify-center p-8 text-center text-2xl font-bold" style={{ background: tile.bg, color: tile.fg }}>{name}</div>
      )}
      <div className="flex items-center gap-3 bg-[#f0f2f5] px-3 py-2.5">
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-[13px] uppercase text-[#65676b]">{DOMAIN}</p>
          <p className="truncate text-[15px] font-semibold text-[#050505]">{variant.meta.headline}</p>
          <p className="truncate text-[13px] text-[#65676b]">{variant.meta.description}</p>
        </div>
        <span data-testid="meta-cta" className="shrink-0 rounded-md bg-[#e4e6eb] px-3 py-2 text-[15px] font-semibold text-[#050505]">{variant.meta.cta}</span>
      </div>
    </div>
  );
}

function FieldRow({ label, field, text }: { label: string; field: AdField; text: string }) {
  return (
    <li className="flex items-start justify-between gap-3 py-1.5">
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-500">{label}</p>
        <p className="break-words text-sm text-slate-900 select-text">{text}</p>
      </div>
      <span className="flex shrink-0 items-center gap-2 pt-4">
        <Count field={field} text={text} />
        <CopyButton text={text} label={label} />
      </span>
    </li>
  );
}

export default function AdsSection({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, row, ads, avatar, creative, tile, v } = loaderData;
  const busy = row?.status === "queued" || row?.status === "generating";
  if (!ads) {
    return (
      <WorkspaceShell summary={summary}>
        <Panel title="Ads">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">{busy ? "Your ad variants are being written." : "Your ad variants are not ready yet."}</p>
          {!busy && summary.hasBrand ? (
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="regenerate">Write my ads</Button>
            </Form>
          ) : null}
        </Panel>
      </WorkspaceShell>
    );
  }
  return (
    <WorkspaceShell summary={summary}>
      {actionData?.message ? <Notice tone="warning" role="alert">{actionData.message}</Notice> : null}
      {row?.status === "failed" && row.error ? <Notice tone="error" role="alert">Rewriting failed: {row.error} The previous ads are kept.</Notice> : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Three variants, each testing one angle. Run them side by side with the same budget and keep the one that wins. Previews are approximate: each network decides the final layout.
        </p>
        <div className="flex items-center gap-3">
          <a href={`/dashboard/kits/${summary.id}/ads/ads.csv?v=${v}`} download={summary.plan.canDownload ? "ads.csv" : undefined} className="text-sm font-semibold text-brand-700 hover:text-brand-800">Download ads.csv</a>
          <Form method="post">
            <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy}>{busy ? "Writing…" : "Regenerate ads"}</Button>
          </Form>
        </div>
      </div>
      <ol className="space-y-6">
        {ads.variants.map((variant, i) => (
          <li key={i} data-testid="ad-variant">
            <Panel
              title={`Variant ${i + 1}: ${variant.angle}`}
              id={`ad-${i}`}
              actions={variant.trimmed ? <TrimmedFlag /> : undefined}
            >
              <p className="-mt-1 text-sm text-slate-600">{variant.hypothesis}</p>
              <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-2">
                <section aria-label={`Google search ad, variant ${i + 1}`} className="min-w-0 space-y-4">
                  <h3 className="text-sm font-semibold text-slate-900">Google responsive search ad</h3>
                  <div className="rounded-2xl bg-slate-100 p-3 sm:p-4">
                    <GooglePreview name={summary.name} variant={variant} />
                  </div>
                  <ul className="divide-y divide-slate-100">
                    {variant.google.headlines.map((h, j) => <FieldRow key={`h${j}`} label={`Headline ${j + 1}`} field="googleHeadline" text={h} />)}
                    {variant.google.descriptions.map((d, j) => <FieldRow key={`d${j}`} label={`Description ${j + 1}`} field="googleDescription" text={d} />)}
                  </ul>
                </section>
                <section aria-label={`Meta feed ad, variant ${i + 1}`} className="min-w-0 space-y-4">
                  <h3 className="text-sm font-semibold text-slate-900">Meta feed ad (Facebook and Instagram)</h3>
                  <div className="rounded-2xl bg-slate-100 p-3 sm:p-4">
                    <div className="mx-auto max-w-sm">
                      <MetaPreview name={summary.name} variant={variant} avatar={avatar} creative={creative} tile={tile} />
                    </div>
                  </div>
                  <ul className="divide-y divide-slate-100">
                    <FieldRow label="Primary text" field="metaPrimaryText" text={variant.meta.primaryText} />
                    <FieldRow label="Headline" field="metaHeadline" text={variant.meta.headline} />
                    <FieldRow label="Description" field="metaDescription" text={variant.meta.description} />
                    <li className="flex items-center justify-between gap-3 py-1.5">
                      <div>
                        <p className="text-xs font-medium text-slate-500">Call to action button</p>
                        <p className="text-sm text-slate-900">{variant.meta.cta}</p>
                      </div>
                    </li>
                  </ul>
                </section>
              </div>
            </Panel>
          </li>
        ))}
      </ol>
      <div className="mt-6">
        <Panel title="Files" id="ads-files">
          <ul className="grid gap-x-6 sm:grid-cols-2">
            <FileLink href={`/dashboard/kits/${summary.id}/ads/ads.csv?v=${v}`} name="ads.csv" describe="Every variant, field by field, for Google Ads and Meta Ads Manager" />
          </ul>
        </Panel>
      </div>
    </WorkspaceShell>
  );
}
