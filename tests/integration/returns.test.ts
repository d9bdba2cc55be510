import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orderRefunds, orders, productVariants, products, returns, user } from "#db/schema/index";
import { queryRows, type Db } from "~/lib/db/client.server";
import { isDomainError } from "~/lib/domain-error";
import { EventBus, type DomainEvents } from "~/lib/events.server";
import { getProductBySlug } from "~/modules/catalog/product-detail.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { PayPalClient } from "~/modules/payments/paypal.server";
import { RETURN_MESSAGES } from "~/modules/returns/return-rules";
import { createReturns, type Returns } from "~/modules/returns/returns.server";
import { setProductStock } from "../support/catalog-fixtures";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { testAddress, testLimits } from "../support/fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * Returns and exchanges against the real database (PGlite, and PostgreSQL in CI's second pass) and the
 * fake PayPal: the window, whose order it is, what is left to return, the exchange's reservation under
 * a race, restock and write-off, refunds to the cent (by hand and through PayPal, once under retries and
 * races), the exchange order, and the event each step records for the shopper's e-mail.
 */

let t: TestDatabase;
let db: Db;
let paypal: FakePayPal;
let store: Returns;
let product: string;
let clock = new Date();
let key = 0;
const owner = testStaff("Olu Owner", "owner-1");
const steps: Array<DomainEvents["return.moved"]> = [];
const events = new EventBus();
events.onRecord("return.moved", async (_tx, payload) => void steps.push(payload));

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureTestStaff(t.database.db, ["test-staff", "admin-2"]);
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "buyer", name: "Buyer", email: "buyer@example.com" },
    { id: "other", name: "Other", email: "other@example.com" },
    { id: owner.id, name: owner.name, email: "owner@example.com", role: "admin" },
    ...Array.from({ length: 20 }, (_, i) => ({
      id: `racer-${i}`,
      name: `Racer ${i}`,
      email: `racer${i}@example.com`,
    })),
  ]);
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  product = row!.id;
  await setProductStock(db, product, 100, { sizes: ["M", "L"], colors: [] });
  paypal = await startFakePayPal();
  store = createReturns({
    db,
    events,
    paypal: new PayPalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiBase: paypal.url,
      timeoutMs: 2_000,
    }),
    windowDays: async () => 30,
    now: () => clock,
  });
}, 120_000);
afterAll(async () => {
  await paypal?.stop();
  await t?.cleanup();
});
beforeEach(async () => {
  clock = new Date();
  steps.length = 0;
  await db.execute(sql`update product_variants set stock = 100 where product_id = ${product}`);
});

async function stockOf(size: string): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, product), eq(productVariants.size, size)));
  return row!.stock;
}

async function variantOf(size: string): Promise<string> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, product), eq(productVariants.size, size)));
  return row!.id;
}

/** A paid order of `quantity` M units, delivered `daysAgo` days ago. */
async function deliveredOrder(
  options: { userId?: string; quantity?: number; daysAgo?: number; method?: "demo" | "paypal" } = {},
) {
  const userId = options.userId ?? "buyer";
  const placed = await placeOrder(db, {
    userId,
    idempotencyKey: `returns-${++key}`,
    lines: [{ productId: product, size: "M", quantity: options.quantity ?? 3 }],
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: options.method ?? "demo",
    limits: testLimits,
  });
  let captureId: string | undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
  if (options.method === "paypal") {
    const client = new PayPalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiBase: paypal.url,
    });
    const created = await client.createOrder({
      requestId: `create-${placed.id}`,
      referenceId: placed.id,
      customId: placed.orderNumber,
      totals: {
        subtotalCents: row!.subtotalCents,
        shippingCents: row!.shippingCents,
        taxCents: row!.taxCents,
        totalCents: row!.totalCents,
      },
      items: [
        {
          name: "Item",
          sku: "SKU",
          unitPriceCents: row!.subtotalCents / (options.quantity ?? 3),
          quantity: options.quantity ?? 3,
        },
      ],
    });
    paypal.approve(created.id);
    const captured = await client.captureOrder({
      paypalOrderId: created.id,
      requestId: `capture-${placed.id}`,
      expectedTotalCents: row!.totalCents,
    });
    if (!captured.ok) throw new Error(`capture failed: ${captured.reason}`);
    captureId = captured.captureId;
  }
  await markOrderPaid(db, events, {
    orderId: placed.id,
    paymentMethod: options.method ?? "demo",
    ...(captureId ? { captureId } : {}),
  });
  const deliveredAt = new Date(Date.now() - (options.daysAgo ?? 2) * DAY);
  await db.update(orders).set({ status: "delivered", deliveredAt }).where(eq(orders.id, placed.id));
  const [item] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.id));
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
  return { ...order!, itemId: item!.id, captureId };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error("it was not refused");
}

