import { startOfDayIn } from "~/lib/dates";
import { and, asc, count, desc, eq, getTableColumns, like, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, products, productVariants, type AddressJson } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import { ReadCache } from "~/lib/read-cache.server";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  likePrefix,
  orderSearchOf,
  wordPrefixQuery,
  type AdminOrderFilter,
  type AdminOrderQuery,
} from "./admin-order-query";
import { placedOrder } from "./abandoned-checkouts.server";
import type { OrderDiscountLine } from "./order-discount-lines";
import { orderDiscountsColumn } from "./order-discount-reads.server";
import { movesFrom, type OrderMove } from "./order-moves";
import type { OrderStatus, PaymentStatus } from "./order-rules";
import type { ExportOrder } from "./order-csv";
import { statusHistoryOf, type HistoryEntry } from "./status-history.server";

/**
 * What the admin reads about orders: the dashboard's figures, the searchable list, one order in full,
 * and the rows of the CSV export. Each list or figure is one SQL statement on an index
 * (db/schema/orders.ts), so it stays fast at 100,000 orders.
 */

/** A variant is low on stock at this many units or fewer (LOW_STOCK_THRESHOLD's default). */
export const LOW_STOCK_UNITS = 5;

export interface AdminOrderStats {
  today: { orders: number; revenueCents: number };
  last30Days: { orders: number; revenueCents: number };
  /** Orders waiting for payment, of any age. */
  pending: number;
  /** Orders paid (and not refunded) among the last 30 days'. */
  paid: number;
  /** Variants (one size in one colour) of active products at or under the low-stock threshold. */
  lowStockProducts: number;
}

/** The dashboard's order figures: everything of `AdminOrderStats` but the low-stock count. */
export type AdminOrderFigures = Omit<AdminOrderStats, "lowStockProducts">;

/**
 * The dashboard's order figures, in two statements: the last 30 days' orders in one pass (today's and
 * the 30 days' orders and revenue, the paid ones) and the pending orders on their index. Test orders are
 * never counted; revenue is what was paid and not refunded.
 */
export async function adminOrderFigures(db: Db, now: Date = new Date(), timeZone = "UTC"): Promise<AdminOrderFigures> {
  const since30 = new Date(now.getTime() - 30 * 24 * 3600_000);
  // Today as the shop's clock has it (Settings → Store → Time zone).
  const startOfToday = startOfDayIn(timeZone, now);
  const paid = sql`${orders.paymentStatus} = 'paid'`;
  const [[recent], [pending]] = await Promise.all([
    db
      .select({
        todayOrders:
          sql<number>`count(*) filter (where ${orders.createdAt} >= ${startOfToday} and ${placedOrder})`.mapWith(
            Number,
          ),
        todayRevenue:
          sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.createdAt} >= ${startOfToday} and ${paid}), 0)`.mapWith(
            Number,
          ),
        orders: sql<number>`count(*) filter (where ${placedOrder})`.mapWith(Number),
        revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${paid}), 0)`.mapWith(Number),
        paid: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      })
      .from(orders)
      .where(and(sql`${orders.createdAt} >= ${since30}`, eq(orders.isTest, false))),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, "pending"), eq(orders.isTest, false))),
  ]);
  return {
    today: { orders: recent!.todayOrders, revenueCents: recent!.todayRevenue },
    last30Days: { orders: recent!.orders, revenueCents: recent!.revenue },
    pending: pending!.n,
    paid: recent!.paid,
  };
}

/**
 * Variants (one size in one colour) of active products with `threshold` units or fewer: the same
 * variants the low-stock view (`/admin/products?stock=low`) lists. Read on the variants' stock index,
 * lowest first, so only the low ones are visited.
 */
export async function lowStockVariantCount(db: Db, threshold: number = LOW_STOCK_UNITS): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(sql`${productVariants.stock} <= ${threshold}`, eq(products.isActive, true)));
  return row?.n ?? 0;
}

