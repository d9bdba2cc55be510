import { boolean, date, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { FitProfile } from "./size-charts";
import { user } from "./auth";

/** A shopper's profile (spec §3 Profile and registration metadata). E-mail and role live on `user`. */
export const profiles = pgTable("profiles", {
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
});