async function itemsOf(returnId: string) {
  return queryRows<{ id: string }>(db, sql`select id from return_items where return_id = ${returnId}`);
}

async function returnRow(id: string) {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row!;
}

const refundLine = (itemId: string, quantity = 1) =>
  ({ orderItemId: itemId, quantity, reason: "changed_mind", resolution: "refund" }) as const;

describe("asking for a return", () => {
  it("is open for the window after delivery, and closed before delivery and after the window", async () => {
    const late = await deliveredOrder({ daysAgo: 31 });
    expect(
      await refusal(
        store.request({ orderNumber: late.orderNumber, userId: "buyer", lines: [refundLine(late.itemId)] }),
      ),
    ).toMatchObject({ status: 409, message: RETURN_MESSAGES.windowClosed(30) });
    const undelivered = await deliveredOrder();
    await db.update(orders).set({ status: "shipped", deliveredAt: null }).where(eq(orders.id, undelivered.id));
    expect(
      await refusal(
        store.request({
          orderNumber: undelivered.orderNumber,
          userId: "buyer",
          lines: [refundLine(undelivered.itemId)],
        }),
      ),
    ).toMatchObject({ status: 409, message: RETURN_MESSAGES.notDelivered });
    const recent = await deliveredOrder({ daysAgo: 29 });
    const made = await store.request({
      orderNumber: recent.orderNumber,
      userId: "buyer",
      lines: [refundLine(recent.itemId)],
    });
    expect(made.rmaNumber).toBe(`RMA-${recent.orderNumber.slice(4)}-1`);
    expect(steps).toEqual([{ returnId: made.id, rmaNumber: made.rmaNumber, orderId: recent.id, step: "requested" }]);
  });

  it("answers another account's order like one that does not exist, and writes nothing", async () => {
    const order = await deliveredOrder();
    const before = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from returns`);
    expect(
      await refusal(
        store.request({ orderNumber: order.orderNumber, userId: "other", lines: [refundLine(order.itemId)] }),
      ),
    ).toMatchObject({ status: 404, message: RETURN_MESSAGES.orderNotFound });
    expect(await queryRows<{ n: number }>(db, sql`select count(*)::int as n from returns`)).toEqual(before);
  });

  it("lets each unit be returned once: what open returns hold cannot be chosen, a cancelled return frees it", async () => {
    const order = await deliveredOrder({ quantity: 3 });
    const first = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [refundLine(order.itemId, 2)],
    });
    const tooMany = await refusal(
      store.request({ orderNumber: order.orderNumber, userId: "buyer", lines: [refundLine(order.itemId, 2)] }),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      fieldErrors: { [`${order.itemId}.quantity`]: expect.stringContaining("Only 1 of") },
    });
    await store.cancelByShopper({ rmaNumber: first.rmaNumber, userId: "buyer" });
    const again = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [refundLine(order.itemId, 3)],
    });
    expect(again.rmaNumber).toMatch(/-2$/);
    expect((await store.requestForm(order.orderNumber, "buyer"))!.lines[0]!.returnable).toBe(0);
  });

  it("asks for a note with 'Other', and refuses a replacement of another product or the same size", async () => {
    const order = await deliveredOrder();
    const other = await refusal(
      store.request({
        orderNumber: order.orderNumber,
        userId: "buyer",
        lines: [{ orderItemId: order.itemId, quantity: 1, reason: "other", note: "  ", resolution: "refund" }],
      }),
    );
    expect(other).toMatchObject({
      status: 400,
      fieldErrors: { [`${order.itemId}.note`]: RETURN_MESSAGES.noteRequired },
    });
    const same = await refusal(
      store.request({
        orderNumber: order.orderNumber,
        userId: "buyer",
        lines: [
          {
            orderItemId: order.itemId,
            quantity: 1,
            reason: "too_small",
            resolution: "exchange",
            exchangeVariantId: await variantOf("M"),
          },
        ],
      }),
    );
    expect(same).toMatchObject({ status: 400, message: RETURN_MESSAGES.sameVariant });
    const [foreign] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.productId} <> ${product}`)
      .limit(1);
    const elsewhere = await refusal(
      store.request({
        orderNumber: order.orderNumber,
        userId: "buyer",
        lines: [
          {
            orderItemId: order.itemId,
            quantity: 1,
            reason: "too_small",
            resolution: "exchange",
            exchangeVariantId: foreign!.id,
          },
        ],
      }),
    );
    expect(elsewhere).toMatchObject({ status: 400, message: RETURN_MESSAGES.replacementUnavailable });
    expect(await db.select().from(returns).where(eq(returns.orderId, order.id))).toEqual([]);
  });
});

