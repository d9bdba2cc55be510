import { createHmac } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { isOrderNumberShape } from "./order-details.server";

/**
 * The proof that this browser placed an order (decisions.md §3, order confirmation): a signed,
 * httpOnly, SameSite=Lax cookie listing the order numbers placed here, newest last. The
 * confirmation page shows an order to its owner, an admin, or a browser holding this cookie.
 */
/**
 * Deliberately outside the "abundance" prefix that marks a request personal: the pages the guest
 * page cache serves never read it, so a shopper who ordered keeps getting cached catalogue pages.
 */
export const PLACED_ORDERS_COOKIE = "ac_placed_orders";
/** How many order numbers the cookie keeps (the most recent ones). */
export const MAX_PLACED_ORDERS = 20;
/**
 * How long the cookie lasts: long enough to come back to the confirmation page after paying, short
 * enough that the next person at a shared computer does not find the buyer's address there.
 */
export const PLACED_ORDERS_MAX_AGE_SECONDS = 4 * 60 * 60;

/**
 * The cookie of each auth secret seen. A process has one secret; a test process starts servers with a few.
 * Kept to the last `MAX_COOKIE_SECRETS`, so no number of secrets grows it without bound.
 */
const cookies = new Map<string, Cookie>();
const MAX_COOKIE_SECRETS = 4;

/**
 * The cookie, signed with a key derived from the auth secret for this one purpose, so that a value
 * signed here is never a valid signature of anything else (the session cookie uses the secret itself).
 */
function placedOrdersCookie(authSecret: string): Cookie {
  let cookie = cookies.get(authSecret);
  if (!cookie) {
    const key = createHmac("sha256", authSecret).update("abundance:placed-orders-cookie").digest("base64url");
    cookie = createCookie(PLACED_ORDERS_COOKIE, {
      secrets: [key],
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: PLACED_ORDERS_MAX_AGE_SECONDS,
    });
    if (cookies.size >= MAX_COOKIE_SECRETS) cookies.delete(cookies.keys().next().value!);
    cookies.set(authSecret, cookie);
  }
  return cookie;
}

function isHttps(request: Request): boolean {
  try {
    return new URL(request.url).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The order numbers this browser placed, oldest first; [] when there is no cookie or its signature
 * does not hold (tampered, unsigned, signed with another secret).
 */
export async function placedOrderNumbers(request: Request, authSecret: string): Promise<string[]> {
  let value: unknown;
  try {
    value = await placedOrdersCookie(authSecret).parse(request.headers.get("cookie"));
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((n): n is string => typeof n === "string" && isOrderNumberShape(n)).slice(-MAX_PLACED_ORDERS);
}

/**
 * Adds an order number to this browser's placed orders (keeping the last 20) and answers the
 * Set-Cookie header value to send with the response. `Secure` when the request came over https.
 */
export async function rememberPlacedOrder(request: Request, orderNumber: string, authSecret: string): Promise<string> {
  if (!isOrderNumberShape(orderNumber)) throw new TypeError(`Not an order number: ${orderNumber.slice(0, 40)}`);
  const numbers = (await placedOrderNumbers(request, authSecret)).filter((n) => n !== orderNumber);
  numbers.push(orderNumber);
  return placedOrdersCookie(authSecret).serialize(numbers.slice(-MAX_PLACED_ORDERS), { secure: isHttps(request) });
}

/** The Set-Cookie header value that removes the cookie (at sign-out: the orders go with the session). */
export function forgetPlacedOrders(request: Request, authSecret: string): Promise<string> {
  return placedOrdersCookie(authSecret).serialize([], { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}
