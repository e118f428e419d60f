import { data, Form, redirect } from "react-router";
import { regenerate } from "~/kit/plans/regenerations.server";
import { Button } from "~/ui/ui/button";
import { FileLink, Notice } from "~/ui/workspace/launch-ui";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { readyContent } from "~/kit/content.server";
import { launchFilesVersion } from "~/features/workspace/file-response.server";
import { OFFLINE_NOTICE, ResearchContentSchema, UNVERIFIED_LABEL, type Competitor } from "~/kit/assets/research/schema";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/research";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Research · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "research");
  return {
    row: row ? { status: row.status, error: row.error } : null,
    research: await readyContent(kit.id, "research", ResearchContentSchema),
    v: launchFilesVersion(rows),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "regenerate") return data({ message: "Unknown action." }, { status: 400 });
  // Counted against the plan's monthly regenerations (app/features/billing).
  const refused = await regenerate(user.id, kit, "research");
  if (refused) return data({ message: refused.message }, { status: refused.status });
  return redirect(`/dashboard/kits/${kit.id}/research`, 303);
}

/** A link the web search returned (never any other): opens in a new tab, no referrer, no follow. */
function SourceLink({ url, title }: { url: string; title?: string }) {
  const host = new URL(url).hostname.replace(/^www\./, "");
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" data-testid="source-link" className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800">
      {title || host}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function ListBlock({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
        {items.map((item, i) => <li key={i}>{item}</li>)}
      </ul>
    </div>
  );
}

function CompetitorCard({ c, index, webAccess, brandName, titles }: { c: Competitor; index: number; webAccess: boolean; brandName: string; titles: Map<string, string> }) {
  return (
    <li data-testid="competitor" className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          <span className="text-slate-500">{index + 1}.</span> {c.name}
        </h3>
        {c.namedByFounder ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">Named by you</span> : null}
        {c.verified ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">
            {c.sources.length} source{c.sources.length === 1 ? "" : "s"}
          </span>
        ) : (
          <span data-testid="unverified" className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30">
            {webAccess ? "unverified — no source found" : UNVERIFIED_LABEL}
          </span>
        )}
        {c.website ? <span className="ml-auto text-sm"><SourceLink url={c.website} title={new URL(c.website).hostname.replace(/^www\./, "")} /></span> : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {[
          ["Positioning", c.positioning],
          ["Pricing model", c.pricingModel],
          ["Strength", c.strength],
          ["Weakness", c.weakness],
        ].map(([k, val]) => (
          <div key={k}>
            <dt className="font-semibold text-slate-700">{k}</dt>
            <dd className="mt-0.5 leading-6 text-slate-700">{val}</dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-700">How {brandName} differs</dt>
          <dd className="mt-0.5 leading-6 text-slate-700">{c.difference}</dd>
        </div>
      </dl>
      {c.sources.length ? (
        <p className="mt-3 text-sm text-slate-600">
          Sources:{" "}
          {c.sources.map((u, i) => (
            <span key={u}>
              {i > 0 ? ", " : ""}
              <SourceLink url={u} title={titles.get(u)} />
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

export default function ResearchSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, research, v } = loaderData;
  const busy = row?.status === "queued" || row?.status === "generating";
  if (!research) {
    return (
      <>
        <Panel title="Research snapshot">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">{busy ? "Your research snapshot is being written." : "Your research snapshot is not ready yet."}</p>
          {!busy && summary.hasBrand ? (
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="regenerate">Research my market</Button>
            </Form>
          ) : null}
        </Panel>
      </>
    );
  }
  const titles = new Map(research.sources.map((s) => [s.url, s.title]));
  const { icp } = research;
  return (
    <>
      {actionData?.message ? <Notice tone="warning" role="alert">{actionData.message}</Notice> : null}
      {row?.status === "failed" && row.error ? <Notice tone="error" role="alert">Researching again failed: {row.error} The previous snapshot is kept.</Notice> : null}
      {research.webAccess ? (
        <Notice tone="success" role="note">
          Researched on {research.researchedAt.slice(0, 10)} with web search. Every link on this page was returned by the search; claims without a source were left out.
        </Notice>
      ) : (
        <div role="note" data-testid="offline-notice" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">Generated without web access</p>
          <p className="mt-1">{OFFLINE_NOTICE[research.offlineReason ?? "builtin"]}</p>
        </div>
      )}
      <div className="space-y-6">
        <Panel
          title="Ideal customer profile"
          id="research-icp"
          actions={
            <div className="flex items-center gap-3">
              <a href={`/dashboard/kits/${summary.id}/research/research.md?v=${v}`} download={summary.plan.canDownload ? "research.md" : undefined} className="text-sm font-semibold text-brand-700 hover:text-brand-800">Download research.md</a>
              <Form method="post">
                <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy}>{busy ? "Researching…" : "Research again"}</Button>
              </Form>
            </div>
          }
        >
          <p data-testid="icp-who" className="text-[15px] leading-7 text-slate-800">{icp.who}</p>
          <div className="mt-5 grid gap-6 md:grid-cols-2">
            <ListBlock title="Jobs to be done" items={icp.jobsToBeDone} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Top 5 pains</h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm leading-6 text-slate-700">{icp.pains.map((p, i) => <li key={i}>{p}</li>)}</ol>
            </div>
            <ListBlock title="Where to reach them" items={icp.whereToReach} />
            <ListBlock title="Buying triggers" items={icp.buyingTriggers} />
            <ListBlock title="Objections" items={icp.objections} />
          </div>
        </Panel>

        {research.marketClaims.length ? (
          <Panel title="Market" id="research-market">
            <ul className="space-y-2 text-sm leading-6 text-slate-700">
              {research.marketClaims.map((c, i) => (
                <li key={i}>
                  {c.claim}{" "}
                  <span className="text-slate-500">
                    (
                    {c.sources.map((u, j) => (
                      <span key={u}>
                        {j > 0 ? ", " : ""}
                        <SourceLink url={u} title={titles.get(u)} />
                      </span>
                    ))}
                    )
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
        ) : null}

        <Panel title="Five competitors" id="research-competitors">
          <p className="-mt-1 mb-4 text-sm text-slate-600">The ones you named come first.</p>
          <ol className="space-y-4">
            {research.competitors.map((c, i) => (
              <CompetitorCard key={`${c.name}-${i}`} c={c} index={i} webAccess={research.webAccess} brandName={summary.name} titles={titles} />
            ))}
          </ol>
        </Panel>

        {research.sources.length ? (
          <Panel title="Sources" id="research-sources">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
              {research.sources.map((s) => (
                <li key={s.url}>
                  <SourceLink url={s.url} title={s.title} /> <span className="break-all text-xs text-slate-500">{s.url}</span>
                </li>
              ))}
            </ol>
          </Panel>
        ) : null}

        <Panel title="Files" id="research-files">
          <ul className="grid gap-x-6 sm:grid-cols-2">
            <FileLink href={`/dashboard/kits/${summary.id}/research/research.md?v=${v}`} name="research.md" describe="The snapshot as Markdown, with its sources" />
          </ul>
        </Panel>
      </div>
    </>
  );
}
