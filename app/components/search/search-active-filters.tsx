import { X } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { SEARCH_PRICE_MAX, type CategoryOption, type SearchQuery } from "~/modules/catalog/catalog-types";
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
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="mt-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <SiteLink
            to={searchHref({ ...query, ...chip.without, page: 1 })}
            preventScrollReset
            aria-label={`Remove filter ${chip.label}`}
            className="flex items-center gap-1.5 rounded-full bg-stone-100 py-1.5 pl-3 pr-2 text-xs font-medium text-ink hover:bg-stone-200"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
