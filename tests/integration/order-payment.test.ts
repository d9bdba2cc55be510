import { and, eq, inArray, sql } from "drizzle-orm";
import { DomainError } from "~/lib/domain-error";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { carts, orders, products, productVariants, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { addLine, getCart } from "~/modules/cart/server-cart.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import {
  cancelAbandonedOrders,
  failOrderPayment,
  markOrderPaid,
  startAbandonedOrderSweeper,
} from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { insertTestProducts, setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let db: Db;
let productA: string;
let productB: string;
let key = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values({ id: "buyer", name: "Buyer", email: "buyer@example.com" });
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.id)
    .limit(2);
  [productA, productB] = rows.map((r) => r.id) as [string, string];
  // Known options: sizes M and L, no colours (lines without a size or colour are M / Default).
  for (const id of [productA, productB]) await setProductStock(db, id, STOCK_OF_M, { sizes: ["M", "L"], colors: [] });
});

/** Every test's stock: 50 of size M (the orders' lines' size), 10 of L. */
const STOCK_OF_M = (option: { size: string }) => (option.size === "M" ? 50 : 10);
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  // Every test starts with known stock and no order left waiting for payment.
  for (const id of [productA, productB]) await setProductStock(db, id, STOCK_OF_M);
  await db.update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
});

