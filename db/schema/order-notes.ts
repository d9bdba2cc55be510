import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders } from "./orders";

/** The longest internal note (characters). */
export const ORDER_NOTE_MAX = 2000;

/**
 * Staff's internal notes on an order (issue 32's timeline): who wrote it (an account, or null when the
 * account is gone), the name shown ('shared password' for the /secure-admin password), and the text.
 * Never shown to the customer.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text().references(() => user.id, { onDelete: "set null" }),
    /** The author's name at the time, or 'shared password'. */
    authorName: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_notes_body_check", sql`length(${t.body}) between 1 and ${sql.raw(String(ORDER_NOTE_MAX))}`),
    index("order_notes_order_idx").on(t.orderId, t.createdAt),
  ],
);
