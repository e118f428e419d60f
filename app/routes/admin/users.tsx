import { data, Form } from "react-router";
import { changeRole, LastAdminError, listUsers } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { adminSetPlan, recentPlanChanges } from "~/kit/plans/account.server";
import { PLAN_NAMES } from "~/kit/plans/plans";
import { AdminPlanSchema } from "~/features/billing/schemas";
import { PLANS } from "~/platform/db/schema.sqlite"; // client-safe: ~/platform/db/schema picks the dialect from the server's configuration
import { AdminHeader } from "~/ui/admin-nav";
import { formatDate } from "~/kit/format";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { users: await listUsers(), me: admin.id, planChanges: await recentPlanChanges(30) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "plan") {
    // The self-hoster's path (no Stripe) and support's: logged in plan_changes as admin:<id>.
    const parsed = AdminPlanSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ message: parsed.error.issues[0]!.message }, { status: 400 });
    const { userId, plan, note } = parsed.data;
    if (!(await adminSetPlan(admin.id, userId, plan, note))) return data({ message: "That user no longer exists." }, { status: 404 });
    return { message: `Plan set to ${PLAN_NAMES[plan]}.` };
  }
  const role = form.get("role");
  if (role !== "admin" && role !== "user") return data({ message: "Choose a valid role." }, { status: 400 });
  try {
    if (!(await changeRole(String(form.get("userId") ?? ""), role))) return data({ message: "That user no longer exists." }, { status: 404 });
  } catch (error) {
    if (error instanceof LastAdminError) return data({ message: "LaunchKit needs at least one admin: this role can't be revoked." }, { status: 409 });
    throw error;
  }
  return { message: role === "admin" ? "Admin role granted." : "Admin role revoked." };
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="container-page pt-28 pb-12">
      <AdminHeader title="Users" subtitle="Accounts, roles and plans." />
      {actionData?.message ? <p role="status" className="mt-6 rounded-xl bg-slate-100 px-4 py-2 text-sm">{actionData.message}</p> : null}
      <div className="relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>{["Email", "Name", "Role", "Plan", "Kits", "Created", ""].map((h) => <th key={h} scope="col" className="px-3 py-2.5">{h}</th>)}</tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.users.map((u) => (
              <tr key={u.id} data-testid="user-row">
                <td className="px-3 py-2.5 font-medium">{u.email}{u.id === loaderData.me ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}</td>
                <td className="px-3 py-2.5">{u.name}</td>
                <td className="px-3 py-2.5 capitalize">{u.role}</td>
                <td className="px-3 py-2.5">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="plan" />
                    <input type="hidden" name="userId" value={u.id} />
                    <label className="sr-only" htmlFor={`plan-${u.id}`}>Plan of {u.email}</label>
                    <select id={`plan-${u.id}`} name="plan" defaultValue={u.plan} data-testid="plan-select" className="rounded-lg border-slate-300 py-1 pr-8 pl-2 text-xs">
                      {PLANS.map((p) => <option key={p} value={p}>{PLAN_NAMES[p]}</option>)}
                    </select>
                    <button type="submit" className="rounded-lg px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ring-slate-300 hover:bg-slate-50">Set plan</button>
                  </Form>
                  {u.plan === "pro" && u.planStatus && u.planStatus !== "active" ? (
                    <p className="mt-1 text-xs text-slate-500">{u.planStatus === "past_due" ? "Past due" : "Canceled"}{u.planEndsAt ? `, ends ${formatDate(u.planEndsAt)}` : ""}</p>
                  ) : null}
                </td>
                <td className="px-3 py-2.5 tabular-nums">{u.kits}</td>
                <td className="whitespace-nowrap px-3 py-2.5">{formatDate(u.createdAt)}</td>
                <td className="px-3 py-2.5">
                  <Form method="post">
                    <input type="hidden" name="userId" value={u.id} />
                    <button type="submit" name="role" value={u.role === "admin" ? "user" : "admin"} className="rounded-lg px-3 py-1 text-xs font-semibold ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                      {u.role === "admin" ? "Revoke admin" : "Make admin"}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="plan-changes-heading" className="mt-10">
        <h2 id="plan-changes-heading" className="text-lg font-semibold text-slate-900">Plan changes</h2>
        <p className="mt-1 text-sm text-slate-600">From Stripe's webhooks and from admins, newest first. Setting a plan here does not change anything in Stripe.</p>
        {loaderData.planChanges.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No plan changes yet.</p>
        ) : (
          // A scrolling table with nothing focusable inside: the region itself takes focus, so keyboards can scroll it.
          <div role="region" aria-labelledby="plan-changes-heading" tabIndex={0} className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>{["When", "User", "Change", "By", "Note"].map((h) => <th key={h} scope="col" className="px-3 py-2.5">{h}</th>)}</tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {loaderData.planChanges.map((c) => (
                  <tr key={c.id} data-testid="plan-change">
                    <td className="whitespace-nowrap px-3 py-2.5">{formatDate(c.createdAt)}</td>
                    <td className="px-3 py-2.5">{c.email}</td>
                    <td className="whitespace-nowrap px-3 py-2.5">{c.fromPlan} → {c.toPlan}</td>
                    <td className="px-3 py-2.5 text-xs">{c.by}</td>
                    <td className="px-3 py-2.5 text-xs text-slate-600">{c.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
