import { DomainError } from "~/lib/domain-error";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, carts, products, productVariants, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import * as cart from "~/modules/cart/server-cart.server";
import { clearCart, getCart, linesToOrder, removeLine, removeOrderedLines } from "~/modules/cart/server-cart.server";
import { setProductStock } from "../support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let db: Db;
type P = { id: string; priceCents: number; name: string; slug: string };
/** A garment in sizes S–XL and colours Black and Red. */
let a: P;
/** Products without sizes or colours (the cart's defaults "M" and "Default" stand for none). */
let b: P;
let c: P;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
/** The default of MAX_QTY_PER_PRODUCT. */
const MAX = 10;
/** One of a's own size and colour. */
const A = { size: "M", color: "Black" } as const;

const addLine = (userId: string, input: Parameters<typeof cart.addLine>[2], max = MAX) =>
  cart.addLine(db, userId, input, max);
const setQuantity = (userId: string, line: Parameters<typeof cart.setQuantity>[2], quantity: number, max = MAX) =>
  cart.setQuantity(db, userId, line, quantity, max);
const mergeGuestCart = (userId: string, lines: Parameters<typeof cart.mergeGuestCart>[2], max = MAX) =>
  cart.mergeGuestCart(db, userId, lines, max);
const previewGuestCart = (lines: Parameters<typeof cart.previewGuestCart>[1], max = MAX) =>
  cart.previewGuestCart(db, lines, max);

/** The stock each variant of a product gets in beforeEach, and when its sizes or colours change. */
const STOCK = 50;

/**
 * Changes a product; `inventory` is the stock of each of its variants (size × colour), and new sizes or
 * colours make its variants again, each with `inventory` (else STOCK) units.
 */
async function setProduct(
  p: P,
  values: { inventory?: number; isActive?: boolean; priceCents?: number; sizes?: string[]; colors?: string[] },
) {
  const { inventory, sizes, colors, ...fields } = values;
  if (Object.keys(fields).length > 0) await db.update(products).set(fields).where(eq(products.id, p.id));
  if (sizes || colors) await setProductStock(db, p.id, inventory ?? STOCK, { sizes, colors });
  else if (inventory !== undefined) await setProductStock(db, p.id, inventory);
}

/** Sets the stock and own price of one variant of a product (its size and colour). */
async function setVariant(
  p: P,
  option: { size: string; color: string },
  values: { stock?: number; priceCents?: number | null },
) {
  await db.transaction(async (tx) => {
    // Every writer of a variant's stock holds its product's row first (docs/decisions/0023-variants.md).
    await tx.select({ id: products.id }).from(products).where(eq(products.id, p.id)).for("no key update");
    const changed = await tx
      .update(productVariants)
      .set(values)
      .where(
        and(
          eq(productVariants.productId, p.id),
          eq(productVariants.size, option.size),
          eq(productVariants.color, option.color),
        ),
      )
      .returning({ id: productVariants.id });
    expect(changed).toHaveLength(1);
  });
}

async function expectCartError(promise: Promise<unknown>, code: string, message: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).reason).toBe(code);
  expect((error as DomainError).message).toMatch(message);
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "u1", name: "U", email: "u1@example.com" },
    { id: "u2", name: "V", email: "u2@example.com" },
  ]);
  const rows = await db
    .select({ id: products.id, priceCents: products.priceCents, name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.slug)
    .limit(3);
  [a, b, c] = rows as [P, P, P];
});
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  await db.delete(carts);
  for (const p of [a, b, c]) await setProduct(p, { isActive: true, priceCents: p.priceCents });
  await setProduct(a, { sizes: ["S", "M", "L", "XL"], colors: ["Black", "Red"] });
  for (const p of [b, c]) await setProduct(p, { sizes: [], colors: [] });
});

