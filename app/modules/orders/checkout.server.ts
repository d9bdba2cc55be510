import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { orders, profiles } from "#db/schema/index";
import type { OrderLimits } from "~/lib/config/order-limits";
import type { Db } from "~/lib/db/client.server";
import { hit, RATE_LIMITS, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import type { EventBus } from "~/lib/events.server";
import { linesToOrder } from "~/modules/cart/server-cart.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { PayPalError, type PayPalClient } from "~/modules/payments/paypal.server";
import { capturePayPalPayment, startPayPalPayment } from "./paypal-payment.server";
import { PAYMENT_MESSAGES, type CheckoutResponse } from "./checkout-api";
import type { CheckoutRequest } from "./checkout-request";
import { checkCheckout, type CheckoutDetails } from "./checkout-checks";
import { CHECKOUT_MESSAGES, knownOrderFailure } from "./checkout-forms";
import { failOrderPayment, markOrderPaid } from "./order-payment.server";
import {
  findPlacedOrder,
  placeOrder,
  type CartLineInput,
  type OrderHolder,
  type PlacedOrder,
} from "./place-order.server";
import type { PricingRules } from "~/modules/pricing/pricing";
import type { DiscountRule } from "~/modules/promotions/discount-engine";

/**
 * The checkout's server side: place the order from the shopper's cart as the database has it and
 * the form, then pay it by demo payment or PayPal (which takes the ordered lines out of the cart).
 * Each step answers what succeeded or throws a DomainError with a message fit to show (the route maps
 * it to a status); the browser sends no lines, and nothing it says about products, prices or totals
 * is read.
 */
export interface CheckoutContext {
  db: Db;
  events: EventBus;
  /** The signed-in account; null for a guest (GUEST_CHECKOUT), who then pays only what this browser placed. */
  userId: string | null;
  /** A guest's orders placed from this browser (the signed placed-orders cookie): the ones it may pay or cancel. */
  placedNumbers?: readonly string[];
  /**
   * A draft order's payment link (issue 32, decision 0041): the order its genuine, unexpired token names.
   * The shopper pays only that order, whoever is signed in (userId is then null).
   */
  linkedOrderNumber?: string;
  demoPayments: boolean;
  paypal: PayPalClient | undefined;
  /** Per-product cap, unpaid orders per account, the unpaid order's hold (`config.orderLimits`). */
  limits: OrderLimits;
  /** The client's address (null when unknown): what it holds unpaid counts with the account's. */
  clientAddress: string | null;
  /**
   * The owner's shipping and tax settings as they are now (`services().settings.read()`, cached): the
   * countries an order may go to, and the rates and tax it is charged.
   */
  shipping: PricingRules & { shipsTo: readonly string[] };
  /** The shop's automatic offers (`services().offers`) and time zone: the order's discounts (issue 28). */
  discounts: { offers: () => Promise<DiscountRule[]>; timeZone: string };
}

export type CheckoutSuccess = Omit<Extract<CheckoutResponse, { ok: true }>, "ok">;

/** The demo payment's pretend processing time (spec §9). */
const DEMO_PAYMENT_DELAY_MS = 1500;

const DEMO_UNAVAILABLE = "Demo payments are not available";
const placedAnswer = (placed: PlacedOrder): CheckoutSuccess => ({
  orderId: placed.id,
  orderNumber: placed.orderNumber,
  totalCents: placed.totalCents,
});

/** The provider failed (network, timeout, 5xx): nothing changed on our side, and retrying is safe. */
function providerFailure(error: unknown): never {
  if (error instanceof PayPalError) {
    throw new DomainError("unavailable", PAYMENT_MESSAGES.processingFailed, { reason: "PROVIDER", cause: error });
  }
  throw error;
}

export async function handleCheckout(ctx: CheckoutContext, request: CheckoutRequest): Promise<CheckoutSuccess> {
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

async function place(
  ctx: CheckoutContext,
  request: Extract<CheckoutRequest, { intent: "place" }>,
): Promise<CheckoutSuccess> {
  if (request.paymentMethod === "demo" && !ctx.demoPayments) throw new DomainError("invalid", DEMO_UNAVAILABLE);
  if (request.paymentMethod === "paypal" && !ctx.paypal)
    throw new DomainError("invalid", PAYMENT_MESSAGES.paypalUnavailable);
  if (ctx.userId === null) return placeAsGuest(ctx, request);
  const cart = await linesToOrder(ctx.db, ctx.userId);
  if (cart.length === 0) {
    // Sent again after its payment took the lines out of the cart: still the same order.
    const placed = await findPlacedOrder(ctx.db, ctx.userId, request.idempotencyKey);
    if (placed) return placedAnswer(placed);
    throw new DomainError("invalid", CHECKOUT_MESSAGES.emptyCart);
  }
  const checked = checkCheckout(request.form, ctx.shipping.shipsTo);
  if (!checked.ok) throw new DomainError("invalid", checked.message, { fieldErrors: checked.fieldErrors });
  return placeChecked(
    ctx,
    request,
    { userId: ctx.userId },
    checked.details,
    cart.map((l) => ({ productId: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
  );
}

/**
 * A guest's order (GUEST_CHECKOUT, issue 31): the lines come with the request (the browser's cart) and
 * are checked and priced by placeOrder exactly as an account's; the order belongs to the form's e-mail,
 * whose unpaid orders, holds, rate limit and idempotency keys count as an account's do.
 */
async function placeAsGuest(
  ctx: CheckoutContext,
  request: Extract<CheckoutRequest, { intent: "place" }>,
): Promise<CheckoutSuccess> {
  const checked = checkCheckout(request.form, ctx.shipping.shipsTo);
  if (!checked.ok) throw new DomainError("invalid", checked.message, { fieldErrors: checked.fieldErrors });
  const holder = { guestEmail: checked.details.shippingAddress.email.trim().toLowerCase() };
  const lines = (request.lines ?? []).map((l) => ({
    productId: l.id,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
  }));
  if (lines.length === 0) {
    // Sent again after the browser emptied its cart: still the same order.
    const placed = await findPlacedOrder(ctx.db, holder, request.idempotencyKey);
    if (placed) return placedAnswer(placed);
    throw new DomainError("invalid", CHECKOUT_MESSAGES.emptyCart);
  }
  return placeChecked(ctx, request, holder, checked.details, lines);
}

async function placeChecked(
  ctx: CheckoutContext,
  request: Extract<CheckoutRequest, { intent: "place" }>,
  holder: OrderHolder,
  details: CheckoutDetails,
  lines: CartLineInput[],
): Promise<CheckoutSuccess> {
  const key = "userId" in holder ? `orders:${holder.userId}` : `orders:guest:${holder.guestEmail}`;
  const limit = await hit(ctx.db, key, RATE_LIMITS.ordersPerAccount);
  if (!limit.allowed) throw new DomainError("rate-limited", TOO_MANY_ATTEMPTS);
  // Read before the order's transaction (cached): the order is priced with them inside it.
  const offers = await ctx.discounts.offers();
  try {
    const placed = await placeOrder(ctx.db, {
      userId: "userId" in holder ? holder.userId : null,
      guestEmail: "guestEmail" in holder ? holder.guestEmail : null,
      idempotencyKey: request.idempotencyKey,
      lines,
      ...details,
      paymentMethod: request.paymentMethod,
      expectedTotalCents: request.expectedTotalCents,
      holdAddress: ctx.clientAddress,
      limits: ctx.limits,
      pricing: ctx.shipping,
      discounts: { code: request.discountCode ?? null, offers, timeZone: ctx.discounts.timeZone },
    });
    return placedAnswer(placed);
  } catch (error) {
    if (isDomainError(error)) throw error;
    // The spec's messages for the database errors it names; anything else is the route's to log.
    throw knownOrderFailure(error) ?? error;
  }
}

/**
 * The shopper's own orders, as a condition: the account's; for a guest, the orders without an account this
 * browser placed (its signed cookie), nothing else.
 */
function ownOrders(ctx: CheckoutContext) {
  if (ctx.linkedOrderNumber) {
    return and(eq(orders.orderNumber, ctx.linkedOrderNumber), isNotNull(orders.draftOrderId))!;
  }
  if (ctx.userId !== null) return eq(orders.userId, ctx.userId);
  const placed = [...(ctx.placedNumbers ?? [])];
  return placed.length > 0 ? and(isNull(orders.userId), inArray(orders.orderNumber, placed)) : sql`false`;
}

/** The shopper's own order that still waits for its payment, or null. */
async function payableOrder(ctx: CheckoutContext, orderId: string) {
  const [order] = await ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentDueAt: orders.paymentDueAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownOrders(ctx)));
  return order ?? null;
}

async function payByDemo(ctx: CheckoutContext, orderId: string, decline: boolean): Promise<CheckoutSuccess> {
  if (!ctx.demoPayments) throw new DomainError("invalid", DEMO_UNAVAILABLE);
  const order = await payableOrder(ctx, orderId);
  if (!order) throw new DomainError("not-found", PAYMENT_MESSAGES.demoFailed);
  if (order.paymentStatus === "paid") return { orderId, orderNumber: order.orderNumber };
  if (order.status !== "pending" || order.paymentStatus !== "pending")
    throw new DomainError("conflict", PAYMENT_MESSAGES.retry);
  // A draft's payment link that ran out (the sweeper has not closed its order yet) pays nothing.
  if (order.paymentDueAt && order.paymentDueAt.getTime() <= Date.now())
    throw new DomainError("conflict", PAYMENT_MESSAGES.linkExpired);
  await new Promise((resolve) => setTimeout(resolve, DEMO_PAYMENT_DELAY_MS));
  if (decline) {
    await failOrderPayment(ctx.db, orderId, ctx.events);
    throw new DomainError("payment-declined", PAYMENT_MESSAGES.demoFailed);
  }
  // Paid, and its lines taken out of the cart in the same transaction.
  const paymentId = `DEMO-${order.orderNumber}`;
  const { orderNumber } = await markOrderPaid(ctx.db, ctx.events, { orderId, paymentMethod: "demo", paymentId });
  return { orderNumber };
}

async function createPayPalOrder(ctx: CheckoutContext, orderId: string): Promise<CheckoutSuccess> {
  if (!ctx.paypal) throw new DomainError("invalid", PAYMENT_MESSAGES.paypalUnavailable);
  if (ctx.linkedOrderNumber) {
    const order = await payableOrder(ctx, orderId);
    if (order?.paymentDueAt && order.paymentDueAt.getTime() <= Date.now())
      throw new DomainError("conflict", PAYMENT_MESSAGES.linkExpired);
  }
  const { paypalOrderId } = await startPayPalPayment(ctx.db, ctx.paypal, { orderId, owner: ownOrders(ctx) }).catch(
    providerFailure,
  );
  return { orderId, paypalOrderId };
}

async function capturePayPalOrder(ctx: CheckoutContext, paypalOrderId: string): Promise<CheckoutSuccess> {
  if (!ctx.paypal) throw new DomainError("invalid", PAYMENT_MESSAGES.paypalUnavailable);
  const result = await capturePayPalPayment(ctx.db, ctx.paypal, ctx.events, {
    paypalOrderId,
    owner: ownOrders(ctx),
  }).catch(providerFailure);
  if (!result.paid) throw new DomainError("payment-declined", PAYMENT_MESSAGES.paypalFailed);
  return { orderNumber: result.orderNumber };
}

/** The shopper closed the PayPal window or it failed: the order is cancelled, the stock goes back. */
async function cancelPayment(ctx: CheckoutContext, orderId: string): Promise<CheckoutSuccess> {
  const order = await payableOrder(ctx, orderId);
  if (!order) throw new DomainError("not-found", PAYMENT_MESSAGES.paypalFailed);
  if (order.paymentStatus === "pending") await failOrderPayment(ctx.db, orderId, ctx.events);
  return { orderId };
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
