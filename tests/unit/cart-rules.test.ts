import { describe, expect, it } from "vitest";
import {
  addItem,
  blockingLines,
  itemCount,
  limitMessage,
  lineLimit,
  problemText,
  removeItem,
  setQuantity,
  type CartItem,
} from "~/modules/cart/cart-rules";

const tee = { id: "p1", name: "Tee", price: 2500, image: "/t.svg", quantity: 1 };

describe("cart rules (spec §4)", () => {
  it("appends a new line with default size M and colour Default", () => {
    const cart = addItem([], tee);
    expect(cart).toEqual([{ ...tee, size: "M", color: "Default" }]);
  });
  it("adds to the quantity of a matching id + size + colour", () => {
    let cart: CartItem[] = addItem([], { ...tee, size: "L", color: "Black" });
    cart = addItem(cart, { ...tee, size: "L", color: "Black", quantity: 2 });
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(3);
  });
  it("keeps other sizes and colours as separate lines", () => {
    let cart: CartItem[] = addItem([], { ...tee, size: "L", color: "Black" });
    cart = addItem(cart, { ...tee, size: "M", color: "Black" });
    cart = addItem(cart, { ...tee, size: "L", color: "White" });
    expect(cart).toHaveLength(3);
    expect(itemCount(cart)).toBe(3);
  });
  it("ignores a non-positive or fractional quantity when adding", () => {
    expect(addItem([], { ...tee, quantity: 0 })).toEqual([]);
    expect(addItem([], { ...tee, quantity: 1.5 })).toEqual([]);
  });
  it("removes the matching line only", () => {
    let cart: CartItem[] = addItem([], { ...tee, size: "L", color: "Black" });
    cart = addItem(cart, { ...tee, size: "M", color: "Black" });
    cart = removeItem(cart, { id: "p1", size: "L", color: "Black" });
    expect(cart.map((i) => i.size)).toEqual(["M"]);
  });
  it("removes a line whose quantity is set to zero or less", () => {
    const cart = addItem([], { ...tee, size: "S", color: "Red" });
    expect(setQuantity(cart, { id: "p1", size: "S", color: "Red" }, 4)[0]!.quantity).toBe(4);
    expect(setQuantity(cart, { id: "p1", size: "S", color: "Red" }, 0)).toEqual([]);
    expect(setQuantity(cart, { id: "p1", size: "S", color: "Red" }, -2)).toEqual([]);
  });
  it("does not change the list it was given", () => {
    const cart = addItem([], tee);
    const before = structuredClone(cart);
    addItem(cart, tee);
    setQuantity(cart, cart[0]!, 5);
    removeItem(cart, cart[0]!);
    expect(cart).toEqual(before);
  });
});

describe("stock caps and flags", () => {
  it("never holds more than the known stock, or 99", () => {
    let cart = addItem([], { ...tee, quantity: 5, inventory: 3 });
    expect(cart[0]!.quantity).toBe(3);
    cart = addItem(cart, { ...tee, quantity: 1, inventory: 3 });
    expect(cart[0]!.quantity).toBe(3);
    expect(setQuantity(cart, { id: "p1", size: "M", color: "Default" }, 10)[0]!.quantity).toBe(3);
    expect(addItem([], { ...tee, quantity: 500 })[0]!.quantity).toBe(99);
    expect(lineLimit({ inventory: 150 })).toBe(99);
    expect(lineLimit({})).toBe(99);
  });
  it("says how many are left, or the per-line limit", () => {
    expect(limitMessage(3, 3)).toBe("Only 3 left in stock");
    expect(limitMessage(99, 500)).toBe("You can add at most 99 of this item");
  });
  it("a newer stock figure on a later add replaces the older one", () => {
    let cart = addItem([], { ...tee, quantity: 2, inventory: 10 });
    cart = addItem(cart, { ...tee, quantity: 5, inventory: 4 });
    expect(cart[0]).toMatchObject({ quantity: 4, inventory: 4 });
  });
  it("flags lines the server marked, and only unavailable or sold-out lines block a checkout", () => {
    const lines: CartItem[] = [
      { ...tee, size: "M", color: "Default", problem: null },
      { ...tee, id: "p2", size: "M", color: "Default", problem: "reduced", inventory: 2 },
      { ...tee, id: "p3", size: "M", color: "Default", problem: "unavailable" },
      { ...tee, id: "p4", size: "M", color: "Default", problem: "out-of-stock", inventory: 0 },
    ];
    expect(lines.map(problemText)).toEqual([
      null,
      "Only 2 left: quantity lowered",
      "No longer available",
      "Out of stock",
    ]);
    expect(blockingLines(lines).map((l) => l.id)).toEqual(["p3", "p4"]);
  });
});