describe("addLine", () => {
  it("creates the cart, merges the same line and keeps a different size as a new line", async () => {
    expect(await getCart(db, "u1")).toEqual([]);
    expect((await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 2 })).quantity).toBe(2);
    expect((await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 3 })).quantity).toBe(5);
    expect((await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 1 })).quantity).toBe(1);
    expect((await addLine("u1", { productId: b.id, quantity: 1 })).quantity).toBe(1);
    const cart = await getCart(db, "u1");
    expect(cart.map((l) => [l.productId, l.size, l.color, l.quantity])).toEqual([
      [a.id, "L", "Black", 5],
      [a.id, "S", "Black", 1],
      [b.id, "M", "Default", 1],
    ]);
    expect(cart[0]).toMatchObject({
      name: a.name,
      slug: a.slug,
      priceCents: a.priceCents,
      inventory: 50,
      available: true,
      problem: null,
    });
    expect(typeof cart[0]!.image).toBe("string");
    expect(await db.select().from(carts).where(eq(carts.userId, "u1"))).toHaveLength(1);
  });

  it("caps the quantity at the stock and refuses a line already at it", async () => {
    await setProduct(a, { inventory: 3 });
    expect((await addLine("u1", { productId: a.id, ...A, quantity: 2 })).quantity).toBe(2);
    expect(await addLine("u1", { productId: a.id, ...A, quantity: 5 })).toEqual({
      quantity: 3,
      message: "Only 3 left in stock",
    });
    await expectCartError(
      addLine("u1", { productId: a.id, ...A, quantity: 1 }),
      "LIMIT_REACHED",
      "Only 3 left in stock",
    );
    await setProduct(b, { inventory: 8 });
    expect((await addLine("u1", { productId: b.id, quantity: 10 })).quantity).toBe(8);
  });

  it("caps a product's lines together at MAX_QTY_PER_PRODUCT, over its sizes and colours", async () => {
    await setProduct(c, { inventory: 500 });
    expect(await addLine("u1", { productId: c.id, quantity: 8 })).toEqual({ quantity: 8, message: null });
    expect(await addLine("u1", { productId: c.id, quantity: 5 })).toEqual({
      quantity: 10,
      message: "You can add at most 10 of this item",
    });
    await expectCartError(
      addLine("u1", { productId: c.id, quantity: 1 }),
      "LIMIT_REACHED",
      "You can add at most 10 of this item",
    );
    expect((await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 6 })).quantity).toBe(6);
    expect(await addLine("u1", { productId: a.id, size: "L", color: "Red", quantity: 6 })).toEqual({
      quantity: 4,
      message: "You can add at most 10 of this item",
    });
    await expectCartError(
      addLine("u1", { productId: a.id, size: "XL", color: "Red", quantity: 1 }),
      "LIMIT_REACHED",
      "You can add at most 10 of this item",
    );
    // The cap is the setting's: 3 for a shop that sets MAX_QTY_PER_PRODUCT=3.
    expect((await addLine("u2", { productId: c.id, quantity: 3 }, 3)).quantity).toBe(3);
    await expectCartError(addLine("u2", { productId: c.id, quantity: 1 }, 3), "LIMIT_REACHED", "at most 3");
  });

  it("refuses, never lowers, a quantity that is not a whole number from 1 to the cap", async () => {
    for (const [quantity, message] of [
      [1e9, "You can add at most 10 of this item"],
      [11, "You can add at most 10 of this item"],
      [2.5, "Quantity must be a whole number"],
      [0, "Quantity must be at least 1"],
      [-4, "Quantity must be at least 1"],
    ] as const) {
      await expectCartError(addLine("u1", { productId: b.id, quantity }), "INVALID_QUANTITY", message);
    }
    expect(await getCart(db, "u1")).toEqual([]);
  });

  it("takes only the product's own sizes and colours", async () => {
    await expectCartError(
      addLine("u1", { productId: a.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 }),
      "UNKNOWN_OPTION",
      "This size is not available for this product",
    );
    await expectCartError(
      addLine("u1", { productId: a.id, size: "M", color: "Chartreuse", quantity: 1 }),
      "UNKNOWN_OPTION",
      "This color is not available for this product",
    );
    // Without a colour the line would be "Default", which a product with colours does not offer.
    await expectCartError(addLine("u1", { productId: a.id, size: "M", quantity: 1 }), "UNKNOWN_OPTION", /color/);
    // A product without sizes takes none (the default "M"), not a made-up one.
    await expectCartError(addLine("u1", { productId: b.id, size: "XL", quantity: 1 }), "UNKNOWN_OPTION", /size/);
    expect(await getCart(db, "u1")).toEqual([]);
    expect((await addLine("u1", { productId: b.id, size: "", color: null, quantity: 1 })).quantity).toBe(1);
  });

  it("refuses unknown, inactive and out-of-stock products with clear messages", async () => {
    await expectCartError(
      addLine("u1", { productId: UNKNOWN, quantity: 1 }),
      "UNKNOWN_PRODUCT",
      "This product is no longer available",
    );
    await setProduct(a, { isActive: false });
    await expectCartError(
      addLine("u1", { productId: a.id, quantity: 1 }),
      "UNAVAILABLE",
      "This product is no longer available",
    );
    await setProduct(b, { inventory: 0 });
    await expectCartError(
      addLine("u1", { productId: b.id, quantity: 1 }),
      "OUT_OF_STOCK",
      "This product is out of stock",
    );
    expect(await getCart(db, "u1")).toEqual([]);
  });

  it("validates its input", async () => {
    await expectCartError(addLine("u1", { productId: "not-a-uuid", quantity: 1 }), "INVALID_INPUT", /productId/);
    await expectCartError(addLine("u1", { productId: a.id, ...A, quantity: 0 }), "INVALID_QUANTITY", /Quantity/);
    await expectCartError(
      addLine("u1", { productId: a.id, size: "x".repeat(41), quantity: 1 }),
      "INVALID_INPUT",
      /size/,
    );
    await expectCartError(addLine("", { productId: a.id, quantity: 1 }), "INVALID_INPUT", /user/);
  });

  it("ignores any name or price the caller sends", async () => {
    const input = { productId: a.id, ...A, quantity: 1, priceCents: 1, name: "Free" } as Parameters<typeof addLine>[1];
    await addLine("u1", input);
    const [line] = await getCart(db, "u1");
    expect(line).toMatchObject({ name: a.name, priceCents: a.priceCents });
  });
});

