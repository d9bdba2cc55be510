import { Link } from "react-router";
import { RefundStatusBadge, ReturnStatusBadge } from "~/components/admin/returns/return-badges";
import { refundedOfText } from "~/components/admin/returns/return-summary";
import { formatCents } from "~/lib/money";
import type { OrderReturnsPanel } from "~/modules/returns/admin-returns.server";

const card = "rounded-2xl border border-line bg-white p-5";
const returnHref = (rma: string) => `/admin/returns/${encodeURIComponent(rma)}`;
const orderHref = (n: string) => `/admin/orders/${encodeURIComponent(n)}`;

/** An exchange order's line under its heading: 'Exchange for ORD-… (return RMA-…)', both linked. */
export function ExchangeOrigin({ origin }: { origin: NonNullable<OrderReturnsPanel["exchangeFor"]> }) {
  return (
    <p className="mt-1 text-sm" data-testid="exchange-origin">
      {"Exchange for "}
      <Link to={orderHref(origin.orderNumber)} className="font-medium underline">
        {origin.orderNumber}
      </Link>
      {" (return "}
      <Link to={returnHref(origin.rmaNumber)} className="font-medium underline">
        {origin.rmaNumber}
      </Link>
      {")"}
    </p>
  );
}

/**
 * The order's returns (issue 30): each RMA with its status, units and refund, linked to its page; what was
 * refunded of the order ('Refunded $12.34 of $80.00'); and the exchange orders made from them.
 */
export function OrderReturns({ panel }: { panel: OrderReturnsPanel }) {
  if (panel.returns.length === 0 && panel.refundedCents === 0) return null;
  return (
    <section aria-labelledby="order-returns-heading" className={card}>
      <h2 id="order-returns-heading" className="font-display text-lg font-semibold">
        Returns and refunds
      </h2>
      {panel.refundedCents > 0 && (
        <p className="mt-3 text-sm font-medium" data-testid="order-refunded">
          {refundedOfText(panel.refundedCents, panel.totalCents)}
        </p>
      )}
      {panel.returns.length > 0 && (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Returns, scrollable">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  RMA
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Units
                </th>
                <th scope="col" className="py-2">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody>
              {panel.returns.map((r) => (
                <tr key={r.id} data-testid="order-return-row" className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <Link to={returnHref(r.rmaNumber)} className="underline-offset-2 hover:underline">
                      {r.rmaNumber}
                    </Link>
                  </th>
                  <td className="py-2 pr-4">
                    <ReturnStatusBadge status={r.status} />
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{r.units}</td>
                  <td className="py-2">
                    {r.refundStatus === "none" ? (
                      "—"
                    ) : (
                      <span className="flex flex-wrap items-center gap-2">
                        <RefundStatusBadge status={r.refundStatus} />
                        {r.refundCents !== null && <span className="tabular-nums">{formatCents(r.refundCents)}</span>}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel.exchangeOrders.length > 0 && (
        <ul className="mt-3 text-sm" aria-label="Exchange orders">
          {panel.exchangeOrders.map((x) => (
            <li key={x.orderNumber}>
              {"Exchange order "}
              <Link to={orderHref(x.orderNumber)} className="font-medium underline">
                {x.orderNumber}
              </Link>
              {` (return ${x.rmaNumber})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
