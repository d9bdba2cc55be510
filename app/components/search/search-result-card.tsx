import { ShoppingBag } from "~/components/ui/icons";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { ProductCard } from "~/components/product/product-card";
import { styleSoldOut, type ProductCard as Card } from "~/modules/catalog/product-card";

/** The search grid: 1 column, 2 from sm, 3 from lg, 4 from xl. */
const SEARCH_GRID_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A search result: the style's card with an Add to Cart button that puts one piece of the colour shown
 * in the cart, in its first size and first colour (or the cart's defaults when it has none). A style
 * with nothing in stock cannot be added ('Out of Stock'); a colour sold out while others are not says so.
 */
export function SearchResultCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const addToCart = useAddToCart();
  const button =
    "relative z-10 mt-3 flex w-full items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-medium";
  const disabled = `${button} cursor-not-allowed border border-line bg-stone-100 text-stone-500`;
  return (
    <ProductCard product={product} priority={priority} sizes={SEARCH_GRID_SIZES}>
      {(shown) =>
        styleSoldOut(product) ? (
          <button type="button" disabled className={disabled}>
            Out of Stock
          </button>
        ) : shown.inventory <= 0 ? (
          <button type="button" disabled className={disabled}>
            Sold out in this colour
          </button>
        ) : (
          <button
            type="button"
            aria-label={`Add ${shown.name} to cart`}
            onClick={() =>
              void addToCart({
                id: shown.id,
                name: shown.name,
                slug: shown.slug,
                priceCents: shown.price,
                image: shown.image,
                size: shown.sizes[0],
                color: shown.colors[0],
                quantity: 1,
                inventory: shown.inventory,
              })
            }
            className={`${button} bg-ink text-white transition-colors hover:bg-black`}
          >
            <ShoppingBag className="size-4" aria-hidden />
            Add to Cart
          </button>
        )
      }
    </ProductCard>
  );
}
