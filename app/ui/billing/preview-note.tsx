import { Link } from "react-router";
import { Icon } from "~/ui/marketing/icons";

/**
 * The free preview's note above a section's downloads: what is watermarked,
 * and where downloads come from. Shown when the plan has no downloads.
 */
export function PreviewNote({ what }: { what: string }) {
  return (
    <p data-testid="preview-note" className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <Icon name="lock" className="h-4 w-4 shrink-0 text-amber-700" />
      <span>
        Free preview: {what} Downloads and the ZIP come with Starter ($39 once) or Pro.
      </span>
      <Link to="/pricing" className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700">
        See plans
      </Link>
    </p>
  );
}
