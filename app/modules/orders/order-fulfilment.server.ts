import { and, eq } from "drizzle-orm";
import { orders } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { DomainEvent, EventBus } from "~/lib/events.server";
import type { PayPalClient } from "~/modules/payments/paypal.server";
import { planMove, type OrderMove, type OrderState, type RefundKind } from "./order-moves";
import type { OrderStatus, PaymentStatus } from "./order-rules";
import { restock } from "./order-payment.server";
import { recordRefund } from "./order-refunds.server";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/field-changes";
import { recordStatusChange } from "./status-history.server";
import { log } from "~/lib/log.server";

/**
 * Applies the fulfilment state machine (order-moves.ts) to the database. Every move is one conditional
 * UPDATE on the exact state the plan was made from, in a transaction with its history row and, for a
 * cancel, the stock given back: of two admins (or an admin and the abandoned-order sweeper) moving the
 * same order, one wins and the other gets a 409; stock comes back exactly once.
 *
 * A PayPal refund is a call to another system, so it is made after the cancel commits, keyed by the order
 * (PayPal-Request-Id) so a retry never refunds twice; when it fails the order stays cancelled and paid,
 * and the 'refund' move tries again.
 */

export interface FulfilmentDeps {
  db: Db;
  events: EventBus;
  /** The configured PayPal account; without it a PayPal payment cannot be refunded from here. */
  paypal: PayPalClient | undefined;
}

export interface MoveRequest {
  orderId: string;
  move: OrderMove;
  /** The staff member or the shared password moving it (the staff module's StaffActor): history and audit. */
  actor: AuditActor;
  trackingNumber?: string;
  carrier?: string;
  note?: string | null;
}

export interface MoveResult {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Set when a paid order was cancelled but its PayPal refund failed: say so, offer 'Refund payment'. */
  refundFailed: string | null;
}

export const FULFILMENT_MESSAGES = {
  notFound: "Order not found or could not be loaded",
  changedMeanwhile: "This order was changed by someone else meanwhile. Reload it to see its current state.",
  refundFailed: "The order is cancelled, but PayPal did not refund it yet. Use Refund payment to try again.",
  paypalNotConfigured: "PayPal is not configured on this server, so the payment cannot be refunded from here.",
} as const;

interface CurrentOrder extends OrderState {
  id: string;
  orderNumber: string;
}

async function currentOrder(db: Db | Tx, orderId: string): Promise<CurrentOrder> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentCaptureId: orders.paymentCaptureId,
      isTest: orders.isTest,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new DomainError("not-found", FULFILMENT_MESSAGES.notFound, { reason: "NOT_FOUND" });
  return {
    ...order,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as PaymentStatus,
  };
}

/** Moves an order on, or throws a DomainError: not-found, or a conflict (illegal move, lost race). */
export async function moveOrder(deps: FulfilmentDeps, request: MoveRequest): Promise<MoveResult> {
  const { db, events } = deps;
  const order = await currentOrder(db, request.orderId);
  const plan = planMove(order, request.move);
  if (!plan.ok) throw new DomainError("conflict", plan.message, { reason: "ILLEGAL_MOVE" });

  if (plan.move === "refund") return refundCancelledOrder(deps, order, plan.refund!, request);

  const now = new Date();
  const restocked = await db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set({
        status: plan.to.status,
        paymentStatus: plan.to.paymentStatus,
        updatedAt: now,
        ...(plan.move === "ship" ? { trackingNumber: request.trackingNumber, carrier: request.carrier } : {}),
        ...(plan.move === "markPaid" ? { paidAt: now, paymentMethod: "demo" } : {}),
        // The return window counts from here (issue 30).
        ...(plan.move === "deliver" ? { deliveredAt: now } : {}),
      })
      .where(
        and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.paymentStatus, order.paymentStatus)),
      )
      .returning({ id: orders.id });
    if (moved.length === 0) {
      throw new DomainError("conflict", FULFILMENT_MESSAGES.changedMeanwhile, { reason: "CHANGED_MEANWHILE" });
    }
    const note = noteFor(plan.move, request, plan.refund);
    await recordStatusChange(tx, {
      orderId: order.id,
      from: order,
      to: plan.to,
      actor: historyActor(request.actor),
      note,
    });
    await recordAudit(tx, request.actor, [
      moveAudit(plan.move, order, plan.to, {
        ...(plan.move === "ship" ? { trackingNumber: request.trackingNumber, carrier: request.carrier } : {}),
        note,
      }),
    ]);
    const event = movedEvent(plan.move, order, request, plan.refund);
    // The messages the move calls for are written in its transaction (the notification outbox).
    if (event) await events.recordEvent(tx, event);
    // A demo payment is given back by hand with the cancel: the whole of what is left of it.
    if (plan.refund === "manual") await recordWholeRefund(tx, order.id, "manual", null);
    return plan.restock ? restock(tx, [order.id]) : 0;
  });

  if (restocked > 0) await events.emit("catalog.changed", { reason: `order ${order.orderNumber} cancelled` });
  const event = movedEvent(plan.move, order, request, plan.refund);
  if (event) await events.emitEvent(event);

  const result: MoveResult = {
    orderNumber: order.orderNumber,
    status: plan.to.status,
    paymentStatus: plan.to.paymentStatus,
    refundFailed: null,
  };
  if (plan.refund !== "paypal") return result;
  // The cancel stands; the money goes back through PayPal now (or on a later 'refund' move).
  try {
    const refunded = await refundCancelledOrder(deps, { ...order, ...plan.to }, "paypal", {
      ...request,
      move: "refund",
      note: null,
    });
    return { ...result, paymentStatus: refunded.paymentStatus };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    log.warn({ err: cause }, `[orders] refund of cancelled order ${order.orderNumber} failed`);
    return { ...result, refundFailed: FULFILMENT_MESSAGES.refundFailed };
  }
}

