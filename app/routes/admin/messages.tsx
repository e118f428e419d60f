import { data, Form, useNavigation } from "react-router";
import { listMessages, newsletterCount, setMessageHandled } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { AdminHeader } from "~/ui/admin-nav";
import { NO_REPLY_REASONS, replyTargets, sendReply, supportReplyTo, REPLY_MAX } from "~/features/support/replies.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Inbox | Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const listed = await listMessages();
  // Where each reply would go: the sender's confirmed account address, or nowhere (the admin uses their own mail client).
  const targets = await replyTargets(listed);
  const messages = listed.map((m) => {
    const target = targets.get(m.id)!;
    return { ...m, replyTo: target.to, noReply: target.to === null ? NO_REPLY_REASONS[target.reason] : null };
  });
  return { messages, subscribers: await newsletterCount(), replyMax: REPLY_MAX, supportAddress: supportReplyTo() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") === "reply") {
    const body = form.get("body");
    const result = await sendReply(id, admin, body);
    if (!result.ok) return data({ id, intent: "reply" as const, ok: false, message: result.message, body: typeof body === "string" ? body : "" }, { status: result.status });
    return { id, intent: "reply" as const, ok: true, message: "Reply sent.", body: "" };
  }
  const handled = form.get("handled") === "true";
  if (!(await setMessageHandled(id, handled))) return data({ id, intent: "handled" as const, ok: false, message: "That message no longer exists.", body: "" }, { status: 404 });
  return { id, intent: "handled" as const, ok: true, message: handled ? "Marked as handled." : "Marked as open.", body: "" };
}

// One formatter for the module (see app/kit/format.ts on why not one per call).
const timeFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
const formatTime = (date: Date | string) => `${timeFormat.format(new Date(date))} UTC`;

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, subscribers, replyMax, supportAddress } = loaderData;
  const navigation = useNavigation();
  const sendingId = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply" ? String(navigation.formData.get("id")) : null;
  const openPro = messages.filter((m) => m.pro && !m.handled).length;
  return (
    <main className="container-page pt-28 pb-12">
      <AdminHeader title="Inbox" subtitle="Open Pro messages first, then other open messages, then handled ones; newest first in each." />
      <div className="mt-6 flex flex-wrap gap-3">
        <div className="inline-flex items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <span className="text-sm text-slate-600">Open Pro messages</span>
          <span data-testid="open-pro-count" className="text-xl font-bold tabular-nums">{openPro}</span>
        </div>
        <div className="inline-flex items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <span className="text-sm text-slate-600">Newsletter subscribers</span>
          <span data-testid="subscriber-count" className="text-xl font-bold tabular-nums">{subscribers}</span>
        </div>
      </div>
      {actionData?.message && !(actionData.intent === "reply" && !actionData.ok) ? <p role="status" className="mt-4 text-sm text-slate-700">{actionData.message}</p> : null}
      <ul className="mt-6 space-y-3">
        {messages.map((m) => {
          const replyError = actionData?.intent === "reply" && !actionData.ok && actionData.id === m.id ? actionData.message : null;
          const errorId = `reply-error-${m.id}`;
          return (
            <li
              key={m.id}
              data-testid="message"
              data-pro={m.pro ? "true" : "false"}
              className={`rounded-2xl border p-5 shadow-sm ${m.handled ? "border-slate-200 bg-slate-50" : m.pro ? "border-amber-300 bg-white ring-1 ring-amber-200" : "border-brand-200 bg-white"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
                    {m.pro ? <span data-testid="pro-mark" className="rounded-full bg-amber-100 px-2 py-0.5 tracking-normal text-amber-900 ring-1 ring-inset ring-amber-300">Pro</span> : null}
                    <span className="wrap-anywhere">{m.topic}</span>
                    {m.handled ? <span className="rounded-full bg-slate-200 px-2 py-0.5 normal-case tracking-normal text-slate-700">Handled</span> : null}
                  </p>
                  <p className="mt-1 font-medium text-slate-900 wrap-anywhere">
                    {m.name} · <a className="text-brand-700" href={`mailto:${m.email}`}>{m.email}</a>
                  </p>
                  <p data-testid="wait" className="mt-0.5 text-xs text-slate-600">
                    {formatTime(m.createdAt)} · {m.wait.state === "waiting" ? `waiting ${m.wait.waited}` : m.wait.state === "replied" ? `replied after ${m.wait.waited}` : "closed without a reply"} · target: {m.wait.target}
                    {m.wait.overdue ? (
                      <span data-testid="overdue" className="ml-2 rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800 ring-1 ring-inset ring-red-200">
                        {m.wait.state === "waiting" ? "Overdue" : "Replied late"}
                      </span>
                    ) : null}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="intent" value="handled" />
                  <input type="hidden" name="handled" value={m.handled ? "false" : "true"} />
                  <button type="submit" className="rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                    {m.handled ? "Reopen" : "Mark handled"}
                  </button>
                </Form>
              </div>
              <p className="mt-3 whitespace-pre-wrap text-sm text-slate-700 wrap-anywhere">{m.message}</p>
              {m.thread.length > 0 ? (
                <ol aria-label={`Replies to ${m.name}`} className="mt-4 space-y-2 border-l-2 border-slate-200 pl-4">
                  {m.thread.map((r) => (
                    <li key={r.id} data-testid="reply" className="rounded-xl bg-slate-100 p-3">
                      <p className="text-xs font-medium text-slate-600">
                        {r.adminName ?? "A former admin"} replied · <time dateTime={new Date(r.createdAt).toISOString()}>{formatTime(r.createdAt)}</time>
                      </p>
                      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800 wrap-anywhere">{r.body}</p>
                    </li>
                  ))}
                </ol>
              ) : null}
              {m.noReply ? (
                <p data-testid="no-reply" className="mt-4 rounded-xl bg-slate-100 px-3 py-2.5 text-sm text-slate-700 wrap-anywhere">
                  {m.noReply}{" "}
                  <a className="font-semibold text-brand-700" href={`mailto:${m.email}`}>
                    Write to {m.email}
                  </a>
                </p>
              ) : null}
              {/* Open messages show the reply form; a handled one keeps it folded (a <details>: works without JavaScript). */}
              {m.replyTo ? (
                <details open={!m.handled || replyError !== null} className="group mt-4">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700 group-open:sr-only">Reply by e-mail</summary>
                  <Form method="post" key={`${m.id}:${m.thread.length}`} className="mt-4 space-y-2">
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="intent" value="reply" />
                    <label htmlFor={`reply-${m.id}`} className="block text-sm font-medium text-slate-800">
                      Reply to {m.name} by e-mail
                    </label>
                    <textarea
                      id={`reply-${m.id}`}
                      name="body"
                      rows={3}
                      maxLength={replyMax}
                      defaultValue={replyError ? actionData?.body : ""}
                      aria-invalid={replyError ? true : undefined}
                      aria-describedby={replyError ? errorId : undefined}
                      className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500"
                    />
                    {replyError ? (
                      <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
                        {replyError}
                      </p>
                    ) : null}
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p data-testid="reply-route" className="text-xs text-slate-500 wrap-anywhere">
                        Goes to {m.replyTo}, the account's confirmed address, with the message quoted; their answer comes back to {supportAddress}. Marks it handled.
                      </p>
                      <button type="submit" disabled={sendingId === m.id} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
                        {sendingId === m.id ? "Sending..." : "Send reply"}
                      </button>
                    </div>
                  </Form>
                </details>
              ) : null}
            </li>
          );
        })}
        {messages.length === 0 ? <li className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">No messages yet.</li> : null}
      </ul>
    </main>
  );
}
