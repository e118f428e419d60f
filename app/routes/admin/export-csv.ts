import { parseStatusFilter } from "~/features/admin/admin.server";
import { csvFileName, exportKitsCsv } from "~/features/admin/kits-csv.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { logError } from "~/platform/log.server";
import type { Route } from "./+types/export-csv";

/** Streams the (filtered) kits as CSV, row batch by row batch. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const status = parseStatusFilter(url.searchParams.get("status"));
  try {
    return new Response(await exportKitsCsv(status), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName()}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    logError("CSV export failed", error);
    return new Response("Failed to export data", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** Only GET exports; a POST still goes through the admin check first. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
