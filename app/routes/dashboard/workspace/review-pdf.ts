import { kitBrand, readyContent } from "~/kit/content.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { requireKitWorkspace } from "~/features/workspace/workspace.server";
import { reviewPdfLimiter } from "~/features/monthly/limits.server";
import { renderReviewPdf } from "~/features/monthly/review-pdf.server";
import { reviewOfKit } from "~/features/monthly/review.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/review-pdf";

/**
 * /dashboard/kits/:id/review/<period>.pdf: a stored strategy review as a PDF
 * in the brand (owner only: another user's kit, or a period without a
 * review, is a 404). Reviews already written stay downloadable whatever the
 * plan is now.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, summary, user } = await requireKitWorkspace(request, params.id);
  const match = /^(\d{4}-\d{2})\.pdf$/.exec(params.file);
  if (!match) throw notFound();
  const review = await reviewOfKit(kit.id, match[1]!);
  const brand = await kitBrand(kit.id);
  if (!review || !brand) throw notFound();
  // Drawn on each download (about half a second of CPU): a burst is refused rather than queued.
  if (!(await reviewPdfLimiter.hit(user.id))) return new Response("Too many downloads at once: wait a minute and try again.", { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" } });
  const logo = await readyContent(kit.id, "logo", LogoContentSchema);
  const pdf = await renderReviewPdf(brand, logo, review.figures, review.body, review.createdAt);
  const slug = summary.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "kit";
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${slug}-strategy-review-${review.period}.pdf"`,
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = refusePost;
