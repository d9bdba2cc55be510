import type { AdminOrderStats } from "./admin-orders.server";

/** The dashboard's order figures as a role sees them: revenue is null for a role without analytics (issue 32). */
export type DashboardOrderStats = Omit<AdminOrderStats, "today" | "last30Days"> & {
  today: { orders: number; revenueCents: number | null };
  last30Days: { orders: number; revenueCents: number | null };
};

/** The figures without the money: for fulfilment, which sees orders but not the shop's revenue. */
export function withoutRevenue(stats: AdminOrderStats): DashboardOrderStats {
  return {
    ...stats,
    today: { orders: stats.today.orders, revenueCents: null },
    last30Days: { orders: stats.last30Days.orders, revenueCents: null },
  };
}
