import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders, products, productVariants, user } from "#db/schema/index";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { orderNumberFor } from "~/modules/orders/order-number";
import { ORDER_LIMIT_DEFAULTS } from "~/lib/config/order-limits";
import { DomainError } from "~/lib/domain-error";
import { failOrderPayment } from "~/modules/orders/order-payment.server";
import { placeOrder, type PlaceOrderInput } from "~/modules/orders/place-order.server";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
const address = testAddress;
type Product = { id: string; priceCents: number; name: string };
/** Products without sizes or colours: lines need none. */
let productA: Product;
let productB: Product;
/** A garment in sizes S, M, L and colours Black, White. */
let garment: Product;
let key = 0;

const order = (lines: PlaceOrderInput["lines"], extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  userId: "buyer",
  idempotencyKey: `key-${++key}`,
  lines,
  shippingAddress: address,
  shippingMethod: "standard",
  paymentMethod: "demo",
  limits: testLimits,
  ...extra,
});

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoCatalogIfEmpty(t.database.db);
  await t.database.db.insert(user).values({ id: "buyer", name: "Buyer", email: "buyer@example.com" });
  const rows = await t.database.db
    .select({ id: products.id, priceCents: products.priceCents, name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.slug)
    .limit(3);
  [productA, productB, garment] = rows as [Product, Product, Product];
  for (const p of [productA, productB]) await setProductStock(t.database.db, p.id, 50, { sizes: [], colors: [] });
  await setProductStock(t.database.db, garment.id, 50, { sizes: ["S", "M", "L"], colors: ["Black", "White"] });
});
afterAll(async () => {
  await t?.cleanup();
});
/** 50 of productA, of productB, and of each of the garment's six sizes and colours. */
beforeEach(async () => {
  for (const p of [productA, productB, garment]) await setProductStock(t.database.db, p.id, 50);
});

async function inventoryOf(id: string) {
  const [row] = await t.database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, id));
  return row!.inventory;
}

