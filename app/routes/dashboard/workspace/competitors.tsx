import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { Field } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { workspaceKitName } from "~/ui/workspace/summary";
import { addCompetitor, addPage, removeCompetitor, removePage, suggestions, watchList } from "~/features/competitors/competitors.server";
import { LABEL_MAX, MAX_COMPETITORS, MAX_PAGES, NAME_MAX } from "~/features/competitors/limits";
import { canWatch, checkKitNow, checkPage, firstReadLimiter } from "~/features/competitors/watch.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/competitors";

/** The heading names the section, not the kit (the workspace layout route reads it). */
export const handle = { workspaceTitle: "Competitors" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Competitors · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/competitors: Pro's competitor watch (see
 * docs/decisions/029-competitor-watch.md). Owner only (another user's kit
 * is a 404); Pro or admin to watch (Free and Starter see what it does and
 * the upgrade link; their POSTs are refused with 403). Every form is a plain
 * POST; the work lives in app/features/competitors.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const pro = await canWatch(user);
  if (!pro) return { pro, watched: [], suggested: [], limits: { competitors: MAX_COMPETITORS, pages: MAX_PAGES } };
  const watched = await watchList(kit.id);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    pro,
    watched: watched.map((c) => ({
      ...c,
      pages: c.pages.map((p) => ({ ...p, lastCheckedAt: iso(p.lastCheckedAt), lastChangedAt: iso(p.lastChangedAt) })),
      changes: c.changes.map((ch) => ({ ...ch, createdAt: ch.createdAt.toISOString() })),
    })),
    suggested: watched.length < MAX_COMPETITORS ? await suggestions(kit.id, watched) : [],
    limits: { competitors: MAX_COMPETITORS, pages: MAX_PAGES },
  };
}

type ActionData = { intent: string; message: string; competitorId?: string };
const reply = (body: ActionData, status: number) => data(body, { status });
const INTENTS = ["add-competitor", "add-page", "remove-competitor", "remove-page", "check-now"] as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const value = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : "");
  const base = `/dashboard/kits/${kit.id}/competitors`;
  if (!(INTENTS as readonly string[]).includes(intent)) return reply({ intent, message: "Unknown action." }, 400);
  if (!(await canWatch(user))) return reply({ intent, message: "Competitor watch comes with Pro." }, 403);
  const competitorId = value("competitorId");

  if (intent === "add-competitor") {
    const url = value("url");
    const added = await addCompetitor(kit.id, value("name"), url.trim() ? { url, label: value("label") } : undefined);
    if (!added.ok) return reply({ intent, message: added.message }, added.status);
    if (added.pageId && (await firstReadLimiter.hit(kit.id))) await checkPage(added.pageId, { signal: request.signal });
    return redirect(`${base}?saved=competitor#competitor-${added.id}`, 303);
  }
  if (intent === "add-page") {
    const added = await addPage(kit.id, competitorId, { url: value("url"), label: value("label") });
    if (!added.ok) return reply({ intent, competitorId, message: added.message }, added.status);
    if (await firstReadLimiter.hit(kit.id)) await checkPage(added.id, { signal: request.signal });
    return redirect(`${base}?saved=page#competitor-${competitorId}`, 303);
  }
  if (intent === "remove-competitor") {
    if (!(await removeCompetitor(kit.id, competitorId))) return reply({ intent, message: "That competitor is not on your list (it may have been removed already)." }, 404);
    return redirect(`${base}?saved=removed`, 303);
  }
  if (intent === "remove-page") {
    if (!(await removePage(kit.id, value("pageId")))) return reply({ intent, competitorId, message: "That page is not on your list (it may have been removed already)." }, 404);
    return redirect(`${base}?saved=page-removed#competitor-${competitorId}`, 303);
  }
  // check-now
  const checked = await checkKitNow(kit.id, { signal: request.signal });
  if (!checked.ok) return reply({ intent, message: checked.message }, 429);
  const found = checked.results.filter((r) => r.changeId).length;
  return redirect(`${base}?saved=checked&found=${found}`, 303);
}

const SAVED: Record<string, string> = {
  competitor: "Competitor added. Its page was read now: next week's check compares with this copy.",
  page: "Page added and read now: next week's check compares with this copy.",
  removed: "Competitor removed, with its pages and changes.",
  "page-removed": "Page removed.",
};

