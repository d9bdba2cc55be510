import { useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { CheckboxField, FormMessage, primaryButton, secondaryButton, TextAreaField } from "~/components/ui/field";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import { useZodForm } from "~/components/ui/use-zod-form";
import { formatCents } from "~/lib/money";
import {
  ADMIN_RETURN_FIELDS,
  ADMIN_RETURN_NOTE_MAX,
  adminReturnMoveSchema,
  dispositionField,
  type AdminReturnAnswer,
} from "~/modules/returns/admin-return-forms";
import type { AdminReturnDetail } from "~/modules/returns/admin-returns.server";
import type { RefundAmount } from "~/modules/returns/return-amounts";
import { RETURN_MOVE_LABELS } from "~/modules/returns/return-moves";
import { REFUSAL_REASON_MAX } from "~/modules/returns/return-rules";
import { optionText, resolutionText } from "./return-summary";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";
const card = "rounded-2xl border border-line bg-white p-5";

type ReturnFetcher = ReturnType<typeof useFetcher<AdminReturnAnswer>>;

function NoteField({ id }: { id: string }) {
  return <TextAreaField id={id} name="note" label="Note" optional rows={2} maxLength={ADMIN_RETURN_NOTE_MAX} />;
}

/** 'through PayPal' or 'recorded as refunded by hand (demo payment)'. */
export function refundMethodText(ret: Pick<AdminReturnDetail, "order" | "refundMethod">): string {
  const paypal = ret.refundMethod ? ret.refundMethod === "paypal" : ret.order.paymentMethod === "paypal";
  return paypal ? "through PayPal" : "recorded as refunded by hand (demo payment)";
}

/**
 * The moves the return allows now (`ret.moves`; the server checks again): approve, refuse (a reason the
 * shopper sees, asked in a modal dialog; without JavaScript on a step of its own), mark as received (restock
 * or write off each line), refund (the amount, shipping or not, and how), ship the exchange. Each is a form
 * posted to the return's page by a fetcher, with a toast.
 */
export function ReturnActions({ ret }: { ret: AdminReturnDetail }) {
  const fetcher = useFetcher<AdminReturnAnswer>({ key: `return-move-${ret.rmaNumber}` });
  const posted = useActionData() as AdminReturnAnswer | undefined;
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const action = `/admin/returns/${encodeURIComponent(ret.rmaNumber)}`;
  const [searchParams] = useSearchParams();
  const confirmStep = searchParams.get("confirm") === "refuse" && ret.moves.includes("refuse");
  const [refusing, setRefusing] = useState(false);
  const noteId = useId();

  useAnnounceOnce(result, (answer) => {
    if (answer.ok) toast.success(answer.message);
    else if (!Object.values(answer.errors).some(Boolean)) toast.error(answer.message);
  });

  return (
    <section aria-labelledby="return-actions-heading" className={card}>
      <h2 id="return-actions-heading" className="font-display text-lg font-semibold">
        Actions
      </h2>
      {result && !busy && (
        <FormMessage kind={result.ok ? "success" : "error"} className="mt-3">
          {result.message}
        </FormMessage>
      )}
      {ret.refusalReason && (
        <p className="mt-3 text-sm">
          <span className="font-semibold">Refused: </span>
          <span className="whitespace-pre-wrap">{ret.refusalReason}</span>
        </p>
      )}
      {ret.exchangeOrder && (
        <p className="mt-3 text-sm">
          {"Exchange order "}
          <Link
            to={`/admin/orders/${encodeURIComponent(ret.exchangeOrder.orderNumber)}`}
            className="font-medium underline"
          >
            {ret.exchangeOrder.orderNumber}
          </Link>
          {": ship it with tracking from its page."}
        </p>
      )}
      {ret.moves.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No further action is possible for this return.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          {ret.moves.includes("approve") && (
            <fetcher.Form
              method="post"
              action={action}
              aria-label={RETURN_MOVE_LABELS.approve}
              className="flex flex-col gap-3"
            >
              <input type="hidden" name="intent" value="approve" />
              <NoteField id={`${noteId}-approve`} />
              <div>
                <button type="submit" className={primaryButton} disabled={busy}>
                  {RETURN_MOVE_LABELS.approve}
                </button>
              </div>
            </fetcher.Form>
          )}
          {ret.moves.includes("refuse") &&
            (confirmStep ? (
              <RefuseForm action={action} fetcher={null} onClose={null} lastResult={result} />
            ) : (
              <div>
                <Link
                  to="?confirm=refuse"
                  className={secondaryButton}
                  role="button"
                  onClick={(event) => {
                    event.preventDefault();
                    setRefusing(true);
                  }}
                >
                  {RETURN_MOVE_LABELS.refuse}
                </Link>
              </div>
            ))}
          {ret.moves.includes("receive") && (
            <ReceiveForm ret={ret} action={action} fetcher={fetcher} busy={busy} noteId={`${noteId}-receive`} />
          )}
          {ret.moves.includes("refund") && (
            <RefundForm ret={ret} action={action} fetcher={fetcher} busy={busy} noteId={`${noteId}-refund`} />
          )}
          {ret.moves.includes("shipExchange") && (
            <fetcher.Form
              method="post"
              action={action}
              aria-label={RETURN_MOVE_LABELS.shipExchange}
              className="flex flex-col gap-3"
            >
              <input type="hidden" name="intent" value="shipExchange" />
              <p className="text-sm">
                A new order, free of charge, ships the replacements (already set aside from stock):
              </p>
              <ul className="list-disc pl-5 text-sm">
                {ret.lines
                  .filter((l) => l.resolution === "exchange")
                  .map((l) => (
                    <li key={l.id}>{`${l.quantity} × ${l.productName}: ${resolutionText(l)}`}</li>
                  ))}
              </ul>
              <NoteField id={`${noteId}-exchange`} />
              <div>
                <button type="submit" className={primaryButton} disabled={busy}>
                  {RETURN_MOVE_LABELS.shipExchange}
                </button>
              </div>
            </fetcher.Form>
          )}
        </div>
      )}
      <RefuseDialog
        open={refusing}
        onClose={() => setRefusing(false)}
        rmaNumber={ret.rmaNumber}
        action={action}
        fetcher={fetcher}
        lastResult={result}
      />
    </section>
  );
}

