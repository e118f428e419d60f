import { csvRow } from "~/platform/text/csv.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { refusePost } from "~/platform/http/responses.server";
import { lineRows } from "~/features/site/waitlist/waitlist.server";
import type { Route } from "./+types/waitlist-csv";

const COLUMNS = ["Place", "Email", "Name", "Confirmed Referrals", "Signed Up At", "Confirmed At", "Invited At"] as const;

/** The waitlist's line as CSV (owner only), first place first; formula-safe cells like the leads export. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const { rows } = await lineRows(kit.id, { limit: Number.MAX_SAFE_INTEGER });
  let csv = "\uFEFF" + COLUMNS.join(",") + "\r\n";
  for (const r of rows) csv += csvRow([r.place, r.email, r.name, r.referrals, r.joinedAt.toISOString(), r.confirmedAt.toISOString(), r.invitedAt?.toISOString() ?? ""]);
  const slug = (await landingPageOf(kit.id))?.slug ?? "landing-page";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="waitlist-${slug}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = refusePost;
