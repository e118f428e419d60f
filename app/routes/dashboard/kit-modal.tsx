import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { KitDetail } from "~/routes/dashboard/kit-detail";
import { Button } from "~/ui/ui/button";
import { Dialog } from "~/ui/ui/dialog";
import { businessName } from "~/kit/format";
import type { action as kitAction, loader as kitLoader } from "~/routes/dashboard/kit";

/** With JavaScript, a kit opens over the dashboard list; its page stays the no-JS path. */
export function KitModal({ kitId, onClose, onDelete }: { kitId: string; onClose: () => void; onDelete: () => void }) {
  const kit = useFetcher<typeof kitLoader>();
  const save = useFetcher<typeof kitAction>();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const lastIntent = useRef<string | null>(null);

  useEffect(() => {
    void kit.load(`/dashboard/kits/${kitId}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kitId]);

  useEffect(() => {
    if (save.formData) lastIntent.current = String(save.formData.get("intent"));
  }, [save.formData]);

  useEffect(() => {
    // A successful save goes back to viewing; RR revalidates the list and this kit.
    if (save.state === "idle" && save.data && "ok" in save.data && lastIntent.current === "edit-prompt") setEditing(false);
  }, [save.state, save.data]);

  const message = save.state === "idle" && save.data && !("ok" in save.data) ? save.data.message : null;
  const draft = save.data && "draft" in save.data ? (save.data.draft as string) : undefined;
  const button = (label: string, onClick: () => void, danger = false) => (
    <Button type="button" variant="secondary" size="sm" className={danger ? "text-red-700" : ""} onClick={onClick}>
      {label}
    </Button>
  );

  return (
    <Dialog open onClose={onClose} size="xl" labelledBy="kit-modal-title" title={kit.data ? businessName(kit.data.kit.businessIdea) : "Launch kit"}>
      {kit.data ? (
        <KitDetail
          compact
          data={kit.data}
          message={message}
          draft={message ? draft : undefined}
          editing={editing}
          confirmingDelete={confirmingDelete}
          FormEl={save.Form}
          hiddenFields={<input type="hidden" name="mode" value="modal" />}
          onDelete={onDelete}
          controls={{
            edit: button("Edit", () => setEditing(true)),
            cancel: button("Cancel", () => setEditing(false)),
            askDelete: button("Delete kit", () => setConfirmingDelete(true), true),
            keep: button("Keep it", () => setConfirmingDelete(false)),
          }}
        />
      ) : (
        <p className="py-10 text-center text-sm text-slate-500" role="status">Loading your launch kit...</p>
      )}
    </Dialog>
  );
}
