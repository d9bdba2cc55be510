import { ProductCard } from "~/components/product/product-card";
import { CardQuickAdd } from "~/components/shop/card-quick-add";
import type { ProductCard as Card } from "~/modules/catalog/product-card";

/** The search grid: 1 column, 2 from sm, 3 from lg, 4 from xl. */
const SEARCH_GRID_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A search result: the style's card with a quick add for the colour it shows (a size asked for when
 * the product has sizes). A style with nothing in stock cannot be added ('Out of Stock').
 */
export function SearchResultCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  return (
    <ProductCard product={product} priority={priority} sizes={SEARCH_GRID_SIZES}>
      {(shown) => <CardQuickAdd style={product} shown={shown} />}
    </ProductCard>
  );
}
