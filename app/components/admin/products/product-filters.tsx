import { ChevronDown, LayoutGrid, List, Search } from "lucide-react";
import { useDebounced, useUrlState } from "~/components/search/use-url-state";
import type { AdminCategoryOption } from "~/modules/product-admin/admin-product-list.server";
import {
  ADMIN_PRODUCTS_PATH,
  ADMIN_SEARCH_MAX,
  adminProductSearchParams,
  STATUS_FILTERS,
  STOCK_FILTERS,
  type AdminProductQuery,
  type StatusFilter,
  type StockFilter,
} from "~/modules/product-admin/admin-product-query";

/** Search pauses this long after the last keystroke before the list follows (spec §9's search debounce). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

const control =
  "h-10 w-full appearance-none rounded-full border border-line bg-white pl-4 pr-9 text-sm outline-none hover:border-stone-400 focus:border-ink";

/**
 * Finding products (spec §2): search over name, description and SKU, category (All Categories plus
 * each), status (All, Active, Inactive, Featured, On Sale). A GET form, so it works without
 * JavaScript and every result has its URL; with JavaScript the list follows as you type (after a
 * pause) or choose, and each change goes back to page 1.
 */
export function ProductFilters({
  query,
  categories,
  onChange,
}: {
  query: AdminProductQuery;
  categories: AdminCategoryOption[];
  onChange: (changes: Partial<AdminProductQuery>) => void;
}) {
  const [text, setText, markSent] = useUrlState(query.q);
  const search = (raw: string) => {
    const q = raw.trim().slice(0, ADMIN_SEARCH_MAX);
    if (q === query.q) return;
    markSent(q);
    onChange({ q });
  };
  const typed = useDebounced(search, ADMIN_SEARCH_DEBOUNCE_MS);

  return (
    <form
      method="get"
      action={ADMIN_PRODUCTS_PATH}
      role="search"
      aria-label="Find products"
      className="flex flex-1 flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        typed.cancel();
        search(text);
      }}
    >
      <div className="min-w-[14rem] flex-[2]">
        <label htmlFor="admin-product-search" className="mb-1 block text-xs font-medium text-muted">
          Search products
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="admin-product-search"
            name="q"
            type="search"
            autoComplete="off"
            maxLength={ADMIN_SEARCH_MAX}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              typed.run(event.target.value);
            }}
            placeholder="Name, description or SKU"
            className="h-10 w-full rounded-full border border-line bg-white pl-10 pr-4 text-sm outline-none hover:border-stone-400 focus:border-ink"
          />
        </div>
      </div>
      <FilterSelect
        id="admin-product-category"
        name="category"
        label="Category"
        value={query.category ?? ""}
        onChange={(value) => onChange({ category: value || null })}
        options={[
          { value: "", label: "All Categories" },
          ...categories.map((c) => ({ value: c.slug, label: c.isActive ? c.name : `${c.name} (inactive)` })),
        ]}
      />
      <FilterSelect
        id="admin-product-status"
        name="status"
        label="Status"
        className="min-w-[9rem]"
        value={query.status}
        onChange={(value) => onChange({ status: value as StatusFilter })}
        options={STATUS_FILTERS}
      />
      <FilterSelect
        id="admin-product-stock"
        name="stock"
        label="Stock"
        value={query.stock}
        onChange={(value) => onChange({ stock: value as StockFilter })}
        options={STOCK_FILTERS}
      />
      {query.view !== "list" && <input type="hidden" name="view" value={query.view} />}
      <button type="submit" className="h-10 rounded-full border border-ink px-5 text-sm font-medium hover:bg-stone-100">
        Search
      </button>
    </form>
  );
}

/** One of the list's filters: a labelled select whose choice applies at once (the form submits it without JavaScript). */
function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  onChange,
  className = "min-w-[11rem]",
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={`${className} flex-1`}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={control}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
      </div>
    </div>
  );
}

const VIEW_BUTTONS = [
  { value: "list", label: "List view", icon: List },
  { value: "grid", label: "Grid view", icon: LayoutGrid },
] as const;

/**
 * List/grid toggle: two pressed-state buttons. They submit a small GET form carrying the rest of the
 * query (without JavaScript too); with JavaScript a press navigates. The page stays where it is.
 */
export function ViewToggle({
  query,
  onChange,
}: {
  query: AdminProductQuery;
  onChange: (view: AdminProductQuery["view"]) => void;
}) {
  const keep = [...adminProductSearchParams({ ...query, view: "list" }).entries()];
  return (
    <form
      method="get"
      action={ADMIN_PRODUCTS_PATH}
      aria-label="View"
      className="flex shrink-0 rounded-full border border-line bg-white p-1"
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {VIEW_BUTTONS.map(({ value, label, icon: Icon }) => {
        const pressed = query.view === value;
        return (
          <button
            key={value}
            type="submit"
            name={value === "grid" ? "view" : undefined}
            value={value === "grid" ? "grid" : undefined}
            aria-pressed={pressed}
            aria-label={label}
            title={label}
            onClick={(event) => {
              event.preventDefault();
              if (!pressed) onChange(value);
            }}
            className={`flex size-8 items-center justify-center rounded-full transition-colors ${
              pressed ? "bg-ink text-white" : "text-muted hover:text-ink"
            }`}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </form>
  );
}
