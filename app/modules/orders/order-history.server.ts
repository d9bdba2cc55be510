import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { orderItems, orders, reviews } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { placedOrder } from "./abandoned-checkouts.server";
import { orderDiscountsColumn } from "./order-discount-reads.server";
import { ORDER_STATUSES, type OrderStatus } from "./order-rules";

export interface OrderHistoryFilter {
  q: string;
  status: OrderStatus | null;
}

/**
 * A shopper's orders, newest first, with their discounts and items (spec §7: by user id with order items):
 * two statements, whatever the number of orders.
 */
export async function listOrdersOfUser(db: Db, userId: string, filter: OrderHistoryFilter) {
  const escaped = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      // What each was discounted, as placed: in this statement, not a query per order.
      discounts: orderDiscountsColumn(),
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
      // Returns (issue 30): the window runs from delivery; partial refunds; an exchange is not returned again.
      deliveredAt: orders.deliveredAt,
      refundedCents: orders.refundedCents,
      exchangeForOrderId: orders.exchangeForOrderId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        // A checkout whose payment never came is no purchase of theirs (its cart was kept to try again).
        placedOrder,
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.q
          ? or(
              ilike(orders.orderNumber, `%${escaped}%`),
              sql`exists (select 1 from ${orderItems} i where i.order_id = ${orders.id} and i.product_name ilike ${`%${escaped}%`})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(100);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            id: orderItems.id,
            orderId: orderItems.orderId,
            productId: orderItems.productId,
            productName: orderItems.productName,
            imageUrl: orderItems.imageUrl,
            size: orderItems.size,
            color: orderItems.color,
            quantity: orderItems.quantity,
            unitPriceCents: orderItems.unitPriceCents,
            // The line's review (issue 29): 'Write a review' or 'Edit your review' on a delivered order.
            reviewId: reviews.id,
          })
          .from(orderItems)
          .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return rows.map((order) => ({
    ...order,
    createdAt: order.createdAt.toISOString(),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    items: items.filter((i) => i.orderId === order.id),
  }));
}

export function parseStatus(value: string | null): OrderStatus | null {
  return ORDER_STATUSES.find((s) => s === value) ?? null;
}
