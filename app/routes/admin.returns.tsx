import { data } from "react-router";
import { ReturnFilters } from "~/components/admin/returns/return-filters";
import { ReturnTable } from "~/components/admin/returns/return-table";
import { Pagination } from "~/components/ui/pagination";
import { pageLoader } from "~/lib/http/error-answer.server";
import type { SitePath } from "~/lib/redirects";
import { adminReturnSearchParams, parseAdminReturnQuery } from "~/modules/returns/admin-return-query";
import { listAdminReturns } from "~/modules/returns/admin-returns.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.returns";

export function meta() {
  return [{ title: "Returns | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The back office's Returns (issue 30): every return, newest first, searched by RMA number, order number
 * or customer e-mail and filtered by status, the query in the URL. Nothing is read for anyone without
 * admin access (the layout shows them its gate).
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "returns");
  const query = parseAdminReturnQuery(url.searchParams);
  return data({ returns: { query, list: await listAdminReturns(database.db, query) } }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData.returns;
  const hrefFor = (page: number): SitePath => {
    const params = adminReturnSearchParams({ ...query, page }).toString();
    return params ? `/admin/returns?${params}` : "/admin/returns";
  };
  return (
    <div className="container-page py-10">
      <section aria-labelledby="returns-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h1 id="returns-heading" className="font-display text-4xl font-semibold">
            Returns
          </h1>
          <p className="text-sm text-muted" data-testid="return-count">
            {list.total.toLocaleString("en-US")}
            {list.more ? "+" : ""} {list.total === 1 && !list.more ? "return" : "returns"}
          </p>
        </div>
        <div className="mb-4">
          <ReturnFilters query={query} />
        </div>
        <ReturnTable rows={list.rows} />
        <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Return pages" />
      </section>
    </div>
  );
}
