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
    { label: "Low-stock products", value: n(stats.lowStockProducts) },
  ];
  return (
    <section aria-labelledby="order-stats-heading" className="mt-8">
      <h2 id="order-stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-line bg-white px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wider text-muted">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