describe(`placing an order (${databaseKind})`, () => {
  it("charges the database's prices, whatever the cart claims, and adds shipping and 8% tax", async () => {
    const claimed = [{ productId: productA.id, quantity: 2, price: 1, name: "Free" }] as never;
    const placed = await placeOrder(t.database.db, order(claimed));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    const subtotal = productA.priceCents * 2;
    expect(row!.subtotalCents).toBe(subtotal);
    expect(row!.shippingCents).toBe(subtotal > 5000 ? 0 : 999);
    expect(row!.taxCents).toBe(Math.round(subtotal * 0.08));
    expect(row!.totalCents).toBe(row!.subtotalCents + row!.shippingCents + row!.taxCents);
    expect(row!.status).toBe("pending");
    expect(row!.paymentStatus).toBe("pending");
    expect(row!.orderNumber).toMatch(/^ORD-\d{8}$/);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(items).toHaveLength(1);
    expect(items[0]!.unitPriceCents).toBe(productA.priceCents);
    expect(items[0]!.productName).not.toBe("Free");
    expect(await inventoryOf(productA.id)).toBe(48);
  });

  it("drops lines without a product or with a quantity of zero or less; none left is refused", async () => {
    const placed = await placeOrder(
      t.database.db,
      order([
        { productId: productA.id, quantity: 1 },
        { productId: null, quantity: 2 },
        { productId: productB.id, quantity: 0 },
        { productId: productB.id, quantity: -3 },
      ]),
    );
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id))).toHaveLength(1);
    await expect(placeOrder(t.database.db, order([{ productId: productA.id, quantity: 0 }]))).rejects.toThrow(
      "No valid items in cart",
    );
    await expect(placeOrder(t.database.db, order([{ productId: productA.id, quantity: 1.5 }]))).rejects.toThrow(
      "No valid items in cart",
    );
  });

  it("refuses an unknown product and an inactive one, changing nothing", async () => {
    const before = await inventoryOf(productA.id);
    const unknown = placeOrder(
      t.database.db,
      order([
        { productId: productA.id, quantity: 1 },
        { productId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
      ]),
    );
    await expect(unknown).rejects.toThrow("Invalid product or user reference. Please try again.");
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, productB.id));
    try {
      await expect(placeOrder(t.database.db, order([{ productId: productB.id, quantity: 1 }]))).rejects.toThrow(
        /is no longer available/,
      );
    } finally {
      await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, productB.id));
    }
    expect(await inventoryOf(productA.id)).toBe(before);
  });

  it("never sells more than the stock: 20 simultaneous orders for 5 pieces give exactly 5 orders", async () => {
    await setProductStock(t.database.db, productA.id, 5);
    const [before] = await t.database.db.select({ n: count() }).from(orders);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => placeOrder(t.database.db, order([{ productId: productA.id, quantity: 1 }]))),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(5);
    for (const r of refused) expect(r.reason).toBeInstanceOf(DomainError);
    expect(await inventoryOf(productA.id)).toBe(0);
    const [after] = await t.database.db.select({ n: count() }).from(orders);
    expect(after!.n - before!.n).toBe(5);
    // No order ever has a total that differs from its items.
    const mismatched = await t.database.db.execute(
      sql`select o.id from orders o join order_items i on i.order_id = o.id group by o.id having o.subtotal_cents <> sum(i.total_price_cents)`,
    );
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("places the same checkout once, however often it is sent", async () => {
    const input = order([{ productId: productB.id, quantity: 2 }]);
    const first = await placeOrder(t.database.db, input);
    const again = await placeOrder(t.database.db, input);
    expect(again).toEqual({ ...first, created: false });
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(t.database.db, order([{ productId: productB.id, quantity: 1 }], { idempotencyKey: "double-click" })),
      ),
    );
    expect(new Set(burst.map((p) => p.id)).size).toBe(1);
    expect(await inventoryOf(productB.id)).toBe(50 - 2 - 1);
  });

  it("an idempotency key is the account's own: the same key from another account places that account's order", async () => {
    await t.database.db
      .insert(user)
      .values({ id: "other-buyer", name: "Other", email: "other@example.com" })
      .onConflictDoNothing();
    const mine = await placeOrder(
      t.database.db,
      order([{ productId: productB.id, quantity: 1 }], { idempotencyKey: "k" }),
    );
    const theirs = await placeOrder(
      t.database.db,
      order([{ productId: productB.id, quantity: 2 }], { idempotencyKey: "k", userId: "other-buyer" }),
    );
    expect(theirs.created).toBe(true);
    expect(theirs.id).not.toBe(mine.id);
    const again = await placeOrder(
      t.database.db,
      order([{ productId: productB.id, quantity: 2 }], { idempotencyKey: "k", userId: "other-buyer" }),
    );
    expect(again).toEqual({ ...theirs, created: false });
    expect(await inventoryOf(productB.id)).toBe(50 - 1 - 2);
  });

  it("takes the next number when another instance holds this one", async () => {
    // Numbers another instance already gave out, at a moment this process has not reached yet.
    const moment = Date.now() + 10 * 24 * 3600 * 1000;
    const db = t.database.db;
    for (let i = 0; i < 3; i++) {
      await db.insert(orders).values({
        orderNumber: orderNumberFor(moment + i),
        userId: "buyer",
        subtotalCents: 100,
        totalCents: 100,
        shippingAddress: address,
        customerEmail: address.email,
      });
    }
    const placed = await placeOrder(db, order([{ productId: productB.id, quantity: 1 }]), () => moment);
    expect(placed.orderNumber).toBe(orderNumberFor(moment + 3));
    expect(await inventoryOf(productB.id)).toBe(49);
  });

  it("a repeated checkout finds its order even when the product has sold out since", async () => {
    await setProductStock(t.database.db, productB.id, 10);
    const input = order([{ productId: productB.id, quantity: 10 }]);
    const first = await placeOrder(t.database.db, input);
    expect(await inventoryOf(productB.id)).toBe(0);
    expect(await placeOrder(t.database.db, input)).toEqual({ ...first, created: false });
  });

  it("leaves nothing half-written when writing the items fails", async () => {
    const db = t.database.db;
    await db.execute(
      sql`create or replace function fail_items() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`,
    );
    await db.execute(
      sql`create trigger fail_items before insert on order_items for each row execute function fail_items()`,
    );
    const [before] = await db.select({ n: count() }).from(orders);
    try {
      await expect(placeOrder(db, order([{ productId: productA.id, quantity: 3 }]))).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger fail_items on order_items`);
    }
    const [after] = await db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
    expect(await inventoryOf(productA.id)).toBe(50);
  });

  it("refuses more than MAX_QTY_PER_PRODUCT of a product, over its sizes and colours, by name, taking nothing", async () => {
    const before = await inventoryOf(garment.id);
    const over = [
      { productId: garment.id, size: "S", color: "Black", quantity: 6 },
      { productId: garment.id, size: "M", color: "White", quantity: 5 },
    ];
    const refused = placeOrder(t.database.db, order(over));
    await expect(refused).rejects.toThrow(`You can order at most 10 of ${garment.name}`);
    await expect(refused).rejects.toMatchObject({ code: "invalid", reason: "OVER_LIMIT" });
    await expect(
      placeOrder(t.database.db, order([{ productId: garment.id, size: "S", color: "Black", quantity: 1e9 }])),
    ).rejects.toMatchObject({ reason: "OVER_LIMIT" });
    expect(await inventoryOf(garment.id)).toBe(before);
    const placed = await placeOrder(t.database.db, order([{ ...over[0]!, quantity: 5 }, over[1]!]));
    expect(placed.created).toBe(true);
    expect(await inventoryOf(garment.id)).toBe(before - 10);
  });

  it("takes each line's stock from its size and colour, charges that variant's price and names it when short", async () => {
    const db = t.database.db;
    const mBlack = (o: { size: string; color: string }) => o.size === "M" && o.color === "Black";
    await setProductStock(db, garment.id, (o) => (mBlack(o) ? 1 : 50));
    const [own] = await db
      .update(productVariants)
      .set({ priceCents: garment.priceCents + 500 })
      .where(
        and(
          eq(productVariants.productId, garment.id),
          eq(productVariants.size, "M"),
          eq(productVariants.color, "Black"),
        ),
      )
      .returning({ id: productVariants.id, sku: productVariants.sku });
    const before = await inventoryOf(garment.id);
    const short = placeOrder(db, order([{ productId: garment.id, size: "M", color: "Black", quantity: 2 }]));
    await expect(short).rejects.toMatchObject({
      code: "conflict",
      reason: "OUT_OF_STOCK",
      message: `Not enough stock for ${garment.name} (M, Black)`,
    });
    expect(await inventoryOf(garment.id)).toBe(before);

    const placed = await placeOrder(
      db,
      order([
        { productId: garment.id, size: "M", color: "Black", quantity: 1 },
        { productId: garment.id, size: "L", color: "White", quantity: 2 },
      ]),
    );
    const items = await db
      .select({
        size: orderItems.size,
        variantId: orderItems.variantId,
        sku: orderItems.productSku,
        unit: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id))
      .orderBy(orderItems.size);
    const [lWhite] = await db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, garment.id),
          eq(productVariants.size, "L"),
          eq(productVariants.color, "White"),
        ),
      );
    expect(items).toEqual([
      { size: "L", variantId: lWhite!.id, sku: lWhite!.sku, unit: garment.priceCents },
      { size: "M", variantId: own!.id, sku: own!.sku, unit: garment.priceCents + 500 },
    ]);
    const [row] = await db.select({ subtotal: orders.subtotalCents }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.subtotal).toBe(garment.priceCents + 500 + 2 * garment.priceCents);
    const stock = await db
      .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, garment.id));
    expect(stock.filter((v) => v.stock !== 50).sort((x, y) => x.size.localeCompare(y.size))).toEqual([
      { size: "L", color: "White", stock: 48 },
      { size: "M", color: "Black", stock: 0 },
    ]);
    expect(await inventoryOf(garment.id)).toBe(before - 3);
  });

  it("drops a line in a size or colour the product does not offer; none left is 'No valid items in cart'", async () => {
    const wrong = { productId: garment.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 };
    await expect(placeOrder(t.database.db, order([wrong]))).rejects.toMatchObject({
      message: "No valid items in cart",
      reason: "NO_VALID_ITEMS",
    });
    await expect(
      placeOrder(
        t.database.db,
        order([
          { ...wrong, size: "M" },
          { ...wrong, color: "Black" },
        ]),
      ),
    ).rejects.toThrow("No valid items in cart");
    const placed = await placeOrder(
      t.database.db,
      order([wrong, { productId: garment.id, size: "L", color: "White", quantity: 2 }]),
    );
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(items.map((i) => [i.size, i.color, i.quantity])).toEqual([["L", "White", 2]]);
    expect(await inventoryOf(garment.id)).toBe(6 * 50 - 2);
  });

  it("an account with UNPAID_ORDERS_PER_ACCOUNT unpaid orders places no other until one is paid or cancelled", async () => {
    const db = t.database.db;
    await db.insert(user).values([
      { id: "hoarder", name: "Hoarder", email: "hoarder@example.com" },
      { id: "bystander", name: "Bystander", email: "bystander@example.com" },
    ]);
    const limits = ORDER_LIMIT_DEFAULTS;
    const hoard = (idempotencyKey: string) =>
      placeOrder(db, order([{ productId: productA.id, quantity: 10 }], { userId: "hoarder", idempotencyKey, limits }));
    const first = await hoard("hoard-1");
    const second = await hoard("hoard-2");
    const third = hoard("hoard-3");
    await expect(third).rejects.toMatchObject({
      code: "conflict",
      reason: "UNPAID_ORDERS",
      message: "You have unpaid orders. They are cancelled after 15 minutes without payment; please try again then.",
    });
    expect(await inventoryOf(productA.id)).toBe(30);
    // The same checkout sent again is still its own order, not refused.
    expect(await hoard("hoard-2")).toEqual({ ...second, created: false });
    // Others are not held back.
    const bystander = order([{ productId: productA.id, quantity: 1 }], { userId: "bystander", limits });
    expect((await placeOrder(db, bystander)).created).toBe(true);
    await failOrderPayment(db, first.id);
    expect((await hoard("hoard-3")).created).toBe(true);
    await expect(hoard("hoard-4")).rejects.toMatchObject({ reason: "UNPAID_ORDERS" });
  });

  it("counts an account's unpaid orders one checkout at a time: 6 at once give exactly 2 orders", async () => {
    const db = t.database.db;
    await db.insert(user).values({ id: "rusher", name: "Rusher", email: "rusher@example.com" });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        placeOrder(
          db,
          order([{ productId: productB.id, quantity: 1 }], {
            userId: "rusher",
            idempotencyKey: `rush-${i}`,
            limits: ORDER_LIMIT_DEFAULTS,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ reason: "UNPAID_ORDERS" });
    }
    expect(await inventoryOf(productB.id)).toBe(48);
  });
});
