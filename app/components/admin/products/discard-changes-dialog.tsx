import { useRef } from "react";
import { AlertDialog } from "~/components/ui/alert-dialog";

/**
 * "Discard unsaved changes?" — asked before a dirty editor closes (Escape, the close button, the
 * backdrop, Cancel, or leaving the page). A modal alert dialog on top of the panel: Keep editing has
 * focus first, Escape keeps editing.
 */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      open={open}
      onDismiss={onKeep}
      title="Discard unsaved changes?"
      description="Your changes to this product have not been saved."
      initialFocus={keep}
    >
      <div className="flex justify-end gap-3">
        <button
          ref={keep}
          type="button"
          onClick={onKeep}
          className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-stone-50"
        >
          Keep editing
        </button>
        <button
          type="button"
          onClick={onDiscard}
          className="inline-flex h-10 items-center rounded-full bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800"
        >
          Discard changes
        </button>
      </div>
    </AlertDialog>
  );
}