const STATE: Record<string, { label: string; tone: string }> = {
  new: { label: "Not read yet", tone: "bg-slate-100 text-slate-700 ring-slate-500/20" },
  ok: { label: "Watching", tone: "bg-emerald-50 text-emerald-800 ring-emerald-600/20" },
  needs_browser: { label: "Can't be read without a browser", tone: "bg-amber-50 text-amber-900 ring-amber-600/30" },
  blocked: { label: "Blocked", tone: "bg-red-50 text-red-800 ring-red-600/20" },
  failed: { label: "Could not be read", tone: "bg-red-50 text-red-800 ring-red-600/20" },
};

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "never");
const day = (iso: string) => iso.slice(0, 10);

export default function CompetitorsSection({ loaderData, actionData }: Route.ComponentProps) {
  const { pro, watched, suggested, limits } = loaderData;
  const [params] = useSearchParams();
  const savedKey = params.get("saved") ?? "";
  const found = Number(params.get("found") ?? "0");
  const saved = savedKey === "checked" ? (found > 0 ? `Checked: ${found === 1 ? "1 page changed" : `${found} pages changed`}, see below.` : "Checked: nothing that matters changed since the last copy.") : SAVED[savedKey];
  const errorFor = (intent: string, competitorId?: string) => (actionData?.intent === intent && (competitorId === undefined || actionData.competitorId === competitorId) ? actionData.message : null);
  const topError = actionData && !actionData.competitorId ? actionData.message : null;
  const pageCount = watched.reduce((n, c) => n + c.pages.length, 0);
  return (
    <>
      <div className="space-y-6" data-testid="competitors-section">
        {saved ? <Notice tone="success">{saved}</Notice> : null}
        {topError ? (
          <Notice tone="error" role="alert">
            {topError}
          </Notice>
        ) : null}
        {!pro ? (
          <div data-testid="competitors-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">Watch your competitors with Pro</p>
            <p className="mt-1">
              Choose up to {limits.competitors} competitors (from your research snapshot or by hand) and up to {limits.pages} pages each: home, pricing, changelog. Every week LaunchKit reads them, keeps
              what changed (prices, plans, features, headings) with the lines quoted, says why it matters to your business, and e-mails you a digest in the weeks something changed.
            </p>
            <Link to="/upgrade" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
              Upgrade to Pro →
            </Link>
          </div>
        ) : (
          <>
            <Panel
              title="Watched pages"
              id="watch-overview"
              actions={
                pageCount ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="check-now" />
                    <Button type="submit" variant="secondary" size="sm">
                      Check now
                    </Button>
                  </Form>
                ) : null
              }
            >
              <p className="text-sm text-slate-700">
                {watched.length} of {limits.competitors} competitors, up to {limits.pages} pages each. LaunchKit reads every page once a week and e-mails you a digest only when something changed. &ldquo;Check now&rdquo; works once an hour.
              </p>
            </Panel>

            {watched.map((c) => (
              <CompetitorPanel key={c.id} competitor={c} maxPages={limits.pages} error={errorFor("add-page", c.id) ?? errorFor("remove-page", c.id)} />
            ))}

            {watched.length < limits.competitors ? (
              <Panel title="Watch a competitor" id="add-competitor">
                {suggested.length ? (
                  <div className="mb-5" data-testid="competitor-suggestions">
                    <p className="text-sm font-medium text-slate-800">From your research snapshot</p>
                    <ul className="mt-2 flex flex-wrap gap-2">
                      {suggested.map((s) => (
                        <li key={s.name}>
                          <Form method="post">
                            <input type="hidden" name="intent" value="add-competitor" />
                            <input type="hidden" name="name" value={s.name} />
                            {s.website ? <input type="hidden" name="url" value={s.website} /> : null}
                            {s.website ? <input type="hidden" name="label" value="home" /> : null}
                            <Button type="submit" variant="secondary" size="sm" title={s.website ? `Watch ${s.website}` : "Add it, then add its pages"}>
                              + {s.name}
                            </Button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <Form method="post" className="grid gap-3 sm:grid-cols-2" data-testid="add-competitor-form">
                  <input type="hidden" name="intent" value="add-competitor" />
                  <Field label="Competitor's name" inputProps={{ name: "name", required: true, maxLength: NAME_MAX, autoComplete: "off" }} />
                  <Field label="Page to watch (optional)" hint="Its home, pricing or changelog page" inputProps={{ name: "url", type: "text", inputMode: "url", placeholder: "https://example.com/pricing", autoComplete: "off" }} />
                  <Field label="Page name" hint="home, pricing, changelog…" inputProps={{ name: "label", maxLength: LABEL_MAX, placeholder: "pricing", autoComplete: "off" }} />
                  <div className="flex items-end">
                    <Button type="submit">Watch this competitor</Button>
                  </div>
                </Form>
              </Panel>
            ) : (
              <Notice tone="info">You watch {limits.competitors} competitors, the most a kit can: remove one to add another.</Notice>
            )}
          </>
        )}
      </div>
    </>
  );
}

type Competitor = Route.ComponentProps["loaderData"]["watched"][number];

function CompetitorPanel({ competitor: c, maxPages, error }: { competitor: Competitor; maxPages: number; error: string | null }) {
  return (
    <Panel
      title={c.name}
      id={`competitor-${c.id}`}
      actions={
        <Form method="post">
          <input type="hidden" name="intent" value="remove-competitor" />
          <input type="hidden" name="competitorId" value={c.id} />
          <Button type="submit" variant="ghost" size="sm">
            Stop watching
          </Button>
        </Form>
      }
    >
      <div data-testid="competitor" className="space-y-5">
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Pages</h3>
          {c.pages.length ? (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {c.pages.map((p) => (
                <li key={p.id} data-testid="competitor-page" data-state={p.state} className="flex flex-wrap items-start justify-between gap-2 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{p.label}</span>
                      <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE[p.state]?.tone ?? STATE.new!.tone}`}>{STATE[p.state]?.label ?? p.state}</span>
                    </p>
                    <p className="truncate text-xs">
                      <a href={p.url} target="_blank" rel="noopener noreferrer nofollow" className="text-slate-600 underline decoration-slate-300 hover:text-slate-900" title={p.url}>
                        {p.url}
                      </a>
                    </p>
                    <p className="text-xs text-slate-500">
                      Last read {when(p.lastCheckedAt)}
                      {p.lastChangedAt ? ` · last change ${when(p.lastChangedAt)}` : ""}
                    </p>
                    {p.lastError ? <p className="mt-1 text-xs text-red-800 wrap-anywhere">{p.lastError}</p> : null}
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-page" />
                    <input type="hidden" name="competitorId" value={c.id} />
                    <input type="hidden" name="pageId" value={p.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Remove the ${p.label} page`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No page yet: add its home, pricing or changelog page.</p>
          )}
          {c.pages.length < maxPages ? (
            <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="add-page-form">
              <input type="hidden" name="intent" value="add-page" />
              <input type="hidden" name="competitorId" value={c.id} />
              <Field className="flex-1" label="Add a page" inputProps={{ name: "url", type: "text", inputMode: "url", required: true, placeholder: "https://example.com/pricing", autoComplete: "off" }} />
              <Field className="sm:w-40" label="Page name" inputProps={{ name: "label", maxLength: LABEL_MAX, placeholder: "pricing", autoComplete: "off" }} />
              <Button type="submit" variant="secondary">
                Add page
              </Button>
            </Form>
          ) : null}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What changed</h3>
          {c.changes.length ? (
            <ol className="mt-2 space-y-3" data-testid="competitor-timeline">
              {c.changes.map((ch) => (
                <li key={ch.id} data-testid="competitor-change" className="rounded-xl border border-slate-200 p-3 text-sm">
                  <p className="text-xs text-slate-500">
                    <time dateTime={ch.createdAt}>{day(ch.createdAt)}</time> · {ch.pageLabel}
                    {ch.importance === "high" ? <span className="ml-1 font-semibold text-amber-800">· important</span> : null}
                  </p>
                  <p className="mt-1 text-slate-900">{ch.summary}</p>
                  {ch.quotes.length ? (
                    <p data-testid="change-lines" className="mt-2 text-xs text-slate-600">
                      {ch.quotes.length === 1 ? "The changed line:" : `All ${ch.quotes.length} changed lines:`}
                    </p>
                  ) : null}
                  {ch.quotes.length ? (
                    <ul className="mt-1 space-y-1">
                      {ch.quotes.map((q, i) => (
                        <li key={i} data-kind={q.kind} className={`border-l-4 px-2 py-1 text-xs wrap-anywhere ${q.kind === "added" ? "border-emerald-600 bg-emerald-50 text-emerald-950" : "border-red-600 bg-red-50 text-red-950"}`}>
                          <span className="font-semibold">{q.kind === "added" ? "Added: " : "Removed: "}</span>
                          <q>{q.text}</q>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No change found yet.</p>
          )}
        </div>
      </div>
    </Panel>
  );
}
