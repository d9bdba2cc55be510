import { describe, expect, it } from "vitest";
import {
  addItem as addTo,
  blockingLines,
  itemCount,
  limitMessage,
  lineLimit,
  lineVariantOption,
  optionProblem,
  OPTION_MESSAGES,
  problemText,
  productsOverLimit,
  quantityElsewhere,
  quantityProblem,
  removeItem,
  setQuantity as setIn,
  soldOutMessage,
  stockNote,
  type CartItem,
} from "~/modules/cart/cart-rules";

const tee = { id: "p1", name: "Tee", price: 2500, image: "/t.svg", quantity: 1 };
/** The default of MAX_QTY_PER_PRODUCT. */
const MAX = 10;
const addItem = (items: readonly CartItem[], item: Parameters<typeof addTo>[1]) => addTo(items, item, MAX);
const setQuantity = (items: readonly CartItem[], line: Parameters<typeof setIn>[1], quantity: number) =>
  setIn(items, line, quantity, MAX);

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
  it("never holds more than the known stock, or the per-product cap (MAX_QTY_PER_PRODUCT)", () => {
    let cart = addItem([], { ...tee, quantity: 5, inventory: 3 });
    expect(cart[0]!.quantity).toBe(3);
    cart = addItem(cart, { ...tee, quantity: 1, inventory: 3 });
    expect(cart[0]!.quantity).toBe(3);
    expect(setQuantity(cart, { id: "p1", size: "M", color: "Default" }, 10)[0]!.quantity).toBe(3);
    expect(addItem([], { ...tee, quantity: 500 })[0]!.quantity).toBe(MAX);
    expect(addTo([], { ...tee, quantity: 500 }, 4)[0]!.quantity).toBe(4);
    expect(lineLimit({ inventory: 150 }, MAX)).toBe(MAX);
    expect(lineLimit({}, MAX)).toBe(MAX);
    expect(lineLimit({ inventory: 3 }, MAX)).toBe(3);
  });
  it("counts the cap over all sizes and colours of a product", () => {
    let cart = addItem([], { ...tee, size: "S", color: "Black", quantity: 6 });
    cart = addItem(cart, { ...tee, size: "M", color: "Black", quantity: 6 });
    cart = addItem(cart, { ...tee, id: "p2", size: "M", color: "Black", quantity: 6 });
    expect(cart.map((i) => [i.id, i.size, i.quantity])).toEqual([
      ["p1", "S", 6],
      ["p1", "M", 4],
      ["p2", "M", 6],
    ]);
    expect(quantityElsewhere(cart, { id: "p1", size: "M", color: "Black" })).toBe(6);
    expect(lineLimit({ inventory: 50 }, MAX, 6)).toBe(4);
    // Full: a third size adds nothing.
    expect(addItem(cart, { ...tee, size: "L", color: "Black" })).toEqual(cart);
    expect(setQuantity(cart, { id: "p1", size: "M", color: "Black" }, 9)[1]!.quantity).toBe(4);
  });
  it("says how many are left, or the per-product cap, whichever stopped the quantity", () => {
    expect(limitMessage(3, MAX)).toBe("Only 3 left in stock");
    expect(limitMessage(500, MAX)).toBe("You can add at most 10 of this item");
    expect(limitMessage(undefined, MAX)).toBe("You can add at most 10 of this item");
    // Other sizes hold 8 of the 10: the cap stops it before the 3 in stock.
    expect(limitMessage(3, MAX, 8)).toBe("You can add at most 10 of this item");
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

describe("quantityProblem: a whole number from 1 to the per-product cap, refused otherwise", () => {
  it("accepts 1 to the cap", () => {
    expect(quantityProblem(1, MAX)).toBeNull();
    expect(quantityProblem(MAX, MAX)).toBeNull();
  });
  it("refuses fractions, zero and less, and anything above the cap, however large", () => {
    expect(quantityProblem(2.5, MAX)).toBe("Quantity must be a whole number");
    expect(quantityProblem(Number.NaN, MAX)).toBe("Quantity must be a whole number");
    expect(quantityProblem(Number.POSITIVE_INFINITY, MAX)).toBe("Quantity must be a whole number");
    expect(quantityProblem(0, MAX)).toBe("Quantity must be at least 1");
    expect(quantityProblem(-3, MAX)).toBe("Quantity must be at least 1");
    expect(quantityProblem(11, MAX)).toBe("You can add at most 10 of this item");
    expect(quantityProblem(1e9, MAX)).toBe("You can add at most 10 of this item");
  });
});

describe("productsOverLimit: the per-product cap of an order", () => {
  it("adds up a product's lines over sizes and colours", () => {
    const lines = [
      { productId: "a", quantity: 6 },
      { productId: "b", quantity: 10 },
      { productId: "a", quantity: 5 },
      { productId: "c", quantity: 1e9 },
    ];
    expect(productsOverLimit(lines, MAX)).toEqual(["a", "c"]);
    expect(productsOverLimit(lines.slice(1, 2), MAX)).toEqual([]);
  });
});

describe("optionProblem: only the product's own sizes and colours", () => {
  const tee = { sizes: ["XS", "S", "M", "L", "XL"], colors: ["Black", "White"] };
  const bag = { sizes: [], colors: ["Black"] };
  const plain = { sizes: [], colors: [] };
  it("accepts the product's own options", () => {
    expect(optionProblem(tee, { size: "XS", color: "White" })).toBeNull();
    expect(optionProblem(bag, { size: null, color: "Black" })).toBeNull();
  });
  it("refuses a size or colour the product does not offer", () => {
    expect(optionProblem(tee, { size: "XXXXXL", color: "Chartreuse" })).toBe("size");
    expect(optionProblem(tee, { size: "L", color: "Chartreuse" })).toBe("color");
    expect(optionProblem(tee, { size: "l", color: "Black" })).toBe("size");
    expect(optionProblem(bag, { size: "XL", color: "Black" })).toBe("size");
    expect(optionProblem(plain, { size: "M", color: "Red" })).toBe("color");
  });
  it("reads a missing size or colour as the cart's default, which means none", () => {
    expect(optionProblem(plain, {})).toBeNull();
    expect(optionProblem(plain, { size: "M", color: "Default" })).toBeNull();
    expect(optionProblem(bag, { size: "M", color: " Black " })).toBeNull();
    // A product with colours needs one of them; "M" passes only where M is a size of the product.
    expect(optionProblem(tee, { size: "M" })).toBe("color");
    expect(optionProblem({ sizes: ["30", "32"], colors: ["Blue"] }, { color: "Blue" })).toBe("size");
  });
  it("has a message for each", () => {
    expect(OPTION_MESSAGES).toEqual({
      size: "This size is not available for this product",
      color: "This color is not available for this product",
    });
  });
});

describe("per size and colour (decisions.md §6)", () => {
  it("notes a line that stands at its size's stock, and only that line", () => {
    const atStock = { quantity: 3, inventory: 3, problem: null };
    expect(stockNote(atStock)).toBe("Only 3 left in stock");
    expect(stockNote({ ...atStock, quantity: 2 })).toBeNull();
    // No stock figure yet (a guest's line before the server answered): nothing to say.
    expect(stockNote({ quantity: 3, problem: null })).toBeNull();
    // The flag says more: the quantity was lowered, or the size is gone.
    expect(stockNote({ ...atStock, problem: "reduced" })).toBeNull();
    expect(stockNote({ quantity: 1, inventory: 0, problem: "out-of-stock" })).toBeNull();
    expect(stockNote({ quantity: 1, inventory: 0 })).toBeNull();
  });
  it("maps a line to its variant's option: a missing size or colour is the cart's default", () => {
    const tee = { sizes: ["S", "M"], colors: ["Black"] };
    expect(lineVariantOption(tee, { size: "S", color: "Black" })).toEqual({ size: "S", color: "Black" });
    // An order line stored without a size (null) is the cart's M, which this tee comes in.
    expect(lineVariantOption(tee, { size: null, color: " Black " })).toEqual({ size: "M", color: "Black" });
    expect(lineVariantOption({ sizes: ["30"], colors: [] }, { size: "30", color: "Default" })).toEqual({
      size: "30",
      color: "",
    });
    expect(lineVariantOption({ sizes: [], colors: [] }, {})).toEqual({ size: "", color: "" });
    expect(lineVariantOption({ sizes: [], colors: [] }, { size: "M", color: "Default" })).toEqual({
      size: "",
      color: "",
    });
  });
  it("names the sold-out size and colour, and says 'This product' for one without", () => {
    expect(soldOutMessage({ size: "M", color: "Black" })).toBe("Size M in Black is out of stock");
    expect(soldOutMessage({ size: "XL", color: "" })).toBe("Size XL is out of stock");
    expect(soldOutMessage({ size: "", color: "Navy" })).toBe("Navy is out of stock");
    expect(soldOutMessage({ size: "", color: "" })).toBe("This product is out of stock");
  });
  it("caps a line at its own size's stock while the per-product cap counts every size", () => {
    // Size M has 2 left, L plenty: M stops at 2, L takes what the cap leaves after M.
    let cart = addItem([], { ...tee, size: "M", quantity: 5, inventory: 2 });
    cart = addItem(cart, { ...tee, size: "L", quantity: 20, inventory: 40 });
    expect(cart.map((l) => [l.size, l.quantity])).toEqual([
      ["M", 2],
      ["L", 8],
    ]);
    expect(limitMessage(2, MAX, 8)).toBe("Only 2 left in stock");
  });
});
