import { z } from "zod";
import { guestLine, type CartResponse } from "~/modules/cart/cart-api";
import type { DiscountContext } from "./cart-discounts";
import type { CartPricing } from "./discount-engine";

/** `/api/cart/price`: a cart priced with its discounts (a guest sends its lines; an account's are the server's). */
export const cartPriceRequestSchema = z.object({
  lines: z.array(guestLine).max(200).optional(),
  code: z.string().trim().max(64).nullish(),
});

export type CartPriceRequest = z.infer<typeof cartPriceRequestSchema>;

export interface CartPriceResponse extends CartResponse {
  /** The rules the browser prices the cart with, for any shipping method and destination. */
  discounts?: DiscountContext;
  /** The cart priced by the server, with no shipping method chosen yet. */
  pricing?: CartPricing;
}
