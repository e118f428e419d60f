import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import { AdminHeader } from "~/ui/admin-nav";
import { ADMIN_PAGES_PAGE_SIZE, listPublicPages, restorePage, takeDownPage } from "~/kit/assets/landing/pages.server";
import { TakedownSchema } from "~/features/site/takedown-schema";
import { formatDate } from "~/kit/format";
import { requestedPage } from "~/platform/text/pagination";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = () => [{ title: "Published pages · Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = requestedPage(url);
  const { rows, total } = await listPublicPages(page);
  return { rows, total, page, pageSize: ADMIN_PAGES_PAGE_SIZE };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "takedown") {
    const submission = parseWithZod(form, { schema: TakedownSchema });
    if (submission.status !== "success") {
      const kitId = String(form.get("kitId") ?? "");
      return data({ kitId, message: Object.values(submission.error ?? {}).flat()[0] ?? "Give the founder a reason." }, { status: 400 });
    }
    if (!(await takeDownPage(submission.value.kitId, submission.value.reason))) return data({ kitId: submission.value.kitId, message: "That page no longer exists." }, { status: 404 });
    return { kitId: submission.value.kitId, message: "Page taken down. Its founder sees the reason." };
  }
  if (intent === "restore") {
    const kitId = String(form.get("kitId") ?? "");
    if (!(await restorePage(kitId))) return data({ kitId, message: "That page no longer exists." }, { status: 404 });
    return { kitId, message: "Takedown lifted: the founder may publish again." };
  }
  return data({ kitId: "", message: "Unknown action." }, { status: 400 });
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageSize } = loaderData;
  return (
    <main className="mx-auto w-full max-w-[96rem] px-4 pt-28 pb-12 sm:px-6 lg:px-8">
      <AdminHeader title="Published pages" subtitle="Every landing page live on LaunchKit, and the ones taken down." />
      {actionData?.message ? <p role="status" className="mt-6 rounded-xl bg-slate-100 px-4 py-2 text-sm text-slate-800">{actionData.message}</p> : null}
      <p className="mt-6 text-sm text-slate-600">{total} {total === 1 ? "page" : "pages"}</p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500 shadow-sm">No page is published yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {rows.map((r) => (
            <li key={r.kitId} data-testid="admin-page" className="grid gap-4 px-4 py-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{r.brandName ?? r.slug}</p>
                <p className="mt-0.5 text-sm">
                  {r.published ? (
                    <a href={`/p/${r.slug}`} target="_blank" rel="noreferrer" className="font-mono text-brand-700 hover:text-brand-800">/p/{r.slug}</a>
                  ) : (
                    <span className="font-mono text-slate-600">/p/{r.slug}</span>
                  )}
                </p>
                <p className="mt-1 text-xs text-slate-600 wrap-anywhere">
                  {r.ownerEmail} · {r.leads} {r.leads === 1 ? "lead" : "leads"}
                  {r.publishedAt ? ` · published ${formatDate(r.publishedAt)}` : ""}
                </p>
              </div>
              {r.takenDownAt ? (
                <div className="text-sm">
                  <p className="font-semibold text-red-800">Taken down {formatDate(r.takenDownAt)}</p>
                  <p className="mt-0.5 text-slate-700 wrap-anywhere">Reason: {r.takedownReason}</p>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="kitId" value={r.kitId} />
                    <button type="submit" name="intent" value="restore" className="rounded-lg px-2.5 py-1 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">Lift the takedown</button>
                  </Form>
                </div>
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="kitId" value={r.kitId} />
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`reason-${r.kitId}`} className="mb-1 block text-xs font-medium text-slate-700">Reason for the founder</label>
                    <input
                      id={`reason-${r.kitId}`}
                      name="reason"
                      required
                      minLength={5}
                      maxLength={500}
                      aria-invalid={actionData?.kitId === r.kitId && !actionData.message.startsWith("Page") ? true : undefined}
                      placeholder="e.g. Misleading health claims (terms §4)"
                      className="block w-full rounded-lg border-0 px-2.5 py-1.5 text-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500"
                    />
                  </div>
                  <button type="submit" name="intent" value="takedown" className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700">Take down</button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {page > 1 || page * pageSize < total ? (
        <nav aria-label="Pagination" className="mt-6 flex justify-between text-sm font-semibold text-brand-700">
          {page > 1 ? <Link to={`?page=${page - 1}`}>← Newer</Link> : <span />}
          {page * pageSize < total ? <Link to={`?page=${page + 1}`}>Older →</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
