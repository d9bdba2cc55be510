import { RecoveryCard } from "./recovery-card";
import { Form, Link } from "react-router";
import { StatCards } from "~/components/admin/stat-cards";
import { CountBarChart, RevenueChart, shortDay } from "~/components/secure-admin/analytics/analytics-charts";
import { ChartCard, FiguresTable } from "~/components/secure-admin/analytics/chart-card";
import { DiscountTable } from "./discount-table";
import { FitTable } from "./fit-table";
import { ReturnsReport } from "./returns-report";
import { FormMessage, primaryButton } from "~/components/ui/field";
import { formatCents } from "~/lib/money";
import { presetRange, RANGE_PRESETS } from "~/modules/analytics/analytics-range";
import { splitRevenueByDiscount } from "~/modules/analytics/discount-analytics";
import type { AnalyticsReportData } from "~/modules/analytics/analytics-report.server";

/**
 * Sales Analytics (spec §2's four figures, and what a clothing shop reorders by): for a date range in
 * the URL, sales per day (split into sales with and without a discount), best sellers, units by size and
 * colour, payment methods, the sales of each discount code and offer (issue 28), and the size and fit of
 * the reviewed products (issue 29), and the returns with revenue net of refunds (issue 30). One page for both
 * faces of the back office (/admin/analytics and the console's Analytics tab).
 */
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const count = (n: number) => n.toLocaleString("en-US");

/** Units sold by one attribute (size, colour): the chart, the most sold in a sentence, and the table. */
function UnitSharesCard({
  title,
  noun,
  column,
  rows,
}: {
  title: string;
  noun: string;
  column: string;
  rows: Array<{ label: string; units: number; share: number }>;
}) {
  return (
    <ChartCard
      title={title}
      summary={
        rows.length
          ? `Most sold ${noun}: ${rows[0]!.label} (${pct(rows[0]!.share)} of units).`
          : "No sales in this range."
      }
      chart={<CountBarChart data={rows} x="label" y="units" label="Units" height={200} />}
      table={
        <FiguresTable
          caption={`Units sold by ${noun}`}
          columns={[column, "Units", "Share"]}
          rows={rows.map((r) => [r.label, count(r.units), pct(r.share)])}
        />
      }
    />
  );
}

