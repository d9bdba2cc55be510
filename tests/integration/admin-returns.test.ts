import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItems,
  orderRefunds,
  orders,
  products,
  productVariants,
  returnHistory,
  returnItems,
  returns,
} from "#db/schema/index";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { PayPalClient } from "~/modules/payments/paypal.server";
import { dispositionField } from "~/modules/returns/admin-return-forms";
import { RETURN_MOVE_DONE } from "~/modules/returns/return-moves";
import { RETURN_MESSAGES } from "~/modules/returns/return-rules";
import type { RequestLine } from "~/modules/returns/return-store.server";
import { setProductStock } from "../support/catalog-fixtures";
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  startFakePayPal,
  type FakePayPal,
} from "../support/fake-paypal";
import { testAddress, testLimits } from "../support/fixtures";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * The owner's side of returns over HTTP (issue 30): the returns list with its search and status filter,
 * a return's page and its moves — approve, refuse with a reason, receive (restock or write off per line),
 * refund (by hand for the demo payment, through the fake PayPal for a PayPal capture: to the cent with the
 * tax share, once under failure, a lost answer, or two admins at once), ship the exchange (a new order,
 * linked both ways) — and that a customer's or a visitor's POST to any of them changes nothing.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let paypal: FakePayPal;
let adminCookie = "";
let secondAdminCookie = "";
let ana: { cookie: string; id: string };
let zed: { cookie: string; id: string };
let productId = "";
let key = 0;

const db = () => server.services().database.db;
const actor = testStaff("Test setup");

beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PAYMENTS: "true",
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.url,
    RATE_LIMIT_IP_MULTIPLIER: "20",
  });
  await ensureTestStaff(server.services().database.db);
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  secondAdminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  ana = await signUp(server, "ana.returns@example.com");
  zed = await signUp(server, "zed.returns@example.com");
  const [product] = await db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.priceCents))
    .limit(1);
  productId = product!.id;
  await setProductStock(db(), productId, 100, { sizes: ["M", "L"], colors: [] });
});
afterAll(async () => {
  await server?.stop();
  await paypal?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });

async function html(path: string, cookie = adminCookie): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
}

/**
 * A move posted to the return's page as the admin (as a browser without JavaScript posts it): its status,
 * and the page answered, which carries the action's message.
 */
async function move(rma: string, fields: Record<string, string>, cookie = adminCookie) {
  const res = await post(`/admin/returns/${rma}`, fields, cookie);
  return { status: res.status, text: await res.text() };
}

async function stockOf(size: string): Promise<number> {
  const [row] = await db()
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return row!.stock;
}

interface Delivered {
  id: string;
  orderNumber: string;
  /** The order line of each size. */
  line: Record<string, string>;
  captureId: string | null;
}

/** A delivered order of `shopper` (paid by the demo payment, or by a PayPal capture of its total). */
async function deliveredOrder(
  shopper: { id: string },
  email: string,
  lines: Array<{ size: string; quantity: number }>,
  payment: "demo" | "paypal" = "demo",
): Promise<Delivered> {
  const placed = await placeOrder(db(), {
    userId: shopper.id,
    idempotencyKey: `admin-returns-${++key}`,
    lines: lines.map((l) => ({ productId, size: l.size, color: null, quantity: l.quantity })),
    shippingAddress: { ...testAddress, email },
    shippingMethod: "standard",
    paymentMethod: payment,
    limits: testLimits,
  });
  let captureId: string | null = null;
  if (payment === "paypal") {
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    const api = new PayPalClient({
      clientId: FAKE_PAYPAL_CLIENT_ID,
      clientSecret: FAKE_PAYPAL_CLIENT_SECRET,
      apiBase: paypal.url,
    });
    const created = await api.createOrder({
      requestId: randomUUID(),
      referenceId: placed.orderNumber,
      customId: placed.orderNumber,
      totals: {
        subtotalCents: order!.subtotalCents,
        shippingCents: order!.shippingCents,
        taxCents: order!.taxCents,
        totalCents: order!.totalCents,
      },
      items: [{ name: "Order", sku: "ORDER", unitPriceCents: order!.subtotalCents, quantity: 1 }],
    });
    paypal.approve(created.id);
    const captured = await api.captureOrder({
      paypalOrderId: created.id,
      requestId: randomUUID(),
      expectedTotalCents: order!.totalCents,
    });
    if (!captured.ok) throw new Error(`capture failed: ${captured.reason}`);
    captureId = captured.captureId;
  }
  const events = server.services().events;
  await markOrderPaid(db(), events, {
    orderId: placed.id,
    paymentMethod: payment,
    ...(captureId ? { captureId, paymentId: `pp-${placed.orderNumber}` } : {}),
  });
  const fulfilment = server.services().fulfilment;
  await moveOrder(fulfilment, { orderId: placed.id, move: "ship", actor, trackingNumber: "1Z999", carrier: "UPS" });
  await moveOrder(fulfilment, { orderId: placed.id, move: "deliver", actor });
  const items = await db()
    .select({ id: orderItems.id, size: orderItems.size })
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.id));
  return {
    id: placed.id,
    orderNumber: placed.orderNumber,
    line: Object.fromEntries(items.map((i) => [i.size ?? "", i.id])),
    captureId,
  };
}

