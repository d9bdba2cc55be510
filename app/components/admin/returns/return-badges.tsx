import type { RefundStatus, ReturnStatus } from "#db/schema/returns";
import { RETURN_STATUS_BADGE, RETURN_STATUS_LABELS } from "~/modules/returns/return-moves";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** A return's status in words and colour (issue 30). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`${badge} ${RETURN_STATUS_BADGE[status]}`}>{RETURN_STATUS_LABELS[status]}</span>;
}

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  none: "No refund",
  due: "Refund due",
  pending: "Refund pending",
  refunded: "Refunded",
};

const REFUND_BADGE: Record<RefundStatus, string> = {
  none: "bg-stone-100 text-stone-700",
  due: "bg-yellow-100 text-yellow-800",
  pending: "bg-orange-100 text-orange-800",
  refunded: "bg-green-100 text-green-800",
};

/** The money side of a return, once it matters (received): due, pending (PayPal to retry), refunded. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <span className={`${badge} ${REFUND_BADGE[status]}`}>{REFUND_STATUS_LABELS[status]}</span>;
}
