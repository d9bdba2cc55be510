import { CountBarChart } from "~/components/secure-admin/analytics/analytics-charts";
import { ChartCard, FiguresTable } from "~/components/secure-admin/analytics/chart-card";
import { formatCents } from "~/lib/money";
import type { ReturnAnalytics } from "~/modules/analytics/return-analytics.server";
import { formatRate, type ReasonShare } from "~/modules/analytics/return-analytics";
import { RETURN_REASON_LABELS } from "~/modules/returns/return-rules";

/**
 * The Analytics page's "Returns" (issue 30), for both faces of the back office: the return rate of the
 * range's sales, their reasons, the products and the sizes and colours sent back most, this month's top
 * reasons, and the refunds made in the range. The rules (what counts, by which date) are in
 * modules/analytics/return-analytics.ts.
 */
const count = (n: number) => n.toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const reasonLabel = (reason: keyof typeof RETURN_REASON_LABELS | null) => (reason ? RETURN_REASON_LABELS[reason] : "—");

export const RETURN_CAPTIONS = {
  reasons: "Units returned by reason, most first",
  products: "Units sold, units returned, return rate and top reason by product, most returned first",
  variants: "Units sold, units returned and return rate by product, size and colour, most returned first",
  month: "Units returned this month by reason, most first",
} as const;

function ReasonsTable({ caption, reasons }: { caption: string; reasons: ReasonShare[] }) {
  return (
    <FiguresTable
      caption={caption}
      columns={["Reason", "Units", "Share"]}
      rows={reasons.map((r) => [r.label, count(r.units), pct(r.share)])}
    />
  );
}

export function ReturnsReport({
  returns,
  revenueCents,
  netRevenueCents,
}: {
  returns: ReturnAnalytics;
  revenueCents: number;
  netRevenueCents: number;
}) {
  const { summary, thisMonth } = returns;
  const more = (shown: number, all: number, noun: string) =>
    all > shown ? ` The ${count(shown)} most returned of ${count(all)} ${noun} are shown.` : "";
  return (
    <section aria-labelledby="returns-heading" className="rounded-2xl border border-line bg-white p-5">
      <h3 id="returns-heading" className="font-display text-lg font-semibold">
        Returns
      </h3>
      <p className="mt-1 text-sm text-muted" data-testid="returns-summary">
        {summary.unitsSold === 0 && summary.unitsReturned === 0
          ? "No sales in this range."
          : `${count(summary.unitsReturned)} of ${count(summary.unitsSold)} units sold in this range were returned (${formatRate(summary.rate)}), in ${count(summary.returns)} ${summary.returns === 1 ? "return" : "returns"}.`}{" "}
        Returns are counted by the date of the order they came from, so a recent range&apos;s rate still rises as its
        returns come in; refused and cancelled returns are not counted.
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="refunds-summary">
        Refunds made in this range: {formatCents(returns.refundsCents)} ({count(returns.refunds)}{" "}
        {returns.refunds === 1 ? "refund" : "refunds"}); revenue {formatCents(revenueCents)}, net of refunds{" "}
        {formatCents(netRevenueCents)}. A refund counts on the day it was made, whenever the order was placed.
      </p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Why they came back"
          summary={
            returns.byReason.length
              ? `Most returned for: ${returns.byReason[0]!.label} (${pct(returns.byReason[0]!.share)} of units returned).`
              : "No returns of this range's sales."
          }
          chart={<CountBarChart data={returns.byReason} x="label" y="units" label="Units" height={200} />}
          table={<ReasonsTable caption={RETURN_CAPTIONS.reasons} reasons={returns.byReason} />}
        />
        <ChartCard
          title={`Top reasons this month (${thisMonth.label})`}
          summary={
            thisMonth.reasons.length
              ? `${count(thisMonth.units)} ${thisMonth.units === 1 ? "unit" : "units"} in ${count(thisMonth.returns)} ${thisMonth.returns === 1 ? "return" : "returns"} asked for this month (${thisMonth.timeZone}), whatever the range above; most for: ${thisMonth.reasons[0]!.label}.`
              : `No returns asked for this month (${thisMonth.timeZone}).`
          }
          chart={<CountBarChart data={thisMonth.reasons} x="label" y="units" label="Units" height={200} />}
          table={<ReasonsTable caption={RETURN_CAPTIONS.month} reasons={thisMonth.reasons} />}
        />
      </div>

      <h4 className="mt-6 font-semibold">By product</h4>
      {returns.byProduct.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No returns of this range&apos;s sales.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{more(returns.byProduct.length, returns.products, "products")}</p>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Returns by product, scrollable">
            <FiguresTable
              caption={RETURN_CAPTIONS.products}
              columns={["Product", "Sold", "Returned", "Return rate", "Top reason"]}
              rows={returns.byProduct.map((r) => [
                r.name,
                count(r.unitsSold),
                count(r.unitsReturned),
                formatRate(r.rate),
                reasonLabel(r.topReason),
              ])}
            />
          </div>
        </>
      )}

      <h4 className="mt-6 font-semibold">By size and colour</h4>
      {returns.byVariant.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No returns of this range&apos;s sales.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {more(returns.byVariant.length, returns.variants, "sizes and colours")}
          </p>
          <div
            className="mt-2 overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Returns by size and colour, scrollable"
          >
            <FiguresTable
              caption={RETURN_CAPTIONS.variants}
              columns={["Product", "Size", "Colour", "Sold", "Returned", "Return rate", "Top reason"]}
              rows={returns.byVariant.map((r) => [
                r.name,
                r.size || "No size",
                r.color || "No colour",
                count(r.unitsSold),
                count(r.unitsReturned),
                formatRate(r.rate),
                reasonLabel(r.topReason),
              ])}
            />
          </div>
        </>
      )}
    </section>
  );
}
