import { formatCents } from "~/lib/money";
import type { DiscountFigures, FoldedDiscounts } from "~/modules/analytics/discount-analytics";

/**
 * The figures of discount codes and automatic offers as a table (issue 28): the Analytics page's
 * "By discount" (every column, the rest folded into one line) and the /admin dashboard's card (compact:
 * no discount given, no folded line). Rows come ranked (discount-analytics.ts); each row's header is its
 * code or its offer's title, with what it is under it.
 */
const count = (n: number) => n.toLocaleString("en-US");

export function DiscountTable({
  caption,
  rows,
  rest = null,
  compact = false,
}: {
  caption: string;
  rows: readonly DiscountFigures[];
  rest?: FoldedDiscounts | null;
  compact?: boolean;
}) {
  const columns = ["Code or offer", "Orders", "Revenue", "Avg order value", ...(compact ? [] : ["Discount given"])];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-xs uppercase tracking-wider text-muted">
          {columns.map((c, i) => (
            <th key={c} scope="col" className={`py-2 pr-3 font-medium ${i > 0 ? "text-right" : ""}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line/60" data-discount={row.key}>
            <th scope="row" className="py-1.5 pr-3 font-normal">
              <span className={row.code ? "font-mono font-medium" : "font-medium"}>{row.code ?? row.title}</span>
              <span className="block text-xs text-muted">{row.code ? `Code · ${row.title}` : "Automatic offer"}</span>
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{count(row.orders)}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(row.revenueCents)}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(row.averageOrderCents)}</td>
            {!compact && <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(row.discountCents)}</td>}
          </tr>
        ))}
        {rest && !compact && (
          <tr className="border-b border-line/60" data-discount="rest">
            <th scope="row" className="py-1.5 pr-3 font-normal text-muted">
              {count(rest.count)} more {rest.count === 1 ? "code or offer" : "codes and offers"}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{count(rest.orders)}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(rest.revenueCents)}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(rest.averageOrderCents)}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(rest.discountCents)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