describe("setQuantity, removeLine, clearCart", () => {
  it("sets, caps with a flag, and removes at zero or less", async () => {
    const aL = { productId: a.id, size: "L", color: "Black" };
    await addLine("u1", { ...aL, quantity: 1 });
    await addLine("u1", { productId: b.id, quantity: 1 });
    expect(await setQuantity("u1", aL, 4)).toEqual({
      quantity: 4,
      removed: false,
      capped: false,
      message: null,
    });
    await setProduct(a, { inventory: 3 });
    expect(await setQuantity("u1", aL, 10)).toEqual({
      quantity: 3,
      removed: false,
      capped: true,
      message: "Only 3 left in stock",
    });
    expect((await setQuantity("u1", aL, 0)).removed).toBe(true);
    expect((await setQuantity("u1", { productId: b.id, size: "M", color: "Default" }, -2)).removed).toBe(true);
    expect(await getCart(db, "u1")).toEqual([]);
    await expectCartError(
      setQuantity("u1", { productId: b.id, size: "M", color: "Default" }, 2),
      "NOT_IN_CART",
      "This item is no longer in your cart",
    );
  });

  it("refuses a quantity above the cap or not whole, and caps at what the product's other lines leave", async () => {
    await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 6 });
    await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 1 });
    const aL = { productId: a.id, size: "L", color: "Black" };
    await expectCartError(setQuantity("u1", aL, 1e9), "INVALID_QUANTITY", "You can add at most 10 of this item");
    await expectCartError(setQuantity("u1", aL, 11), "INVALID_QUANTITY", "You can add at most 10 of this item");
    await expectCartError(setQuantity("u1", aL, 2.5), "INVALID_QUANTITY", "Quantity must be a whole number");
    expect(await setQuantity("u1", aL, 9)).toEqual({
      quantity: 4,
      removed: false,
      capped: true,
      message: "You can add at most 10 of this item",
    });
    expect((await getCart(db, "u1")).map((l) => [l.size, l.quantity])).toEqual([
      ["S", 6],
      ["L", 4],
    ]);
  });

  it("refuses to set a line whose size the product no longer offers, but lets it be removed", async () => {
    const aXL = { productId: a.id, size: "XL", color: "Red" };
    await addLine("u1", { ...aXL, quantity: 1 });
    await setProduct(a, { sizes: ["S", "M", "L"] });
    await expectCartError(setQuantity("u1", aXL, 2), "UNKNOWN_OPTION", "This size is not available for this product");
    expect((await setQuantity("u1", aXL, 0)).removed).toBe(true);
  });

  it("removes one line and clears the cart", async () => {
    await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 1 });
    await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 1 });
    await addLine("u1", { productId: b.id, quantity: 1 });
    await removeLine(db, "u1", { productId: a.id, size: "L", color: "Black" });
    expect((await getCart(db, "u1")).map((l) => l.size + l.productId)).toEqual(["S" + a.id, "M" + b.id]);
    await clearCart(db, "u1");
    expect(await getCart(db, "u1")).toEqual([]);
    await clearCart(db, "u2"); // no cart yet: nothing to do
  });
});