const refuseText = (rma: string) =>
  `Return ${rma} will be refused and any size set aside for an exchange goes back into stock. The shopper sees your reason.`;

function RefuseForm({
  action,
  fetcher,
  onClose,
  lastResult,
  reasonRef,
}: {
  action: string;
  fetcher: ReturnFetcher | null;
  onClose: (() => void) | null;
  lastResult: AdminReturnAnswer | undefined;
  reasonRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const form = useZodForm({
    schema: adminReturnMoveSchema,
    fields: ADMIN_RETURN_FIELDS,
    lastResult: lastResult?.intent === "refuse" ? lastResult : null,
  });
  const id = useId();
  const FormTag = fetcher ? fetcher.Form : "form";
  return (
    <FormTag
      method="post"
      action={action}
      {...form.form}
      onSubmit={(event) => {
        form.form.onSubmit(event);
        if (!event.defaultPrevented) onClose?.();
      }}
      aria-label={RETURN_MOVE_LABELS.refuse}
      className={`flex flex-col gap-4 ${fetcher ? "" : "rounded-xl border border-red-200 bg-red-50 p-4"}`}
    >
      {!fetcher && <p className="font-semibold">Refuse this return?</p>}
      <input type="hidden" name="intent" value="refuse" />
      {/* The dialog focuses the reason first: what it asks for. */}
      <div
        ref={(box) => {
          if (reasonRef) reasonRef.current = box?.querySelector("textarea") ?? null;
        }}
      >
        <TextAreaField
          {...form.field("reason")}
          id={`${id}-reason`}
          label="Reason (shown to the shopper)"
          required
          aria-required
          rows={3}
          maxLength={REFUSAL_REASON_MAX}
        />
      </div>
      <div className="flex justify-end gap-3">
        {onClose ? (
          <button type="button" onClick={onClose} className={secondaryButton}>
            Keep return
          </button>
        ) : (
          <Link to="." className={secondaryButton}>
            Keep return
          </Link>
        )}
        <button type="submit" className={dangerButton}>
          {RETURN_MOVE_LABELS.refuse}
        </button>
      </div>
    </FormTag>
  );
}

function RefuseDialog({
  open,
  onClose,
  rmaNumber,
  action,
  fetcher,
  lastResult,
}: {
  open: boolean;
  onClose: () => void;
  rmaNumber: string;
  action: string;
  fetcher: ReturnFetcher;
  lastResult: AdminReturnAnswer | undefined;
}) {
  const reason = useRef<HTMLTextAreaElement>(null);
  return (
    <AlertDialog
      open={open}
      onDismiss={onClose}
      title="Refuse this return?"
      description={refuseText(rmaNumber)}
      initialFocus={reason}
      className="max-w-md"
    >
      <RefuseForm action={action} fetcher={fetcher} onClose={onClose} lastResult={lastResult} reasonRef={reason} />
    </AlertDialog>
  );
}

function ReceiveForm({
  ret,
  action,
  fetcher,
  busy,
  noteId,
}: {
  ret: AdminReturnDetail;
  action: string;
  fetcher: ReturnFetcher;
  busy: boolean;
  noteId: string;
}) {
  return (
    <fetcher.Form method="post" action={action} aria-label={RETURN_MOVE_LABELS.receive} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="receive" />
      <p className="text-sm">When the parcel arrives, say what becomes of each item:</p>
      {ret.lines.map((line) => {
        const name = dispositionField(line.id);
        // A damaged item is written off unless the owner says otherwise.
        const fallback = line.reason === "damaged" ? "write_off" : "restock";
        return (
          <fieldset key={line.id} className="rounded-xl border border-line p-3">
            <legend className="px-1 text-sm font-medium">
              {`${line.quantity} × ${line.productName} (${optionText(line.size, line.color)})`}
            </legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value="restock"
                  defaultChecked={fallback === "restock"}
                  className="accent-ink"
                />
                Restock
              </label>
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value="write_off"
                  defaultChecked={fallback === "write_off"}
                  className="accent-ink"
                />
                Write off
              </label>
            </div>
          </fieldset>
        );
      })}
      <NoteField id={noteId} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {RETURN_MOVE_LABELS.receive}
        </button>
      </div>
    </fetcher.Form>
  );
}

function AmountRows({ amount }: { amount: RefundAmount }) {
  return (
    <dl className="text-sm">
      {(
        [
          ["Items", amount.goodsCents],
          ["Tax", amount.taxCents],
          ["Shipping", amount.shippingCents],
        ] as const
      ).map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4 py-0.5">
          <dt className="text-muted">{label}</dt>
          <dd className="tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-line py-1 font-semibold">
        <dt>To refund</dt>
        <dd className="tabular-nums" data-testid="refund-total">
          {formatCents(amount.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

function RefundForm({
  ret,
  action,
  fetcher,
  busy,
  noteId,
}: {
  ret: AdminReturnDetail;
  action: string;
  fetcher: ReturnFetcher;
  busy: boolean;
  noteId: string;
}) {
  const preview = ret.refundPreview;
  const [shipping, setShipping] = useState(ret.shippingForced);
  const shippingId = useId();
  if (!preview) return null;
  const amount = preview.fixed || shipping || ret.shippingForced ? preview.withShipping : preview.withoutShipping;
  // Shipping to give back: not fixed yet, and not given back by an earlier return of the order.
  const shippingChoice = !preview.fixed && preview.withShipping.shippingCents > 0;
  return (
    <fetcher.Form method="post" action={action} aria-label={RETURN_MOVE_LABELS.refund} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="refund" />
      {ret.refundStatus === "pending" && (
        <FormMessage kind="error">
          {`The refund of ${formatCents(preview.withShipping.totalCents)} was sent but not confirmed${
            ret.refundError ? `: ${ret.refundError}` : "."
          } Use Refund to try again: it is never paid twice.`}
        </FormMessage>
      )}
      <AmountRows amount={amount} />
      {shippingChoice && (
        <CheckboxField
          id={shippingId}
          name="refundShipping"
          checked={shipping || ret.shippingForced}
          disabled={ret.shippingForced}
          onChange={(event) => setShipping(event.currentTarget.checked)}
          label={
            ret.shippingForced
              ? `Refund shipping (${formatCents(preview.withShipping.shippingCents)}): always, as an item is 'Damaged or faulty'`
              : `Refund shipping (${formatCents(preview.withShipping.shippingCents)})`
          }
        />
      )}
      <p className="text-sm text-muted">{`The refund is ${refundMethodText(ret)}.`}</p>
      <NoteField id={noteId} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {RETURN_MOVE_LABELS.refund}
        </button>
      </div>
    </fetcher.Form>
  );
}
