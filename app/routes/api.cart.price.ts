import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { toCartItems } from "~/modules/cart/cart-api";
import { cartPriceRequestSchema, type CartPriceResponse } from "~/modules/promotions/cart-price-api";
import { getCart, previewGuestCart } from "~/modules/cart/server-cart.server";
import { priceCartItems } from "~/modules/promotions/cart-discounts";
import { discountContext } from "~/modules/promotions/discount-reads.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.cart.price";

/**
 * `/api/cart/price` (issue 28): the cart with its discounts — the automatic offers that apply, the code
 * the shopper typed or why it does not — and the rules the browser re-prices it with when a shipping
 * method or address is chosen. Nothing is stored; the order is priced again when it is placed.
 */
const noStore = { "Cache-Control": "private, no-store" };

function reply(body: CartPriceResponse, status = 200) {
  return data(body, { status, headers: noStore });
}

export async function loader() {
  return reply({ items: [], error: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ items: [], error: "Method not allowed" }, 405);
  try {
    const parsed = cartPriceRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return reply({ items: [], error: "Invalid cart request" }, 400);
    const { database, config, settings, sessions, offers } = services();
    const db = database.db;
    const [user, shop] = await Promise.all([sessions.user(request), settings.read()]);
    const now = Date.now();
    const [lines, discounts] = await Promise.all([
      user
        ? getCart(db, user.id)
        : previewGuestCart(db, parsed.data.lines ?? [], config.orderLimits.maxQuantityPerProduct),
      discountContext(db, offers, {
        code: parsed.data.code,
        userId: user?.id ?? null,
        now,
        timeZone: shop.store.timeZone,
      }),
    ]);
    const items = toCartItems(lines);
    const pricing = priceCartItems(items, discounts, { pricing: shop.shipping, timeZone: shop.store.timeZone, now });
    return reply({ items, discounts, pricing });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "cart" });
    return reply({ items: [], error: message }, status);
  }
}
