import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  orderItems,
  orders,
  productVariants,
  returnHistory,
  returnItems,
  returns,
  type RefundStatus,
  type ReturnDisposition,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from "#db/schema/index";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { ReturnStep } from "~/lib/events.server";
import { returnWindow, returnableQuantity, type ReturnWindow } from "./return-rules";

/**
 * What the shopper's and the owner's return pages show (issue 30): the request form of an order (its
 * lines, what each can still give back, the sizes and colours it can be exchanged for), a return with its
 * lines and history, and the returns of an order. Plain reads: a page is a handful of indexed queries.
 */

export interface ExchangeOption {
  variantId: string;
  size: string;
  color: string;
  /** Units on hand now: 0 is shown sold out and cannot be chosen. */
  stock: number;
}

export interface ReturnableLine {
  orderItemId: string;
  productId: string | null;
  productName: string;
  imageUrl: string | null;
  size: string;
  color: string;
  quantity: number;
  /** Bought less what open returns already hold. */
  returnable: number;
  unitPriceCents: number;
  /** The other sizes and colours of the same product (a deleted product has none). */
  options: ExchangeOption[];
}

export interface ReturnRequestForm {
  orderId: string;
  orderNumber: string;
  deliveredAt: string | null;
  window: ReturnWindow;
  windowDays: number;
  lines: ReturnableLine[];
}

/** The request form of an order of `userId`'s, or null when it is not theirs (or not there). */
export async function returnRequestForm(
  db: Db,
  input: { orderNumber: string; userId: string; windowDays: number; now: Date },
): Promise<ReturnRequestForm | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
      exchangeFor: orders.exchangeForOrderId,
    })
    .from(orders)
    .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId)));
  if (!order) return null;
  const lines = await queryRows<{
    id: string;
    product_id: string | null;
    variant_id: string | null;
    product_name: string;
    image_url: string | null;
    size: string | null;
    color: string | null;
    quantity: number;
    unit_price_cents: number;
    held: number;
  }>(
    db,
    sql`select i.id, i.product_id, i.variant_id, i.product_name, i.image_url, i.size, i.color, i.quantity,
               i.unit_price_cents,
               coalesce((select sum(ri.quantity) from return_items ri join returns r on r.id = ri.return_id
                          where ri.order_item_id = i.id and r.status not in ('refused', 'cancelled')), 0)::int as held
          from order_items i where i.order_id = ${order.id} order by i.created_at, i.id`,
  );
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((id): id is string => id !== null))];
  const variants = productIds.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          size: productVariants.size,
          color: productVariants.color,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds))
        .orderBy(asc(productVariants.position))
    : [];
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    window: returnWindow(
      { status: order.status, deliveredAt: order.deliveredAt, isExchange: order.exchangeFor !== null },
      input.windowDays,
      input.now,
    ),
    windowDays: input.windowDays,
    lines: lines.map((l) => ({
      orderItemId: l.id,
      productId: l.product_id,
      productName: l.product_name,
      imageUrl: l.image_url,
      size: l.size ?? "",
      color: l.color ?? "",
      quantity: l.quantity,
      returnable: returnableQuantity(l.quantity, l.held),
      unitPriceCents: l.unit_price_cents,
      options: variants
        .filter((v) => v.productId === l.product_id && v.id !== l.variant_id)
        .map((v) => ({ variantId: v.id, size: v.size, color: v.color, stock: v.stock })),
    })),
  };
}

export interface ReturnLineView {
  id: string;
  orderItemId: string;
  productId: string | null;
  productName: string;
  imageUrl: string | null;
  size: string;
  color: string;
  quantity: number;
  unitPriceCents: number;
  reason: ReturnReason;
  note: string | null;
  resolution: ReturnResolution;
  exchangeSize: string | null;
  exchangeColor: string | null;
  disposition: ReturnDisposition | null;
}

