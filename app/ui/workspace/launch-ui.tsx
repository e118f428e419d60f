import type { ReactNode } from "react";

/** "212 / 280": a text's length as its platform counts it, amber near the limit, red over it. */
/**
 * "66 / 150", read by screen readers as "66 of 150 characters" and, for the
 * networks that count their own way, "… characters as X counts it". The note
 * of a plain count is "characters" itself (COUNTER_NOTE.utf16): said once.
 */
export function CharCount({ count, limit, note, testId }: { count: number; limit: number; note?: string; testId?: string }) {
  const tone = count > limit ? "text-red-700" : count > limit * 0.9 ? "text-amber-700" : "text-slate-500";
  const how = note && note !== "characters" ? ` ${note}` : "";
  const n = count.toLocaleString("en-US");
  const max = limit.toLocaleString("en-US");
  return (
    <span data-testid={testId} className={`text-xs tabular-nums ${tone}`} title={how ? `Counted${how}` : undefined}>
      <span aria-hidden="true">{n} / {max}</span>
      <span className="sr-only">{`${n} of ${max} characters${how}`}</span>
    </span>
  );
}

/** Shown on a text LaunchKit had to shorten (the model was over the limit twice). */
export function TrimmedFlag() {
  return (
    <span
      data-testid="trimmed-flag"
      title="The AI model's text was over the limit twice, so LaunchKit cut it at a word boundary. Reread it before posting."
      className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30"
    >
      Shortened to fit: reread it
    </span>
  );
}

export function Notice({ tone, children, role = "status" }: { tone: "info" | "success" | "warning" | "error"; children: ReactNode; role?: "status" | "alert" | "note" }) {
  const tones = {
    info: "bg-sky-50 text-sky-900",
    success: "bg-emerald-50 text-emerald-900",
    warning: "bg-amber-50 text-amber-900",
    error: "bg-red-50 text-red-800",
  };
  return (
    <p role={role} className={`mb-4 rounded-xl px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </p>
  );
}

/** A download link in a section's files list. */
export function FileLink({ href, name, describe }: { href: string; name: string; describe: string }) {
  return (
    <li className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1.5">
      <a href={href} download={name} className="font-mono text-sm font-semibold text-brand-700 hover:text-brand-800">
        {name}
      </a>
      <span className="text-right text-xs text-slate-500">{describe}</span>
    </li>
  );
}
