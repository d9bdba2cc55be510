import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small facts about the installation itself, e.g. when the demo catalogue was loaded. */
export const appMeta = pgTable("app_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
