import { Plus, Search, TicketPercent } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Spinner } from "~/components/search/spinner";
import { Pagination } from "~/components/ui/pagination";
import { formatDateTimeIn } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { DiscountListPage as ListPage, DiscountListRow } from "~/modules/promotions/discount-admin.server";
import {
  DISCOUNT_PAGE_SIZE,
  DISCOUNT_SEARCH_MAX,
  DISCOUNTS_PATH,
  discountHref,
  discountsHref,
  STATUS_FILTERS,
  type DiscountListQuery,
  type StatusFilter,
} from "~/modules/promotions/discount-admin-query";
import { METHOD_WORDS, valueWords } from "~/modules/promotions/discount-form";
import { isUsedUp, STATUS_LABELS } from "~/modules/promotions/discount-status";
import { DiscountStatusBadge, UsedUpBadge } from "./discount-status-badge";
import { DiscountTabs } from "./discount-tabs";

const FILTER_WORDS: Record<StatusFilter, string> = { all: "All", ...STATUS_LABELS };

/**
 * The owner's discounts (issue 28): a search over titles and codes and a status filter (a GET form, so
 * each list has its URL and works without JavaScript), then the page of discounts with what each takes
 * off, its status, dates on the shop's clock, uses and the revenue of the orders that used it.
 */
export function DiscountListPage({
  query,
  list,
  timeZone,
}: {
  query: DiscountListQuery;
  list: ListPage;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === DISCOUNTS_PATH;
  const filtered = query.q !== "" || query.status !== "all";
  const from = (list.page - 1) * DISCOUNT_PAGE_SIZE + 1;
  const caption = `Discounts ${from}–${from + list.rows.length - 1} of ${list.total.toLocaleString("en-US")}`;
  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        / Discounts
      </nav>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Discounts</h1>
          <p className="mt-1 text-sm text-muted">
            Codes shoppers type and automatic offers. Dates are on the shop&apos;s clock (
            {timeZone.replaceAll("_", " ")}).
          </p>
        </div>
        <Link
          to={discountHref("new")}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-black"
        >
          <Plus className="size-4" aria-hidden /> Create discount
        </Link>
      </header>
      <DiscountTabs />

      <section aria-labelledby="discount-list-heading" className="mt-6">
        <h2 id="discount-list-heading" className="sr-only">
          Discount list
        </h2>
        <DiscountFilters key={`${query.q}|${query.status}`} query={query} counts={list.counts} />
        <div className="mt-3 h-6">{loading && <Spinner label="Loading discounts…" />}</div>
        <div aria-busy={loading} className={`mt-2 transition-opacity ${loading ? "opacity-50" : ""}`}>
          {list.rows.length === 0 ? (
            <EmptyState filtered={filtered} />
          ) : (
            <DiscountTable rows={list.rows} caption={caption} timeZone={timeZone} />
          )}
        </div>
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => discountsHref({ ...query, page })}
          label="Discount pages"
        />
      </section>
    </div>
  );
}

const control =
  "h-10 w-full rounded-full border border-line bg-white text-sm outline-none hover:border-stone-400 focus:border-ink";

/** Search and status: choosing a status lists at once; the search goes with Enter or the button. */
function DiscountFilters({ query, counts }: { query: DiscountListQuery; counts: Record<StatusFilter, number> }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={DISCOUNTS_PATH}
      role="search"
      aria-label="Find discounts"
      className="flex flex-wrap items-end gap-3"
    >
      <div className="min-w-[14rem] flex-[2]">
        <label htmlFor="discount-search" className="mb-1 block text-xs font-medium text-muted">
          Search discounts
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="discount-search"
            name="q"
            type="search"
            autoComplete="off"
            maxLength={DISCOUNT_SEARCH_MAX}
            defaultValue={query.q}
            placeholder="Title or code"
            className={`${control} pl-10 pr-4`}
          />
        </div>
      </div>
      <div className="min-w-[11rem] flex-1">
        <label htmlFor="discount-status" className="mb-1 block text-xs font-medium text-muted">
          Status
        </label>
        <select
          id="discount-status"
          name="status"
          defaultValue={query.status}
          onChange={(event) => void submit(event.currentTarget.form)}
          className={`${control} px-4`}
        >
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {`${FILTER_WORDS[status]} (${(counts[status] ?? 0).toLocaleString("en-US")})`}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="inline-flex h-10 items-center rounded-full border border-line bg-white px-5 text-sm font-medium hover:border-ink"
      >
        Search
      </button>
    </Form>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-white px-6 py-14 text-center">
      <span className="rounded-full bg-stone-100 p-4">
        <TicketPercent className="size-7 text-brand" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold">No discounts found</h2>
      <p className="mt-1 text-sm text-muted">
        {filtered ? "Try adjusting your search or filters." : "Create a code or an automatic offer to run a campaign."}
      </p>
      <div className="mt-6">
        {filtered ? (
          <Link
            to={DISCOUNTS_PATH}
            className="rounded-full border border-line px-5 py-2.5 text-sm font-medium hover:border-ink"
          >
            Clear filters
          </Link>
        ) : (
          <Link
            to={discountHref("new")}
            className="inline-flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-black"
          >
            <Plus className="size-4" aria-hidden /> Create discount
          </Link>
        )}
      </div>
    </div>
  );
}

/** How a discount is used: its one code, how many codes, or 'Automatic'. */
function usedThrough(row: DiscountListRow): string {
  if (row.method === "automatic") return METHOD_WORDS.automatic;
  if (row.codeCount === 0) return "No codes yet";
  if (row.codeCount === 1) return row.firstCode ?? "1 code";
  return `${row.firstCode} and ${(row.codeCount - 1).toLocaleString("en-US")} more`;
}

function DiscountTable({ rows, caption, timeZone }: { rows: DiscountListRow[]; caption: string; timeZone: string }) {
  const head = "px-3 py-3 font-medium";
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className={`${head} pl-4`}>
              Discount
            </th>
            <th scope="col" className={head}>
              Value
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Dates
            </th>
            <th scope="col" className={`${head} text-right`}>
              Uses
            </th>
            <th scope="col" className={`${head} pr-4 text-right`}>
              Revenue
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} data-testid="discount-row">
              <th scope="row" className="py-3 pl-4 pr-3 text-left font-normal">
                <Link to={discountHref(row.id)} className="font-medium text-ink hover:text-brand hover:underline">
                  {row.title}
                </Link>
                <p className="text-xs text-muted">
                  <span className="sr-only">Used through: </span>
                  <span className={row.method === "code" && row.codeCount > 0 ? "font-mono" : ""}>
                    {usedThrough(row)}
                  </span>
                </p>
              </th>
              <td className="px-3 py-3">{valueWords(row)}</td>
              <td className="px-3 py-3">
                <span className="flex flex-wrap gap-1">
                  <DiscountStatusBadge status={row.status} />
                  {isUsedUp(row) && <UsedUpBadge />}
                </span>
              </td>
              <td className="px-3 py-3 text-xs text-muted">
                <span className="block whitespace-nowrap">From {formatDateTimeIn(row.startsAt, timeZone)}</span>
                <span className="block whitespace-nowrap">
                  {row.endsAt ? `Until ${formatDateTimeIn(row.endsAt, timeZone)}` : "No end date"}
                </span>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">
                {row.usageCount.toLocaleString("en-US")}
                {row.usageLimit !== null && (
                  <span className="text-muted"> / {row.usageLimit.toLocaleString("en-US")}</span>
                )}
              </td>
              <td className="px-3 py-3 pr-4 text-right tabular-nums" data-testid="discount-revenue">
                {formatCents(row.revenueCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
