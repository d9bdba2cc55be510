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
      <div className="min-w-[11rem] flex-1">
        <label htmlFor="admin-product-category" className="mb-1 block text-xs font-medium text-muted">
          Category
        </label>
        <div className="relative">
          <select
            id="admin-product-category"
            name="category"
            value={query.category ?? ""}
            onChange={(event) => onChange({ category: event.target.value || null })}
            className={control}
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.isActive ? c.name : `${c.name} (inactive)`}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
        </div>
      </div>
      <div className="min-w-[9rem] flex-1">
        <label htmlFor="admin-product-status" className="mb-1 block text-xs font-medium text-muted">
          Status
        </label>
        <div className="relative">
          <select
            id="admin-product-status"
            name="status"
            value={query.status}
            onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
            className={control}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
        </div>
      </div>
      <div className="min-w-[11rem] flex-1">
        <label htmlFor="admin-product-stock" className="mb-1 block text-xs font-medium text-muted">
          Stock
        </label>
        <div className="relative">
          <select
            id="admin-product-stock"
            name="stock"
            value={query.stock}
            onChange={(event) => onChange({ stock: event.target.value as StockFilter })}
            className={control}
          >
            {STOCK_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
        </div>
      </div>
      {query.view !== "list" && <input type="hidden" name="view" value={query.view} />}
      <button type="submit" className="h-10 rounded-full border border-ink px-5 text-sm font-medium hover:bg-stone-100">
        Search
      </button>
    </form>
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
