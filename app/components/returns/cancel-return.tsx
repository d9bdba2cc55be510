import { useRef, useState } from "react";
import { Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { secondaryButton } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

export const CANCEL_RETURN_INTENT = "cancel";

const cancelText = (rmaNumber: string, exchange: boolean) =>
  `Return ${rmaNumber} will be cancelled and nothing will be sent back.${
    exchange ? " The size or colour set aside for your exchange goes back on sale." : ""
  }`;

/**
 * 'Cancel return' (while requested or approved): asks first in a modal dialog (Escape or 'Keep return'
 * closes it); without JavaScript the link opens a confirm step on the page (?confirm=cancel). Either posts
 * to the return page's action.
 */
export function CancelReturn({ rmaNumber, exchange }: { rmaNumber: string; exchange: boolean }) {
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const busy = useNavigation().state === "submitting";
  const confirmStep = searchParams.get("confirm") === "cancel";
  const { pathname } = useLocation();

  if (confirmStep) {
    return (
      <Form method="post" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 print:hidden">
        <h2 className="font-semibold">Cancel this return?</h2>
        <p className="text-sm">{cancelText(rmaNumber, exchange)}</p>
        <input type="hidden" name="intent" value={CANCEL_RETURN_INTENT} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={dangerButton} disabled={busy}>
            Yes, cancel return
          </button>
          <SiteLink to={pathname as `/${string}`} className={secondaryButton}>
            Keep return
          </SiteLink>
        </div>
      </Form>
    );
  }
  return (
    <div className="print:hidden">
      <SiteLink
        to={`${pathname}?confirm=cancel` as `/${string}`}
        className={secondaryButton}
        role="button"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Cancel return
      </SiteLink>
      <AlertDialog
        open={open}
        onDismiss={() => setOpen(false)}
        title="Cancel this return?"
        description={cancelText(rmaNumber, exchange)}
        initialFocus={keep}
        className="max-w-md"
      >
        <Form method="post" onSubmit={() => setOpen(false)} className="flex justify-end gap-3">
          <input type="hidden" name="intent" value={CANCEL_RETURN_INTENT} />
          <button ref={keep} type="button" onClick={() => setOpen(false)} className={secondaryButton}>
            Keep return
          </button>
          <button type="submit" className={dangerButton}>
            Yes, cancel return
          </button>
        </Form>
      </AlertDialog>
    </div>
  );
}
