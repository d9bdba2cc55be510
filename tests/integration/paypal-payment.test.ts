import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orderItems, orders, products, productVariants, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { centsToDecimalString } from "~/lib/money";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { failOrderPayment } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import {
  capturePayPalPayment,
  paypalCaptureRequestId,
  paypalCreateRequestId,
  startPayPalPayment,
} from "~/modules/orders/paypal-payment.server";
import { PayPalClient, PayPalError } from "~/modules/payments/paypal.server";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let db: Db;
let fake: FakePayPal;
let paypal: PayPalClient;
let productA: string;
let productB: string;
let key = 0;

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestDatabase(), startFakePayPal()]);
  db = t.database.db;
  paypal = client();
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "buyer", name: "Buyer", email: "buyer@example.com" },
    { id: "other", name: "Other", email: "other@example.com" },
  ]);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.id)
    .limit(2);
  [productA, productB] = rows.map((r) => r.id) as [string, string];
  // Known options: A in size M and Black, B without sizes or colours.
  await setProductStock(db, productA, 50, { sizes: ["M"], colors: ["Black"] });
  await setProductStock(db, productB, 50, { sizes: [], colors: [] });
});
afterAll(async () => {
  await Promise.all([t?.cleanup(), fake?.stop()]);
});
beforeEach(async () => {
  // Each has one variant: 50 of it.
  for (const id of [productA, productB]) await setProductStock(db, id, 50);
});

