import { and, asc, eq, inArray } from "drizzle-orm";
import { orderItems, orders, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { formatDayIn } from "~/lib/dates";
import type { ShopSettings } from "~/modules/settings/settings-schema";
import { addressLines } from "./address-lines";
import { shippingMethodText } from "./order-words";
import {
  PACKING_SLIP_MAX,
  parseSlipSelection,
  pickList,
  shortList,
  SLIP_SELECTION_MESSAGES,
  slipLines,
  type PickList,
  type SlipLine,
  type SlipSelection,
} from "./packing-slips";

/**
 * Reads for the packing slips and the pick list: the chosen orders (by number, or every paid order not yet
 * shipped, oldest first — the order they are packed in) and their lines, in two statements whatever the
 * number of orders (at most PACKING_SLIP_MAX).
 */

export interface PackingSlip {
  orderNumber: string;
  placedOn: string;
  shipTo: string[];
  method: string;
  lines: SlipLine[];
  units: number;
}

export interface SlipStore {
  name: string;
  logoUrl: string | null;
  contactEmail: string;
  contactPhone: string;
  returnAddress: string[];
}

export function slipStoreOf(shop: ShopSettings): SlipStore {
  return {
    name: shop.store.name,
    logoUrl: shop.store.logoUrl,
    contactEmail: shop.store.contactEmail,
    contactPhone: shop.store.contactPhone,
    returnAddress: shop.store.returnAddress.split("\n"),
  };
}

export type SlipOrdersAnswer = { ok: true; orders: SlipOrder[] } | { ok: false; status: 400 | 404; message: string };

export interface SlipOrder {
  orderNumber: string;
  createdAt: Date;
  shippingAddress: Parameters<typeof addressLines>[0];
  shippingMethod: string;
  items: Array<{
    id: string;
    productName: string;
    productSku: string;
    size: string | null;
    color: string | null;
    quantity: number;
    productSizes: string[] | null;
  }>;
}

/** The orders of a selection with their lines; unknown numbers → 404 naming them, too many → 400. */
export async function slipOrders(db: Db, selection: SlipSelection): Promise<SlipOrdersAnswer> {
  const columns = {
    id: orders.id,
    orderNumber: orders.orderNumber,
    createdAt: orders.createdAt,
    shippingAddress: orders.shippingAddress,
    shippingMethod: orders.shippingMethod,
  };
  let found;
  if (selection.kind === "orders") {
    const rows = await db.select(columns).from(orders).where(inArray(orders.orderNumber, selection.orderNumbers));
    const byNumber = new Map(rows.map((row) => [row.orderNumber, row]));
    const missing = selection.orderNumbers.filter((n) => !byNumber.has(n));
    if (missing.length > 0) {
      return { ok: false, status: 404, message: `${SLIP_SELECTION_MESSAGES.unknown}: ${shortList(missing)}.` };
    }
    found = selection.orderNumbers.map((n) => byNumber.get(n)!);
  } else {
    found = await db
      .select(columns)
      .from(orders)
      .where(and(eq(orders.paymentStatus, "paid"), inArray(orders.status, ["pending", "processing"])))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PACKING_SLIP_MAX + 1);
    if (found.length > PACKING_SLIP_MAX) {
      return {
        ok: false,
        status: 400,
        message: `More than ${PACKING_SLIP_MAX} orders are paid and not shipped: choose them on the orders list, ${PACKING_SLIP_MAX} at a time.`,
      };
    }
  }
  const lines =
    found.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            id: orderItems.id,
            productName: orderItems.productName,
            productSku: orderItems.productSku,
            size: orderItems.size,
            color: orderItems.color,
            quantity: orderItems.quantity,
            productSizes: products.sizes,
          })
          .from(orderItems)
          .leftJoin(products, eq(products.id, orderItems.productId))
          .where(
            inArray(
              orderItems.orderId,
              found.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const itemsOf = new Map<string, SlipOrder["items"]>();
  for (const { orderId, ...line } of lines) {
    const list = itemsOf.get(orderId) ?? [];
    list.push(line);
    itemsOf.set(orderId, list);
  }
  return {
    ok: true,
    orders: found.map((o) => ({
      orderNumber: o.orderNumber,
      createdAt: o.createdAt,
      shippingAddress: o.shippingAddress,
      shippingMethod: o.shippingMethod,
      items: itemsOf.get(o.id) ?? [],
    })),
  };
}

/** A slip as printed: the order's day on the shop's clock, who it goes to, the lines without prices. */
export function packingSlipOf(order: SlipOrder, timeZone: string): PackingSlip {
  const { lines, units } = slipLines(order.items);
  return {
    orderNumber: order.orderNumber,
    placedOn: formatDayIn(order.createdAt, timeZone, "long"),
    shipTo: addressLines(order.shippingAddress),
    method: shippingMethodText(order.shippingMethod),
    lines,
    units,
  };
}

export function pickListOf(found: readonly SlipOrder[]): PickList {
  return pickList(found.flatMap((o) => o.items.map((item) => ({ ...item, orderNumber: o.orderNumber }))));
}

/** What a print run's URL asks for, read: the orders, or the 4xx answer and its message. */
export async function slipRun(db: Db, params: URLSearchParams): Promise<SlipOrdersAnswer> {
  const parsed = parseSlipSelection(params);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  return slipOrders(db, parsed.selection);
}
