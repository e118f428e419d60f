import { data, Form } from "react-router";
import { listMessages, newsletterCount, setMessageHandled } from "~/admin/admin.server";
import { requireAdmin } from "~/auth/guards.server";
import { AdminHeader } from "~/components/admin-nav";
import { formatDate } from "~/kits/format";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Inbox | Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { messages: await listMessages(), subscribers: await newsletterCount() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const handled = form.get("handled") === "true";
  if (!(await setMessageHandled(id, handled))) return data({ message: "That message no longer exists." }, { status: 404 });
  return { message: handled ? "Marked as handled." : "Marked as open." };
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, subscribers } = loaderData;
  return (
    <main className="container-page pt-28 pb-12">
      <AdminHeader title="Inbox" subtitle="Messages from the contact form, newest first." />
      <div className="mt-6 inline-flex items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <span className="text-sm text-slate-600">Newsletter subscribers</span>
        <span data-testid="subscriber-count" className="text-xl font-bold tabular-nums">{subscribers}</span>
      </div>
      {actionData?.message ? <p role="status" className="mt-4 text-sm text-slate-700">{actionData.message}</p> : null}
      <ul className="mt-6 space-y-3">
        {messages.map((m) => (
          <li key={m.id} data-testid="message" className={`rounded-2xl border p-5 shadow-sm ${m.handled ? "border-slate-200 bg-slate-50" : "border-brand-200 bg-white"}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {m.topic}
                  {m.handled ? <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 normal-case tracking-normal text-slate-700">Handled</span> : null}
                </p>
                <p className="mt-1 font-medium text-slate-900 wrap-anywhere">{m.name} · <a className="text-brand-700" href={`mailto:${m.email}`}>{m.email}</a></p>
                <p className="text-xs text-slate-500">{formatDate(m.createdAt)}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={m.id} />
                <input type="hidden" name="handled" value={m.handled ? "false" : "true"} />
                <button type="submit" className="rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                  {m.handled ? "Reopen" : "Mark handled"}
                </button>
              </Form>
            </div>
            <p className="mt-3 whitespace-pre-wrap text-sm text-slate-700 wrap-anywhere">{m.message}</p>
          </li>
        ))}
        {messages.length === 0 ? <li className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">No messages yet.</li> : null}
      </ul>
    </main>
  );
}
