import { QuickAdd } from "~/components/product/quick-add";
import { styleSoldOut, type ProductCard } from "~/modules/catalog/product-card";

/**
 * A card's add to cart, for the colour it shows: the quick add (which asks for a size when there are
 * sizes); 'Out of Stock' when the whole style is sold out; a colour sold out while others sell says so
 * instead of claiming the style is out of stock.
 */
export function CardQuickAdd({ style, shown }: { style: ProductCard; shown: ProductCard }) {
  if (!styleSoldOut(style) && shown.inventory <= 0) {
    return (
      <button type="button" disabled className="qa qa-off">
        Sold out in this colour
      </button>
    );
  }
  return <QuickAdd product={styleSoldOut(style) ? { ...shown, inventory: 0 } : shown} />;
}
