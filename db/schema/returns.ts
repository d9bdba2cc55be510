import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products, productVariants } from "./catalog";
import { orderItems, orders } from "./orders";

/**
 * Returns and size exchanges (issue 30). A shopper asks to send back some lines of a delivered order
 * within the return window; each line is refunded or exchanged for another size or colour of the same
 * product. The return's moves (app/modules/returns/return-moves.ts) are pure rules; the server applies
 * each with one conditional UPDATE on the status it was planned from, with a `return_history` row.
 *
 *   requested ──approve──▶ approved ──receive──▶ received ──(refund, ship exchange)──▶ closed
 *   requested ──refuse──▶ refused          requested | approved ──cancel (shopper)──▶ cancelled
 *
 * An exchange's replacement units are taken from stock when the return is asked for (so they cannot sell
 * out while the parcel travels) and given back when it is refused or cancelled; the exchange order made
 * from them takes no stock again.
 */
export const RETURN_STATUSES = ["requested", "approved", "refused", "cancelled", "received", "closed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * The money side of a received return: none (every line exchanged), due (to refund), pending (the amount
 * is fixed and was sent to PayPal, which has not said yes yet: 'Refund' tries again with the same request
 * id), refunded.
 */
export const REFUND_STATUSES = ["none", "due", "pending", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const RETURN_REASONS = [
  "too_small",
  "too_large",
  "not_as_pictured",
  "damaged",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** What became of a received line: back on sale, or written off (damaged). */
export const RETURN_DISPOSITIONS = ["restock", "write_off"] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const returns = pgTable(
  "returns",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'RMA-' and the order's number and the return's count on it: RMA-12345678-1. */
    rmaNumber: text().notNull().unique(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's account when asked (a guest's order has none and cannot be returned here). */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    status: text().$type<ReturnStatus>().notNull().default("requested"),
    refundStatus: text().$type<RefundStatus>().notNull().default("none"),
    /** The owner's reason for a refusal, shown to the shopper. */
    refusalReason: text(),
    /** Fixed when the refund is first sent: goods (net of discounts), their tax share, shipping. */
    refundCents: integer(),
    refundTaxCents: integer(),
    refundShippingCents: integer(),
    /** 'paypal' (through its refund API) or 'manual' (the demo payment: recorded by hand). */
    refundMethod: text(),
    /** PayPal's refund id once it said yes. */
    refundId: text(),
    /** Why the last PayPal refund failed; cleared when it succeeds. */
    refundError: text(),
    /** The order that ships the replacements, once the owner shipped the exchange. */
    exchangeOrderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("returns_status_check", sql`${t.status} in (${inList(RETURN_STATUSES)})`),
    check("returns_refund_status_check", sql`${t.refundStatus} in (${inList(REFUND_STATUSES)})`),
    check("returns_refund_method_check", sql`${t.refundMethod} is null or ${t.refundMethod} in ('paypal', 'manual')`),
    check(
      "returns_refund_amounts_check",
      sql`coalesce(${t.refundCents}, 0) >= 0 and coalesce(${t.refundTaxCents}, 0) >= 0 and coalesce(${t.refundShippingCents}, 0) >= 0`,
    ),
    index("returns_order_idx").on(t.orderId, t.createdAt),
    index("returns_user_idx").on(t.userId, t.createdAt.desc()),
    // The admin's list: newest first, all or by status, read off the index like the order list.
    index("returns_created_idx").on(t.createdAt, t.id),
    index("returns_status_idx").on(t.status, t.createdAt, t.id),
    index("returns_rma_prefix_idx").using("btree", sql`${t.rmaNumber} text_pattern_ops`),
  ],
);

/** A line of a return: which order line, how many, why, and refund or exchange for which variant. */
export const returnItems = pgTable(
  "return_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** The order line's product and size and colour, copied for the analytics by product, size and colour. */
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    size: text().notNull().default(""),
    color: text().notNull().default(""),
    quantity: integer().notNull(),
    reason: text().$type<ReturnReason>().notNull(),
    /** The shopper's words ('Other' needs them). */
    note: text(),
    resolution: text().$type<ReturnResolution>().notNull(),
    /** For an exchange: the replacement variant (same product), reserved at request; its size and colour as asked. */
    exchangeVariantId: uuid().references(() => productVariants.id, { onDelete: "set null" }),
    exchangeSize: text(),
    exchangeColor: text(),
    /** Set when received: restocked or written off. */
    disposition: text().$type<ReturnDisposition>(),
  },
  (t) => [
    check("return_items_quantity_check", sql`${t.quantity} > 0`),
    check("return_items_reason_check", sql`${t.reason} in (${inList(RETURN_REASONS)})`),
    check("return_items_resolution_check", sql`${t.resolution} in (${inList(RETURN_RESOLUTIONS)})`),
    check(
      "return_items_exchange_check",
      sql`${t.resolution} = 'refund' or ${t.exchangeSize} is not null or ${t.exchangeColor} is not null`,
    ),
    check(
      "return_items_disposition_check",
      sql`${t.disposition} is null or ${t.disposition} in (${inList(RETURN_DISPOSITIONS)})`,
    ),
    check("return_items_note_check", sql`${t.note} is null or length(${t.note}) <= 500`),
    index("return_items_return_idx").on(t.returnId),
    index("return_items_order_item_idx").on(t.orderItemId),
    index("return_items_product_idx").on(t.productId),
  ],
);

/** Every move of a return: from, to, who, when, and the note (a refusal's reason, a refund's id). */
export const returnHistory = pgTable(
  "return_history",
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** The step the shopper hears of (requested, approved, refused, cancelled, received, refunded, exchange_created). */
    step: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    actorName: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("return_history_return_idx").on(t.returnId, t.createdAt)],
);

/**
 * Money given back on an order, one row per refund: a return's, or a cancelled order's whole payment.
 * `orders.refunded_cents` is their sum, kept in the same transaction; the order's payment status becomes
 * 'refunded' when it reaches the total.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    returnId: uuid().references(() => returns.id, { onDelete: "set null" }),
    amountCents: integer().notNull(),
    /** Of the amount: the tax and the shipping given back. */
    taxCents: integer().notNull().default(0),
    shippingCents: integer().notNull().default(0),
    method: text().notNull(),
    providerRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_refunds_amount_check", sql`${t.amountCents} > 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0`),
    check("order_refunds_method_check", sql`${t.method} in ('paypal', 'manual')`),
    index("order_refunds_order_idx").on(t.orderId),
    index("order_refunds_created_idx").on(t.createdAt),
  ],
);
