import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  orderItems,
  orders,
  productVariants,
  products,
  returnHistory,
  returnItems,
  returns,
  type RefundStatus,
  type ReturnDisposition,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus, ReturnStep } from "~/lib/events.server";
import { log } from "~/lib/log.server";
import { giveBackStock, takeStock, type StockMove } from "~/modules/catalog/variants.server";
import { orderNumberFor, orderTimestamp } from "~/modules/orders/order-number";
import { recordRefund } from "~/modules/orders/order-refunds.server";
import { recordStatusChange } from "~/modules/orders/status-history.server";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { PayPalClient } from "~/modules/payments/paypal.server";
import { paymentStatusAfterRefund, refundAmount, type RefundAmount } from "./return-amounts";
import { planReturnMove, type ReturnMove, type ReturnState } from "./return-moves";
import { RETURN_MESSAGES, returnWindow, returnableQuantity, rmaNumberFor } from "./return-rules";

/**
 * Returns and size exchanges as the database keeps them (issue 30): the shopper's request, and every
 * move of the owner's (return-moves.ts), each one conditional UPDATE on the status it was planned from,
 * in a transaction with its history row and the shopper's e-mail (the `return.moved` event writes it to
 * the notification outbox): of two admins moving one return, one wins and the other gets a 409.
 *
 * - **Asked.** The order is locked (so two requests for its lines queue); what each line can still give
 *   back is what was bought less what open returns hold; an exchange's replacement units are taken from
 *   stock at once with the same conditional update checkout uses, so 20 shoppers racing for 3 units get 3.
 * - **Refused or cancelled.** The replacement units go back to stock.
 * - **Received.** Each line is restocked (its units back on the variant sold) or written off.
 * - **Refunded.** The amount (return-amounts.ts) is fixed first (refund 'pending'), then PayPal is asked
 *   with a request id of the return, so a retry after a timeout, or two admins, refund once; a PayPal
 *   failure leaves it 'pending' with the error, and 'Refund' again sends the same request. A demo
 *   payment is recorded as refunded by hand, in one transaction. Either way `order_refunds` gets the row
 *   and the order's payment becomes 'refunded' once nothing is left of it.
 * - **Exchange shipped.** A new order of the replacement units, linked to the original, free of charge
 *   (paid, processing): it goes through the usual fulfilment moves with tracking. It takes no stock: the
 *   units were taken when the return was asked for (and come back if that order is cancelled).
 */

export interface ReturnStoreDeps {
  db: Db;
  events: EventBus;
  /** The configured PayPal account; without it a PayPal capture cannot be refunded from here. */
  paypal: PayPalClient | undefined;
  /** The return window now (Settings → Returns). */
  windowDays: () => Promise<number>;
  now?: () => Date;
}

export interface RequestLine {
  orderItemId: string;
  quantity: number;
  reason: ReturnReason;
  note?: string | null;
  resolution: ReturnResolution;
  /** For an exchange: the variant wanted instead (same product). */
  exchangeVariantId?: string | null;
}

export interface ReturnRequest {
  orderNumber: string;
  /** The signed-in shopper: only their own orders can be returned. */
  userId: string;
  lines: RequestLine[];
}

/**
 * Who moves a return: a staff member or the shared password (the staff module's StaffActor; each move is
 * audited), or the shopper cancelling their own.
 */
export type ReturnActor = AuditActor | { kind: "customer"; id: string; name: string };

/** The return's and the order's history's 'who'. */
const historyActor = (actor: ReturnActor) => ({ id: actor.id, name: actor.name });

export interface ReturnMoveRequest {
  returnId: string;
  move: ReturnMove;
  actor: ReturnActor;
  /** 'refuse': shown to the shopper. */
  reason?: string | null;
  /** 'receive': per return line, restock or write off. */
  dispositions?: Record<string, ReturnDisposition>;
  /** 'refund': give the order's shipping back too (always for a 'Damaged or faulty' line). */
  refundShipping?: boolean;
  note?: string | null;
}

export interface ReturnMoveResult {
  rmaNumber: string;
  status: ReturnStatus;
  refundStatus: RefundStatus;
  /** 'shipExchange': the new order's number. */
  exchangeOrderNumber?: string;
  /** 'refund': what was given back. */
  refund?: RefundAmount;
}

