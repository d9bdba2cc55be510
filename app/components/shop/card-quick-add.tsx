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
      <button
        type="button"
        disabled
        className="relative z-10 mt-3 flex w-full cursor-not-allowed items-center justify-center rounded-full border border-line bg-stone-100 px-4 py-2.5 text-sm font-medium text-stone-500"
      >
        Sold out in this colour
      </button>
    );
  }
  return <QuickAdd product={styleSoldOut(style) ? { ...shown, inventory: 0 } : shown} />;
}
