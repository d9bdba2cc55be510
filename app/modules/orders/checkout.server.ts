import { and, eq } from "drizzle-orm";
import { orders, profiles } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { hit, RATE_LIMITS, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import type { EventBus } from "~/lib/events.server";
import { linesToOrder } from "~/modules/cart/server-cart.server";
import { PayPalError, type PayPalClient } from "~/modules/payments/paypal.server";
import { capturePayPalPayment, startPayPalPayment } from "./paypal-payment.server";
import { PAYMENT_MESSAGES, type CheckoutRequest, type CheckoutResponse } from "./checkout-api";
import { CHECKOUT_MESSAGES, checkCheckout, orderFailureMessage } from "./checkout-forms";
import { failOrderPayment, markOrderPaid, PaymentStateError } from "./order-payment.server";
import { findPlacedOrder, OrderError, placeOrder, type PlacedOrder } from "./place-order.server";

/**
 * The checkout's server side: place the order from the shopper's cart as the database has it and
 * the form, then pay it by demo payment or PayPal (which takes the ordered lines out of the cart).
 * Each step answers `{ ok, … }` with a message fit to show, and an HTTP status; the browser sends no
 * lines, and nothing it says about products, prices or totals is read.
 */
export interface CheckoutContext {
  db: Db;
  events: EventBus;
  userId: string;
  demoPayments: boolean;
  paypal: PayPalClient | undefined;
}

export interface CheckoutResult {
  status: number;
  body: CheckoutResponse;
}

/** The demo payment's pretend processing time (spec §9). */
const DEMO_PAYMENT_DELAY_MS = 1500;

const fail = (status: number, error: string, fieldErrors?: Partial<Record<string, string>>): CheckoutResult => ({
  status,
  body: { ok: false, error, ...(fieldErrors ? { fieldErrors } : {}) },
});
const ok = (body: Omit<Extract<CheckoutResponse, { ok: true }>, "ok">): CheckoutResult => ({ status: 200, body: { ok: true, ...body } });
const placedAnswer = (placed: PlacedOrder) =>
  ok({ orderId: placed.id, orderNumber: placed.orderNumber, totalCents: placed.totalCents });

export async function handleCheckout(ctx: CheckoutContext, request: CheckoutRequest): Promise<CheckoutResult> {
  switch (request.intent) {
    case "place":
      return place(ctx, request);
    case "demo-pay":
      return payByDemo(ctx, request.orderId, request.decline === true);
    case "paypal-create":
      return createPayPalOrder(ctx, request.orderId);
    case "paypal-capture":
      return capturePayPalOrder(ctx, request.paypalOrderId);
    case "paypal-cancel":
      return cancelPayment(ctx, request.orderId);
  }
}

async function place(ctx: CheckoutContext, request: Extract<CheckoutRequest, { intent: "place" }>): Promise<CheckoutResult> {
  if (request.paymentMethod === "demo" && !ctx.demoPayments) return fail(400, "Demo payments are not available");
  if (request.paymentMethod === "paypal" && !ctx.paypal) return fail(400, PAYMENT_MESSAGES.paypalUnavailable);
  const cart = await linesToOrder(ctx.db, ctx.userId);
  if (cart.length === 0) {
    // Sent again after its payment took the lines out of the cart: still the same order.
    const placed = await findPlacedOrder(ctx.db, ctx.userId, request.idempotencyKey);
    return placed ? placedAnswer(placed) : fail(400, CHECKOUT_MESSAGES.emptyCart);
  }
  const checked = checkCheckout(request.form);
  if (!checked.ok) return fail(400, checked.message, checked.fieldErrors);
  const limit = await hit(ctx.db, `orders:${ctx.userId}`, RATE_LIMITS.ordersPerAccount);
  if (!limit.allowed) return fail(429, TOO_MANY_ATTEMPTS);
  try {
    const placed = await placeOrder(ctx.db, {
      userId: ctx.userId,
      idempotencyKey: request.idempotencyKey,
      lines: cart.map((l) => ({ productId: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
      ...checked.details,
      paymentMethod: request.paymentMethod,
    });
    return placedAnswer(placed);
  } catch (error) {
    if (error instanceof OrderError) return fail(error.code === "NO_VALID_ITEMS" ? 400 : 409, error.message);
    console.warn("[checkout] order creation failed:", error instanceof Error ? error.message : error);
    return fail(500, orderFailureMessage(error));
  }
}

/** The shopper's own order that still waits for its payment, or null. */
async function payableOrder(ctx: CheckoutContext, orderId: string) {
  const [order] = await ctx.db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, ctx.userId)));
  return order ?? null;
}

async function payByDemo(ctx: CheckoutContext, orderId: string, decline: boolean): Promise<CheckoutResult> {
  if (!ctx.demoPayments) return fail(400, "Demo payments are not available");
  const order = await payableOrder(ctx, orderId);
  if (!order) return fail(404, PAYMENT_MESSAGES.demoFailed);
  if (order.paymentStatus === "paid") return ok({ orderId, orderNumber: order.orderNumber });
  if (order.status !== "pending" || order.paymentStatus !== "pending") return fail(409, PAYMENT_MESSAGES.retry);
  await new Promise((resolve) => setTimeout(resolve, DEMO_PAYMENT_DELAY_MS));
  if (decline) {
    await failOrderPayment(ctx.db, orderId, ctx.events);
    return fail(402, PAYMENT_MESSAGES.demoFailed);
  }
  try {
    // Paid, and its lines taken out of the cart in the same transaction.
    const paymentId = `DEMO-${order.orderNumber}`;
    const { orderNumber } = await markOrderPaid(ctx.db, ctx.events, { orderId, paymentMethod: "demo", paymentId });
    return ok({ orderNumber });
  } catch (error) {
    if (error instanceof PaymentStateError) return fail(409, PAYMENT_MESSAGES.retry);
    throw error;
  }
}

async function createPayPalOrder(ctx: CheckoutContext, orderId: string): Promise<CheckoutResult> {
  if (!ctx.paypal) return fail(400, PAYMENT_MESSAGES.paypalUnavailable);
  try {
    const { paypalOrderId } = await startPayPalPayment(ctx.db, ctx.paypal, { orderId, userId: ctx.userId });
    return ok({ orderId, paypalOrderId });
  } catch (error) {
    if (error instanceof PaymentStateError) return fail(409, PAYMENT_MESSAGES.retry);
    if (error instanceof PayPalError) return fail(502, PAYMENT_MESSAGES.processingFailed);
    throw error;
  }
}

async function capturePayPalOrder(ctx: CheckoutContext, paypalOrderId: string): Promise<CheckoutResult> {
  if (!ctx.paypal) return fail(400, PAYMENT_MESSAGES.paypalUnavailable);
  try {
    const result = await capturePayPalPayment(ctx.db, ctx.paypal, ctx.events, { paypalOrderId, userId: ctx.userId });
    if (!result.paid) return fail(402, PAYMENT_MESSAGES.paypalFailed);
    return ok({ orderNumber: result.orderNumber });
  } catch (error) {
    if (error instanceof PaymentStateError) return fail(409, PAYMENT_MESSAGES.retry);
    if (error instanceof PayPalError) return fail(502, PAYMENT_MESSAGES.processingFailed);
    throw error;
  }
}

/** The shopper closed the PayPal window or it failed: the order is cancelled, the stock goes back. */
async function cancelPayment(ctx: CheckoutContext, orderId: string): Promise<CheckoutResult> {
  const order = await payableOrder(ctx, orderId);
  if (!order) return fail(404, PAYMENT_MESSAGES.paypalFailed);
  if (order.paymentStatus === "pending") await failOrderPayment(ctx.db, orderId, ctx.events);
  return ok({ orderId });
}

/** What the checkout form starts with: the shopper's name, e-mail and saved address. */
export async function checkoutPrefill(db: Db, user: { id: string; email: string; name: string }) {
  const [profile] = await db
    .select({
      fullName: profiles.fullName,
      phone: profiles.phone,
      address: profiles.address,
      city: profiles.city,
      postalCode: profiles.postalCode,
      country: profiles.country,
    })
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  const [firstName = "", ...rest] = (profile?.fullName || user.name || "").trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(" "),
    email: user.email,
    phone: profile?.phone ?? "",
    address: profile?.address ?? "",
    city: profile?.city ?? "",
    postalCode: profile?.postalCode ?? "",
    country: profile?.country ?? null,
  };
}
