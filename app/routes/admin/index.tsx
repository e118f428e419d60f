import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { adminDeleteKit, adminSetKitStatus, adminStats, ADMIN_PAGE_SIZE, listKits, parseStatusFilter } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { runWeeklyWatch } from "~/features/competitors/watch.server";
import { getConfig } from "~/platform/config.server";
import { confirmSiteOrigin, trustedOrigin } from "~/platform/http/site-origin.server";
import { KIT_DELETED_MESSAGE } from "~/kit/messages";
import { isGenerating, stopGeneration } from "~/kit/runner/commands.server";
import { AdminHeader } from "~/ui/admin-nav";
import { StatusBadge } from "~/ui/kit-ui";
import { buttonClasses } from "~/ui/ui/button";
import { KIT_STATUSES } from "~/platform/db/schema.sqlite"; // client-safe: ~/platform/db/schema picks the dialect from the server's configuration
import { formatDate } from "~/kit/format";
import { capitalize } from "~/kit/options";
import { redirectPastLastPage, requestedPage } from "~/platform/text/pagination";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const status = parseStatusFilter(url.searchParams.get("status"));
  const page = requestedPage(url);
  // Synchronous local SQLite queries: nothing to overlap.
  const stats = await adminStats();
  const kits = await listKits(status, page);
  redirectPastLastPage(url, page, kits.total, ADMIN_PAGE_SIZE);
  return { stats, kits: kits.rows, total: kits.total, status, page, pageSize: ADMIN_PAGE_SIZE, address: await siteAddress(request) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const kitId = String(form.get("kitId") ?? "");
  const intent = form.get("intent");
  if (intent === "site-origin") {
    // Only the address this admin's browser is using, as shown to them: never a value typed or forged into the form.
    const origin = new URL(request.url).origin;
    if (getConfig().appUrl) return data({ message: "APP_URL is set: it is the site's address." }, { status: 409 });
    if (form.get("origin") !== origin) return data({ message: "Open this page at the address people use, then confirm it." }, { status: 400 });
    await confirmSiteOrigin(origin);
    return { message: `E-mailed links now use ${origin}.` };
  }
  if (intent === "competitor-watch") {
    // The weekly competitor watch at once (it also runs on its own each week): every Pro kit's pages, then the digests.
    const run = await runWeeklyWatch({ signal: request.signal });
    const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
    return { message: `Competitor watch: ${plural(run.pages, "page")} checked${run.skipped ? ` (${plural(run.skipped, "page")} of kits without Pro skipped)` : ""}, ${plural(run.changes, "change")} found, ${plural(run.digests.sent, "digest")} queued.` };
  }
  if (intent === "status") {
    const status = parseStatusFilter(String(form.get("status") ?? ""));
    if (!status) return data({ message: "Choose a valid status." }, { status: 400 });
    // A kit marked "generating" without a run would spin forever for its owner.
    if (status === "generating") return data({ message: "Only a generation can set a kit to generating." }, { status: 400 });
    if (await isGenerating(kitId)) {
      return data({ message: "This kit is being generated. Change its status when the generation ends." }, { status: 409 });
    }
    if (!(await adminSetKitStatus(kitId, status))) return data({ message: "That kit no longer exists." }, { status: 404 });
    return { message: `Status changed to ${status}.` };
  }
  if (intent === "delete") {
    await stopGeneration(kitId, KIT_DELETED_MESSAGE);
    if (!(await adminDeleteKit(kitId))) return data({ message: "That kit no longer exists." }, { status: 404 });
    return { message: "Kit deleted." };
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

/** What e-mailed links use (APP_URL, or the address an admin confirmed), and the address of this request. */
async function siteAddress(request: Request) {
  return { configured: !!getConfig().appUrl, trusted: await trustedOrigin(), current: new URL(request.url).origin };
}

/** With APP_URL unset: the address e-mails use, and a form to confirm the one in use. */
function SiteAddress({ address }: { address: { configured: boolean; trusted: string | null; current: string } }) {
  if (address.configured) return null;
  return (
    <section aria-labelledby="site-address" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="site-address" className="text-base font-semibold text-slate-900">Site address</h2>
      <p className="mt-1 text-sm text-slate-700">
        {address.trusted ? (
          <>Links in e-mails (password resets, confirmations, lead alerts) use <strong>{address.trusted}</strong>.</>
        ) : (
          <>LaunchKit does not know its public address yet, so it sends no e-mail with links except to a loopback address. Set APP_URL, or confirm the address below.</>
        )}
      </p>
      {address.trusted !== address.current ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="site-origin" />
          <input type="hidden" name="origin" value={address.current} />
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Use {address.current} as the site's address
          </button>
        </Form>
      ) : null}
    </section>
  );
}

const STAT_CARDS = [
  ["total", "Total"], ["draft", "Draft"], ["generating", "Generating"],
  ["completed", "Completed"], ["exported", "Exported"], ["thisWeek", "This week"],
] as const;

/**
 * A status select and its Update button. The select never submits on its own
 * (arrow keys would change live data while browsing the options); with
 * JavaScript it posts through a fetcher, and after every answer (a refused
 * change included) it shows the status the server has.
 */
function StatusForm({ kitId, status }: { kitId: string; status: string }) {
  const fetcher = useFetcher<{ message: string }>();
  const hydrated = useHydrated();
  const [value, setValue] = useState(status);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!busy) setValue(status);
  }, [status, busy, fetcher.data]);
  return (
    // `contents`: the select, Update and the row's Delete share one compact grid.
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="kitId" value={kitId} />
      <input type="hidden" name="intent" value="status" />
      <label className="sr-only" htmlFor={`status-${kitId}`}>Status</label>
      <select
        id={`status-${kitId}`}
        name="status"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="col-span-2 w-full rounded-lg border-0 py-1 pl-2 pr-7 text-xs ring-1 ring-inset ring-slate-300"
      >
        {KIT_STATUSES.map((s) => (
          // Only a generation sets "generating"; shown for the kits that are.
          <option key={s} value={s} disabled={s === "generating" && status !== "generating"}>{capitalize(s)}</option>
        ))}
      </select>
      <button
        type="submit"
        disabled={hydrated && (busy || value === status)}
        className="row-start-2 rounded-lg bg-slate-900 px-2 py-1 text-xs font-semibold text-white disabled:opacity-40"
      >
        Update
      </button>
      {fetcher.data?.message && !busy ? (
        <p role="status" className="col-span-2 row-start-3 text-xs text-slate-600">{fetcher.data.message}</p>
      ) : null}
    </fetcher.Form>
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, kits, total, status, page, pageSize, address } = loaderData;
  const query = (p: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(p)) if (v !== null && v !== "" && !(k === "page" && v === 1)) params.set(k, String(v));
    const s = params.toString();
    return s ? `?${s}` : "/admin";
  };
  return (
    <main className="mx-auto w-full max-w-[96rem] px-4 pt-28 pb-12 sm:px-6 lg:px-8">
      <AdminHeader title="Admin dashboard" subtitle="Every launch kit, with the real user behind it." />
      <section aria-label="Stats" className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {STAT_CARDS.map(([key, label]) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-xs font-medium text-slate-600">{label}</p>
            <p data-testid={`admin-stat-${key}`} className="mt-1 text-2xl font-bold tabular-nums">{stats[key]}</p>
          </div>
        ))}
      </section>

      <SiteAddress address={address} />
      <section aria-labelledby="competitor-watch" className="mt-8 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div>
          <h2 id="competitor-watch" className="text-base font-semibold text-slate-900">Competitor watch</h2>
          <p className="mt-1 text-sm text-slate-700">Runs every week on its own. Run it now to check every Pro kit&rsquo;s watched pages and send the digests of what changed.</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="competitor-watch" />
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Run the weekly competitor watch now
          </button>
        </Form>
      </section>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Status filter" className="flex flex-wrap gap-2">
          {[null, ...KIT_STATUSES].map((s) => (
            <Link
              key={s ?? "all"}
              to={query({ status: s })}
              aria-current={s === status ? "page" : undefined}
              className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset ${
                s === status ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {s ? capitalize(s) : "All"}
            </Link>
          ))}
        </nav>
        <a href={`/admin/export.csv${status ? `?status=${status}` : ""}`} download className={buttonClasses("secondary", "sm")}>
          Export CSV
        </a>
      </div>
      {actionData?.message ? <p role="status" className="mt-4 rounded-xl bg-slate-100 px-4 py-2 text-sm text-slate-800">{actionData.message}</p> : null}
      <p data-testid="showing" className="mt-4 text-sm text-slate-600">
        Showing {kits.length} of {total} total submissions
      </p>
      {kits.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500 shadow-sm">
          No submissions for this filter.
        </p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {["Business idea", "User", "Audience", "Tone", "Goal", "Vibe", "Status", "Progress", "Created / Updated", "Actions"].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-3 py-2.5">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {kits.map((k) => (
                <tr key={k.id} data-testid="admin-row" className="align-top">
                  <td className="min-w-48 max-w-64 px-3 py-2.5"><p className="line-clamp-2 font-medium text-slate-900 wrap-anywhere">{k.businessIdea}</p></td>
                  <td className="max-w-56 px-3 py-2.5 wrap-anywhere">
                    <p className="text-slate-900">{k.userEmail ?? "Unknown"}</p>
                    <p className="line-clamp-1 text-xs text-slate-500">{k.userName ?? ""}</p>
                  </td>
                  <td className="max-w-48 px-3 py-2.5 text-slate-700"><p className="line-clamp-2 wrap-anywhere">{k.targetAudience}</p></td>
                  <td className="px-3 py-2.5 capitalize">{k.tone}</td>
                  <td className="whitespace-nowrap px-3 py-2.5 capitalize">{k.primaryGoal}</td>
                  <td className="whitespace-nowrap px-3 py-2.5 capitalize">{k.brandVibe}</td>
                  <td className="px-3 py-2.5"><StatusBadge status={k.status} /></td>
                  <td className="px-3 py-2.5 tabular-nums">{k.generationProgress ?? "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2.5">
                    <span className="block">{formatDate(k.createdAt)}</span>
                    <span className="block text-xs text-slate-500">{formatDate(k.updatedAt)}</span>
                  </td>
                  <td className="px-3 py-2.5">
                    <div className="grid w-36 grid-cols-2 gap-1.5">
                      <StatusForm kitId={k.id} status={k.status} />
                      <Form method="post" className="row-start-2" onSubmit={(e) => { if (!window.confirm("Delete this kit?")) e.preventDefault(); }}>
                        <input type="hidden" name="kitId" value={k.id} />
                        <button type="submit" name="intent" value="delete" className="w-full rounded-lg px-2 py-1 text-xs font-semibold text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50">
                          Delete
                        </button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page > 1 || page * pageSize < total ? (
        <nav aria-label="Pagination" className="mt-6 flex justify-between text-sm font-semibold text-brand-700">
          {page > 1 ? <Link to={query({ status, page: page - 1 })}>← Newer</Link> : <span />}
          {page * pageSize < total ? <Link to={query({ status, page: page + 1 })}>Older →</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
