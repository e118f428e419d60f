import { Dialog } from "~/ui/ui/dialog";
import { WizardForm } from "./wizard-form";
import { EMPTY_VALUES } from "./wizard-fields";

/** The wizard in a modal; loaded on demand by WizardLauncher (wizard-launcher.tsx). */
export default function WizardModal({ open, session, onClose }: { open: boolean; session: number; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create your launch kit" size="lg" labelledBy="wizard-modal-title">
      {open ? <WizardForm key={session} server={{ step: 0, values: EMPTY_VALUES, errors: {}, formError: null }} /> : null}
    </Dialog>
  );
}