/** A pending/pending order for 2 × A and 1 × B (stock reserved), optionally created `minutesAgo`. */
async function pendingOrder(minutesAgo = 0, now = new Date()) {
  const placed = await placeOrder(db, {
    userId: "buyer",
    idempotencyKey: `order-payment-${++key}`,
    lines: [
      { productId: productA, quantity: 2 },
      { productId: productB, quantity: 1 },
    ],
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  if (minutesAgo) {
    const then = new Date(now.getTime() - minutesAgo * 60_000);
    await db.update(orders).set({ createdAt: then, updatedAt: then }).where(eq(orders.id, placed.id));
  }
  return placed;
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** The stock of size M of A and of B (the size the orders take), and their inventories are that and L's 10. */
async function inventory() {
  const rows = await db
    .select({ id: products.id, inventory: products.inventory, stock: productVariants.stock })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(inArray(products.id, [productA, productB]), eq(productVariants.size, "M")));
  for (const row of rows) expect(row.inventory).toBe(row.stock + 10);
  const byId = new Map(rows.map((r) => [r.id, r.stock]));
  return { a: byId.get(productA), b: byId.get(productB) };
}

function recordEvents() {
  const events = new EventBus();
  const paid = vi.fn();
  const catalog = vi.fn();
  events.on("order.paid", paid);
  events.on("catalog.changed", catalog);
  return { events, paid, catalog };
}

describe(`order payment transitions (${databaseKind})`, () => {
  it("marks a pending order paid once, even with two concurrent calls, and emits order.paid once", async () => {
    const { events, paid } = recordEvents();
    const order = await pendingOrder();
    const results = await Promise.all([
      markOrderPaid(db, events, {
        orderId: order.id,
        paymentMethod: "demo",
        paymentId: `demo-${order.id}`,
        amountCents: order.totalCents,
      }),
      markOrderPaid(db, events, {
        orderId: order.id,
        paymentMethod: "demo",
        paymentId: `demo-${order.id}`,
        amountCents: order.totalCents,
      }),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(results.map((r) => r.orderNumber)).toEqual([order.orderNumber, order.orderNumber]);

    const row = await orderRow(order.id);
    expect(row.status).toBe("processing");
    expect(row.paymentStatus).toBe("paid");
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.paymentId).toBe(`demo-${order.id}`);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    expect(paid).toHaveBeenCalledTimes(1);
    expect(paid).toHaveBeenCalledWith({ orderId: order.id, orderNumber: order.orderNumber });

    // Paying again later changes nothing either; paying gives no stock back.
    expect(await markOrderPaid(db, events, { orderId: order.id, paymentMethod: "demo" })).toEqual({
      changed: false,
      orderNumber: order.orderNumber,
    });
    expect(paid).toHaveBeenCalledTimes(1);
    expect(await inventory()).toEqual({ a: 48, b: 49 });
  });

  it("takes the order's lines out of the buyer's cart once, leaving what was added or raised since", async () => {
    await db.delete(carts);
    const order = await pendingOrder(); // 2 × A and 1 × B, size M, colour Default
    const max = testLimits.maxQuantityPerProduct;
    await addLine(db, "buyer", { productId: productA, quantity: 3 }, max); // 2 ordered, 1 more since
    await addLine(db, "buyer", { productId: productB, quantity: 1 }, max);
    await addLine(db, "buyer", { productId: productB, size: "L", quantity: 1 }, max); // added since
    const pay = () => markOrderPaid(db, new EventBus(), { orderId: order.id, paymentMethod: "demo" });
    await Promise.all([pay(), pay()]);
    await pay();
    const cart = await getCart(db, "buyer");
    expect(cart.map((l) => [l.productId, l.size, l.quantity])).toEqual([
      [productA, "M", 1],
      [productB, "L", 1],
    ]);
  });

  it("a refused payment leaves the cart alone", async () => {
    await db.delete(carts);
    const order = await pendingOrder();
    await addLine(db, "buyer", { productId: productA, quantity: 2 }, testLimits.maxQuantityPerProduct);
    const wrongAmount = { orderId: order.id, paymentMethod: "paypal", amountCents: order.totalCents + 1 };
    await expect(markOrderPaid(db, new EventBus(), wrongAmount)).rejects.toMatchObject({ reason: "AMOUNT_MISMATCH" });
    await failOrderPayment(db, order.id);
    expect((await getCart(db, "buyer")).map((l) => l.quantity)).toEqual([2]);
  });

  it("refuses a paid amount other than the order's total and changes nothing", async () => {
    const { events, paid } = recordEvents();
    const order = await pendingOrder();
    const error = await markOrderPaid(db, events, {
      orderId: order.id,
      paymentMethod: "paypal",
      amountCents: order.totalCents - 1,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ reason: "AMOUNT_MISMATCH" });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.paidAt, row.paymentMethod]).toEqual([
      "pending",
      "pending",
      null,
      "demo",
    ]);
    expect(paid).not.toHaveBeenCalled();
  });

  it("fails a payment: cancels the order and gives the stock back exactly once", async () => {
    const { events, catalog } = recordEvents();
    const order = await pendingOrder();
    expect(await inventory()).toEqual({ a: 48, b: 49 });

    expect(await failOrderPayment(db, order.id, events)).toEqual({ changed: true });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus]).toEqual(["cancelled", "failed"]);
    expect(await inventory()).toEqual({ a: 50, b: 50 });
    expect(catalog).toHaveBeenCalledTimes(1);

    expect(await failOrderPayment(db, order.id, events)).toEqual({ changed: false });
    expect(await inventory()).toEqual({ a: 50, b: 50 });
    expect(catalog).toHaveBeenCalledTimes(1);
  });

  it("restocks once when two failures of the same order arrive at the same time", async () => {
    const order = await pendingOrder();
    const results = await Promise.all([
      failOrderPayment(db, order.id),
      failOrderPayment(db, order.id),
      failOrderPayment(db, order.id),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await inventory()).toEqual({ a: 50, b: 50 });
  });

  it("does not cancel or restock a paid order", async () => {
    const { events } = recordEvents();
    const order = await pendingOrder();
    await markOrderPaid(db, events, { orderId: order.id, paymentMethod: "demo" });
    expect(await failOrderPayment(db, order.id)).toEqual({ changed: false });
    expect((await orderRow(order.id)).status).toBe("processing");
    expect(await inventory()).toEqual({ a: 48, b: 49 });
  });

  it("skips items whose product has since been deleted when it gives stock back", async () => {
    const [extra] = await insertTestProducts(db, [
      { name: "Gone Tee", slug: `gone-tee-${key}`, sku: `GONE-${key}`, priceCents: 1000, stock: 5 },
    ]);
    const placed = await placeOrder(db, {
      userId: "buyer",
      idempotencyKey: `order-payment-${++key}`,
      lines: [
        { productId: productA, quantity: 3 },
        { productId: extra!.id, quantity: 1 },
      ],
      shippingAddress: testAddress,
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: testLimits,
    });
    await db.delete(products).where(eq(products.id, extra!.id));
    expect(await failOrderPayment(db, placed.id)).toEqual({ changed: true });
    expect((await inventory()).a).toBe(50);
  });

  it("refuses to mark a cancelled order paid", async () => {
    const { events, paid } = recordEvents();
    const order = await pendingOrder();
    await failOrderPayment(db, order.id);
    const error = await markOrderPaid(db, events, { orderId: order.id, paymentMethod: "demo" }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ reason: "ORDER_CANCELLED" });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.paidAt]).toEqual(["cancelled", "failed", null]);
    expect(paid).not.toHaveBeenCalled();
    expect(await inventory()).toEqual({ a: 50, b: 50 });
  });

  it("reports an unknown order as NOT_FOUND", async () => {
    await expect(
      markOrderPaid(db, new EventBus(), { orderId: "00000000-0000-4000-8000-000000000000", paymentMethod: "demo" }),
    ).rejects.toMatchObject({ name: "DomainError", reason: "NOT_FOUND" });
  });
});

