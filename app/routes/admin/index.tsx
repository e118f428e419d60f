import { requireAdmin } from "~/auth/guards.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Admin | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { adminEmail: admin.email };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container-page pt-32">
      <h1 className="text-3xl font-bold tracking-tight">Admin dashboard</h1>
      <p className="mt-2 text-slate-600">Signed in as {loaderData.adminEmail}.</p>
    </main>
  );
}
