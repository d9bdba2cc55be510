import { formatCents } from "~/lib/money";
import type { AdminProductStats } from "~/modules/product-admin/admin-product-list.server";

/** The statistics of spec §2 over the whole catalogue: Total, Active, Inactive, Featured, On Sale, Avg Price. */
export function ProductStats({ stats }: { stats: AdminProductStats }) {
  const cards = [
    { label: "Total", value: stats.total.toLocaleString("en-US") },
    { label: "Active", value: stats.active.toLocaleString("en-US") },
    { label: "Inactive", value: stats.inactive.toLocaleString("en-US") },
    { label: "Featured", value: stats.featured.toLocaleString("en-US") },
    { label: "On Sale", value: stats.onSale.toLocaleString("en-US") },
    { label: "Avg Price", value: formatCents(stats.avgPriceCents) },
  ];
  return (
    <section aria-labelledby="product-stats-heading" className="mt-8">
      <h2 id="product-stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
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
