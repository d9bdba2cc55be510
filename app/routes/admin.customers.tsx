import { data, Form, Link } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { pageLoader } from "~/lib/http/error-answer.server";
import { formatCents } from "~/lib/money";
import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  customerSearchParams,
  parseCustomerQuery,
} from "~/modules/customers/customer-query";
import { listCustomers } from "~/modules/customers/customers.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.customers";

export function meta() {
  return [{ title: "Customers | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/customers?q=&sort=&page=` (issue 32): the shop's customer accounts, searched by name, e-mail
 * prefix or phone, sorted by last order, orders or total spent. Personal data: roles with 'customers' only.
 */
async function load({ request, url }: Route.LoaderArgs) {
  await services().backOffice.require(request, "customers");
  const query = parseCustomerQuery(url.searchParams);
  const list = await listCustomers(services().database.db, query);
  return data({ list, query }, { headers: noStore });
}
export const loader = pageLoader(load);

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, query } = loaderData;
  const pageLink = (page: number) => `?${customerSearchParams({ ...query, page })}`;
  const exportLink = `/admin/customers/export?${customerSearchParams({ q: query.q, sort: query.sort })}`;
  return (
    <div className="container-page py-10">
      <section aria-labelledby="customers-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h1 id="customers-heading" className="font-display text-4xl font-semibold">
            Customers
          </h1>
          <p className="text-sm text-muted" data-testid="customers-total">
            {list.total.toLocaleString("en-US")}
            {list.more ? "+" : ""} {list.total === 1 ? "customer" : "customers"}
          </p>
        </div>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
          <label className="flex flex-col text-sm">
            Search
            <input
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Name, e-mail or phone"
              className="rounded border px-2 py-1"
            />
          </label>
          <label className="flex flex-col text-sm">
            Sort by
            <select name="sort" defaultValue={query.sort} className="rounded border px-2 py-1">
              {CUSTOMER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CUSTOMER_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded border px-3 py-1">
            Apply
          </button>
          <a href={exportLink} className="rounded border px-3 py-1" download>
            Export CSV
          </a>
        </Form>
        <table className="w-full text-sm">
          <caption className="sr-only">Customers</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Orders</th>
              <th scope="col">Total spent</th>
              <th scope="col">Last order</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id} data-testid="customer-row">
                <td>
                  <Link
                    to={`/admin/customers/${encodeURIComponent(row.id)}`}
                    className="inline-flex min-h-6 items-center underline"
                  >
                    {row.name || row.email}
                  </Link>
                </td>
                <td>{row.email}</td>
                <td>{row.phone ?? ""}</td>
                <td>{row.orders}</td>
                <td>{formatCents(row.spentCents)}</td>
                <td>{day(row.lastOrderAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.rows.length === 0 ? <p className="mt-4 text-sm text-muted">No customer matches.</p> : null}
        <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
          {list.page > 1 ? <Link to={pageLink(list.page - 1)}>Previous</Link> : null}
          <span>
            Page {list.page} of {list.pageCount}
            {list.more ? "+" : ""}
          </span>
          {list.page < list.pageCount ? <Link to={pageLink(list.page + 1)}>Next</Link> : null}
        </nav>
      </section>
    </div>
  );
}
