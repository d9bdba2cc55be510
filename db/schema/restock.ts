import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { productVariants } from "./catalog";

/**
 * 'Notify me when it's back' (issue 31): one row per person and sold-out variant (product × size ×
 * colour). A person is an e-mail (the account's when signed in, lowercased); one waiting subscription per
 * e-mail and variant. `waiting` until a back-in-stock round notifies it (`notified`, with the time) or it
 * is 90 days old (`expired`, never notified). Rounds take the waiting ones of a variant in the order they
 * asked (created_at, id). docs/decisions/0036-back-in-stock.md.
 */
export const restockSubscriptions = pgTable(
  "restock_subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    variantId: uuid()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** Lowercased; the account's when the shopper was signed in. */
    email: text().notNull(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    /** E.164, when the shopper asked for WhatsApp too; null otherwise. */
    phone: text(),
    status: text().notNull().default("waiting"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("restock_subscriptions_status_check", sql`${t.status} in ('waiting', 'notified', 'expired')`),
    check("restock_subscriptions_email_check", sql`char_length(${t.email}) between 3 and 254`),
    // One waiting subscription per person and variant (a notified or expired one may be followed by a new one).
    uniqueIndex("restock_subscriptions_waiting_unique")
      .on(t.variantId, t.email)
      .where(sql`${t.status} = 'waiting'`),
    // A round's queue: a variant's waiting subscribers in the order they asked.
    index("restock_subscriptions_queue_idx")
      .on(t.variantId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    // The expiry sweep: the oldest waiting ones.
    index("restock_subscriptions_waiting_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * Variants whose stock rose while someone waited for them, written by a trigger on product_variants
 * (migration 0022) in the transaction of the rise — whatever wrote it (the editor, CSV import, a bulk load,
 * a cancelled order, a restocked return) — and emptied by the back-in-stock rounds. `units`: the units
 * that came back and are not yet answered by a round; `dueAt`: when the next round may notify (a rise
 * makes it due at once; a round that left subscribers waiting sets it one wave later).
 */
export const restockQueue = pgTable(
  "restock_queue",
  {
    variantId: uuid()
      .primaryKey()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    units: integer().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("restock_queue_units_check", sql`${t.units} > 0`), index("restock_queue_due_idx").on(t.dueAt)],
);
