import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { orders } from "./orders";

/**
 * Promotions (issue 28, docs/decisions/0030-discounts.md): a discount is a rule — what it takes off, on
 * which lines, under which conditions, from when to when. A code discount is used through one of its
 * codes (`discount_codes`); an automatic offer applies by itself when a cart qualifies. Uses are counted
 * in the order's transaction (`usage_count`, and the code's own), and given back when the order is
 * cancelled or its payment fails (migration 0019's trigger on `orders`).
 */
export const discounts = pgTable(
  "discounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The owner's name for it; an automatic offer shows it to the shopper ('Weekend sale — −$12.00'). */
    title: text().notNull(),
    /** 'code': used through a code the shopper types; 'automatic': applies when the cart qualifies. */
    method: text().notNull(),
    /** 'percentage' (value: whole percent 1–100), 'fixed' (value: cents), 'free_shipping' (value null). */
    valueType: text().notNull(),
    value: integer(),
    /** Free shipping on the standard rate only, or on any rate. */
    shippingRates: text().notNull().default("standard"),
    /** 'order': every line; 'categories' / 'products': the lines of these categories / products only. */
    appliesTo: text().notNull().default("order"),
    categoryIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    productIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Lines already on sale (compare-at above price) are left out. */
    excludeSaleItems: boolean().notNull().default(false),
    minSubtotalCents: integer(),
    minQuantity: integer(),
    /** Only for an account's first order (one not cancelled). */
    firstOrderOnly: boolean().notNull().default(false),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    /** Uses in all, across its codes (null: no limit). */
    usageLimit: integer(),
    /** Uses by one account (null: no limit). */
    perCustomerLimit: integer(),
    /** Uses of each of its codes (1 for single-use codes made in bulk; null: no limit). */
    codeUsageLimit: integer(),
    /** An automatic offer that combines with a code and with other combinable offers. */
    combinable: boolean().notNull().default(false),
    isEnabled: boolean().notNull().default(true),
    /**
     * Orders using it now (not cancelled, not failed), kept while it has a `usageLimit`: counted in the
     * order's transaction against the limit. Without a limit its uses are its `order_discounts` rows
     * (nothing to race for, and no row every checkout queues on); setting a limit counts them here.
     */
    usageCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discounts_method_check", sql`${t.method} in ('code', 'automatic')`),
    check("discounts_value_type_check", sql`${t.valueType} in ('percentage', 'fixed', 'free_shipping')`),
    check(
      "discounts_value_check",
      sql`(${t.valueType} = 'percentage' and ${t.value} between 1 and 100) or (${t.valueType} = 'fixed' and ${t.value} > 0) or (${t.valueType} = 'free_shipping' and ${t.value} is null)`,
    ),
    check("discounts_shipping_rates_check", sql`${t.shippingRates} in ('standard', 'any')`),
    check("discounts_applies_to_check", sql`${t.appliesTo} in ('order', 'categories', 'products')`),
    check("discounts_usage_count_check", sql`${t.usageCount} >= 0`),
    check("discounts_dates_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    index("discounts_method_idx").on(t.method, t.startsAt),
    index("discounts_created_idx").on(t.createdAt.desc(), t.id),
  ],
);

/** A code a shopper types; case-insensitive and unique across the shop. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    discountId: uuid()
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    /** As the owner wrote it (shown); looked up by its upper case. */
    code: text().notNull(),
    /** Its uses, kept while its discount has a `codeUsageLimit` (as `discounts.usage_count`). */
    usageCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_usage_count_check", sql`${t.usageCount} >= 0`),
    uniqueIndex("discount_codes_code_unique").on(sql`upper(${t.code})`),
    index("discount_codes_discount_idx").on(t.discountId),
  ],
);

/**
 * What an order was discounted and why, as it was when placed (a later change of the discount changes
 * nothing here): one row per discount applied. `releasedAt` is set when the order is cancelled or its
 * payment fails, and its use is given back.
 */
export const orderDiscounts = pgTable(
  "order_discounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountId: uuid().references(() => discounts.id, { onDelete: "set null" }),
    codeId: uuid().references(() => discountCodes.id, { onDelete: "set null" }),
    /**
     * The order's account, copied here for the per-customer count (its index); no foreign key: the
     * order's own says whose it is, and placing an order checks one constraint fewer.
     */
    userId: text(),
    /** The code as typed into the order (upper case), or null for an automatic offer. */
    code: text(),
    /** The discount's title at the time. */
    title: text().notNull(),
    /** 'amount': cents off the lines; 'shipping': the shipping rate waived. */
    kind: text().notNull(),
    amountCents: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_discounts_kind_check", sql`${t.kind} in ('amount', 'shipping')`),
    check("order_discounts_amount_check", sql`${t.amountCents} >= 0`),
    index("order_discounts_order_idx").on(t.orderId),
    index("order_discounts_discount_user_idx").on(t.discountId, t.userId),
  ],
);

/** The discounts' audit trail, like the products': who changed which fields, from what to what. */
export const discountChanges = pgTable(
  "discount_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    discountId: uuid()
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    actorLabel: text().notNull(),
    /** create, update, enable, disable, codes */
    action: text().notNull(),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("discount_changes_discount_created_idx").on(t.discountId, t.createdAt.desc())],
);

/**
 * A scheduled sale: products (chosen, or of chosen categories) go on sale at `percentOff` from `startsAt`
 * to `endsAt`, by themselves. `state` is the job's: 'scheduled' → 'running' (prices set, the regular
 * price kept as compare-at) → 'ended' (prices put back).
 */
export const scheduledSales = pgTable(
  "scheduled_sales",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    percentOff: integer().notNull(),
    categoryIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    productIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    isEnabled: boolean().notNull().default(true),
    state: text().notNull().default("scheduled"),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("scheduled_sales_percent_check", sql`${t.percentOff} between 1 and 95`),
    check("scheduled_sales_dates_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("scheduled_sales_state_check", sql`${t.state} in ('scheduled', 'running', 'ended')`),
    index("scheduled_sales_state_idx").on(t.state, t.startsAt),
  ],
);

/** The prices a running sale replaced, to put back when it ends (only where the sale's price still stands). */
export const scheduledSaleProducts = pgTable(
  "scheduled_sale_products",
  {
    saleId: uuid()
      .notNull()
      .references(() => scheduledSales.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priorPriceCents: integer().notNull(),
    priorCompareAtCents: integer(),
    priorIsSale: boolean().notNull(),
    salePriceCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.productId] }),
    index("scheduled_sale_products_product_idx").on(t.productId),
  ],
);
