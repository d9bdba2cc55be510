import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { orderItems, orders } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { isUuid } from "~/lib/ids";
import type { EventBus } from "~/lib/events.server";
import type { CaptureFailureReason, PayPalClient, PayPalItem } from "~/modules/payments/paypal.server";
import { isDomainError } from "~/lib/domain-error";
import { awaitingPayment, failOrderPayment, markOrderPaid, paymentStateError } from "./order-payment.server";
import { log } from "~/lib/log.server";

/**
 * Paying an order with PayPal (decisions.md §3). The order side of the payment: the PayPal client
 * (`~/modules/payments`) is a provider this module calls; orders own the state machine.
 *
 * PayPal checkout on the server: the PayPal order is created from the totals stored
 * with our order, never from anything the browser sends, and our order becomes paid only after PayPal
 * reports a COMPLETED capture for exactly its total. Both calls carry a PayPal-Request-Id derived from
 * our order id, so a retry (double click, timeout, second instance) gets PayPal's first answer back
 * instead of a second PayPal order or a second capture.
 */

/** PayPal-Request-Id of the create call for one of our orders. */
export const paypalCreateRequestId = (orderId: string) => `ac-create-${orderId}`;
/** PayPal-Request-Id of the capture call for one of our orders. */
export const paypalCaptureRequestId = (orderId: string) => `ac-capture-${orderId}`;

const notPayable = (orderId: string) => paymentStateError("NOT_PAYABLE", `Order ${orderId} cannot be paid with PayPal`);

/**
 * Creates (once) the PayPal order for one of the user's pending orders and remembers its id in
 * `orders.payment_id`; a repeated call returns the stored id without calling PayPal. Throws
 * a payment-state DomainError NOT_PAYABLE for an unknown order, another user's order, an order that is no longer
 * pending/pending, or one already being paid another way.
 */
export async function startPayPalPayment(
  db: Db,
  paypal: PayPalClient,
  input: { orderId: string; userId?: string; owner?: SQL },
): Promise<{ paypalOrderId: string }> {
  const order = await payableOrder(db, input.orderId, ownerOf(input));
  if (order.paymentId) return { paypalOrderId: order.paymentId };

  const created = await paypal.createOrder({
    requestId: paypalCreateRequestId(order.id),
    referenceId: order.orderNumber,
    customId: order.id,
    totals: {
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
    },
    items: await paypalItems(db, order.id),
  });

  const [stored] = await db
    .update(orders)
    .set({ paymentId: created.id, paymentMethod: "paypal", updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), awaitingPayment(), isNull(orders.paymentId)))
    .returning({ paymentId: orders.paymentId });
  if (stored) return { paypalOrderId: created.id };
  // A concurrent start stored its id first (the same PayPal order: same request id), or the order changed.
  const again = await payableOrder(db, order.id, ownerOf(input));
  if (!again.paymentId) throw notPayable(order.id);
  return { paypalOrderId: again.paymentId };
}

/** The user's order if it can be paid with PayPal now (pending/pending, no other payment under way). */
/**
 * Whose orders may be paid: the account's (`userId`), or a condition on `orders` (a guest's: the orders
 * its browser placed, checkout.server.ts). Neither: none.
 */
function ownerOf(input: { userId?: string; owner?: SQL }): SQL {
  if (input.owner) return input.owner;
  return input.userId ? eq(orders.userId, input.userId)! : sql`false`;
}

async function payableOrder(db: Db, orderId: string, owner: SQL) {
  if (!isUuid(orderId)) throw notPayable(orderId);
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentId: orders.paymentId,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      discountCents: orders.discountCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), owner));
  if (!order || order.status !== "pending" || order.paymentStatus !== "pending") throw notPayable(orderId);
  if (order.paymentId && order.paymentMethod !== "paypal") throw notPayable(orderId);
  return order;
}

