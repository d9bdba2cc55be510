import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, products, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { isDomainError } from "~/lib/domain-error";
import { EventBus, type DomainEvents } from "~/lib/events.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { adminOrderDetail, adminOrderStats, listAdminOrders } from "~/modules/orders/admin-orders.server";
import { moveOrder, type FulfilmentDeps } from "~/modules/orders/order-fulfilment.server";
import { cancelAbandonedOrders, failOrderPayment, markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import {
  createTestOrder,
  markLatestTestOrderPaid,
  TEST_ORDER_MESSAGES,
  TEST_ORDER_TOTAL_CENTS,
} from "~/modules/orders/test-orders.server";
import { PayPalClient } from "~/modules/payments/paypal.server";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testStaff } from "../support/staff";

/**
 * The fulfilment state machine against the real database (PGlite, and PostgreSQL in CI's second pass):
 * every legal and illegal move, the history it writes, stock given back exactly once under races, and
 * refunds through the fake PayPal.
 */

let t: TestDatabase;
let db: Db;
let paypal: FakePayPal;
let deps: FulfilmentDeps;
let product: string;
let key = 0;
const admin = testStaff("Ada Admin", "admin-1");
const seen: Array<[keyof DomainEvents, unknown]> = [];

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "buyer", name: "Buyer", email: "buyer@example.com" },
    { id: admin.id, name: admin.name, email: "ada@example.com", role: "admin" },
  ]);
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  product = row!.id;
  await setProductStock(db, product, 50, { sizes: ["M"], colors: [] });
  paypal = await startFakePayPal();
  const events = new EventBus();
  for (const name of ["order.shipped", "order.delivered", "order.cancelled", "catalog.changed"] as const) {
    events.on(name, (payload) => void seen.push([name, payload]));
  }
  deps = {
    db,
    events,
    paypal: new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.url }),
  };
});
afterAll(async () => {
  await paypal?.stop();
  await t?.cleanup();
});
beforeEach(async () => {
  seen.length = 0;
  await setProductStock(db, product, 50);
  // Every test starts with no order waiting for payment (the per-account unpaid limit).
  await db.update(orders).set({ status: "cancelled" }).where(eq(orders.status, "pending"));
});

async function stock(): Promise<number> {
  const [row] = await db.select({ inventory: products.inventory }).from(products).where(eq(products.id, product));
  return row!.inventory;
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A placed order of 3 units (stock taken), paid by demo unless `paid` is false. */
async function order(options: { paid?: boolean; method?: "demo" | "paypal" } = {}) {
  const placed = await placeOrder(db, {
    userId: "buyer",
    idempotencyKey: `fulfilment-${++key}`,
    lines: [{ productId: product, size: "M", quantity: 3 }],
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: options.method ?? "demo",
    limits: testLimits,
  });
  if (options.paid === false) return placed;
  let captureId: string | undefined;
  if (options.method === "paypal") {
    const client = deps.paypal!;
    const row = await orderRow(placed.id);
    const created = await client.createOrder({
      requestId: `create-${placed.id}`,
      referenceId: placed.id,
      customId: placed.orderNumber,
      totals: {
        subtotalCents: row.subtotalCents,
        shippingCents: row.shippingCents,
        taxCents: row.taxCents,
        totalCents: row.totalCents,
      },
      items: [{ name: "Item", sku: "SKU", unitPriceCents: row.subtotalCents / 3, quantity: 3 }],
    });
    paypal.approve(created.id);
    const captured = await client.captureOrder({
      paypalOrderId: created.id,
      requestId: `capture-${placed.id}`,
      expectedTotalCents: row.totalCents,
    });
    if (!captured.ok) throw new Error(`capture failed: ${captured.reason}`);
    captureId = captured.captureId;
  }
  await markOrderPaid(db, deps.events, {
    orderId: placed.id,
    paymentMethod: options.method ?? "demo",
    ...(captureId ? { captureId } : {}),
  });
  return placed;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the move was not refused");
}

async function history(orderId: string) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.createdAt, orderStatusHistory.id);
}

