// Types only from the API contract: its Zod schema stays on the server and out of every page's scripts.
import type { CartRequest, CartResponse } from "~/modules/cart/cart-api";
import type { CartPriceResponse } from "~/modules/promotions/cart-price-api";
import {
  addItem,
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  guestLinesOf,
  limitMessage,
  lineLimit,
  quantityElsewhere,
  sameLine,
  setQuantity,
  type CartItem,
} from "~/modules/cart/cart-rules";
import { useClientStore, type StoredUser } from "./client-store";
import { FETCH_MESSAGES } from "~/lib/fetch-with-retry";
import { failureMessage, postJson, requestJson, type SendPolicy } from "~/lib/post-json";

/**
 * The cart as the browser works with it. Guests keep it in the persisted store only; for a
 * signed-in shopper the store mirrors the account's cart on the server: each change is shown at
 * once, sent to `/api/cart` (one request at a time, in order) and then replaced by what the
 * server answers, which has the current prices, the stock caps and the flags. `maxPerProduct` is the
 * shop's MAX_QTY_PER_PRODUCT (the root loader's configuration, `useMaxPerProduct()`).
 *
 * A slow or unreachable server (spec §9): reads and changes that are safe to send again (set a quantity,
 * remove, clear, preview) get 3 attempts of 15 s, then 'Request timeout after 3 attempts. …'; an add or
 * a merge is sent once (15 s), since the server may have carried out an attempt that timed out here and a
 * second one would add the quantity twice.
 */

export interface CartOutcome {
  /** Worth telling the shopper, though the change went through (a quantity was capped). */
  message?: string;
  /** The change failed; the cart shows the server's state again. */
  error?: string;
}

type NewLine = Omit<CartItem, "size" | "color"> & Partial<Pick<CartItem, "size" | "color">>;
type LineKey = Pick<CartItem, "id" | "size" | "color">;

const store = () => useClientStore.getState();
const signedIn = () => store().user !== null;

let queue: Promise<unknown> = Promise.resolve();
let lastTicket = 0;

/** Whether sending the request again is harmless. */
const REPEATABLE: Record<CartRequest["intent"], boolean> = {
  add: false,
  merge: false,
  set: true,
  remove: true,
  clear: true,
  preview: true,
};

/** The server answered, but not with a cart (a proxy's error page, say). */
class NoCartAnswer extends Error {}

/** What the shopper is told when a request failed: the time limit's message, or the network one. */
function problem(error: unknown): CartOutcome {
  return { error: error instanceof NoCartAnswer ? FETCH_MESSAGES.network : failureMessage(error) };
}

async function post(request: CartRequest): Promise<CartResponse> {
  const policy: SendPolicy = REPEATABLE[request.intent] ? "retry" : "once";
  const { status, body } = await postJson<CartResponse>("/api/cart", request, policy);
  if (!body || !Array.isArray(body.items)) throw new NoCartAnswer(`cart request failed (${status})`);
  return body;
}

/** Sends a change after the ones before it; the last answer to arrive in order wins. */
function send(request: CartRequest): Promise<CartOutcome> {
  const ticket = ++lastTicket;
  const run = queue.then(async (): Promise<CartOutcome> => {
    try {
      const body = await post(request);
      if (ticket === lastTicket) store().setCart(body.items);
      return { ...(body.message ? { message: body.message } : {}), ...(body.error ? { error: body.error } : {}) };
    } catch (error) {
      return problem(error);
    }
  });
  queue = run;
  return run;
}

/** Adds a line (spec §4: a matching line grows); quantities stop at the stock and the per-product cap. */
export async function addToCart(item: NewLine, maxPerProduct: number): Promise<CartOutcome> {
  const before = store().cart;
  const after = addItem(before, item, maxPerProduct);
  const key = { id: item.id, size: item.size || DEFAULT_SIZE, color: item.color || DEFAULT_COLOR };
  const was = before.find((l) => sameLine(l, key))?.quantity ?? 0;
  const now = after.find((l) => sameLine(l, key))?.quantity ?? 0;
  const limited = () => limitMessage(item.inventory, maxPerProduct, quantityElsewhere(before, key));
  if (now === was) return { error: limited() };
  store().setCart(after);
  const capped: CartOutcome = now < was + item.quantity ? { message: limited() } : {};
  if (!signedIn()) return capped;
  // What the rules let this add take: the server refuses a quantity above the cap rather than lowering
  // it (a reorder of more than the cap), and says so itself when its stock or cap stops it.
  const sent = await send({ intent: "add", productId: item.id, size: key.size, color: key.color, quantity: now - was });
  return sent.error || sent.message ? sent : capped;
}

/** Sets a line's quantity; zero or less removes it. */
export async function changeQuantity(line: LineKey, quantity: number, maxPerProduct: number): Promise<CartOutcome> {
  const cart = store().cart;
  const current = cart.find((l) => sameLine(l, line));
  if (!current) return {};
  const elsewhere = quantityElsewhere(cart, line);
  if (quantity > current.quantity && current.quantity >= lineLimit(current, maxPerProduct, elsewhere)) {
    return { error: limitMessage(current.inventory, maxPerProduct, elsewhere) };
  }
  const after = setQuantity(cart, line, quantity, maxPerProduct);
  store().setCart(after);
  if (!signedIn()) return {};
  // The quantity the rules allowed: a line above a cap lowered since comes down to it.
  const stored = after.find((l) => sameLine(l, line))?.quantity ?? 0;
  return send({ intent: "set", productId: line.id, size: line.size, color: line.color, quantity: stored });
}

