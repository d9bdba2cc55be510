import { asc, eq, inArray, sql } from "drizzle-orm";
import { orderItems, orders, returnItems, returns } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/client.server";
import type { DomainEvents } from "~/lib/events.server";
import type { ReturnMessage } from "./message-kinds";
import { returnMessageKey } from "./return-texts";

/**
 * A return's e-mails to its shopper (issue 30), through the notification outbox.
 *
 * - **Recorded with the move.** In the transaction of every move of a return (`return.moved`, recorded by
 *   the returns' store), one INSERT writes the customer's e-mail for that step: channel e-mail, audience
 *   customer, type `return_update`, on the return's own order, and keyed `return:<returnId>:<step>` — so
 *   a step recorded twice (a retried job, two instances) writes one e-mail, and a move rolled back
 *   writes none. The address is the order's, read when sent, like the order's own e-mails.
 * - **Worded when sent.** The step is read back from the key (no column of its own: no migration), and
 *   the worker reads the return as it is then (loadReturnMessages): its lines, the refusal's reason, the
 *   refund's amount, the exchange's order; the shop's return address is the settings' at that moment.
 */

/**
 * Writes the shopper's e-mail for a return's step, in the move's transaction; answers whether it was
 * written (false: that step's e-mail was written before, or there is no such return).
 */
export async function recordReturnMessage(tx: Tx, payload: DomainEvents["return.moved"]): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
      insert into order_notifications (order_id, channel, audience, notification_type, recipient, dedupe_key)
      select r.order_id, 'email', 'customer', 'return_update', '', ${returnMessageKey(payload.returnId, payload.step)}
        from returns r
       where r.id = ${payload.returnId}
      on conflict (dedupe_key) do nothing
      returning id`,
  );
  return rows.length > 0;
}

/** The returns a batch of e-mails is about, as those e-mails word them (two queries). */
export async function loadReturnMessages(
  db: Db,
  returnIds: readonly string[],
  publicUrl: string,
): Promise<Map<string, ReturnMessage>> {
  const ids = [...new Set(returnIds)];
  const found = new Map<string, ReturnMessage>();
  if (ids.length === 0) return found;
  const [rows, lines] = await Promise.all([
    db
      .select({
        id: returns.id,
        rmaNumber: returns.rmaNumber,
        status: returns.status,
        refundStatus: returns.refundStatus,
        refusalReason: returns.refusalReason,
        refundCents: returns.refundCents,
        refundTaxCents: returns.refundTaxCents,
        refundShippingCents: returns.refundShippingCents,
        refundMethod: returns.refundMethod,
        exchangeOrderNumber: orders.orderNumber,
      })
      .from(returns)
      .leftJoin(orders, eq(orders.id, returns.exchangeOrderId))
      .where(inArray(returns.id, ids)),
    db
      .select({
        returnId: returnItems.returnId,
        name: orderItems.productName,
        size: orderItems.size,
        color: orderItems.color,
        quantity: returnItems.quantity,
        reason: returnItems.reason,
        note: returnItems.note,
        resolution: returnItems.resolution,
        exchangeSize: returnItems.exchangeSize,
        exchangeColor: returnItems.exchangeColor,
      })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id), asc(returnItems.id)),
  ]);
  const base = publicUrl.replace(/\/+$/, "");
  for (const r of rows) {
    const fixed = r.refundCents !== null || r.refundTaxCents !== null || r.refundShippingCents !== null;
    const items = r.refundCents ?? 0;
    const tax = r.refundTaxCents ?? 0;
    const shipping = r.refundShippingCents ?? 0;
    found.set(r.id, {
      returnId: r.id,
      rmaNumber: r.rmaNumber,
      status: r.status,
      refundStatus: r.refundStatus,
      refusalReason: r.refusalReason,
      refund: fixed
        ? { itemsCents: items, taxCents: tax, shippingCents: shipping, totalCents: items + tax + shipping }
        : null,
      refundMethod: r.refundMethod === "paypal" || r.refundMethod === "manual" ? r.refundMethod : null,
      exchangeOrderNumber: r.exchangeOrderNumber,
      lines: lines.filter((l) => l.returnId === r.id).map(({ returnId: _returnId, ...line }) => line),
      returnUrl: `${base}/returns/${encodeURIComponent(r.rmaNumber)}`,
    });
  }
  return found;
}
