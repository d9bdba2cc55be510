import { useCallback } from "react";
import { toast } from "sonner";
import { useClientStore } from "~/lib/client-store";

export interface AddToCartInput {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  image: string;
  size?: string;
  color?: string;
  quantity: number;
}

/** Adds a line to the cart and says so with the spec's toast ('{name} added to cart!'). */
export function useAddToCart() {
  const addToCart = useClientStore((s) => s.addToCart);
  return useCallback(
    (item: AddToCartInput) => {
      addToCart({
        id: item.id,
        name: item.name,
        slug: item.slug,
        price: item.priceCents,
        image: item.image,
        size: item.size,
        color: item.color,
        quantity: item.quantity,
      });
      toast.success(`${item.name} added to cart!`);
    },
    [addToCart],
  );
}