export async function removeFromCart(line: LineKey): Promise<CartOutcome> {
  store().removeFromCart(line);
  if (!signedIn()) return {};
  return send({ intent: "remove", productId: line.id, size: line.size, color: line.color });
}

/** Reads the cart again: the account's, or the guest's re-priced and checked against the stock. */
export async function refreshCart(): Promise<CartOutcome> {
  if (signedIn()) {
    const ticket = ++lastTicket;
    try {
      const { status, body } = await requestJson<CartResponse>("/api/cart", { method: "GET" }, "retry");
      if (!body) throw new NoCartAnswer(`cart request failed (${status})`);
      if (status === 200 && Array.isArray(body.items) && ticket === lastTicket) store().setCart(body.items);
      return {};
    } catch (error) {
      return problem(error);
    }
  }
  const lines = store().cart;
  if (lines.length === 0) return {};
  const ticket = ++lastTicket;
  try {
    const body = await post({ intent: "preview", lines: guestLinesOf(lines) });
    // Only if the guest changed nothing meanwhile.
    if (ticket === lastTicket && !signedIn()) store().setCart(body.items);
    return {};
  } catch (error) {
    return problem(error);
  }
}

let rehydrated = false;

/**
 * Brings the browser's store in line with the server's session, on every page load and sign-in
 * or sign-out, and answers what the shopper should be told (the cart could not be read or merged). The persisted user says whose cart the stored lines are: a guest's lines are merged
 * into the account's once, at sign-in; a stale account's lines are dropped, never merged.
 */
export async function syncSession(user: StoredUser | null): Promise<CartOutcome> {
  if (!rehydrated) {
    rehydrated = true;
    await useClientStore.persist.rehydrate();
  }
  try {
    return await reconcile(user);
  } finally {
    store().setCartReady(true);
  }
}

async function reconcile(user: StoredUser | null): Promise<CartOutcome> {
  const stored = store();
  const previous = stored.user;
  if (!user) {
    // The session ended without a sign-out here: that cart belongs to the account, not this browser.
    if (previous) stored.clearAllUserData();
    return {};
  }
  stored.setUser(user);
  if (previous?.id === user.id) return refreshCart();
  const guestLines = previous === null ? stored.cart : [];
  stored.setCart([]);
  if (guestLines.length === 0) return refreshCart();
  const outcome = await send({ intent: "merge", lines: guestLinesOf(guestLines) });
  // Not merged (network): keep the guest's lines on screen rather than lose them.
  if (outcome.error) store().setCart(guestLines);
  return outcome;
}

/**
 * The cart priced with its discounts (`/api/cart/price`): the lines as the server has them (an
 * account's, or the guest's re-priced) and the rules the panel and the checkout price them with, for
 * the stored code or the one given. Answers the server's word on the code: why it cannot be used at all
 * (unknown, ended, used up…), or null.
 */
async function requestPricing(code: string | null): Promise<CartOutcome & { codeProblem?: string | null }> {
  const ticket = ++lastTicket;
  try {
    const lines = signedIn() ? undefined : guestLinesOf(store().cart);
    const { status, body } = await postJson<CartPriceResponse>("/api/cart/price", { lines, code }, "retry");
    if (!body || !Array.isArray(body.items)) throw new NoCartAnswer(`cart request failed (${status})`);
    if (status !== 200 || !body.discounts) return { error: body.error ?? FETCH_MESSAGES.network };
    if (ticket === lastTicket && (signedIn() || store().cart.length > 0)) store().setCart(body.items);
    const entry = body.discounts.code;
    const codeProblem = entry && "problem" in entry ? entry.problem : null;
    store().setDiscounts(body.discounts);
    return { codeProblem };
  } catch (error) {
    return problem(error);
  }
}

/** Reads the cart and its discounts again, with the code the shopper applied. */
export async function refreshPricing(): Promise<CartOutcome> {
  if (!signedIn() && store().cart.length === 0) return {};
  const outcome = await requestPricing(store().discountCode);
  return outcome.error ? { error: outcome.error } : {};
}

/**
 * Applies a discount code: kept when the server knows it and it can be used (a cart that does not
 * qualify yet keeps it, and the summary says what is missing); refused with the reason otherwise.
 */
export async function applyDiscountCode(code: string): Promise<CartOutcome> {
  const typed = code.trim();
  if (typed === "") return { error: "Enter a discount code" };
  const outcome = await requestPricing(typed);
  if (outcome.error) return { error: outcome.error };
  if (outcome.codeProblem) {
    // The rules stay the cart's without this code.
    const current = store().discounts;
    if (current) store().setDiscounts({ ...current, code: null });
    return { error: outcome.codeProblem };
  }
  store().setDiscountCode(typed.toUpperCase());
  return {};
}

/** Takes the code off the cart (nothing to ask the server: the offers stay as they are). */
export function removeDiscountCode(): void {
  store().setDiscountCode(null);
  const current = store().discounts;
  if (current) store().setDiscounts({ ...current, code: null });
}
