import { progressColor, statusBadge } from "~/kit/format";
import type { KitStatus } from "~/platform/db/schema";

const badgeTones = {
  success: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/30",
  default: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function StatusBadge({ status }: { status: KitStatus | null | undefined }) {
  const badge = statusBadge(status);
  return (
    <span
      data-tone={badge.tone}
      className={`status-badge ${badgeTones[badge.tone]}`}
    >
      {badge.label}
    </span>
  );
}

const barColors = {
  neutral: "bg-slate-300",
  red: "bg-red-500",
  amber: "bg-amber-500",
  green: "bg-emerald-500",
};

export function ProgressBar({ value, label }: { value: number | null | undefined; label?: string }) {
  const color = progressColor(value);
  const pct = Math.max(0, Math.min(100, value ?? 0));
  return (
    <div
      role="progressbar"
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label ?? "Generation progress"}
      data-color={color}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className={`h-full rounded-full transition-all duration-500 ${barColors[color]}`} style={{ width: `${pct}%` }} />
    </div>
  );
}
