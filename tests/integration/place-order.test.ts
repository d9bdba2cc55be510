import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders, products, user } from "#db/schema/index";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { orderNumberFor } from "~/modules/orders/order-number";
import { DomainError } from "~/lib/domain-error";
import { placeOrder, type PlaceOrderInput } from "~/modules/orders/place-order.server";
import { testAddress } from "../support/fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
const address = testAddress;
let productA: { id: string; priceCents: number };
let productB: { id: string; priceCents: number };
let key = 0;

const order = (lines: PlaceOrderInput["lines"], extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  userId: "buyer",
  idempotencyKey: `key-${++key}`,
  lines,
  shippingAddress: address,
  shippingMethod: "standard",
  paymentMethod: "demo",
  ...extra,
});

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoCatalogIfEmpty(t.database.db);
  await t.database.db.insert(user).values({ id: "buyer", name: "Buyer", email: "buyer@example.com" });
  const rows = await t.database.db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(2);
  [productA, productB] = rows as [typeof productA, typeof productB];
});
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  await t.database.db
    .update(products)
    .set({ inventory: 50 })
    .where(sql`${products.id} in (${productA.id}, ${productB.id})`);
});

async function inventoryOf(id: string) {
  const [row] = await t.database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, id));
  return row!.inventory;
}

describe(`placing an order (${databaseKind})`, () => {
  it("charges the database's prices, whatever the cart claims, and adds shipping and 8% tax", async () => {
    const claimed = [
      { productId: productA.id, quantity: 2, size: "M", color: "Black", price: 1, name: "Free" },
    ] as never;
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
    await t.database.db.update(products).set({ inventory: 5 }).where(eq(products.id, productA.id));
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
    const input = order([{ productId: productB.id, quantity: 50 }]);
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
});