describe("moving an order through fulfilment", () => {
  it("ships with tracking and carrier, then delivers, each move in the history and as an event", async () => {
    const placed = await order();
    const shipped = await moveOrder(deps, {
      orderId: placed.id,
      move: "ship",
      actor: admin,
      trackingNumber: "1Z999AA10123456784",
      carrier: "UPS",
      note: "<b>fragile</b>",
    });
    expect(shipped).toMatchObject({ status: "shipped", paymentStatus: "paid", refundFailed: null });
    expect(await orderRow(placed.id)).toMatchObject({
      status: "shipped",
      trackingNumber: "1Z999AA10123456784",
      carrier: "UPS",
    });
    await moveOrder(deps, { orderId: placed.id, move: "deliver", actor: admin });
    expect((await orderRow(placed.id)).status).toBe("delivered");

    const rows = await history(placed.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.actorName])).toEqual([
      [null, "pending", "Customer"],
      ["pending", "processing", "Customer"],
      ["processing", "shipped", "Ada Admin"],
      ["shipped", "delivered", "Ada Admin"],
    ]);
    expect(rows[2]!.note).toBe("UPS 1Z999AA10123456784 — <b>fragile</b>");
    expect(rows[2]!.actorId).toBe(admin.id);
    expect(seen.map(([name]) => name)).toEqual(["order.shipped", "order.delivered"]);
    expect(seen[0]![1]).toMatchObject({ orderNumber: placed.orderNumber, trackingNumber: "1Z999AA10123456784" });
  });

  it("refuses every illegal move with a 409 and changes nothing", async () => {
    const pending = await order({ paid: false });
    expect(
      await refusal(
        moveOrder(deps, { orderId: pending.id, move: "ship", actor: admin, trackingNumber: "1", carrier: "UPS" }),
      ),
    ).toEqual({
      status: 409,
      message: "A pending order cannot be shipped.",
    });
    expect(await refusal(moveOrder(deps, { orderId: pending.id, move: "deliver", actor: admin }))).toMatchObject({
      status: 409,
    });
    expect(await refusal(moveOrder(deps, { orderId: pending.id, move: "markPaid", actor: admin }))).toEqual({
      status: 409,
      message: "Only a test order can be marked paid by hand.",
    });
    expect(await orderRow(pending.id)).toMatchObject({ status: "pending", paymentStatus: "pending" });
    expect(await history(pending.id)).toHaveLength(1);

    const delivered = await order();
    await moveOrder(deps, { orderId: delivered.id, move: "ship", actor: admin, trackingNumber: "T1", carrier: "DHL" });
    await moveOrder(deps, { orderId: delivered.id, move: "deliver", actor: admin });
    expect(await refusal(moveOrder(deps, { orderId: delivered.id, move: "cancel", actor: admin }))).toEqual({
      status: 409,
      message: "A delivered order cannot be cancelled.",
    });
    expect(
      await refusal(moveOrder(deps, { orderId: "00000000-0000-4000-8000-000000000000", move: "cancel", actor: admin })),
    ).toEqual({ status: 404, message: "Order not found or could not be loaded" });
  });

  it("cancels a pending order: stock back, payment still pending, nothing refunded", async () => {
    const placed = await order({ paid: false });
    expect(await stock()).toBe(47);
    await moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin, note: "Customer called" });
    expect(await stock()).toBe(50);
    expect(await orderRow(placed.id)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(seen.map(([name]) => name)).toEqual(["catalog.changed", "order.cancelled"]);
  });

  it("cancels a paid demo order as refunded by hand, with its stock back", async () => {
    const placed = await order();
    await moveOrder(deps, { orderId: placed.id, move: "ship", actor: admin, trackingNumber: "T2", carrier: "USPS" });
    await moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin });
    expect(await stock()).toBe(50);
    expect(await orderRow(placed.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundId: null });
    expect((await history(placed.id)).at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "cancelled",
      toPaymentStatus: "refunded",
      note: "Payment refunded by hand",
    });
  });

  it("two admins cancelling at once: one wins, stock comes back once", async () => {
    const placed = await order();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(isDomainError((r as PromiseRejectedResult).reason)).toBe(true);
      expect(((r as PromiseRejectedResult).reason as { status: number }).status).toBe(409);
    }
    expect(await stock()).toBe(50);
    expect((await history(placed.id)).filter((r) => r.toStatus === "cancelled")).toHaveLength(1);
  });

  it("an admin's cancel racing the abandoned-order sweeper: the order is cancelled once, stock back once", async () => {
    const placed = await order({ paid: false });
    const then = new Date(Date.now() - 60 * 60_000);
    await db.update(orders).set({ createdAt: then, updatedAt: then }).where(eq(orders.id, placed.id));
    const [admins, swept] = await Promise.allSettled([
      moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin }),
      cancelAbandonedOrders(db, { olderThanMinutes: 15 }),
    ]);
    const adminWon = admins.status === "fulfilled";
    const sweeperWon = swept.status === "fulfilled" && swept.value === 1;
    expect(adminWon !== sweeperWon).toBe(true);
    expect(await stock()).toBe(50);
    expect((await history(placed.id)).filter((r) => r.toStatus === "cancelled")).toHaveLength(1);
  });
});

