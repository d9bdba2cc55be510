import { useClientStore } from "~/components/cart/client-store";
import { useShop } from "~/components/use-root-data";
import type { CartItem } from "~/modules/cart/cart-rules";
import type { Destination, ShippingMethod } from "~/modules/pricing/pricing";
import { NO_DISCOUNTS, priceCartItems } from "~/modules/promotions/cart-discounts";
import type { CartPricing } from "~/modules/promotions/discount-engine";

/**
 * The cart priced as the server will price it: the owner's rates and tax, and the discounts the server
 * handed out (the live offers, the applied code). Without a shipping method (the panel), no shipping.
 */
export function useCartPricing(
  items: readonly CartItem[],
  options: { method?: ShippingMethod; destination?: Destination | null } = {},
): CartPricing & { priceOf: (method: ShippingMethod) => CartPricing } {
  const shop = useShop();
  const discounts = useClientStore((s) => s.discounts) ?? NO_DISCOUNTS;
  const priceOf = (method?: ShippingMethod) =>
    priceCartItems(items, discounts, {
      pricing: shop.shipping,
      timeZone: shop.timeZone,
      method,
      destination: options.destination,
    });
  return { ...priceOf(options.method), priceOf };
}