describe("an exchange's replacement", () => {
  it("is reserved at once, and given back when the return is refused or cancelled", async () => {
    const order = await deliveredOrder();
    const L = await variantOf("L");
    const exchange = (quantity: number) => ({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [
        {
          orderItemId: order.itemId,
          quantity,
          reason: "too_small" as const,
          resolution: "exchange" as const,
          exchangeVariantId: L,
        },
      ],
    });
    const first = await store.request(exchange(2));
    expect(await stockOf("L")).toBe(98);
    await store.move({ returnId: first.id, move: "refuse", actor: owner, reason: "Worn, tags removed" });
    expect(await stockOf("L")).toBe(100);
    expect(await returnRow(first.id)).toMatchObject({ status: "refused", refusalReason: "Worn, tags removed" });
    const second = await store.request(exchange(1));
    expect(await stockOf("L")).toBe(99);
    await store.move({ returnId: second.id, move: "approve", actor: owner });
    await store.cancelByShopper({ rmaNumber: second.rmaNumber, userId: "buyer" });
    expect(await stockOf("L")).toBe(100);
    expect(steps.map((s) => s.step)).toEqual(["requested", "refused", "requested", "approved", "cancelled"]);
  });

  it("cannot sell out under a race: 20 shoppers, 3 units of L, exactly 3 reserved", async () => {
    await db.execute(sql`update product_variants set stock = 3 where product_id = ${product} and size = 'L'`);
    const L = await variantOf("L");
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => deliveredOrder({ userId: `racer-${i}`, quantity: 1 })),
    );
    const outcomes = await Promise.allSettled(
      racers.map((order, i) =>
        store.request({
          orderNumber: order.orderNumber,
          userId: `racer-${i}`,
          lines: [
            {
              orderItemId: order.itemId,
              quantity: 1,
              reason: "too_small",
              resolution: "exchange",
              exchangeVariantId: L,
            },
          ],
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    for (const o of lost) expect(isDomainError(o.reason, "OUT_OF_STOCK")).toBe(true);
    expect(await stockOf("L")).toBe(0);
    const [made] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from returns r join orders o on o.id = r.order_id where o.user_id like 'racer-%'`,
    );
    expect(made!.n).toBe(3);
  });
});

describe("receiving and refunding by hand (demo payment)", () => {
  it("restocks what comes back sellable, writes off the rest, and refunds to the cent", async () => {
    const order = await deliveredOrder({ quantity: 3 });
    const ret = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [refundLine(order.itemId, 2)],
    });
    await store.move({ returnId: ret.id, move: "approve", actor: owner });
    const [item] = await itemsOf(ret.id);
    const mBefore = await stockOf("M");
    expect(await refusal(store.move({ returnId: ret.id, move: "receive", actor: owner }))).toMatchObject({
      status: 400,
      message: RETURN_MESSAGES.dispositionRequired,
    });
    await store.move({ returnId: ret.id, move: "receive", actor: owner, dispositions: { [item!.id]: "restock" } });
    expect(await stockOf("M")).toBe(mBefore + 2);

    const preview = await store.refundPreview(ret.id);
    const goods = Math.round(((order.subtotalCents - order.discountCents) * 2) / 3);
    const tax = Math.round((order.taxCents * goods) / (order.subtotalCents - order.discountCents));
    expect(preview!.withoutShipping).toEqual({
      goodsCents: goods,
      taxCents: tax,
      shippingCents: 0,
      totalCents: goods + tax,
    });
    const refunded = await store.move({ returnId: ret.id, move: "refund", actor: owner });
    expect(refunded).toMatchObject({ status: "closed", refundStatus: "refunded", refund: { totalCents: goods + tax } });
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedCents: goods + tax, paymentStatus: "paid" });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([
      expect.objectContaining({
        amountCents: goods + tax,
        taxCents: tax,
        shippingCents: 0,
        method: "manual",
        returnId: ret.id,
      }),
    ]);
    // Refunded once: a second refund is refused.
    expect(await refusal(store.move({ returnId: ret.id, move: "refund", actor: owner }))).toMatchObject({
      status: 409,
    });

    // The last unit, 'Damaged or faulty' and written off: the shipping comes back too, and the order is refunded in full.
    const last = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [{ orderItemId: order.itemId, quantity: 1, reason: "damaged", resolution: "refund" }],
    });
    await store.move({ returnId: last.id, move: "approve", actor: owner });
    const [lastItem] = await itemsOf(last.id);
    const mNow = await stockOf("M");
    await store.move({
      returnId: last.id,
      move: "receive",
      actor: owner,
      dispositions: { [lastItem!.id]: "write_off" },
    });
    expect(await stockOf("M")).toBe(mNow);
    await store.move({ returnId: last.id, move: "refund", actor: owner });
    const [full] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(full).toMatchObject({ refundedCents: order.totalCents, paymentStatus: "refunded" });
    expect((await returnRow(last.id)).refundShippingCents).toBe(order.shippingCents);
  });
});

describe("refunding through PayPal", () => {
  async function receivedPayPalReturn(quantity = 1) {
    const order = await deliveredOrder({ method: "paypal", quantity: 2 });
    const ret = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [refundLine(order.itemId, quantity)],
    });
    await store.move({ returnId: ret.id, move: "approve", actor: owner });
    const [item] = await itemsOf(ret.id);
    await store.move({ returnId: ret.id, move: "receive", actor: owner, dispositions: { [item!.id]: "restock" } });
    return { order, ret };
  }

  it("refunds the returned part of the capture once, even when PayPal failed first and then lost its answer", async () => {
    const { order, ret } = await receivedPayPalReturn();
    paypal.failNextRefund(1);
    expect(await refusal(store.move({ returnId: ret.id, move: "refund", actor: owner }))).toMatchObject({
      status: 503,
      message: RETURN_MESSAGES.refundFailed,
    });
    const pending = await returnRow(ret.id);
    expect(pending).toMatchObject({ status: "received", refundStatus: "pending", refundMethod: "paypal" });
    expect(pending.refundError).toBeTruthy();
    expect(paypal.refundedCents(order.captureId!)).toBe(0);

    paypal.loseNextRefundAnswer("drop");
    await refusal(store.move({ returnId: ret.id, move: "refund", actor: owner }));
    const amount = pending.refundCents! + pending.refundTaxCents! + pending.refundShippingCents!;
    expect(paypal.refundedCents(order.captureId!)).toBe(amount);

    const done = await store.move({ returnId: ret.id, move: "refund", actor: owner });
    expect(done).toMatchObject({ status: "closed", refundStatus: "refunded" });
    expect(paypal.refundCount(order.captureId!)).toBe(1);
    expect(paypal.refundedCents(order.captureId!)).toBe(amount);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedCents: amount, paymentStatus: "paid" });
    expect(await returnRow(ret.id)).toMatchObject({ refundError: null, refundId: expect.any(String) });
  });

  it("of two admins refunding at once, one refunds and the other is told; PayPal refunds once", async () => {
    const { order, ret } = await receivedPayPalReturn();
    const outcomes = await Promise.allSettled([
      store.move({ returnId: ret.id, move: "refund", actor: owner }),
      store.move({ returnId: ret.id, move: "refund", actor: testStaff("Second admin", "admin-2") }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!;
    expect(isDomainError(lost.reason) && lost.reason.status).toBe(409);
    expect(paypal.refundCount(order.captureId!)).toBe(1);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.returnId, ret.id))).toHaveLength(1);
  });
});

describe("shipping an exchange", () => {
  it("makes a free order of the reserved units, linked to the original, and closes the return", async () => {
    const order = await deliveredOrder({ quantity: 1 });
    const L = await variantOf("L");
    const ret = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [
        { orderItemId: order.itemId, quantity: 1, reason: "too_small", resolution: "exchange", exchangeVariantId: L },
      ],
    });
    await store.move({ returnId: ret.id, move: "approve", actor: owner });
    const [item] = await itemsOf(ret.id);
    await store.move({ returnId: ret.id, move: "receive", actor: owner, dispositions: { [item!.id]: "restock" } });
    const lBefore = await stockOf("L");
    const shipped = await store.move({ returnId: ret.id, move: "shipExchange", actor: owner });
    expect(shipped).toMatchObject({
      status: "closed",
      refundStatus: "none",
      exchangeOrderNumber: expect.stringMatching(/^ORD-/),
    });
    expect(await stockOf("L")).toBe(lBefore);
    const [exchange] = await db.select().from(orders).where(eq(orders.orderNumber, shipped.exchangeOrderNumber!));
    expect(exchange).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
      totalCents: 0,
      exchangeForOrderId: order.id,
      userId: "buyer",
      paymentMethod: "exchange",
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, exchange!.id));
    expect(lines).toEqual([expect.objectContaining({ size: "L", quantity: 1, unitPriceCents: 0, variantId: L })]);
    expect(await store.exchangeOrigin(exchange!.id)).toEqual({
      orderNumber: order.orderNumber,
      rmaNumber: ret.rmaNumber,
    });
    expect(await refusal(store.move({ returnId: ret.id, move: "shipExchange", actor: owner }))).toMatchObject({
      status: 409,
    });
    // An exchange's order is not returned again here.
    await db.update(orders).set({ status: "delivered", deliveredAt: new Date() }).where(eq(orders.id, exchange!.id));
    const [exchangeItem] = lines;
    expect(
      await refusal(
        store.request({ orderNumber: exchange!.orderNumber, userId: "buyer", lines: [refundLine(exchangeItem!.id)] }),
      ),
    ).toMatchObject({ status: 409, message: RETURN_MESSAGES.exchangeOrder });
    const view = await store.view({ rmaNumber: ret.rmaNumber });
    expect(view).toMatchObject({
      status: "closed",
      exchangeOrder: { orderNumber: shipped.exchangeOrderNumber, status: "delivered" },
      lines: [expect.objectContaining({ resolution: "exchange", exchangeSize: "L", disposition: "restock" })],
    });
    expect(view!.history.map((h) => h.toStatus)).toEqual(["requested", "approved", "received", "closed"]);
  });
});

describe("what returns tell 'Find my size'", () => {
  it("counts the units returned as too small or too large, of returns not refused or cancelled", async () => {
    const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, product));
    const before = (await getProductBySlug(db, row!.slug))!.sizeReturns;
    const order = await deliveredOrder({ quantity: 3 });
    const small = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [{ orderItemId: order.itemId, quantity: 2, reason: "too_small", resolution: "refund" }],
    });
    const large = await store.request({
      orderNumber: order.orderNumber,
      userId: "buyer",
      lines: [{ orderItemId: order.itemId, quantity: 1, reason: "too_large", resolution: "refund" }],
    });
    expect((await getProductBySlug(db, row!.slug))!.sizeReturns).toEqual({
      tooSmall: before.tooSmall + 2,
      tooLarge: before.tooLarge + 1,
    });
    await store.move({ returnId: small.id, move: "refuse", actor: owner, reason: "Worn" });
    await store.cancelByShopper({ rmaNumber: large.rmaNumber, userId: "buyer" });
    expect((await getProductBySlug(db, row!.slug))!.sizeReturns).toEqual(before);
  });
});