describe("refunds through PayPal (the fake speaks PayPal's documented API)", () => {
  it("cancelling a paid PayPal order refunds its capture once and marks it refunded", async () => {
    const placed = await order({ method: "paypal" });
    const captureId = (await orderRow(placed.id)).paymentCaptureId!;
    const result = await moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin });
    expect(result).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundFailed: null });
    expect(paypal.refundCount(captureId)).toBe(1);
    const row = await orderRow(placed.id);
    expect(row.paymentStatus).toBe("refunded");
    expect(row.refundId).toMatch(/^[A-Z0-9]+$/);
    expect((await history(placed.id)).at(-1)?.note).toBe(`Refunded through PayPal (refund ${row.refundId})`);
    const refund = paypal.requests.find((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(refund?.headers["paypal-request-id"]).toBe(`refund-${placed.id}`);
  });

  it("a refund PayPal fails leaves the order cancelled and paid; 'refund' tries again and succeeds", async () => {
    const placed = await order({ method: "paypal" });
    const captureId = (await orderRow(placed.id)).paymentCaptureId!;
    paypal.failNextRefund();
    const result = await moveOrder(deps, { orderId: placed.id, move: "cancel", actor: admin });
    expect(result.refundFailed).toBe(
      "The order is cancelled, but PayPal did not refund it yet. Use Refund payment to try again.",
    );
    expect(await orderRow(placed.id)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect(await stock()).toBe(50);
    expect((await adminOrderDetail(db, placed.orderNumber))?.moves).toEqual(["refund"]);

    await moveOrder(deps, { orderId: placed.id, move: "refund", actor: admin });
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "refunded" });
    expect(paypal.refundCount(captureId)).toBe(1);
    expect(await refusal(moveOrder(deps, { orderId: placed.id, move: "refund", actor: admin }))).toMatchObject({
      status: 409,
    });
  });
});