function client(timeoutMs?: number) {
  return new PayPalClient({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** A pending order of the buyer for 2 × A (size M, Black) and 1 × B, to be paid with PayPal. */
async function pendingOrder() {
  return placeOrder(db, {
    userId: "buyer",
    idempotencyKey: `paypal-checkout-${++key}`,
    lines: [
      { productId: productA, quantity: 2, size: "M", color: "Black" },
      { productId: productB, quantity: 1 },
    ],
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: "paypal",
    limits: testLimits,
  });
}

/** A pending order whose PayPal order exists and was approved by the buyer. */
async function approvedOrder() {
  const order = await pendingOrder();
  const { paypalOrderId } = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
  fake.approve(paypalOrderId);
  return { order, paypalOrderId };
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function inventory() {
  const rows = await db
    .select({ id: products.id, inventory: products.inventory })
    .from(products)
    .where(inArray(products.id, [productA, productB]));
  const byId = new Map(rows.map((r) => [r.id, r.inventory]));
  return { a: byId.get(productA), b: byId.get(productB) };
}

const creates = () => fake.requests.filter((r) => r.path === "/v2/checkout/orders");
const capturesOf = (paypalOrderId: string) =>
  fake.requests.filter((r) => r.path === `/v2/checkout/orders/${paypalOrderId}/capture`);

function recordEvents() {
  const events = new EventBus();
  const paid = vi.fn();
  events.on("order.paid", paid);
  return { events, paid };
}

describe(`PayPal checkout on the server (${databaseKind})`, () => {
  it("creates the PayPal order from the stored totals and items, with a request id derived from the order", async () => {
    const order = await pendingOrder();
    const before = creates().length;
    const { paypalOrderId } = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    expect(creates().length - before).toBe(1);

    const row = await orderRow(order.id);
    expect(row.paymentId).toBe(paypalOrderId);
    expect(row.paymentMethod).toBe("paypal");
    expect([row.status, row.paymentStatus]).toEqual(["pending", "pending"]);

    const sent = creates().at(-1)!;
    expect(sent.status).toBe(201);
    expect(sent.headers["paypal-request-id"]).toBe(paypalCreateRequestId(order.id));
    expect(sent.headers["paypal-request-id"]).toContain(order.id);
    const usd = (cents: number) => ({ currency_code: "USD", value: centsToDecimalString(cents) });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const itemA = items.find((i) => i.productId === productA)!;
    const itemB = items.find((i) => i.productId === productB)!;
    expect(sent.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: order.orderNumber,
          custom_id: order.id,
          amount: {
            ...usd(row.totalCents),
            breakdown: {
              item_total: usd(row.subtotalCents),
              shipping: usd(row.shippingCents),
              tax_total: usd(row.taxCents),
            },
          },
          items: expect.arrayContaining([
            {
              name: `${itemA.productName} (M / Black)`,
              sku: itemA.productSku,
              unit_amount: usd(itemA.unitPriceCents),
              quantity: "2",
              category: "PHYSICAL_GOODS",
            },
            {
              name: itemB.productName,
              sku: itemB.productSku,
              unit_amount: usd(itemB.unitPriceCents),
              quantity: "1",
              category: "PHYSICAL_GOODS",
            },
          ]),
        },
      ],
    });
    expect(row.totalCents).toBe(row.subtotalCents + row.shippingCents + row.taxCents);
    expect(row.subtotalCents).toBe(itemA.totalPriceCents + itemB.totalPriceCents);
  });

  it("asks PayPal for a size's own price under its own SKU, and the total it is asked for is the order's", async () => {
    const [product] = await db.select({ price: products.priceCents }).from(products).where(eq(products.id, productA));
    const [variant] = await db
      .update(productVariants)
      .set({ priceCents: product!.price + 700 })
      .where(eq(productVariants.productId, productA))
      .returning({ sku: productVariants.sku });
    const order = await pendingOrder();
    await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    const row = await orderRow(order.id);
    const sent = creates().at(-1)!.body as {
      purchase_units: Array<{
        amount: { value: string };
        items: Array<{ sku: string; unit_amount: { value: string } }>;
      }>;
    };
    const [unit] = sent.purchase_units;
    expect(unit!.amount.value).toBe(centsToDecimalString(row.totalCents));
    expect(unit!.items).toContainEqual(
      expect.objectContaining({
        sku: variant!.sku,
        unit_amount: { currency_code: "USD", value: centsToDecimalString(product!.price + 700) },
      }),
    );
    const [itemA] = await db
      .select({ unit: orderItems.unitPriceCents })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, productA)));
    expect(itemA!.unit).toBe(product!.price + 700);
  });

  it("a repeated start returns the stored PayPal order without calling PayPal again", async () => {
    const order = await pendingOrder();
    const first = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    const before = fake.requests.length;
    const again = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    expect(again).toEqual(first);
    expect(fake.requests.length).toBe(before);
  });

  it("retries (lost answer, concurrent starts) get the same PayPal order from the request id", async () => {
    const order = await pendingOrder();
    const both = await Promise.all([
      startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" }),
      startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" }),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect((await orderRow(order.id)).paymentId).toBe(both[0].paypalOrderId);

    // As if the first answer was lost before we stored it: the same request id gives the same order back.
    await db.update(orders).set({ paymentId: null }).where(eq(orders.id, order.id));
    const retried = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    expect(retried).toEqual(both[0]);
    expect(creates().at(-1)!.status).toBe(200);
    const fakeOrders = [...fake.orders.values()].filter((o) => o.purchaseUnit.custom_id === order.id);
    expect(fakeOrders).toHaveLength(1);
  });

  it("refuses to start a payment for another user's order, an unknown id or an order no longer pending", async () => {
    const order = await pendingOrder();
    const before = fake.requests.length;
    await expect(startPayPalPayment(db, paypal, { orderId: order.id, userId: "other" })).rejects.toMatchObject({
      name: "DomainError",
      reason: "NOT_PAYABLE",
    });
    await expect(startPayPalPayment(db, paypal, { orderId: "not-a-uuid", userId: "buyer" })).rejects.toMatchObject({
      reason: "NOT_PAYABLE",
    });
    await db.update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.id, order.id));
    await expect(startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" })).rejects.toMatchObject({
      reason: "NOT_PAYABLE",
    });
    expect(fake.requests.length).toBe(before);
  });

  it("a completed capture marks the order paid and emits order.paid; a second capture changes nothing", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();

    const result = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(result).toEqual({ orderNumber: order.orderNumber, paid: true });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus]).toEqual(["processing", "paid"]);
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.paymentId).toBe(paypalOrderId);
    expect(row.paymentCaptureId).toEqual(expect.any(String));
    expect(paid).toHaveBeenCalledTimes(1);
    expect(paid).toHaveBeenCalledWith({ orderId: order.id, orderNumber: order.orderNumber });
    expect(capturesOf(paypalOrderId)).toHaveLength(1);
    expect(capturesOf(paypalOrderId)[0]!.headers["paypal-request-id"]).toBe(paypalCaptureRequestId(order.id));

    const again = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(again).toEqual({ orderNumber: order.orderNumber, paid: true });
    expect(capturesOf(paypalOrderId)).toHaveLength(1);
    expect(fake.captureCount(paypalOrderId)).toBe(1);
    expect(paid).toHaveBeenCalledTimes(1);
    expect(await inventory()).toEqual({ a: 48, b: 49 });
  });

  it("two captures at the same moment capture once and emit order.paid once", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    const results = await Promise.all([
      capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" }),
      capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" }),
    ]);
    expect(results).toEqual([
      { orderNumber: order.orderNumber, paid: true },
      { orderNumber: order.orderNumber, paid: true },
    ]);
    expect(fake.captureCount(paypalOrderId)).toBe(1);
    expect(paid).toHaveBeenCalledTimes(1);
  });

  it("a declined capture cancels the order and gives the stock back", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    expect(await inventory()).toEqual({ a: 48, b: 49 });
    fake.declineNext();

    const result = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(result).toEqual({ orderNumber: order.orderNumber, paid: false, reason: "DECLINED" });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.paidAt]).toEqual(["cancelled", "failed", null]);
    expect(await inventory()).toEqual({ a: 50, b: 50 });
    expect(paid).not.toHaveBeenCalled();

    // The cancelled order is not captured later on.
    const before = capturesOf(paypalOrderId).length;
    await expect(capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" })).rejects.toMatchObject({
      name: "DomainError",
      reason: "ORDER_CANCELLED",
    });
    expect(capturesOf(paypalOrderId)).toHaveLength(before);
    expect(await inventory()).toEqual({ a: 50, b: 50 });
  });

  it("a capture of an order the buyer has not approved cancels it (NOT_APPROVED)", async () => {
    const { events } = recordEvents();
    const order = await pendingOrder();
    const { paypalOrderId } = await startPayPalPayment(db, paypal, { orderId: order.id, userId: "buyer" });
    const result = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(result).toEqual({ orderNumber: order.orderNumber, paid: false, reason: "NOT_APPROVED" });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await inventory()).toEqual({ a: 50, b: 50 });
  });

  it("a capture for another amount than the order's total is not paid (AMOUNT_MISMATCH)", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    // Our stored total changes after the PayPal order was made (e.g. edited by hand): PayPal's amount no longer matches.
    const row = await orderRow(order.id);
    await db
      .update(orders)
      .set({ shippingCents: row.shippingCents + 100, totalCents: row.totalCents + 100 })
      .where(eq(orders.id, order.id));
    const result = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(result).toEqual({ orderNumber: order.orderNumber, paid: false, reason: "AMOUNT_MISMATCH" });
    expect((await orderRow(order.id)).paymentStatus).toBe("failed");
    expect(paid).not.toHaveBeenCalled();
  });

  it("ALREADY_CAPTURED leaves a pending order pending (not paid)", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    // Captured at PayPal under another request id, outside this checkout.
    await paypal.captureOrder({ paypalOrderId, requestId: randomUUID(), expectedTotalCents: order.totalCents });
    const result = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(result).toEqual({ orderNumber: order.orderNumber, paid: false, reason: "ALREADY_CAPTURED" });
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus]).toEqual(["pending", "pending"]);
    expect(paid).not.toHaveBeenCalled();
  });

  it("a timeout throws PayPalError and leaves the order pending; the retry captures once", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    fake.hangNext();
    const error = await capturePayPalPayment(db, client(200), events, { paypalOrderId, userId: "buyer" }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PayPalError);
    expect((error as PayPalError).message).toMatch(/timed out/);
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.paidAt]).toEqual(["pending", "pending", null]);
    expect(await inventory()).toEqual({ a: 48, b: 49 });
    expect(paid).not.toHaveBeenCalled();

    const retry = await capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "buyer" });
    expect(retry).toEqual({ orderNumber: order.orderNumber, paid: true });
    expect(fake.captureCount(paypalOrderId)).toBe(1);
    expect(paid).toHaveBeenCalledTimes(1);
  });

  it("an order cancelled while PayPal captures stays cancelled; the capture id is kept for a refund", async () => {
    const { events, paid } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    // The abandoned-order sweeper (here: a failed payment) wins the race while the capture is on its way.
    const racing = new PayPalClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      fetch: async (url, init) => {
        if (String(url).endsWith("/capture")) await failOrderPayment(db, order.id);
        return fetch(url, init);
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await expect(capturePayPalPayment(db, racing, events, { paypalOrderId, userId: "buyer" })).rejects.toMatchObject({
        name: "DomainError",
        reason: "ORDER_CANCELLED",
      });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`${order.orderNumber}.*refund`)));
    } finally {
      warn.mockRestore();
    }
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus]).toEqual(["cancelled", "failed"]);
    expect(row.paymentCaptureId).toEqual(expect.any(String));
    expect(fake.captureCount(paypalOrderId)).toBe(1);
    expect(paid).not.toHaveBeenCalled();
    expect(await inventory()).toEqual({ a: 50, b: 50 });
  });

  it("another user cannot capture the buyer's PayPal order", async () => {
    const { events } = recordEvents();
    const { order, paypalOrderId } = await approvedOrder();
    await expect(capturePayPalPayment(db, paypal, events, { paypalOrderId, userId: "other" })).rejects.toMatchObject({
      reason: "NOT_FOUND",
    });
    expect(capturesOf(paypalOrderId)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("pending");
  });
});
