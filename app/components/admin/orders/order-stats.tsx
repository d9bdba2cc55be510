import { StatCards } from "~/components/admin/stat-cards";
import { formatCents } from "~/lib/money";
import type { AdminOrderStats } from "~/modules/orders/admin-orders.server";

/** The dashboard's figures (test orders never counted; revenue is what was paid). */
export function OrderStats({ stats }: { stats: AdminOrderStats }) {
  const n = (value: number) => value.toLocaleString("en-US");
  const cards = [
    { label: "Orders today", value: n(stats.today.orders) },
    { label: "Revenue today", value: formatCents(stats.today.revenueCents) },
    { label: "Orders (30 days)", value: n(stats.last30Days.orders) },
    { label: "Revenue (30 days)", value: formatCents(stats.last30Days.revenueCents) },
    { label: "Pending orders", value: n(stats.pending) },
    { label: "Paid orders (30 days)", value: n(stats.paid) },
    { label: "Low-stock sizes", value: n(stats.lowStockProducts) },
  ];
  return <StatCards cards={cards} gridClassName="grid-cols-2 sm:grid-cols-4 lg:grid-cols-7" />;
}
