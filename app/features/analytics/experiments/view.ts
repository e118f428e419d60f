import { readExperiment, type ArmInput, type ExperimentReading } from "~/features/analytics/stats";
import type { Experiment } from "~/platform/db/schema";
import { CONTROL_KEY, FIELD_LABELS, type ExperimentField } from "./schema";

/** What the experiments panel shows of one experiment: its texts, dates, outcome and reading (client-safe, serialisable). */
export type ExperimentView = {
  id: string;
  field: ExperimentField;
  fieldLabel: string;
  status: "running" | "stopped";
  startedAt: string;
  stoppedAt: string | null;
  appliedKey: string | null;
  /** The uneven-split warning it was stopped under, as it stood then (null: none). */
  srmAtStop: { visitors: Array<{ key: string; visitors: number }>; pValue: number } | null;
  /** Texts by arm key, the original's first. */
  texts: Array<{ key: string; text: string; reason: string | null }>;
  reading: ExperimentReading;
};

export function experimentView(experiment: Experiment, counts: ArmInput[]): ExperimentView {
  return {
    id: experiment.id,
    field: experiment.field,
    fieldLabel: FIELD_LABELS[experiment.field],
    status: experiment.status,
    startedAt: experiment.startedAt.toISOString(),
    stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
    appliedKey: experiment.appliedKey,
    srmAtStop: experiment.srmAtStop ?? null,
    texts: [{ key: CONTROL_KEY, text: experiment.control, reason: null }, ...experiment.variants.map((v) => ({ key: v.key, text: v.text, reason: v.reason }))],
    reading: readExperiment(counts),
  };
}
