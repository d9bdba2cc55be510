import { ChevronDown } from "~/components/ui/icons";
import { SORT_OPTIONS, type ShopSort } from "~/modules/catalog/shop-query";

/**
 * "Sort by" select. It belongs to the filter form (`form` attribute), so without JavaScript the
 * form's Apply button sends it; with JavaScript a change navigates at once.
 */
export function SortSelect({
  value,
  formId,
  onChange,
}: {
  value: ShopSort;
  formId: string;
  onChange: (sort: ShopSort) => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center justify-end gap-2 sm:flex-none">
      <label htmlFor="shop-sort" className="hidden text-sm text-muted sm:block">
        Sort by
      </label>
      <div className="relative min-w-0 flex-1 sm:flex-none">
        <select
          id="shop-sort"
          name="sort"
          form={formId}
          value={value}
          aria-label="Sort by"
          onChange={(event) => onChange(event.target.value as ShopSort)}
          className="h-10 w-full appearance-none truncate rounded-full border border-line bg-white pl-4 pr-9 text-sm font-medium outline-none hover:border-ink focus:border-ink"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
      </div>
      <noscript>
        <button
          type="submit"
          form={formId}
          className="h-10 rounded-full border border-ink px-4 text-sm font-medium hover:bg-stone-100"
        >
          Apply
        </button>
      </noscript>
    </div>
  );
}
