import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import { runPeriodically } from "~/lib/periodic.server";
import { PAYMENT_MESSAGES } from "./checkout-api";
import { giveBackStock } from "~/modules/catalog/variants.server";
import { removeOrderedLines } from "~/modules/cart/server-cart.server";
import { customer, recordStatusChange, recordStatusChanges, SYSTEM } from "./status-history.server";

/**
 * Payment state transitions of an order (decisions.md §3, "The server is the authority").
 *
 *   pending/pending ──markOrderPaid──▶ processing/paid, the ordered lines taken out of the cart
 *   pending/pending ──failOrderPayment / cancelAbandonedOrders──▶ cancelled/failed, stock given back
 *
 * Every transition is one conditional UPDATE on "still pending/pending", so concurrent callers (two
 * requests, two server instances) change an order at most once and stock comes back at most once.
 */

export type PaymentStateReason = "NOT_FOUND" | "NOT_PAYABLE" | "ORDER_CANCELLED" | "AMOUNT_MISMATCH";

/**
 * An order whose state does not allow the payment step asked for: the shopper is asked to try again
 * (409); the detail, for the log, is the error's cause.
 */
export function paymentStateError(reason: PaymentStateReason, detail: string): DomainError<PaymentStateReason> {
  return new DomainError("conflict", PAYMENT_MESSAGES.retry, { reason, cause: new Error(detail) });
}

/** Orders waiting for their payment: the only state a payment transition starts from. */
export function awaitingPayment(): SQL {
  return and(eq(orders.status, "pending"), eq(orders.paymentStatus, "pending"))!;
}

export interface MarkOrderPaidInput {
  orderId: string;
  paymentMethod: string;
  /** The provider's payment reference (for PayPal the PayPal order id); unchanged when omitted. */
  paymentId?: string | null;
  /** The provider's capture id, kept for refunds and reconciliation. */
  captureId?: string | null;
  /** The amount the provider says it took; when given it must equal the order's total. */
  amountCents?: number;
}

/**
 * Marks a pending order paid (status processing, payment paid), takes its lines out of the buyer's cart
 * and emits `order.paid`, once: a second or concurrent call returns `changed: false`. Refuses an amount
 * other than the order's total and a cancelled order (a payment-state DomainError), changing nothing.
 */
export async function markOrderPaid(
  db: Db,
  events: EventBus,
  input: MarkOrderPaidInput,
): Promise<{ changed: boolean; orderNumber: string }> {
  const { orderId, amountCents } = input;
  if (amountCents !== undefined && !Number.isSafeInteger(amountCents)) {
    throw paymentStateError("AMOUNT_MISMATCH", `Paid amount ${amountCents} is not a whole number of cents`);
  }
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({
        status: "processing",
        paymentStatus: "paid",
        paymentMethod: input.paymentMethod,
        paidAt: now,
        updatedAt: now,
        ...(input.paymentId ? { paymentId: input.paymentId } : {}),
        ...(input.captureId ? { paymentCaptureId: input.captureId } : {}),
      })
      .where(
        and(
          eq(orders.id, orderId),
          awaitingPayment(),
          amountCents === undefined ? undefined : eq(orders.totalCents, amountCents),
        ),
      )
      .returning({ orderNumber: orders.orderNumber, userId: orders.userId, draftOrderId: orders.draftOrderId });
    // In the transaction of the paid-transition, not after it: only the one call that moves the order
    // to paid takes its lines out of the cart (a retried or concurrent payment would take them twice,
    // eating a quantity raised since), and a paid order never leaves them behind. A draft's order
    // (issue 32) was never in the cart: the customer's cart is left alone.
    if (paid?.userId && !paid.draftOrderId) await removeOrderedLines(tx, paid.userId, await orderedLines(tx, orderId));
    if (paid) {
      await recordStatusChange(tx, {
        orderId,
        from: { status: "pending", paymentStatus: "pending" },
        to: { status: "processing", paymentStatus: "paid" },
        actor: customer(paid.userId),
        note: `Paid by ${input.paymentMethod}`,
      });
      // The notifications this calls for are written now, with the payment: never one without the other.
      await events.record(tx, "order.paid", { orderId, orderNumber: paid.orderNumber });
    }
    return paid;
  });
  if (updated) {
    await events.emit("order.paid", { orderId, orderNumber: updated.orderNumber });
    return { changed: true, orderNumber: updated.orderNumber };
  }
  return { changed: false, orderNumber: await whyNotPaid(db, orderId, amountCents) };
}

