import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { services } from "~/services.server";
import { cartRequestSchema, toCartItems, type CartResponse } from "~/modules/cart/cart-api";
import {
  addLine,
  clearCart,
  getCart,
  mergeGuestCart,
  previewGuestCart,
  removeLine,
  setQuantity,
} from "~/modules/cart/server-cart.server";
import type { Route } from "./+types/api.cart";

/**
 * `/api/cart`: the signed-in shopper's cart on the server (GET reads it, POST changes it), and the
 * re-pricing of a guest's browser cart. Every answer carries the whole cart as the database has it.
 */
const noStore = { "Cache-Control": "private, no-store" };
const SIGN_IN_FIRST = "Please sign in to keep a cart on your account";

function reply(body: CartResponse, status = 200) {
  return data(body, { status, headers: noStore });
}

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await services().sessions.user(request);
    if (!user) return reply({ items: [], error: SIGN_IN_FIRST }, 401);
    return reply({ items: toCartItems(await getCart(services().database.db, user.id)) });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "cart" });
    return reply({ items: [], error: message }, status);
  }
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ items: [], error: "Method not allowed" }, 405);
  const db = services().database.db;
  const max = services().config.orderLimits.maxQuantityPerProduct;
  let userId: string | undefined;
  try {
    const parsed = cartRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return reply({ items: [], error: "Invalid cart request" }, 400);
    const body = parsed.data;
    if (body.intent === "preview") return reply({ items: toCartItems(await previewGuestCart(db, body.lines, max)) });

    const user = await services().sessions.user(request);
    if (!user) return reply({ items: [], error: SIGN_IN_FIRST }, 401);
    userId = user.id;
    let message: string | undefined;
    switch (body.intent) {
      case "add":
        message = (await addLine(db, user.id, body, max)).message ?? undefined;
        break;
      case "set":
        message = (await setQuantity(db, user.id, body, body.quantity, max)).message ?? undefined;
        break;
      case "remove":
        await removeLine(db, user.id, body);
        break;
      case "clear":
        await clearCart(db, user.id);
        break;
      case "merge":
        return reply({ items: toCartItems(await mergeGuestCart(db, user.id, body.lines, max)) });
    }
    return reply({ items: toCartItems(await getCart(db, user.id)), ...(message ? { message } : {}) });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "cart" });
    // The answer carries the cart as it is now, so the browser's copy stays the server's.
    const items = userId && status < 500 ? toCartItems(await getCart(db, userId)) : [];
    return reply({ items, error: message }, status);
  }
}
