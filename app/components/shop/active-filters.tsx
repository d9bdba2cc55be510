import type { SitePath } from "~/lib/redirects";
import type { ShopQuery } from "~/modules/catalog/shop-query";
import { FilterChips } from "./filter-chips";
import { shopHref, type ShopChoices } from "./shop-navigation";

function priceLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `$${min} – $${max}`;
  if (min !== null) return `From $${min}`;
  return `Up to $${max}`;
}

/** The filters in force as removable chips (each a link to the same page without it). */
export function ActiveFilters({ basePath, query }: { basePath: SitePath; query: ShopQuery }) {
  const chips: Array<{ label: string; without: Partial<ShopChoices> }> = [];
  if (query.size) chips.push({ label: `Size: ${query.size}`, without: { size: null } });
  if (query.color) chips.push({ label: `Colour: ${query.color}`, without: { color: null } });
  if (query.minPrice !== null || query.maxPrice !== null) {
    chips.push({
      label: `Price: ${priceLabel(query.minPrice, query.maxPrice)}`,
      without: { minPrice: null, maxPrice: null },
    });
  }
  if (query.inStock) chips.push({ label: "Hide sold out", without: { inStock: false } });
  return (
    <FilterChips
      chips={chips.map((chip) => ({
        label: chip.label,
        href: shopHref(basePath, { ...query, ...chip.without, page: 1 }),
      }))}
    />
  );
}
