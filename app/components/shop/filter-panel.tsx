import type { SitePath } from "~/lib/redirects";
import { Form } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import type { CategoryOption } from "~/modules/catalog/catalog-types";
import { COLOR_FILTERS, SHOP_ALL, SIZE_FILTERS, type ShopQuery } from "~/modules/catalog/shop-query";
import { PriceRange } from "./price-range";
import { priceBounds, shopHref, withoutFilters, type ShopChoices } from "./shop-navigation";

export const FILTER_FORM_ID = "shop-filters";

const SWATCHES: Record<(typeof COLOR_FILTERS)[number], string> = {
  Black: "#1c1917",
  White: "#ffffff",
  Blue: "#2563eb",
  Red: "#b91c1c",
  Green: "#15803d",
  Gray: "#9ca3af",
};

const heading = "text-xs font-semibold uppercase tracking-[0.16em] text-ink";

function Choices({
  legend,
  name,
  options,
  value,
  onChange,
  swatches,
  hint,
}: {
  legend: string;
  /** A line under the legend saying what the filter keeps. */
  hint?: string;
  name: "size" | "color";
  options: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  swatches?: Record<string, string>;
}) {
  return (
    <fieldset>
      <legend className={heading}>{legend}</legend>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {["", ...options].map((option) => {
          const checked = option === "" ? value === null : value === option;
          return (
            <label key={option || "all"} className="cursor-pointer">
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => onChange(option || null)}
                className="peer sr-only"
              />
              <span className="filter-chip">
                {swatches && option && (
                  <span aria-hidden className="filter-swatch" style={{ backgroundColor: swatches[option] }} />
                )}
                {option || "All"}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The filter panel: categories, Size (in stock), Colour, Hide sold out and Price, Apply (the submit of a GET form, for use
 * without JavaScript and for typed prices) and Clear Filters. With JavaScript a size or colour
 * choice navigates at once.
 */
export function FilterPanel({
  basePath,
  query,
  categories,
  onApply,
  onSubmitForm,
}: {
  basePath: SitePath;
  query: ShopQuery;
  categories: CategoryOption[];
  onApply: (changes: Partial<ShopChoices>) => void;
  onSubmitForm: (form: HTMLFormElement) => void;
}) {
  const collections: CategoryOption[] = [
    { name: "Shop All", slug: SHOP_ALL },
    ...categories.filter((c) => c.slug !== SHOP_ALL),
  ];
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label="Categories">
        <h2 className={heading}>Categories</h2>
        <ul className="mt-3 flex flex-col gap-1">
          {collections.map((c) => (
            <li key={c.slug}>
              <SiteLink
                to={`/shop/${c.slug}`}
                aria-current={c.slug === query.category ? "page" : undefined}
                className="category-link"
              >
                {c.name}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        action={basePath}
        id={FILTER_FORM_ID}
        preventScrollReset
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmitForm(event.currentTarget);
        }}
        className="flex flex-col gap-8"
      >
        {query.view === "list" && <input type="hidden" name="view" value="list" />}
        <Choices
          legend="Size"
          hint="Styles with your size in stock"
          name="size"
          options={SIZE_FILTERS}
          value={query.size}
          onChange={(size) => onApply({ size })}
        />
        <Choices
          legend="Colour"
          name="color"
          options={COLOR_FILTERS}
          value={query.color}
          swatches={SWATCHES}
          onChange={(color) => onApply({ color })}
        />
        <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
          <span>
            Hide sold out
            <span className="mt-0.5 block text-xs font-normal text-muted">Only styles you can buy now</span>
          </span>
          <input
            type="checkbox"
            name="stock"
            value="1"
            checked={query.inStock}
            onChange={(event) => onApply({ inStock: event.target.checked })}
            className="size-5 shrink-0 accent-[var(--color-brand)]"
          />
        </label>
        <PriceRange min={query.minPrice} max={query.maxPrice} onCommit={(min, max) => onApply(priceBounds(min, max))} />
        <div className="flex flex-col gap-2.5 border-t border-line pt-6">
          <button
            type="submit"
            className="rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-black"
          >
            Apply
          </button>
          <SiteLink
            to={shopHref(basePath, withoutFilters(query))}
            preventScrollReset
            className="rounded-full border border-line bg-white px-5 py-2.5 text-center text-sm font-semibold hover:border-ink"
          >
            Clear Filters
          </SiteLink>
        </div>
      </Form>
    </div>
  );
}
