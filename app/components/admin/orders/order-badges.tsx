import { paymentBadge, STATUS_BADGE, statusLabel, type OrderStatus } from "~/modules/orders/order-rules";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** An order's status in the spec's colours (§4), as text. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`${badge} ${STATUS_BADGE[status] ?? "bg-stone-100 text-stone-800"}`}>{statusLabel(status)}</span>
  );
}

/** The payment status, as text. */
export function PaymentBadge({ status }: { status: string }) {
  return <span className={`${badge} ${paymentBadge(status)}`}>{statusLabel(status)}</span>;
}

/** Marks an order of the test-order tool. */
export function TestBadge() {
  return <span className={`${badge} bg-stone-200 text-stone-800`}>Test</span>;
}
