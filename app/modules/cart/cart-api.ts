import { z } from "zod";
import type { CartItem } from "./cart-rules";
// Type only: erased from the browser bundle.
import type { CartLine } from "./server-cart.server";

/**
 * The contract of `/api/cart` (shared by the route and the browser): what may be asked, and the
 * shape of the answer. Only ids, sizes, colours and quantities travel to the server; names, images
 * and prices always come back from the database.
 */
const lineKey = {
  productId: z.string().min(1).max(100),
  size: z.string().max(40).nullish(),
  color: z.string().max(40).nullish(),
};

export const guestLine = z.object({
  id: z.string().max(100),
  size: z.string().max(40).nullish(),
  color: z.string().max(40).nullish(),
  quantity: z.number(),
});

// Any number: whether it is a quantity the shop takes is the cart's rule (quantityProblem), with its message.
export const cartRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...lineKey, quantity: z.number() }),
  z.object({ intent: z.literal("set"), ...lineKey, quantity: z.number() }),
  z.object({ intent: z.literal("remove"), ...lineKey }),
  z.object({ intent: z.literal("clear") }),
  /** Signing in: fold the browser's guest cart into the account's. */
  z.object({ intent: z.literal("merge"), lines: z.array(guestLine).max(200) }),
  /** A guest's cart, re-priced and checked; nothing is stored. */
  z.object({ intent: z.literal("preview"), lines: z.array(guestLine).max(200) }),
]);

export type CartRequest = z.infer<typeof cartRequestSchema>;

export interface CartResponse {
  items: CartItem[];
  /** Something the shopper should know (a quantity was capped), or why the change failed. */
  message?: string;
  error?: string;
}

export function toCartItems(lines: readonly CartLine[]): CartItem[] {
  return lines.map((l) => ({
    id: l.productId,
    name: l.name,
    slug: l.slug,
    price: l.priceCents,
    image: l.image,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
    inventory: l.inventory,
    problem: l.problem,
    compareAt: l.compareAtCents,
    categories: l.categoryIds,
  }));
}
