import { useEffect, useId, useRef } from "react";
import { keepFocusInside } from "~/components/ui/side-panel";

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
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      keep.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      onKeyDown={keepFocusInside}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/40"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            Discard unsaved changes?
          </h2>
          <p id={textId} className="mt-2 text-sm text-muted">
            Your changes to this product have not been saved.
          </p>
          <div className="mt-6 flex justify-end gap-3">
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
        </>
      )}
    </dialog>
  );
}
