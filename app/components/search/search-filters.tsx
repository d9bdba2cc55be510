import { useId } from "react";
import { SEARCH_PRICE_MAX, type CategoryOption, type SearchQuery } from "~/modules/catalog/catalog-types";
import { useDebounced, useUrlState } from "./use-url-state";

export const SEARCH_DEBOUNCE_MS = 300;

type FilterPatch = Partial<Pick<SearchQuery, "category" | "minPrice" | "maxPrice" | "inStock">>;

/** Whole dollars from a price input; blank or invalid text means the default. */
function dollars(text: string, fallback: number): number {
  const value = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(value) || value < 0) return fallback;
  return Math.min(SEARCH_PRICE_MAX, Math.floor(value));
}

/**
 * The search filters (spec §2 Search page): Category, Min/Max price (whole dollars, 0 to 1000),
 * In Stock Only and Clear All. Every change goes to the URL through `onChange`; typed prices wait
 * for a pause in typing.
 */
export function SearchFilters({
  id,
  query,
  categories,
  onChange,
  onClearAll,
}: {
  id: string;
  query: SearchQuery;
  categories: CategoryOption[];
  onChange: (patch: FilterPatch) => void;
  onClearAll: () => void;
}) {
  const ids = useId();
  const [min, setMin, markMinSent] = useUrlState(String(query.minPrice));
  const [max, setMax, markMaxSent] = useUrlState(String(query.maxPrice));
  const [category, setCategory, markCategorySent] = useUrlState(query.category ?? "");
  const [inStock, setInStock, markInStockSent] = useUrlState(query.inStock);
  const commitMin = useDebounced((text: string) => {
    const value = dollars(text, 0);
    markMinSent(String(value));
    if (value !== query.minPrice) onChange({ minPrice: value });
  }, SEARCH_DEBOUNCE_MS);
  const commitMax = useDebounced((text: string) => {
    const value = dollars(text, SEARCH_PRICE_MAX);
    markMaxSent(String(value));
    if (value !== query.maxPrice) onChange({ maxPrice: value });
  }, SEARCH_DEBOUNCE_MS);

  const field =
    "mt-1.5 block h-11 w-full rounded-xl border border-line bg-white px-3.5 text-sm outline-none focus:border-brand";
  const labelClass = "text-xs font-semibold uppercase tracking-wider text-muted";

  return (
    <section id={id} aria-label="Search filters" className="mt-4 rounded-2xl border border-line bg-white p-5 shadow-sm">
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto] lg:items-end">
        <div>
          <label htmlFor={`${ids}-category`} className={labelClass}>
            Category
          </label>
          <select
            id={`${ids}-category`}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              markCategorySent(e.target.value);
              onChange({ category: e.target.value || null });
            }}
            className={field}
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-min`} className={labelClass}>
            Min price
          </label>
          <div className="relative">
            <span aria-hidden className="pointer-events-none absolute bottom-3 left-3.5 text-sm text-muted">
              $
            </span>
            <input
              id={`${ids}-min`}
              type="number"
              inputMode="numeric"
              min={0}
              max={SEARCH_PRICE_MAX}
              step={1}
              value={min}
              onChange={(e) => {
                setMin(e.target.value);
                commitMin.run(e.target.value);
              }}
              onBlur={() => {
                commitMin.cancel();
                const value = dollars(min, 0);
                setMin(String(value));
                markMinSent(String(value));
                if (value !== query.minPrice) onChange({ minPrice: value });
              }}
              className={`${field} pl-7`}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-max`} className={labelClass}>
            Max price
          </label>
          <div className="relative">
            <span aria-hidden className="pointer-events-none absolute bottom-3 left-3.5 text-sm text-muted">
              $
            </span>
            <input
              id={`${ids}-max`}
              type="number"
              inputMode="numeric"
              min={0}
              max={SEARCH_PRICE_MAX}
              step={1}
              value={max}
              onChange={(e) => {
                setMax(e.target.value);
                commitMax.run(e.target.value);
              }}
              onBlur={() => {
                commitMax.cancel();
                const value = dollars(max, SEARCH_PRICE_MAX);
                setMax(String(value));
                markMaxSent(String(value));
                if (value !== query.maxPrice) onChange({ maxPrice: value });
              }}
              className={`${field} pl-7`}
            />
          </div>
        </div>
        <label className="flex h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line bg-white px-3.5 text-sm font-medium hover:border-ink">
          <input
            type="checkbox"
            checked={inStock}
            onChange={(e) => {
              setInStock(e.target.checked);
              markInStockSent(e.target.checked);
              onChange({ inStock: e.target.checked });
            }}
            className="size-4 accent-[var(--color-brand)]"
          />
          In Stock Only
        </label>
        <button
          type="button"
          onClick={onClearAll}
          className="h-11 rounded-full border border-line bg-white px-5 text-sm font-semibold hover:border-ink"
        >
          Clear All
        </button>
      </div>
    </section>
  );
}
