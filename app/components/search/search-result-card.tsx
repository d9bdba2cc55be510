import { ShoppingBag } from "~/components/ui/icons";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { ProductCard } from "~/components/product/product-card";
import type { ProductCard as Card } from "~/modules/catalog/product-card";

/** The search grid: 1 column, 2 from sm, 3 from lg, 4 from xl. */
const SEARCH_GRID_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A search result: the product card with an Add to Cart button that puts one piece in the cart in
 * the product's first size and first colour (or the cart's defaults when it has none). Out-of-stock
 * products cannot be added.
 */
export function SearchResultCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const addToCart = useAddToCart();
  const button =
    "relative z-10 mt-3 flex w-full items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-medium";
  return (
    <ProductCard product={product} priority={priority} sizes={SEARCH_GRID_SIZES}>
      {product.inventory <= 0 ? (
        <button
          type="button"
          disabled
          className={`${button} cursor-not-allowed border border-line bg-stone-100 text-stone-500`}
        >
          Out of Stock
        </button>
      ) : (
        <button
          type="button"
          aria-label={`Add ${product.name} to cart`}
          onClick={() =>
            void addToCart({
              id: product.id,
              name: product.name,
              slug: product.slug,
              priceCents: product.price,
              image: product.image,
              size: product.sizes[0],
              color: product.colors[0],
              quantity: 1,
              inventory: product.inventory,
            })
          }
          className={`${button} bg-ink text-white transition-colors hover:bg-black`}
        >
          <ShoppingBag className="size-4" aria-hidden />
          Add to Cart
        </button>
      )}
    </ProductCard>
  );
}
