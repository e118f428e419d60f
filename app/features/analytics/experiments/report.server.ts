import { experimentCounts, experimentsOfKit } from "./experiments.server";
import { experimentView, type ExperimentView } from "./view";

export type { ExperimentView };

/** Every experiment of a kit, newest first, with its numbers: the running one (if any) and the history. */
export async function experimentsReport(kitId: string, now = new Date()): Promise<{ running: ExperimentView | null; history: ExperimentView[] }> {
  const all = await experimentsOfKit(kitId);
  const views = await Promise.all(all.map(async (e) => experimentView(e, await experimentCounts(e, now))));
  return { running: views.find((v) => v.status === "running") ?? null, history: views.filter((v) => v.status !== "running") };
}
