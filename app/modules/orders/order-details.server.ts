import { asc, eq } from "drizzle-orm";
import { orderItems, orders, type AddressJson } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { OrderDiscountLine } from "./order-discount-lines";
import { orderDiscountsColumn } from "./order-discount-reads.server";

/**
 * One order for the confirmation page (spec §2, decisions.md §3): shown only to its owner, an
 * admin, or the browser that placed it. Order numbers are guessable, so an order someone may not
 * see is answered exactly like one that does not exist.
 */

/** Who is asking: the signed-in user (or null), their role, the order numbers their browser placed. */
export interface OrderViewer {
  userId: string | null;
  isAdmin: boolean;
  placedNumbers: readonly string[];
}

export interface OrderDetailsItem {
  id: string;
  productId: string | null;
  productName: string;
  productSku: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
}

export interface OrderDetails {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  subtotalCents: number;
  /** Taken off the lines by the order's discounts. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** What it was discounted and why, as placed (issue 28). */
  discounts: OrderDiscountLine[];
  shippingMethod: string;
  shippingAddress: AddressJson;
  customerEmail: string;
  trackingNumber: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** Returns (issue 30): when it was delivered (ISO 8601), what was refunded, whether it is an exchange. */
  deliveredAt: string | null;
  refundedCents: number;
  isExchange: boolean;
  /** Placed by an account (a guest's order is returned by contacting the shop), and whether the viewer's. */
  hasAccount: boolean;
  viewerIsOwner: boolean;
  items: OrderDetailsItem[];
}

/**
 * Order numbers are `ORD-` and 8 digits; anything short made of letters, digits and dashes is looked
 * up too (numbers from elsewhere), longer or other text is not worth a query.
 */
const ORDER_NUMBER_SHAPE = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;

export function isOrderNumberShape(value: string): boolean {
  return ORDER_NUMBER_SHAPE.test(value);
}

/** The order with its items, or null when there is none or the viewer may not see it (the same null). */
export async function findOrderForViewer(
  db: Db,
  orderNumber: string,
  viewer: OrderViewer,
): Promise<OrderDetails | null> {
  if (!isOrderNumberShape(orderNumber)) return null;
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      // In the order's own statement: the page still reads the order, then its items.
      discounts: orderDiscountsColumn(),
      shippingMethod: orders.shippingMethod,
      shippingAddress: orders.shippingAddress,
      customerEmail: orders.customerEmail,
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
      deliveredAt: orders.deliveredAt,
      refundedCents: orders.refundedCents,
      exchangeForOrderId: orders.exchangeForOrderId,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  if (!row || !maySee(viewer, row)) return null;

  const items = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productSku: orderItems.productSku,
      imageUrl: orderItems.imageUrl,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      totalPriceCents: orderItems.totalPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));

  const { userId: owner, createdAt, deliveredAt, exchangeForOrderId, ...order } = row;
  return {
    ...order,
    createdAt: createdAt.toISOString(),
    deliveredAt: deliveredAt?.toISOString() ?? null,
    isExchange: exchangeForOrderId !== null,
    hasAccount: owner !== null,
    viewerIsOwner: owner !== null && owner === viewer.userId,
    items,
  };
}

function maySee(viewer: OrderViewer, order: { orderNumber: string; userId: string | null }): boolean {
  if (viewer.isAdmin) return true;
  if (viewer.userId !== null && order.userId !== null && order.userId === viewer.userId) return true;
  return viewer.placedNumbers.includes(order.orderNumber);
}
