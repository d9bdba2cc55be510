import { Package } from "lucide-react";
import { data, Link } from "react-router";
import { OrderStats } from "~/components/admin/orders/order-stats";
import { OrdersSection } from "~/components/admin/orders/orders-section";
import { TestOrderTool } from "~/components/admin/orders/test-order-tool";
import { RecoveryCard } from "~/components/back-office/recovery-card";
import { TopDiscountsCard } from "~/components/back-office/top-discounts-card";
import { presetRange } from "~/modules/analytics/analytics-range";
import { dayRange } from "~/modules/recovery/checkout-recovery.server";
import { pageLoader } from "~/lib/http/error-answer.server";
import { DASHBOARD_TOP_DISCOUNTS } from "~/modules/analytics/discount-analytics";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin._index";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The back office's Home, spec §2's admin dashboard: figures, the order list with its search and filters
 * in the URL, the test-order tool, and for the owner (who has the Analytics page) the top discounts of
 * the last 30 days. Nothing is read for anyone without access (the layout shows them the gate instead).
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { adminAccess, database, config, settings, discountStats } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") return data({ dashboard: null }, { headers: noStore });
  const owner = !access.viaPassword;
  const query = parseAdminOrderQuery(url.searchParams);
  // 'Today' is the day on the shop's clock; the list is read meanwhile.
  const recoveryRange = presetRange(30);
  const [stats, list, discounts, recovered] = await Promise.all([
    settings.read().then(({ store }) => services().orderStats.read(store.timeZone)),
    listAdminOrders(database.db, query),
    // A customer holding the shared password sees the orders, not the analytics (admin.analytics.tsx).
    owner ? discountStats.lastThirtyDays() : null,
    // Carts the reminders brought back in the same 30 days (issue 31).
    owner ? services().recovery.figures(dayRange(recoveryRange)) : null,
  ]);
  return data(
    {
      dashboard: {
        adminName: access.actor.name,
        owner,
        query,
        stats,
        list,
        testOrders: config.demoPayments,
        recovery: recovered && { figures: recovered, range: recoveryRange },
        topDiscounts: discounts && {
          range: discounts.range,
          rows: discounts.byDiscount.slice(0, DASHBOARD_TOP_DISCOUNTS),
          summary: { orders: discounts.summary.orders, revenueCents: discounts.summary.revenueCents },
        },
      },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.dashboard) return null;
  const { adminName, owner, query, stats, list, testOrders, topDiscounts, recovery } = loaderData.dashboard;
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Welcome back, {adminName}.</p>
        </div>
        {owner && (
          <Link
            to="/admin/products"
            className="inline-flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
          >
            <Package className="size-4" aria-hidden />
            Manage Products
          </Link>
        )}
      </div>
      <OrderStats stats={stats} />
      {owner && (
        <p className="mt-3 text-sm">
          <Link
            to="/admin/products?stock=low"
            className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
            data-testid="low-stock-link"
          >
            {stats.lowStockProducts.toLocaleString("en-US")} low-stock{" "}
            {stats.lowStockProducts === 1 ? "variant" : "variants"} (a size in a colour): see which
          </Link>
        </p>
      )}
      {topDiscounts && <TopDiscountsCard {...topDiscounts} />}
      {recovery && <RecoveryCard {...recovery} />}
      {testOrders && <TestOrderTool />}
      <OrdersSection path="/admin" query={query} list={list} />
    </div>
  );
}