describe("linesToOrder, removeOrderedLines", () => {
  const lines = async (userId: string) =>
    (await getCart(db, userId)).map((l) => [l.productId, l.size, l.color, l.quantity]);

  it("gives the cart as shown, and stores a reduced line at the stock left", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 2 });
    await addLine("u1", { productId: b.id, quantity: 5 });
    await addLine("u1", { productId: c.id, quantity: 1 });
    await setProduct(b, { inventory: 3 });
    await setProduct(c, { isActive: false });
    const ordered = await linesToOrder(db, "u1");
    expect(ordered.map((l) => [l.productId, l.quantity, l.problem])).toEqual([
      [a.id, 2, null],
      [b.id, 3, "reduced"],
      [c.id, 1, "unavailable"],
    ]);
    const stored = await db.select({ q: cartItems.quantity }).from(cartItems).where(eq(cartItems.productId, b.id));
    expect(stored).toEqual([{ q: 3 }]);
    expect(await linesToOrder(db, "u2")).toEqual([]);
  });

  it("takes the ordered quantities off the matching lines and leaves what came in after", async () => {
    await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 3 });
    await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 1 });
    await addLine("u1", { productId: b.id, quantity: 2 });
    await addLine("u1", { productId: c.id, quantity: 1 });
    await addLine("u2", { productId: b.id, quantity: 2 });
    await removeOrderedLines(db, "u1", [
      { productId: a.id, size: "L", color: "Black", quantity: 2 }, // raised since: 1 stays
      { productId: a.id, size: "S", color: "Black", quantity: 1 }, // all of it
      { productId: b.id, size: null, color: null, quantity: 1 }, // the defaults, twice: 1 + 1
      { productId: b.id, size: "M", color: "Default", quantity: 1 },
      { productId: c.id, size: "XL", color: "Default", quantity: 1 }, // another size: not this line
      { productId: null, size: "M", color: "Default", quantity: 4 }, // product deleted since: passed over
      { productId: UNKNOWN, size: "M", color: "Default", quantity: 1 }, // not in the cart
    ]);
    expect(await lines("u1")).toEqual([
      [a.id, "L", "Black", 1],
      [c.id, "M", "Default", 1],
    ]);
    expect(await lines("u2")).toEqual([[b.id, "M", "Default", 2]]);
    await removeOrderedLines(db, "u1", []);
    await removeOrderedLines(db, "u3-without-a-cart", [{ productId: a.id, size: "L", color: "Black", quantity: 1 }]);
    expect(await lines("u1")).toHaveLength(2);
  });
});

describe("getCart", () => {
  it("flags inactive, out-of-stock and reduced lines without removing them", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 2 });
    await addLine("u1", { productId: b.id, quantity: 2 });
    await addLine("u1", { productId: c.id, quantity: 5 });
    await setProduct(a, { isActive: false });
    await setProduct(b, { inventory: 0 });
    await setProduct(c, { inventory: 3 });
    const cart = await getCart(db, "u1");
    expect(cart.map((l) => [l.productId, l.available, l.problem, l.quantity])).toEqual([
      [a.id, false, "unavailable", 2],
      [b.id, false, "out-of-stock", 2],
      [c.id, true, "reduced", 3],
    ]);
    // "reduced" is computed, not stored.
    const stored = await db.select({ q: cartItems.quantity }).from(cartItems).where(eq(cartItems.productId, c.id));
    expect(stored).toEqual([{ q: 5 }]);
  });

  it("flags a line whose size or colour the product no longer offers as unavailable", async () => {
    await addLine("u1", { productId: a.id, size: "S", color: "Red", quantity: 1 });
    await addLine("u1", { productId: a.id, size: "M", color: "Black", quantity: 1 });
    await setProduct(a, { colors: ["Black"] });
    const cart = await getCart(db, "u1");
    expect(cart.map((l) => [l.size, l.color, l.problem])).toEqual([
      ["S", "Red", "unavailable"],
      ["M", "Black", null],
    ]);
  });

  it("shows the current database price", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 1 });
    await setProduct(a, { priceCents: a.priceCents + 1234 });
    expect((await getCart(db, "u1"))[0]!.priceCents).toBe(a.priceCents + 1234);
  });

  it("keeps two users' carts apart", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 1 });
    await addLine("u2", { productId: b.id, quantity: 2 });
    expect((await getCart(db, "u1")).map((l) => l.productId)).toEqual([a.id]);
    expect((await getCart(db, "u2")).map((l) => [l.productId, l.quantity])).toEqual([[b.id, 2]]);
    await clearCart(db, "u1");
    expect(await getCart(db, "u2")).toHaveLength(1);
    await setQuantity("u1", { productId: b.id, size: "M", color: "Default" }, 0);
    expect(await getCart(db, "u2")).toHaveLength(1);
  });
});

