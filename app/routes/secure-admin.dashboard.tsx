import { BarChart3, MessageCircle, Package, ShoppingBag } from "lucide-react";
import { data, Link } from "react-router";
import { StatCards } from "~/components/admin/stat-cards";
import { pageLoader } from "~/lib/http/error-answer.server";
import { formatCents } from "~/lib/money";
import { adminProductStats } from "~/modules/product-admin/admin-product-list.server";
import { services } from "~/services.server";
import { accessOnlyAction, consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.dashboard";

/** The console's Dashboard (spec §2): Total Products, Active Products, Featured Products, Avg Price, quick actions. */
async function load({ request }: Route.LoaderArgs) {
  if (!(await consoleStaff(request, "orders"))) return data({ stats: null }, { headers: consoleNoStore });
  return data({ stats: await adminProductStats(services().database.db) }, { headers: consoleNoStore });
}
export const loader = pageLoader(load);

/** Login and Logout, posted to this page. */
export const action = accessOnlyAction;

const QUICK_ACTIONS = [
  { to: "/secure-admin/products", label: "Manage Products", icon: Package },
  { to: "/secure-admin/orders", label: "View Orders", icon: ShoppingBag },
  { to: "/secure-admin/whatsapp", label: "WhatsApp Notifications", icon: MessageCircle },
  { to: "/secure-admin/analytics", label: "Sales Analytics", icon: BarChart3 },
] as const;

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  if (!stats) return null;
  return (
    <>
      <StatCards
        gridClassName="grid-cols-2 lg:grid-cols-4"
        cards={[
          { label: "Total Products", value: stats.total.toLocaleString("en-US") },
          { label: "Active Products", value: stats.active.toLocaleString("en-US") },
          { label: "Featured Products", value: stats.featured.toLocaleString("en-US") },
          { label: "Avg Price", value: formatCents(stats.avgPriceCents) },
        ]}
      />
      <section aria-labelledby="quick-actions-heading" className="mt-10">
        <h2 id="quick-actions-heading" className="font-display text-2xl font-semibold">
          Quick actions
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link
                to={action.to}
                className="flex items-center gap-3 rounded-2xl border border-line bg-white px-5 py-4 font-medium hover:border-ink"
              >
                <action.icon className="size-5 text-muted" aria-hidden />
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