async function variantOf(size: string): Promise<string> {
  const [row] = await db()
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return row!.id;
}

/** The shopper's request, through the returns service (the shopper's pages are another helper's work). */
async function ask(order: Delivered, shopper: { id: string }, lines: RequestLine[]): Promise<string> {
  const asked = await server.services().returns.request({ orderNumber: order.orderNumber, userId: shopper.id, lines });
  return asked.rmaNumber;
}

async function returnRow(rma: string) {
  const [row] = await db().select().from(returns).where(eq(returns.rmaNumber, rma));
  return row!;
}

async function lineIds(rma: string): Promise<Array<{ id: string; orderItemId: string }>> {
  const ret = await returnRow(rma);
  return db()
    .select({ id: returnItems.id, orderItemId: returnItems.orderItemId })
    .from(returnItems)
    .where(eq(returnItems.returnId, ret.id));
}

async function orderMoney(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { order: row!, items };
}

/** A line's units as paid, net of its discount share (half up), as the refund computes them, written out here. */
const net = (item: { totalPriceCents: number; discountCents: number; quantity: number }, units: number) =>
  Math.round(((item.totalPriceCents - item.discountCents) * units) / item.quantity);
const taxOf = (order: { taxCents: number; subtotalCents: number; discountCents: number }, goods: number) =>
  Math.round((order.taxCents * goods) / (order.subtotalCents - order.discountCents));

/** Approve and receive (restocking every line) a requested return. */
async function approveAndReceive(rma: string, dispositions?: Record<string, string>) {
  expect((await move(rma, { intent: "approve" })).status).toBe(200);
  const fields: Record<string, string> = { intent: "receive" };
  for (const line of await lineIds(rma))
    fields[dispositionField(line.id)] = dispositions?.[line.orderItemId] ?? "restock";
  const received = await move(rma, fields);
  expect(received.status, received.text.slice(0, 200)).toBe(200);
}