/** The dashboard's stat cards read afresh: the order figures and the low-stock count. */
export async function adminOrderStats(
  db: Db,
  now: Date = new Date(),
  lowStockThreshold: number = LOW_STOCK_UNITS,
): Promise<AdminOrderStats> {
  const [figures, lowStockProducts] = await Promise.all([
    adminOrderFigures(db, now),
    lowStockVariantCount(db, lowStockThreshold),
  ]);
  return { ...figures, lowStockProducts };
}

function searchCondition(q: string): SQL | undefined {
  const search = orderSearchOf(q);
  if (search.kind === "none") return undefined;
  if (search.kind === "number") return or(...search.prefixes.map((p) => like(orders.orderNumber, likePrefix(p))));
  const pattern = likePrefix(search.prefix);
  const words = wordPrefixQuery(search.words);
  return or(
    sql`lower(${orders.customerEmail}) like ${pattern}`,
    sql`${orders.searchName} like ${pattern}`,
    // Each word starting a word of the name: the last name alone, a middle initial skipped.
    words ? sql`${orders.searchWords} @@ to_tsquery('simple', ${words})` : undefined,
  );
}

/** The WHERE of a filter: shared by the list and the export. */
export function adminOrderConditions(filter: AdminOrderFilter): SQL | undefined {
  return and(
    searchCondition(filter.q),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.payment ? eq(orders.paymentStatus, filter.payment) : undefined,
  );
}

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  isTest: boolean;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * The dashboard's figures. The order figures are shared by every admin page view for `ttlMs`
 * (PAGE_CACHE_SECONDS) and read afresh after any order of this process moves (paid, shipped, delivered,
 * cancelled) or stock comes back (`catalog.changed`): the 30 days' aggregate reads tens of thousands of
 * rows, too many to read on every page of the list. The low-stock count is read on every view: stock
 * also moves without any event (an order placed takes it; a script or a hand fix writes it), and the
 * figure must agree with the low-stock view it links to, which reads the variants live. It is cheap:
 * the variants' stock index visits only the low ones.
 */
export function createOrderStats(deps: { db: Db; events: EventBus; ttlMs: number; lowStockThreshold?: number }) {
  const cache = new ReadCache(deps.ttlMs, { maxEntries: 1 });
  const clear = () => cache.clear();
  for (const event of [
    "order.paid",
    "order.shipped",
    "order.delivered",
    "order.cancelled",
    "catalog.changed",
  ] as const) {
    deps.events.on(event, clear);
  }
  return {
    /** The figures, 'today' being the day in the shop's `timeZone`. */
    read: async (timeZone = "UTC"): Promise<AdminOrderStats> => {
      const [figures, lowStockProducts] = await Promise.all([
        cache.get(`figures ${timeZone}`, () => adminOrderFigures(deps.db, new Date(), timeZone)),
        lowStockVariantCount(deps.db, deps.lowStockThreshold),
      ]);
      return { ...figures, lowStockProducts };
    },
  };
}
export type OrderStats = ReturnType<typeof createOrderStats>;

/**
 * Orders counted at most for the list's total: past it the list says "2,000+" and pages stop there
 * (100 pages of 20); a search or a filter reaches the rest. Counting, and paging deep into, 100,000 rows
 * on every page view would cost more than the page (measured in `npm run bench`).
 */
export const ORDER_COUNT_CAP = 2_000;

export interface AdminOrderPage {
  rows: AdminOrderRow[];
  /** Orders the filter matches, at most ORDER_COUNT_CAP (then `more` is true). */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
}