describe(`abandoned orders (${databaseKind})`, () => {
  const now = new Date();
  // The default of UNPAID_ORDER_HOLD_MINUTES.
  const olderThanMinutes = 15;

  it("cancels only orders still pending after the hold (15 minutes) and gives their stock back", async () => {
    const { events, catalog } = recordEvents();
    const abandoned = await pendingOrder(16, now);
    const fresh = await pendingOrder(14, now);
    const paidOld = await pendingOrder(120, now);
    await markOrderPaid(db, events, { orderId: paidOld.id, paymentMethod: "demo" });
    expect(await inventory()).toEqual({ a: 44, b: 47 });

    expect(await cancelAbandonedOrders(db, { now, events, olderThanMinutes })).toBe(1);
    const row = await orderRow(abandoned.id);
    expect([row.status, row.paymentStatus]).toEqual(["cancelled", "failed"]);
    expect([(await orderRow(fresh.id)).status, (await orderRow(fresh.id)).paymentStatus]).toEqual([
      "pending",
      "pending",
    ]);
    expect([(await orderRow(paidOld.id)).status, (await orderRow(paidOld.id)).paymentStatus]).toEqual([
      "processing",
      "paid",
    ]);
    expect(await inventory()).toEqual({ a: 46, b: 48 });
    expect(catalog).toHaveBeenCalledTimes(1);

    // A payment started a minute ago (PayPal's window is open) spares an order placed long before.
    const started = await pendingOrder(45, now);
    await db
      .update(orders)
      .set({ updatedAt: new Date(now.getTime() - 60_000) })
      .where(eq(orders.id, started.id));
    expect(await cancelAbandonedOrders(db, { now, olderThanMinutes })).toBe(0);
    expect((await orderRow(started.id)).status).toBe("pending");
    await failOrderPayment(db, started.id);

    // Nothing left to do: a second sweep cancels and restocks nothing.
    expect(await cancelAbandonedOrders(db, { now, events, olderThanMinutes })).toBe(0);
    expect(await inventory()).toEqual({ a: 46, b: 48 });
    expect(catalog).toHaveBeenCalledTimes(1);
  });

  it("restocks once when two instances sweep at the same time", async () => {
    for (let i = 0; i < 4; i++) await pendingOrder(45, now);
    expect(await inventory()).toEqual({ a: 42, b: 46 });
    const counts = await Promise.all([
      cancelAbandonedOrders(db, { now, olderThanMinutes }),
      cancelAbandonedOrders(db, { now, olderThanMinutes }),
      cancelAbandonedOrders(db, { now, olderThanMinutes }),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(await inventory()).toEqual({ a: 50, b: 50 });
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, "pending"));
    expect(left!.n).toBe(0);
  });

  it("a swept order can no longer be paid", async () => {
    const { events, paid } = recordEvents();
    const order = await pendingOrder(60, now);
    await cancelAbandonedOrders(db, { now, olderThanMinutes });
    await expect(markOrderPaid(db, events, { orderId: order.id, paymentMethod: "paypal" })).rejects.toMatchObject({
      reason: "ORDER_CANCELLED",
    });
    expect(paid).not.toHaveBeenCalled();
  });

  it("the sweeper runs on its interval until stopped", async () => {
    const { events, catalog } = recordEvents();
    const order = await pendingOrder(40);
    const stop = startAbandonedOrderSweeper(db, events, { intervalMs: 20, olderThanMinutes });
    try {
      await vi.waitFor(async () => expect((await orderRow(order.id)).status).toBe("cancelled"), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await stop();
    }
    expect(await inventory()).toEqual({ a: 50, b: 50 });
    expect(catalog).toHaveBeenCalledTimes(1);

    const later = await pendingOrder(40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await orderRow(later.id)).status).toBe("pending");
  });

  it("the sweeper logs a failure as one warning and keeps going", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let calls = 0;
    const broken = {
      transaction: () => {
        calls++;
        return Promise.reject(new Error("database is down"));
      },
    } as unknown as Db;
    const stop = startAbandonedOrderSweeper(broken, new EventBus(), { intervalMs: 10, olderThanMinutes });
    try {
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 10 });
      const line = JSON.parse(String(warn.mock.calls[0]?.[0])) as { msg: string; err: { message: string } };
      expect(line.msg).toContain("abandoned orders");
      expect(line.err.message).toBe("database is down");
    } finally {
      await stop();
      warn.mockRestore();
    }
  });
});