describe("a return refunded by hand (demo payment): approve, receive, refund", () => {
  let order: Delivered;
  let first = "";

  it("approves, receives with one line restocked and one written off: stock comes back for the restocked only", async () => {
    order = await deliveredOrder(ana, "ana.returns@example.com", [
      { size: "M", quantity: 2 },
      { size: "L", quantity: 1 },
    ]);
    first = await ask(order, ana, [
      { orderItemId: order.line.M!, quantity: 1, reason: "too_small", resolution: "refund" },
      { orderItemId: order.line.L!, quantity: 1, reason: "damaged", note: "Seam split", resolution: "refund" },
    ]);
    const page = await html(`/admin/returns/${first}`);
    expect(page).toContain(`Return ${first}`);
    expect(page).toContain("Seam split");
    expect(page).toContain("Damaged or faulty");
    expect(page).toContain("Approve return");
    expect(page).toContain(`href="/admin/orders/${order.orderNumber}"`);

    const approved = await move(first, { intent: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.text).toContain(RETURN_MOVE_DONE.approve(first));
    expect((await returnRow(first)).status).toBe("approved");
    // Approving twice: the second is refused.
    expect((await move(first, { intent: "approve" })).status).toBe(409);

    // The page offers restock, and write off for the damaged line.
    const receivePage = await html(`/admin/returns/${first}`);
    expect(receivePage).toContain("Mark as received");
    expect(receivePage).toContain("Write off");

    const [m, l] = [await stockOf("M"), await stockOf("L")];
    const lines = await lineIds(first);
    const byItem = new Map(lines.map((x) => [x.orderItemId, x.id]));
    // A line without its choice is refused, nothing changes.
    const partial = await move(first, { intent: "receive", [dispositionField(byItem.get(order.line.M!)!)]: "restock" });
    expect(partial.status).toBe(400);
    expect(partial.text).toContain(RETURN_MESSAGES.dispositionRequired);
    expect((await returnRow(first)).status).toBe("approved");

    const received = await move(first, {
      intent: "receive",
      [dispositionField(byItem.get(order.line.M!)!)]: "restock",
      [dispositionField(byItem.get(order.line.L!)!)]: "write_off",
    });
    expect(received.status).toBe(200);
    expect(await stockOf("M")).toBe(m + 1);
    expect(await stockOf("L")).toBe(l);
    const row = await returnRow(first);
    expect(row).toMatchObject({ status: "received", refundStatus: "due" });
    const items = await db().select().from(returnItems).where(eq(returnItems.returnId, row.id));
    expect(Object.fromEntries(items.map((i) => [i.orderItemId, i.disposition]))).toEqual({
      [order.line.M!]: "restock",
      [order.line.L!]: "write_off",
    });
  });

  it("refunds the goods, their tax share and (for a damaged item) the shipping, to the cent, recorded by hand", async () => {
    const { order: o, items } = await orderMoney(order.id);
    const m = items.find((i) => i.size === "M")!;
    const l = items.find((i) => i.size === "L")!;
    const goods = net(m, 1) + net(l, 1);
    const tax = taxOf(o, goods);
    const total = goods + tax + o.shippingCents;

    const page = await html(`/admin/returns/${first}`);
    expect(page).toContain("recorded as refunded by hand (demo payment)");
    expect(page).toContain(`$${(total / 100).toFixed(2)}`);

    const refunded = await move(first, { intent: "refund" });
    expect(refunded.status, refunded.text.slice(0, 200)).toBe(200);
    expect(refunded.text).toContain(RETURN_MOVE_DONE.refund(first));
    const row = await returnRow(first);
    expect(row).toMatchObject({
      status: "closed",
      refundStatus: "refunded",
      refundMethod: "manual",
      refundCents: goods,
      refundTaxCents: tax,
      refundShippingCents: o.shippingCents,
    });
    const after = await orderMoney(order.id);
    expect(after.order.refundedCents).toBe(total);
    // Not all of it: still paid.
    expect(after.order.paymentStatus).toBe("paid");
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({
        returnId: row.id,
        amountCents: total,
        taxCents: tax,
        shippingCents: o.shippingCents,
        method: "manual",
      }),
    ]);
    // Refunding again: nothing left to do, nothing written.
    expect((await move(first, { intent: "refund" })).status).toBe(409);
    expect(await db().select({ n: count() }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([
      { n: 1 },
    ]);

    const orderPage = await html(`/admin/orders/${order.orderNumber}`);
    expect(orderPage).toContain(`href="/admin/returns/${first}"`);
    expect(orderPage).toContain(`Refunded $${(total / 100).toFixed(2)} of $${(o.totalCents / 100).toFixed(2)}`);
  });

  it("a second return of the rest refunds exactly what is left, and the payment becomes 'refunded'", async () => {
    const second = await ask(order, ana, [
      { orderItemId: order.line.M!, quantity: 1, reason: "changed_mind", resolution: "refund" },
    ]);
    await approveAndReceive(second);
    const page = await html(`/admin/returns/${second}`);
    // The shipping went back with the first return: no box to give it again.
    expect(page).not.toContain('name="refundShipping"');
    const refunded = await move(second, { intent: "refund", refundShipping: "on" });
    expect(refunded.status, refunded.text.slice(0, 200)).toBe(200);
    const { order: o } = await orderMoney(order.id);
    expect(o.refundedCents).toBe(o.totalCents);
    expect(o.paymentStatus).toBe("refunded");
    expect((await returnRow(second)).refundShippingCents).toBe(0);
  });
});

describe("the shipping given back", () => {
  it("always with a 'Damaged or faulty' item; otherwise when the owner ticks 'Refund shipping'", async () => {
    // One unit each: under the free-shipping threshold, so the orders paid shipping.
    const damaged = await deliveredOrder(ana, "ana.returns@example.com", [{ size: "M", quantity: 1 }]);
    const chosen = await deliveredOrder(ana, "ana.returns@example.com", [{ size: "L", quantity: 1 }]);
    const forced = await ask(damaged, ana, [
      { orderItemId: damaged.line.M!, quantity: 1, reason: "damaged", resolution: "refund" },
    ]);
    const optional = await ask(chosen, ana, [
      { orderItemId: chosen.line.L!, quantity: 1, reason: "too_large", resolution: "refund" },
    ]);
    await approveAndReceive(forced, { [damaged.line.M!]: "write_off" });
    await approveAndReceive(optional);

    const shipping = (await orderMoney(damaged.id)).order.shippingCents;
    expect(shipping).toBeGreaterThan(0);
    const forcedPage = await html(`/admin/returns/${forced}`);
    expect(forcedPage).toContain("always, as an item is &#x27;Damaged or faulty&#x27;");
    const box = /<input[^>]*name="refundShipping"[^>]*>/.exec(forcedPage)?.[0] ?? "";
    expect(box).toContain('checked=""');
    expect(box).toContain('disabled=""');
    expect((await move(forced, { intent: "refund" })).status).toBe(200);
    const a = await orderMoney(damaged.id);
    expect((await returnRow(forced)).refundShippingCents).toBe(shipping);
    // All of it: the payment is refunded.
    expect(a.order.refundedCents).toBe(a.order.totalCents);
    expect(a.order.paymentStatus).toBe("refunded");

    const optionalPage = await html(`/admin/returns/${optional}`);
    expect(optionalPage).toContain(`Refund shipping ($${(shipping / 100).toFixed(2)})`);
    expect((await move(optional, { intent: "refund", refundShipping: "on" })).status).toBe(200);
    const b = await orderMoney(chosen.id);
    expect((await returnRow(optional)).refundShippingCents).toBe(b.order.shippingCents);
    expect(b.order.refundedCents).toBe(b.order.totalCents);
  });
});

describe("an exchange shipped", () => {
  it("creates a linked order (processing, paid, total 0) that both order pages show", async () => {
    const order = await deliveredOrder(zed, "zed.returns@example.com", [{ size: "M", quantity: 1 }]);
    const lBefore = await stockOf("L");
    const rma = await ask(order, zed, [
      {
        orderItemId: order.line.M!,
        quantity: 1,
        reason: "too_small",
        resolution: "exchange",
        exchangeVariantId: await variantOf("L"),
      },
    ]);
    // The L is set aside at once.
    expect(await stockOf("L")).toBe(lBefore - 1);
    expect(await html(`/admin/returns/${rma}`)).toContain("Exchange for L");
    await approveAndReceive(rma);
    const page = await html(`/admin/returns/${rma}`);
    expect(page).toContain("Ship exchange");
    expect(page).not.toContain('aria-label="Refund"');

    const shipped = await move(rma, { intent: "shipExchange" });
    expect(shipped.status, shipped.text.slice(0, 200)).toBe(200);
    const [made] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, (await returnRow(rma)).exchangeOrderId!));
    const exchange = made!.orderNumber;
    expect(shipped.text).toContain(exchange);
    expect(made).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
      totalCents: 0,
      exchangeForOrderId: order.id,
    });
    const made_items = await db().select().from(orderItems).where(eq(orderItems.orderId, made!.id));
    expect(made_items.map((i) => [i.size, i.quantity])).toEqual([["L", 1]]);
    // It took no stock again.
    expect(await stockOf("L")).toBe(lBefore - 1);
    expect(await returnRow(rma)).toMatchObject({ status: "closed", exchangeOrderId: made!.id });
    // Shipping it twice is refused.
    expect((await move(rma, { intent: "shipExchange" })).status).toBe(409);

    const exchangePage = await html(`/admin/orders/${exchange}`);
    expect(exchangePage).toContain("Exchange for ");
    expect(exchangePage).toContain(`href="/admin/orders/${order.orderNumber}"`);
    expect(exchangePage).toContain(`href="/admin/returns/${rma}"`);
    // The usual fulfilment moves apply.
    expect(exchangePage).toContain("Tracking number");
    const originalPage = await html(`/admin/orders/${order.orderNumber}`);
    expect(originalPage).toContain(`href="/admin/orders/${exchange}"`);
    expect(originalPage).toContain(`href="/admin/returns/${rma}"`);
    expect(await html(`/admin/returns/${rma}`)).toContain(`href="/admin/orders/${exchange}"`);
  });
});

