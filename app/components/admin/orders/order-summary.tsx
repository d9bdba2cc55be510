import type { ReactNode } from "react";
import { OrderDiscountRows } from "~/components/orders/order-discount-rows";
import { formatCents } from "~/lib/money";
import type { AdminOrderDetail } from "~/modules/orders/admin-orders.server";
import { shippingText } from "~/modules/orders/order-discount-lines";
import { paymentMethodText, shippingMethodText } from "~/modules/orders/order-words";
import { useShop } from "~/components/use-root-data";
import { formatOrderDate } from "./order-table";

const card = "rounded-2xl border border-line bg-white p-5";
const h2 = "font-display text-lg font-semibold";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium break-all">{children}</dd>
    </div>
  );
}

/** Customer, shipping address, payment and shipment of one order (all text rendered as text). */
export function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { timeZone } = useShop();
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section aria-labelledby="customer-heading" className={card}>
        <h2 id="customer-heading" className={h2}>
          Customer
        </h2>
        <dl className="mt-3">
          <Row label="Name">{order.customer.name || "—"}</Row>
          <Row label="E-mail">{order.customer.email}</Row>
          <Row label="Phone">{order.customer.phone ?? "No phone number"}</Row>
        </dl>
      </section>
      <section aria-labelledby="shipping-heading" className={card}>
        <h2 id="shipping-heading" className={h2}>
          Shipping address
        </h2>
        <address className="mt-3 text-sm not-italic leading-6">
          {`${a.firstName ?? ""} ${a.lastName ?? ""}`.trim()}
          <br />
          {a.address}
          <br />
          {[a.city, a.state, a.postalCode].filter(Boolean).join(", ")}
          <br />
          {a.country}
        </address>
        <dl className="mt-3 border-t border-line pt-2">
          <Row label="Method">{shippingMethodText(order.shippingMethod)}</Row>
          {order.trackingNumber && <Row label="Tracking number">{order.trackingNumber}</Row>}
          {order.carrier && <Row label="Carrier">{order.carrier}</Row>}
        </dl>
      </section>
      <section aria-labelledby="payment-heading" className={card}>
        <h2 id="payment-heading" className={h2}>
          Payment
        </h2>
        <dl className="mt-3">
          <Row label="Method">{paymentMethodText(order.paymentMethod) ?? "—"}</Row>
          <Row label="Payment id">{order.paymentId ?? "—"}</Row>
          <Row label="Capture id">{order.paymentCaptureId ?? "—"}</Row>
          <Row label="Refund id">{order.refundId ?? "—"}</Row>
          <Row label="Paid at">{order.paidAt ? formatOrderDate(order.paidAt, timeZone) : "—"}</Row>
        </dl>
      </section>
    </div>
  );
}

/**
 * The order's lines (spec §2: Product, SKU, Size/Color, Quantity, Price, Total) and its totals, with
 * the discounts it was charged (as placed: a later edit of a discount changes nothing here).
 */
export function OrderItems({ order }: { order: AdminOrderDetail }) {
  return (
    <section aria-labelledby="items-heading" className={card}>
      <h2 id="items-heading" className={h2}>
        Items
      </h2>
      {/* Focusable: a table wider than a phone scrolls sideways, by keyboard too. */}
      <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Items, scrollable">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Product
              </th>
              <th scope="col" className="py-2 pr-4">
                SKU
              </th>
              <th scope="col" className="py-2 pr-4">
                Size/Color
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Price
              </th>
              <th scope="col" className="py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {item.productName}
                </th>
                <td className="py-2 pr-4">{item.productSku}</td>
                <td className="py-2 pr-4">{[item.size, item.color].filter(Boolean).join(" / ") || "—"}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{item.quantity}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCents(item.unitPriceCents)}</td>
                <td className="py-2 text-right tabular-nums">{formatCents(item.totalPriceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto mt-4 max-w-xs border-t border-line pt-3">
        <Row label="Subtotal">{formatCents(order.subtotalCents)}</Row>
        <OrderDiscountRows
          discounts={order.discounts}
          className="flex justify-between gap-4 py-1 text-sm text-emerald-800"
          valueClassName="text-right font-medium"
        />
        <Row label="Shipping">{shippingText(order.shippingCents)}</Row>
        <Row label="Tax">{formatCents(order.taxCents)}</Row>
        <Row label="Total">{formatCents(order.totalCents)}</Row>
      </dl>
    </section>
  );
}

/** Every status change in words ('Paid by PayPal'), who, when, note. */
/** Where the order's WhatsApp and e-mail messages will be listed (the notification work fills it). */
