import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatOrderDate } from "~/components/admin/orders/order-table";
import { HistoryTable } from "~/components/admin/history-table";
import { useShop } from "~/components/use-root-data";
import { formatCents } from "~/lib/money";
import { statusLabel } from "~/modules/orders/order-rules";
import { paymentMethodText } from "~/modules/orders/order-words";
import type { AdminReturnDetail } from "~/modules/returns/admin-returns.server";
import { RETURN_STATUS_LABELS } from "~/modules/returns/return-moves";
import type { ReturnLineView } from "~/modules/returns/return-reads.server";
import { RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import { REFUND_STATUS_LABELS } from "./return-badges";

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

/** 'M / Black', or '—'. */
export const optionText = (size: string | null, color: string | null) =>
  [size, color].filter(Boolean).join(" / ") || "—";

/** What becomes of a line: 'Refund', or 'Exchange for L' (the size and colour asked for). */
export function resolutionText(line: Pick<ReturnLineView, "resolution" | "exchangeSize" | "exchangeColor">): string {
  if (line.resolution === "refund") return "Refund";
  const wanted = [line.exchangeSize, line.exchangeColor].filter(Boolean).join(" / ");
  return wanted ? `Exchange for ${wanted}` : "Exchange";
}

/** 'Refunded $12.34 of $80.00' once some of an order was given back. */
export const refundedOfText = (refundedCents: number, totalCents: number) =>
  `Refunded ${formatCents(refundedCents)} of ${formatCents(totalCents)}`;

/** The customer, the order (linked) and its payment, the refund. */
export function ReturnFacts({ ret }: { ret: AdminReturnDetail }) {
  const { timeZone } = useShop();
  const { order } = ret;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section aria-labelledby="return-customer-heading" className={card}>
        <h2 id="return-customer-heading" className={h2}>
          Customer
        </h2>
        <dl className="mt-3">
          <Row label="Name">{order.customerName || "—"}</Row>
          <Row label="E-mail">{order.customerEmail}</Row>
        </dl>
      </section>
      <section aria-labelledby="return-order-heading" className={card}>
        <h2 id="return-order-heading" className={h2}>
          Order
        </h2>
        <dl className="mt-3">
          <Row label="Order">
            <Link to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`} className="underline">
              {order.orderNumber}
            </Link>
          </Row>
          <Row label="Delivered">{order.deliveredAt ? formatOrderDate(order.deliveredAt, timeZone) : "—"}</Row>
          <Row label="Payment">{`${paymentMethodText(order.paymentMethod) ?? "—"}, ${statusLabel(order.paymentStatus)}`}</Row>
          <Row label="Total">{formatCents(order.totalCents)}</Row>
          {order.refundedCents > 0 && (
            <Row label="Refunded">{refundedOfText(order.refundedCents, order.totalCents)}</Row>
          )}
        </dl>
      </section>
      <section aria-labelledby="return-refund-heading" className={card}>
        <h2 id="return-refund-heading" className={h2}>
          Refund
        </h2>
        <dl className="mt-3">
          <Row label="Status">{REFUND_STATUS_LABELS[ret.refundStatus]}</Row>
          {ret.refund && (
            <>
              <Row label="Items">{formatCents(ret.refund.goodsCents)}</Row>
              <Row label="Tax">{formatCents(ret.refund.taxCents)}</Row>
              <Row label="Shipping">{formatCents(ret.refund.shippingCents)}</Row>
              <Row label="Total">{formatCents(ret.refund.totalCents)}</Row>
              <Row label="Method">
                {ret.refundMethod === "paypal" ? "Through PayPal" : "Recorded as refunded by hand"}
              </Row>
            </>
          )}
          {ret.refundId && <Row label="Refund id">{ret.refundId}</Row>}
          {ret.exchangeOrder && (
            <Row label="Exchange order">
              <Link to={`/admin/orders/${encodeURIComponent(ret.exchangeOrder.orderNumber)}`} className="underline">
                {ret.exchangeOrder.orderNumber}
              </Link>
              {` (${statusLabel(ret.exchangeOrder.status)})`}
            </Row>
          )}
        </dl>
      </section>
    </div>
  );
}

/** The lines asked back: product, size/colour, quantity, reason and note, refund or exchange, and what became of them. */
export function ReturnLines({ ret }: { ret: AdminReturnDetail }) {
  const received = ret.lines.some((l) => l.disposition !== null);
  return (
    <section aria-labelledby="return-items-heading" className={card}>
      <h2 id="return-items-heading" className={h2}>
        Items
      </h2>
      <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Items, scrollable">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Product
              </th>
              <th scope="col" className="py-2 pr-4">
                Size/Color
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-4">
                Reason
              </th>
              <th scope="col" className="py-2 pr-4">
                Wanted
              </th>
              {received && (
                <th scope="col" className="py-2">
                  Received
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((line) => (
              <tr key={line.id} data-testid="return-line" className="border-b border-line align-top last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {line.productName}
                </th>
                <td className="py-2 pr-4">{optionText(line.size, line.color)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-4">
                  {RETURN_REASON_LABELS[line.reason]}
                  {line.note && <span className="block whitespace-pre-wrap text-muted">{line.note}</span>}
                </td>
                <td className="py-2 pr-4">{resolutionText(line)}</td>
                {received && (
                  <td className="py-2">
                    {line.disposition === "restock"
                      ? "Restocked"
                      : line.disposition === "write_off"
                        ? "Written off"
                        : "—"}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const statusWord = (status: string) => RETURN_STATUS_LABELS[status as keyof typeof RETURN_STATUS_LABELS] ?? status;

/** Every move of the return: from, to, who, when, note (a refusal's reason, a refund's id). */
export function ReturnHistory({ ret }: { ret: AdminReturnDetail }) {
  const rows = ret.history.map((entry) => ({
    ...entry,
    change:
      entry.fromStatus && entry.fromStatus !== entry.toStatus
        ? `${statusWord(entry.fromStatus)} → ${statusWord(entry.toStatus)}`
        : statusWord(entry.toStatus),
  }));
  return (
    <section aria-labelledby="return-history-heading" className={card}>
      <h2 id="return-history-heading" className={h2}>
        History
      </h2>
      <HistoryTable rows={rows} testId="return-history-row" />
    </section>
  );
}
