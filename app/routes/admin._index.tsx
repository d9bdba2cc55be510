import { Package } from "lucide-react";
import { data, Link } from "react-router";
import { OrderStats } from "~/components/admin/orders/order-stats";
import { OrdersSection } from "~/components/admin/orders/orders-section";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { TestOrderTool } from "~/components/admin/orders/test-order-tool";
import { RecoveryCard } from "~/components/back-office/recovery-card";
import { TopDiscountsCard } from "~/components/back-office/top-discounts-card";
import { presetRange } from "~/modules/analytics/analytics-range";
import { dayRange } from "~/modules/recovery/checkout-recovery.server";
import { pageLoader } from "~/lib/http/error-answer.server";
import { DASHBOARD_TOP_DISCOUNTS } from "~/modules/analytics/discount-analytics";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { withoutRevenue } from "~/modules/orders/admin-order-stats";
import { can, type Permission } from "~/modules/staff/permissions";
import { services } from "~/services.server";
import type { Route } from "./+types/admin._index";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The back office's Home, spec §2's admin dashboard: what the asker's role includes (issue 32) — the
 * order figures and list (revenue only for a role with analytics), the test-order tool, the top
 * discounts and recovered carts of the last 30 days, the link to the products. Every role may open it;
 * nothing of an area outside the role is read.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { backOffice, database, config, settings, discountStats } = services();
  // A visitor or a customer sees the layout's gate (spec §2: 'Admin Access Required', the password
  // prompt) with a 200, and nothing is read for them.
  const verdict = await backOffice.check(request, "home");
  if (!verdict.ok) return data({ dashboard: null }, { headers: noStore });
  const staff = verdict.staff;
  const has = (permission: Permission) => can(staff.role, permission);
  const query = parseAdminOrderQuery(url.searchParams);
  // 'Today' is the day on the shop's clock; the list is read meanwhile.
  const recoveryRange = presetRange(30);
  const [stats, list, discounts, recovered] = await Promise.all([
    has("orders") ? settings.read().then(({ store }) => services().orderStats.read(store.timeZone)) : null,
    has("orders") ? listAdminOrders(database.db, query) : null,
    has("analytics") ? discountStats.lastThirtyDays() : null,
    // Carts the reminders brought back in the same 30 days (issue 31).
    has("analytics") ? services().recovery.figures(dayRange(recoveryRange)) : null,
  ]);
  return data(
    {
      dashboard: {
        adminName: staff.actor.name,
        products: has("products"),
        orders: stats && list && { stats: has("analytics") ? stats : withoutRevenue(stats), list, query },
        testOrders: config.demoPayments && has("testOrders"),
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

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.dashboard) return null;
  const { adminName, products, orders, testOrders, topDiscounts, recovery } = loaderData.dashboard;
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Welcome back, {adminName}.</p>
        </div>
        {products && (
          <Link
            to="/admin/products"
            className="inline-flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
          >
            <Package className="size-4" aria-hidden />
            Manage Products
          </Link>
        )}
      </div>
      {orders && <OrderStats stats={orders.stats} />}
      {orders && products && (
        <p className="mt-3 text-sm">
          <Link
            to="/admin/products?stock=low"
            className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
            data-testid="low-stock-link"
          >
            {orders.stats.lowStockProducts.toLocaleString("en-US")} low-stock{" "}
            {orders.stats.lowStockProducts === 1 ? "variant" : "variants"} (a size in a colour): see which
          </Link>
        </p>
      )}
      {topDiscounts && <TopDiscountsCard {...topDiscounts} />}
      {recovery && <RecoveryCard {...recovery} />}
      {testOrders && <TestOrderTool />}
      {orders && <OrdersSection path="/admin" query={orders.query} list={orders.list} />}
    </div>
  );
}
