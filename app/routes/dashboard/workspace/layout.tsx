import { Outlet, useMatches } from "react-router";
import { WorkspaceShell } from "~/ui/workspace/shell";
import { requireKitOverview } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/layout";

/**
 * The frame of every section of a kit's workspace: the kit and its summary
 * are read here once and the shell drawn once around the section (the
 * shell's own data, not the section's). The sections keep their own loaders
 * and actions, each checking the kit's owner itself: React Router runs this
 * loader beside theirs, so none of them may count on it having run.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { summary } = await requireKitOverview(request, params.id);
  return { summary };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  // A section may name itself in the heading instead of the kit (its route's `handle.workspaceTitle`).
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { workspaceTitle?: string } | undefined)?.workspaceTitle;
  return (
    <WorkspaceShell summary={loaderData.summary} title={title}>
      <Outlet />
    </WorkspaceShell>
  );
}
