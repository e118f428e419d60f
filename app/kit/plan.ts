import type { AssetStatus } from "~/platform/db/schema";

/**
 * A kit's plan: every asset kind in dependency order. The core kinds run in
 * the spec's generation flow (progress 10 → 100); the others run in the
 * background as soon as the brand is ready, side by side, each once what it
 * waits for (`dependsOn`, `after`) has ended. Client-safe.
 */

export type PlanEntry = {
  kind: string;
  label: string;
  phase: "core" | "background";
  dependsOn: readonly string[];
  /** Waits for these kinds' jobs to end (ready or failed) before it starts, without needing them ready. */
  after?: readonly string[];
  /** Has its own section in the workspace (the prompt lives on the overview). */
  section: boolean;
  /** The founder can regenerate it alone. */
  regenerable: boolean;
  /** The section's URL segment under /dashboard/kits/:id/ when it is not the kind ("landing" → "website"). */
  path?: string;
};

export const KIT_PLAN: readonly PlanEntry[] = [
  { kind: "brand", label: "Brand", phase: "core", dependsOn: [], section: true, regenerable: true },
  { kind: "prompt", label: "Website prompt", phase: "core", dependsOn: ["brand"], section: false, regenerable: false },
  { kind: "logo", label: "Logo", phase: "core", dependsOn: ["brand"], section: true, regenerable: true },
  { kind: "landing", label: "Landing page", phase: "background", dependsOn: ["brand"], section: true, regenerable: true, path: "website" },
  { kind: "social", label: "Social", phase: "background", dependsOn: ["brand"], section: true, regenerable: true },
  // The launch date; the posts come from the social asset. Nothing to regenerate: the founder sets the date.
  { kind: "calendar", label: "Calendar", phase: "background", dependsOn: ["social"], section: true, regenerable: false },
  { kind: "ads", label: "Ads", phase: "background", dependsOn: ["brand"], section: true, regenerable: true },
  { kind: "research", label: "Research", phase: "background", dependsOn: ["brand"], section: true, regenerable: true },
  // After the research (when the plan has it): the market slide cites the research's sources.
  { kind: "deck", label: "Pitch deck", phase: "background", dependsOn: ["brand"], after: ["research"], section: true, regenerable: true },
  // After the landing page (when the plan has it): the gallery and the posts use the page's own copy and link.
  { kind: "launch", label: "Launch day", phase: "background", dependsOn: ["brand"], after: ["landing"], section: true, regenerable: true },
];

export const ASSET_KINDS = KIT_PLAN.map((e) => e.kind);

export function planEntry(kind: string): PlanEntry | undefined {
  return KIT_PLAN.find((e) => e.kind === kind);
}

export function isAssetKind(kind: string): boolean {
  return KIT_PLAN.some((e) => e.kind === kind);
}

type RowState = { kind: string; status: AssetStatus; version: number };

/**
 * The resume rule: the kinds of a phase that still have to run, in plan
 * order: those never generated (no row, or no successful version yet) and
 * those queued or interrupted while generating. A kind with a ready version
 * is never run again by a resume or a retry; only the founder's
 * "Regenerate" queues it again.
 */
export function kindsToRun(rows: readonly RowState[], phase: PlanEntry["phase"]): string[] {
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return KIT_PLAN.filter((e) => e.phase === phase)
    .filter((e) => {
      const row = byKind.get(e.kind);
      return !row || row.status === "queued" || row.status === "generating" || row.version === 0;
    })
    .map((e) => e.kind);
}

/** The first dependency of `kind` without a ready version, if any: the step cannot run before it. */
export function missingDependency(kind: string, rows: readonly RowState[]): string | null {
  const entry = planEntry(kind);
  if (!entry) return null;
  for (const dep of entry.dependsOn) {
    const row = rows.find((r) => r.kind === dep);
    if (!row || row.version === 0) return dep;
  }
  return null;
}

/**
 * Pairs [kind, other]: a job of `kind` waits while a job of `other` of the same
 * kit is queued or running (its dependencies and its `after` kinds). The queue
 * claims with these, so the graph holds across instances.
 */
export function stepOrder(): Array<[string, string]> {
  return KIT_PLAN.flatMap((e) => [...new Set([...e.dependsOn, ...(e.after ?? [])])].map((other): [string, string] => [e.kind, other]));
}
