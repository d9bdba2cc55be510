import { X } from "~/components/ui/icons";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

type SidePanelProps = {
  open: boolean;
  title: string;
  /**
   * Called when the owner asks to close (Escape, the close button, a click on the backdrop). The panel
   * stays open until `open` turns false, so a caller with unsaved changes can ask first.
   */
  onRequestClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the panel (Save, Cancel). */
  footer?: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
};

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first, Shift+Tab from the first to the last: a modal
 * dialog would otherwise let focus leave the page for the browser's own controls.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const tabbable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * A panel sliding in from the right, as a modal `<dialog>`: the browser makes the page behind it
 * inert (focus and screen readers stay inside; Tab wraps round), Escape asks to close, and focus returns to the
 * control that opened it. Shared by the back office's editors and panels.
 */
export function SidePanel({ open, title, onRequestClose, children, footer, width = "max-w-2xl" }: SidePanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Escape: the browser would close the dialog at once; the caller decides instead.
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its panel.
        if (event.target === event.currentTarget) onRequestClose();
      }}
      className={`m-0 ml-auto h-dvh max-h-dvh w-full ${width} bg-white p-0 shadow-2xl backdrop:bg-black/40`}
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-line px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onRequestClose}
              className="rounded-full p-2 hover:bg-stone-100"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && <div className="flex justify-end gap-3 border-t border-line px-6 py-4">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
