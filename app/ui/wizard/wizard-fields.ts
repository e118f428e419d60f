import { GOALS, TONES, VIBES, toOptions } from "~/kit/options";

export type WizardValues = {
  idea: string;
  audience: string;
  geography: string;
  tone: string;
  competitors: string;
  goal: string;
  vibe: string;
};

export type WizardField = keyof WizardValues;

export const EMPTY_VALUES: WizardValues = { idea: "", audience: "", geography: "", tone: "", competitors: "", goal: "", vibe: "" };

export const STEP_TITLES = ["Tell us about your idea", "Brand and positioning", "Visual preferences"] as const;

export const FIELD_META: Record<
  WizardField,
  { label: string; required: boolean; maxLength: number; placeholder?: string; hint?: string; options?: { value: string; label: string }[] }
> = {
  idea: {
    label: "Business idea",
    required: true,
    maxLength: 2000,
    placeholder: "e.g. A mobile dog-grooming van that comes to busy pet owners' driveways",
  },
  audience: {
    label: "Target audience",
    required: true,
    maxLength: 500,
    placeholder: "e.g. Busy professionals, new parents, seniors with pets",
    hint: "Separate groups with commas.",
  },
  geography: { label: "Geography", required: false, maxLength: 200, placeholder: "e.g. Austin, Texas" },
  tone: { label: "Tone", required: true, maxLength: 40, options: toOptions(TONES) },
  competitors: { label: "Competitors", required: false, maxLength: 500, placeholder: "e.g. Rover, local grooming salons" },
  goal: { label: "Primary goal", required: true, maxLength: 40, options: toOptions(GOALS) },
  vibe: { label: "Brand vibe", required: true, maxLength: 40, options: toOptions(VIBES) },
};

export const STEPS: ReadonlyArray<ReadonlyArray<WizardField>> = [
  ["idea", "audience", "geography"],
  ["tone", "competitors", "goal"],
  ["vibe"],
];

export function stepComplete(values: WizardValues, step: number) {
  return STEPS[step]!.every((f) => !FIELD_META[f].required || values[f].trim() !== "");
}

export function readValues(source: { get(name: string): unknown }): WizardValues {
  const out = { ...EMPTY_VALUES };
  for (const key of Object.keys(out) as WizardField[]) {
    const v = source.get(key);
    out[key] = typeof v === "string" ? v.slice(0, FIELD_META[key].maxLength * 2) : "";
  }
  return out;
}

/** Where an anonymous visitor goes to sign in and come back with the answers kept (and the last step's edits, with the key of the answers they were read from). */
export function signinHrefFor(values: WizardValues, understood?: { values: Record<string, string>; for: string } | null) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  if (understood) {
    for (const [k, v] of Object.entries(understood.values)) if (v) params.set(k, v);
    params.set("understood", "1");
    params.set("understoodFor", understood.for);
  }
  params.set("step", "3");
  return `/signin?redirectTo=${encodeURIComponent(`/wizard?${params}`)}`;
}
