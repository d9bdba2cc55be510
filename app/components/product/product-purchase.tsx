import { Minus, Plus, ShoppingBag } from "~/components/ui/icons";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { SiteLink } from "~/components/ui/site-link";
import { toast } from "sonner";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { useMaxPerProduct } from "~/components/use-root-data";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { FALLBACK_IMAGE, lowStockCount } from "~/modules/catalog/product-rules";
import { clampQuantity, quantityMax, swatchColor, validateSelection } from "~/modules/catalog/purchase-rules";
import { ColorSwatches } from "./color-swatches";

export { validateSelection } from "~/modules/catalog/purchase-rules";

/**
 * Size, colour and quantity pickers and the Add to Cart button (spec §2, §8). The first size and
 * first colour start chosen. Give it `key={product.id}` so a colour switch starts afresh.
 */
export function ProductPurchase({ product }: { product: ProductDetail }) {
  const [size, setSize] = useState<string | null>(product.sizes[0] ?? null);
  const [color, setColor] = useState<string | null>(product.colors[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const maxPerProduct = useMaxPerProduct();
  const clamp = (q: number) => clampQuantity(q, product.inventory, maxPerProduct);

  const soldOut = product.inventory <= 0;
  const lowStock = lowStockCount(product.inventory);
  const grouped = product.variants.length > 0;
  // A grouped product is usually one colour: its swatches are the colour choice then.
  const colorPicker = product.colors.length > 1 || (!grouped && product.colors.length > 0);

  function submit() {
    const problem = validateSelection({ sizes: product.sizes, colors: product.colors, size, color });
    if (problem) {
      toast.error(problem);
      return;
    }
    void addToCart({
      id: product.id,
      name: product.name,
      slug: product.slug,
      priceCents: product.priceCents,
      image: product.images[0] ?? FALLBACK_IMAGE,
      size: size ?? undefined,
      color: color ?? undefined,
      quantity: clamp(quantity),
      inventory: product.inventory,
    });
  }

  return (
    <div className="flex flex-col gap-7">
      {grouped && (
        <div>
          <p className="text-sm font-semibold">
            Color: <span className="font-normal text-muted">{product.colors[0] ?? product.name}</span>
          </p>
          <div className="mt-3">
            <ColorSwatches product={product} />
          </div>
        </div>
      )}

      {colorPicker && (
        <OptionPicker
          label="Color"
          options={product.colors}
          value={color}
          onChange={setColor}
          renderOption={(name) => {
            const css = swatchColor(name);
            return (
              <>
                {css && (
                  <span
                    aria-hidden
                    className="size-3.5 rounded-full border border-black/15"
                    style={{ backgroundColor: css }}
                  />
                )}
                {name}
              </>
            );
          }}
        />
      )}

      {product.sizes.length > 0 && (
        <OptionPicker
          label="Size"
          options={product.sizes}
          value={size}
          onChange={setSize}
          aside={
            <SiteLink to="/size-guide" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
              Size guide
            </SiteLink>
          }
        />
      )}

      <div>
        <p id="quantity-label" className="text-sm font-semibold">
          Quantity
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <div
            role="group"
            aria-labelledby="quantity-label"
            className="inline-flex items-center rounded-full border border-line bg-white"
          >
            <button
              type="button"
              aria-label="Decrease quantity"
              disabled={soldOut || quantity <= 1}
              onClick={() => setQuantity((q) => clamp(q - 1))}
              className="rounded-full p-3 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent"
            >
              <Minus className="size-4" aria-hidden />
            </button>
            <output
              aria-live="polite"
              aria-label="Quantity"
              data-testid="quantity"
              className="w-10 text-center font-semibold tabular-nums"
            >
              {quantity}
            </output>
            <button
              type="button"
              aria-label="Increase quantity"
              disabled={soldOut || quantity >= quantityMax(product.inventory, maxPerProduct)}
              onClick={() => setQuantity((q) => clamp(q + 1))}
              className="rounded-full p-3 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent"
            >
              <Plus className="size-4" aria-hidden />
            </button>
          </div>
          {lowStock !== null && (
            <p className="flex items-center gap-2 text-sm font-semibold text-accent">
              <span aria-hidden className="size-2 animate-pulse rounded-full bg-accent" />
              Only {lowStock} left!
            </p>
          )}
        </div>
      </div>

      <button
        type="button"
        onClick={submit}
        disabled={soldOut}
        className="flex w-full items-center justify-center gap-2.5 rounded-full bg-ink px-8 py-4 text-base font-semibold text-white shadow-sm transition hover:bg-black disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none"
      >
        {soldOut ? (
          "Out of Stock"
        ) : (
          <>
            <ShoppingBag className="size-5" aria-hidden />
            Add to Cart
          </>
        )}
      </button>
    </div>
  );
}

/**
 * A single choice among options, with radio group semantics: one tab stop, arrow keys move the
 * choice (WAI-ARIA radio group pattern), Space or Enter chooses, the chosen one is aria-checked.
 */
function OptionPicker(props: {
  label: string;
  options: readonly string[];
  value: string | null;
  onChange: (value: string) => void;
  renderOption?: (option: string) => ReactNode;
  aside?: ReactNode;
}) {
  const { label, options, value, onChange } = props;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const chosen = value === null ? -1 : options.indexOf(value);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = chosen === -1 ? 0 : chosen;
    const moves: Record<string, number> = {
      ArrowRight: from + 1,
      ArrowDown: from + 1,
      ArrowLeft: from - 1,
      ArrowUp: from - 1,
      Home: 0,
      End: options.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + options.length) % options.length;
    onChange(options[wrapped]!);
    refs.current[wrapped]?.focus();
  }

  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <p aria-hidden className="text-sm font-semibold">
          {label}: <span className="font-normal text-muted">{value ?? "Choose one"}</span>
        </p>
        {props.aside}
      </div>
      <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className="mt-3 flex flex-wrap gap-2">
        {options.map((option, i) => {
          const checked = i === chosen;
          return (
            <button
              key={option}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked || (chosen === -1 && i === 0) ? 0 : -1}
              onClick={() => onChange(option)}
              className={`flex min-w-12 items-center justify-center gap-2 rounded-full border px-4 py-2.5 text-sm font-medium transition ${
                checked ? "border-ink bg-ink text-white" : "border-line bg-white text-ink hover:border-ink"
              }`}
            >
              {props.renderOption ? props.renderOption(option) : option}
            </button>
          );
        })}
      </div>
    </div>
  );
}
