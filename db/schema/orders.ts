import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";

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
    shippingMethod: text().notNull().default("standard"),
    shippingAddress: jsonb().$type<AddressJson>().notNull(),
    billingAddress: jsonb().$type<AddressJson>(),
    customerEmail: text().notNull(),
    paymentMethod: text(),
    paymentId: text().unique(),
    /** The provider's capture id (PayPal `purchase_units[0].payments.captures[0].id`) once money was taken. */
    paymentCaptureId: text().unique(),
    trackingNumber: text(),
    /** Makes placing the same checkout twice create one order; unique per account, not across accounts. */
    idempotencyKey: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ('pending', 'paid', 'failed', 'refunded')`),
    check("orders_shipping_method_check", sql`${t.shippingMethod} in ('standard', 'express', 'overnight')`),
    check(
      "orders_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    unique("orders_user_idempotency_key_unique").on(t.userId, t.idempotencyKey),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_status_idx").on(t.status, t.createdAt),
    // An account's orders waiting for payment, counted at every checkout (UNPAID_ORDERS_PER_ACCOUNT).
    index("orders_unpaid_user_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.paymentStatus} = 'pending'`),
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
    productSku: text().notNull(),
    imageUrl: text(),
    size: text(),
    color: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check(
      "order_items_total_check",
      sql`${t.unitPriceCents} >= 0 and ${t.totalPriceCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
  ],
);

/**
 * Outbox of order notifications (WhatsApp and e-mail): written with the event, drained by any
 * instance with FOR UPDATE SKIP LOCKED, retried with back-off.
 */
export const orderNotifications = pgTable(
  "order_notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    notificationType: text().notNull(),
    status: text().notNull().default("pending"),
    recipient: text().notNull(),
    subject: text(),
    messageBody: text().notNull(),
    errorMessage: text(),
    providerMessageId: text().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_notifications_channel_check", sql`${t.channel} in ('whatsapp', 'email')`),
    check("order_notifications_status_check", sql`${t.status} in ('pending', 'sent', 'delivered', 'failed')`),
    index("order_notifications_order_idx").on(t.orderId, t.createdAt.desc()),
    index("order_notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
