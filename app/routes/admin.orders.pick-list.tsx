import { Printer } from "lucide-react";
import { data, Link } from "react-router";
import { PrintRunProblem } from "~/components/admin/orders/packing-slip-sheet";
import { primaryButton, secondaryButton } from "~/components/ui/field";
import { pageLoader } from "~/lib/http/error-answer.server";
import { pickListOf, slipRun } from "~/modules/orders/packing-slips.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.orders.pick-list";

export function meta() {
  return [{ title: "Pick list | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/orders/pick-list?orders=… (or ?filter=paid-unshipped): what to take off the shelves for the
 * chosen orders, one row per SKU, size and colour with the units summed (pickList), the total and the
 * orders it covers. Same selection, guard and answers to bad input as the batch packing slips.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "orders");
  const run = await slipRun(database.db, url.searchParams);
  if (!run.ok) return data({ problem: run.message, run: null }, { status: run.status, headers: noStore });
  return data({ problem: null, run: { list: pickListOf(run.orders), search: url.search } }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function PickListPage({ loaderData }: Route.ComponentProps) {
  const { problem, run } = loaderData;
  if (!run) return <PrintRunProblem title="Pick list" message={problem ?? ""} />;
  const { list } = run;
  const orders = list.orderNumbers.length;
  return (
    <div className="container-page max-w-4xl py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold">Pick list</h1>
          <p className="mt-1 text-sm text-muted" data-testid="pick-summary">
            {`${list.units} ${list.units === 1 ? "unit" : "units"} for ${orders} ${orders === 1 ? "order" : "orders"}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-3 print:hidden">
          <Link to="/admin/orders" className={secondaryButton}>
            Back to orders
          </Link>
          {orders > 0 && (
            <Link to={`/admin/orders/packing-slips${run.search}`} className={secondaryButton}>
              Packing slips
            </Link>
          )}
          {orders > 0 && (
            <button type="button" className={primaryButton} onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden />
              Print pick list
            </button>
          )}
        </div>
      </div>
      {orders === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center text-muted">
          No orders are paid and waiting to ship.
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-line bg-white print:border-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Units to pick, by SKU, size and colour</caption>
              <thead className="border-b border-line bg-stone-50 text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    SKU
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Size
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Colour
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Quantity
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Orders
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr
                    key={`${row.sku}|${row.size}|${row.color}`}
                    data-testid="pick-row"
                    className="border-b border-line last:border-0"
                  >
                    <td className="px-4 py-2 font-mono text-xs">{row.sku}</td>
                    <td className="px-4 py-2">{row.name}</td>
                    <td className="px-4 py-2">{row.size ?? "—"}</td>
                    <td className="px-4 py-2">{row.color ?? "—"}</td>
                    <td className="px-4 py-2 text-right font-medium tabular-nums">{row.quantity}</td>
                    <td className="px-4 py-2 text-xs text-muted">{row.orderNumbers.join(", ")}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-line">
                  <th scope="row" colSpan={4} className="px-4 py-3 text-right font-medium">
                    Total units
                  </th>
                  <td className="px-4 py-3 text-right font-semibold tabular-nums">{list.units}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="mt-4 text-sm" data-testid="pick-orders">
            {`Orders: ${list.orderNumbers.join(", ")}`}
          </p>
        </>
      )}
    </div>
  );
}
