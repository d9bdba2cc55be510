import { asc, getTableColumns, inArray } from "drizzle-orm";
import { orderItems, orders } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { orderDiscountsColumn } from "~/modules/orders/order-discount-reads.server";
import { trackingUrl } from "~/modules/orders/tracking";
import { orderLinkUrl } from "~/modules/orders/guest-links.server";
import type { MessageOrder } from "./message-kinds";

/** The orders a batch of messages is about, with their lines, as the messages word them (two queries). */
export async function loadMessageOrders(
  db: Db,
  orderIds: string[],
  publicUrl: string,
  /** Signs a guest order's link (no account: the link itself lets the guest see the order). */
  guestOrderToken?: (orderNumber: string, email: string) => string,
): Promise<Map<string, MessageOrder>> {
  const ids = [...new Set(orderIds)];
  const found = new Map<string, MessageOrder>();
  if (ids.length === 0) return found;
  const [rows, lines] = await Promise.all([
    // With what each order was discounted, as placed (never the discounts' rules of today).
    db
      .select({ ...getTableColumns(orders), discounts: orderDiscountsColumn() })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.productName,
        sku: orderItems.productSku,
        size: orderItems.size,
        color: orderItems.color,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
        totalPriceCents: orderItems.totalPriceCents,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
  ]);
  const base = publicUrl.replace(/\/+$/, "");
  for (const o of rows) {
    const address = o.shippingAddress;
    found.set(o.id, {
      orderNumber: o.orderNumber,
      status: o.status,
      paymentStatus: o.paymentStatus,
      paymentMethod: o.paymentMethod,
      customerName: `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim(),
      customerEmail: o.customerEmail,
      customerPhone: address.phone ?? "",
      items: lines.filter((l) => l.orderId === o.id).map(({ orderId: _orderId, ...line }) => line),
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      discounts: o.discounts,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      shippingMethod: o.shippingMethod,
      shippingAddress: address,
      trackingNumber: o.trackingNumber,
      carrier: o.carrier,
      trackingUrl: o.trackingNumber ? trackingUrl(o.carrier, o.trackingNumber) : null,
      orderUrl:
        o.userId === null && guestOrderToken
          ? orderLinkUrl(base, o.orderNumber, guestOrderToken(o.orderNumber, o.customerEmail))
          : `${base}/order-confirmation/${encodeURIComponent(o.orderNumber)}`,
      isTest: o.isTest,
      createdAt: o.createdAt,
    });
  }
  return found;
}
