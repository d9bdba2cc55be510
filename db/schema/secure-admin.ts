import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The passes of the /secure-admin console (spec §2, decisions.md §3): one row per login with the shared
 * password. The console's cookie names a row (signed); Logout deletes it, so a copied cookie is worthless
 * afterwards, and an expired row is no pass.
 */
export const secureAdminPasses = pgTable(
  "secure_admin_passes",
  {
    id: uuid().primaryKey().defaultRandom(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The address the password was typed from, for the owner's own review. */
    ip: text(),
  },
  (t) => [index("secure_admin_passes_expires_idx").on(t.expiresAt)],
);