describe("a refund through PayPal", () => {
  async function receivedPayPalReturn(): Promise<{ order: Delivered; rma: string; expected: number }> {
    const order = await deliveredOrder(zed, "zed.returns@example.com", [{ size: "M", quantity: 3 }], "paypal");
    const rma = await ask(order, zed, [
      { orderItemId: order.line.M!, quantity: 1, reason: "too_large", resolution: "refund" },
    ]);
    await approveAndReceive(rma);
    const { order: o, items } = await orderMoney(order.id);
    const goods = net(items[0]!, 1);
    return { order, rma, expected: goods + taxOf(o, goods) };
  }

  const refundRows = async (rma: string) => {
    const ret = await returnRow(rma);
    return db().select().from(orderRefunds).where(eq(orderRefunds.returnId, ret.id));
  };

  it("a failed refund leaves the refund pending with the error; Refund again refunds once", async () => {
    const { order, rma, expected } = await receivedPayPalReturn();
    expect(await html(`/admin/returns/${rma}`)).toContain("through PayPal");
    paypal.failNextRefund(1);
    const failed = await move(rma, { intent: "refund" });
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(RETURN_MESSAGES.refundFailed);
    const pending = await returnRow(rma);
    expect(pending).toMatchObject({ status: "received", refundStatus: "pending", refundMethod: "paypal" });
    expect(pending.refundError).toBeTruthy();
    expect(paypal.refundCount(order.captureId!)).toBe(0);
    expect(await refundRows(rma)).toEqual([]);
    const page = await html(`/admin/returns/${rma}`);
    expect(page).toContain("was sent but not confirmed");
    expect(page).toContain('aria-label="Refund"');

    const retried = await move(rma, { intent: "refund" });
    expect(retried.status, retried.text.slice(0, 200)).toBe(200);
    expect(paypal.refunds(order.captureId!)).toEqual([
      expect.objectContaining({ amountCents: expected, requestId: `return-refund-${pending.id}` }),
    ]);
    const done = await returnRow(rma);
    expect(done).toMatchObject({ status: "closed", refundStatus: "refunded", refundError: null });
    expect(done.refundId).toBe(paypal.refunds(order.captureId!)[0]!.id);
    expect(await refundRows(rma)).toEqual([
      expect.objectContaining({ amountCents: expected, method: "paypal", providerRefundId: done.refundId }),
    ]);
    const { order: o } = await orderMoney(order.id);
    expect(o.refundedCents).toBe(expected);
    expect(o.paymentStatus).toBe("paid");
  });

  it("a lost answer, then Refund again: PayPal refunded once, recorded once", async () => {
    const { order, rma, expected } = await receivedPayPalReturn();
    paypal.loseNextRefundAnswer();
    const lost = await move(rma, { intent: "refund" });
    expect(lost.status).toBe(503);
    expect(paypal.refundCount(order.captureId!)).toBe(1);
    expect((await returnRow(rma)).refundStatus).toBe("pending");
    const retried = await move(rma, { intent: "refund" });
    expect(retried.status, retried.text.slice(0, 200)).toBe(200);
    expect(paypal.refundCount(order.captureId!)).toBe(1);
    expect(paypal.refundedCents(order.captureId!)).toBe(expected);
    expect(await refundRows(rma)).toHaveLength(1);
    expect((await orderMoney(order.id)).order.refundedCents).toBe(expected);
  });

  it("two admins refunding at once: one refund, the other a 409", async () => {
    const { order, rma, expected } = await receivedPayPalReturn();
    const answers = await Promise.all([
      move(rma, { intent: "refund" }, adminCookie),
      move(rma, { intent: "refund" }, secondAdminCookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(
      [RETURN_MESSAGES.changedMeanwhile, "Only a received return with money still to give back can be refunded."].some(
        (message) => lost.text.includes(message),
      ),
    ).toBe(true);
    expect(paypal.refundCount(order.captureId!)).toBe(1);
    expect(await refundRows(rma)).toHaveLength(1);
    expect((await orderMoney(order.id)).order.refundedCents).toBe(expected);
  });
});

describe("refusing", () => {
  it("needs a reason (400, nothing changed), then refuses with it and gives the reserved size back", async () => {
    const order = await deliveredOrder(ana, "ana.returns@example.com", [{ size: "M", quantity: 1 }]);
    const lBefore = await stockOf("L");
    const rma = await ask(order, ana, [
      {
        orderItemId: order.line.M!,
        quantity: 1,
        reason: "too_small",
        resolution: "exchange",
        exchangeVariantId: await variantOf("L"),
      },
    ]);
    expect(await stockOf("L")).toBe(lBefore - 1);
    const empty = await move(rma, { intent: "refuse", reason: "   " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(RETURN_MESSAGES.refusalReasonRequired);
    expect((await returnRow(rma)).status).toBe("requested");

    const refused = await move(rma, { intent: "refuse", reason: "Worn and washed" });
    expect(refused.status).toBe(200);
    expect(await returnRow(rma)).toMatchObject({ status: "refused", refusalReason: "Worn and washed" });
    expect(await stockOf("L")).toBe(lBefore);
    const page = await html(`/admin/returns/${rma}`);
    expect(page).toContain("Worn and washed");
    expect(page).toContain("No further action is possible for this return.");
  });
});

describe("without admin access nothing changes", () => {
  async function snapshot() {
    const [r, items, history, refunds, o, stock] = await Promise.all([
      db().select().from(returns).orderBy(returns.rmaNumber),
      db().select({ id: returnItems.id, d: returnItems.disposition }).from(returnItems).orderBy(returnItems.id),
      db().select({ n: count() }).from(returnHistory),
      db().select({ n: count() }).from(orderRefunds),
      db()
        .select({ n: orders.orderNumber, s: orders.status, p: orders.paymentStatus, r: orders.refundedCents })
        .from(orders)
        .orderBy(orders.orderNumber),
      db()
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .orderBy(productVariants.id),
    ]);
    return { r, items, history, refunds, o, stock };
  }

  it("refuses a customer's (the return's own shopper's) and a visitor's POST of every move, on returns in every state", async () => {
    // Returns where each move would be allowed for an admin: requested, approved, received (refund and exchange due).
    const a = await deliveredOrder(ana, "ana.returns@example.com", [
      { size: "M", quantity: 2 },
      { size: "L", quantity: 1 },
    ]);
    const requested = await ask(a, ana, [
      { orderItemId: a.line.M!, quantity: 1, reason: "too_small", resolution: "refund" },
    ]);
    const approved = await ask(a, ana, [
      { orderItemId: a.line.L!, quantity: 1, reason: "other", note: "Colour", resolution: "refund" },
    ]);
    expect((await move(approved, { intent: "approve" })).status).toBe(200);
    const b = await deliveredOrder(ana, "ana.returns@example.com", [
      { size: "M", quantity: 1 },
      { size: "L", quantity: 1 },
    ]);
    const received = await ask(b, ana, [
      { orderItemId: b.line.M!, quantity: 1, reason: "damaged", resolution: "refund" },
      {
        orderItemId: b.line.L!,
        quantity: 1,
        reason: "too_large",
        resolution: "exchange",
        exchangeVariantId: await variantOf("M"),
      },
    ]);
    await approveAndReceive(received);

    const before = await snapshot();
    for (const rma of [requested, approved, received]) {
      const dispositions = Object.fromEntries((await lineIds(rma)).map((l) => [dispositionField(l.id), "restock"]));
      const moves: Array<Record<string, string>> = [
        { intent: "approve" },
        { intent: "refuse", reason: "No" },
        { intent: "receive", ...dispositions },
        { intent: "refund", refundShipping: "on" },
        { intent: "shipExchange" },
      ];
      for (const fields of moves) {
        for (const [who, cookie] of [
          ["customer", ana.cookie],
          ["other customer", zed.cookie],
          ["visitor", undefined],
        ] as const) {
          const res = await post(`/admin/returns/${rma}`, fields, cookie);
          expect([302, 403], `${who} ${rma} ${fields.intent} ${res.status}`).toContain(res.status);
          if (res.status === 403) expect(await res.text()).toContain(ADMIN_ACCESS_MESSAGES.forbidden);
        }
      }
      // Nor do they see the page: sent to /admin before anything is read.
      for (const cookie of [ana.cookie, undefined]) {
        const res = await get(`/admin/returns/${rma}`, cookie);
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/admin");
        const data = await get(`/admin/returns/${rma}.data`, cookie);
        expect(await data.text()).not.toContain("ana.returns@example.com");
      }
    }
    expect(await snapshot()).toEqual(before);
    // The list shows them nothing either.
    const list = await get("/admin/returns", ana.cookie);
    expect(await list.text()).not.toContain(requested);
  });
});

describe("the returns list", () => {
  const listed = (page: string) => [...page.matchAll(/href="\/admin\/returns\/(RMA-[\d-]+)"/g)].map((m) => m[1]!);

  it("lists every return newest first, filters by status and searches by RMA, order number, digits and e-mail", async () => {
    const all = await db()
      .select({
        rma: returns.rmaNumber,
        status: returns.status,
        orderId: returns.orderId,
        createdAt: returns.createdAt,
      })
      .from(returns);
    const newestFirst = [...all].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || 0).map((r) => r.rma);
    const page = await html("/admin/returns");
    expect(listed(page)).toEqual(newestFirst.slice(0, 20));
    expect(page.replace(/<!-- -->/g, "")).toContain(`${all.length} returns`);

    const requested = all.filter((r) => r.status === "requested").map((r) => r.rma);
    expect(requested.length).toBeGreaterThan(0);
    expect(new Set(listed(await html("/admin/returns?status=requested")))).toEqual(new Set(requested));
    expect(listed(await html("/admin/returns?status=cancelled"))).toEqual([]);
    expect(await html("/admin/returns?status=cancelled")).toContain("No returns found");

    const one = newestFirst[0]!;
    expect(listed(await html(`/admin/returns?q=${one.toLowerCase()}`))).toEqual([one]);
    const [ofOrder] = await db()
      .select({ n: orders.orderNumber, id: orders.id })
      .from(orders)
      .where(eq(orders.id, all.find((r) => r.rma === one)!.orderId));
    const sameOrder = all.filter((r) => r.orderId === ofOrder!.id).map((r) => r.rma);
    expect(new Set(listed(await html(`/admin/returns?q=${ofOrder!.n}`)))).toEqual(new Set(sameOrder));
    expect(new Set(listed(await html(`/admin/returns?q=${ofOrder!.n.slice(4)}`)))).toEqual(new Set(sameOrder));

    const zedOrders = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerEmail, "zed.returns@example.com"));
    const zeds = all.filter((r) => zedOrders.some((o) => o.id === r.orderId)).map((r) => r.rma);
    expect(zeds.length).toBeGreaterThan(0);
    expect(new Set(listed(await html("/admin/returns?q=ZED.ret")))).toEqual(new Set(zeds));
    expect(listed(await html("/admin/returns?q=nobody%25@"))).toEqual([]);
    // A status and a search together.
    const zedClosed = all.filter((r) => zeds.includes(r.rma) && r.status === "closed").map((r) => r.rma);
    expect(new Set(listed(await html("/admin/returns?q=zed&status=closed")))).toEqual(new Set(zedClosed));
  });

  it("shows the requested ones beside 'Returns' in the sidebar", async () => {
    const [row] = await db().select({ n: count() }).from(returns).where(eq(returns.status, "requested"));
    const page = await html("/admin");
    expect(page).toContain(`${row!.n} requested`);
    expect(page).toContain('href="/admin/returns"');
  });
});
