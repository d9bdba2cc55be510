import { boolean, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
