import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { inputClass } from "~/components/ui/field";
import { formatCents } from "~/lib/money";
import type { SaleCategory } from "~/modules/promotions/scheduled-sales.server";
import {
  joinIds,
  productCount,
  type SaleProductChoice,
  type SaleProductSearch,
} from "~/modules/promotions/scheduled-sale-rules";

/** The product search of the editor (routes/admin.discounts.sales.products.ts). */
export const SALE_PRODUCTS_ROUTE = "/admin/discounts/sales/products";

/**
 * The categories a sale covers: a checklist of every category (a shop has tens), sent as one hidden
 * field of ids joined by commas (the form kit reads one value per field).
 */
export function CategoryPicker({
  categories,
  chosen,
  onChange,
}: {
  categories: readonly SaleCategory[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const ids = useId();
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <div>
      <input type="hidden" name="categoryIds" value={joinIds(chosen)} />
      <p id={`${ids}-label`} className="mb-1.5 text-sm font-medium text-ink">
        Categories <span className="font-normal text-muted">({chosen.length} chosen)</span>
      </p>
      {categories.length === 0 ? (
        <p className="text-sm text-muted">The shop has no categories yet.</p>
      ) : (
        <ul
          aria-labelledby={`${ids}-label`}
          className="grid max-h-48 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto rounded-xl border border-line bg-white p-3 sm:grid-cols-2"
        >
          {categories.map((category) => {
            const boxId = `${ids}-${category.id}`;
            return (
              <li key={category.id} className="flex items-center gap-2">
                <input
                  id={boxId}
                  type="checkbox"
                  checked={chosen.includes(category.id)}
                  onChange={() => toggle(category.id)}
                  className="size-4 shrink-0 accent-ink"
                />
                <label htmlFor={boxId} className="cursor-pointer text-sm">
                  {category.name}
                  {!category.isActive && <span className="text-muted"> (inactive)</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The products a sale names: a search (the first matches of the catalogue, which may hold 10,000) with a
 * checklist, and the choice kept across searches as removable chips; sent as one hidden field of ids.
 */
export function ProductPicker({
  chosen,
  onChange,
}: {
  chosen: readonly SaleProductChoice[];
  onChange: (products: SaleProductChoice[]) => void;
}) {
  const ids = useId();
  const search = useFetcher<SaleProductSearch>();
  const { load } = search;
  const [q, setQ] = useState("");
  const found = search.data?.ok ? search.data : undefined;

  // The first matches, a moment after typing stops (at once when the box is cleared).
  useEffect(() => {
    const timer = setTimeout(() => void load(`${SALE_PRODUCTS_ROUTE}?${new URLSearchParams({ q })}`), q ? 250 : 0);
    return () => clearTimeout(timer);
  }, [load, q]);

  const isChosen = (id: string) => chosen.some((p) => p.id === id);
  const toggle = (product: SaleProductChoice) =>
    onChange(isChosen(product.id) ? chosen.filter((p) => p.id !== product.id) : [...chosen, product]);

  return (
    <div className="flex flex-col gap-3">
      <input type="hidden" name="productIds" value={joinIds(chosen.map((p) => p.id))} />
      <p className="text-sm font-medium text-ink">
        Products <span className="font-normal text-muted">({chosen.length} chosen)</span>
      </p>
      {chosen.length > 0 && (
        <ul aria-label="Chosen products" className="flex max-h-32 flex-wrap gap-2 overflow-y-auto">
          {chosen.map((product) => (
            <li
              key={product.id}
              className="flex items-center gap-1 rounded-full border border-line bg-white py-1 pl-3 pr-1 text-sm"
            >
              {product.name}
              <button
                type="button"
                aria-label={`Remove ${product.name}`}
                onClick={() => toggle(product)}
                className="rounded-full p-1 hover:bg-stone-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <label htmlFor={`${ids}-search`} className="sr-only">
          Search products to add
        </label>
        <Search className="absolute left-3 top-3 size-5 text-stone-400" aria-hidden />
        <input
          id={`${ids}-search`}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches; it must not submit the sale.
            if (event.key === "Enter") event.preventDefault();
          }}
          maxLength={100}
          placeholder="Search products by name or SKU"
          className={`${inputClass(false)} pl-10`}
        />
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {search.data && !search.data.ok
          ? search.data.message
          : found
            ? found.total === 0
              ? "No products match."
              : found.total > found.products.length
                ? `Showing ${found.products.length} of ${productCount(found.total)}. Search to find others.`
                : productCount(found.total)
            : "Loading products..."}
      </p>
      {found && found.products.length > 0 && (
        <ul
          aria-label="Products found"
          className="max-h-64 divide-y divide-line overflow-y-auto rounded-xl border border-line bg-white"
        >
          {found.products.map((product) => {
            const boxId = `${ids}-product-${product.id}`;
            return (
              <li key={product.id} className="flex items-center gap-3 px-3 py-2">
                <input
                  id={boxId}
                  type="checkbox"
                  checked={isChosen(product.id)}
                  onChange={() => toggle(product)}
                  className="size-4 shrink-0 accent-ink"
                />
                <label htmlFor={boxId} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                  <img
                    src={product.image}
                    alt=""
                    width={32}
                    height={40}
                    loading="lazy"
                    className="h-10 w-8 shrink-0 rounded bg-stone-100 object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{product.name}</span>
                    <span className="block text-xs text-muted">
                      SKU {product.sku}
                      {!product.isActive && " · Inactive"}
                    </span>
                  </span>
                  <span className="text-right text-sm tabular-nums">
                    {formatCents(product.priceCents)}
                    {product.compareAtCents !== null && product.compareAtCents > product.priceCents && (
                      <span className="block text-xs text-muted line-through">
                        {formatCents(product.compareAtCents)}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
