/**
 * The shop's query (category, sort, filters, page) as it lives in the URL. Parsing is lenient: a
 * value that makes no sense is ignored rather than answered with an error, so every shared or
 * hand-edited link shows a sensible page. Shared by the shop route (server) and its UI (browser).
 */

export const SHOP_PAGE_SIZE = 12;
export const PRICE_SLIDER_MAX = 500;

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "newest", label: "Newest" },
  { value: "rating", label: "Top Rated" },
] as const;
export type ShopSort = (typeof SORT_OPTIONS)[number]["value"];

/** Shop filter presets of spec §9 ("All" is the absence of a filter). */
export const SIZE_FILTERS = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const COLOR_FILTERS = ["Black", "White", "Blue", "Red", "Green", "Gray"] as const;

/** Collections that are rules rather than (only) a category row. */
export const SHOP_ALL = "shop-all";

/**
 * Every collection rule with its heading; list-products.server says which products each shows. A
 * category row of the same slug adds its products to the rule's and lends the heading its name.
 */
const COLLECTION_NAMES: ReadonlyMap<string, string> = new Map([
  [SHOP_ALL, "Shop All"],
  ["men", "Men"],
  ["women", "Women"],
  ["sale", "Sale"],
  ["new-arrivals", "New Arrivals"],
]);

export const SHOP_COLLECTIONS: readonly string[] = [...COLLECTION_NAMES.keys()];

/** The heading of a collection rule; null when the slug is no rule (it may still be a category). */
export function collectionName(slug: string): string | null {
  return COLLECTION_NAMES.get(slug) ?? null;
}

export interface ShopQuery {
  /** Category slug: shop-all, men, women, sale, new-arrivals, or any category of the database. */
  category: string;
  sort: ShopSort;
  size: string | null;
  color: string | null;
  /** Whole dollars; null = no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** 'Hide sold out' (?stock=1): only styles with a product in stock, shown as one that is. */
  inStock: boolean;
  page: number;
  view: "grid" | "list";
}

export const DEFAULT_SHOP_QUERY: Omit<ShopQuery, "category"> = {
  sort: "featured",
  size: null,
  color: null,
  minPrice: null,
  maxPrice: null,
  inStock: false,
  page: 1,
  view: "grid",
};

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === "" || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const n = Math.floor(Number(value));
  return n >= min && n <= max ? n : null;
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  if (!value) return null;
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase()) ?? null;
}

export function parseShopQuery(category: string | undefined, params: URLSearchParams): ShopQuery {
  let minPrice = wholeNumber(params.get("min"), 0, 100_000);
  let maxPrice = wholeNumber(params.get("max"), 0, 100_000);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  if (minPrice === 0) minPrice = null;
  return {
    category: (category ?? SHOP_ALL).toLowerCase(),
    sort:
      pick(
        params.get("sort"),
        SORT_OPTIONS.map((o) => o.value),
      ) ?? "featured",
    size: pick(params.get("size"), SIZE_FILTERS),
    color: pick(params.get("color"), COLOR_FILTERS),
    minPrice,
    maxPrice,
    inStock: params.get("stock") === "1" || params.get("stock") === "true",
    page: wholeNumber(params.get("page"), 1, 100_000) ?? 1,
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** The URL query for a shop query, leaving out defaults so that URLs stay short and canonical. */
export function shopSearchParams(query: Omit<ShopQuery, "category">): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== "featured") params.set("sort", query.sort);
  if (query.size) params.set("size", query.size);
  if (query.color) params.set("color", query.color);
  if (query.minPrice !== null) params.set("min", String(query.minPrice));
  if (query.maxPrice !== null) params.set("max", String(query.maxPrice));
  if (query.inStock) params.set("stock", "1");
  if (query.view !== "grid") params.set("view", query.view);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

export function hasFilters(query: ShopQuery): boolean {
  return (
    query.size !== null || query.color !== null || query.minPrice !== null || query.maxPrice !== null || query.inStock
  );
}

/** Up to five page numbers around the current one (spec §9). */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pageCount, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