export interface ReturnHistoryView {
  fromStatus: string | null;
  toStatus: string;
  /** The step the move made, in the shopper's terms. */
  step: ReturnStep;
  actorName: string;
  note: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface ReturnView {
  id: string;
  rmaNumber: string;
  userId: string | null;
  status: ReturnStatus;
  refundStatus: RefundStatus;
  refusalReason: string | null;
  refund: { goodsCents: number; taxCents: number; shippingCents: number; totalCents: number } | null;
  refundMethod: string | null;
  refundId: string | null;
  refundError: string | null;
  createdAt: string;
  receivedAt: string | null;
  closedAt: string | null;
  order: {
    id: string;
    orderNumber: string;
    customerEmail: string;
    customerName: string;
    paymentMethod: string | null;
    paymentStatus: string;
    totalCents: number;
    refundedCents: number;
    shippingCents: number;
    deliveredAt: string | null;
  };
  exchangeOrder: { orderNumber: string; status: string; trackingNumber: string | null; carrier: string | null } | null;
  lines: ReturnLineView[];
  history: ReturnHistoryView[];
}

/** One return by its number (the shopper's page) or id, with its lines and history; null when none. */
export async function returnView(db: Db, key: { rmaNumber: string } | { id: string }): Promise<ReturnView | null> {
  const where = "id" in key ? eq(returns.id, key.id) : eq(returns.rmaNumber, key.rmaNumber);
  const [row] = await db
    .select({
      ret: returns,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerEmail: orders.customerEmail,
        address: orders.shippingAddress,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        shippingCents: orders.shippingCents,
        deliveredAt: orders.deliveredAt,
      },
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(where);
  if (!row) return null;
  const { ret, order } = row;
  const [lines, history, exchange] = await Promise.all([
    db
      .select({
        id: returnItems.id,
        orderItemId: returnItems.orderItemId,
        productId: returnItems.productId,
        productName: orderItems.productName,
        imageUrl: orderItems.imageUrl,
        size: returnItems.size,
        color: returnItems.color,
        quantity: returnItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
        reason: returnItems.reason,
        note: returnItems.note,
        resolution: returnItems.resolution,
        exchangeSize: returnItems.exchangeSize,
        exchangeColor: returnItems.exchangeColor,
        disposition: returnItems.disposition,
      })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, ret.id))
      .orderBy(asc(orderItems.createdAt), asc(returnItems.id)),
    db
      .select({
        fromStatus: returnHistory.fromStatus,
        toStatus: returnHistory.toStatus,
        step: returnHistory.step,
        actorName: returnHistory.actorName,
        note: returnHistory.note,
        createdAt: returnHistory.createdAt,
      })
      .from(returnHistory)
      .where(eq(returnHistory.returnId, ret.id))
      .orderBy(asc(returnHistory.createdAt), asc(returnHistory.id)),
    ret.exchangeOrderId
      ? db
          .select({
            orderNumber: orders.orderNumber,
            status: orders.status,
            trackingNumber: orders.trackingNumber,
            carrier: orders.carrier,
          })
          .from(orders)
          .where(eq(orders.id, ret.exchangeOrderId))
      : Promise.resolve([]),
  ]);
  const fixed = ret.refundCents !== null;
  return {
    id: ret.id,
    rmaNumber: ret.rmaNumber,
    userId: ret.userId,
    status: ret.status,
    refundStatus: ret.refundStatus,
    refusalReason: ret.refusalReason,
    refund: fixed
      ? {
          goodsCents: ret.refundCents ?? 0,
          taxCents: ret.refundTaxCents ?? 0,
          shippingCents: ret.refundShippingCents ?? 0,
          totalCents: (ret.refundCents ?? 0) + (ret.refundTaxCents ?? 0) + (ret.refundShippingCents ?? 0),
        }
      : null,
    refundMethod: ret.refundMethod,
    refundId: ret.refundId,
    refundError: ret.refundError,
    createdAt: ret.createdAt.toISOString(),
    receivedAt: ret.receivedAt?.toISOString() ?? null,
    closedAt: ret.closedAt?.toISOString() ?? null,
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      customerEmail: order.customerEmail,
      customerName: `${order.address.firstName} ${order.address.lastName}`.trim(),
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      shippingCents: order.shippingCents,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
    },
    exchangeOrder: exchange[0] ?? null,
    lines,
    history: history.map((h) => ({ ...h, step: h.step as ReturnStep, createdAt: h.createdAt.toISOString() })),
  };
}

export interface ReturnSummary {
  id: string;
  rmaNumber: string;
  status: ReturnStatus;
  refundStatus: RefundStatus;
  units: number;
  createdAt: string;
  refundCents: number | null;
  exchangeOrderNumber: string | null;
}

/** The returns of some orders (their pages, the shopper's order list), newest first, by order id. */
export async function returnsOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, ReturnSummary[]>> {
  const found = new Map<string, ReturnSummary[]>();
  if (orderIds.length === 0) return found;
  const rows = await queryRows<{
    id: string;
    order_id: string;
    rma_number: string;
    status: ReturnStatus;
    refund_status: RefundStatus;
    units: number;
    created_at: Date | string;
    refund: number | null;
    exchange_number: string | null;
  }>(
    db,
    sql`select r.id, r.order_id, r.rma_number, r.status, r.refund_status, r.created_at,
               (select sum(quantity) from return_items ri where ri.return_id = r.id)::int as units,
               case when r.refund_cents is null then null
                    else r.refund_cents + coalesce(r.refund_tax_cents, 0) + coalesce(r.refund_shipping_cents, 0) end as refund,
               (select order_number from orders x where x.id = r.exchange_order_id) as exchange_number
          from returns r
         where r.order_id in (${sql.join(
           orderIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by r.created_at desc, r.id desc`,
  );
  for (const r of rows) {
    const list = found.get(r.order_id) ?? [];
    list.push({
      id: r.id,
      rmaNumber: r.rma_number,
      status: r.status,
      refundStatus: r.refund_status,
      units: r.units,
      createdAt: new Date(r.created_at).toISOString(),
      refundCents: r.refund === null ? null : Number(r.refund),
      exchangeOrderNumber: r.exchange_number,
    });
    found.set(r.order_id, list);
  }
  return found;
}

/** The order an exchange order replaces, for its page ('Exchange for ORD-…'). */
export async function exchangeOrigin(
  db: Db,
  orderId: string,
): Promise<{ orderNumber: string; rmaNumber: string } | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, rmaNumber: returns.rmaNumber })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.exchangeOrderId, orderId), ne(returns.status, "cancelled")))
    .orderBy(desc(returns.createdAt))
    .limit(1);
  return row ?? null;
}
