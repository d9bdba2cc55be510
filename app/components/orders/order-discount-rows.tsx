import { orderDiscountLabel, orderDiscountValue, type OrderDiscountLine } from "~/modules/orders/order-discount-lines";

/**
 * An order's discounts as `dt`/`dd` pairs inside its totals' `dl`, one per discount, below Subtotal:
 * 'SUMMER20 — −$12.00', 'FREESHIP — Free shipping' (the dash is for screen readers; the eye sees two
 * columns, like the checkout's summary). What the order was charged, read from the order itself.
 */
export function OrderDiscountRows({
  discounts,
  className = "flex justify-between text-emerald-800",
  valueClassName,
}: {
  discounts: readonly OrderDiscountLine[];
  /** Each row's look, the totals' own rows' (a discount is shown in green). */
  className?: string;
  valueClassName?: string;
}) {
  return (
    <>
      {discounts.map((d, i) => (
        <div key={`${d.kind}-${d.code ?? d.title}-${i}`} className={className} data-testid="order-discount">
          <dt>
            {orderDiscountLabel(d)}
            <span className="sr-only"> — </span>
          </dt>
          <dd className={valueClassName}>{orderDiscountValue(d)}</dd>
        </div>
      ))}
    </>
  );
}
