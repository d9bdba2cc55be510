import { Minus, Plus, ShoppingBag } from "~/components/ui/icons";
import { useState } from "react";
import { toast } from "sonner";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { useMaxPerProduct } from "~/components/use-root-data";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import {
  anyInStock,
  chooseColor,
  clampQuantity,
  initialChoice,
  isColorAvailable,
  isSizeAvailable,
  offerFor,
  quantityMax,
  swatchColor,
  validateSelection,
  type Choice,
} from "~/modules/catalog/purchase-rules";
import { ColorSwatches } from "./color-swatches";
import { FindMySize } from "./find-my-size";
import { NotifyMe } from "./notify-me";
import { Price } from "./price";
import { SizeGuideButton } from "./size-guide-button";
import { OptionPicker, SizePicker } from "./size-picker";

export { validateSelection } from "~/modules/catalog/purchase-rules";

/**
 * The price, size, colour and quantity pickers and the Add to Cart button (spec §2, §8; decisions.md
 * §6). Sizes and colours sold out stay visible but unavailable; the price, 'Only {n} left!' and the
 * quantity's maximum are the chosen variant's; 'Out of Stock' only when no variant has stock. The first
 * size and colour in stock start chosen, or `preferredSize` (kept from another colour of the style)
 * when it is in stock. Give it `key={product.id}` so a colour switch starts afresh.
 */
export function ProductPurchase({
  product,
  preferredSize = null,
  preferredColor = null,
}: {
  product: ProductDetail;
  preferredSize?: string | null;
  /** A colour named in the URL (a back-in-stock message's link), chosen when in stock. */
  preferredColor?: string | null;
}) {
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product, preferredSize, preferredColor));
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const maxPerProduct = useMaxPerProduct();

  const offer = offerFor(product, choice);
  const soldOut = !anyInStock(product);
  const clamp = (q: number, stock = offer.stock) => clampQuantity(q, stock, maxPerProduct);
  const grouped = product.groupMembers.length > 0;
  // A grouped product is usually one colour: its swatches are the colour choice then.
  const colorPicker = product.colors.length > 1 || (!grouped && product.colors.length > 0);

  function choose(next: Choice) {
    setChoice(next);
    setQuantity((q) => clamp(q, offerFor(product, next).stock));
  }

  function submit() {
    const problem = validateSelection({
      sizes: product.sizes,
      colors: product.colors,
      size: choice.size,
      color: choice.color,
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    void addToCart({
      id: product.id,
      name: product.name,
      slug: product.slug,
      priceCents: offer.priceCents,
      image: product.images[0] ?? FALLBACK_IMAGE,
      size: choice.size ?? undefined,
      color: choice.color ?? undefined,
      quantity: clamp(quantity),
      inventory: offer.stock,
    });
  }

  return (
    <>
      <Price
        cents={offer.priceCents}
        compareAtCents={product.originalPriceCents}
        className="mt-6 text-2xl [&_s]:text-base"
      />
      {product.fit.note && (
        <p className="mt-2 text-sm text-muted" data-testid="fit-note">
          {product.fit.note}
        </p>
      )}

      <div className="mt-8 flex flex-col gap-7 border-t border-line pt-8">
        {grouped && (
          <div>
            <p className="text-sm font-semibold">
              Color: <span className="font-normal text-muted">{product.colors[0] ?? product.name}</span>
            </p>
            <div className="mt-3">
              <ColorSwatches product={product} size={choice.size} />
            </div>
          </div>
        )}

        {colorPicker && (
          <OptionPicker
            label="Color"
            options={product.colors}
            value={choice.color}
            onChange={(color) => choose(chooseColor(product, choice, color))}
            isAvailable={(color) => isColorAvailable(product, color)}
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
          <SizePicker
            sizes={product.sizes}
            value={choice.size}
            onChange={(size) => choose({ ...choice, size })}
            isAvailable={(size) => isSizeAvailable(product, size, choice.color)}
            aside={
              product.sizeChart ? (
                // A row of the size's helpers: 'Size guide', and room for more beside it.
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="size-helpers">
                  <SizeGuideButton chart={product.sizeChart} fit={product.fit} productName={product.name} />
                </div>
              ) : undefined
            }
          />
        )}
        <FindMySize product={product} color={choice.color} onChoose={(size) => choose({ ...choice, size })} />

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
                disabled={soldOut || quantity >= quantityMax(offer.stock, maxPerProduct)}
                onClick={() => setQuantity((q) => clamp(q + 1))}
                className="rounded-full p-3 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent"
              >
                <Plus className="size-4" aria-hidden />
              </button>
            </div>
            {offer.lowStock !== null && (
              <p className="flex items-center gap-2 text-sm font-semibold text-accent">
                <span aria-hidden className="size-2 animate-pulse rounded-full bg-accent" />
                Only {offer.lowStock} left!
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
        <NotifyMe product={product} choice={choice} />
      </div>
    </>
  );
}
