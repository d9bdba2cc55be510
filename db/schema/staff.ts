import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Invitations to join the staff (issue 32). The link carries the row's id and a random secret; the row
 * keeps only an HMAC of the secret under AUTH_SECRET, so neither the table alone nor a guess makes a
 * link. Single use (`accepted_at`), expiring (`expires_at`), revocable (`revoked_at`).
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    role: text().notNull(),
    secretHash: text().notNull(),
    invitedBy: text().references(() => user.id, { onDelete: "set null" }),
    invitedByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("staff_invitations_role_check", sql`${t.role} in ('owner', 'manager', 'fulfilment', 'catalogue')`),
    index("staff_invitations_created_idx").on(t.createdAt),
    // One open invitation per address: a new one replaces (revokes) the old.
    uniqueIndex("staff_invitations_open_email_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
