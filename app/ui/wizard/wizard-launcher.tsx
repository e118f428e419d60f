import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

const loadModal = () => import("./wizard-modal");
const WizardModal = lazy(loadModal);
const INTENT = ["pointerover", "touchstart", "focusin"] as const;

/**
 * With JavaScript, every link marked data-wizard-trigger (the 'Try free' and
 * 'start' buttons) opens the wizard as a modal instead of going to /wizard.
 * The modal (and zod with it) is a separate chunk, fetched when a visitor
 * points at or focuses a trigger, so pages that never open it don't pay for it.
 */
export function WizardLauncher() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const location = useLocation();

  useEffect(() => {
    // Fetched on the first sign of intent (a pointer over a trigger, a tap, keyboard focus), so the
    // click finds it ready and a visit that never opens the wizard never downloads it.
    function onIntent(event: Event) {
      if (!(event.target as Element | null)?.closest?.("[data-wizard-trigger]")) return;
      void loadModal();
      for (const type of INTENT) document.removeEventListener(type, onIntent, true);
    }
    for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = (event.target as Element | null)?.closest?.("[data-wizard-trigger]");
      if (!trigger) return;
      event.preventDefault();
      // Close any open <details> menu the trigger lives in.
      trigger.closest("details")?.removeAttribute("open");
      setSession((s) => s + 1);
      setOpen(true);
    }
    // Capture phase: runs before React Router's <Link> handler, which then sees defaultPrevented.
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      for (const type of INTENT) document.removeEventListener(type, onIntent, true);
    };
  }, []);

  // Any navigation closes the modal (also to the same path, e.g. /dashboard after generating from it).
  useEffect(() => setOpen(false), [location.key]);

  if (session === 0) return null;
  return (
    <Suspense fallback={null}>
      <WizardModal open={open} session={session} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
