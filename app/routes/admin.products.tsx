import { Layers, Plus } from "lucide-react";
import { Link, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductsLoadFailed } from "~/components/ui/products-load-failed";
import { BulkBar } from "~/components/admin/products/bulk-bar";
import { CsvTools } from "~/components/admin/products/csv-tools";
import { GroupsPanel } from "~/components/admin/products/groups-panel";
import { LowStockTable } from "~/components/admin/products/low-stock-table";
import { ProductEmptyState } from "~/components/admin/products/product-empty-state";
import { ProductFilters, ViewToggle } from "~/components/admin/products/product-filters";
import { ProductEditorPanel } from "~/components/admin/products/product-editor-panel";
import { ProductGrid } from "~/components/admin/products/product-grid";
import { ProductStats } from "~/components/admin/products/product-stats";
import { ProductTable } from "~/components/admin/products/product-table";
import { useProductListNavigation } from "~/components/admin/products/use-product-list-navigation";
import { useProductSelection } from "~/components/admin/products/use-product-selection";
import { Spinner } from "~/components/search/spinner";
import { Pagination } from "~/components/ui/pagination";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { adminProductDashboard } from "~/modules/product-admin/admin-product-list.server";
import {
  ADMIN_PAGE_SIZE,
  adminProductsHref,
  hasAdminProductFilters,
  listKey,
  parseAdminProductQuery,
  withPanel,
} from "~/modules/product-admin/admin-product-query";
import { LOADING_PRODUCTS } from "~/modules/product-admin/product-dashboard";
import { BackOfficeErrorBoundary, isRefusal } from "~/components/back-office/back-office-error";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.products";

export function meta() {
  return [{ title: "Products | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/**
 * /admin/products, the product dashboard (spec §2). Admins only, checked on the server (everyone else
 * goes to /, the `.data` URL included). The URL is the whole state of the list:
 * `?q=&category=&status=&stock=&view=&page=` (admin-product-query.ts; `stock=low` shows the low-stock
 * variants instead of the list); `edit` and `panel` belong to the
 * editor and groups panels and are ignored here. Writes go to `/admin/products/flags`,
 * `/admin/products/demo`, `/admin/products/editor`, `/admin/products/groups` and `/admin/products/csv`.
 */
async function load({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "products");
  const query = parseAdminProductQuery(url.searchParams);
  return adminProductDashboard(services().database.db, query, services().config.lowStockThreshold);
}
export const loader = pageLoader(load);

/**
 * Opening or closing a panel (`edit`, `panel`) or switching the view changes the URL but not the
 * list: no reload. Everything else (another list, a write, Try Again) reloads as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) {
    return defaultShouldRevalidate;
  }
  const sameList =
    listKey(parseAdminProductQuery(currentUrl.searchParams)) === listKey(parseAdminProductQuery(nextUrl.searchParams));
  return sameList ? false : defaultShouldRevalidate;
}

/** "x of y": products matching the search and filters, of all products. */
function countLine(matching: number, all: number) {
  return `${matching.toLocaleString("en-US")} of ${all.toLocaleString("en-US")}`;
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { stats, categories, list, lowStock } = loaderData;
  const location = useLocation();
  const { current, apply, loading } = useProductListNavigation(loaderData.query);
  const shown = loaderData.query;
  const selection = useProductSelection(
    listKey(shown),
    list.rows.map((row) => row.id),
  );
  const filtered = hasAdminProductFilters(shown);
  const from = (list.page - 1) * ADMIN_PAGE_SIZE + 1;
  const range = `Products ${from}–${from + list.rows.length - 1} of ${list.total.toLocaleString("en-US")}`;

  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        / Products
      </nav>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Products</h1>
          <p className="mt-1 text-sm text-muted">
            <span data-testid="product-count">{countLine(list.total, stats.total)}</span>
            <span className="sr-only"> products match the search and filters</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CsvTools />
          <Link
            to={withPanel(location.search, { panel: "groups" })}
            preventScrollReset
            className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-ink"
          >
            <Layers className="size-4" aria-hidden /> Groups &amp; Variants
          </Link>
          <Link
            to={withPanel(location.search, { edit: "new" })}
            preventScrollReset
            className="inline-flex h-10 items-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-black"
          >
            <Plus className="size-4" aria-hidden /> Add Product
          </Link>
        </div>
      </header>

      <ProductStats stats={stats} />

      <section aria-labelledby="product-list-heading" className="mt-8">
        <h2 id="product-list-heading" className="sr-only">
          Product list
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <ProductFilters query={current} categories={categories} onChange={apply} />
          <ViewToggle query={current} onChange={(view) => apply({ view })} />
        </div>

        <div className="mt-3 h-6">{loading && <Spinner label={LOADING_PRODUCTS} />}</div>

        <div aria-busy={loading} className={`mt-2 transition-opacity ${loading ? "opacity-50" : ""}`}>
          {lowStock ? (
            <LowStockTable lowStock={lowStock} />
          ) : list.rows.length === 0 ? (
            <ProductEmptyState filtered={filtered} catalogueEmpty={stats.total === 0} />
          ) : (
            <div className="flex flex-col gap-4">
              <BulkBar selection={selection} filter={shown} matching={list.total} pageSize={list.rows.length} />
              {current.view === "grid" ? (
                <ProductGrid rows={list.rows} label={range} selection={selection} />
              ) : (
                <ProductTable rows={list.rows} caption={range} selection={selection} />
              )}
            </div>
          )}
        </div>

        <Pagination
          page={lowStock?.page ?? list.page}
          pageCount={lowStock?.pageCount ?? list.pageCount}
          hrefFor={(page) => adminProductsHref({ ...shown, view: current.view, page })}
          label="Product pages"
        />
      </section>
      <ProductEditorPanel />
      <GroupsPanel />
    </div>
  );
}

/** A failed load: 'Failed to load products: {reason}' with Try Again — never made-up rows (decisions.md §4). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRefusal(error)) return <BackOfficeErrorBoundary />;
  return <ProductsLoadFailed error={error} title="Products" className="container-page py-12" />;
}