/** cancelled + paid → cancelled + refunded: through PayPal's refund API first, or by hand. */
async function refundCancelledOrder(
  deps: FulfilmentDeps,
  order: CurrentOrder,
  kind: RefundKind,
  request: MoveRequest,
): Promise<MoveResult> {
  let refundId: string | null = null;
  if (kind === "paypal") {
    if (!deps.paypal) {
      throw new DomainError("unavailable", FULFILMENT_MESSAGES.paypalNotConfigured, { reason: "NO_PAYPAL" });
    }
    try {
      // Keyed by the order: a retry after a timeout, or two admins at once, refund the capture once.
      const refund = await deps.paypal.refundCapture({
        captureId: order.paymentCaptureId!,
        requestId: `refund-${order.id}`,
      });
      refundId = refund.refundId;
    } catch (error) {
      throw new DomainError("unavailable", FULFILMENT_MESSAGES.refundFailed, { reason: "REFUND_FAILED", cause: error });
    }
  }
  const to = { status: order.status, paymentStatus: "refunded" as const };
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ paymentStatus: "refunded", updatedAt: new Date(), ...(refundId ? { refundId } : {}) })
      .where(and(eq(orders.id, order.id), eq(orders.status, "cancelled"), eq(orders.paymentStatus, "paid")))
      .returning({ id: orders.id });
    if (rows.length === 0) return false;
    await recordWholeRefund(tx, order.id, kind, refundId);
    const note = joinNote(
      kind === "paypal" ? `Refunded through PayPal (refund ${refundId ?? "made earlier"})` : "Refunded by hand",
      request.note,
    );
    await recordStatusChange(tx, { orderId: order.id, from: order, to, actor: historyActor(request.actor), note });
    await recordAudit(tx, request.actor, [moveAudit("refund", order, to, { note })]);
    return true;
  });
  if (!changed) {
    throw new DomainError("conflict", FULFILMENT_MESSAGES.changedMeanwhile, { reason: "CHANGED_MEANWHILE" });
  }
  return { orderNumber: order.orderNumber, ...to, refundFailed: null };
}

/** A cancelled order's refund: what is left of its total, in `order_refunds` (issue 30). */
async function recordWholeRefund(tx: Tx, orderId: string, method: RefundKind, providerRefundId: string | null) {
  const [money] = await tx
    .select({
      total: orders.totalCents,
      refunded: orders.refundedCents,
      tax: orders.taxCents,
      shipping: orders.shippingCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!money || money.total - money.refunded <= 0) return;
  const untouched = money.refunded === 0;
  await recordRefund(tx, {
    orderId,
    amountCents: money.total - money.refunded,
    taxCents: untouched ? money.tax : 0,
    shippingCents: untouched ? money.shipping : 0,
    method,
    providerRefundId,
  });
}

/** The order history's 'who': the member's name, or 'Shared password'. */
export const historyActor = (actor: AuditActor) => ({ id: actor.id, name: actor.name || actor.email });

const AUDIT_VERBS: Record<OrderMove, string> = {
  ship: "ship",
  deliver: "deliver",
  cancel: "cancel",
  refund: "refund",
  markPaid: "mark-paid",
};

/** A move as the audit trail records it: the order's number, its states before and after, what was typed. */
function moveAudit(
  move: OrderMove,
  order: CurrentOrder,
  to: { status: string; paymentStatus: string },
  typed: Record<string, string | null | undefined>,
) {
  return {
    action: `order.${AUDIT_VERBS[move]}`,
    objectType: "order" as const,
    objectId: order.orderNumber,
    objectName: order.orderNumber,
    changes: fieldChanges(
      { status: order.status, paymentStatus: order.paymentStatus },
      { status: to.status, paymentStatus: to.paymentStatus, ...typed },
    ),
  };
}

function joinNote(automatic: string | null, note: string | null | undefined): string | null {
  return [automatic, note?.trim() || null].filter(Boolean).join(" — ") || null;
}

function noteFor(move: OrderMove, request: MoveRequest, refund: RefundKind | null): string | null {
  if (move === "ship") return joinNote(`${request.carrier} ${request.trackingNumber}`, request.note);
  if (move === "cancel" && refund === "manual") return joinNote("Payment refunded by hand", request.note);
  if (move === "markPaid") return joinNote("Test order marked paid", request.note);
  return joinNote(null, request.note);
}

/** What a move tells the rest of the shop: recorded in its transaction, emitted after the commit. */
function movedEvent(
  move: OrderMove,
  order: CurrentOrder,
  request: MoveRequest,
  refund: RefundKind | null,
): DomainEvent | null {
  const base = { orderId: order.id, orderNumber: order.orderNumber };
  if (move === "ship") {
    return {
      name: "order.shipped",
      payload: { ...base, trackingNumber: request.trackingNumber!, carrier: request.carrier! },
    };
  }
  if (move === "deliver") return { name: "order.delivered", payload: base };
  if (move === "cancel") return { name: "order.cancelled", payload: { ...base, refund } };
  if (move === "markPaid") return { name: "order.paid", payload: base };
  return null;
}
