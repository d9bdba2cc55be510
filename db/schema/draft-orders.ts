import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products, productVariants } from "./catalog";
import { orders, type AddressJson } from "./orders";

/** The longest note to the customer and the longest price or discount reason (characters). */
export const DRAFT_NOTE_MAX = 1000;
export const DRAFT_REASON_MAX = 200;

/**
 * A draft order (issue 32, docs/decisions/0041-draft-orders.md): an order staff make up for a customer
 * (from a DM or a phone call) at catalogue or adjusted prices. It is only a draft until its payment link is
 * sent: sending makes a real order (`order_id`, awaiting payment until `orders.payment_due_at`) with the
 * draft's own prices and takes its stock. Its status is derived from that order (draft-order-rules.ts).
 */
export const draftOrders = pgTable(
  "draft_orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Shown as 'D1001'. */
    number: integer().generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    /** The customer's account when the e-mail has one; the order is then that account's. */
    customerUserId: text().references(() => user.id, { onDelete: "set null" }),
    /** Lower-cased. */
    customerEmail: text().notNull(),
    /** Name, e-mail, phone and where it ships (the order's shipping address once sent). */
    shippingAddress: jsonb().$type<AddressJson>().notNull(),
    shippingMethod: text().notNull().default("standard"),
    /** A custom shipping amount; null: the method's rate from the shop's settings. */
    shippingCustomCents: integer(),
    /** 'fixed' (cents) or 'percent' (whole percent); null: no discount. */
    discountKind: text(),
    discountValue: integer(),
    discountReason: text(),
    /** Shown to the customer in the e-mail and on the payment page. */
    note: text(),
    /** The order its latest payment link pays; null while it has never been sent. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdById: text().references(() => user.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("draft_orders_shipping_method_check", sql`${t.shippingMethod} in ('standard', 'express', 'overnight')`),
    check(
      "draft_orders_shipping_custom_check",
      sql`${t.shippingCustomCents} is null or ${t.shippingCustomCents} between 0 and 100000000`,
    ),
    check(
      "draft_orders_discount_check",
      sql`(${t.discountKind} is null) = (${t.discountValue} is null) and (${t.discountKind} is null or (${t.discountKind} = 'fixed' and ${t.discountValue} between 0 and 100000000) or (${t.discountKind} = 'percent' and ${t.discountValue} between 0 and 100))`,
    ),
    check("draft_orders_note_check", sql`${t.note} is null or length(${t.note}) <= ${sql.raw(String(DRAFT_NOTE_MAX))}`),
    index("draft_orders_created_idx").on(t.createdAt, t.id),
    index("draft_orders_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** A draft's line: a variant, a quantity, and the price staff set (the catalogue's, or adjusted with a reason). */
export const draftOrderLines = pgTable(
  "draft_order_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    draftId: uuid()
      .notNull()
      .references(() => draftOrders.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    variantId: uuid().references(() => productVariants.id, { onDelete: "set null" }),
    productName: text().notNull(),
    sku: text().notNull(),
    size: text().notNull().default(""),
    color: text().notNull().default(""),
    imageUrl: text(),
    quantity: integer().notNull(),
    /** The variant's catalogue price when the line was saved. */
    catalogUnitCents: integer().notNull(),
    /** What the customer pays a unit: the catalogue price or staff's adjusted one. */
    unitPriceCents: integer().notNull(),
    /** Why the price differs from the catalogue's (required then). */
    priceReason: text(),
  },
  (t) => [
    check("draft_order_lines_quantity_check", sql`${t.quantity} between 1 and 1000`),
    check("draft_order_lines_price_check", sql`${t.unitPriceCents} >= 0 and ${t.catalogUnitCents} >= 0`),
    index("draft_order_lines_draft_idx").on(t.draftId, t.position),
  ],
);

export const DRAFT_EVENT_KINDS = ["created", "saved", "link_sent", "link_resent", "mail_failed", "cancelled"] as const;
export type DraftEventKind = (typeof DRAFT_EVENT_KINDS)[number];

/**
 * What happened to a draft and who did it (staff, or null for the system): shown in the draft's page and
 * in its order's timeline. Paid and expired are its order's status changes.
 */
export const draftOrderEvents = pgTable(
  "draft_order_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    draftId: uuid()
      .notNull()
      .references(() => draftOrders.id, { onDelete: "cascade" }),
    /** The order the event was about (a link's order), when there was one. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    kind: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    actorName: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "draft_order_events_kind_check",
      sql`${t.kind} in (${sql.raw(DRAFT_EVENT_KINDS.map((k) => `'${k}'`).join(", "))})`,
    ),
    index("draft_order_events_draft_idx").on(t.draftId, t.createdAt),
  ],
);
