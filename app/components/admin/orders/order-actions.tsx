import { useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import {
  FormMessage,
  primaryButton,
  secondaryButton,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { AdminOrderDetail } from "~/modules/orders/admin-orders.server";
import { ORDER_MOVE_FIELDS, orderMoveSchema } from "~/modules/orders/order-move-forms";
import { CARRIERS, MOVE_LABELS, ORDER_NOTE_MAX, TRACKING_NUMBER_MAX } from "~/modules/orders/order-moves";
import type { OrderMoveAnswer } from "./order-move-answer";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

function NoteField({ id, error }: { id: string; error?: string }) {
  return <TextAreaField id={id} name="note" label="Note" optional rows={2} maxLength={ORDER_NOTE_MAX} error={error} />;
}

/**
 * The fulfilment actions the order allows now (`order.moves`; the server checks again). Each is a form
 * posted to the order's page: by a fetcher with a toast, or by the browser without JavaScript (the page
 * then shows the answer). Cancelling asks first, in a modal dialog (without JavaScript, on a confirm step).
 */
export function OrderActions({ order, action: actionUrl }: { order: AdminOrderDetail; action?: string }) {
  const fetcher = useFetcher<OrderMoveAnswer>({ key: `order-move-${order.orderNumber}` });
  const posted = useActionData() as OrderMoveAnswer | undefined;
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  // The order's page in /admin, or wherever else the same moves are offered (the /secure-admin console).
  const action = actionUrl ?? `/admin/orders/${encodeURIComponent(order.orderNumber)}`;
  const [searchParams] = useSearchParams();
  const confirmStep = searchParams.get("confirm") === "cancel" && order.moves.includes("cancel");
  const [confirming, setConfirming] = useState(false);
  const ship = useZodForm({
    schema: orderMoveSchema,
    fields: ORDER_MOVE_FIELDS,
    lastResult: result?.intent === "ship" ? result : null,
  });
  const noteId = useId();

  useAnnounceOnce(result, (answer) => {
    if (answer.ok) toast.success(answer.message);
    else if (!Object.values(answer.errors).some(Boolean)) toast.error(answer.message);
    if (answer.refundFailed) toast.error(answer.refundFailed);
  });

  if (order.moves.length === 0) {
    return (
      <section aria-labelledby="actions-heading" className="rounded-2xl border border-line bg-white p-5">
        <h2 id="actions-heading" className="font-display text-lg font-semibold">
          Fulfilment
        </h2>
        <p className="mt-3 text-sm text-muted">No further action is possible for this order.</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="actions-heading" className="rounded-2xl border border-line bg-white p-5">
      <h2 id="actions-heading" className="font-display text-lg font-semibold">
        Fulfilment
      </h2>
      {result && !busy && (
        <FormMessage kind={result.ok ? "success" : "error"} className="mt-3">
          {result.message}
          {result.refundFailed ? ` ${result.refundFailed}` : ""}
        </FormMessage>
      )}
      <div className="mt-4 flex flex-col gap-6">
        {order.moves.includes("ship") && (
          <fetcher.Form
            method="post"
            action={action}
            {...ship.form}
            aria-label={MOVE_LABELS.ship}
            className="grid gap-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="ship" />
            <TextField
              {...ship.field("trackingNumber")}
              label="Tracking number"
              required
              maxLength={TRACKING_NUMBER_MAX * 4}
              autoComplete="off"
            />
            <SelectField {...ship.field("carrier")} label="Carrier" required defaultValue="">
              <option value="" disabled>
                Choose a carrier
              </option>
              {CARRIERS.map((carrier) => (
                <option key={carrier} value={carrier}>
                  {carrier}
                </option>
              ))}
            </SelectField>
            <div className="sm:col-span-2">
              <NoteField id={`${noteId}-ship`} error={ship.errors.note} />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={primaryButton} disabled={busy}>
                {MOVE_LABELS.ship}
              </button>
            </div>
          </fetcher.Form>
        )}
        {order.moves.includes("deliver") && (
          <fetcher.Form method="post" action={action} aria-label={MOVE_LABELS.deliver} className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="deliver" />
            <NoteField id={`${noteId}-deliver`} />
            <div>
              <button type="submit" className={primaryButton} disabled={busy}>
                {MOVE_LABELS.deliver}
              </button>
            </div>
          </fetcher.Form>
        )}
        {order.moves.includes("refund") && (
          <fetcher.Form method="post" action={action} aria-label={MOVE_LABELS.refund}>
            <input type="hidden" name="intent" value="refund" />
            <button type="submit" className={secondaryButton} disabled={busy}>
              {MOVE_LABELS.refund}
            </button>
          </fetcher.Form>
        )}
        {order.moves.includes("cancel") &&
          (confirmStep ? (
            // Without JavaScript: the confirm step is a page of its own (?confirm=cancel).
            <CancelConfirmation order={order} action={action} noteId={`${noteId}-cancel-step`} />
          ) : (
            <div>
              <Link
                to="?confirm=cancel"
                className={secondaryButton}
                onClick={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
              >
                {MOVE_LABELS.cancel}
              </Link>
            </div>
          ))}
      </div>
      <CancelDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        order={order}
        action={action}
        fetcher={fetcher}
        noteId={`${noteId}-cancel`}
      />
    </section>
  );
}

const cancelText = (order: AdminOrderDetail) =>
  `Order ${order.orderNumber} will be cancelled and its items go back into stock.${
    order.paymentStatus === "paid" ? " The payment will be refunded." : ""
  }`;

function CancelConfirmation({ order, action, noteId }: { order: AdminOrderDetail; action: string; noteId: string }) {
  return (
    <form method="post" action={action} className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="font-semibold">Cancel this order?</p>
      <p className="text-sm">{cancelText(order)}</p>
      <input type="hidden" name="intent" value="cancel" />
      <NoteField id={noteId} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={dangerButton}>
          {MOVE_LABELS.cancel}
        </button>
        <Link to="." className={secondaryButton}>
          Keep order
        </Link>
      </div>
    </form>
  );
}

function CancelDialog({
  open,
  onClose,
  order,
  action,
  fetcher,
  noteId,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetail;
  action: string;
  fetcher: ReturnType<typeof useFetcher<OrderMoveAnswer>>;
  noteId: string;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      open={open}
      onDismiss={onClose}
      title="Cancel this order?"
      description={cancelText(order)}
      initialFocus={keep}
      className="max-w-md"
    >
      <fetcher.Form method="post" action={action} onSubmit={onClose} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="cancel" />
        <NoteField id={noteId} />
        <div className="flex justify-end gap-3">
          <button ref={keep} type="button" onClick={onClose} className={secondaryButton}>
            Keep order
          </button>
          <button type="submit" className={dangerButton}>
            {MOVE_LABELS.cancel}
          </button>
        </div>
      </fetcher.Form>
    </AlertDialog>
  );
}