describe("per size and colour (decisions.md §6)", () => {
  it("caps each line at its own size's stock, while the product's cap counts every size", async () => {
    await setVariant(a, { size: "M", color: "Black" }, { stock: 2 });
    await setVariant(a, { size: "L", color: "Black" }, { stock: 40 });
    expect(await addLine("u1", { productId: a.id, ...A, quantity: 5 })).toEqual({
      quantity: 2,
      message: "Only 2 left in stock",
    });
    await expectCartError(addLine("u1", { productId: a.id, ...A, quantity: 1 }), "LIMIT_REACHED", "Only 2 left");
    // Size L of the same style is not held back by M's stock, only by the cap over both.
    expect(await addLine("u1", { productId: a.id, size: "L", color: "Black", quantity: 9 })).toEqual({
      quantity: 8,
      message: "You can add at most 10 of this item",
    });
    expect((await getCart(db, "u1")).map((l) => [l.size, l.quantity, l.inventory, l.problem])).toEqual([
      ["M", 2, 2, null],
      ["L", 8, 40, null],
    ]);
    await setVariant(a, { size: "L", color: "Black" }, { stock: 5 });
    expect(await setQuantity("u1", { productId: a.id, size: "L", color: "Black" }, 7)).toMatchObject({
      quantity: 5,
      message: "Only 5 left in stock",
    });
  });

  it("refuses a sold-out size by name and flags only its line", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 1 });
    await addLine("u1", { productId: a.id, size: "S", color: "Black", quantity: 1 });
    await setVariant(a, A, { stock: 0 });
    await expectCartError(
      addLine("u1", { productId: a.id, ...A, quantity: 1 }),
      "OUT_OF_STOCK",
      "Size M in Black is out of stock",
    );
    await expectCartError(
      addLine("u2", { productId: a.id, ...A, quantity: 1 }),
      "OUT_OF_STOCK",
      "Size M in Black is out of stock",
    );
    expect((await getCart(db, "u1")).map((l) => [l.size, l.available, l.problem])).toEqual([
      ["M", false, "out-of-stock"],
      ["S", true, null],
    ]);
    // The product as a whole is still in stock (its other variants).
    const [row] = await db.select({ inventory: products.inventory }).from(products).where(eq(products.id, a.id));
    expect(row!.inventory).toBe(STOCK * 7);
  });

  it("prices a line at its variant's own price, and at the product's without one", async () => {
    await setVariant(a, { size: "XL", color: "Black" }, { priceCents: a.priceCents + 500 });
    await addLine("u1", { productId: a.id, size: "XL", color: "Black", quantity: 1 });
    await addLine("u1", { productId: a.id, ...A, quantity: 1 });
    expect((await getCart(db, "u1")).map((l) => [l.size, l.priceCents])).toEqual([
      ["XL", a.priceCents + 500],
      ["M", a.priceCents],
    ]);
    const preview = await previewGuestCart([
      { id: a.id, size: "XL", color: "Black", quantity: 1 },
      { id: a.id, size: "L", color: "Black", quantity: 1 },
    ]);
    expect(preview.map((l) => l.priceCents)).toEqual([a.priceCents + 500, a.priceCents]);
  });

  it("reads a product without sizes or colours from its one variant, through the cart's defaults", async () => {
    await setProduct(b, { inventory: 6 });
    await addLine("u1", { productId: b.id, quantity: 4 });
    expect(await addLine("u1", { productId: b.id, size: "M", color: "Default", quantity: 4 })).toMatchObject({
      quantity: 6,
      message: "Only 6 left in stock",
    });
    const [line] = await getCart(db, "u1");
    expect(line).toMatchObject({ size: "M", color: "Default", inventory: 6, problem: null });
  });

  it("makes a line whose size the product lists but no longer stocks unavailable", async () => {
    await addLine("u1", { productId: a.id, ...A, quantity: 1 });
    await db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, a.id)).for("no key update");
      await tx
        .delete(productVariants)
        .where(
          and(eq(productVariants.productId, a.id), eq(productVariants.size, "M"), eq(productVariants.color, "Black")),
        );
    });
    expect((await getCart(db, "u1")).map((l) => [l.available, l.problem, l.inventory])).toEqual([
      [false, "unavailable", 0],
    ]);
    await expectCartError(
      addLine("u1", { productId: a.id, ...A, quantity: 1 }),
      "UNAVAILABLE",
      "This product is no longer available in this size and colour",
    );
    expect((await previewGuestCart([{ id: a.id, ...A, quantity: 1 }]))[0]!.problem).toBe("unavailable");
  });
});

