import { data, Form, Link } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { pageLoader } from "~/lib/http/error-answer.server";
import { formatCents } from "~/lib/money";
import { DRAFT_STATUS_LABELS, DRAFT_STATUSES } from "~/modules/orders/draft-order-rules";
import { parseDraftQuery } from "~/modules/orders/draft-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.drafts";

export function meta() {
  return [{ title: "Draft orders | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/orders/drafts?status=&q=&page=` (issue 32): staff's draft orders, newest first, with their status
 * (draft, link sent, paid, expired, cancelled) and a search by customer, draft or order number. Owners and
 * managers only ('draftOrders').
 */
async function load({ request, url }: Route.LoaderArgs) {
  await services().backOffice.require(request, "draftOrders");
  const query = parseDraftQuery(url.searchParams);
  const list = await services().draftOrders.list(query);
  return data({ list, query }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

const day = (iso: string) => iso.slice(0, 10);

export default function AdminDraftOrders({ loaderData }: Route.ComponentProps) {
  const { list, query } = loaderData;
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...(query.status !== "all" ? { status: query.status } : {}), ...(query.q ? { q: query.q } : {}), page: String(page) })}`;
  return (
    <div className="container-page py-10">
      <section aria-labelledby="drafts-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h1 id="drafts-heading" className="font-display text-4xl font-semibold">
            Draft orders
          </h1>
          <Link
            to="/admin/orders/drafts/new"
            className="inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-black"
          >
            New draft order
          </Link>
        </div>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
          <label className="flex flex-col text-sm">
            Search
            <input
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Customer, D1001 or ORD-…"
              className="min-h-9 rounded border px-2 py-1"
            />
          </label>
          <label className="flex flex-col text-sm">
            Status
            <select name="status" defaultValue={query.status} className="min-h-9 rounded border px-2 py-1">
              <option value="all">All</option>
              {DRAFT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {DRAFT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="min-h-9 rounded border px-3 py-1">
            Apply
          </button>
        </Form>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Draft orders</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Draft</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Order</th>
                <th scope="col">Link valid until</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id} data-testid="draft-row">
                  <td>
                    <Link to={`/admin/orders/drafts/${row.id}`} className="inline-flex min-h-6 items-center underline">
                      {row.label}
                    </Link>
                  </td>
                  <td>
                    {row.customerName} <span className="text-muted">{row.customerEmail}</span>
                  </td>
                  <td data-testid="draft-status">{DRAFT_STATUS_LABELS[row.status]}</td>
                  <td>{row.totalCents === null ? "—" : formatCents(row.totalCents)}</td>
                  <td>
                    {row.orderNumber ? (
                      <Link
                        to={`/admin/orders/${encodeURIComponent(row.orderNumber)}`}
                        className="inline-flex min-h-6 items-center underline"
                      >
                        {row.orderNumber}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    {row.status === "sent" && row.paymentDueAt
                      ? row.paymentDueAt.replace("T", " ").slice(0, 16) + " UTC"
                      : "—"}
                  </td>
                  <td>{day(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {list.rows.length === 0 ? <p className="mt-4 text-sm text-muted">No draft order matches.</p> : null}
        <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
          {list.page > 1 ? <Link to={pageLink(list.page - 1)}>Previous</Link> : null}
          <span>Page {list.page}</span>
          {list.more ? <Link to={pageLink(list.page + 1)}>Next</Link> : null}
        </nav>
      </section>
    </div>
  );
}
