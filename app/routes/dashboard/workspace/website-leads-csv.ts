import { csvRow } from "~/platform/text/csv.server";
import { allLeadsOfKit, landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/website-leads-csv";

const LEADS_CSV_COLUMNS = ["Email", "Name", "Phone", "Preferred Time", "Signed Up At", "Date", "Places"] as const;

/**
 * The kit's leads as CSV (owner only), newest first. Cells are formula-safe
 * like the admin export: a cell a spreadsheet would run as a formula gets a
 * leading apostrophe.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const rows = await allLeadsOfKit(kit.id);
  let csv = "\uFEFF" + LEADS_CSV_COLUMNS.join(",") + "\r\n";
  for (const l of rows) csv += csvRow([l.email, l.name, l.phone, l.preferredTime, l.createdAt.toISOString(), l.bookingDate, l.partySize === null ? null : String(l.partySize)]);
  const slug = (await landingPageOf(kit.id))?.slug ?? "landing-page";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${slug}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = refusePost;
