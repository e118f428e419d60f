import { useRouteLoaderData } from "react-router";
import type { WorkspaceSummary } from "~/features/workspace/workspace-summary";

/** The id React Router gives the workspace's layout route (app/routes.ts). */
export const WORKSPACE_LAYOUT_ID = "routes/dashboard/workspace/layout";

/** The kit's summary the workspace's layout route read, for a section's view. */
export function useWorkspaceSummary(): WorkspaceSummary {
  const data = useRouteLoaderData(WORKSPACE_LAYOUT_ID) as { summary: WorkspaceSummary } | undefined;
  if (!data) throw new Error("A workspace section renders inside the workspace layout route");
  return data.summary;
}

/** The kit's name for a section's <title>, from the layout route's data among the meta matches. */
export function workspaceKitName(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const data = matches.find((m) => m?.id === WORKSPACE_LAYOUT_ID)?.loaderData as { summary?: WorkspaceSummary } | undefined;
  return data?.summary?.name ?? "Launch kit";
}
