import { formatCents } from "~/lib/money";
import { problemText, stockNote, type CartItem } from "~/modules/cart/cart-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { useShop } from "~/components/use-root-data";
import {
  amountToFreeShipping,
  percentText,
  SHIPPING_METHODS,
  taxPercentFor,
  type Destination,
  type ShippingMethod,
} from "~/modules/pricing/pricing";
import { DiscountCodeField, DiscountRows } from "~/components/cart/discount-code";
import type { CartPricing } from "~/modules/promotions/discount-engine";

/**
 * The order summary sidebar: lines, subtotal, shipping for the chosen method, tax at the destination's
 * rate, total, by the owner's settings, with the discounts and the 'Discount code' field (the server
 * prices the order the same way when it is placed: `totals` is what the checkout sends as expected).
 */
export function OrderSummary({
  items,
  shippingMethod,
  destination,
  totals,
}: {
  items: readonly CartItem[];
  shippingMethod: ShippingMethod;
  destination: Destination;
  totals: CartPricing;
}) {
  const { shipping: rules } = useShop();
  const toFree = totals.freeShipping ? 0 : amountToFreeShipping(totals.subtotalCents - totals.discountCents, rules);
  return (
    <aside
      aria-labelledby="summary-title"
      className="h-fit rounded-2xl border border-line bg-white p-6 lg:sticky lg:top-24"
    >
      <h2 id="summary-title" className="text-lg font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-line" aria-label="Items in your order">
        {items.map((item) => {
          const flag = problemText(item);
          const note = stockNote(item);
          return (
            <li key={`${item.id}|${item.size}|${item.color}`} className="flex items-center gap-3 py-3">
              <div className="relative">
                <img
                  alt=""
                  width={56}
                  height={70}
                  className="h-[70px] w-14 rounded-lg bg-stone-100 object-cover"
                  {...responsiveImage(item.image, "56px")}
                />
                <span className="absolute -right-2 -top-2 flex size-5 items-center justify-center rounded-full bg-stone-700 text-[11px] font-semibold text-white">
                  {item.quantity}
                </span>
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{item.name}</p>
                <p className="text-xs text-muted">
                  {item.size} · {item.color} · Qty {item.quantity}
                </p>
                {flag && <p className="text-xs font-medium text-red-700">{flag}</p>}
                {note && <p className="text-xs font-medium text-amber-800">{note}</p>}
              </div>
              <p className="text-sm font-medium">{formatCents(item.price * item.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 border-t border-line pt-4">
        <DiscountCodeField pricing={totals} />
      </div>
      <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
        <Row label="Subtotal" value={formatCents(totals.subtotalCents)} />
        <DiscountRows pricing={totals} terms />
        <Row
          label={`Shipping (${SHIPPING_METHODS[shippingMethod].label})`}
          value={totals.shippingCents === 0 ? "Free" : formatCents(totals.shippingCents)}
        />
        <Row label={`Tax (${percentText(taxPercentFor(rules, destination))})`} value={formatCents(totals.taxCents)} />
        <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
      {toFree !== null && toFree > 0 && (
        <p data-testid="free-shipping-hint" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Add {formatCents(toFree)} more for free standard shipping.
        </p>
      )}
    </aside>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between text-muted">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
