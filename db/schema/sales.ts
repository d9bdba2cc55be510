import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * The sales roll-up read by the /secure-admin Analytics (modules/analytics/sales-analytics.server.ts,
 * docs/decisions/0014-sales-roll-up.md). Nothing in the application writes these tables: triggers on
 * `orders` and `order_items` (migration 0012) keep them equal to the orders themselves in the same
 * transaction as every write — placing, paying, fulfilment moves, refunds, the sweeper, test orders,
 * plain SQL — so a figure is a sum over a few rows per day instead of a pass over the orders.
 *
 * - A **sale** is an order that is not a test order, not cancelled and paid; its **day** is the UTC day
 *   of `created_at`.
 * - **Shards.** Rows of today and yesterday (UTC) are split by the order id into 8 shards, so that
 *   concurrent payments on PostgreSQL do not all queue on one row's lock; every other day is written to
 *   shard 0, and `fold_sales_roll_up()` (run by the upkeep timer) moves older shards into shard 0.
 *   Readers sum over the shards; a row's shard carries no meaning of its own, and a shard alone may even
 *   be negative (an order counted while its day was recent and taken back later), never the sum.
 * - Rows whose counts fall back to zero stay until the fold removes them; readers skip zero sums.
 * - `recount_sales_roll_up()` counts everything again from the orders (the migration's backfill).
 */

/** Per UTC day, payment method and shard: sales, their revenue, and what was left out. */
export const salesDays = pgTable(
  "sales_days",
  {
    day: date({ mode: "string" }).notNull(),
    /** The order's payment method; 'unknown' when it has none (as the Analytics page shows it). */
    paymentMethod: text().notNull(),
    shard: smallint().notNull(),
    /** Sales (paid, not cancelled, not test) and the sum of their `total_cents`. */
    orders: integer().notNull().default(0),
    revenueCents: bigint({ mode: "number" }).notNull().default(0),
    /** Test orders of any state, and cancelled non-test orders. */
    testOrders: integer().notNull().default(0),
    cancelledOrders: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod, t.shard] })],
);

/**
 * The sales' lines per UTC day: units and revenue (`total_price_cents`) by product (`kind` 'product',
 * `key` the product id), by the product name of lines whose product was deleted ('orphan'), by size and
 * by colour ('size', 'color': trimmed, '' for none). Every line counts once under 'product' or 'orphan',
 * once under 'size' and once under 'color'.
 */
export const salesDayLines = pgTable(
  "sales_day_lines",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    shard: smallint().notNull(),
    units: bigint({ mode: "number" }).notNull().default(0),
    revenueCents: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.key, t.shard] }),
    check("sales_day_lines_kind_check", sql`${t.kind} in ('product', 'orphan', 'size', 'color')`),
  ],
);

/**
 * A number for every customer who ever bought: the account id, or the lower-cased e-mail of an order
 * placed without an account (`coalesce(user_id, lower(customer_email))`). Numbers are never reused.
 */
export const salesCustomers = pgTable("sales_customers", {
  customerKey: text().primaryKey(),
  customerNo: integer().generatedAlwaysAsIdentity().notNull().unique(),
});

/** How many sales each customer (by number) has per UTC day: the distinct customers of a range, exactly. */
export const salesCustomerDays = pgTable(
  "sales_customer_days",
  {
    day: date({ mode: "string" }).notNull(),
    customerNo: integer().notNull(),
    orders: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.customerNo] })],
);
