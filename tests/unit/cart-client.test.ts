import { beforeEach, describe, expect, it } from "vitest";
import { addToCart, changeQuantity } from "~/components/cart/cart-client";
import { useClientStore } from "~/components/cart/client-store";

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
});
