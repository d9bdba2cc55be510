import { StatCards } from "~/components/admin/stat-cards";
import { formatCents } from "~/lib/money";
import type { DashboardOrderStats } from "~/modules/orders/admin-order-stats";

/**
 * The dashboard's figures (test orders never counted; revenue is what was paid). A role without
 * analytics gets no revenue (null): its cards are left out.
 */
export function OrderStats({ stats }: { stats: DashboardOrderStats }) {
  const n = (value: number) => value.toLocaleString("en-US");
  const money = (label: string, cents: number | null) => (cents === null ? [] : [{ label, value: formatCents(cents) }]);
  const cards = [
    { label: "Orders today", value: n(stats.today.orders) },
    ...money("Revenue today", stats.today.revenueCents),
    { label: "Orders (30 days)", value: n(stats.last30Days.orders) },
    ...money("Revenue (30 days)", stats.last30Days.revenueCents),
    { label: "Pending orders", value: n(stats.pending) },
    { label: "Paid orders (30 days)", value: n(stats.paid) },
    { label: "Low-stock sizes", value: n(stats.lowStockProducts) },
  ];
  return <StatCards cards={cards} gridClassName="grid-cols-2 sm:grid-cols-4 lg:grid-cols-7" />;
}
