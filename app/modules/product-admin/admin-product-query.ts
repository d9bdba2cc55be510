import { href } from "react-router";
import { z } from "zod";
import type { SitePath } from "~/lib/redirects";

/**
 * The product dashboard's list query (spec §2 Product dashboard) as it lives in the URL:
 * `/admin/products?q=&category=&status=&stock=&view=&page=`. Pure, shared by the loader, the write route
 * (a bulk action on "every matching product" sends the same filter) and the page.
 *
 * Parsing never fails: each value that makes no sense falls back to its default on its own, so a
 * shared or hand-edited link always shows a sensible page. Serialising leaves defaults out.
 *
 * Other engineers' panels live in the same URL (`edit=<id|new>` opens the product editor,
 * `panel=groups` the groups panel). They are not part of the list query: parsing ignores them,
 * and opening or closing a panel never changes the list or its page.
 */

/** Admin products page size (spec §9). */
export const ADMIN_PAGE_SIZE = 20;
/** Longest search text kept; longer text is cut. */
export const ADMIN_SEARCH_MAX = 100;

export const STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "featured", label: "Featured" },
  { value: "sale", label: "On Sale" },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

/**
 * Stock filters (decisions.md §6, stock per variant). 'low' is the low-stock view: the variants at or
 * under the threshold (LOW_STOCK_THRESHOLD), lowest first, instead of the product list.
 */
export const STOCK_FILTERS = [
  { value: "all", label: "Any stock" },
  { value: "in-stock", label: "In stock" },
  { value: "low", label: "Low stock (by variant)" },
  { value: "some-sold-out", label: "A size or colour sold out" },
  { value: "sold-out", label: "Sold out (all variants)" },
] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number]["value"];

export const VIEWS = ["list", "grid"] as const;
export type AdminProductView = (typeof VIEWS)[number];

/** The URL parameters of the panels that share the page; never filters. */
export const PANEL_PARAMS = ["edit", "panel"] as const;

/** Which products: the part of the query a bulk action on "every matching product" repeats. */
export interface AdminProductFilter {
  /** Free text over name, description and SKU; "" = no search. */
  q: string;
  /** A category slug; null = All Categories. */
  category: string | null;
  status: StatusFilter;
  stock: StockFilter;
}

export interface AdminProductQuery extends AdminProductFilter {
  view: AdminProductView;
  page: number;
}

export const DEFAULT_ADMIN_PRODUCT_QUERY: AdminProductQuery = {
  q: "",
  category: null,
  status: "all",
  stock: "all",
  view: "list",
  page: 1,
};

const searchText = z
  .string()
  .transform((text) => text.trim().slice(0, ADMIN_SEARCH_MAX).trim())
  .catch("");
const categorySlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/)
  .nullable()
  .catch(null);
const statusFilter = z.enum(STATUS_FILTERS.map((s) => s.value) as [StatusFilter, ...StatusFilter[]]).catch("all");
const stockValues = STOCK_FILTERS.map((s) => s.value) as [StockFilter, ...StockFilter[]];

const adminProductQuerySchema = z.object({
  q: searchText,
  category: categorySlug,
  status: statusFilter,
  stock: z.enum(stockValues).catch("all"),
  view: z.enum(VIEWS).catch("list"),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .catch(1),
});

/**
 * The filter as a bulk action on "every matching product" sends it: strict, unlike the URL's, since
 * a value quietly read as "all" would change every product. The page sends the filter it parsed.
 */
export const adminProductFilterSchema = z.object({
  q: z.string().max(ADMIN_SEARCH_MAX).trim(),
  category: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/)
    .nullable(),
  status: z.enum(STATUS_FILTERS.map((s) => s.value) as [StatusFilter, ...StatusFilter[]]),
  /** The low-stock view lists variants, not products: no bulk action on it. */
  stock: z.enum(stockValues).exclude(["low"]).default("all"),
});

/** The list query of a URL's search parameters; never throws. */
export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const value = (name: string) => params.get(name) ?? undefined;
  return adminProductQuerySchema.parse({
    q: value("q"),
    category: value("category") || null,
    status: value("status"),
    stock: value("stock"),
    view: value("view"),
    page: value("page"),
  });
}

/** The URL parameters of a list query, defaults left out (so URLs stay short and canonical). */
export function adminProductSearchParams(query: AdminProductQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.status !== "all") params.set("status", query.status);
  if (query.stock !== "all") params.set("stock", query.stock);
  if (query.view !== "list") params.set("view", query.view);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** The route table's path (`href` fails to compile when the route goes). */
export const ADMIN_PRODUCTS_PATH = href("/admin/products") as SitePath;

/** The page's URL for a list query. */
export function adminProductsHref(query: AdminProductQuery): SitePath {
  const search = adminProductSearchParams(query).toString();
  return search ? `${ADMIN_PRODUCTS_PATH}?${search}` : ADMIN_PRODUCTS_PATH;
}

/**
 * The same page with a panel opened: the current URL's parameters kept (so the list behind the
 * panel and its page stay as they are), `edit` or `panel` set, and the other panel closed.
 */
export function withPanel(search: string, panel: { edit: string } | { panel: string }): string {
  const params = new URLSearchParams(search);
  for (const name of PANEL_PARAMS) params.delete(name);
  if ("edit" in panel) params.set("edit", panel.edit);
  else params.set("panel", panel.panel);
  return `${ADMIN_PRODUCTS_PATH}?${params.toString()}`;
}

/**
 * A change of the list query: any change of what is listed (search, category, status) goes back
 * to page 1 (spec §9); the view and the page keep the rest as it is.
 */
export function changeAdminProductQuery(
  query: AdminProductQuery,
  changes: Partial<AdminProductQuery>,
): AdminProductQuery {
  const next = { ...query, ...changes };
  const filterChanged =
    next.q !== query.q ||
    next.category !== query.category ||
    next.status !== query.status ||
    next.stock !== query.stock;
  return filterChanged && changes.page === undefined ? { ...next, page: 1 } : next;
}

/** True when anything narrows the list (the empty state's hint depends on it). */
export function hasAdminProductFilters(filter: AdminProductFilter): boolean {
  return filter.q !== "" || filter.category !== null || filter.status !== "all" || filter.stock !== "all";
}

/** A key of what the list shows (filter and page, not the view): the selection belongs to it. */
export function listKey(query: AdminProductQuery): string {
  return adminProductSearchParams({ ...query, view: "list" }).toString();
}
