import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { secondaryButton } from "~/components/ui/field";
import { formatCents } from "~/lib/money";
import type { DiscountEditorData } from "~/modules/promotions/discount-admin.server";
import { DISCOUNTS_PATH } from "~/modules/promotions/discount-admin-query";
import { valueWords } from "~/modules/promotions/discount-form";
import { isUsedUp } from "~/modules/promotions/discount-status";
import { Card } from "./discount-fields";
import { DiscountStatusBadge, UsedUpBadge } from "./discount-status-badge";
import { useDiscountWrite } from "./use-discount-write";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full border border-red-200 bg-white px-6 text-sm font-semibold text-red-700 transition-colors hover:border-red-400 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The discount at a glance: its status, what it takes off, its uses and the revenue of the orders that
 * used it (paid, not cancelled, not test), and its switch. A discount no order used can be deleted
 * (asked first); one that was used can only be disabled, so the orders that name it keep it.
 */
export function DiscountSummary({ editor }: { editor: DiscountEditorData }) {
  const { discount } = editor;
  const toggle = useDiscountWrite("discount-toggle", ["enable", "disable"]);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDiscountWrite("discount-delete", ["delete"], (answer) => {
    if (answer.ok && answer.deleted) navigate(DISCOUNTS_PATH, { replace: true });
    else setConfirming(false);
  });
  const keep = useRef<HTMLButtonElement>(null);

  return (
    <Card title="Summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Status</dt>
        <dd className="flex flex-wrap gap-1" data-testid="discount-status">
          <DiscountStatusBadge status={editor.status} />
          {isUsedUp(discount) && <UsedUpBadge />}
        </dd>
        <dt className="text-muted">Value</dt>
        <dd>{valueWords(discount)}</dd>
        <dt className="text-muted">Uses</dt>
        <dd data-testid="discount-uses">
          {discount.usageCount.toLocaleString("en-US")}
          {discount.usageLimit !== null && ` of ${discount.usageLimit.toLocaleString("en-US")}`}
        </dd>
        <dt className="text-muted">Revenue</dt>
        <dd data-testid="discount-revenue">
          {formatCents(editor.revenueCents)}
          <span className="text-muted">{` from ${editor.orderCount.toLocaleString("en-US")} paid order${editor.orderCount === 1 ? "" : "s"}`}</span>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3 border-t border-line pt-5">
        <toggle.fetcher.Form method="post">
          <input type="hidden" name="intent" value={discount.isEnabled ? "disable" : "enable"} />
          <button type="submit" className={secondaryButton} disabled={toggle.busy} aria-busy={toggle.busy}>
            {discount.isEnabled ? "Disable discount" : "Enable discount"}
          </button>
        </toggle.fetcher.Form>
        {editor.everUsed ? (
          <p className="self-center text-xs text-muted">Used by orders: it can be disabled, not deleted.</p>
        ) : (
          <button type="button" className={dangerButton} onClick={() => setConfirming(true)}>
            Delete discount
          </button>
        )}
      </div>
      <AlertDialog
        open={confirming}
        onDismiss={() => setConfirming(false)}
        title={`Delete '${discount.title}'?`}
        description="The discount and its codes are deleted for good. No order has used it."
        initialFocus={keep}
      >
        <remove.fetcher.Form method="post" className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <button ref={keep} type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            Keep it
          </button>
          <button type="submit" className={dangerButton} disabled={remove.busy} aria-busy={remove.busy}>
            {remove.busy ? "Deleting…" : "Delete discount"}
          </button>
        </remove.fetcher.Form>
      </AlertDialog>
    </Card>
  );
}
