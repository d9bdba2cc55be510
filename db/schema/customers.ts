import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Each account's order figures for the back office's customer list (issue 32), kept by triggers on
 * `orders` and `user` in the transaction of every write (migration 0025, hand-written part): the orders
 * that count (not a test, not an abandoned checkout), what was spent (paid less refunded) and when the
 * last order was placed. One row per account, so the list sorts on an index instead of aggregating
 * 100,000 orders on every page.
 */
export const customerStats = pgTable(
  "customer_stats",
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    orders: integer().notNull().default(0),
    spentCents: bigint({ mode: "number" }).notNull().default(0),
    lastOrderAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("customer_stats_last_idx").on(sql`${t.lastOrderAt} desc nulls last`, t.userId),
    index("customer_stats_orders_idx").on(sql`${t.orders} desc`, sql`${t.lastOrderAt} desc nulls last`, t.userId),
    index("customer_stats_spent_idx").on(sql`${t.spentCents} desc`, sql`${t.lastOrderAt} desc nulls last`, t.userId),
  ],
);
