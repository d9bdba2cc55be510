import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { FitProfile } from "./size-charts";
import { user } from "./auth";

/** A shopper's profile (spec §3 Profile and registration metadata). E-mail and role live on `user`. */
export const profiles = pgTable(
  "profiles",
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text().notNull(),
    phone: text(),
    address: text(),
    city: text(),
    postalCode: text(),
    country: text(),
    dateOfBirth: date(),
    subscribeNewsletter: boolean().notNull().default(false),
    /** When the newsletter was agreed to (set by a trigger whenever it turns on; null while off). */
    newsletterConsentAt: timestamp({ withTimezone: true }),
    /** Measurements for 'Find my size' (issue 29), kept when the shopper saves them; null otherwise. */
    fitProfile: jsonb().$type<FitProfile>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's customer search (issue 32, modules/customers): a name from its start, any word of
    // it from its start, a phone number by its last digits (the digits reversed, matched as a prefix).
    index("profiles_name_prefix_idx").using("btree", sql`lower(${t.fullName}) text_pattern_ops`),
    index("profiles_name_words_idx").using("gin", sql`to_tsvector('simple', ${t.fullName})`),
    index("profiles_phone_suffix_idx").using(
      "btree",
      sql`reverse(regexp_replace(${t.phone}, '[^0-9]', '', 'g')) text_pattern_ops`,
    ),
  ],
);