describe("mergeGuestCart", () => {
  it("adds guest lines to existing ones, skips invalid lines and respects caps", async () => {
    await addLine("u1", { productId: a.id, size: "L", color: "Red", quantity: 2 });
    await setProduct(b, { inventory: 4 });
    await setProduct(c, { isActive: false });
    const merged = await mergeGuestCart("u1", [
      { id: a.id, size: "L", color: "Red", quantity: 3 }, // adds to the existing line
      { id: a.id, size: "S", color: "Black", quantity: 1 }, // another size: a new line
      { id: a.id, size: "", color: "", quantity: 1 }, // the defaults: no colour of a, skipped
      { id: a.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 }, // not a's own: skipped
      { id: a.id, size: "M", color: "Black", quantity: 1e9 }, // brought down to what the cap leaves (4)
      { id: b.id, size: "M", color: "Default", quantity: 10 }, // capped at stock 4
      { id: c.id, size: "M", color: "Default", quantity: 1 }, // inactive: skipped
      { id: UNKNOWN, size: "M", color: "Default", quantity: 1 }, // unknown: skipped
      { id: "nope", size: "M", color: "Default", quantity: 1 }, // not a uuid: skipped
      { id: a.id, size: "XL", color: "Default", quantity: 0 }, // not positive: skipped
      { id: a.id, size: "XL", color: "Default", quantity: 1.5 }, // not an integer: skipped
      { id: a.id, size: "x".repeat(41), color: "Default", quantity: 1 }, // size too long: skipped
      null as never, // not an object: skipped
    ]);
    expect(merged.map((l) => [l.productId, l.size, l.color, l.quantity])).toEqual([
      [a.id, "L", "Red", 5],
      [a.id, "S", "Black", 1],
      [a.id, "M", "Black", 4],
      [b.id, "M", "Default", 4],
    ]);
    expect(await getCart(db, "u1")).toEqual(merged);
  });

  it("creates the cart for a user without one, and adds twice when merged twice", async () => {
    const guest = [{ id: a.id, ...A, quantity: 2 }];
    expect((await mergeGuestCart("u2", guest)).map((l) => l.quantity)).toEqual([2]);
    expect((await mergeGuestCart("u2", guest)).map((l) => l.quantity)).toEqual([4]);
    expect(await mergeGuestCart("u2", [])).toHaveLength(1);
    const rows = await db
      .select()
      .from(carts)
      .where(inArray(carts.userId, ["u1", "u2"]));
    expect(rows.map((r) => r.userId)).toEqual(["u2"]);
  });
});

describe("previewGuestCart", () => {
  it("flags a line in a size or colour the product does not offer, and keeps quantities within the cap", async () => {
    const lines = await previewGuestCart([
      { id: a.id, size: "M", color: "Black", quantity: 2 },
      { id: a.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 },
      { id: b.id, size: "M", color: "Default", quantity: 40 },
    ]);
    expect(lines.map((l) => [l.productId, l.size, l.quantity, l.problem])).toEqual([
      [a.id, "M", 2, null],
      [a.id, "XXXXXL", 1, "unavailable"],
      [b.id, "M", 10, null],
    ]);
  });
});
