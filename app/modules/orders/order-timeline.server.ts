import { asc, eq, sql } from "drizzle-orm";
import {
  draftOrderEvents,
  draftOrders,
  orderNotes,
  orderNotifications,
  orderRefunds,
  orders,
  orderStatusHistory,
  returnHistory,
  returns,
} from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import {
  draftEntry,
  mergeTimeline,
  noteEntry,
  notificationEntry,
  refundEntry,
  returnEntry,
  SHARED_PASSWORD_AUTHOR,
  statusEntry,
  type TimelineEntry,
} from "./order-timeline";

/**
 * An order's timeline: one statement per source (status history, notifications, refunds, return steps,
 * notes), run together, merged newest first. A fixed number of statements whatever the order's size.
 */
export async function orderTimeline(
  db: Db,
  order: { id: string; paymentMethod: string | null },
): Promise<TimelineEntry[]> {
  const [status, messages, refunds, steps, notes, drafted] = await Promise.all([
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        fromPaymentStatus: orderStatusHistory.fromPaymentStatus,
        toPaymentStatus: orderStatusHistory.toPaymentStatus,
        actorName: orderStatusHistory.actorName,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id)),
    db
      .select({
        id: orderNotifications.id,
        channel: orderNotifications.channel,
        notificationType: orderNotifications.notificationType,
        audience: orderNotifications.audience,
        status: orderNotifications.status,
        errorMessage: orderNotifications.errorMessage,
        sentAt: orderNotifications.sentAt,
        createdAt: orderNotifications.createdAt,
        updatedAt: orderNotifications.updatedAt,
      })
      .from(orderNotifications)
      .where(eq(orderNotifications.orderId, order.id)),
    db
      .select({
        id: orderRefunds.id,
        amountCents: orderRefunds.amountCents,
        method: orderRefunds.method,
        rmaNumber: returns.rmaNumber,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .leftJoin(returns, eq(returns.id, orderRefunds.returnId))
      .where(eq(orderRefunds.orderId, order.id)),
    db
      .select({
        id: returnHistory.id,
        rmaNumber: returns.rmaNumber,
        step: returnHistory.step,
        actorName: returnHistory.actorName,
        note: returnHistory.note,
        createdAt: returnHistory.createdAt,
      })
      .from(returnHistory)
      .innerJoin(returns, eq(returns.id, returnHistory.returnId))
      .where(eq(returns.orderId, order.id)),
    db
      .select({
        id: orderNotes.id,
        authorName: orderNotes.authorName,
        body: orderNotes.body,
        createdAt: orderNotes.createdAt,
      })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.createdAt)),
    // A draft's order (issue 32): the draft's own steps, from its creation on, whichever of its links this is.
    db
      .select({
        id: draftOrderEvents.id,
        draftNumber: draftOrders.number,
        kind: draftOrderEvents.kind,
        actorName: draftOrderEvents.actorName,
        note: draftOrderEvents.note,
        createdAt: draftOrderEvents.createdAt,
      })
      .from(draftOrderEvents)
      .innerJoin(draftOrders, eq(draftOrders.id, draftOrderEvents.draftId))
      .where(eq(draftOrderEvents.draftId, sql`(select draft_order_id from orders where id = ${order.id})`)),
  ]);
  return mergeTimeline(
    status.map((row) => statusEntry(row, order.paymentMethod)),
    messages.map(notificationEntry),
    refunds.map(refundEntry),
    steps.map(returnEntry),
    notes.map(noteEntry),
    drafted.map(draftEntry),
  );
}

/** Who wrote a note: the signed-in admin, or 'shared password' for the /secure-admin password's holder. */
/** A note's author: a staff member or the shared password (the staff module's StaffActor). */
export type NoteAuthor = AuditActor;

/** Adds a note (already validated) to an order, with its audit row in the same transaction. */
export async function addOrderNote(db: Db, orderId: string, author: NoteAuthor, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(orderNotes).values({
      orderId,
      authorId: author.id,
      authorName: author.kind === "shared-password" ? SHARED_PASSWORD_AUTHOR : author.name,
      body,
    });
    const [order] = await tx.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    const number = order?.number ?? orderId;
    await recordAudit(tx, author, [
      {
        action: "order.note",
        objectType: "order",
        objectId: number,
        objectName: number,
        changes: { note: [null, body] },
      },
    ]);
  });
}
