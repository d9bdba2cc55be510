import { Link } from "react-router";
import { useShop } from "~/components/use-root-data";
import { formatDateTimeIn } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { AdminOrderRow } from "~/modules/orders/admin-orders.server";
import { PaymentBadge, StatusBadge, TestBadge } from "./order-badges";

/** An order's moment on the shop's clock (Settings → Store → Time zone), its zone named. */
export const formatOrderDate = (iso: string, timeZone = "UTC") => formatDateTimeIn(iso, timeZone);

/**
 * The order list: number (to the order's page), customer, total, status, payment, date; with `detailsHref`
 * (the /secure-admin console) the number and a Details column open the order there instead.
 */
export function OrderTable({
  rows,
  detailsHref,
  selectForm,
}: {
  rows: AdminOrderRow[];
  detailsHref?: (orderNumber: string) => string;
  /** The id of the form (PrintRunForm) a checkbox per order, and 'select all on this page', belong to. */
  selectForm?: string;
}) {
  const { timeZone } = useShop();
  const hrefOf = detailsHref ?? ((n: string) => `/admin/orders/${encodeURIComponent(n)}`);
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center text-muted">
        No orders found
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="border-b border-line bg-stone-50 text-xs uppercase tracking-wider text-muted">
          <tr>
            {selectForm && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all orders on this page"
                  className="size-4 accent-ink"
                  onChange={(event) => {
                    const table = event.currentTarget.closest("table");
                    for (const box of table?.querySelectorAll<HTMLInputElement>('input[name="orders"]') ?? []) {
                      box.checked = event.currentTarget.checked;
                    }
                  }}
                />
              </th>
            )}
            <th scope="col" className="px-4 py-3">
              Order #
            </th>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Payment
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            {detailsHref && (
              <th scope="col" className="px-4 py-3">
                Details
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="order-row" className="border-b border-line last:border-0">
              {selectForm && (
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    name="orders"
                    value={row.orderNumber}
                    form={selectForm}
                    aria-label={`Select ${row.orderNumber}`}
                    className="size-4 accent-ink"
                  />
                </td>
              )}
              <th scope="row" className="px-4 py-3 font-medium">
                <Link to={hrefOf(row.orderNumber)} className="underline-offset-2 hover:underline">
                  {row.orderNumber}
                </Link>{" "}
                {row.isTest && <TestBadge />}
              </th>
              <td className="px-4 py-3">
                <span className="block">{row.customerName}</span>
                <span className="block text-muted">{row.customerEmail}</span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatCents(row.totalCents)}</td>
              <td className="px-4 py-3">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-4 py-3">
                <PaymentBadge status={row.paymentStatus} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">{formatOrderDate(row.createdAt, timeZone)}</td>
              {detailsHref && (
                <td className="px-4 py-3">
                  <Link
                    to={detailsHref(row.orderNumber)}
                    preventScrollReset
                    aria-label={`Details of ${row.orderNumber}`}
                    className="font-medium underline-offset-2 hover:underline"
                  >
                    Details
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
