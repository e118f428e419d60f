import type { KitStatus } from "~/platform/db/schema";

/** The first three words of the business idea (the spec's "business name"). */
export function businessName(idea: string) {
  // The first three words, without splitting the whole answer (the dashboard calls this for every card).
  return (idea.trim().match(/^\S+(?:\s+\S+){0,2}/)?.[0] ?? "").replace(/\s+/g, " ");
}

/** The target audience up to the first comma. */
export function audienceShort(audience: string) {
  return audience.split(",")[0]!.trim();
}

/** Dashboard progress bar colour: red < 30, amber 30–69, green ≥ 70, neutral when 0 or missing. */
export function progressColor(progress: number | null | undefined): "neutral" | "red" | "amber" | "green" {
  if (progress === null || progress === undefined || progress === 0) return "neutral";
  if (progress < 30) return "red";
  if (progress < 70) return "amber";
  return "green";
}

/** A progress bar shows only while progress is defined and under 100. */
export function showsProgress(progress: number | null | undefined) {
  return progress !== null && progress !== undefined && progress < 100;
}

export type BadgeTone = "success" | "warning" | "default";

/** Badge: success for completed and exported, warning for generating, default otherwise. */
export function statusBadge(status: KitStatus | null | undefined): { label: KitStatus; tone: BadgeTone } {
  const label = status ?? "draft";
  const tone: BadgeTone =
    label === "completed" || label === "exported" ? "success" : label === "generating" ? "warning" : "default";
  return { label, tone };
}

/** The prompt download's file name: first 3 words of the idea + "-prompt.txt", safe characters only. */
export function promptFileName(idea: string) {
  const base = businessName(idea)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "launch-kit"}-prompt.txt`;
}

// One formatter for the process: building an Intl.DateTimeFormat per call was
// the single largest cost of rendering the dashboard (see docs/performance.md).
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

const DAY_MS = 86_400_000;
// A page of cards mostly shows a handful of days: each UTC day is formatted once.
const formattedDays = new Map<number, string>();

export function formatDate(date: Date | string | number) {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return dateFormat.format(time); // throws a RangeError, as before
  const day = Math.floor(time / DAY_MS);
  let text = formattedDays.get(day);
  if (text === undefined) {
    if (formattedDays.size >= 4096) formattedDays.clear();
    text = dateFormat.format(day * DAY_MS);
    formattedDays.set(day, text);
  }
  return text;
}
