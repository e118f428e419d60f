import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

const loadModal = () => import("./wizard-modal");
const WizardModal = lazy(loadModal);

/**
 * With JavaScript, every link marked data-wizard-trigger (the 'Try free' and
 * 'start' buttons) opens the wizard as a modal instead of going to /wizard.
 * The modal (and zod with it) is a separate chunk, fetched when the browser is
 * idle, so pages that never open it don't pay for it up front.
 */
export function WizardLauncher() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const location = useLocation();

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadModal());
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
    return () => document.removeEventListener("click", onClick, true);
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
