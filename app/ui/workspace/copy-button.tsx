import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";

/** The Clipboard API where the page is a secure context; the old select-and-copy elsewhere (plain-http self-hosting). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the fallback.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A copy button (JS only): without JS it is not rendered and the text next
 * to it is plain, selectable text. After a click it says "Copied" for two
 * seconds, and a polite live region tells screen readers.
 */
export function CopyButton({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!hydrated) return null;
  const onClick = async () => {
    const ok = await copyText(text);
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-label={`Copy ${label}`}
        data-copied={state === "copied" ? "true" : undefined}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-semibold ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          state === "copied" ? "bg-emerald-50 text-emerald-800 ring-emerald-600/30" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
        } ${className}`}
      >
        {state === "copied" ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
            <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="6.5" y="6.5" width="10" height="10" rx="2" />
            <path d="M13.5 6.5V5a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 5v7A1.5 1.5 0 0 0 5 13.5h1.5" />
          </svg>
        )}
        {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : "Copy"}
      </button>
      <span aria-live="polite" className="sr-only">
        {state === "copied" ? `${label} copied to the clipboard` : state === "failed" ? `Could not copy the ${label}: select the text and copy it` : ""}
      </span>
    </>
  );
}
