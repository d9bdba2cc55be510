import { Link, useLocation } from "react-router";
import { withPanel } from "~/modules/product-admin/admin-product-query";
import type { LowStockPage } from "~/modules/product-admin/admin-product-list.server";

/**
 * The low-stock view (`/admin/products?stock=low`): variants of active products at or under the
 * threshold, lowest first, each with its product, size, colour, SKU and stock, and a link that opens the
 * product in the editor (its variants table on the Inventory tab).
 */
export function LowStockTable({ lowStock }: { lowStock: LowStockPage }) {
  const location = useLocation();
  const { rows, total, threshold } = lowStock;
  const heading = `${total.toLocaleString("en-US")} ${total === 1 ? "variant" : "variants"} with ${threshold} or fewer in stock`;
  if (rows.length === 0) {
    return (
      <p role="status" className="rounded-2xl border border-line bg-white px-4 py-6 text-sm text-muted">
        No variant of an active product has {threshold} or fewer in stock.
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full text-sm">
        <caption className="px-4 py-3 text-left font-medium" data-testid="low-stock-caption">
          {heading}
        </caption>
        <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-2">
              Product
            </th>
            <th scope="col" className="px-4 py-2">
              Size
            </th>
            <th scope="col" className="px-4 py-2">
              Colour
            </th>
            <th scope="col" className="px-4 py-2">
              SKU
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Stock
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.sku} className="border-t border-line" data-sku={row.sku}>
              <th scope="row" className="px-4 py-2 text-left font-medium">
                {row.productName}
              </th>
              <td className="px-4 py-2">{row.size || "—"}</td>
              <td className="px-4 py-2">{row.color || "—"}</td>
              <td className="px-4 py-2 font-mono text-xs">{row.sku}</td>
              <td
                className={`px-4 py-2 text-right tabular-nums ${row.stock === 0 ? "font-semibold text-red-700" : ""}`}
              >
                {row.stock === 0 ? "Sold out" : row.stock}
              </td>
              <td className="px-4 py-2 text-right">
                <Link
                  to={withPanel(location.search, { edit: row.productId })}
                  preventScrollReset
                  className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
                >
                  Edit<span className="sr-only"> {row.productName}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
