import { Link } from "react-router";
import { formatCents } from "~/lib/money";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { adminOverview } from "~/modules/admin/overview.server";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** Admins only (role from the database); everyone else goes to / (spec §2). */
async function load({ request }: Route.LoaderArgs) {
  const admin = await services().sessions.requireAdmin(request);
  return { admin: { name: admin.name }, overview: await adminOverview(services().database.db) };
}
export const loader = pageLoader(load);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const cards = [
    { label: "Total Products", value: String(overview.products.total) },
    { label: "Active Products", value: String(overview.products.active) },
    { label: "Featured Products", value: String(overview.products.featured) },
    { label: "Out of Stock", value: String(overview.products.outOfStock) },
    { label: "Total Orders", value: String(overview.orders.total) },
    { label: "Pending Orders", value: String(overview.orders.pending) },
    { label: "Total Revenue", value: formatCents(overview.orders.revenueCents) },
    { label: "Customers", value: String(overview.customers) },
  ];
  return (
    <div className="container-page py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Welcome back, {loaderData.admin.name}.</p>
        </div>
        <Link
          to="/admin/products"
          className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
        >
          Manage Products
        </Link>
      </div>
      <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-line bg-white p-5">
            <dt className="text-sm text-muted">{card.label}</dt>
            <dd className="mt-2 text-2xl font-semibold">{card.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
