import { Download } from "lucide-react";
import type { SitePath } from "~/lib/redirects";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrderTable } from "~/components/admin/orders/order-table";
import { PrintRunForm } from "~/components/admin/orders/print-run-form";
import { secondaryButton } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { adminOrderSearchParams, type AdminOrderQuery } from "~/modules/orders/admin-order-query";
import type { AdminOrderPage } from "~/modules/orders/admin-orders.server";

/**
 * The order list with its search, filters, pages and CSV export, the URL holding its state: on the
 * back office's Home (spec §2's dashboard) and on its Orders page, `path` being the page's own.
 */
export function OrdersSection({
  path,
  query,
  list,
  headingLevel = 2,
  printRuns = false,
}: {
  path: "/admin" | "/admin/orders";
  query: AdminOrderQuery;
  list: AdminOrderPage;
  headingLevel?: 1 | 2;
  /** Checkboxes on the rows and the packing slips / pick list form (issue 32): the Orders page's. */
  printRuns?: boolean;
}) {
  const exportHref = `/admin/orders/export${withQuery(adminOrderSearchParams({ ...query, page: 1 }))}`;
  const hrefFor = (page: number): SitePath => `${path}${withQuery(adminOrderSearchParams({ ...query, page }))}`;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="orders-heading" className={headingLevel === 1 ? "" : "mt-10"}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <Heading
          id="orders-heading"
          className={`font-display font-semibold ${headingLevel === 1 ? "text-4xl" : "text-2xl"}`}
        >
          Orders
        </Heading>
        <div className="flex items-center gap-4">
          <p className="text-sm text-muted" data-testid="order-count">
            {list.total.toLocaleString("en-US")}
            {list.more ? "+" : ""} {list.total === 1 && !list.more ? "order" : "orders"}
          </p>
          <a href={exportHref} download className={`${secondaryButton} h-10`}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        </div>
      </div>
      <div className="mb-4">
        <OrderFilters query={query} action={path} />
      </div>
      {printRuns && <PrintRunForm id={PRINT_RUN_FORM} />}
      <OrderTable rows={list.rows} selectForm={printRuns ? PRINT_RUN_FORM : undefined} />
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Order pages" />
    </section>
  );
}

const PRINT_RUN_FORM = "print-run";

function withQuery(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}