/** What an order holds, line by line, as the cart had it when the order was placed. */
async function orderedLines(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: orderItems.productId,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** After a refused paid-transition: the order number when it is already paid, else the reason as an error. */
async function whyNotPaid(db: Db, orderId: string, amountCents: number | undefined): Promise<string> {
  const [order] = await db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw paymentStateError("NOT_FOUND", `Order ${orderId} does not exist`);
  if (amountCents !== undefined && amountCents !== order.totalCents) {
    throw paymentStateError(
      "AMOUNT_MISMATCH",
      `Paid amount ${amountCents} differs from the total ${order.totalCents} of order ${order.orderNumber}`,
    );
  }
  if (order.paymentStatus === "paid") return order.orderNumber;
  if (order.status === "cancelled") {
    throw paymentStateError("ORDER_CANCELLED", `Order ${order.orderNumber} was cancelled before it was paid`);
  }
  throw paymentStateError(
    "NOT_PAYABLE",
    `Order ${order.orderNumber} cannot be paid (status ${order.status}, payment ${order.paymentStatus})`,
  );
}

/** pending/pending → cancelled/failed, by the system (a failed payment, or the hold ran out). */
const abandonedChange = (orderId: string) => ({
  orderId,
  from: { status: "pending", paymentStatus: "pending" },
  to: { status: "cancelled", paymentStatus: "failed" },
  actor: SYSTEM,
});

const cancelled = () => ({ status: "cancelled", paymentStatus: "failed", updatedAt: new Date() }) as const;

/**
 * A failed payment: cancels a pending order and gives its stock back, in one transaction. Idempotent:
 * only the call that moves the order out of pending/pending restocks. Emits `catalog.changed` when stock
 * came back. A draft's order (issue 32) is left waiting: its link stays good until its own expiry, so a
 * declined card or a closed PayPal window can be tried again.
 */
export async function failOrderPayment(db: Db, orderId: string, events?: EventBus): Promise<{ changed: boolean }> {
  const restocked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set(cancelled())
      .where(and(eq(orders.id, orderId), awaitingPayment(), isNull(orders.draftOrderId)))
      .returning({ id: orders.id });
    if (rows.length === 0) return undefined;
    await recordStatusChange(tx, { ...abandonedChange(orderId), note: "Payment failed" });
    return restock(tx, [orderId]);
  });
  if (restocked === undefined) return { changed: false };
  if (restocked > 0) await events?.emit("catalog.changed", { reason: `payment failed for order ${orderId}` });
  return { changed: true };
}

/**
 * Adds the quantities of the given orders' items back to the variants they took them from (items whose
 * variant was deleted are skipped), products locked in id order as placing an order locks them, so
 * concurrent transactions cannot deadlock. Returns how many products got stock back.
 */
export async function restock(tx: Tx, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const lines = await tx
    .select({
      variantId: orderItems.variantId,
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.variantId), isNotNull(orderItems.productId)))
    .groupBy(orderItems.variantId, orderItems.productId);
  await giveBackStock(
    tx,
    lines.map((line) => ({ variantId: line.variantId!, productId: line.productId!, quantity: Number(line.quantity) })),
  );
  return new Set(lines.map((line) => line.productId)).size;
}

export interface CancelAbandonedOptions {
  /** How long an unpaid order holds its stock: the setting UNPAID_ORDER_HOLD_MINUTES. */
  olderThanMinutes: number;
  now?: Date;
  events?: EventBus;
}

/** Orders cancelled per transaction by the sweeper; it goes on until none is left. */
const SWEEP_BATCH = 200;

/**
 * Cancels every order still pending/pending with no payment activity (placed, or a PayPal payment
 * started: both touch `updated_at`) for more than `olderThanMinutes` — or, for an order with its own
 * `payment_due_at` (a draft's payment link, issue 32), once that time has passed — and gives
 * its stock back, exactly once: rows are claimed with FOR UPDATE SKIP LOCKED and re-checked by the
 * UPDATE, and restocked in the same transaction, so two instances sweeping at once never overlap.
 * Returns how many orders were cancelled.
 */
export async function cancelAbandonedOrders(db: Db, options: CancelAbandonedOptions): Promise<number> {
  const { now = new Date(), olderThanMinutes, events } = options;
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  let total = 0;
  let restockedAny = false;
  for (;;) {
    const { count, restocked } = await db.transaction(async (tx) => {
      const claimed = tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            awaitingPayment(),
            or(and(isNull(orders.paymentDueAt), lt(orders.updatedAt, cutoff)), lt(orders.paymentDueAt, now)),
          ),
        )
        .orderBy(orders.id)
        .limit(SWEEP_BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(orders)
        // The hold ran out: it still counts against its holder for a while (hold-rules.ts). Not a draft's:
        // staff chose to hold its stock, not the customer.
        .set({
          ...cancelled(),
          holdExpiredAt: sql`case when ${orders.draftOrderId} is null then ${now.toISOString()}::timestamptz end`,
        })
        .where(and(inArray(orders.id, claimed), awaitingPayment()))
        .returning({ id: orders.id, draft: orders.draftOrderId });
      const ids = rows.map((row) => row.id);
      await recordStatusChanges(
        tx,
        rows.map((row) => ({
          ...abandonedChange(row.id),
          note: row.draft ? "Payment link expired" : `Not paid within ${olderThanMinutes} minutes`,
        })),
      );
      return { count: ids.length, restocked: await restock(tx, ids) };
    });
    total += count;
    restockedAny ||= restocked > 0;
    if (count < SWEEP_BATCH) break;
  }
  if (restockedAny) await events?.emit("catalog.changed", { reason: `${total} abandoned orders cancelled` });
  return total;
}

/**
 * Runs `cancelAbandonedOrders` every `intervalMs` (one run at a time) on a timer that does not keep the
 * process alive; failures are logged. The returned function stops it and waits for a
 * run under way.
 */
export function startAbandonedOrderSweeper(
  db: Db,
  events: EventBus,
  options: { intervalMs?: number; olderThanMinutes: number },
): () => Promise<void> {
  const { intervalMs = 60_000, olderThanMinutes } = options;
  return runPeriodically(
    intervalMs,
    () => cancelAbandonedOrders(db, { events, olderThanMinutes }),
    "[orders] cancelling abandoned orders failed:",
  );
}
