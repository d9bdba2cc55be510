import { SEARCH_PRICE_MAX, type SearchQuery } from "./catalog-types";

/** The search page's query as it lives in the URL (?q=&category=&min=&max=&stock=1&page=), parsed leniently. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const num = (name: string, fallback: number) => {
    const raw = params.get(name)?.trim() ?? "";
    if (!/^\d+(\.\d+)?$/.test(raw)) return fallback;
    return Math.min(SEARCH_PRICE_MAX * 100, Math.floor(Number(raw)));
  };
  let minPrice = num("min", 0);
  let maxPrice = num("max", SEARCH_PRICE_MAX);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const category = params.get("category")?.trim().toLowerCase() || null;
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    category: category && /^[a-z0-9-]+$/.test(category) ? category : null,
    minPrice,
    maxPrice,
    inStock: params.get("stock") === "1" || params.get("stock") === "true",
    page: Math.max(1, Math.min(10_000, Math.floor(Number(params.get("page")) || 1))),
  };
}

export function searchSearchParams(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.minPrice > 0) params.set("min", String(query.minPrice));
  if (query.maxPrice !== SEARCH_PRICE_MAX) params.set("max", String(query.maxPrice));
  if (query.inStock) params.set("stock", "1");
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * Terms of a search for a prefix full-text query: letters and digits only, at most 8. A hyphenated
 * word stays one term whose parts are separated by a space ("t-shirt" → "t shirt"): it is searched
 * as a phrase, so that "t-shirt" does not find every shirt.
 */
export function searchTerms(q: string): string[] {
  const words =
    q
      .toLowerCase()
      .normalize("NFKD")
      .match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
  // A lone letter ("s" of "men's") finds nothing worth finding; inside a phrase ("t shirt") it counts.
  return words
    .filter((w) => w.length > 1)
    .map((w) => w.split("-").join(" "))
    .slice(0, 8);
}
