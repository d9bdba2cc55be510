import { Link, useLocation } from "react-router";
import { DISCOUNTS_PATH, SCHEDULED_SALES_PATH } from "~/modules/promotions/discount-admin-query";

/** Which tab a path belongs to: the sales page and below it, or the discounts and their editors. */
function currentTab(pathname: string): "sales" | "discounts" {
  return pathname === SCHEDULED_SALES_PATH || pathname.startsWith(`${SCHEDULED_SALES_PATH}/`) ? "sales" : "discounts";
}

const TABS = [
  { key: "discounts", to: DISCOUNTS_PATH, label: "Discounts" },
  { key: "sales", to: SCHEDULED_SALES_PATH, label: "Scheduled sales" },
] as const;

/**
 * The promotions' two pages (issue 28): Discounts (codes and automatic offers, with their editors) and
 * Scheduled sales. Links, so each page has its URL; the current one says so (`aria-current`).
 */
export function DiscountTabs() {
  const current = currentTab(useLocation().pathname);
  return (
    <nav aria-label="Promotions" className="mt-6 overflow-x-auto border-b border-line">
      <ul className="-mb-px flex gap-1">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.key === current ? "page" : undefined}
              className={`inline-flex whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                tab.key === current ? "border-ink text-ink" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
