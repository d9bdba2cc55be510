import { dayRange, recoveryFigures } from "~/modules/recovery/checkout-recovery.server";
import type { Db } from "~/lib/db/client.server";
import { parseAnalyticsRange } from "./analytics-range";
import { foldDiscounts } from "./discount-analytics";
import { discountAnalytics } from "./discount-analytics.server";
import { fitAnalytics } from "./fit-analytics.server";
import { netRevenue } from "./return-analytics";
import { returnAnalytics } from "./return-analytics.server";
import { salesAnalytics } from "./sales-analytics.server";

export type AnalyticsReportData = Awaited<ReturnType<typeof analyticsReport>>;

/**
 * The analytics of the date range in `params` (`from`, `to`); a range that does not parse gives the
 * default range and says why. Sales are paid, not cancelled, not test orders (sales-analytics.server.ts);
 * the sales with a discount and the figures of each code and offer are read beside them
 * (discount-analytics.server.ts), the table's rows past its length folded into one here (a batch of
 * single-use codes would otherwise travel to the page whole). The fit of the reviewed products
 * (fit-analytics.server.ts, issue 29) is all time, paged by `fitPage`, size returns counted in. The returns
 * of the range's sales, their reasons, this month's reasons (in the shop's `timeZone`) and the refunds made
 * in the range (return-analytics.server.ts, issue 30): revenue net of refunds is the sales' revenue less them.
 */
export async function analyticsReport(db: Db, params: URLSearchParams, options: { timeZone: string }) {
  const parsed = parseAnalyticsRange({ from: params.get("from"), to: params.get("to") });
  const range = parsed.ok
    ? parsed.range
    : (parseAnalyticsRange({}) as { ok: true; range: { from: string; to: string } }).range;
  const [analytics, { byDiscount, ...discounts }, fit, returns, recovery] = await Promise.all([
    salesAnalytics(db, range),
    discountAnalytics(db, range),
    fitAnalytics(db, params.get("fitPage")),
    returnAnalytics(db, range, { timeZone: options.timeZone }),
    // Carts a reminder brought back, and their revenue (issue 31).
    recoveryFigures(db, dayRange(range)),
  ]);
  return {
    analytics,
    returns,
    netRevenueCents: netRevenue(analytics.summary.revenueCents, returns.refundsCents),
    discounts: { ...discounts, byDiscount: foldDiscounts(byDiscount) },
    fit,
    recovery,
    rangeError: parsed.ok ? null : parsed.message,
    today: new Date().toISOString().slice(0, 10),
  };
}
