import { Link } from "react-router";
import { formatOrderDate } from "~/components/admin/orders/order-table";
import { useShop } from "~/components/use-root-data";
import { formatCents } from "~/lib/money";
import type { AdminReturnRow } from "~/modules/returns/admin-returns.server";
import { RefundStatusBadge, ReturnStatusBadge } from "./return-badges";

/** The returns list: RMA (to the return's page), order, customer, units, status, refund, date. */
export function ReturnTable({ rows }: { rows: AdminReturnRow[] }) {
  const { timeZone } = useShop();
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center text-muted">
        No returns found
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Returns, newest first</caption>
        <thead className="border-b border-line bg-stone-50 text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              RMA
            </th>
            <th scope="col" className="px-4 py-3">
              Order
            </th>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Units
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Refund
            </th>
            <th scope="col" className="px-4 py-3">
              Asked
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="return-row" className="border-b border-line last:border-0">
              <th scope="row" className="px-4 py-3 font-medium">
                <Link
                  to={`/admin/returns/${encodeURIComponent(row.rmaNumber)}`}
                  className="underline-offset-2 hover:underline"
                >
                  {row.rmaNumber}
                </Link>
              </th>
              <td className="px-4 py-3">
                <Link
                  to={`/admin/orders/${encodeURIComponent(row.orderNumber)}`}
                  className="underline-offset-2 hover:underline"
                >
                  {row.orderNumber}
                </Link>
              </td>
              <td className="px-4 py-3">
                <span className="block">{row.customerName}</span>
                <span className="block text-muted">{row.customerEmail}</span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.units}</td>
              <td className="px-4 py-3">
                <ReturnStatusBadge status={row.status} />
              </td>
              <td className="px-4 py-3">
                {row.refundStatus === "none" ? (
                  <span className="text-muted">—</span>
                ) : (
                  <span className="flex flex-wrap items-center gap-2">
                    <RefundStatusBadge status={row.refundStatus} />
                    {row.refundCents !== null && <span className="tabular-nums">{formatCents(row.refundCents)}</span>}
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">{formatOrderDate(row.createdAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