export function AnalyticsReport({ report }: { report: AnalyticsReportData }) {
  const { analytics: a, discounts, rangeError } = report;
  const today = new Date(`${report.today}T00:00:00Z`);
  const busiest = a.days.reduce((best, d) => (d.revenueCents > best.revenueCents ? d : best), a.days[0]!);
  const days = splitRevenueByDiscount(a.days, discounts.days);
  const withDiscountCents = days.reduce((sum, day) => sum + day.withDiscountCents, 0);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="range-heading" className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="range-heading" className="font-display text-2xl font-semibold">
            Sales Analytics
          </h2>
          <p className="mt-1 text-sm text-muted">
            {a.range.from} to {a.range.to} (UTC days). Paid orders only; test and cancelled orders are not counted.
          </p>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Date range">
          <label className="flex flex-col text-sm font-medium">
            From
            <input
              type="date"
              name="from"
              defaultValue={a.range.from}
              max={report.today}
              className="mt-1 h-10 rounded-lg border border-line px-2"
            />
          </label>
          <label className="flex flex-col text-sm font-medium">
            To
            <input
              type="date"
              name="to"
              defaultValue={a.range.to}
              max={report.today}
              className="mt-1 h-10 rounded-lg border border-line px-2"
            />
          </label>
          <button type="submit" className={`${primaryButton} h-10`}>
            Apply
          </button>
        </Form>
      </section>
      <nav aria-label="Quick ranges" className="-mt-4 flex flex-wrap gap-2 text-sm">
        {RANGE_PRESETS.map((days) => {
          const r = presetRange(days, today);
          return (
            <Link
              key={days}
              to={`?from=${r.from}&to=${r.to}`}
              className="rounded-full border border-line px-3 py-1 hover:border-ink"
            >
              Last {days} days
            </Link>
          );
        })}
      </nav>
      {rangeError && <FormMessage kind="error">{rangeError}</FormMessage>}

      <StatCards
        gridClassName="grid-cols-2 lg:grid-cols-3"
        cards={[
          { label: "Total Orders", value: count(a.summary.orders) },
          { label: "Total Revenue", value: formatCents(a.summary.revenueCents) },
          { label: "Refunds", value: formatCents(report.returns.refundsCents) },
          { label: "Revenue net of refunds", value: formatCents(report.netRevenueCents) },
          { label: "Avg Order Value", value: formatCents(a.summary.averageOrderCents) },
          { label: "Unique Customers", value: count(a.summary.uniqueCustomers) },
        ]}
      />
      <p className="-mt-4 text-sm text-muted">
        Not counted: {count(a.excluded.testOrders)} test {a.excluded.testOrders === 1 ? "order" : "orders"},{" "}
        {count(a.excluded.cancelledOrders)} cancelled {a.excluded.cancelledOrders === 1 ? "order" : "orders"}.
      </p>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Revenue per day"
          summary={
            a.summary.orders === 0
              ? "No sales in this range."
              : `${formatCents(a.summary.revenueCents)} over ${a.days.length} days, ${formatCents(withDiscountCents)} of it from sales with a discount; the best day was ${busiest.day} with ${formatCents(busiest.revenueCents)}.`
          }
          chart={<RevenueChart days={days} />}
          table={
            <FiguresTable
              caption="Revenue and orders per day"
              columns={["Day", "Orders", "Revenue", "With a discount", "Without a discount"]}
              rows={days.map((day) => [
                day.day,
                count(day.orders),
                formatCents(day.revenueCents),
                formatCents(day.withDiscountCents),
                formatCents(day.withoutDiscountCents),
              ])}
            />
          }
        />
        <ChartCard
          title="Orders per day"
          summary={`${count(a.summary.orders)} orders over ${a.days.length} days.`}
          chart={<CountBarChart data={a.days} x="day" y="orders" label="Orders" formatX={shortDay} />}
          table={
            <FiguresTable
              caption="Orders per day"
              columns={["Day", "Orders"]}
              rows={a.days.map((d) => [d.day, count(d.orders)])}
            />
          }
        />
      </div>

      <RecoveryCard figures={report.recovery} range={report.analytics.range} headingLevel="h3" />

      <section aria-labelledby="by-discount-heading" className="rounded-2xl border border-line bg-white p-5">
        <h3 id="by-discount-heading" className="font-display text-lg font-semibold">
          By discount
        </h3>
        {discounts.byDiscount.shown.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No sales with a discount code or offer in this range.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted" data-testid="discount-summary">
              {count(discounts.summary.orders)} {discounts.summary.orders === 1 ? "sale" : "sales"} with a discount,{" "}
              {formatCents(discounts.summary.revenueCents)} (average order{" "}
              {formatCents(discounts.summary.averageOrderCents)}); {formatCents(discounts.summary.discountCents)} given
              in discounts. An order with a code and an offer counts under both.
            </p>
            <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="By discount, scrollable">
              <DiscountTable
                caption="Orders, revenue, average order value and discount given by discount code and offer, most revenue first"
                rows={discounts.byDiscount.shown}
                rest={discounts.byDiscount.rest}
              />
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="best-sellers-heading" className="rounded-2xl border border-line bg-white p-5">
        <h3 id="best-sellers-heading" className="font-display text-lg font-semibold">
          Best sellers
        </h3>
        {a.bestSellers.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No sales in this range.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <FiguresTable
              caption="Best sellers by units sold"
              columns={["Product", "Units", "Revenue"]}
              rows={a.bestSellers.map((p) => [p.name, count(p.units), formatCents(p.revenueCents)])}
            />
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <UnitSharesCard
          title="Units by size"
          noun="size"
          column="Size"
          rows={a.bySize.map((r) => ({ label: r.size, units: r.units, share: r.share }))}
        />
        <UnitSharesCard
          title="Units by colour"
          noun="colour"
          column="Colour"
          rows={a.byColor.map((r) => ({ label: r.color, units: r.units, share: r.share }))}
        />
        <ChartCard
          title="Payment methods"
          summary={
            a.byPaymentMethod.length
              ? a.byPaymentMethod.map((m) => `${m.method} ${pct(m.share)}`).join(", ") + " of orders."
              : "No sales in this range."
          }
          chart={<CountBarChart data={a.byPaymentMethod} x="method" y="orders" label="Orders" height={200} />}
          table={
            <FiguresTable
              caption="Orders and revenue by payment method"
              columns={["Method", "Orders", "Revenue", "Share"]}
              rows={a.byPaymentMethod.map((m) => [
                m.method,
                count(m.orders),
                formatCents(m.revenueCents),
                pct(m.share),
              ])}
            />
          }
        />
      </div>

      <ReturnsReport
        returns={report.returns}
        revenueCents={a.summary.revenueCents}
        netRevenueCents={report.netRevenueCents}
      />

      <section aria-labelledby="fit-heading" className="rounded-2xl border border-line bg-white p-5">
        <h3 id="fit-heading" className="font-display text-lg font-semibold">
          Size and fit
        </h3>
        {report.fit.total === 0 ? (
          <p className="mt-2 text-sm text-muted">No published reviews or size returns yet.</p>
        ) : (
          <FitTable fit={report.fit} range={a.range} />
        )}
      </section>
    </div>
  );
}
