import { data, Form, redirect } from "react-router";
import { regenerate } from "~/kit/plans/regenerations.server";
import { Button } from "~/ui/ui/button";
import { CopyButton } from "~/ui/workspace/copy-button";
import { GooglePreview, MetaPreview } from "~/ui/workspace/ad-previews";
import { CharCount, FileLink, Notice, TrimmedFlag } from "~/ui/workspace/launch-ui";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { kitBrand, readyContent } from "~/kit/content.server";
import { AD_LIMITS, AdsContentSchema, type AdField } from "~/kit/assets/ads/schema";
import { launchFilesVersion } from "~/features/workspace/file-response.server";
import { landingPageOf, suggestedSlug } from "~/kit/assets/landing/pages.server";
import { countWith, COUNTER_NOTE } from "~/kit/assets/social/count";
import { buttonTextColor } from "~/kit/brand/palette";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { Route } from "./+types/ads";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Ads · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "ads");
  const socialReady = (rows.find((r) => r.kind === "social")?.version ?? 0) > 0;
  const v = launchFilesVersion(rows);
  const brand = await kitBrand(kit.id);
  return {
    row: row ? { status: row.status, error: row.error } : null,
    ads: await readyContent(kit.id, "ads", AdsContentSchema),
    /** The social images stand in for the Meta ad's page picture and creative. */
    avatar: socialReady ? `/dashboard/kits/${kit.id}/social/profile.png?v=${v}` : null,
    creative: socialReady ? `/dashboard/kits/${kit.id}/social/launch-post.png?v=${v}` : null,
    tile: brand ? { bg: brand.palette.primary, fg: buttonTextColor(brand.palette) } : { bg: "#4F46E5", fg: "#FFFFFF" },
    address: await adAddress(kit.id, brand?.name ?? null, siteOrigin(request)),
    v,
  };
}

/**
 * Where the ads send people: the published landing page (on its own domain
 * when it has one), else its address on this site, else the address it will
 * be offered when published (/p/<suggested slug>).
 */
async function adAddress(kitId: string, name: string | null, origin: string): Promise<string | null> {
  const page = await landingPageOf(kitId);
  if (page?.published && !page.takenDownAt && page.customDomain) return `https://${page.customDomain}`;
  if (page) return `${origin}/p/${page.slug}`;
  return name ? `${origin}/p/${await suggestedSlug(kitId, name)}` : null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "regenerate") return data({ message: "Unknown action." }, { status: 400 });
  // Counted against the plan's monthly regenerations (app/features/billing).
  const refused = await regenerate(user.id, kit, "ads");
  if (refused) return data({ message: refused.message }, { status: refused.status });
  return redirect(`/dashboard/kits/${kit.id}/ads`, 303);
}

function Count({ field, text }: { field: AdField; text: string }) {
  const { limit, counter } = AD_LIMITS[field];
  return <CharCount count={countWith(counter, text)} limit={limit} note={COUNTER_NOTE[counter]} />;
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
  const summary = useWorkspaceSummary();
  const { row, ads, avatar, creative, tile, address, v } = loaderData;
  const busy = row?.status === "queued" || row?.status === "generating";
  if (!ads) {
    return (
      <>
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
      </>
    );
  }
  return (
    <>
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
                    <GooglePreview name={summary.name} variant={variant} address={address} />
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
                      <MetaPreview name={summary.name} variant={variant} avatar={avatar} creative={creative} tile={tile} address={address} />
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
    </>
  );
}
