import { StatCards } from "~/components/admin/stat-cards";
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
  return <StatCards cards={cards} gridClassName="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6" />;
}