/** The order's items as PayPal lists them: stored names (with size and colour), SKUs, prices, quantities. */
async function paypalItems(db: Db, orderId: string): Promise<PayPalItem[]> {
  const rows = await db
    .select({
      name: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      sku: orderItems.productSku,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  return rows.map((row) => {
    const variant = [row.size, row.color].filter(Boolean).join(" / ");
    return {
      name: variant ? `${row.name} (${variant})` : row.name,
      sku: row.sku,
      unitPriceCents: row.unitPriceCents,
      quantity: row.quantity,
    };
  });
}

/** Reasons after which the buyer must start again: the order is cancelled and its stock returned. */
const FAILING: ReadonlySet<CaptureFailureReason> = new Set([
  "DECLINED",
  "NOT_APPROVED",
  "AMOUNT_MISMATCH",
  "NOT_COMPLETED",
]);

export interface CaptureOutcome {
  orderNumber: string;
  paid: boolean;
  /** PayPal's reason when not paid (see CaptureFailureReason). */
  reason?: string;
}

/**
 * Captures the buyer-approved PayPal order of one of the user's orders and marks our order paid, once:
 * an order already paid is reported paid without calling PayPal. A declined, unapproved, incomplete or
 * wrong-amount capture cancels the order and returns its stock. ALREADY_CAPTURED counts as paid only if
 * our order already is; otherwise the order stays pending (the abandoned-order sweeper decides).
 * PayPalError (network, timeout, 5xx) propagates and leaves the order pending; retrying is safe.
 * Throws a payment-state DomainError NOT_FOUND (no such PayPal order for this user), ORDER_CANCELLED or NOT_PAYABLE.
 */
export async function capturePayPalPayment(
  db: Db,
  paypal: PayPalClient,
  events: EventBus,
  input: { paypalOrderId: string; userId?: string; owner?: SQL },
): Promise<CaptureOutcome> {
  const order = await orderOfPayPalOrder(db, input.paypalOrderId, ownerOf(input));
  if (order.paymentStatus === "paid") return { orderNumber: order.orderNumber, paid: true };
  if (order.status === "cancelled") {
    throw paymentStateError("ORDER_CANCELLED", `Order ${order.orderNumber} was cancelled before it was paid`);
  }
  if (order.status !== "pending" || order.paymentStatus !== "pending") throw notPayable(order.id);

  const result = await paypal.captureOrder({
    paypalOrderId: input.paypalOrderId,
    requestId: paypalCaptureRequestId(order.id),
    expectedTotalCents: order.totalCents,
  });

  if (result.ok) {
    try {
      await markOrderPaid(db, events, {
        orderId: order.id,
        paymentMethod: "paypal",
        paymentId: input.paypalOrderId,
        captureId: result.captureId,
        amountCents: result.amountCents,
      });
    } catch (error) {
      if (isDomainError(error, "ORDER_CANCELLED")) {
        await keepOrphanedCapture(db, order, result.captureId);
      }
      throw error;
    }
    return { orderNumber: order.orderNumber, paid: true };
  }
  if (result.reason === "ALREADY_CAPTURED") {
    const now = await orderOfPayPalOrder(db, input.paypalOrderId, ownerOf(input));
    return now.paymentStatus === "paid"
      ? { orderNumber: order.orderNumber, paid: true }
      : { orderNumber: order.orderNumber, paid: false, reason: result.reason };
  }
  if (FAILING.has(result.reason)) await failOrderPayment(db, order.id, events);
  return { orderNumber: order.orderNumber, paid: false, reason: result.reason };
}

/** Our order paid (or to be paid) through this PayPal order, if it belongs to the user. */
async function orderOfPayPalOrder(db: Db, paypalOrderId: string, owner: SQL) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(eq(orders.paymentId, paypalOrderId), owner, eq(orders.paymentMethod, "paypal")));
  if (!order) throw paymentStateError("NOT_FOUND", `No order of this user is paid with PayPal order ${paypalOrderId}`);
  return order;
}

/**
 * PayPal took the money but the order was cancelled meanwhile (the abandoned-order sweeper won the race):
 * the capture id is kept on the order and logged, so the payment can be refunded.
 */
async function keepOrphanedCapture(db: Db, order: { id: string; orderNumber: string }, captureId: string) {
  await db
    .update(orders)
    .set({ paymentCaptureId: captureId, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentCaptureId)));
  log.warn(`[payments] PayPal capture ${captureId} completed for cancelled order ${order.orderNumber}: refund it`);
}
