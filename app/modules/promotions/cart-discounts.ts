import type { CartItem } from "~/modules/cart/cart-rules";
import type { Destination, PricingRules, ShippingMethod } from "~/modules/pricing/pricing";
import { priceCart, type CartPricing, type CodeEntry, type DiscountRule, type ShopperFacts } from "./discount-engine";

/**
 * The discounts a cart is priced with in the browser (`/api/cart/price` hands them out): the live
 * automatic offers, the applied code's discount or why it cannot be used, and what the server knows of
 * the shopper. Counts and limits stay on the server.
 */
export interface DiscountContext {
  offers: DiscountRule[];
  code: CodeEntry | null;
  shopper: ShopperFacts;
}

export const NO_DISCOUNTS: DiscountContext = {
  offers: [],
  code: null,
  shopper: { firstOrder: null, usesOfCode: null },
};

/** The cart's lines as the engine reads them: the price, compare-at price and categories the server last gave. */
export function discountLinesOf(items: readonly CartItem[]) {
  return items.map((i) => ({
    productId: i.id,
    categoryIds: i.categories ?? [],
    unitPriceCents: i.price,
    compareAtCents: i.compareAt ?? null,
    quantity: i.quantity,
  }));
}

/** A cart priced with its discounts: the panel's (no method yet) or the checkout's summary. */
export function priceCartItems(
  items: readonly CartItem[],
  context: DiscountContext,
  options: {
    pricing: PricingRules;
    timeZone: string;
    method?: ShippingMethod;
    destination?: Destination | null;
    now?: number;
  },
): CartPricing {
  return priceCart({
    lines: discountLinesOf(items),
    code: context.code,
    offers: context.offers,
    shopper: context.shopper,
    pricing: options.pricing,
    method: options.method,
    destination: options.destination,
    now: options.now ?? Date.now(),
    timeZone: options.timeZone,
  });
}
