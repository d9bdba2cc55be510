import { Link } from "react-router";
import { formatCents } from "~/lib/money";
import type { DiscountFigures } from "~/modules/analytics/discount-analytics";
import { DiscountTable } from "./discount-table";

/**
 * The /admin dashboard's card of the discount codes and offers that brought the most revenue over the
 * last 30 days (issue 28), with the link to the Analytics page, whose default range is the same 30 days.
 */
export function TopDiscountsCard({
  range,
  rows,
  summary,
}: {
  range: { from: string; to: string };
  rows: readonly DiscountFigures[];
  summary: { orders: number; revenueCents: number };
}) {
  return (
    <section aria-labelledby="top-discounts-heading" className="mt-6 rounded-2xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="top-discounts-heading" className="font-display text-lg font-semibold">
          Top discounts (30 days)
        </h2>
        <Link
          to={`/admin/analytics?from=${range.from}&to=${range.to}`}
          className="text-sm font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
        >
          All discounts in Analytics
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No sales with a discount code or offer from {range.from} to {range.to}.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {summary.orders.toLocaleString("en-US")} {summary.orders === 1 ? "sale" : "sales"} with a discount,{" "}
            {formatCents(summary.revenueCents)}, from {range.from} to {range.to} (UTC days).
          </p>
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Top discounts, scrollable">
            <DiscountTable
              caption="The discount codes and offers with the most revenue in the last 30 days"
              rows={rows}
              compact
            />
          </div>
        </>
      )}
    </section>
  );
}
