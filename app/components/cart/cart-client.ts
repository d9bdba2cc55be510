// Types only from the API contract: its Zod schema stays on the server and out of every page's scripts.
import type { CartRequest, CartResponse } from "~/modules/cart/cart-api";
import {
  addItem,
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  guestLinesOf,
  limitMessage,
  lineLimit,
  sameLine,
  type CartItem,
} from "~/modules/cart/cart-rules";
import { useClientStore, type StoredUser } from "./client-store";
import { postJson } from "~/lib/post-json";

/**
 * The cart as the browser works with it. Guests keep it in the persisted store only; for a
 * signed-in shopper the store mirrors the account's cart on the server: each change is shown at
 * once, sent to `/api/cart` (one request at a time, in order) and then replaced by what the
 * server answers, which has the current prices, the stock caps and the flags.
 */

export interface CartOutcome {
  /** Worth telling the shopper, though the change went through (a quantity was capped). */
  message?: string;
  /** The change failed; the cart shows the server's state again. */
  error?: string;
}

type NewLine = Omit<CartItem, "size" | "color"> & Partial<Pick<CartItem, "size" | "color">>;
type LineKey = Pick<CartItem, "id" | "size" | "color">;

const NETWORK_ERROR = "Network error. Please check your connection.";
const store = () => useClientStore.getState();
const signedIn = () => store().user !== null;

let queue: Promise<unknown> = Promise.resolve();
let lastTicket = 0;

async function post(request: CartRequest): Promise<CartResponse> {
  const { status, body } = await postJson<CartResponse>("/api/cart", request);
  if (!body || !Array.isArray(body.items)) throw new Error(`cart request failed (${status})`);
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
    } catch {
      return { error: NETWORK_ERROR };
    }
  });
  queue = run;
  return run;
}

/** Adds a line (spec §4: a matching line grows); quantities stop at the stock. */
export async function addToCart(item: NewLine): Promise<CartOutcome> {
  const before = store().cart;
  const after = addItem(before, item);
  const key = { id: item.id, size: item.size || DEFAULT_SIZE, color: item.color || DEFAULT_COLOR };
  const was = before.find((l) => sameLine(l, key))?.quantity ?? 0;
  const now = after.find((l) => sameLine(l, key))?.quantity ?? 0;
  if (now === was) {
    return { error: limitMessage(lineLimit(item), item.inventory) };
  }
  store().setCart(after);
  if (!signedIn()) {
    return now < was + item.quantity ? { message: limitMessage(lineLimit(item), item.inventory) } : {};
  }
  return send({ intent: "add", productId: item.id, size: key.size, color: key.color, quantity: item.quantity });
}

/** Sets a line's quantity; zero or less removes it. */
export async function changeQuantity(line: LineKey, quantity: number): Promise<CartOutcome> {
  const current = store().cart.find((l) => sameLine(l, line));
  if (!current) return {};
  if (quantity > current.quantity && current.quantity >= lineLimit(current)) {
    return { error: limitMessage(lineLimit(current), current.inventory) };
  }
  store().updateQuantity(line, quantity);
  if (!signedIn()) return {};
  return send({ intent: "set", productId: line.id, size: line.size, color: line.color, quantity });
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
      const response = await fetch("/api/cart", {
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      const body = (await response.json()) as CartResponse;
      if (response.ok && ticket === lastTicket) store().setCart(body.items);
      return {};
    } catch {
      return { error: NETWORK_ERROR };
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
  } catch {
    return { error: NETWORK_ERROR };
  }
}

let rehydrated = false;

/**
 * Brings the browser's store in line with the server's session, on every page load and sign-in
 * or sign-out. The persisted user says whose cart the stored lines are: a guest's lines are merged
 * into the account's once, at sign-in; a stale account's lines are dropped, never merged.
 */
export async function syncSession(user: StoredUser | null): Promise<void> {
  if (!rehydrated) {
    rehydrated = true;
    await useClientStore.persist.rehydrate();
  }
  try {
    await reconcile(user);
  } finally {
    store().setCartReady(true);
  }
}

async function reconcile(user: StoredUser | null): Promise<void> {
  const stored = store();
  const previous = stored.user;
  if (!user) {
    // The session ended without a sign-out here: that cart belongs to the account, not this browser.
    if (previous) stored.clearAllUserData();
    return;
  }
  stored.setUser(user);
  if (previous?.id === user.id) {
    await refreshCart();
    return;
  }
  const guestLines = previous === null ? stored.cart : [];
  stored.setCart([]);
  if (guestLines.length === 0) {
    await refreshCart();
    return;
  }
  const outcome = await send({ intent: "merge", lines: guestLinesOf(guestLines) });
  // Not merged (network): keep the guest's lines on screen rather than lose them.
  if (outcome.error) store().setCart(guestLines);
}
