import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { tsvector } from "./column-types";
import { products, productVariants } from "./catalog";

/** One shipping-address shape, stored as JSON and read the same everywhere (decisions.md §4). */
export interface AddressJson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  apartment?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text().notNull().unique(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    status: text().notNull().default("pending"),
    paymentStatus: text().notNull().default("pending"),
    subtotalCents: integer().notNull(),
    shippingCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** Taken off the lines by discounts (issue 28; `order_discounts` says which); free shipping shows as a shipping of 0. */
    discountCents: integer().notNull().default(0),
    shippingMethod: text().notNull().default("standard"),
    shippingAddress: jsonb().$type<AddressJson>().notNull(),
    billingAddress: jsonb().$type<AddressJson>(),
    customerEmail: text().notNull(),
    paymentMethod: text(),
    paymentId: text().unique(),
    /** The provider's capture id (PayPal `purchase_units[0].payments.captures[0].id`) once money was taken. */
    paymentCaptureId: text().unique(),
    trackingNumber: text(),
    /** Who carries a shipped order (UPS, USPS, DHL…), given with the tracking number. */
    carrier: text(),
    /** The provider's refund id once a cancelled paid order was refunded through the provider. */
    refundId: text(),
    /** Made by the admin's test-order tool: no stock taken, never counted in revenue (spec §9, 'TEST-'). */
    isTest: boolean().notNull().default(false),
    /** The customer's name as the admin searches it: lower-case "first last" of the shipping address. */
    searchName: text().generatedAlwaysAs(
      sql`lower((shipping_address ->> 'firstName') || ' ' || (shipping_address ->> 'lastName'))`,
    ),
    /**
     * The words of the customer's name (first and last of the shipping address), for the admin's search
     * by word prefix: 'okafor' finds 'Maya O. Okafor'. The 'simple' configuration: no stemming, no stop words.
     */
    searchWords: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(shipping_address ->> 'firstName', '') || ' ' || coalesce(shipping_address ->> 'lastName', ''))`,
    ),
    /** Makes placing the same checkout twice create one order; unique per account, not across accounts. */
    idempotencyKey: text(),
    paidAt: timestamp({ withTimezone: true }),
    /** When the order was marked delivered: the return window (RETURN_WINDOW_DAYS) counts from it. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** Money given back so far (`order_refunds`' sum); the payment is 'refunded' when it reaches the total. */
    refundedCents: integer().notNull().default(0),
    /** An exchange's order (issue 30): the order whose return it replaces. Shipped free of charge. */
    exchangeForOrderId: uuid().references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /**
     * Who holds the order's stock while it waits for payment, besides its account: the client address
     * that placed it (UNPAID_ORDERS_PER_ADDRESS, UNPAID_HOLD_SHARE_PERCENT).
     */
    holdAddress: text(),
    /** When the unpaid hold ran out and the sweeper cancelled it: counts against its holder for a while. */
    holdExpiredAt: timestamp({ withTimezone: true }),
    /**
     * The abandoned checkout whose reminder brought this order (issue 31): set at placement from the
     * restore link's signed cookie. Recovered carts and their revenue are counted from it.
     */
    recoveredCheckoutId: uuid(),
    /**
     * A draft order's order (issue 32, decision 0041): the draft it was sent from. Its lines carry the
     * prices staff set; the sweeper leaves it alone until `payment_due_at`.
     */
    draftOrderId: uuid(),
    /** When an order sent as a payment link stops waiting: the sweeper cancels it then, not after the hold. */
    paymentDueAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ('pending', 'paid', 'failed', 'refunded')`),
    check("orders_shipping_method_check", sql`${t.shippingMethod} in ('standard', 'express', 'overnight')`),
    check(
      "orders_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} between 0 and ${t.subtotalCents} and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    check("orders_refunded_check", sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    unique("orders_user_idempotency_key_unique").on(t.userId, t.idempotencyKey),
    // A guest's checkout (issue 31, no account): its key is unique per e-mail, as an account's is per account.
    uniqueIndex("orders_guest_idempotency_key_unique")
      .on(sql`lower(${t.customerEmail})`, t.idempotencyKey)
      .where(sql`${t.userId} is null and ${t.idempotencyKey} is not null`),
    // A guest e-mail's orders waiting for payment, counted at its every checkout (UNPAID_ORDERS_PER_ACCOUNT per e-mail).
    index("orders_unpaid_guest_email_idx")
      .on(sql`lower(${t.customerEmail})`)
      .where(sql`${t.userId} is null and ${t.status} = 'pending' and ${t.paymentStatus} = 'pending'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    // Lists are ordered newest first with the id as tie-breaker: the indexes carry both, so a page is
    // read off the index (scanned backwards) instead of sorting every row.
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_idx").on(t.status, t.createdAt, t.id),
    // The admin's order search (modules/orders/admin-orders.server.ts): prefixes of the number, the
    // e-mail and the name, and prefixes of the name's words, each from its own index.
    index("orders_number_prefix_idx").using("btree", sql`${t.orderNumber} text_pattern_ops`),
    index("orders_email_prefix_idx").using("btree", sql`lower(${t.customerEmail}) text_pattern_ops`),
    index("orders_name_prefix_idx").using("btree", sql`${t.searchName} text_pattern_ops`),
    index("orders_search_words_idx").using("gin", t.searchWords),
    index("orders_payment_created_idx").on(t.paymentStatus, t.createdAt, t.id),
    // An account's orders waiting for payment, counted at every checkout (UNPAID_ORDERS_PER_ACCOUNT).
    index("orders_unpaid_user_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.paymentStatus} = 'pending'`),
    // Analytics' sales with a discount (issue 28): the few discounted orders of a range, by day.
    index("orders_discounted_created_idx")
      .on(t.createdAt)
      .where(sql`${t.discountCents} > 0`),
    // Orders a reminder brought back (issue 31), counted by the dashboard and Analytics.
    index("orders_recovered_created_idx")
      .on(t.createdAt)
      .where(sql`${t.recoveredCheckoutId} is not null`),
    // An order's exchanges (issue 30), shown on its page.
    index("orders_exchange_for_idx")
      .on(t.exchangeForOrderId)
      .where(sql`${t.exchangeForOrderId} is not null`),
    // An address's unpaid orders and recently expired holds, read at every checkout (modules/orders/stock-holds.server.ts).
    // The sweeper's payment links past their due time (issue 32, draft orders).
    index("orders_payment_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.paymentDueAt} is not null and ${t.status} = 'pending' and ${t.paymentStatus} = 'pending'`),
    index("orders_draft_idx")
      .on(t.draftOrderId)
      .where(sql`${t.draftOrderId} is not null`),
    index("orders_hold_address_idx")
      .on(t.holdAddress)
      .where(sql`${t.holdAddress} is not null`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    productName: text().notNull(),
    /** The variant's SKU as it was when the order was placed. */
    productSku: text().notNull(),
    /** The variant sold: its stock is taken at placement and given back on cancellation. */
    variantId: uuid().references(() => productVariants.id, { onDelete: "set null" }),
    imageUrl: text(),
    size: text(),
    color: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    /** The line's share of the order's discounts, in cents (what a return of it refunds less). */
    discountCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The UTC day under which this line is counted in the sales roll-up (`sales_day_lines`): its order's
     * day while the order is a sale, null otherwise. Kept by the roll-up's triggers (migration 0012,
     * docs/decisions/0014-sales-roll-up.md); the application never writes it.
     */
    saleDay: date({ mode: "string" }),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check(
      "order_items_total_check",
      sql`${t.unitPriceCents} >= 0 and ${t.totalPriceCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check("order_items_discount_check", sql`${t.discountCents} between 0 and ${t.totalPriceCents}`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_variant_idx").on(t.variantId),
  ],
);

/**
 * Every change of an order's status or payment status: from, to, who (an admin, the customer, or the
 * system when the account is null), when, and the admin's note. Written in the transaction of the change.
 */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text(),
    toStatus: text().notNull(),
    fromPaymentStatus: text(),
    toPaymentStatus: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    /** Shown in the history: the admin's name at the time, 'Customer' or 'System'. */
    actorName: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * The outbox of order notifications (WhatsApp and e-mail) and their record, one row per message: written
 * in the transaction of the order change that calls for it, drained by a worker in every instance with
 * FOR UPDATE SKIP LOCKED, retried with back-off (docs/decisions/0012-notification-outbox.md).
 */
export const orderNotifications = pgTable(
  "order_notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    notificationType: text().notNull(),
    /** 'owner' (ADMIN_WHATSAPP_TO, resolved when sent) or 'customer' (the order's e-mail or phone). */
    audience: text().notNull().default("customer"),
    status: text().notNull().default("pending"),
    /**
     * The address it goes to: an e-mail address or an E.164 number. Empty until sent for an order event's
     * messages (the order's e-mail or phone, or the owner's number, are read when it is sent).
     */
    recipient: text().notNull(),
    subject: text(),
    /** What was sent (composed when the message is first sent; given up front for a custom message). */
    messageBody: text(),
    errorMessage: text(),
    /** The provider's error code (Twilio's 21211, an SMTP reply code) of the last failure. */
    errorCode: text(),
    /** Twilio's MessageSid or the SMTP Message-ID: what status callbacks are matched on. */
    providerMessageId: text().unique(),
    /** One message per key: an order event writes its messages once, a double-clicked form sends once. */
    dedupeKey: text().notNull().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker is sending it; a row left so past the lease was interrupted (a crash). */
    sendingSince: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_notifications_channel_check", sql`${t.channel} in ('whatsapp', 'email')`),
    check("order_notifications_status_check", sql`${t.status} in ('pending', 'sent', 'delivered', 'failed')`),
    check("order_notifications_audience_check", sql`${t.audience} in ('owner', 'customer')`),
    index("order_notifications_order_idx").on(t.orderId, t.createdAt.desc()),
    // What the worker claims: pending, not being sent, due. Small, because sent rows leave it.
    index("order_notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.sendingSince} is null`),
    // Sends a crashed worker left behind.
    index("order_notifications_sending_idx")
      .on(t.sendingSince)
      .where(sql`${t.status} = 'pending' and ${t.sendingSince} is not null`),
    index("order_notifications_created_idx").on(t.createdAt.desc()),
  ],
);
