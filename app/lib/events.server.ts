import type { Tx } from "./db/client.server";
import { log } from "./log.server";

/**
 * In-process domain events. Modules publish what happened; other modules subscribe without the
 * publisher knowing them (the page cache listens for catalogue changes, notifications for paid orders).
 *
 * Two moments: `record(tx, …)` inside the transaction of the change, for what must commit or roll back
 * with it (the notification outbox rows), and `emit(…)` after the commit, for what may only react to it
 * (dropping caches, waking the notification worker).
 */
export interface DomainEvents {
  /**
   * The catalogue changed: every cache of it (read caches, the guest page cache) is emptied. `remote`
   * when another process said so (event-broadcast.server.ts), which is not told again.
   */
  "catalog.changed": { reason: string; remote?: boolean };
  "order.paid": { orderId: string; orderNumber: string };
  /** An admin moved an order on (modules/orders/order-fulfilment.server.ts); notifications send on these. */
  "order.shipped": { orderId: string; orderNumber: string; trackingNumber: string; carrier: string };
  "order.delivered": { orderId: string; orderNumber: string };
  "order.cancelled": { orderId: string; orderNumber: string; refund: "paypal" | "manual" | null };
  /**
   * A return moved on (modules/returns/return-store.server.ts), recorded in the move's transaction: the
   * shopper's e-mail for the step is written to the outbox with it.
   */
  "return.moved": { returnId: string; rmaNumber: string; orderId: string; step: ReturnStep };
}

/** The steps of a return the shopper hears of (issue 30). */
export type ReturnStep =
  "requested" | "approved" | "refused" | "cancelled" | "received" | "refunded" | "exchange_created";

/** One event with its name: `{ name: "order.paid", payload: {…} }`. */
export type DomainEvent = { [K in keyof DomainEvents]: { name: K; payload: DomainEvents[K] } }[keyof DomainEvents];

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;
type TxHandler<K extends keyof DomainEvents> = (tx: Tx, payload: DomainEvents[K]) => Promise<void>;

export class EventBus {
  private handlers = new Map<keyof DomainEvents, Set<Handler<never>>>();
  private txHandlers = new Map<keyof DomainEvents, Set<TxHandler<never>>>();

  /** Runs in the transaction that makes the change: what it writes commits or rolls back with it. */
  onRecord<K extends keyof DomainEvents>(event: K, handler: TxHandler<K>): () => void {
    const set = this.txHandlers.get(event) ?? new Set();
    set.add(handler as TxHandler<never>);
    this.txHandlers.set(event, set);
    return () => set.delete(handler as TxHandler<never>);
  }

  /**
   * Called by the publisher inside its transaction, before it commits. A failing handler fails the
   * transaction: the change and what must come with it are written together or not at all.
   */
  async record<K extends keyof DomainEvents>(tx: Tx, event: K, payload: DomainEvents[K]): Promise<void> {
    const set = this.txHandlers.get(event);
    if (!set) return;
    // One after another: statements on one transaction's connection do not run side by side.
    for (const handler of set) await (handler as TxHandler<K>)(tx, payload);
  }

  on<K extends keyof DomainEvents>(event: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as Handler<never>);
    this.handlers.set(event, set);
    return () => set.delete(handler as Handler<never>);
  }

  /** Runs every handler; one failing handler is logged and does not stop the others or the caller. */
  async emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): Promise<void> {
    const set = this.handlers.get(event);
    if (!set) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await (handler as Handler<K>)(payload);
        } catch (error) {
          log.warn({ err: error }, `[events] a ${event} handler failed`);
        }
      }),
    );
  }

  /** `record` for an event held as a value. */
  recordEvent(tx: Tx, event: DomainEvent): Promise<void> {
    return this.record(tx, event.name, event.payload as never);
  }

  /** `emit` for an event held as a value. */
  emitEvent(event: DomainEvent): Promise<void> {
    return this.emit(event.name, event.payload as never);
  }
}