const STEP_OF: Record<ReturnMove, ReturnStep> = {
  approve: "approved",
  refuse: "refused",
  cancel: "cancelled",
  receive: "received",
  refund: "refunded",
  shipExchange: "exchange_created",
};

const openReturn = sql`r.status not in ('refused', 'cancelled')`;

function lineLabel(name: string, size: string, color: string): string {
  const parts = [size, color].filter(Boolean).join(" / ");
  return parts ? `${name} (${parts})` : name;
}

export function createReturnStore(deps: ReturnStoreDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());

  async function recordMove(
    tx: Tx,
    ret: { id: string; rmaNumber: string; orderId: string },
    from: ReturnStatus | null,
    to: ReturnStatus,
    actor: ReturnActor,
    note: string | null,
    step: ReturnStep,
  ) {
    await tx.insert(returnHistory).values({
      returnId: ret.id,
      fromStatus: from,
      toStatus: to,
      step,
      actorId: actor.id,
      actorName: actor.name,
      note,
    });
    // Every staff move is in the shop's audit trail too (issue 32), in the same transaction.
    if (actor.kind !== "customer") {
      await recordAudit(tx, actor, [
        {
          action: `return.${step}`,
          objectType: "return",
          objectId: ret.rmaNumber,
          objectName: ret.rmaNumber,
          changes: { status: [from, to], ...(note ? { note: [null, note] } : {}) },
        },
      ]);
    }
    await events.record(tx, "return.moved", { returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: ret.orderId, step });
  }

  /** After the commit: wakes what sends the step's e-mail (recorded in the move's transaction). */
  async function announce(ret: { id: string; rmaNumber: string; orderId: string }, step: ReturnStep | undefined) {
    if (step)
      await events.emit("return.moved", { returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: ret.orderId, step });
  }

  /** The shopper asks to return (and exchange) lines of a delivered order of theirs. */
  async function request(input: ReturnRequest): Promise<{ id: string; rmaNumber: string }> {
    if (input.lines.length === 0) {
      throw new DomainError("invalid", RETURN_MESSAGES.noItems, { reason: "NO_ITEMS" });
    }
    const windowDays = await deps.windowDays();
    const at = now();
    const created = await db.transaction(async (tx) => {
      // Locked: two requests for the same lines queue, and the second sees what the first holds.
      const [order] = await tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          deliveredAt: orders.deliveredAt,
          exchangeFor: orders.exchangeForOrderId,
        })
        .from(orders)
        .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId)))
        .for("update");
      // Another account's order is answered like one that does not exist.
      if (!order) throw new DomainError("not-found", RETURN_MESSAGES.orderNotFound, { reason: "NOT_FOUND" });
      const window = returnWindow(
        { status: order.status, deliveredAt: order.deliveredAt, isExchange: order.exchangeFor !== null },
        windowDays,
        at,
      );
      if (!window.open) {
        const message =
          window.reason === "window-closed"
            ? RETURN_MESSAGES.windowClosed(windowDays)
            : window.reason === "exchange-order"
              ? RETURN_MESSAGES.exchangeOrder
              : RETURN_MESSAGES.notDelivered;
        throw new DomainError("conflict", message, { reason: "NOT_RETURNABLE" });
      }

      const lines = await queryRows<{
        id: string;
        product_id: string | null;
        variant_id: string | null;
        product_name: string;
        size: string | null;
        color: string | null;
        quantity: number;
        held: number;
      }>(
        tx,
        sql`select i.id, i.product_id, i.variant_id, i.product_name, i.size, i.color, i.quantity,
                   coalesce((select sum(ri.quantity) from return_items ri join returns r on r.id = ri.return_id
                              where ri.order_item_id = i.id and ${openReturn}), 0)::int as held
              from order_items i where i.order_id = ${order.id}`,
      );
      const byId = new Map(lines.map((l) => [l.id, l]));
      const fieldErrors: Record<string, string> = {};
      const wanted = new Map<string, number>();
      for (const line of input.lines) {
        wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
      }
      for (const [id, quantity] of wanted) {
        const line = byId.get(id);
        if (!line) throw new DomainError("invalid", RETURN_MESSAGES.unknownLine, { reason: "UNKNOWN_LINE" });
        const left = returnableQuantity(line.quantity, line.held);
        if (quantity > left) fieldErrors[`${id}.quantity`] = RETURN_MESSAGES.tooMany(line.product_name, left);
      }

      // The replacements: variants of the same product, not the one bought, on sale.
      const exchangeIds = input.lines
        .filter((l) => l.resolution === "exchange" && l.exchangeVariantId)
        .map((l) => l.exchangeVariantId!);
      const variants = exchangeIds.length
        ? await tx
            .select({
              id: productVariants.id,
              productId: productVariants.productId,
              size: productVariants.size,
              color: productVariants.color,
              active: products.isActive,
            })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, exchangeIds))
        : [];
      const variantById = new Map(variants.map((v) => [v.id, v]));
      for (const line of input.lines) {
        const bought = byId.get(line.orderItemId)!;
        if (line.reason === "other" && !line.note?.trim())
          fieldErrors[`${line.orderItemId}.note`] = RETURN_MESSAGES.noteRequired;
        if (line.resolution !== "exchange") continue;
        if (!line.exchangeVariantId) {
          fieldErrors[`${line.orderItemId}.exchange`] = RETURN_MESSAGES.chooseReplacement;
          continue;
        }
        const variant = variantById.get(line.exchangeVariantId);
        if (!variant || !variant.active || variant.productId !== bought.product_id) {
          fieldErrors[`${line.orderItemId}.exchange`] = RETURN_MESSAGES.replacementUnavailable;
        } else if (variant.id === bought.variant_id) {
          fieldErrors[`${line.orderItemId}.exchange`] = RETURN_MESSAGES.sameVariant;
        }
      }
      if (Object.keys(fieldErrors).length > 0) {
        throw new DomainError("invalid", Object.values(fieldErrors)[0]!, { reason: "INVALID_LINES", fieldErrors });
      }

      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from returns where order_id = ${order.id}`,
      );
      const rmaNumber = rmaNumberFor(order.orderNumber, (count?.n ?? 0) + 1);
      const [ret] = await tx
        .insert(returns)
        .values({ rmaNumber, orderId: order.id, userId: input.userId, createdAt: at, updatedAt: at })
        .returning({ id: returns.id });
      await tx.insert(returnItems).values(
        input.lines.map((line) => {
          const bought = byId.get(line.orderItemId)!;
          const variant = line.resolution === "exchange" ? variantById.get(line.exchangeVariantId!) : undefined;
          return {
            returnId: ret!.id,
            orderItemId: line.orderItemId,
            productId: bought.product_id,
            size: bought.size ?? "",
            color: bought.color ?? "",
            quantity: line.quantity,
            reason: line.reason,
            note: line.note?.trim() || null,
            resolution: line.resolution,
            exchangeVariantId: variant?.id ?? null,
            exchangeSize: variant ? variant.size : null,
            exchangeColor: variant ? variant.color : null,
          };
        }),
      );
      // Last, like checkout: the replacement units are taken with one conditional update.
      const moves: StockMove[] = input.lines
        .filter((l) => l.resolution === "exchange")
        .map((l) => {
          const v = variantById.get(l.exchangeVariantId!)!;
          return { variantId: v.id, productId: v.productId, quantity: l.quantity };
        });
      const short = await takeStock(tx, moves);
      if (short) {
        const v = variantById.get(short)!;
        const bought = input.lines.find((l) => l.exchangeVariantId === short)!;
        const label = lineLabel(byId.get(bought.orderItemId)!.product_name, v.size, v.color);
        throw new DomainError("conflict", RETURN_MESSAGES.outOfStock(label), {
          reason: "OUT_OF_STOCK",
          fieldErrors: { [`${bought.orderItemId}.exchange`]: RETURN_MESSAGES.outOfStock(label) },
        });
      }
      const created = { id: ret!.id, rmaNumber, orderId: order.id };
      await recordMove(
        tx,
        created,
        null,
        "requested",
        { kind: "customer", id: input.userId, name: "Customer" },
        null,
        "requested",
      );
      return { ...created, reserved: moves.length > 0 };
    });
    if (created.reserved)
      await events.emit("catalog.changed", { reason: `return ${created.rmaNumber} reserved an exchange` });
    await announce(created, "requested");
    return { id: created.id, rmaNumber: created.rmaNumber };
  }

  interface CurrentReturn extends ReturnState {
    id: string;
    rmaNumber: string;
    orderId: string;
    userId: string | null;
    items: Array<{
      id: string;
      orderItemId: string;
      quantity: number;
      reason: ReturnReason;
      resolution: ReturnResolution;
      exchangeVariantId: string | null;
      productId: string | null;
      variantId: string | null;
    }>;
  }

  async function current(executor: Db | Tx, returnId: string): Promise<CurrentReturn> {
    const [ret] = await executor
      .select({
        id: returns.id,
        rmaNumber: returns.rmaNumber,
        orderId: returns.orderId,
        userId: returns.userId,
        status: returns.status,
        refundStatus: returns.refundStatus,
        exchangeOrderId: returns.exchangeOrderId,
      })
      .from(returns)
      .where(eq(returns.id, returnId));
    if (!ret) throw new DomainError("not-found", RETURN_MESSAGES.notFound, { reason: "NOT_FOUND" });
    const items = await executor
      .select({
        id: returnItems.id,
        orderItemId: returnItems.orderItemId,
        quantity: returnItems.quantity,
        reason: returnItems.reason,
        resolution: returnItems.resolution,
        exchangeVariantId: returnItems.exchangeVariantId,
        productId: orderItems.productId,
        variantId: orderItems.variantId,
      })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, ret.id));
    return {
      ...ret,
      items,
      hasExchange: items.some((i) => i.resolution === "exchange"),
      hasRefund: items.some((i) => i.resolution === "refund"),
      exchangeShipped: ret.exchangeOrderId !== null,
    };
  }

  /** The replacement units of a return's exchange lines, as stock moves. */
  async function exchangeMoves(tx: Tx, ret: CurrentReturn): Promise<StockMove[]> {
    const ids = ret.items
      .filter((i) => i.resolution === "exchange" && i.exchangeVariantId)
      .map((i) => i.exchangeVariantId!);
    if (ids.length === 0) return [];
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(productVariants.id, ids));
    const productOf = new Map(variants.map((v) => [v.id, v.productId]));
    return ret.items
      .filter((i) => i.resolution === "exchange" && i.exchangeVariantId && productOf.has(i.exchangeVariantId))
      .map((i) => ({
        variantId: i.exchangeVariantId!,
        productId: productOf.get(i.exchangeVariantId!)!,
        quantity: i.quantity,
      }));
  }

  /** One conditional update of the return on the state it was planned from; a lost race is a 409. */
  async function claim(
    tx: Tx,
    ret: CurrentReturn,
    set: Partial<typeof returns.$inferInsert>,
    extra?: ReturnType<typeof eq>,
  ): Promise<void> {
    const rows = await tx
      .update(returns)
      .set({ ...set, updatedAt: now() })
      .where(
        and(eq(returns.id, ret.id), eq(returns.status, ret.status), eq(returns.refundStatus, ret.refundStatus), extra),
      )
      .returning({ id: returns.id });
    if (rows.length === 0) {
      throw new DomainError("conflict", RETURN_MESSAGES.changedMeanwhile, { reason: "CHANGED_MEANWHILE" });
    }
  }

  async function move(request: ReturnMoveRequest): Promise<ReturnMoveResult> {
    const ret = await current(db, request.returnId);
    const plan = planReturnMove(ret, request.move);
    if (!plan.ok) throw new DomainError("conflict", plan.message, { reason: "ILLEGAL_MOVE" });
    if (plan.move === "refund") return refund(ret, request);
    if (plan.move === "shipExchange") return shipExchange(ret, request, plan.to);

    const note = request.note?.trim() || null;
    if (plan.move === "refuse" && !request.reason?.trim()) {
      throw new DomainError("invalid", RETURN_MESSAGES.refusalReasonRequired, {
        reason: "REASON_REQUIRED",
        fieldErrors: { reason: RETURN_MESSAGES.refusalReasonRequired },
      });
    }
    const dispositions = request.dispositions ?? {};
    if (plan.move === "receive" && ret.items.some((i) => !dispositions[i.id])) {
      throw new DomainError("invalid", RETURN_MESSAGES.dispositionRequired, { reason: "DISPOSITION_REQUIRED" });
    }
    const at = now();
    const stockMoved = await db.transaction(async (tx) => {
      await claim(tx, ret, {
        status: plan.to.status,
        refundStatus: plan.to.refundStatus,
        ...(plan.move === "refuse" ? { refusalReason: request.reason!.trim() } : {}),
        ...(plan.move === "receive" ? { receivedAt: at } : {}),
        ...(plan.to.status === "closed" ? { closedAt: at } : {}),
      });
      let moved = false;
      if (plan.releaseExchange) {
        const back = await exchangeMoves(tx, ret);
        await giveBackStock(tx, back);
        moved = back.length > 0;
      }
      if (plan.move === "receive") {
        for (const item of ret.items) {
          await tx.update(returnItems).set({ disposition: dispositions[item.id]! }).where(eq(returnItems.id, item.id));
        }
        const restocked = ret.items
          .filter((i) => dispositions[i.id] === "restock" && i.variantId && i.productId)
          .map((i) => ({ variantId: i.variantId!, productId: i.productId!, quantity: i.quantity }));
        await giveBackStock(tx, restocked);
        moved = moved || restocked.length > 0;
      }
      const historyNote =
        plan.move === "refuse"
          ? [request.reason!.trim(), note].filter(Boolean).join(" — ")
          : receiveNote(ret, dispositions, note);
      await recordMove(tx, ret, ret.status, plan.to.status, request.actor, historyNote, STEP_OF[plan.move]);
      return moved;
    });
    if (stockMoved) await events.emit("catalog.changed", { reason: `return ${ret.rmaNumber} ${plan.move}` });
    await announce(ret, STEP_OF[plan.move]);
    return { rmaNumber: ret.rmaNumber, status: plan.to.status, refundStatus: plan.to.refundStatus };

    function receiveNote(r: CurrentReturn, given: Record<string, ReturnDisposition>, extra: string | null) {
      if (plan.ok && plan.move !== "receive") return extra;
      const restocked = r.items.filter((i) => given[i.id] === "restock").reduce((n, i) => n + i.quantity, 0);
      const written = r.items.filter((i) => given[i.id] === "write_off").reduce((n, i) => n + i.quantity, 0);
      const words = [restocked ? `${restocked} restocked` : "", written ? `${written} written off` : ""].filter(
        Boolean,
      );
      return [words.join(", "), extra].filter(Boolean).join(" — ") || null;
    }
  }

  /** What the return's refund lines give back now, from the order and the earlier returns' refunds. */
  async function plannedRefund(tx: Tx, ret: CurrentReturn, shipping: boolean): Promise<RefundAmount> {
    const [order] = await tx
      .select({
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        shippingCents: orders.shippingCents,
        taxCents: orders.taxCents,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
      })
      .from(orders)
      .where(eq(orders.id, ret.orderId))
      .for("update");
    if (!order) throw new DomainError("not-found", RETURN_MESSAGES.orderNotFound, { reason: "NOT_FOUND" });
    const lines = await queryRows<{
      id: string;
      quantity: number;
      total: number;
      discount: number;
      before: number;
      now: number;
      shipping_back: boolean;
    }>(
      tx,
      sql`select i.id, i.quantity, i.total_price_cents as total, i.discount_cents as discount,
                 coalesce((select sum(ri.quantity) from return_items ri join returns r on r.id = ri.return_id
                            where ri.order_item_id = i.id and ri.resolution = 'refund' and r.id <> ${ret.id}
                              and r.refund_status in ('pending', 'refunded')), 0)::int as before,
                 coalesce((select sum(ri.quantity) from return_items ri
                            where ri.order_item_id = i.id and ri.return_id = ${ret.id} and ri.resolution = 'refund'), 0)::int as now,
                 exists (select 1 from returns r where r.order_id = i.order_id and r.id <> ${ret.id}
                           and coalesce(r.refund_shipping_cents, 0) > 0) as shipping_back
            from order_items i where i.order_id = ${ret.orderId}`,
    );
    const shippingGivenBack = lines.some((l) => l.shipping_back);
    return refundAmount({
      order,
      lines: lines
        .filter((l) => l.now > 0)
        .map((l) => ({
          lineQuantity: l.quantity,
          lineTotalCents: l.total,
          lineDiscountCents: l.discount,
          refundedBefore: l.before,
          quantity: l.now,
        })),
      shipping: shipping && !shippingGivenBack,
    });
  }

  async function refund(ret: CurrentReturn, request: ReturnMoveRequest): Promise<ReturnMoveResult> {
    const [order] = await db
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        captureId: orders.paymentCaptureId,
      })
      .from(orders)
      .where(eq(orders.id, ret.orderId));
    if (!order) throw new DomainError("not-found", RETURN_MESSAGES.orderNotFound, { reason: "NOT_FOUND" });
    const method = order.paymentMethod === "paypal" && order.captureId ? "paypal" : "manual";
    const shipping =
      request.refundShipping === true || ret.items.some((i) => i.resolution === "refund" && i.reason === "damaged");

    // First the amount is fixed ('due' → 'pending'): a retry, or a second admin, sends this same amount.
    const fixed: CurrentReturn & { amount: RefundAmount } =
      ret.refundStatus !== "due"
        ? { ...ret, amount: await storedAmount(ret) }
        : await db.transaction(async (tx) => {
            const amount = await plannedRefund(tx, ret, shipping);
            await claim(tx, ret, {
              refundStatus: "pending",
              refundCents: amount.goodsCents,
              refundTaxCents: amount.taxCents,
              refundShippingCents: amount.shippingCents,
              refundMethod: method,
            });
            return { ...ret, refundStatus: "pending" as const, amount };
          });

    let refundId: string | null = null;
    if (method === "paypal" && fixed.amount.totalCents > 0) {
      if (!deps.paypal) {
        throw new DomainError("unavailable", RETURN_MESSAGES.paypalNotConfigured, { reason: "NO_PAYPAL" });
      }
      try {
        const answer = await deps.paypal.refundCapture({
          captureId: order.captureId!,
          requestId: `return-refund-${ret.id}`,
          amount: { cents: fixed.amount.totalCents, currency: "USD" },
        });
        refundId = answer.refundId;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        log.warn({ err: error }, `[returns] refund of ${ret.rmaNumber} failed`);
        await db
          .update(returns)
          .set({ refundError: detail.slice(0, 500), updatedAt: now() })
          .where(and(eq(returns.id, ret.id), eq(returns.refundStatus, "pending")));
        throw new DomainError("unavailable", RETURN_MESSAGES.refundFailed, { reason: "REFUND_FAILED", cause: error });
      }
    }

    const to = {
      status: (ret.hasExchange && !ret.exchangeShipped ? "received" : "closed") as ReturnStatus,
      refundStatus: "refunded" as const,
    };
    const at = now();
    await db.transaction(async (tx) => {
      await claim(tx, fixed, {
        status: to.status,
        refundStatus: "refunded",
        refundId,
        refundError: null,
        ...(to.status === "closed" ? { closedAt: at } : {}),
      });
      const money = await recordRefund(tx, {
        orderId: ret.orderId,
        returnId: ret.id,
        amountCents: fixed.amount.totalCents,
        taxCents: fixed.amount.taxCents,
        shippingCents: fixed.amount.shippingCents,
        method,
        providerRefundId: refundId,
      });
      if (paymentStatusAfterRefund(money, money.refundedCents) === "refunded" && order.paymentStatus === "paid") {
        await tx
          .update(orders)
          .set({ paymentStatus: "refunded" })
          .where(and(eq(orders.id, ret.orderId), eq(orders.paymentStatus, "paid")));
        await recordStatusChange(tx, {
          orderId: ret.orderId,
          from: { status: order.status, paymentStatus: "paid" },
          to: { status: order.status, paymentStatus: "refunded" },
          actor: historyActor(request.actor),
          note: `Refunded in full by return ${ret.rmaNumber}`,
        });
      }
      const words =
        method === "paypal" ? `Refunded through PayPal (refund ${refundId ?? "made earlier"})` : "Refunded by hand";
      await recordMove(
        tx,
        ret,
        ret.status,
        to.status,
        request.actor,
        [words, request.note?.trim()].filter(Boolean).join(" — "),
        "refunded",
      );
    });
    await announce(ret, "refunded");
    return { rmaNumber: ret.rmaNumber, ...to, refund: fixed.amount };
  }

  async function storedAmount(ret: CurrentReturn): Promise<RefundAmount> {
    const [row] = await db
      .select({ goods: returns.refundCents, tax: returns.refundTaxCents, shipping: returns.refundShippingCents })
      .from(returns)
      .where(eq(returns.id, ret.id));
    const goodsCents = row?.goods ?? 0;
    const taxCents = row?.tax ?? 0;
    const shippingCents = row?.shipping ?? 0;
    return { goodsCents, taxCents, shippingCents, totalCents: goodsCents + taxCents + shippingCents };
  }

  async function shipExchange(
    ret: CurrentReturn,
    request: ReturnMoveRequest,
    to: { status: ReturnStatus; refundStatus: RefundStatus },
  ): Promise<ReturnMoveResult> {
    const at = now();
    const orderNumber = await db.transaction(async (tx) => {
      await claim(
        tx,
        ret,
        { status: to.status, ...(to.status === "closed" ? { closedAt: at } : {}) },
        isNull(returns.exchangeOrderId),
      );
      const [original] = await tx.select().from(orders).where(eq(orders.id, ret.orderId));
      if (!original) throw new DomainError("not-found", RETURN_MESSAGES.orderNotFound, { reason: "NOT_FOUND" });
      const lines = await tx
        .select({
          quantity: returnItems.quantity,
          variantId: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          size: productVariants.size,
          color: productVariants.color,
          name: orderItems.productName,
          imageUrl: orderItems.imageUrl,
        })
        .from(returnItems)
        .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
        .innerJoin(productVariants, eq(productVariants.id, returnItems.exchangeVariantId))
        .where(and(eq(returnItems.returnId, ret.id), eq(returnItems.resolution, "exchange")));
      if (lines.length === 0) {
        throw new DomainError("conflict", RETURN_MESSAGES.replacementUnavailable, { reason: "NO_REPLACEMENT" });
      }
      const number = orderNumberFor(orderTimestamp(at.getTime()));
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: number,
          userId: original.userId,
          status: "processing",
          paymentStatus: "paid",
          subtotalCents: 0,
          shippingCents: 0,
          taxCents: 0,
          totalCents: 0,
          shippingMethod: original.shippingMethod,
          shippingAddress: original.shippingAddress,
          billingAddress: original.billingAddress,
          customerEmail: original.customerEmail,
          paymentMethod: "exchange",
          paidAt: at,
          exchangeForOrderId: original.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order!.id,
          productId: l.productId,
          productName: l.name,
          productSku: l.sku,
          variantId: l.variantId,
          imageUrl: l.imageUrl,
          size: l.size || null,
          color: l.color || null,
          quantity: l.quantity,
          unitPriceCents: 0,
          totalPriceCents: 0,
        })),
      );
      await recordStatusChange(tx, {
        orderId: order!.id,
        from: null,
        to: { status: "processing", paymentStatus: "paid" },
        actor: historyActor(request.actor),
        note: `Exchange for return ${ret.rmaNumber} of order ${original.orderNumber}`,
      });
      await tx.update(returns).set({ exchangeOrderId: order!.id }).where(eq(returns.id, ret.id));
      await recordMove(
        tx,
        ret,
        ret.status,
        to.status,
        request.actor,
        [`Exchange order ${number}`, request.note?.trim()].filter(Boolean).join(" — "),
        "exchange_created",
      );
      return number;
    });
    await announce(ret, "exchange_created");
    // The exchange order is a new order in the lists and figures.
    await events.emit("catalog.changed", { reason: `return ${ret.rmaNumber} exchange order ${orderNumber}` });
    return { rmaNumber: ret.rmaNumber, ...to, exchangeOrderNumber: orderNumber };
  }

  /** The shopper cancels their own return (until it is received). */
  async function cancelByShopper(input: { rmaNumber: string; userId: string }): Promise<ReturnMoveResult> {
    const [ret] = await db
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.rmaNumber, input.rmaNumber), eq(returns.userId, input.userId)));
    if (!ret) throw new DomainError("not-found", RETURN_MESSAGES.notFound, { reason: "NOT_FOUND" });
    return move({ returnId: ret.id, move: "cancel", actor: { kind: "customer", id: input.userId, name: "Customer" } });
  }

  /**
   * What 'Refund' would give back now, with and without the shipping (the owner's return page): the
   * fixed amount once a refund was sent, null when nothing is to refund.
   */
  async function refundPreview(
    returnId: string,
  ): Promise<{ withoutShipping: RefundAmount; withShipping: RefundAmount; fixed: boolean } | null> {
    const ret = await current(db, returnId);
    if (ret.refundStatus === "pending" || ret.refundStatus === "refunded") {
      const amount = await storedAmount(ret);
      return { withoutShipping: amount, withShipping: amount, fixed: true };
    }
    if (!ret.hasRefund || ret.status === "refused" || ret.status === "cancelled") return null;
    // Read in a transaction that changes nothing (the order row is read as the refund would lock it).
    return db.transaction(async (tx) => ({
      withoutShipping: await plannedRefund(tx, ret, false),
      withShipping: await plannedRefund(tx, ret, true),
      fixed: false,
    }));
  }

  return { request, move, cancelByShopper, refundPreview };
}

export type ReturnStore = ReturnType<typeof createReturnStore>;
