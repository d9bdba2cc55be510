import type { SitePath } from "~/lib/redirects";
import { X } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import type { ShopQuery } from "~/modules/catalog/shop-query";
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
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <SiteLink
            to={shopHref(basePath, { ...query, ...chip.without, page: 1 })}
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
