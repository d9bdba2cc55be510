import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { FieldError, errorId } from "~/components/ui/field";
import { DISCOUNT_PRODUCTS_PATH } from "~/modules/promotions/discount-admin-query";

export interface PickedProduct {
  id: string;
  name: string;
  sku: string;
}

type SearchAnswer = { q: string; products: (PickedProduct & { isActive: boolean })[] };

/** The search waits this long after the last keystroke (the admin lists' debounce). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Chooses the products a discount applies to in a catalogue of thousands: a search box (name,
 * description or SKU; 20 results at most, from the server) and the chosen products, each added or
 * removed with a labelled button. The choice goes with the form as `productIds` fields. Enter in the
 * search box searches at once rather than saving the discount.
 */
export function ProductPicker({ initial, error }: { initial: PickedProduct[]; error?: string }) {
  const id = useId();
  const [chosen, setChosen] = useState<PickedProduct[]>(initial);
  const [text, setText] = useState("");
  const search = useFetcher<SearchAnswer>({ key: `${id}-product-search` });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() === "") return;
    void search.load(`${DISCOUNT_PRODUCTS_PATH}?q=${encodeURIComponent(q.trim())}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    run(text);
  };
  const chosenIds = new Set(chosen.map((p) => p.id));
  const results = text.trim() !== "" && search.data?.q === text.trim() ? search.data.products : null;
  const busy = search.state !== "idle";

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={`${id}-search`} className="mb-1.5 block text-sm font-medium text-ink">
          Search products
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id={`${id}-search`}
            ref={searchBox}
            type="search"
            autoComplete="off"
            maxLength={100}
            value={text}
            onChange={(event) => {
              const q = event.target.value;
              setText(q);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => run(q), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={onKeyDown}
            placeholder="Name or SKU"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${errorId(id)}` : ""}`}
            aria-controls={`${id}-results`}
            className={`block h-11 w-full rounded-xl border bg-white pl-10 pr-3.5 text-sm outline-none ${
              error ? "border-red-500" : "border-line hover:border-stone-400 focus:border-brand"
            }`}
          />
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          Type a name or SKU, then add products from the results.
        </p>
        <FieldError id={id} error={error} />
      </div>

      <div id={`${id}-results`} aria-live="polite" aria-busy={busy}>
        {results &&
          (results.length === 0 ? (
            <p className="text-sm text-muted">{`No products match '${text.trim()}'.`}</p>
          ) : (
            <ul aria-label="Search results" className="divide-y divide-line rounded-xl border border-line">
              {results.map((product) => {
                const added = chosenIds.has(product.id);
                return (
                  <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{product.name}</span>
                      <span className="block text-xs text-muted">
                        {product.sku}
                        {!product.isActive && " · inactive"}
                      </span>
                    </span>
                    {/* aria-disabled rather than disabled: the button keeps the focus once it has done its work. */}
                    <button
                      type="button"
                      aria-disabled={added || undefined}
                      onClick={() => {
                        if (!added)
                          setChosen((list) => [...list, { id: product.id, name: product.name, sku: product.sku }]);
                      }}
                      aria-label={added ? `${product.name} added` : `Add ${product.name}`}
                      className="shrink-0 rounded-full border border-line px-3 py-1 text-xs font-medium hover:border-ink aria-disabled:cursor-default aria-disabled:opacity-60"
                    >
                      {added ? "Added" : "Add"}
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
      </div>

      <div>
        <h3 className="text-sm font-medium">{`Chosen products (${chosen.length})`}</h3>
        {chosen.length === 0 ? (
          <p className="mt-1 text-sm text-muted">None yet.</p>
        ) : (
          <ul aria-label="Chosen products" className="mt-2 flex flex-wrap gap-2">
            {chosen.map((product) => (
              <li
                key={product.id}
                className="inline-flex items-center gap-2 rounded-full border border-line bg-stone-50 py-1 pl-3 pr-1 text-sm"
              >
                <input type="hidden" name="productIds" value={product.id} />
                <span>{product.name}</span>
                <button
                  type="button"
                  onClick={() => {
                    setChosen((list) => list.filter((p) => p.id !== product.id));
                    // The button goes with the product: the focus goes back to the search.
                    searchBox.current?.focus();
                  }}
                  aria-label={`Remove ${product.name}`}
                  className="rounded-full px-2 py-0.5 text-xs text-muted hover:bg-stone-200 hover:text-ink"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
