import { formatOrderDate } from "~/components/admin/orders/order-table";
import { useShop } from "~/components/use-root-data";
import type { DemandRow } from "~/modules/restock/back-in-stock.server";

/**
 * Demand waiting (issue 31): how many shoppers wait for each product, size and colour, most first, with
 * the stock it has now and since when the first of them waits — the list a brand reorders from.
 */
export function DemandTable({ rows }: { rows: DemandRow[] }) {
  const { timeZone } = useShop();
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center text-muted">
        Nobody is waiting for a size or colour to come back
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Shoppers waiting by product, size and colour, most waited for first</caption>
        <thead className="border-b border-line bg-stone-50 text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Product
            </th>
            <th scope="col" className="px-4 py-3">
              Size
            </th>
            <th scope="col" className="px-4 py-3">
              Colour
            </th>
            <th scope="col" className="px-4 py-3">
              SKU
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              In stock
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Waiting
            </th>
            <th scope="col" className="px-4 py-3">
              Waiting since
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.productId}:${row.size}:${row.color}`}
              data-testid="demand-row"
              className="border-b border-line last:border-0"
            >
              <th scope="row" className="px-4 py-3 font-medium">
                <a href={`/product/${row.slug}`} className="underline-offset-4 hover:underline">
                  {row.productName}
                </a>
              </th>
              <td className="px-4 py-3">{row.size || "—"}</td>
              <td className="px-4 py-3">{row.color || "—"}</td>
              <td className="px-4 py-3 font-mono text-xs">{row.sku}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.stock}</td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums" data-testid="demand-waiting">
                {row.waiting}
              </td>
              <td className="px-4 py-3">{formatOrderDate(row.oldest, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