describe("the test-order tool", () => {
  it("creates a pending TEST- order of $29.99 that takes no stock and counts nowhere, then marks it paid", async () => {
    const before = await adminOrderStats(db);
    const stockBefore = await stock();
    const { orderNumber } = await createTestOrder(db, { ...admin, email: "ada@example.com" });
    expect(orderNumber).toMatch(/^TEST-\d{8}$/);
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row).toMatchObject({ isTest: true, totalCents: TEST_ORDER_TOTAL_CENTS, status: "pending" });
    expect(await stock()).toBe(stockBefore);

    expect(await markLatestTestOrderPaid(deps, admin)).toEqual({ orderNumber });
    expect(await orderRow(row!.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    const after = await adminOrderStats(db);
    expect(after.last30Days).toEqual(before.last30Days);
    expect(after.paid).toBe(before.paid);

    // Cancelling a test order gives back no stock it never took.
    await moveOrder(deps, { orderId: row!.id, move: "cancel", actor: admin });
    expect(await stock()).toBe(stockBefore);
    expect(await refusal(markLatestTestOrderPaid(deps, admin))).toEqual({
      status: 404,
      message: TEST_ORDER_MESSAGES.noPending,
    });
  });
});

describe("the admin's reads", () => {
  it("counts today's and 30 days' paid revenue, pending and paid orders", async () => {
    const before = await adminOrderStats(db);
    const paid = await order();
    await order({ paid: false });
    // A checkout whose payment was declined is no order: not today's, not the 30 days'.
    const declined = await order({ paid: false });
    await failOrderPayment(db, declined.id);
    const after = await adminOrderStats(db);
    const total = (await orderRow(paid.id)).totalCents;
    expect(after.today.orders - before.today.orders).toBe(2);
    expect(after.last30Days.orders - before.last30Days.orders).toBe(2);
    expect(after.today.revenueCents - before.today.revenueCents).toBe(total);
    expect(after.last30Days.revenueCents - before.last30Days.revenueCents).toBe(total);
    expect(after.pending - before.pending).toBe(1);
    expect(after.paid - before.paid).toBe(1);
  });

  it("finds orders by number, digits, e-mail and name; filters by status and payment", async () => {
    const placed = await order();
    const digits = placed.orderNumber.slice(4);
    const find = async (q: string, extra: object = {}) =>
      (await listAdminOrders(db, { q, status: null, payment: null, page: 1, ...extra })).rows.map((r) => r.orderNumber);
    expect(await find(placed.orderNumber.toLowerCase())).toEqual([placed.orderNumber]);
    expect(await find(digits)).toEqual([placed.orderNumber]);
    expect(await find(testAddress.email.toUpperCase().slice(0, 6))).toContain(placed.orderNumber);
    expect(await find(testAddress.firstName.toLowerCase())).toContain(placed.orderNumber);
    expect(await find(testAddress.lastName)).toContain(placed.orderNumber);
    expect(await find("%")).toEqual([]);
    expect(await find("", { status: "processing", payment: "paid" })).toContain(placed.orderNumber);
    expect(await find("", { status: "shipped" })).not.toContain(placed.orderNumber);
    const page = await listAdminOrders(db, { q: "", status: null, payment: null, page: 1 });
    expect(page.rows.length).toBeLessThanOrEqual(20);
    expect(page.rows[0]!.orderNumber).toBe(placed.orderNumber);
    expect(page.pageCount).toBe(Math.max(1, Math.ceil(page.total / 20)));
  });

  it("counts matches up to a cap ('10,000+'), and pages stop at the cap", async () => {
    await order();
    await order();
    const all = { q: "", status: null, payment: null } as const;
    const capped = await listAdminOrders(db, { ...all, page: 1 }, { countCap: 10 });
    expect(capped.total).toBe(10);
    expect(capped.more).toBe(true);
    expect(capped.pageCount).toBe(1);
    const beyond = await listAdminOrders(db, { ...all, page: 7 }, { countCap: 10 });
    expect(beyond.page).toBe(1);
    expect(beyond.rows.length).toBeGreaterThan(10);
    const exact = await listAdminOrders(db, { ...all, page: 1 }, { countCap: 100_000 });
    expect(exact.more).toBe(false);
    expect(exact.total).toBeGreaterThan(10);
  });

  it("shows one order with its items, customer, history and the moves it allows", async () => {
    const placed = await order();
    const detail = await adminOrderDetail(db, placed.orderNumber);
    expect(detail).toMatchObject({
      orderNumber: placed.orderNumber,
      status: "processing",
      customer: { email: testAddress.email },
      moves: ["ship", "cancel"],
    });
    expect(detail!.items).toHaveLength(1);
    expect(detail!.items[0]).toMatchObject({ quantity: 3, size: "M" });
    expect(detail!.history.map((h) => h.toStatus)).toEqual(["pending", "processing"]);
    expect(await adminOrderDetail(db, "ORD-NOPE")).toBeNull();
    await db.delete(orders).where(inArray(orders.id, [placed.id]));
  });
});