const nameOf = (address: AddressJson) => `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim();

/** A page of the order list, newest first, with the number of orders the filter matches. */
export async function listAdminOrders(
  db: Db,
  query: AdminOrderQuery,
  { countCap = ORDER_COUNT_CAP }: { countCap?: number } = {},
): Promise<AdminOrderPage> {
  const where = adminOrderConditions(query);
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(countCap + 1)
    .as("matched");
  const lastPage = Math.max(1, Math.ceil(countCap / ADMIN_ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, lastPage);
  const [rows, [matched]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        shippingAddress: orders.shippingAddress,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        isTest: orders.isTest,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(capped),
  ]);
  const more = matched!.n > countCap;
  const total = Math.min(matched!.n, countCap);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      customerName: nameOf(row.shippingAddress),
      customerEmail: row.customerEmail,
      totalCents: row.totalCents,
      status: row.status as OrderStatus,
      paymentStatus: row.paymentStatus as PaymentStatus,
      isTest: row.isTest,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    more,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
  };
}

export interface AdminOrderItem {
  id: string;
  productName: string;
  productSku: string;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
}

export interface AdminOrderDetail {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string | null;
  paymentId: string | null;
  paymentCaptureId: string | null;
  refundId: string | null;
  isTest: boolean;
  customer: { name: string; email: string; phone: string | null };
  shippingAddress: AddressJson;
  shippingMethod: string;
  trackingNumber: string | null;
  carrier: string | null;
  subtotalCents: number;
  /** Taken off the lines by the order's discounts. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** What it was discounted and why, as placed (issue 28). */
  discounts: OrderDiscountLine[];
  /** ISO 8601. */
  createdAt: string;
  paidAt: string | null;
  items: AdminOrderItem[];
  history: Array<Omit<HistoryEntry, "createdAt"> & { createdAt: string }>;
  /** The moves the admin can make now (the server checks again when one is asked for). */
  moves: OrderMove[];
}

/** One order in full, by its number, or null. */
export async function adminOrderDetail(db: Db, orderNumber: string): Promise<AdminOrderDetail | null> {
  const [order] = await db
    .select({ ...getTableColumns(orders), discounts: orderDiscountsColumn() })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [items, history] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        productSku: orderItems.productSku,
        size: orderItems.size,
        color: orderItems.color,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
        totalPriceCents: orderItems.totalPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    statusHistoryOf(db, order.id),
  ]);
  const status = order.status as OrderStatus;
  const paymentStatus = order.paymentStatus as PaymentStatus;
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status,
    paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentId: order.paymentId,
    paymentCaptureId: order.paymentCaptureId,
    refundId: order.refundId,
    isTest: order.isTest,
    customer: { name: nameOf(address), email: order.customerEmail, phone: address.phone?.trim() || null },
    shippingAddress: address,
    shippingMethod: order.shippingMethod,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    discounts: order.discounts,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    items,
    history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    moves: movesFrom({
      status,
      paymentStatus,
      paymentMethod: order.paymentMethod,
      paymentCaptureId: order.paymentCaptureId,
      isTest: order.isTest,
    }),
  };
}

/** The order id of an order number, for actions posted from the order page. */
export async function orderIdOf(db: Db, orderNumber: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.id ?? null;
}

const EXPORT_BATCH = 1000;

/** Every order the filter matches, newest first, in batches (keyset paging: no OFFSET over 100,000 rows). */
export async function* exportAdminOrders(db: Db, filter: AdminOrderFilter): AsyncGenerator<ExportOrder[]> {
  // The cursor is the database's own text of created_at: microseconds, which a JS Date would lose.
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        id: orders.id,
        cursor: sql<string>`${orders.createdAt}::text`,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        shippingAddress: orders.shippingAddress,
        customerEmail: orders.customerEmail,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        // Qualified by hand: Drizzle writes a select field's columns without their table, and an
        // unqualified "id" here would be the item's own (every order counted 0 items).
        itemCount:
          sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = "orders"."id")`.mapWith(
            Number,
          ),
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        discounts: orderDiscountsColumn(),
        shippingCents: orders.shippingCents,
        taxCents: orders.taxCents,
        totalCents: orders.totalCents,
        trackingNumber: orders.trackingNumber,
        carrier: orders.carrier,
        isTest: orders.isTest,
      })
      .from(orders)
      .where(
        and(
          adminOrderConditions(filter),
          after
            ? sql`(${orders.createdAt}, ${orders.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(EXPORT_BATCH);
    if (page.length === 0) return;
    yield page.map(({ id: _id, cursor: _cursor, shippingAddress, ...row }) => ({
      ...row,
      customerName: nameOf(shippingAddress),
      phone: shippingAddress.phone ?? "",
    }));
    if (page.length < EXPORT_BATCH) return;
    const last: { cursor: string; id: string } = page[page.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}
