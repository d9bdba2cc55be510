import { BarChart3, LayoutDashboard, LogOut, MessageCircle, Package, ShoppingBag } from "lucide-react";
import { NavLink, useFetcher, useLocation } from "react-router";
import { CONSOLE_ACCESS_FETCHER, type ConsoleAccessAnswer } from "./admin-access-form";
import { secondaryButton } from "~/components/ui/field";

/** The console's sections (spec §2: Dashboard, Products, Orders, WhatsApp, Analytics), each a page of its own. */
export const CONSOLE_TABS = [
  { to: "/secure-admin/dashboard", label: "Dashboard", icon: LayoutDashboard, end: false },
  { to: "/secure-admin/products", label: "Products", icon: Package, end: false },
  { to: "/secure-admin/orders", label: "Orders", icon: ShoppingBag, end: false },
  { to: "/secure-admin/whatsapp", label: "WhatsApp", icon: MessageCircle, end: false },
  { to: "/secure-admin/analytics", label: "Analytics", icon: BarChart3, end: false },
] as const;

/**
 * 'Admin Dashboard' with Logout, and the sections as links (the current one marked for screen readers).
 * `asAdmin`: opened by the admin's own session, which the console's Logout does not end: no Logout then.
 */
export function ConsoleHeader({ asAdmin = false }: { asAdmin?: boolean }) {
  const { pathname } = useLocation();
  const fetcher = useFetcher<ConsoleAccessAnswer>({ key: CONSOLE_ACCESS_FETCHER });
  return (
    <header className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
        {asAdmin ? (
          <p className="text-sm text-muted">Signed in as the shop&apos;s admin</p>
        ) : (
          <fetcher.Form method="post" action={pathname}>
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className={secondaryButton}>
              <LogOut className="size-4" aria-hidden />
              Logout
            </button>
          </fetcher.Form>
        )}
      </div>
      <nav aria-label="Console sections" className="border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-1">
          {CONSOLE_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium ${
                    isActive ? "border-ink text-ink" : "border-transparent text-muted hover:text-ink"
                  }`
                }
              >
                <tab.icon className="size-4" aria-hidden />
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
