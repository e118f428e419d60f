import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on <dialog>.showModal(): the browser traps focus, makes the
 * page behind inert and closes on Escape. Clicking the backdrop or the X closes
 * it too. Only rendered with JavaScript; every dialog has a page fallback.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = "md",
  labelledBy,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where the press began: a text selection dragged out of the content ends on
  // the backdrop, and that must not close the dialog (and lose what was typed).
  const pressedOnBackdrop = useRef(false);
  const titleId = labelledBy ?? "dialog-title";

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const width = size === "xl" ? "max-w-3xl" : size === "lg" ? "max-w-2xl" : "max-w-md";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = e.target === ref.current;
      }}
      onClick={(e) => {
        // A click on the <dialog> itself (not its content) is a click on the
        // backdrop; it closes only when the press started there too.
        if (e.target === ref.current && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl bg-transparent p-0 backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm`}
    >
      <div className="relative max-h-[90vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute right-4 top-4 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className="pr-8 text-xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
