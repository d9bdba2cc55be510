import { STATUS_BADGE, STATUS_LABELS, type DiscountStatus } from "~/modules/promotions/discount-status";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** A discount's status in words and colour (the orders' palette). */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <span className={`${badge} ${STATUS_BADGE[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** Beside the status: the total usage limit has been reached. */
export function UsedUpBadge() {
  return <span className={`${badge} bg-amber-100 text-amber-900`}>Used up</span>;
}
