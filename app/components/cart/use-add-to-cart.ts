import { useCallback } from "react";
import { toast } from "sonner";
import { addToCart } from "~/components/cart/cart-client";
import { useMaxPerProduct } from "~/components/use-root-data";
import { reportCartOutcome } from "./report-cart-outcome";

export interface AddToCartInput {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  image: string;
  size?: string;
  color?: string;
  quantity: number;
  /** Stock of the chosen size and colour (its variant) as the page shows it; the line never holds more. */
  inventory?: number;
}

/**
 * Adds a line to the cart and says so with the spec's toast ('{name} added to cart!'), or why
 * less (or nothing) was added.
 */
export function useAddToCart() {
  const maxPerProduct = useMaxPerProduct();
  return useCallback(
    async (item: AddToCartInput) => {
      const outcome = await addToCart(
        {
          id: item.id,
          name: item.name,
          slug: item.slug,
          price: item.priceCents,
          image: item.image,
          size: item.size,
          color: item.color,
          quantity: item.quantity,
          ...(item.inventory === undefined ? {} : { inventory: item.inventory }),
        },
        maxPerProduct,
      );
      if (!reportCartOutcome(outcome)) toast.success(`${item.name} added to cart!`);
    },
    [maxPerProduct],
  );
}
