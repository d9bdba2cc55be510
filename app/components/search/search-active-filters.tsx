import { SEARCH_PRICE_MAX, type CategoryOption, type SearchQuery } from "~/modules/catalog/catalog-types";
import { FilterChips } from "~/components/shop/filter-chips";
import { searchHref } from "./search-href";

/** The search's filters in force as removable chips (each a link to the same search without it). */
export function SearchActiveFilters({ query, categories }: { query: SearchQuery; categories: CategoryOption[] }) {
  const chips: Array<{ label: string; without: Partial<SearchQuery> }> = [];
  if (query.category) {
    const name = categories.find((c) => c.slug === query.category)?.name ?? query.category;
    chips.push({ label: `Category: ${name}`, without: { category: null } });
  }
  if (query.minPrice > 0 || query.maxPrice !== SEARCH_PRICE_MAX)
    chips.push({
      label: `Price: $${query.minPrice} – $${query.maxPrice}`,
      without: { minPrice: 0, maxPrice: SEARCH_PRICE_MAX },
    });
  if (query.inStock) chips.push({ label: "In Stock Only", without: { inStock: false } });
  return (
    <FilterChips
      chips={chips.map((chip) => ({ label: chip.label, href: searchHref({ ...query, ...chip.without, page: 1 }) }))}
      className="mt-4"
    />
  );
}
