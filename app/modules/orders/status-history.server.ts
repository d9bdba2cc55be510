import { asc, eq } from "drizzle-orm";
import { orderStatusHistory } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";

/**
 * An order's history (spec: "every status change: from, to, who, when, note"): one row per change,
 * written in the transaction of the change, by placing, paying, the sweeper and the admin's moves alike.
 */

/** Who changed the order: an account and the name shown, or the system (no account). */
export interface Actor {
  id: string | null;
  name: string;
}

export const SYSTEM: Actor = { id: null, name: "System" };
export const customer = (userId: string | null): Actor => ({ id: userId, name: "Customer" });

export interface StatusChange {
  orderId: string;
  from: { status: string; paymentStatus: string } | null;
  to: { status: string; paymentStatus: string };
  actor: Actor;
  note?: string | null;
}

const row = (change: StatusChange) => ({
  orderId: change.orderId,
  fromStatus: change.from?.status ?? null,
  fromPaymentStatus: change.from?.paymentStatus ?? null,
  toStatus: change.to.status,
  toPaymentStatus: change.to.paymentStatus,
  actorId: change.actor.id,
  actorName: change.actor.name,
  note: change.note ?? null,
});

export async function recordStatusChange(tx: Tx, change: StatusChange): Promise<void> {
  await tx.insert(orderStatusHistory).values(row(change));
}

/** The same change for many orders at once (the sweeper's batch). */
export async function recordStatusChanges(tx: Tx, changes: StatusChange[]): Promise<void> {
  if (changes.length > 0) await tx.insert(orderStatusHistory).values(changes.map(row));
}

export interface HistoryEntry {
  fromStatus: string | null;
  toStatus: string;
  fromPaymentStatus: string | null;
  toPaymentStatus: string;
  actorName: string;
  note: string | null;
  createdAt: Date;
}

/** An order's history, oldest first. */
export async function statusHistoryOf(db: Db, orderId: string): Promise<HistoryEntry[]> {
  return db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      fromPaymentStatus: orderStatusHistory.fromPaymentStatus,
      toPaymentStatus: orderStatusHistory.toPaymentStatus,
      actorName: orderStatusHistory.actorName,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}
