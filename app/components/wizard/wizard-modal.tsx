import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { WizardForm } from "./wizard-form";
import { EMPTY_VALUES } from "./wizard-fields";

/**
 * With JavaScript, every link marked data-wizard-trigger (the 'Try free' and
 * 'start' buttons) opens the wizard as a modal instead of going to /wizard.
 */
export function WizardModal() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const location = useLocation();

  useEffect(() => {
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

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Create your launch kit" size="lg" labelledBy="wizard-modal-title">
      {open ? <WizardForm key={session} server={{ step: 0, values: EMPTY_VALUES, errors: {}, formError: null }} /> : null}
    </Dialog>
  );
}
