import { data, Form } from "react-router";
import { changeRole, LastAdminError, listUsers } from "~/admin/admin.server";
import { requireAdmin } from "~/auth/guards.server";
import { AdminHeader } from "~/components/admin-nav";
import { formatDate } from "~/kits/format";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { users: listUsers(), me: admin.id };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const role = form.get("role");
  if (role !== "admin" && role !== "user") return data({ message: "Choose a valid role." }, { status: 400 });
  try {
    if (!changeRole(String(form.get("userId") ?? ""), role)) return data({ message: "That user no longer exists." }, { status: 404 });
  } catch (error) {
    if (error instanceof LastAdminError) return data({ message: "LaunchKit needs at least one admin: this role can't be revoked." }, { status: 409 });
    throw error;
  }
  return { message: role === "admin" ? "Admin role granted." : "Admin role revoked." };
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="container-page pt-28 pb-12">
      <AdminHeader title="Users" subtitle="Accounts and roles." />
      {actionData?.message ? <p role="status" className="mt-6 rounded-xl bg-slate-100 px-4 py-2 text-sm">{actionData.message}</p> : null}
      <div className="relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>{["Email", "Name", "Role", "Kits", "Created", ""].map((h) => <th key={h} scope="col" className="px-3 py-2.5">{h}</th>)}</tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.users.map((u) => (
              <tr key={u.id} data-testid="user-row">
                <td className="px-3 py-2.5 font-medium">{u.email}{u.id === loaderData.me ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}</td>
                <td className="px-3 py-2.5">{u.name}</td>
                <td className="px-3 py-2.5 capitalize">{u.role}</td>
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
    </main>
  );
}
