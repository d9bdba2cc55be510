import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { discountCodes } from "./promotions";

/** One line of a checkout as it was left: what the restore link puts back (prices are read when sent). */
export interface CheckoutLineSnapshot {
  productId: string;
  size: string;
  color: string;
  quantity: number;
}

/**
 * Abandoned-checkout recovery (issue 31, decision 0035): a shopper with a known e-mail who reached
 * checkout with items. One open record per account, or per guest e-mail (lower-case), updated each time
 * they come back. `due_at` is when the next reminder is due (null: none is, ever again, for this cycle);
 * the scan claims due rows with a conditional update, so two instances never send the same reminder.
 */
export const abandonedCheckouts = pgTable(
  "abandoned_checkouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The account; null for a guest (then the e-mail is the key). */
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    /** Where reminders go: lower-case. */
    email: text().notNull(),
    /** E.164 phone given at checkout, for WhatsApp reminders when `whatsapp_consent_at` is set. */
    phone: text(),
    lines: jsonb().$type<CheckoutLineSnapshot[]>().notNull(),
    /** 'open' (reminders may follow), 'paid' (an order was paid since), 'done' (no more to send), 'unsubscribed'. */
    status: text().notNull().default("open"),
    /** When the shopper last reached checkout with these lines. */
    reachedAt: timestamp({ withTimezone: true }).notNull(),
    /** When they agreed to marketing e-mail (the checkout's checkbox, or the registration's); null: no reminder. */
    consentAt: timestamp({ withTimezone: true }),
    /** When they agreed to WhatsApp reminders at checkout. */
    whatsappConsentAt: timestamp({ withTimezone: true }),
    /** When the next reminder is due; null when none is. */
    dueAt: timestamp({ withTimezone: true }),
    /** Reminders sent in this cycle (at most two). */
    remindersSent: integer().notNull().default(0),
    firstSentAt: timestamp({ withTimezone: true }),
    secondSentAt: timestamp({ withTimezone: true }),
    /** The second reminder's single-use code, when the owner's setting gave one. */
    discountCodeId: uuid().references(() => discountCodes.id, { onDelete: "set null" }),
    /** The last send's failure, for the owner's eyes. */
    lastError: text(),
    /** When a restore link of this checkout was last followed. */
    restoredAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("abandoned_checkouts_status_check", sql`${t.status} in ('open', 'paid', 'done', 'unsubscribed')`),
    check("abandoned_checkouts_reminders_check", sql`${t.remindersSent} between 0 and 2`),
    uniqueIndex("abandoned_checkouts_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("abandoned_checkouts_guest_email_idx")
      .on(t.email)
      .where(sql`${t.userId} is null`),
    index("abandoned_checkouts_email_idx").on(t.email),
    // What the scan reads: the few rows due, oldest first. Rows with nothing due leave the index.
    index("abandoned_checkouts_due_idx")
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);
