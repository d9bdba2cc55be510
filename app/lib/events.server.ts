/**
 * In-process domain events. Modules publish what happened; other modules subscribe without the
 * publisher knowing them (the page cache listens for catalogue changes, notifications for paid orders).
 */
export interface DomainEvents {
  "catalog.changed": { reason: string };
  "order.paid": { orderId: string; orderNumber: string };
  /** An admin moved an order on (modules/orders/order-fulfilment.server.ts); notifications send on these. */
  "order.shipped": { orderId: string; orderNumber: string; trackingNumber: string; carrier: string };
  "order.delivered": { orderId: string; orderNumber: string };
  "order.cancelled": { orderId: string; orderNumber: string; refund: "paypal" | "manual" | null };
}

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;

export class EventBus {
  private handlers = new Map<keyof DomainEvents, Set<Handler<never>>>();

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
          console.warn(`[events] a ${event} handler failed:`, error instanceof Error ? error.message : error);
        }
      }),
    );
  }
}
