import { DISCOUNT_STATUSES, type DiscountStatus } from "./discount-status";

/**
 * The discount list's URL, which is its whole state: `/admin/discounts?q=&status=&page=`. Anything odd
 * in it reads as the default (all, page 1) rather than failing: it is typed by hand and shared. Pure.
 */
export const DISCOUNTS_PATH = "/admin/discounts";
export const SCHEDULED_SALES_PATH = "/admin/discounts/sales";
export const DISCOUNT_PAGE_SIZE = 25;
export const DISCOUNT_SEARCH_MAX = 100;

export type StatusFilter = "all" | DiscountStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ["all", ...DISCOUNT_STATUSES];

export interface DiscountListQuery {
  q: string;
  status: StatusFilter;
  page: number;
}

export const DEFAULT_DISCOUNT_QUERY: DiscountListQuery = { q: "", status: "all", page: 1 };

export function parseDiscountListQuery(params: URLSearchParams): DiscountListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, DISCOUNT_SEARCH_MAX);
  const asked = params.get("status") ?? "all";
  const status = (STATUS_FILTERS as readonly string[]).includes(asked) ? (asked as StatusFilter) : "all";
  const page = Number(params.get("page") ?? "1");
  return { q, status, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** The list's URL for a query, without its defaults: `/admin/discounts?status=active&page=2`. */
export function discountsHref(query: Partial<DiscountListQuery>): `/${string}` {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${DISCOUNTS_PATH}?${search}` : DISCOUNTS_PATH;
}

export const discountHref = (id: string): `/${string}` => `${DISCOUNTS_PATH}/${id}`;
export const discountCodesCsvHref = (id: string): `/${string}` => `${DISCOUNTS_PATH}/${id}/codes`;
export const DISCOUNT_PRODUCTS_PATH = `${DISCOUNTS_PATH}/products`;
