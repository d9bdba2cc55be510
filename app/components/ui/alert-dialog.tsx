import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { keepFocusInside } from "./side-panel";

/**
 * A modal question before something that cannot be taken back (discard an editor's changes, cancel an
 * order): a native <dialog> shown with showModal, focus kept inside, Escape answering "no" (`onDismiss`).
 * `initialFocus` is the safe choice, focused first. `children` are the choices (buttons, or a form).
 */
export function AlertDialog({
  open,
  onDismiss,
  title,
  description,
  initialFocus,
  className = "max-w-sm",
  children,
}: {
  open: boolean;
  onDismiss: () => void;
  title: string;
  description: ReactNode;
  initialFocus: RefObject<HTMLElement | null>;
  /** Width of the dialog (Tailwind max-width class). */
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onKeyDown={keepFocusInside}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/40 ${className}`}
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={textId} className="mt-2 text-sm text-muted">
            {description}
          </p>
          <div className="mt-6">{children}</div>
        </>
      )}
    </dialog>
  );
}
