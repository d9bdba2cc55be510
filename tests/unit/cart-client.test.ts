import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart as add, changeQuantity as change, refreshCart, removeFromCart } from "~/components/cart/cart-client";
import { useClientStore } from "~/components/cart/client-store";

/** The default of MAX_QTY_PER_PRODUCT. */
const MAX = 10;
const addToCart = (item: Parameters<typeof add>[0]) => add(item, MAX);
const changeQuantity = (line: Parameters<typeof change>[0], quantity: number) => change(line, quantity, MAX);

/** The guest cart as the browser keeps it (no server involved while signed out). */
const line = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  price: 1000,
  image: "/i.svg",
  quantity: 1,
  ...extra,
});

beforeEach(() => {
  useClientStore.setState({ cart: [], user: null });
});

describe("the browser cart of a guest", () => {
  it("adds to a matching line without size or colour, wherever it stands in the cart", async () => {
    await addToCart(line("cap"));
    await addToCart(line("tee", { size: "L", color: "Black" }));
    expect(await addToCart(line("cap", { quantity: 2 }))).toEqual({});
    expect(useClientStore.getState().cart.map((l) => [l.id, l.size, l.color, l.quantity])).toEqual([
      ["cap", "M", "Default", 3],
      ["tee", "L", "Black", 1],
    ]);
  });

  it("stops at the stock and says how many are left", async () => {
    expect(await addToCart(line("tee", { quantity: 2, inventory: 3 }))).toEqual({});
    expect(await addToCart(line("tee", { quantity: 2, inventory: 3 }))).toEqual({ message: "Only 3 left in stock" });
    expect(await addToCart(line("tee", { inventory: 3 }))).toEqual({ error: "Only 3 left in stock" });
    expect(await changeQuantity({ id: "tee", size: "M", color: "Default" }, 4)).toEqual({
      error: "Only 3 left in stock",
    });
    expect(useClientStore.getState().cart[0]!.quantity).toBe(3);
  });

  it("stops at the per-product cap over all sizes and colours, and says so", async () => {
    expect(await addToCart(line("tee", { size: "S", color: "Black", quantity: 6 }))).toEqual({});
    expect(await addToCart(line("tee", { size: "M", color: "Black", quantity: 6 }))).toEqual({
      message: "You can add at most 10 of this item",
    });
    expect(await addToCart(line("tee", { size: "L", color: "Black" }))).toEqual({
      error: "You can add at most 10 of this item",
    });
    expect(await changeQuantity({ id: "tee", size: "M", color: "Black" }, 5)).toEqual({
      error: "You can add at most 10 of this item",
    });
    expect(useClientStore.getState().cart.map((l) => [l.size, l.quantity])).toEqual([
      ["S", 6],
      ["M", 4],
    ]);
  });
});

describe("the cart of a signed-in shopper when the server does not answer (spec §9)", () => {
  let sent: Array<{ method: string; intent?: string }>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    // A server that never answers: each request hangs until the client gives up on it.
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      const body = typeof init.body === "string" ? (JSON.parse(init.body) as { intent?: string }) : {};
      sent.push({ method: init.method ?? "GET", intent: body.intent });
      return new Promise((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal!.reason), { once: true });
      });
    });
    useClientStore.setState({
      user: { id: "u1", email: "sam@example.com", fullName: "Sam", role: "customer" },
      cart: [{ ...line("tee"), slug: "tee", size: "M", color: "Black", quantity: 2, inventory: 20 }],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  async function outcomeOf<T>(promise: Promise<T>): Promise<T> {
    await vi.runAllTimersAsync();
    return promise;
  }

  const timedOutThrice = "Request timeout after 3 attempts. Please check your connection and try again.";
  const key = { id: "tee", size: "M", color: "Black" };

  it("a quantity change, a removal and a read are tried 3 times, then 'Request timeout after 3 attempts. …'", async () => {
    expect(await outcomeOf(changeQuantity(key, 3))).toEqual({ error: timedOutThrice });
    expect(await outcomeOf(removeFromCart(key))).toEqual({ error: timedOutThrice });
    expect(await outcomeOf(refreshCart())).toEqual({ error: timedOutThrice });
    expect(sent).toEqual([
      ...Array(3).fill({ method: "POST", intent: "set" }),
      ...Array(3).fill({ method: "POST", intent: "remove" }),
      ...Array(3).fill({ method: "GET", intent: undefined }),
    ]);
  });

  it("an add is sent once: a second attempt could add the quantity twice", async () => {
    const outcome = await outcomeOf(addToCart({ ...line("tee"), slug: "tee", size: "M", color: "Black" }));
    expect(outcome).toEqual({ error: "Request timed out. Please check your connection and try again." });
    expect(sent).toEqual([{ method: "POST", intent: "add" }]);
  });
});
